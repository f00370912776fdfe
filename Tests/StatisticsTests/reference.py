#!/usr/bin/env python3
"""Independent reference values for the ExamPrepStatistics tests.

Holds the hand-made sets of attempts, computes every figure with nothing but Python's standard
library (`statistics` for mean, median, stdev, variance and correlation; `fractions` for exact
histogram bands) and writes ReferenceValues.swift next to this file, so the Swift tests need no Python
at run time. Run it again after changing a data set:

    python3 Tests/StatisticsTests/reference.py

Definitions (the same as the Swift module's documentation, from Moodle's quiz statistics):
- attempt score = sum of its question scores, as percent of the attempt's maximum (given, or the sum of
  its questions' maxima); mean, median, sample standard deviation over these percents;
- questions in order of first appearance in the attempts;
- per question, over the attempts that saw it: facility = mean(score / max), standard deviation =
  stdev(score / max), discrimination = correlation(score, rest of the attempt's questions);
- Cronbach's alpha over the questions every attempt saw: k/(k-1) * (1 - sum of item variances /
  variance of totals over those questions);
- ten bands of 10 %, the last one including 100.
"""

import math
import os
import random
import statistics as st
from fractions import Fraction

# --------------------------------------------------------------------------------------------------
# Data sets. A response is (questionId, score, maxScore, chosenOptionIds or None).
# Scores are written with at most two decimals, as the API guarantees.


def basic():
    """Eight attempts, five questions: a distractor nobody chose (q1 d), fractional partial credit (q2),
    everyone right (q3), negative discrimination (q4: strong students pick f), everyone wrong (q5)."""
    rows = [
        # q1 choice, q2 /2 partial, q3, q4 choice t/f, q5
        ("a", 2.00, 1, "f", 0),
        ("a", 1.75, 1, "f", 0),
        ("a", 1.50, 1, "t", 0),
        ("a", 1.25, 1, "f", 0),
        ("b", 1.00, 1, "t", 0),
        ("a", 0.75, 1, "t", 0),
        ("c", 0.50, 1, "f", 0),
        ("b", 0.33, 1, "t", 0),
    ]
    attempts = []
    for q1, q2, q3, q4, q5 in rows:
        attempts.append({
            "max": None,
            "responses": [
                ("q1", 1.0 if q1 == "a" else 0.0, 1.0, [q1]),
                ("q2", q2, 2.0, None),
                ("q3", float(q3), 1.0, None),
                ("q4", 1.0 if q4 == "t" else 0.0, 1.0, [q4]),
                ("q5", float(q5), 1.0, None),
            ],
        })
    return {
        "name": "basic",
        "questions": [
            ("q1", [("a", True), ("b", False), ("c", False), ("d", False)]),
            ("q4", [("t", True), ("f", False)]),
        ],
        "attempts": attempts,
    }


def drawn():
    """Seven attempts; c1 and c2 for everyone, two of p1, p2, p3 drawn per attempt."""
    table = [
        (6.0, [("c1", 1, 1), ("c2", 1.5, 2), ("p1", 1, 1), ("p2", 2.0, 2)]),
        (None, [("c1", 1, 1), ("c2", 2.0, 2), ("p2", 1.5, 2), ("p3", 1, 1)]),
        (None, [("c1", 0, 1), ("c2", 0.5, 2), ("p1", 0, 1), ("p3", 0, 1)]),
        (None, [("c1", 1, 1), ("c2", 1.25, 2), ("p1", 1, 1), ("p3", 0, 1)]),
        (None, [("p2", 0.5, 2), ("c1", 0, 1), ("c2", 0.75, 2), ("p3", 1, 1)]),
        (None, [("c1", 1, 1), ("c2", 1.75, 2), ("p1", 0, 1), ("p2", 1.25, 2)]),
        (None, [("c1", 0, 1), ("c2", 0.25, 2), ("p1", 1, 1), ("p2", 0.0, 2)]),
    ]
    attempts = [
        {"max": mx, "responses": [(q, float(s), float(m), None) for q, s, m in rs]} for mx, rs in table
    ]
    return {"name": "drawn", "questions": [], "attempts": attempts}


def disjoint():
    """No question seen by every attempt: no alpha; q2 seen once."""
    table = [
        [("q1", 1, 1), ("q2", 0.5, 1)],
        [("q3", 2, 2), ("q4", 0, 1)],
        [("q1", 0, 1), ("q3", 1.5, 2)],
    ]
    attempts = [{"max": None, "responses": [(q, float(s), float(m), None) for q, s, m in rs]} for rs in table]
    return {"name": "disjoint", "questions": [], "attempts": attempts}


def single():
    """One attempt: no standard deviation, discrimination or alpha."""
    return {
        "name": "single",
        "questions": [("q3", [("a", True), ("b", False)])],
        "attempts": [{
            "max": None,
            "responses": [("q1", 0.75, 1.0, None), ("q2", 2.0, 2.0, None), ("q3", 0.0, 1.0, ["b"])],
        }],
    }


