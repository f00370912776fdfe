"""What a student of the exam scripts does over HTTP, shared by benchmarks/exam_hour.py and
scripts/failover_students.py: requests timed by phase, answers to the questions of
benchmarks/exam_hour_exam.py (right or wrong on purpose) and their comparison with what the
server stored, and a save sent again with its Idempotency-Key until it is acknowledged, as
the client library sends it.
"""
import asyncio
import collections
import itertools
import json
import random
import sys
import time
import uuid

import aiohttp

TIMEOUT = aiohttp.ClientTimeout(total=60)

# How long a student's idle connection is kept for its next request. aiohttp closes one after
# 15 s by default, so a student thinking 5-25 s between saves connected anew for half of them,
# and the server paid for each new connection (and for ending the old one: Hummingbird keeps
# its connections' tasks in one task group, whose child list is walked to remove one). Browsers
# keep a used connection much longer (Firefox 115 s, Chrome 300 s), until the server's own idle
# timeout (60 s) closes it.
KEEP_ALIVE_SECONDS = 120


def student_connector():
    """The connection pool of one student: a single connection, kept alive as a browser keeps it."""
    return aiohttp.TCPConnector(limit=1, keepalive_timeout=KEEP_ALIVE_SECONDS)


class Phase:
    def __init__(self, name):
        self.name = name
        self.latencies = []
        self.starts = []
        self.statuses = collections.Counter()
        self.timeouts = 0
        self.dropped = 0
        # Answers of 503 with Retry-After that the client waited out and sent again (the
        # browser's sign-in page does): not failures, the wait is in the request's latency.
        self.waits = 0
        # Requests that waited in line at least once, and the longest of them from the first
        # try to the answer that was taken.
        self.waited = 0
        self.longest_wait = 0.0
        # Requests sent once more because the server closed their connection before answering
        # (`call`): not failures either, as a browser shows none.
        self.resent = 0
        self.first = None
        self.last = None

    def record(self, started, status, waits=0):
        """One request sent at `started` (time.monotonic()) and answered `status`, after
        `waits` times in line."""
        now = time.monotonic()
        if waits:
            self.waited += 1
            self.longest_wait = max(self.longest_wait, now - started)
        self.first = started if self.first is None else min(self.first, started)
        self.last = now if self.last is None else max(self.last, now)
        self.latencies.append(now - started)
        self.starts.append(started)
        self.statuses[status] += 1

    def count(self):
        return len(self.latencies)

    def rate(self):
        if not self.latencies or self.last == self.first:
            return 0.0
        return len(self.latencies) / (self.last - self.first)

    def percentile(self, fraction):
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]

    def since(self, moment):
        """The requests of this phase sent after `moment` (time.monotonic()), as a phase of their own."""
        later = Phase(self.name)
        later.latencies = [latency for started, latency in zip(self.starts, self.latencies) if started >= moment]
        later.starts = [started for started in self.starts if started >= moment]
        return later

    def failures(self):
        # A form's 303 See Other is its success (the exam hour's browser mode).
        return {status: count for status, count in self.statuses.items() if not (200 <= status < 300 or status == 303)}


def in_line_pause(response, started):
    """Seconds to wait before sending again a request the server shed (503 with Retry-After),
    as the client library and the sign-in page's script do: Retry-After (at most a minute) and
    up to five seconds of jitter, for ten minutes in line at most; None to take the answer."""
    after = int(response.headers.get("Retry-After", "0") or 0)
    if response.status != 503 or after <= 0 or time.monotonic() - started >= 600:
        return None
    return min(after, 60) + random.uniform(0, min(after, 5))


