"""The exam hour, played against a running server (benchmarks/exam-hour starts it and seeds
the course): STUDENTS students, each on a connection of its own and all from one address,

1. log in within 10 s (the login surge), or with --lead SECONDS over that many seconds before
   the exam's start, as students arrive in a school (they stay signed in, no hash again);
2. start the exam's attempt within 10 s of logging in, or within 10 s of the start;
3. answer its 16 questions one by one with a think time of 5-25 s (scaled down when the exam
   is too short to hold it), saving each answer with an Idempotency-Key and a sequence, and
   sending a save again (same key) when it fails, as the client library does; one student in
   ten drops its connection once and resumes (re-reads its attempt on a new connection);
4. submit within the last 20 s of the exam; one in a hundred never submits, and the server
   must submit those attempts itself at the deadline.

Then every acknowledged save is compared with the answers the server graded, and the table
is printed: per phase the count, throughput and p50/p95/p99 latency, every answer that was
not 2xx by status, timeouts and dropped connections, answers lost, the server's peak RSS and
CPU time per request (server, PostgreSQL, this generator).

Usage: python3 exam_hour.py --base URL --token FACULTY_TOKEN --exam ID --closes-at EPOCH
       --students N --server-pid PID --postmaster-pid PID [--json OUT]
"""
import argparse
import asyncio
import gc
import json
import os
import random
import resource
import time

import aiohttp

import server_latency
from exam_students import TIMEOUT, Phase, answer_for, call, same, save_until_acknowledged, student_connector

PASSWORD = "exam hour password"
# The teacher benchmarks/seed-exam signs up.
TEACHER = "teacher@school.example"
TICK = os.sysconf("SC_CLK_TCK")

LOOP = os.environ.get("EXAM_HOUR_LOOP", "uvloop")
PHASES = {name: Phase(name) for name in ("health", "login", "refresh", "start", "save", "resume", "submit", "check", "paced health")}

# The routes whose latency the server's own histogram gives beside the generator's figures:
# phase, method, the route's pattern as the server labels it (the API's, or the pages' in the
# browser-shaped hour), and the target in seconds (a bound of the server's histogram).
PARAMETER = r"(\{\w+\}|:\w+)"
SERVER_SIDE = (
    ("login", "POST", r"/api/login|/login", 5.0),
    ("start", "POST", rf"(/api/students)?/exams/{PARAMETER}/attempts", 1.0),
    ("page", "GET", rf"/attempts/{PARAMETER}", 0.05),
    ("save", "PUT", rf"(/api/students)?/attempts/{PARAMETER}/answers", 0.025),
    ("submit", "POST", rf"(/api/students)?/attempts/{PARAMETER}/submit", 2.5),
)


async def swept(session, token, attempt_ids, until):
    """How many of `attempt_ids` the server's deadline sweep submitted: those whose log (the
    teacher's `…/events`, a read that submits nothing) holds an `auto_submitted` event, asked
    again until all have one or `until` (monotonic) has passed. Every other read of an attempt
    or of a list of them submits what is due itself, so a dead sweep would go unseen there."""
    pending = set(attempt_ids)
    while True:
        for attempt_id in sorted(pending):
            status, events = await call(session, PHASES["check"], "GET", f"/api/faculty/attempts/{attempt_id}/events?limit=200", token)
            if status == 200 and any(event.get("kind") == "auto_submitted" for event in events):
                pending.discard(attempt_id)
        if not pending or time.monotonic() > until:
            return len(attempt_ids) - len(pending)
        await asyncio.sleep(1)


async def every_page(session, path, token):
    """Every element of a list, following its `Link: <…>; rel="next"` headers."""
    items = []
    while path:
        started = time.monotonic()
        async with session.get(path, headers={"Authorization": f"Bearer {token}"}, timeout=TIMEOUT) as response:
            PHASES["check"].record(started, response.status)
            if response.status != 200:
                break
            items += await response.json()
            link = response.headers.get("Link", "")
            path = link[link.index("<") + 1:link.index(">")] if 'rel="next"' in link else None
    return items


