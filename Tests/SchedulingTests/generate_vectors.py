#!/usr/bin/env python3
"""Generate FSRS reference vectors for ExamPrepScheduling's tests.

The reference is the `fsrs` package on PyPI (py-fsrs), with its default weights
and fuzzing disabled, so every interval is deterministic, in two configurations:

  * "reference defaults": the reference scheduler exactly as it comes (learning
    steps 1 min and 10 min, a relearning step of 10 min);
  * "examprep": what ExamPrep's server runs (FSRSParameters.examPrep): the same
    weights and retention, no learning steps and one relearning step of a day, so a
    new question goes straight to review and a wrong answer always comes back the
    next day.

    pip install fsrs
    python3 generate_vectors.py

Writes, next to this script:
  * fsrs-vectors.json  - the vectors, human-readable, for inspection and diffing;
  * FSRSVectors.swift  - the same JSON embedded as a raw string literal, which is
                         what the Swift tests read (no bundle resources needed,
                         so the test folder can move into any package as is).

Each sequence is a list of reviews: a rating and the UTC time of the review,
with the reference's card after that review (state, step, stability,
difficulty, due, last review) and its retrievability just before it.
Review times are chosen relative to the reference's own due dates (on time,
early, late by minutes or days, ...), then written out as absolute times, so
the Swift side replays exactly the same inputs. The random sequences use a
fixed seed: running the script twice gives the same files.
"""

from __future__ import annotations

import json
import random
import sys
from datetime import datetime, timedelta, timezone
from importlib.metadata import version
from pathlib import Path

from fsrs import Card, Rating, Scheduler, State

HERE = Path(__file__).resolve().parent
FSRS_VERSION = version("fsrs")
CONFIGURATIONS = {
    "reference defaults": Scheduler(enable_fuzzing=False),
    "examprep": Scheduler(learning_steps=(), relearning_steps=(timedelta(days=1),), enable_fuzzing=False),
}
SCHEDULER = CONFIGURATIONS["reference defaults"]

RATING_NAMES = {
    Rating.Again: "again",
    Rating.Hard: "hard",
    Rating.Good: "good",
    Rating.Easy: "easy",
}
RATINGS_BY_LETTER = {"a": Rating.Again, "h": Rating.Hard, "g": Rating.Good, "e": Rating.Easy}
STATE_NAMES = {State.Learning: "learning", State.Review: "review", State.Relearning: "relearning"}

MINUTE = 60
HOUR = 3600
DAY = 86400


def iso(moment: datetime) -> str:
    if moment.microsecond != 0:
        raise ValueError(f"vector times must be whole seconds, got {moment!r}")
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# A timing says when the next review happens, relative to the reference card:
#   ("due", 0)        at its due date
#   ("late", s)       s seconds after its due date
#   ("early", s)      s seconds before its due date (never before the last review)
#   ("after", s)      s seconds after the previous review
ON_TIME = ("due", 0)


def late_days(days: int) -> tuple[str, int]:
    return ("late", days * DAY)


def early_days(days: int) -> tuple[str, int]:
    return ("early", days * DAY)


def after_minutes(minutes: int) -> tuple[str, int]:
    return ("after", minutes * MINUTE)


def review_time(card: Card, previous: datetime, timing: tuple[str, int]) -> datetime:
    kind, seconds = timing
    if kind == "due":
        moment = card.due
    elif kind == "late":
        moment = card.due + timedelta(seconds=seconds)
    elif kind == "early":
        moment = max(card.due - timedelta(seconds=seconds), previous + timedelta(minutes=1))
    elif kind == "after":
        moment = previous + timedelta(seconds=seconds)
    else:
        raise ValueError(kind)
    return moment


def run(name: str, start: datetime, steps: list[tuple[Rating, tuple[str, int]]]) -> dict:
    """Replays `steps` through the reference; the first timing is ignored (first review at `start`)."""
    card = Card(card_id=1, due=start)
    moment = start
    reviews = []
    for index, (rating, timing) in enumerate(steps):
        if index > 0:
            moment = review_time(card, moment, timing)
        retrievability = SCHEDULER.get_card_retrievability(card, current_datetime=moment)
        card, _ = SCHEDULER.review_card(card, rating, review_datetime=moment)
        reviews.append(
            {
                "rating": RATING_NAMES[rating],
                "at": iso(moment),
                "retrievabilityBefore": retrievability,
                "state": STATE_NAMES[card.state],
                "step": card.step,
                "stability": card.stability,
                "difficulty": card.difficulty,
                "due": iso(card.due),
                "lastReview": iso(card.last_review),
            }
        )
    return {"name": name, "reviews": reviews}


