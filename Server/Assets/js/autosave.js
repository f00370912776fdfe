// Autosave: the queue is sent in order, one answer a request, through the page's save (the
// API's body, Idempotency-Key, sequence); offline or busy it tries again later, doubling the wait.
(function (app) {
  "use strict";
  app.onAttemptPage(function (page) {
    var offline = false, retryTimer = null, retryDelay = 2000, inflight = null;
    function clock(date) { return date.toTimeString().slice(0, 5); }
    function status(name) { return app.words(page.statusEl, name); }

    /// A request of the page's own with the session's CSRF token, JSON in and out.
    page.request = function (method, path, body, key) {
      var headers = { "Accept": "application/json", "X-CSRF-Token": page.form.querySelector("input[name=csrf]").value };
      if (body) headers["Content-Type"] = "application/json";
      if (key) headers["Idempotency-Key"] = key;
      if (page.place) headers["X-ExamPrep-Place"] = page.place;
      return fetch(path, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined, credentials: "same-origin" });
    };

    /// Sends the queue in order; resolves true once it is empty, false when it stopped (offline).
    page.flush = function () {
      if (inflight) return inflight;
      inflight = send().then(function (done) { inflight = null; return done; });
      return inflight;
    };

    function send() {
      if (page.timeUp || page.moved) return Promise.resolve(page.queue().pending.length === 0);
      var entry = page.queue().pending[0];
      if (!entry) return Promise.resolve(true);
      return page.request("PUT", page.path + "/answers", { answers: [entry.answer] }, entry.key).then(function (response) {
        if (response.status === 401 || response.status === 403) { page.signInAgain(); return Promise.resolve(false); }
        // 409: the time is up, or (one place per attempt) it was moved away: the entry stays queued.
        if (response.status === 409) {
          return response.json().then(function (body) { return body && body.reason === "moved_away" ? page.movedAway() : page.timeIsUp(); },
            function () { return page.timeIsUp(); });
        }
        if (response.status >= 500 || response.status === 429) { return retryLater(status("busy")); }
        var state = page.queue();
        state.pending = state.pending.filter(function (e) { return e.key !== entry.key; });
        page.store(state);
        if (response.ok) {
          return response.json().then(function (reply) {
            if (reply.deadline) page.deadline = Date.parse(reply.deadline);
            if (reply.serverTime) page.offset = Date.parse(reply.serverTime) - Date.now();
            page.say(app.fill(status(offline ? "restored" : "saved"), { time: clock(new Date()) }));
            offline = false;
            retryDelay = 2000;
            return send();
          });
        }
        page.say(status("refused"), true);
        return send();
      }, function () {
        offline = true;
        return retryLater(status("lost"));
      });
    }

    function retryLater(message) {
      page.say(message, true);
      clearTimeout(retryTimer);
      retryTimer = setTimeout(page.flush, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 15000);
      return Promise.resolve(false);
    }

    window.addEventListener("online", function () { clearTimeout(retryTimer); retryDelay = 2000; page.flush(); });
  });
})(window.ExamPrep);