class Student:
    def __init__(self, index, args, plan):
        self.index = index
        self.args = args
        self.plan = plan
        self.email = f"student{index}@school.example"
        self.token = None
        self.expires = 0
        self.refresh_token = None
        self.attempt = None
        self.acked = {}
        self.sequence = 0
        self.lost = 0
        self.unacked = 0

    def session(self):
        connector = student_connector()
        return aiohttp.ClientSession(self.args.base, connector=connector)

    async def wait_to_start(self):
        """Until the student starts the attempt: a few seconds after signing in in the surge, the
        exam's start (and a few seconds) for one who signed in before it."""
        start_at = self.plan["start_at"]
        await asyncio.sleep(max(0.0, start_at - time.monotonic()) if start_at else random.uniform(0.2, 9.5))

    async def run(self):
        session = self.session()
        try:
            await asyncio.sleep(max(0.0, self.plan["login_at"] - time.monotonic()))
            status, body = await call(session, PHASES["login"], "POST", "/api/login", body={"email": self.email, "password": PASSWORD},
                                      in_line=True)
            if status != 200:
                return
            self.signed_in(body)
            await self.wait_to_start()
            # A start shed with 503 + Retry-After waits in line, as the client library's does.
            status, body = await call(session, PHASES["start"], "POST", f"/api/students/exams/{self.args.exam}/attempts",
                                      await self.fresh_token(session), in_line=True)
            if status not in (200, 201):
                return
            self.attempt = body
            questions = body["questions"]
            drop_at = self.plan["drop_at"]
            for position, question in enumerate(questions):
                think = random.uniform(5, 25) * self.plan["scale"]
                if time.monotonic() + think > self.plan["answer_until"]:
                    break
                await asyncio.sleep(think)
                if position == drop_at:
                    await session.close()
                    session = self.session()
                    status, body = await call(session, PHASES["resume"], "GET", f"/api/students/attempts/{self.attempt['attemptId']}",
                                              await self.fresh_token(session))
                    if status == 200:
                        self.compare(body["answers"], "resumed")
                await self.save(session, answer_for(question, random.random() < 0.7))
            if self.plan["never_submits"]:
                return
            await asyncio.sleep(max(0.0, self.plan["submit_at"] - time.monotonic()))
            await call(session, PHASES["submit"], "POST", f"/api/students/attempts/{self.attempt['attemptId']}/submit",
                       await self.fresh_token(session), body={"answers": []})
        finally:
            await session.close()

    async def save(self, session, answer):
        self.sequence += 1
        answer = dict(answer, sequence=self.sequence)
        # Four tries, 1, 2 and 4 s apart.
        if await save_until_acknowledged(session, PHASES["save"], self.attempt["attemptId"], await self.fresh_token(session), answer,
                                         [1, 2, 4]):
            self.acked[answer["questionId"]] = answer
        else:
            self.unacked += 1

    def signed_in(self, body):
        """Keeps the tokens of a login's or a refresh's answer."""
        self.token, self.expires, self.refresh_token = body["token"], body["exp"], body["refreshToken"]

    async def fresh_token(self, session):
        """The access token, refreshed first when it expires within 30 s, as the client library
        does: a student who signed in well before the start outlives the first one (15 min). A
        refresh shed with 503 + Retry-After waits in line, as the client library's does."""
        if self.refresh_token and time.time() > self.expires - 30:
            status, body = await call(session, PHASES["refresh"], "POST", "/api/token/refresh", body={"refreshToken": self.refresh_token},
                                      in_line=True)
            if status == 200:
                self.signed_in(body)
        return self.token

    def compare(self, stored_answers, when):
        stored = {answer["questionId"]: answer for answer in stored_answers}
        lost = sum(1 for qid, given in self.acked.items() if qid not in stored or not same(given, stored[qid]))
        if when == "graded":
            self.lost = lost
        return lost


