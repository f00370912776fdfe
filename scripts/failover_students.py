"""The students of scripts/failover-test, and its figures.

STUDENTS students of the exam that benchmarks/seed-exam seeded, each on a connection of its
own to one of the replicas (in turn), log in, start the attempt and save answers one after
the other, a quarter of a second apart: each save with a sequence and an Idempotency-Key,
sent again with the same key until the server acknowledges it (benchmarks/exam_students.py).
They retry every half second, so that the time to recover is measured to half a second; the
client library waits longer (1 s, growing to 15 s), with the same key. Once every student
has saved, FOLDER/students.ready is written; at FOLDER/students.stop each student finishes
the save in hand and stops.

The script writes the moments of the kill and of the promotion (seconds since 1970) into
FOLDER/killed and FOLDER/promoted, and, when it can tell, the moment the old primary's last
process was gone (FOLDER/gone: its backends commit what they have under way until they notice
the kill; no save sent after that may be acknowledged before the promotion), and what the standby holds just before its promotion (the
primary dead, the standby's replay caught up: what the new primary starts from) into
FOLDER/standby-answers ("attempt question sequence" per stored answer) and
FOLDER/standby-keys ("attempt key" per remembered Idempotency-Key: an attempt's last 20).

A save is found on the new primary when its question holds its sequence or a later one
there (a later save of the same question replaced it). Every save acknowledged before the
kill must be found in what the standby held at the promotion, and each attempt's last 19 of
them by their Idempotency-Key too (its last 20 keys may include one save committed but not
acknowledged); every save acknowledged at all must be found in what the new primary holds at
the end, read back through the replicas, where each question must hold its last acknowledged
answer exactly. Prints the figures; exits 1 when a check fails.

With --go-back, it then writes FOLDER/students.checked and waits for FOLDER/went-back (the
old primary has taken the promoted data back, deploy/failover go-back, and the replicas run
again), and reads every attempt once more through the replicas: each question must still hold
its last acknowledged answer.

Usage: failover_students.py --replicas URL,URL --exam ID --students N --folder FOLDER [--names NAME,NAME] [--go-back]
"""
import argparse
import asyncio
import collections
import itertools
import os
import random
import sys
import time
import uuid

import aiohttp

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "benchmarks"))
from exam_students import Phase, answer_for, call, same, save_until_acknowledged  # noqa: E402

PASSWORD = "exam hour password"
RECOVERY_BOUND = 10.0
SETUP = Phase("setup")
PHASE = Phase("save")


class Student:
    def __init__(self, index, replica, args):
        self.index = index
        self.replica = replica
        self.args = args
        self.token = None
        self.attempt = None
        self.sequence = 0
        self.acked = []
        self.tries = []
        self.unacked = 0
        self.saving = False

    async def run(self, stop):
        async with aiohttp.ClientSession(self.replica, connector=aiohttp.TCPConnector(limit=1)) as session:
            status, body = await call(session, SETUP, "POST", "/api/login",
                                      body={"email": f"student{self.index}@school.example", "password": PASSWORD})
            if status != 200:
                raise SystemExit(f"student {self.index} could not log in: {status} {body}")
            self.token = body["token"]
            status, body = await call(session, SETUP, "POST", f"/api/students/exams/{self.args.exam}/attempts", self.token)
            if status not in (200, 201):
                raise SystemExit(f"student {self.index} could not start the attempt: {status} {body}")
            self.attempt = body
            questions = body["questions"]
            for position in itertools.count():
                self.saving = position > 0
                if os.path.exists(stop):
                    break
                await self.save(session, answer_for(questions[position % len(questions)], random.random() < 0.7))
                await asyncio.sleep(0.25)

    async def save(self, session, answer):
        self.sequence += 1
        answer = dict(answer, sequence=self.sequence)
        key = str(uuid.uuid4())

        def heard(status, sent, answered):
            self.tries.append((self.replica, status, sent, answered))

        # Every half second for up to two minutes.
        if await save_until_acknowledged(session, PHASE, self.attempt["attemptId"], self.token, answer,
                                         itertools.repeat(0.5, 240), key=key, on_try=heard):
            self.acked.append((answer, key, self.tries[-1][3]))
        else:
            self.unacked += 1

    async def stored_at_end(self):
        """question → (sequence, answer) the attempt holds now, read back through its replica."""
        async with aiohttp.ClientSession(self.replica) as session:
            status, body = await call(session, Phase("check"), "GET", f"/api/students/attempts/{self.attempt['attemptId']}",
                                      self.token)
        answers = body.get("answers", []) if status == 200 and body else []
        return {answer["questionId"]: (answer.get("sequence"), answer) for answer in answers}


def read_rows(path):
    with open(path) as rows:
        return [line.split() for line in rows if line.strip()]


def last_answers_kept(students, at_end):
    """(questions answered, questions whose stored answer is the last acknowledged one)."""
    kept = answered = 0
    for student, stored in zip(students, at_end):
        last = {}
        for answer, _, _ in student.acked:
            last[answer["questionId"]] = answer
        answered += len(last)
        kept += sum(1 for question, given in last.items()
                    if question in stored and stored[question][0] == given["sequence"] and same(given, stored[question][1]))
    return answered, kept