async def call(session, phase, method, path, token=None, body=None, headers=None, in_line=False):
    """One request, timed into `phase` (a Phase); its status and JSON body, or (None, None)
    after a timeout or a dropped connection. `in_line`: a shed request waits in line and is
    sent again (`in_line_pause`); the phase records it as one request from the first try and
    counts the waits. A request whose connection the server closed before answering is sent
    once more, as browsers do (`Phase.resent`); a second close is a dropped connection."""
    sent_headers = dict(headers or {})
    if token:
        sent_headers["Authorization"] = f"Bearer {token}"
    started = time.monotonic()
    waits = 0
    resent = False
    try:
        while True:
            try:
                async with session.request(method, path, json=body, headers=sent_headers, timeout=TIMEOUT) as response:
                    data = await response.read()
                    pause = in_line_pause(response, started) if in_line else None
                    if pause is None:
                        break
            except (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError) as error:
                # The server closed the connection before any answer: a kept connection it
                # closed as idle (after 60 s) just as the request went out, seen as a close,
                # or as a reset when the request had reached it unread. A browser sends the
                # request once more on a new connection then, whatever its method; so does
                # this. A connection that could not be made at all is not resent.
                if resent or isinstance(error, aiohttp.ClientConnectorError):
                    raise
                resent = True
                phase.resent += 1
                continue
            phase.waits += 1
            waits += 1
            await asyncio.sleep(pause)
        phase.record(started, response.status, waits)
        try:
            return response.status, json.loads(data) if data else None
        except ValueError:
            return response.status, None
    except asyncio.TimeoutError:
        phase.timeouts += 1
    except aiohttp.ClientError as error:
        phase.dropped += 1
        print(f"dropped: {phase.name} {method} {path}: {error!r}", file=sys.stderr)
    return None, None


def answer_for(question, right):
    """An answer to `question`, right or wrong on purpose (the seeded questions' keys are known by
    their texts: the ids a student sees are aliases of the attempt)."""
    kind, qid = question["kind"], question["id"]
    by_text = lambda entries: {entry["text"]: entry["id"] for entry in entries or []}
    if kind == "single_choice":
        choices = by_text(question["choices"])
        wrong = [id for text, id in choices.items() if text != "Choice a"]
        return {"questionId": qid, "choiceIds": [choices["Choice a"] if right else random.choice(wrong)]}
    if kind == "multiple_choice":
        choices = by_text(question["choices"])
        return {"questionId": qid, "choiceIds": [choices["Choice a"], choices["Choice b"]] if right else [choices["Choice a"]]}
    if kind == "true_false":
        return {"questionId": qid, "value": right}
    if kind == "short_answer":
        return {"questionId": qid, "text": "Paris" if right else "Lyon \"quoted\" é"}
    if kind == "numerical":
        return {"questionId": qid, "number": 3.1415 if right else 2.71}
    options = by_text(question["options"])
    return {"questionId": qid, "matches": {item["id"]: options[item["text"].replace("Item", "Option") if right else "Option x"]
                                           for item in question["items"]}}


def same(given, stored):
    keys = ("choiceIds", "value", "text", "number", "matches")
    normal = lambda answer: {k: (sorted(answer[k]) if k == "choiceIds" else answer[k]) for k in keys if answer.get(k) is not None}
    return normal(given) == normal(stored)


def save_path(attempt_id):
    return f"/api/students/attempts/{attempt_id}/answers"


async def save_until_acknowledged(session, phase, attempt_id, token, answer, pauses, key=None, on_try=None):
    """Sends one save of `answer` (with its sequence) under an Idempotency-Key (`key`, else a
    fresh one), and sends it again with the same key after each failure, pausing as `pauses`
    says (an iterable of seconds), until the server acknowledges it (200). `on_try(status,
    sent, answered)` hears of every try (status None: no answer; times from time.time()).
    Returns whether it was acknowledged."""
    key = key or str(uuid.uuid4())
    for pause in itertools.chain(pauses, [None]):
        sent = time.time()
        status, _ = await call(session, phase, "PUT", save_path(attempt_id), token, body={"answers": [answer]},
                               headers={"Idempotency-Key": key})
        if on_try:
            on_try(status, sent, time.time())
        if status == 200:
            return True
        if pause is None:
            return False
        await asyncio.sleep(pause)
