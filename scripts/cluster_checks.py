"""The checks of scripts/cluster-test that speak HTTP to a load balancer and to single
replicas. Prints one line per passed check; exits 1 with the reason at the first failure.

  cluster_checks.py LB PORT0 PORT1 PORT2   the checks across replicas
  cluster_checks.py --faculty-token LB     a faculty member with courses; prints the token
  cluster_checks.py --writes LB FOLDER     writes during a rolling restart (see writes())
  cluster_checks.py --smoke URL            the main routes against one server
"""
import http.client
import json
import os
import sys
import threading
import time
import urllib.parse
import uuid

PASSWORD = "correct horse battery"


class Failed(Exception):
    pass


def call(base, method, path, body=None, token=None, source=None):
    url = urllib.parse.urlparse(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30,
                                            source_address=(source, 0) if source else None)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    try:
        payload = json.loads(data) if data else None
    except ValueError:
        payload = data.decode(errors="replace")
    return response.status, payload


def expect(condition, message):
    if not condition:
        raise Failed(message)


def email(prefix):
    return f"{prefix}-{uuid.uuid4().hex[:8]}@example.com"


def sign_up(base, role, source=None):
    address = email(role)
    status, _ = call(base, "POST", "/api/register", {"email": address, "password": PASSWORD, "role": role}, source=source)
    expect(status == 201, f"registering {address}: {status}")
    status, login = call(base, "POST", "/api/login", {"email": address, "password": PASSWORD}, source=source)
    expect(status == 200, f"logging in {address}: {status} {login}")
    return address, login


def across(lb, ports):
    replicas = [f"http://127.0.0.1:{port}" for port in ports]

    # A login on one replica, a refresh on another.
    address, _ = sign_up(lb, "faculty")
    status, login = call(replicas[0], "POST", "/api/login", {"email": address, "password": PASSWORD})
    expect(status == 200, f"login on replica 0: {status}")
    status, refreshed = call(replicas[1], "POST", "/api/token/refresh", {"refreshToken": login["refreshToken"]})
    expect(status == 200, f"refresh on replica 1 of a login on replica 0: {status} {refreshed}")
    print("a login on replica 0 is refreshed on replica 1")

    # The spent refresh token, shown to a third replica: reuse, and the session ends everywhere.
    status, _ = call(replicas[2], "POST", "/api/token/refresh", {"refreshToken": login["refreshToken"]})
    expect(status == 401, f"reuse on replica 2: {status}")
    status, _ = call(replicas[0], "GET", "/api/me", token=refreshed["token"])
    expect(status == 401, f"after reuse the session should be over on replica 0: {status}")
    print("reuse of a refresh token on replica 2 ends the session on replica 0")

    # A logout on one replica ends the token on the others (which remembered the session).
    status, login = call(replicas[0], "POST", "/api/login", {"email": address, "password": PASSWORD})
    for replica in replicas[1:] * 2:
        status, _ = call(replica, "GET", "/api/me", token=login["token"])
        expect(status == 200, f"the fresh token on {replica}: {status}")
    status, _ = call(replicas[0], "POST", "/api/logout", {}, token=login["token"])
    expect(status == 200, f"logout on replica 0: {status}")
    ended = time.monotonic()
    pending = set(replicas[1:])
    while pending:
        for replica in list(pending):
            status, _ = call(replica, "GET", "/api/me", token=login["token"])
            if status == 401:
                pending.discard(replica)
            else:
                expect(status == 200, f"during the logout: {status}")
        expect(time.monotonic() - ended < 10, f"the token still works on {pending} 10 s after the logout")
    elapsed = (time.monotonic() - ended) * 1000
    expect(elapsed <= 100, f"the other replicas ended the token only after {elapsed:.0f} ms (bound: 100 ms)")
    print(f"a logout on replica 0 ended the token on replicas 1 and 2 within {elapsed:.0f} ms (bound 100 ms)")

    # Login failures are counted across replicas, per client address behind the balancer.
    victim, _ = sign_up(lb, "student")
    for _ in range(5):
        status, _ = call(lb, "POST", "/api/login", {"email": victim, "password": "a wrong guess"}, source="127.0.0.3")
        expect(status == 400, f"a wrong password through the balancer: {status}")
    status, _ = call(lb, "POST", "/api/login", {"email": victim, "password": PASSWORD}, source="127.0.0.3")
    expect(status == 429, f"the guesser's sixth try (the replicas take turns): {status}")
    status, _ = call(lb, "POST", "/api/login", {"email": victim, "password": PASSWORD}, source="127.0.0.4")
    expect(status == 200, f"the owner from another address: {status}")
    print("5 failed logins from one client address, spread over the replicas, lock out that address only (X-Forwarded-For)")

    # Unknown course codes are counted across replicas and students, per client address.
    _, faculty = sign_up(lb, "faculty")
    status, created = call(lb, "POST", "/api/faculty/courses", {"name": "Cluster", "description": "Limits"}, token=faculty["token"])
    expect(status == 201, f"creating a course: {status}")
    code = created["course"]["courseCode"]
    guesses = [c for c in ("QQQA", "QQQB", "QQQC", "QQQD", "QQQE", "QQQF") if c != code]
    statuses = []
    for index, guess in enumerate(guesses[:6]):
        _, student = sign_up(lb, "student")
        status, _ = call(lb, "POST", "/api/students/courses/enroll", {"courseCode": guess}, token=student["token"], source="127.0.0.5")
        statuses.append(status)
    expect(statuses[:5] == [404] * 5 and statuses[5] == 429, f"unknown codes from one address: {statuses}")
    _, student = sign_up(lb, "student")
    status, _ = call(lb, "POST", "/api/students/courses/enroll", {"courseCode": code}, token=student["token"], source="127.0.0.6")
    expect(status == 201, f"a real code from another address: {status}")
    print("5 unknown course codes from one client address, by five students over the replicas, reach the limit")

    # /metrics is for the monitoring network: each replica serves it, the balancer does not,
    # in any spelling a replica would route there.
    for replica in replicas:
        status, _ = call(replica, "GET", "/metrics")
        expect(status == 200, f"GET /metrics on {replica}: {status}")
    spellings = ["/metrics", "/metrics/", "//metrics", "///metrics//", "/METRICS", "/metrics?format=text"]
    for path in spellings:
        status, _ = call(lb, "GET", path)
        expect(status in (403, 404), f"GET {path} through the balancer: {status} (should be refused)")
    print(f"GET /metrics answers 200 on each replica and is refused through the balancer ({len(spellings)} spellings)")