def letters(pattern: str, timing: tuple[str, int] = ON_TIME) -> list[tuple[Rating, tuple[str, int]]]:
    """'aggh' -> again, good, good, hard, each at `timing`."""
    return [(RATINGS_BY_LETTER[ch], timing) for ch in pattern]


BASE = datetime(2025, 3, 3, 9, 0, tzinfo=timezone.utc)


def handmade() -> list[dict]:
    g, a, h, e = Rating.Good, Rating.Again, Rating.Hard, Rating.Easy
    seqs = [
        run("all good, on time", BASE, letters("g" * 12)),
        run("all again, on time (stays on the first learning step)", BASE, letters("a" * 10)),
        run("all easy, on time", BASE, letters("e" * 12)),
        run("all hard, on time", BASE, letters("h" * 12)),
        run("first rating again, then good on time", BASE, letters("a" + "g" * 9)),
        run("first rating hard, then good on time", BASE, letters("h" + "g" * 9)),
        run("first rating easy, then good on time", BASE, letters("e" + "g" * 9)),
        run("learning steps in minutes: again, hard, good, hard, good", BASE,
            letters("ahghg") + letters("ggg")),
        run("hard on the second learning step", BASE, letters("ghhhg") + letters("gg")),
        run("learning: good then again back to step 0", BASE, letters("gagagg") + letters("gg")),
        run("lapse in review then relearning", BASE, letters("gggga") + letters("ggggg")),
        run("relearning: hard, again, hard, good", BASE, letters("ggggahahg") + letters("ggg")),
        run("relearning: easy leaves it at once", BASE, letters("gggae") + letters("ggg")),
        run("alternating again and good", BASE, letters("agagagagagagagag")),
        run("alternating easy and again", BASE, letters("eaeaeaeaeaea")),
        run("long: 30 goods on time (intervals grow large)", BASE, letters("g" * 30)),
        run("long: 25 easy on time (hits the maximum interval)", BASE, letters("e" * 25)),
        run("long: 24 mixed on time", BASE, letters("gghgaggeghgggaaggehggggg")),
        run("early by days", BASE,
            [(g, ON_TIME), (g, ON_TIME), (g, ON_TIME), (g, early_days(1)), (g, early_days(3)),
             (g, early_days(2)), (h, early_days(5)), (g, early_days(1)), (e, early_days(4))]),
        run("early the same day (short-term stability in review)", BASE,
            [(g, ON_TIME), (g, ON_TIME), (g, ON_TIME), (g, after_minutes(30)), (g, after_minutes(90)),
             (a, after_minutes(5)), (g, after_minutes(10)), (e, after_minutes(20)), (g, ON_TIME)]),
        run("late by days", BASE,
            [(g, ON_TIME), (g, ON_TIME), (g, late_days(1)), (g, late_days(3)), (g, late_days(10)),
             (g, late_days(30)), (h, late_days(100)), (g, late_days(2)), (e, late_days(45))]),
        run("very late then again", BASE,
            [(g, ON_TIME), (g, ON_TIME), (g, late_days(365)), (a, late_days(200)),
             (g, ON_TIME), (g, late_days(5)), (g, ON_TIME)]),
        run("learning card left for days (long-term formula while learning)", BASE,
            [(a, ON_TIME), (g, late_days(3)), (a, late_days(1)), (h, late_days(6)), (g, ON_TIME),
             (g, ON_TIME)]),
        run("learning step reviewed hours late, same day", BASE,
            [(g, ON_TIME), (g, ("late", 5 * HOUR)), (g, ON_TIME), (g, ON_TIME)]),
        run("relearning left for days", BASE,
            [(g, ON_TIME), (g, ON_TIME), (g, ON_TIME), (a, ON_TIME), (h, late_days(4)),
             (g, late_days(2)), (g, ON_TIME)]),
        run("crossing midnight UTC", datetime(2025, 3, 3, 23, 55, tzinfo=timezone.utc),
            letters("ghgg") + letters("agg")),
        run("just before a whole day since the last review", BASE,
            [(g, ON_TIME), (g, ON_TIME), (g, ("after", DAY - 1)), (g, ("after", DAY - 60)),
             (g, ("after", DAY)), (g, ("after", DAY + 1))]),
        run("leap day and year end", datetime(2024, 2, 28, 12, 0, tzinfo=timezone.utc),
            letters("gggggg") + [(g, late_days(270)), (g, ON_TIME)]),
        run("reviewed again a minute after graduating", BASE,
            [(e, ON_TIME), (g, after_minutes(1)), (a, after_minutes(1)), (g, after_minutes(1)),
             (g, ON_TIME), (g, ON_TIME)]),
        run("young card forgotten after years (post-lapse stability at its short-term ceiling)", BASE,
            [(a, ON_TIME), (a, late_days(1000)), (g, ON_TIME), (g, ON_TIME), (a, late_days(3000)),
             (g, ON_TIME), (g, ON_TIME)]),
        run("hard first, lapse after years", BASE,
            [(h, ON_TIME), (h, ON_TIME), (g, ON_TIME), (a, late_days(2000)), (h, ON_TIME),
             (g, ON_TIME), (g, late_days(7))]),
        run("hard everywhere in review then easy", BASE, letters("gg") + letters("hhhhhh") + letters("eee")),
    ]
    return seqs