def pair():
    """Two attempts: every figure defined."""
    return {
        "name": "pair",
        "questions": [],
        "attempts": [
            {"max": None, "responses": [("q1", 1.0, 1.0, None), ("q2", 1.5, 2.0, None), ("q3", 0.0, 1.0, None)]},
            {"max": None, "responses": [("q1", 0.5, 1.0, None), ("q2", 0.5, 2.0, None), ("q3", 1.0, 1.0, None)]},
        ],
    }


def identical():
    """Four identical attempts: standard deviations 0, no discrimination, no alpha."""
    responses = [("q1", 0.5, 1.0, None), ("q2", 1.25, 2.0, None), ("q3", 0.75, 1.0, None)]
    return {"name": "identical", "questions": [], "attempts": [{"max": None, "responses": list(responses)} for _ in range(4)]}


def larger():
    """Forty attempts of ten questions from a seeded generator: four choice questions, partial credit
    elsewhere in steps of 0.05, q10 keyed against ability."""
    rng = random.Random(28)
    maxima = [1, 2, 1, 3, 1, 2, 1, 1, 2, 1]
    difficulty = [0.2, 0.5, 0.4, 0.6, 0.1, 0.3, 0.7, 0.5, 0.45, 0.5]
    choice = {0, 2, 4, 6}
    attempts = []
    for _ in range(40):
        ability = rng.random()
        responses = []
        for index, (mx, diff) in enumerate(zip(maxima, difficulty)):
            qid = "q%02d" % (index + 1)
            p = min(1.0, max(0.0, ability + 0.5 - diff + rng.uniform(-0.25, 0.25)))
            if index == 9:
                p = 1.0 - p
            if index in choice:
                if rng.random() < p:
                    responses.append((qid, float(mx), float(mx), ["A"]))
                else:
                    responses.append((qid, 0.0, float(mx), [rng.choice(["B", "B", "C"])]))
            else:
                score = round(round(p * mx * 20) / 20, 2)
                responses.append((qid, score, float(mx), None))
        attempts.append({"max": None, "responses": responses})
    questions = [("q%02d" % (i + 1), [("A", True), ("B", False), ("C", False), ("D", False)]) for i in sorted(choice)]
    return {"name": "larger", "questions": questions, "attempts": attempts}


CASES = [basic(), drawn(), disjoint(), single(), pair(), identical(), larger()]

# --------------------------------------------------------------------------------------------------
# Reference computation.


def exact(value):
    """The decimal written in the data set, as an exact fraction (scores have at most two decimals)."""
    return Fraction(repr(value))


def analyse(case):
    sittings = []
    for attempt in case["attempts"]:
        seen = {}
        order = []
        for qid, score, mx, chosen in attempt["responses"]:
            if qid not in seen:
                seen[qid] = (score, mx, chosen)
                order.append(qid)
        maximum = attempt["max"] if attempt["max"] else math.fsum(r[1] for r in seen.values())
        exact_maximum = exact(attempt["max"]) if attempt["max"] else sum(exact(r[1]) for r in seen.values())
        total = math.fsum(r[0] for r in seen.values())
        exact_total = sum(exact(r[0]) for r in seen.values())
        sittings.append({
            "seen": seen,
            "order": order,
            "percent": 100 * total / maximum,
            "exact_percent": 100 * exact_total / exact_maximum,
        })

    percents = [s["percent"] for s in sittings]
    result = {
        "attempts": len(sittings),
        "mean": st.mean(percents) if percents else None,
        "median": st.median(percents) if percents else None,
        "standardDeviation": st.stdev(percents) if len(percents) >= 2 else None,
    }

    # Histogram from exact fractions: band k holds 10k <= p < 10(k+1); 100 goes to the last band.
    histogram = [0] * 10
    for s in sittings:
        band = math.floor(s["exact_percent"] / 10)
        histogram[min(9, max(0, band))] += 1
    result["histogram"] = histogram

    catalogue = dict(case["questions"])
    order = []
    for s in sittings:
        for q in s["order"]:
            if q not in order:
                order.append(q)

    questions = []
    for q in order:
        scores, fractions, rests, chosen_lists = [], [], [], []
        for s in sittings:
            if q not in s["seen"]:
                continue
            score, mx, chosen = s["seen"][q]
            scores.append(score)
            fractions.append(score / mx)
            rests.append(math.fsum(r[0] for other, r in s["seen"].items() if other != q))
            chosen_lists.append(chosen)
        try:
            discrimination = st.correlation(scores, rests)
        except st.StatisticsError:
            discrimination = None
        options = None
        if catalogue.get(q) or any(c is not None for c in chosen_lists):
            ids = [o for o, _ in catalogue.get(q, [])]
            extras = sorted({o for c in chosen_lists if c for o in c} - set(ids))
            options = [(o, sum(1 for c in chosen_lists if c and o in set(c))) for o in ids + extras]
        questions.append({
            "questionId": q,
            "attempts": len(scores),
            "facility": st.mean(fractions),
            "standardDeviation": st.stdev(fractions) if len(fractions) >= 2 else None,
            "discrimination": discrimination,
            "options": options,
        })
    result["questions"] = questions

    alpha = None
    if len(sittings) >= 2:
        common = [q for q in sittings[0]["order"] if all(q in s["seen"] for s in sittings)]
        if len(common) >= 2:
            item_variances = [st.variance([s["seen"][q][0] for s in sittings]) for q in common]
            totals = [math.fsum(s["seen"][q][0] for q in common) for s in sittings]
            total_variance = st.variance(totals)
            if total_variance > 0:
                k = len(common)
                alpha = k / (k - 1) * (1 - math.fsum(item_variances) / total_variance)
    result["cronbachAlpha"] = alpha
    return result