def faculty_token(lb):
    _, login = sign_up(lb, "faculty")
    for index in range(5):
        status, _ = call(lb, "POST", "/api/faculty/courses", {"name": f"Course {index}", "description": "Load"}, token=login["token"])
        expect(status == 201, f"creating a course: {status}")
    print(login["token"])


class Tally:
    """Writes sent during the restart and those that failed, with the first few reasons."""

    def __init__(self):
        self.lock = threading.Lock()
        self.sent = {"registrations": 0, "answer saves": 0}
        self.failed = {"registrations": 0, "answer saves": 0}
        self.reasons = []

    def count(self, kind, error=None):
        with self.lock:
            self.sent[kind] += 1
            if error is not None:
                self.failed[kind] += 1
                if len(self.reasons) < 5:
                    self.reasons.append(f"{kind}: {error}")


class Session:
    """One student's kept-alive connection to the balancer, as a browser holds it. A request
    is sent once: a failure is counted, never retried (the balancer does not retry a write
    either), and the next request opens a new connection."""

    def __init__(self, base, source, token):
        self.url = urllib.parse.urlparse(base)
        self.source = source
        self.token = token
        self.connection = None

    def send(self, method, path, body):
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.url.hostname, self.url.port, timeout=30, source_address=(self.source, 0))
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {self.token}"}
        try:
            self.connection.request(method, path, json.dumps(body), headers)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.connection.close()
            self.connection = None
            return None, repr(error)
        if response.will_close:
            self.connection.close()
            self.connection = None
        return response.status, data.decode(errors="replace")


