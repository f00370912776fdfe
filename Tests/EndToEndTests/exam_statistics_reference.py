#!/usr/bin/env python3
"""Expected exam statistics, worked out with nothing but Python's standard library.

ExamStatisticsTests runs this with the attempts it made through the real client, as JSON on
standard input:

    {"attempts": [{"max": 6, "responses": [[questionId, score, max, [chosen ids] or null], ...]}, ...],
     "options": {"questionId": [[optionId, earnsCredit], ...]}}

and compares every figure the server computed with what this prints (JSON) to four decimals.

Definitions (Moodle's quiz statistics, as docs/API.md states them):
- an attempt's score is the sum of its question scores, in percent of its maximum; mean, median
  and sample standard deviation (n - 1) over those percents;
- per question, over the attempts that showed it: facility = mean(score / max); standard
  deviation = stdev(score / max); discrimination = correlation(score, attempt total - score);
  for choice questions, how many attempts chose each option;
- Cronbach's alpha over the questions every attempt showed: k/(k-1) * (1 - sum of the item
  variances / variance of the totals over those questions);
- ten bands of 10 %, the last including 100;
- flags (with at least five attempts): facility 1 everyone right, 0 everyone wrong, >= 0.95 too
  easy, <= 0.05 too hard; discrimination < 0; an option without credit that nobody chose.
  Notes: mean outside 50-75 %, standard deviation outside 12-18 %, alpha < 0.64, < 0.75.
A figure that cannot be computed is null.
"""

import json
import statistics
import sys
from fractions import Fraction

MINIMUM_ATTEMPTS = 5


def stdev_or_none(values):
    return statistics.stdev(values) if len(values) >= 2 else None


def correlation_or_none(xs, ys):
    if len(xs) < 2:
        return None
    try:
        return statistics.correlation(xs, ys)
    except statistics.StatisticsError:  # one side has no spread
        return None


def analyse(data):
    attempts = data["attempts"]
    catalogue = {int(key): value for key, value in data.get("options", {}).items()}
    percents = [100 * sum(r[1] for r in a["responses"]) / a["max"] for a in attempts]
    result = {
        "attempts": len(attempts),
        "mean": statistics.mean(percents) if percents else None,
        "median": statistics.median(percents) if percents else None,
        "standardDeviation": stdev_or_none(percents),
    }

    bands = [0] * 10
    for a in attempts:
        exact = Fraction(100) * sum(Fraction(str(r[1])) for r in a["responses"]) / Fraction(str(a["max"]))
        bands[min(9, max(0, int(exact // 10)))] += 1
    result["histogram"] = bands

    seen = {}
    for a in attempts:
        total = sum(r[1] for r in a["responses"])
        for qid, score, top, chosen in a["responses"]:
            entry = seen.setdefault(qid, {"scores": [], "fractions": [], "rests": [], "chosen": []})
            entry["scores"].append(score)
            entry["fractions"].append(score / top)
            entry["rests"].append(total - score)
            if chosen is not None:
                entry["chosen"].append(set(chosen))
    questions = {}
    for qid, entry in seen.items():
        question = {
            "attempts": len(entry["scores"]),
            "facility": statistics.mean(entry["fractions"]),
            "standardDeviation": stdev_or_none(entry["fractions"]),
            "discrimination": correlation_or_none(entry["scores"], entry["rests"]),
        }
        if qid in catalogue:
            question["options"] = [[option, sum(1 for c in entry["chosen"] if option in c)] for option, _ in catalogue[qid]]
        questions[str(qid)] = question
    result["questions"] = questions

    common = [qid for qid in seen if all(any(r[0] == qid for r in a["responses"]) for a in attempts)]
    alpha = None
    if len(common) >= 2 and len(attempts) >= 2:
        def score(a, qid):
            return next(r[1] for r in a["responses"] if r[0] == qid)
        item_variances = [statistics.variance([score(a, qid) for a in attempts]) for qid in common]
        totals = [sum(score(a, qid) for qid in common) for a in attempts]
        total_variance = statistics.variance(totals)
        if total_variance > 0:
            k = len(common)
            alpha = k / (k - 1) * (1 - sum(item_variances) / total_variance)
    result["cronbachAlpha"] = alpha

    flags = []
    for qid, question in questions.items():
        if question["attempts"] < MINIMUM_ATTEMPTS:
            continue
        facility = question["facility"]
        if facility >= 1 - 1e-9:
            flags.append([int(qid), "everyoneRight"])
        elif facility <= 1e-9:
            flags.append([int(qid), "everyoneWrong"])
        elif facility >= 0.95:
            flags.append([int(qid), "tooEasy"])
        elif facility <= 0.05:
            flags.append([int(qid), "tooHard"])
        if question["discrimination"] is not None and question["discrimination"] < 0:
            flags.append([int(qid), "negativeDiscrimination"])
        counts = dict(question.get("options", []))
        for option, credit in catalogue.get(int(qid), []):
            if not credit and counts.get(option, 0) == 0:
                flags.append([int(qid), "unchosenDistractor(%s)" % option])
    result["flags"] = flags

    notes = []
    if len(attempts) >= MINIMUM_ATTEMPTS:
        mean, sd = result["mean"], result["standardDeviation"]
        if mean < 50:
            notes.append("meanBelowGuidance")
        elif mean > 75:
            notes.append("meanAboveGuidance")
        if sd is not None and sd < 12:
            notes.append("spreadBelowGuidance")
        elif sd is not None and sd > 18:
            notes.append("spreadAboveGuidance")
        if alpha is not None and alpha < 0.64:
            notes.append("reliabilityUnsatisfactory")
        elif alpha is not None and alpha < 0.75:
            notes.append("reliabilityBelowSatisfactory")
    result["notes"] = notes
    return result


if __name__ == "__main__":
    json.dump(analyse(json.load(sys.stdin)), sys.stdout)
