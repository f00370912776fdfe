// ExamPrep's one script: progressive enhancement of the sign-in forms, the attempt page and
// the faculty's live exam hour.
// Without it every page works (forms post and redirect). With it: signing in waits in line
// through a sign-in surge; answers are saved as they are given, through the
// same save as the API's (Idempotency-Key, sequence), queued in localStorage until the server
// has them; a countdown to the server's deadline; flags without a reload; sign-in in place.
"use strict";

// --- The exam hour, live (faculty): the list of attempts asks the server for itself again
// every 5 seconds (an HTML fragment the server escaped), keeping the focus where it was. ---
(function refreshLive() {
  var live = document.getElementById("live");
  if (!live || !window.fetch) return;
  setInterval(function () {
    if (document.hidden) return;
    fetch(live.getAttribute("data-live"), { credentials: "same-origin", headers: { Accept: "text/html" } }).then(function (response) {
      return response.ok ? response.text() : null;
    }).then(function (html) {
      if (html === null) return;
      var focused = live.contains(document.activeElement) ? document.activeElement.id : "";
      live.innerHTML = html;
      var again = focused && document.getElementById(focused);
      if (again) again.focus();
    }).catch(function () { /* offline: the next turn tries again */ });
  }, 5000);
})();

// --- Forms that wait in line (signing in or creating an account during a sign-in surge, starting
// an attempt when a whole class starts at once): the server sheds what it cannot serve in time
// with 503 and Retry-After; the form then waits in line and sends itself again, saying so (its
// data-in-line gives the reason, data-sending what is happening, data-waiting the wait), instead of showing an error. ---
(function enhanceInLine() {
  var form = document.querySelector("form[data-in-line]");
  var status = document.querySelector("[data-line-status]");
  if (!form || !status || !window.fetch || !window.URLSearchParams) return;
  var sending = false, waitedSince = 0;
  function show(text) { status.textContent = text; status.hidden = false; }
  function replacePage(html) {
    // The server's page in place of this one, whole (its title, its message), as a
    // navigation would show it; its script elements stay inert, this one enhances it again.
    var page = new DOMParser().parseFromString(html, "text/html");
    document.replaceChild(document.adoptNode(page.documentElement), document.documentElement);
    enhanceInLine();
    var focus = document.querySelector("[role=alert], h1");
    if (focus) { focus.setAttribute("tabindex", "-1"); focus.focus(); }
  }
  function send(body) {
    return fetch(form.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }
    }).then(function (response) {
      var after = Number(response.headers.get("Retry-After"));
      // Ten minutes in line at most; then the page says what the server said.
      if (response.status === 503 && after > 0 && Date.now() - waitedSince < 600000) {
        var seconds = Math.min(after, 60) + Math.random() * Math.min(after, 5);
        show(form.getAttribute("data-in-line") + " " + (form.getAttribute("data-waiting") || "").replace("{seconds}", Math.ceil(seconds)));
        return new Promise(function (resolve) { setTimeout(resolve, seconds * 1000); }).then(function () { return send(body); });
      }
      if (response.redirected) { location.assign(response.url); return; }
      return response.text().then(replacePage);
    });
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (sending) return;
    sending = true;
    waitedSince = Date.now();
    show(form.getAttribute("data-sending"));
    send(new URLSearchParams(new FormData(form)).toString()).catch(function () {
      // The connection failed: let the browser send the form itself and show what happens.
      sending = false;
      form.submit();
    });
  });
})();