def random_sequences(count: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    ratings = [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy]
    weights = [0.2, 0.15, 0.5, 0.15]
    seqs = []
    for number in range(count):
        length = rng.randint(5, 28)
        start = BASE + timedelta(days=rng.randint(0, 400), minutes=rng.randint(0, 24 * 60 - 1))
        steps = []
        for _ in range(length):
            rating = rng.choices(ratings, weights)[0]
            roll = rng.random()
            if roll < 0.45:
                timing = ON_TIME
            elif roll < 0.60:
                timing = ("early", rng.randint(1, 20 * 24 * 60) * MINUTE)
            elif roll < 0.80:
                timing = late_days(rng.randint(1, 60))
            elif roll < 0.90:
                timing = ("late", rng.randint(1, 600) * MINUTE)
            else:
                timing = after_minutes(rng.randint(1, 300))
            steps.append((rating, timing))
        seqs.append(run(f"random #{number + 1} (seed {seed})", start, steps))
    return seqs


def main() -> None:
    global SCHEDULER
    configurations = []
    for name, scheduler in CONFIGURATIONS.items():
        SCHEDULER = scheduler
        sequences = handmade() + random_sequences(count=40, seed=27)
        configurations.append({"name": name, "scheduler": scheduler.to_dict(), "sequences": sequences})
    document = {
        "fsrsVersion": FSRS_VERSION,
        "generator": "Tests/SchedulingTests/generate_vectors.py",
        "configurations": configurations,
    }
    # One review per line: readable diffs, modest size.
    lines = ["{"]
    lines.append(f'  "fsrsVersion": {json.dumps(document["fsrsVersion"])},')
    lines.append(f'  "generator": {json.dumps(document["generator"])},')
    lines.append('  "configurations": [')
    for c_index, configuration in enumerate(configurations):
        lines.append(f'  {{"name": {json.dumps(configuration["name"])},')
        lines.append(f'   "scheduler": {json.dumps(configuration["scheduler"])},')
        lines.append('   "sequences": [')
        sequences = configuration["sequences"]
        for s_index, sequence in enumerate(sequences):
            lines.append(f'    {{"name": {json.dumps(sequence["name"])}, "reviews": [')
            for r_index, review in enumerate(sequence["reviews"]):
                comma = "," if r_index + 1 < len(sequence["reviews"]) else ""
                lines.append(f"      {json.dumps(review)}{comma}")
            comma = "," if s_index + 1 < len(sequences) else ""
            lines.append(f"    ]}}{comma}")
        comma = "," if c_index + 1 < len(configurations) else ""
        lines.append(f"  ]}}{comma}")
    lines.append("  ]")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    if json.loads(text) != json.loads(json.dumps(document)):
        raise SystemExit("internal error: hand-formatted JSON differs from the document")
    if '"#' in text:
        raise SystemExit("JSON contains '\"#', which would end the Swift raw string literal")

    (HERE / "fsrs-vectors.json").write_text(text, encoding="utf-8")
    swift = (
        f"// Generated by generate_vectors.py from fsrs {FSRS_VERSION} (PyPI). Do not edit: rerun the script.\n"
        "//\n"
        "// The reference vectors as a raw string literal, so the tests need no bundle resources.\n"
        "\n"
        "/// JSON written by the reference implementation; see `fsrs-vectors.json` for the same text.\n"
        'let fsrsVectorsJSON = ##"""\n'
        # Indented as swift-format indents a multi-line literal (the indentation is not part of it).
        + "".join(f"    {line}\n" for line in text.splitlines())
        + '    """##\n'
    )
    (HERE / "FSRSVectors.swift").write_text(swift, encoding="utf-8")

    for configuration in configurations:
        sequences = configuration["sequences"]
        reviews = sum(len(s["reviews"]) for s in sequences)
        print(f"fsrs {FSRS_VERSION}, {configuration['name']}: {len(sequences)} sequences, {reviews} reviews", file=sys.stdout)


if __name__ == "__main__":
    main()
