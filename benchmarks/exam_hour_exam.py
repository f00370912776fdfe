"""The exam of benchmarks/exam-hour as the API's JSON: 16 questions of every kind (3 single
choice, 3 multiple choice, 3 true/false, 3 short answer, 2 numerical, 2 matching), closing at
CLOSES_AT (seconds since 1970). exam_hour.py knows their keys by text (students see aliases,
not these ids): "Choice a" (and "Choice b") is right, true is right, "Paris", 3.1415, "Item k"
to "Option k".

EXAM_HOUR_CONTENT=rich puts a picture (a 640 × 360 PNG uploaded to the course) and a formula
(\\(\\frac{1}{2}\\)) on every question's prompt: pages then carry MathML and an <img> with its
size, read from the stored picture (issue 68). The choices stay as they are (the load generators
answer by their texts).

Usage: python3 exam_hour_exam.py CLOSES_AT [BASE_URL TOKEN COURSE_ID]  (the last three for rich)
"""
import datetime
import json
import os
import struct
import sys
import urllib.request
import zlib


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


def picture_png(width=640, height=360):
    """A real PNG: a grey left half, a white right half."""
    row = b"\x00" + b"\x80\x80\x80" * (width // 2) + b"\xff\xff\xff" * (width - width // 2)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b"")


def rich(made, base, token, course):
    """Every prompt with a formula and the course's picture."""
    request = urllib.request.Request(f"{base}/api/faculty/courses/{course}/media", data=picture_png(), method="POST",
                                     headers={"Content-Type": "image/png", "Authorization": "Bearer " + token})
    with urllib.request.urlopen(request, timeout=60) as response:
        media = json.load(response)
    for question in made:
        question["prompt"] += " \\(\\frac{1}{2}\\)"
        question["image"] = {"mediaId": media["id"], "alt": "A rectangle, its left half shaded"}
    return made


made = questions()
if os.environ.get("EXAM_HOUR_CONTENT", "plain") == "rich":
    made = rich(made, *sys.argv[2:5])
closes = datetime.datetime.fromtimestamp(float(sys.argv[1]), datetime.timezone.utc)
print(json.dumps({
    "title": "The exam hour",
    "instructions": "Sixteen questions; the exam closes on its own.",
    "closesAt": closes.isoformat(timespec="seconds").replace("+00:00", "Z"),
    "maxAttempts": 1,
    "policy": {"review": {"afterSubmit": ["score", "correctness"]}},
    "questions": made,
}))
