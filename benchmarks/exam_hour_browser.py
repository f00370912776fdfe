"""The exam hour's browser-shaped student (exam_hour.py --mode browser): what a browser with
the page's script does. It signs in with the sign-in form (its pre-session cookie and CSRF
token), starts the attempt with the start page's form, loads each question's page (one GET
with the session cookie: the "page" phase), autosaves each answer as the page's script does
(PUT /attempts/{id}/answers with the cookie, X-CSRF-Token, an Idempotency-Key and a sequence:
the API's save at the page's path), one in ten reloads its page on a new connection midway,
and submits with the summary's form. A sign-in or a start shed in a surge (503, Retry-After)
waits in line and is sent again, as the page's script does. The check reads the graded attempt back as JSON through
the same session (GET /attempts/{id}, Accept: application/json)."""
import asyncio
import random
from html import unescape
import re
import time
import uuid

import aiohttp

import exam_hour
from exam_hour import PASSWORD, PHASES, TIMEOUT, Phase, Student, answer_for
from exam_students import in_line_pause, student_connector

PHASES.setdefault("page", Phase("page"))
CSRF = re.compile(r'name="csrf" value="([^"]*)"')
KIND = {"single": "single_choice", "multiple": "multiple_choice", "truefalse": "true_false", "text": "short_answer",
        "number": "numerical", "matching": "matching"}


async def page_call(session, phase, method, path, form=None, body=None, headers=None, in_line=False):
    """One page request: its status, Location and text (HTML or JSON), or (None, None, None).
    `in_line`: a 503 with Retry-After is waited out and the form sent again, as the sign-in
    and start pages' script does (`in_line_pause`); the phase records the wait as one request
    from the first try and counts the waits."""
    started = time.monotonic()
    waits = 0
    try:
        while True:
            async with session.request(method, path, data=form, json=body, headers=headers or {}, allow_redirects=False,
                                       timeout=TIMEOUT) as response:
                text = await response.text()
                pause = in_line_pause(response, started) if in_line else None
                if pause is not None:
                    PHASES[phase].waits += 1
                    waits += 1
                    await asyncio.sleep(pause)
                    continue
                PHASES[phase].record(started, response.status, waits)
                return response.status, response.headers.get("Location"), text
    except asyncio.TimeoutError:
        PHASES[phase].timeouts += 1
    except aiohttp.ClientError:
        PHASES[phase].dropped += 1
    return None, None, None


def question_of(html):
    """The page's question as answer_for needs it: id, kind, and its choices, items and options
    with their texts, under the aliases the page shows (as the API would)."""
    qid = int(re.search(r'name="question" value="(\d+)"', html).group(1))
    kind = KIND[re.search(r'data-kind="([a-z]+)"', html).group(1)]
    labels = {target: unescape(text) for target, text in re.findall(r'<label for="([^"]*)">([^<]*)</label>', html)}
    choices = [{"id": unescape(alias), "text": labels.get(input_id, "")}
               for input_id, alias in re.findall(r'name="choice" id="([^"]*)" value="([^"]*)"', html)]
    items = [{"id": unescape(alias), "text": labels.get(select_id, "")}
             for select_id, alias in re.findall(r'<select id="([^"]*)" name="match-([^"]*)"', html)]
    options = {unescape(alias): unescape(text) for alias, text in re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', html)}
    return {"id": qid, "kind": kind, "prompt": "", "choices": choices, "items": items,
            "options": [{"id": alias, "text": text} for alias, text in options.items()]}


class BrowserStudent(Student):
    def session(self):
        connector = student_connector()
        # A loopback address is no domain: the jar must be told to keep its cookies.
        self.jar = getattr(self, "jar", None) or aiohttp.CookieJar(unsafe=True)
        return aiohttp.ClientSession(self.args.base, connector=connector, cookie_jar=self.jar)

    async def run(self):
        session = self.session()
        try:
            await asyncio.sleep(max(0.0, self.plan["login_at"] - time.monotonic()))
            status, _, html = await page_call(session, "login", "GET", "/login")
            if status != 200:
                return
            form = {"csrf": CSRF.search(html).group(1), "email": self.email, "password": PASSWORD}
            status, _, _ = await page_call(session, "login", "POST", "/login", form=form, headers={"Sec-Fetch-Site": "same-origin"},
                                           in_line=True)
            if status != 303:
                return
            await self.wait_to_start()
            status, _, html = await page_call(session, "start", "GET", f"/exams/{self.args.exam}")
            if status != 200:
                return
            self.csrf = CSRF.search(html).group(1)
            # A start shed with 503 + Retry-After waits in line, as the start page's script does.
            status, location, _ = await page_call(session, "start", "POST", f"/exams/{self.args.exam}/attempts", form={"csrf": self.csrf},
                                                  in_line=True)
            if status != 303 or not location:
                return
            attempt_id = int(location.rsplit("/", 1)[1])
            self.attempt = {"attemptId": attempt_id}
            for position in range(16):
                think = random.uniform(5, 25) * self.plan["scale"]
                if time.monotonic() + think > self.plan["answer_until"]:
                    break
                if position == self.plan["drop_at"]:
                    await session.close()
                    session = self.session()
                status, _, html = await page_call(session, "page", "GET", f"/attempts/{attempt_id}?q={position + 1}")
                if status != 200:
                    return
                await asyncio.sleep(think)
                await self.save(session, answer_for(question_of(html), random.random() < 0.7))
            if self.plan["never_submits"]:
                return
            await asyncio.sleep(max(0.0, self.plan["submit_at"] - time.monotonic()))
            await page_call(session, "submit", "POST", f"/attempts/{attempt_id}/submit", form={"csrf": self.csrf})
        finally:
            await session.close()

    async def save(self, session, answer):
        self.sequence += 1
        answer = dict(answer, sequence=self.sequence)
        headers = {"X-CSRF-Token": self.csrf, "Idempotency-Key": str(uuid.uuid4()), "Accept": "application/json"}
        for retry in range(4):
            status, _, _ = await page_call(
                session, "save", "PUT", f"/attempts/{self.attempt['attemptId']}/answers", body={"answers": [answer]}, headers=headers)
            if status == 200:
                self.acked[answer["questionId"]] = answer
                return
            await asyncio.sleep(min(8, 2 ** retry))
        self.unacked += 1

    async def graded_answers(self):
        """The attempt as graded, read through this browser's session."""
        async with self.session() as session:
            status, _, text = await page_call(session, "check", "GET", f"/attempts/{self.attempt['attemptId']}",
                                              headers={"Accept": "application/json"})
        return (status, exam_hour.json.loads(text)) if status == 200 else (status, None)