def check(students, folder, at_end, names):
    """The figures, and the checks that failed. `at_end`: per student, what its attempt holds now."""
    killed, promoted = (float(read_rows(os.path.join(folder, name))[0][0]) for name in ("killed", "promoted"))
    gone_file = os.path.join(folder, "gone")
    gone = float(read_rows(gone_file)[0][0]) if os.path.exists(gone_file) else killed
    at_promotion = {(int(a), int(q)): int(seq) for a, q, seq in read_rows(os.path.join(folder, "standby-answers"))}
    keys_at_promotion = {(int(a), key) for a, key in read_rows(os.path.join(folder, "standby-keys"))}

    acked = before = found_before = last_keys = last_keys_found = found = 0
    for student, stored in zip(students, at_end):
        attempt = student.attempt["attemptId"]
        earlier = []
        for answer, key, acknowledged in student.acked:
            acked += 1
            question, sequence = answer["questionId"], answer["sequence"]
            if (stored.get(question, (None,))[0] or 0) >= sequence:
                found += 1
            if acknowledged < killed:
                before += 1
                earlier.append(key)
                if at_promotion.get((attempt, question), 0) >= sequence:
                    found_before += 1
        last_keys += len(earlier[-19:])
        last_keys_found += sum(1 for key in earlier[-19:] if (attempt, key) in keys_at_promotion)
    answered, kept = last_answers_kept(students, at_end)

    tries = [t for s in students for t in s.tries]
    failed = [t for t in tries if t[1] != 200]
    statuses = collections.Counter("no answer" if t[1] is None else t[1] for t in failed)
    before_kill = [t for t in failed if t[3] < killed]
    between = [t for t in tries if t[1] == 200 and gone < t[2] and t[3] < promoted]
    unacked = sum(s.unacked for s in students)
    recovered = {}
    for replica, status, _, answered_at in tries:
        if status == 200 and answered_at > promoted:
            recovered[replica] = min(recovered.get(replica, answered_at), answered_at)
    replicas = sorted({s.replica for s in students})
    recovery = {replica: recovered[replica] - promoted if replica in recovered else float("inf") for replica in replicas}
    last_failure = max((t[3] for t in failed), default=killed)
    after = acked - before

    lines = [
        f"students: {len(students)}, saving on {len(replicas)} replicas; acknowledged saves: {acked} "
        f"({before} before the kill, {after} after the promotion)",
        f"saves found on the new primary: {found} of {acked} acknowledged; of the {before} acknowledged before the kill, "
        f"{found_before} were on the standby when it was promoted, and {last_keys_found} of the last {last_keys} by their "
        "Idempotency-Key",
        f"latest answers read back through the replicas: {kept} of {answered} questions hold the last acknowledged answer",
        f"requests that failed during the switch: {len(failed)} "
        f"({', '.join(f'{k}: {v}' for k, v in sorted(statuses.items(), key=str))}), each sent again with its key "
        f"until acknowledged; saves never acknowledged: {unacked}",
        f"the primary was killed at 0 s, its last process gone at {gone - killed:.2f} s, the standby promoted at "
        f"{promoted - killed:.1f} s; saves failed until {last_failure - killed:.1f} s; saves sent after the old "
        f"primary was gone and acknowledged before the promotion: {len(between)}",
        "time to recover after the promotion: "
        + ", ".join(f"{names.get(r, r)} {seconds:.2f} s" for r, seconds in recovery.items())
        + f" (bound {RECOVERY_BOUND:.0f} s)",
    ]
    problems = []
    if found != acked or found_before != before or last_keys_found != last_keys:
        problems.append("acknowledged saves are missing on the new primary")
    if kept != answered:
        problems.append(f"{answered - kept} questions do not hold their last acknowledged answer")
    if not before or not after:
        problems.append("no save was acknowledged before the kill, or none after the promotion")
    if not failed:
        problems.append("no save failed: the kill did not happen while the students saved")
    if set(statuses) != {503}:
        problems.append(f"failed saves must all be 503, got {dict(statuses)}")
    if before_kill:
        problems.append(f"{len(before_kill)} saves failed before the kill")
    if between:
        problems.append(f"{len(between)} saves were acknowledged while there was no primary")
    if unacked:
        problems.append(f"{unacked} saves were never acknowledged")
    if max(recovery.values()) >= RECOVERY_BOUND:
        problems.append(f"saves succeeded again only after {max(recovery.values()):.1f} s")
    return lines, problems


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--replicas", required=True)
    parser.add_argument("--exam", type=int, required=True)
    parser.add_argument("--students", type=int, required=True)
    parser.add_argument("--folder", required=True)
    parser.add_argument("--names", help="what to call each of --replicas in the figures (default: replica 1, ...)")
    parser.add_argument("--go-back", action="store_true")
    args = parser.parse_args()
    replicas = args.replicas.split(",")
    students = [Student(index, replicas[index % len(replicas)], args) for index in range(args.students)]
    stop = os.path.join(args.folder, "students.stop")
    running = [asyncio.create_task(student.run(stop)) for student in students]
    while not all(student.saving for student in students):
        for task in running:
            if task.done():
                task.result()  # a student that could not log in or start stops the run
        await asyncio.sleep(0.1)
    open(os.path.join(args.folder, "students.ready"), "w").close()
    await asyncio.gather(*running)

    at_end = [await student.stored_at_end() for student in students]
    labels = args.names.split(",") if args.names else [f"replica {index + 1}" for index in range(len(replicas))]
    lines, problems = check(students, args.folder, at_end, dict(zip(replicas, labels)))
    print("\n".join(lines), flush=True)
    if args.go_back:
        open(os.path.join(args.folder, "students.checked"), "w").close()
        while not os.path.exists(os.path.join(args.folder, "went-back")):
            await asyncio.sleep(0.2)
        answered, kept = last_answers_kept(students, [await student.stored_at_end() for student in students])
        print(f"after going back: {kept} of {answered} questions hold the last acknowledged answer, read through the replicas")
        if kept != answered:
            problems.append(f"after going back, {answered - kept} questions do not hold their last acknowledged answer")
    for problem in problems:
        print(f"FAILED: {problem}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    asyncio.run(main())