def writes(lb, folder, registrations=40, students=4):
    """Registrations and answer saves through the balancer while scripts/cluster-test
    restarts the replicas one by one. Sets up an exam (a faculty member, a course, a
    published exam; students who enrolled and started an attempt), writes FOLDER/writes.ready,
    then until FOLDER/writes.stop appears: the students save answers in a loop on kept-alive
    connections, and one registration is sent every 0.3 s (at most `registrations`). Every
    client has an address of its own (127.0.1.x registers, 127.0.2.x takes the exam), so no
    per-address limit comes into play and none needs lifting. Prints the counts; exit 1 when
    a write failed."""
    _, faculty = sign_up(lb, "faculty", source="127.0.2.1")
    status, created = call(lb, "POST", "/api/faculty/courses", {"name": "Rolling", "description": "Writes during a restart"},
                           token=faculty["token"], source="127.0.2.1")
    expect(status == 201, f"creating a course: {status} {created}")
    course = created["course"]
    exam_draft = {"title": "Rolling restart", "timeLimitMinutes": None, "maxAttempts": 1, "questions": [
        {"kind": "single_choice", "prompt": "Which?", "points": 1,
         "choices": [{"id": "a", "text": "A"}, {"id": "b", "text": "B"}], "answer": "a"}]}
    status, exam = call(lb, "POST", f"/api/faculty/courses/{course['id']}/exams", exam_draft, token=faculty["token"], source="127.0.2.1")
    expect(status == 201, f"creating an exam: {status} {exam}")
    status, published = call(lb, "POST", f"/api/faculty/exams/{exam['id']}/publish", {}, token=faculty["token"], source="127.0.2.1")
    expect(status == 200, f"publishing the exam: {status} {published}")
    sessions = []
    for index in range(students):
        source = f"127.0.2.{index + 2}"
        _, student = sign_up(lb, "student", source=source)
        status, _ = call(lb, "POST", "/api/students/courses/enroll", {"courseCode": course["courseCode"]}, token=student["token"], source=source)
        expect(status == 201, f"enrolling: {status}")
        status, attempt = call(lb, "POST", f"/api/students/exams/{exam['id']}/attempts", {}, token=student["token"], source=source)
        expect(status == 201, f"starting an attempt: {status} {attempt}")
        sessions.append((Session(lb, source, student["token"]), attempt))

    tally = Tally()
    stop = os.path.join(folder, "writes.stop")

    def take_exam(session, attempt):
        question = attempt["questions"][0]
        # The ids a student sees are the attempt's aliases of the author's ("a", "b").
        choices = [entry["id"] for entry in question["choices"]]
        path = f"/api/students/attempts/{attempt['attemptId']}/answers"
        choice = 0
        while not os.path.exists(stop) and os.path.isdir(folder):
            choice = 1 - choice
            status, body = session.send("PUT", path, {"answers": [{"questionId": question["id"], "choiceIds": [choices[choice]]}]})
            tally.count("answer saves", None if status == 200 else f"{status} {body}")
            time.sleep(0.05)

    def register():
        for index in range(registrations):
            if os.path.exists(stop) or not os.path.isdir(folder):
                break
            address = email("rolling")
            try:
                status, body = call(lb, "POST", "/api/register", {"email": address, "password": PASSWORD, "role": "student"},
                                    source=f"127.0.1.{index + 1}")
                tally.count("registrations", None if status == 201 else f"{status} {body}")
            except (OSError, http.client.HTTPException) as error:
                tally.count("registrations", repr(error))
            time.sleep(0.3)

    threads = [threading.Thread(target=take_exam, args=pair) for pair in sessions] + [threading.Thread(target=register)]
    for thread in threads:
        thread.start()
    open(os.path.join(folder, "writes.ready"), "w").close()
    for thread in threads:
        thread.join()
    sent = sum(tally.sent.values())
    failed = sum(tally.failed.values())
    expect(tally.sent["registrations"] > 0 and tally.sent["answer saves"] > 0, f"no writes were sent: {tally.sent}")
    print(f"{tally.sent['registrations']} registrations and {tally.sent['answer saves']} answer saves "
          f"({students} students) through the balancer, none retried: {failed} failed")
    expect(failed == 0, f"{failed} of {sent} writes failed: " + "; ".join(tally.reasons))


def smoke(base):
    address, login = sign_up(base, "faculty")
    status, refreshed = call(base, "POST", "/api/token/refresh", {"refreshToken": login["refreshToken"]})
    expect(status == 200, f"refresh: {status}")
    status, me = call(base, "GET", "/api/me", token=refreshed["token"])
    expect(status == 200 and me["email"] == address, f"me: {status}")
    status, created = call(base, "POST", "/api/faculty/courses", {"name": "Pooled", "description": "Via PgBouncer"}, token=refreshed["token"])
    expect(status == 201, f"create course: {status}")
    _, student = sign_up(base, "student")
    status, _ = call(base, "POST", "/api/students/courses/enroll", {"courseCode": created["course"]["courseCode"]}, token=student["token"])
    expect(status == 201, f"enroll: {status}")
    status, courses = call(base, "GET", "/api/faculty/courses", token=refreshed["token"])
    expect(status == 200 and courses[0]["enrollmentCount"] == 1, f"courses: {status} {courses}")
    status, _ = call(base, "POST", "/api/logout", {}, token=refreshed["token"])
    expect(status == 200, f"logout: {status}")
    status, _ = call(base, "GET", "/api/me", token=refreshed["token"])
    expect(status == 401, f"after logout: {status}")
    print("register, login, refresh, me, course, enroll, logout all answered as expected")


def main():
    try:
        if sys.argv[1] == "--faculty-token":
            faculty_token(sys.argv[2])
        elif sys.argv[1] == "--writes":
            writes(sys.argv[2], sys.argv[3])
        elif sys.argv[1] == "--smoke":
            smoke(sys.argv[2])
        else:
            across(sys.argv[1], sys.argv[2:5])
    except Failed as failure:
        print(f"FAILED: {failure}")
        sys.exit(1)


if __name__ == "__main__":
    main()
