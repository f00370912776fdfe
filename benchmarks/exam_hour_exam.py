"""The exam of benchmarks/exam-hour as the API's JSON: 16 questions of every kind (3 single
choice, 3 multiple choice, 3 true/false, 3 short answer, 2 numerical, 2 matching), closing at
CLOSES_AT (seconds since 1970). exam_hour.py knows their keys by text (students see aliases,
not these ids): "Choice a" (and "Choice b") is right, true is right, "Paris", 3.1415, "Item k"
to "Option k".

Usage: python3 exam_hour_exam.py CLOSES_AT
"""
import datetime
import json
import sys


def questions():
    choices = [{"id": key, "text": f"Choice {key}"} for key in "abcd"]
    made = []
    for number in range(3):
        made.append({"kind": "single_choice", "prompt": f"Single choice {number}", "points": 1, "choices": choices, "answer": "a"})
        made.append({"kind": "multiple_choice", "prompt": f"Multiple choice {number}", "points": 2, "choices": choices,
                     "answer": ["a", "b"]})
        made.append({"kind": "true_false", "prompt": f"True or false {number}", "points": 1, "answer": True})
        made.append({"kind": "short_answer", "prompt": f"The capital of France {number}", "points": 1,
                     "answer": [{"text": "Paris"}, {"text": "Lutetia", "weight": 50}]})
    for number in range(2):
        made.append({"kind": "numerical", "prompt": f"Pi {number}", "points": 2, "answer": [{"value": 3.14159, "tolerance": 0.01}]})
        items = [{"id": key, "text": f"Item {key}"} for key in "123"]
        options = [{"id": key, "text": f"Option {key}"} for key in "123x"]
        made.append({"kind": "matching", "prompt": f"Matching {number}", "points": 3, "items": items, "options": options,
                     "answer": {key: key for key in "123"}})
    return made


closes = datetime.datetime.fromtimestamp(float(sys.argv[1]), datetime.timezone.utc)
print(json.dumps({
    "title": "The exam hour",
    "instructions": "Sixteen questions; the exam closes on its own.",
    "closesAt": closes.isoformat(timespec="seconds").replace("+00:00", "Z"),
    "maxAttempts": 1,
    "policy": {"review": {"afterSubmit": ["score", "correctness"]}},
    "questions": questions(),
}))