def memory_kib(pid, field):
    """A VmRSS or VmHWM figure of /proc/PID/status, in KiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def postgres_cpu(postmaster):
    total = 0.0
    with open(f"/proc/{postmaster}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    total += sum(int(value) for value in fields[11:15]) / TICK
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == postmaster:
                total += (int(fields[11]) + int(fields[12])) / TICK
        except (OSError, IndexError, ValueError):
            pass
    return total


def own_cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class CPU:
    """CPU seconds of the server, PostgreSQL and this generator."""

    def __init__(self, args):
        self.args = args

    def now(self):
        return (cpu_seconds(self.args.server_pid), postgres_cpu(self.args.postmaster_pid), own_cpu())


async def health_round(args, cpu, requests=4000, connections=32):
    before = cpu.now()
    async with aiohttp.ClientSession(args.base, connector=aiohttp.TCPConnector(limit=connections)) as session:
        async def worker(count):
            for _ in range(count):
                await call(session, PHASES["health"], "GET", "/health")
        await asyncio.gather(*(worker(requests // connections) for _ in range(connections)))
    after = cpu.now()
    return (after[0] - before[0]) / PHASES["health"].count()


async def paced_health_round(args, cpu, rate, seconds=10, connections=64):
    """GET /health at `rate` per second, each request on its own as the exam's saves arrive:
    the server's CPU per request when it is not flat out (every request then pays for waking
    the threads it goes through), to set a save's CPU against."""
    count = max(20, int(rate * seconds))
    before = cpu.now()
    async with aiohttp.ClientSession(args.base, connector=aiohttp.TCPConnector(limit=connections)) as session:
        begin = time.monotonic()
        sent = []
        for index in range(count):
            await asyncio.sleep(max(0.0, begin + index / rate - time.monotonic()))
            sent.append(asyncio.create_task(call(session, PHASES["paced health"], "GET", "/health")))
        await asyncio.gather(*sent)
    after = cpu.now()
    return (after[0] - before[0]) / count


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--exam", type=int, required=True)
    parser.add_argument("--closes-at", type=float, required=True)
    parser.add_argument("--students", type=int, required=True)
    parser.add_argument("--server-pid", type=int, required=True)
    parser.add_argument("--postmaster-pid", type=int, required=True)
    parser.add_argument("--json")
    parser.add_argument("--mode", choices=["api", "browser"], default="api")
    parser.add_argument("--lifted", default="",
                        help="the server's settings that differ from their defaults (NAME=value, space-separated), for the table")
    parser.add_argument("--lead", type=float, default=0,
                        help="students sign in over this many seconds before the start (0: all within 10 s, then start)")
    args = parser.parse_args()
    cpu = CPU(args)

    health_cpu = await health_round(args, cpu)
    # The server's histograms before the first student and every 10 s after (scrape_server):
    # the first scrape after the last sign-in starts the slice "after the sign-ins" as the
    # generator's figures have one.
    async with aiohttp.ClientSession(args.base) as session:
        scrapes = [(time.monotonic(), await server_latency.scrape(session))]

    start = time.monotonic()
    opening = start + args.lead
    end = start + (args.closes_at - time.time())
    answer_until = end - 20
    available = max(1.0, answer_until - opening - 20)
    scale = min(1.0, available / (16 * 15))
    plans = []
    for index in range(args.students):
        plans.append({
            "login_at": start + (args.lead or 10) * index / args.students,
            "start_at": opening + random.uniform(0.2, 10) if args.lead else None,
            "scale": scale,
            "answer_until": answer_until,
            "drop_at": random.randrange(1, 16) if index % 10 == 3 else -1,
            "never_submits": index % 100 == 7,
            "submit_at": end - random.uniform(1, 20),
        })
    if args.mode == "browser":
        from exam_hour_browser import BrowserStudent as kind
    else:
        kind = Student
    students = [kind(index, args, plan) for index, plan in enumerate(plans)]
    # Python's collector of reference cycles stops this whole generator while it walks every
    # object it tracks: with 5,000 students' sessions, most of a second every 15 s or so, after
    # which the requests held back reach the server in one burst (its pool then has a hundred
    # waiting). 5,000 students on their own machines never pause together, so the collector is
    # off for the hour (what it would free is a few cycles per request, kept until the end).
    gc.freeze()
    gc.disable()
    marks = {"start": cpu.now(), "start_time": time.monotonic()}

    async def mark_answering():
        # The answering window opens once the sign-ins are over (none answered for 15 s, so
        # every start, which comes within 10 s of its sign-in, is made too): before then the
        # hashing of a long surge would be counted as the saves' CPU.
        await asyncio.sleep(max(0.0, opening + 40 - time.monotonic()))
        logins = PHASES["login"]
        while time.monotonic() < answer_until - 30 and (logins.last is None or time.monotonic() - logins.last < 15):
            await asyncio.sleep(1)
        marks["answering"] = (cpu.now(), sum(PHASES[name].count() for name in ("save", "resume", "page") if name in PHASES), time.monotonic())
        await asyncio.sleep(max(0.0, answer_until - time.monotonic()))
        marks["answered"] = (cpu.now(), sum(PHASES[name].count() for name in ("save", "resume", "page") if name in PHASES), time.monotonic())
        marks["answering_rss_kib"] = memory_kib(args.server_pid, "VmRSS")

    # How late this generator's own loop wakes up: when it is late, every latency it measures
    # then is too long by as much, and the figures say more about it than about the server.
    lags = []

    async def watch_lag():
        while True:
            before = time.monotonic()
            await asyncio.sleep(0.1)
            lags.append((before, time.monotonic() - before - 0.1))

    async def scrape_server():
        async with aiohttp.ClientSession(args.base) as session:
            while True:
                await asyncio.sleep(10)
                try:
                    scrapes.append((time.monotonic(), await server_latency.scrape(session)))
                except aiohttp.ClientError:
                    pass

    marker = asyncio.create_task(mark_answering())
    watcher = asyncio.create_task(watch_lag())
    scraper = asyncio.create_task(scrape_server())
    await asyncio.gather(*(student.run() for student in students))
    await marker
    watcher.cancel()
    scraper.cancel()
    async with aiohttp.ClientSession(args.base) as session:
        scrapes.append((time.monotonic(), await server_latency.scrape(session)))
    marks["end"] = cpu.now()

    # The server submits what was not submitted (deadline + the sweep's interval), then every
    # attempt is read back and compared with what its student saw acknowledged.
    await asyncio.sleep(max(0.0, end + 8 - time.monotonic()))
    async with aiohttp.ClientSession(args.base, connector=aiohttp.TCPConnector(limit=16)) as session:
        # The teacher signs in again: the token of the seeding has expired when the students
        # signed in well before the start (an access token lasts 15 min).
        async with session.post("/api/login", json={"email": TEACHER, "password": PASSWORD}) as response:
            teacher = (await response.json())["token"] if response.status == 200 else args.token
        # First the sweep's own work, before any read that submits what is due (the list below
        # and the students' reads do): the attempts nobody submitted, each submitted by the sweep
        # within a minute past the deadline (it runs every 2 s).
        forgotten = [student.attempt["attemptId"] for student in students if student.attempt and student.plan["never_submits"]]
        sweep_submitted = await swept(session, teacher, forgotten, end + 60)
        listed = await every_page(session, f"/api/faculty/exams/{args.exam}/attempts?limit=200", teacher)
        semaphore = asyncio.Semaphore(16)

        async def check(student):
            if not student.attempt:
                return
            async with semaphore:
                if student.token:
                    status, body = await call(session, PHASES["check"], "GET", f"/api/students/attempts/{student.attempt['attemptId']}",
                                              await student.fresh_token(session))
                else:
                    status, body = await student.graded_answers()
            if status == 200:
                student.compare(body["answers"], "graded")
            else:
                student.lost = len(student.acked)

        await asyncio.gather(*(check(student) for student in students))

    save_rate = PHASES["save"].rate()
    paced_health_cpu = await paced_health_round(args, cpu, save_rate) if save_rate > 0 else None

    rss_kib = memory_kib(args.server_pid, "VmHWM")
    submitted = [attempt for attempt in listed if attempt.get("submittedAt")]
    report = {
        "students": args.students,
        "lead": args.lead,
        "lifted": args.lifted.split(),
        "phases": {
            name: {
                "count": phase.count(), "rate": phase.rate(), "p50": phase.percentile(0.5), "p95": phase.percentile(0.95),
                "p99": phase.percentile(0.99), "failures": phase.failures(), "timeouts": phase.timeouts, "dropped": phase.dropped,
                "waits": phase.waits, "waited": phase.waited, "longest_wait": phase.longest_wait, "resent": phase.resent,
            } for name, phase in PHASES.items()
        },
        "attempts": len(listed),
        "submitted": len(submitted),
        "auto_submitted": sum(1 for attempt in submitted if attempt.get("autoSubmitted")),
        "sweep_submitted": sweep_submitted,
        "never_submitting": sum(1 for plan in plans if plan["never_submits"]),
        "acknowledged_saves": sum(len(student.acked) for student in students),
        "answers_lost": sum(student.lost for student in students),
        "saves_never_acknowledged": sum(student.unacked for student in students),
        "peak_rss_mib": rss_kib / 1024,
        "answering_rss_mib": marks.get("answering_rss_kib", 0) / 1024,
        "health_cpu_us": 1e6 * health_cpu,
        "mode": args.mode, "loop": LOOP,
    }
    # The pages and saves sent once every student was signed in: the exam apart from the
    # sign-in surge, whose hashing shares the cores with them.
    signed_in = PHASES["login"].last
    if signed_in is not None:
        report["after_sign_ins"] = {
            name: {"count": later.count(), "p50": later.percentile(0.5), "p95": later.percentile(0.95), "p99": later.percentile(0.99)}
            for name in ("page", "save") if name in PHASES for later in [PHASES[name].since(signed_in)]
        }
        report["after_sign_ins_seconds"] = signed_in - marks["start_time"]
    if len(scrapes) >= 2:
        first, last = scrapes[0][1], scrapes[-1][1]
        later = next((scraped for moment, scraped in scrapes if signed_in is not None and moment >= signed_in), None)
        report["server_side"] = {
            phase: {
                "all": server_latency.summary(first, last, method, pattern, target),
                "after_sign_ins": server_latency.summary(later, last, method, pattern, target) if later else None,
            } for phase, method, pattern, target in SERVER_SIDE
        }
        report["pool_waits"] = {
            "all": server_latency.pool_waits(first, last),
            "after_sign_ins": server_latency.pool_waits(later, last) if later else None,
        }
    if lags:
        ordered = sorted(lag for _, lag in lags)
        during = sorted(lag for moment, lag in lags if signed_in is None or moment < signed_in) or [0.0]
        report["generator_lag"] = {
            "p99": ordered[int(0.99 * (len(ordered) - 1))], "max": ordered[-1],
            "p99_during_sign_ins": during[int(0.99 * (len(during) - 1))],
        }
    if paced_health_cpu is not None:
        report["paced_health_cpu_us"] = 1e6 * paced_health_cpu
    total_requests = sum(PHASES[name].count() for name in ("login", "start", "page", "save", "resume", "submit") if name in PHASES)
    spent = [after - before for before, after in zip(marks["start"], marks["end"])]
    report["cpu_us_per_request"] = {
        "server": 1e6 * spent[0] / max(1, total_requests), "postgres": 1e6 * spent[1] / max(1, total_requests),
        "generator": 1e6 * spent[2] / max(1, total_requests),
    }
    report["generator_cpu_share"] = spent[2] / max(1e-9, sum(spent))
    if "answered" in marks and marks["answered"][2] - marks["answering"][2] >= 10:
        (before, count_before, _), (after, count_after, _) = marks["answering"], marks["answered"]
        saves = max(1, count_after - count_before)
        report["save_cpu_us"] = {
            "server": 1e6 * (after[0] - before[0]) / saves, "postgres": 1e6 * (after[1] - before[1]) / saves,
            "generator": 1e6 * (after[2] - before[2]) / saves,
        }
    trace = os.environ.get("EXAM_HOUR_TRACE")
    if trace:
        with open(trace, "w") as output:
            origin = marks["start_time"]
            json.dump({
                "saves": [(started - origin, latency) for started, latency in zip(PHASES["save"].starts, PHASES["save"].latencies)],
                "lags": [(moment - origin, lag) for moment, lag in lags],
                "signed_in": (signed_in - origin) if signed_in is not None else None,
                "origin_wall": time.time() - (time.monotonic() - origin),
            }, output)
    print(json.dumps(report))
    if args.json:
        with open(args.json, "w") as output:
            json.dump(report, output, indent=2)


if __name__ == "__main__":
    # exam_hour_browser imports this module by name: let it find this run's PHASES.
    import sys
    sys.modules.setdefault("exam_hour", sys.modules["__main__"])
    # The event loop (EXAM_HOUR_LOOP, benchmarks/exam-hour): uvloop spends less of the two
    # cores on the generator, and its loop wakes up late less often, which this generator
    # would count in every latency it measures; asyncio's own loop for comparison.
    if LOOP == "uvloop":
        import uvloop
        uvloop.run(main())
    else:
        asyncio.run(main())