# --------------------------------------------------------------------------------------------------
# Swift output.


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def swift_question_id(text):
    """The API's question ids are integers: "q3" and "q03" are 3, "c1" is 101, "p2" is 202."""
    offsets = {"q": 0, "c": 100, "p": 200}
    return str(offsets[text[0]] + int(text[1:]))


def swift_double(value):
    if value is None:
        return "nil"
    text = repr(float(value))
    if text in ("nan", "inf", "-inf"):
        raise ValueError("non-finite reference value")
    return text


def swift_input(case):
    lines = ["ItemAnalysisInput("]
    lines.append("            attempts: [")
    for attempt in case["attempts"]:
        lines.append("                .init(")
        lines.append("                    maxScore: %s," % swift_double(attempt["max"]))
        lines.append("                    responses: [")
        for qid, score, mx, chosen in attempt["responses"]:
            chosen_text = "nil" if chosen is None else "[" + ", ".join(swift_string(c) for c in chosen) + "]"
            lines.append("                        .init(questionId: %s, score: %s, maxScore: %s, chosenOptionIds: %s),"
                         % (swift_question_id(qid), swift_double(score), swift_double(mx), chosen_text))
        lines.append("                    ]),")
    lines.append("            ],")
    lines.append("            questions: [")
    for qid, options in case["questions"]:
        option_text = ", ".join(".init(id: %s, correct: %s)" % (swift_string(o), "true" if c else "false") for o, c in options)
        lines.append("                .init(questionId: %s, options: [%s])," % (swift_question_id(qid), option_text))
    lines.append("            ])")
    return "\n".join(lines)


def swift_expected(result):
    lines = ["ReferenceExpectation("]
    lines.append("            attempts: %d," % result["attempts"])
    for key in ("mean", "median", "standardDeviation", "cronbachAlpha"):
        lines.append("            %s: %s," % (key, swift_double(result[key])))
    lines.append("            histogram: [%s]," % ", ".join(str(c) for c in result["histogram"]))
    lines.append("            questions: [")
    for q in result["questions"]:
        if q["options"] is None:
            options = "nil"
        else:
            options = "[" + ", ".join("OptionCount(id: %s, chosen: %d)" % (swift_string(o), n) for o, n in q["options"]) + "]"
        lines.append("                ReferenceQuestion(")
        lines.append("                    questionId: %s, attempts: %d, facility: %s," % (swift_question_id(q["questionId"]), q["attempts"], swift_double(q["facility"])))
        lines.append("                    standardDeviation: %s, discrimination: %s," % (swift_double(q["standardDeviation"]), swift_double(q["discrimination"])))
        lines.append("                    options: %s)," % options)
    lines.append("            ])")
    return "\n".join(lines)


def main():
    parts = [
        "// Generated by reference.py from Python's `statistics` module. Do not edit by hand;",
        "// change the data sets in reference.py and run `python3 Tests/StatisticsTests/reference.py`.",
        "",
        "import ExamPrepShared",
        "import ExamPrepStatistics",
        "",
        "extension ReferenceCase {",
        "    static let all: [ReferenceCase] = [",
    ]
    for case in CASES:
        parts.append("        ReferenceCase(")
        parts.append("        name: %s," % swift_string(case["name"]))
        parts.append("        input: " + swift_input(case) + ",")
        parts.append("        expected: " + swift_expected(analyse(case)) + "),")
    parts.append("    ]")
    parts.append("}")
    target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ReferenceValues.swift")
    with open(target, "w", encoding="utf-8") as handle:
        handle.write("\n".join(parts) + "\n")
    for case in CASES:
        result = analyse(case)
        print("%-9s n=%-2d mean=%s sd=%s alpha=%s" % (
            case["name"], result["attempts"], result["mean"], result["standardDeviation"], result["cronbachAlpha"]))
    print("wrote", target)


if __name__ == "__main__":
    main()