// --- The attempt page. Every text it shows comes from the page, in its language: data- attributes
// of the elements below (the status's for saving, the timer's and the announcements' for the
// countdown, the root's for the panel's labels and signing in again). ---
(function () {
  var root = document.querySelector("[data-attempt]");
  if (!root) return;
  function words(el, name) { return (el && el.getAttribute("data-" + name)) || ""; }
  var form = root.querySelector("[data-question-form]");
  var fieldset = form && form.querySelector("fieldset[data-question]");
  if (!form || !fieldset) return;

  var attemptId = root.getAttribute("data-attempt");
  var questionId = Number(fieldset.getAttribute("data-question"));
  var kind = fieldset.getAttribute("data-kind");
  var storeKey = "examprep.attempt." + attemptId;
  var statusEl = root.querySelector("[data-save-status]");
  var announceEl = root.querySelector("[data-timer-announce]");
  var timerBox = root.querySelector("[data-timer-box]");
  var timerEl = root.querySelector("[data-timer]");
  var hideButton = root.querySelector("[data-hide-timer]");
  var deadline = Date.parse(root.getAttribute("data-deadline") || "") || null;
  var offset = (Date.parse(root.getAttribute("data-server-time")) || Date.now()) - Date.now();
  var offline = false, retryTimer = null, retryDelay = 2000, timeUp = false;
  // The page language's decimal mark ("," in Polish): a restored number is written as the server writes it.
  var decimalMark = (1.5).toLocaleString(document.documentElement.lang || "en").charAt(1);
  document.querySelectorAll("[data-js-hint]").forEach(function (el) { el.hidden = false; });
  document.querySelectorAll("[data-nojs-hint]").forEach(function (el) { el.hidden = true; });

  // --- The queue: unsent answers, in order, each with its Idempotency-Key and sequence. ---
  function load() {
    try { return JSON.parse(localStorage.getItem(storeKey)) || { seq: 0, pending: [] }; } catch (e) { return { seq: 0, pending: [] }; }
  }
  function store(state) {
    try { localStorage.setItem(storeKey, JSON.stringify(state)); } catch (e) { /* private mode: the queue lives in memory only */ memory = state; }
  }
  var memory = null;
  function queue() { return memory || load(); }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return "k" + Date.now().toString(36) + Math.random().toString(36).slice(2);
  }

  function enqueue(answer) {
    var state = queue();
    state.seq = Math.max(state.seq + 1, Date.now());
    answer.sequence = state.seq;
    answer.savedAt = new Date().toISOString().replace(/\.\d+Z$/, "Z");
    // A newer answer to a question replaces one not yet sent (the newer sequence would win anyway).
    state.pending = state.pending.filter(function (entry) { return entry.answer.questionId !== answer.questionId; });
    state.pending.push({ key: newKey(), answer: answer });
    store(state);
    dirty = false;
    markAnswered(answer);
    flush();
  }
  var dirty = false;

  // The panel's link for this question says whether it is answered (and flagged).
  function markAnswered(answer) {
    var link = root.querySelector("[aria-current=page][data-nav]");
    if (!link) return;
    var given = Object.keys(answer).some(function (k) { return ["choiceIds", "value", "text", "number", "matches"].indexOf(k) >= 0; });
    link.classList.toggle("answered", given);
    relabel(link);
  }
  function relabel(link) {
    var label = words(root, link.classList.contains("flagged") ? "nav-flagged" : "nav-label");
    link.textContent = label.replace("{number}", link.getAttribute("data-nav"))
      .replace("{state}", words(root, link.classList.contains("answered") ? "answered" : "unanswered"));
  }

  function currentAnswer() {
    var answer = { questionId: questionId };
    var checked = Array.prototype.filter.call(form.querySelectorAll("input[name=choice]"), function (i) { return i.checked; });
    if (kind === "single" && checked.length) answer.choiceIds = [checked[0].value];
    if (kind === "multiple" && checked.length) answer.choiceIds = checked.map(function (i) { return i.value; });
    if (kind === "truefalse") {
      var value = form.querySelector("input[name=value]:checked");
      if (value) answer.value = value.value === "true";
    }
    if (kind === "text" || kind === "essay") {
      var text = form.querySelector("[name=text]").value;
      if (text.trim()) answer.text = text;
    }
    if (kind === "number") {
      var raw = form.querySelector("input[name=number]").value.trim().replace(",", ".");
      if (raw && !isFinite(Number(raw))) return null; // the form's own check says what is wrong
      if (raw) answer.number = Number(raw);
    }
    if (kind === "matching") {
      var matches = {}, any = false;
      form.querySelectorAll("select[name^='match-']").forEach(function (select) {
        if (select.value) { matches[select.name.slice(6)] = select.value; any = true; }
      });
      if (any) answer.matches = matches;
    }
    return answer;
  }

  // What this browser holds but the server may not: shown on the page it belongs to.
  function restore() {
    var entry = queue().pending.filter(function (e) { return e.answer.questionId === questionId; })[0];
    if (!entry) return;
    var a = entry.answer;
    form.querySelectorAll("input[name=choice]").forEach(function (i) { i.checked = (a.choiceIds || []).indexOf(i.value) >= 0; });
    form.querySelectorAll("input[name=value]").forEach(function (i) { i.checked = String(a.value) === i.value; });
    var text = form.querySelector("[name=text]"); if (text) text.value = a.text || "";
    var number = form.querySelector("input[name=number]"); if (number) number.value = a.number === undefined ? "" : String(a.number).replace(".", decimalMark);
    form.querySelectorAll("select[name^='match-']").forEach(function (s) { s.value = (a.matches || {})[s.name.slice(6)] || ""; });
    markAnswered(a);
  }

  function say(text, warning) {
    statusEl.textContent = text;
    statusEl.classList.toggle("offline", !!warning);
  }
  function clock(date) { return date.toTimeString().slice(0, 5); }

  function csrf() { return form.querySelector("input[name=csrf]").value; }

  function request(method, path, body, key) {
    var headers = { "Accept": "application/json", "X-CSRF-Token": csrf() };
    if (body) headers["Content-Type"] = "application/json";
    if (key) headers["Idempotency-Key"] = key;
    return fetch(path, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined, credentials: "same-origin" });
  }

  // Sends the queue in order; resolves true once it is empty, false when it stopped (offline).
  var inflight = null;
  function flush() {
    if (inflight) return inflight;
    inflight = send().then(function (done) { inflight = null; return done; });
    return inflight;
  }
  function send() {
    if (timeUp) return Promise.resolve(queue().pending.length === 0);
    var entry = queue().pending[0];
    if (!entry) return Promise.resolve(true);
    return request("PUT", "/attempts/" + attemptId + "/answers", { answers: [entry.answer] }, entry.key).then(function (response) {
      if (response.status === 401 || response.status === 403) { signInAgain(); return Promise.resolve(false); }
      if (response.status === 409) return timeIsUp();
      if (response.status >= 500 || response.status === 429) { return retryLater(words(statusEl, "busy")); }
      var state = queue();
      state.pending = state.pending.filter(function (e) { return e.key !== entry.key; });
      store(state);
      if (response.ok) {
        return response.json().then(function (reply) {
          if (reply.deadline) deadline = Date.parse(reply.deadline);
          if (reply.serverTime) offset = Date.parse(reply.serverTime) - Date.now();
          say(words(statusEl, offline ? "restored" : "saved").replace("{time}", clock(new Date())));
          offline = false;
          retryDelay = 2000;
          return send();
        });
      }
      say(words(statusEl, "refused"), true);
      return send();
    }, function () {
      offline = true;
      return retryLater(words(statusEl, "lost"));
    });
  }

  function retryLater(message) {
    say(message, true);
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 15000);
    return Promise.resolve(false);
  }

  // --- Sign in again in place: the answers stay queued, the page stays. ---
  var dialog = null;
  function signInAgain() {
    say(words(statusEl, "session-ended"), true);
    if (dialog) { if (!dialog.open) dialog.showModal(); return; }
    dialog = document.createElement("dialog");
    dialog.setAttribute("aria-labelledby", "again-title");
    dialog.innerHTML = '<form method="dialog" class="stack"><h2 id="again-title"></h2>' +
      '<p data-again-text></p><p class="notice notice-error" hidden data-again-error></p>' +
      '<div class="field"><label for="again-email"></label><input id="again-email" type="email" autocomplete="username" required></div>' +
      '<div class="field"><label for="again-password"></label><input id="again-password" type="password" autocomplete="current-password" required></div>' +
      '<button type="submit" class="primary"></button></form>';
    // The texts as text (never as markup), from the page.
    [["h2", "again"], ["[data-again-text]", "again-text"], ["[for=again-email]", "email"], ["[for=again-password]", "password"],
      ["button", "sign-in"]].forEach(function (part) { dialog.querySelector(part[0]).textContent = words(root, part[1]); });
    document.body.appendChild(dialog);
    dialog.querySelector("form").addEventListener("submit", function (event) {
      event.preventDefault();
      var email = dialog.querySelector("#again-email").value, password = dialog.querySelector("#again-password").value;
      fetch("/login", { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
        var token = new DOMParser().parseFromString(html, "text/html").querySelector("input[name=csrf]");
        var body = new URLSearchParams({ csrf: token ? token.value : "", email: email, password: password, next: location.pathname + location.search });
        return fetch("/login", { method: "POST", body: body, credentials: "same-origin" });
      }).then(function (r) { return r.text().then(function (html) { return { ok: r.ok && r.url.indexOf("/login") < 0, html: html }; }); })
        .then(function (result) {
          var page = new DOMParser().parseFromString(result.html, "text/html");
          var token = page.querySelector("[data-question-form] input[name=csrf]");
          if (!result.ok || !token) {
            var error = dialog.querySelector("[data-again-error]");
            error.textContent = words(root, "sign-in-failed"); error.hidden = false;
            return;
          }
          form.querySelectorAll("input[name=csrf]").forEach(function (i) { i.value = token.value; });
          dialog.close();
          flush();
        }, function () { say(words(statusEl, "sign-in-lost"), true); });
    });
    dialog.showModal();
  }

  // --- The countdown, to the server's deadline; spoken only at 30, 10, 5 and 1 minutes. ---
  var spoken = {};
  function tick() {
    if (!deadline) return;
    var left = Math.max(0, deadline - (Date.now() + offset));
    var seconds = Math.floor(left / 1000);
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    timerEl.textContent = words(timerEl, "label").replace("{time}", (h ? h + ":" + String(m).padStart(2, "0") : String(m)) + ":" + String(s).padStart(2, "0"));
    [30, 10, 5, 1].forEach(function (mark) {
      if (left <= mark * 60000 && left > (mark * 60000 - 60000) && !spoken[mark]) {
        spoken[mark] = true;
        announceEl.textContent = words(announceEl, "left-" + mark);
      }
    });
    if (left <= 0 && !timeUp) timeIsUp();
  }
  function timeIsUp() {
    timeUp = true;
    form.querySelectorAll("input, select, button").forEach(function (el) { if (el.type !== "hidden") el.disabled = true; });
    say(words(statusEl, "time-up"), true);
    announceEl.textContent = words(announceEl, "time-up");
    setTimeout(function () { location.assign("/attempts/" + attemptId); }, 5000);
    return Promise.resolve(false);
  }
  if (deadline && timerBox) {
    timerBox.hidden = false;
    var hideText = hideButton.textContent;
    hideButton.addEventListener("click", function () {
      var hidden = timerEl.classList.toggle("hidden-timer");
      hideButton.textContent = hidden ? words(hideButton, "show") : hideText;
    });
    tick();
    setInterval(tick, 1000);
  }

  // --- The page's controls. ---
  var typing = null;
  form.addEventListener("change", function () {
    var answer = currentAnswer();
    if (answer) enqueue(answer);
  });
  form.addEventListener("input", function (event) {
    if (event.target.type !== "text" && event.target.tagName !== "TEXTAREA") return;
    dirty = true;
    clearTimeout(typing);
    typing = setTimeout(function () { var answer = currentAnswer(); if (answer) enqueue(answer); }, 800);
  });

  // Moving on: what was given is saved first; offline, the student stays on this page.
  function go(url) {
    clearTimeout(typing);
    var answer = dirty ? currentAnswer() : null;
    if (answer) enqueue(answer);
    flush().then(function (done) {
      if (done || queue().pending.length === 0) location.assign(url);
      else say(words(statusEl, "still-offline"), true);
    });
  }
  form.addEventListener("submit", function (event) {
    var button = event.submitter;
    if (!button || timeUp) return;
    var action = button.value, number = Number(root.getAttribute("data-number"));
    if (action === "flag") { event.preventDefault(); toggleFlag(button); return; }
    if (currentAnswer() === null) return; // let the server say what is wrong with the number
    event.preventDefault();
    if (action === "next") go("/attempts/" + attemptId + "?q=" + (number + 1));
    else if (action === "previous") go("/attempts/" + attemptId + "?q=" + (number - 1));
    else if (action === "finish") go("/attempts/" + attemptId + "/summary");
  });
  root.querySelectorAll("[data-nav]").forEach(function (link) {
    link.addEventListener("click", function (event) { event.preventDefault(); go(link.getAttribute("href")); });
  });

  function toggleFlag(button) {
    var on = button.getAttribute("aria-pressed") !== "true";
    request(on ? "PUT" : "DELETE", "/attempts/" + attemptId + "/flags/" + questionId).then(function (response) {
      if (response.status === 401 || response.status === 403) return signInAgain();
      if (!response.ok) return say(words(statusEl, "flag-failed"), true);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = words(button, on ? "on" : "off");
      var link = root.querySelector("[aria-current=page][data-nav]");
      if (link) {
        link.classList.toggle("flagged", on);
        relabel(link);
      }
      say(words(statusEl, on ? "flagged" : "flag-removed"));
    }, function () { say(words(statusEl, "flag-lost"), true); });
  }

  window.addEventListener("online", function () { clearTimeout(retryTimer); retryDelay = 2000; flush(); });
  window.addEventListener("beforeunload", function () { if (dirty) { var answer = currentAnswer(); if (answer) enqueue(answer); } });
  restore();
  if (queue().pending.length) { say(words(statusEl, "sending-kept")); flush(); }
})();
