// The focus log (an exam's policy.focusLog): when the student leaves the attempt page (the tab
// hidden, or the window loses focus) and comes back, the period {leftAt, backAt} is kept with the
// attempt's queue in localStorage and sent in batches (on coming back and every 10 seconds)
// to POST …/focus. Leaving for another page of the attempt is no period: it is never sent.
// Evidence for the teacher, not a verdict.
(function (app) {
  "use strict";
  app.onAttemptPage(function (page) {
    if (!page.root.hasAttribute("data-focus-log")) return;
    var leftAt = null, sending = false, retryDelay = 10000;

    function stamp(ms) { return new Date(ms).toISOString().replace(/\.\d+Z$/, "Z"); }
    function away() { return document.visibilityState === "hidden" || !document.hasFocus(); }
    function periods() { return page.queue().focus || []; }

    function leave() { if (leftAt === null) leftAt = Date.now() + page.offset; }
    function back() {
      if (leftAt === null || away()) return;
      var state = page.queue();
      state.focus = (state.focus || []).concat([{ leftAt: stamp(leftAt), backAt: stamp(Date.now() + page.offset) }]).slice(-500);
      page.store(state);
      leftAt = null;
      send();
    }

    /// Sends the kept periods (at most 100 a request); they leave the queue once the server
    /// answered (kept, or refused for good: a 4xx other than 401/403/429).
    function send() {
      var batch = periods().slice(0, 100);
      if (sending || !batch.length || page.timeUp) return;
      sending = true;
      page.request("POST", page.path + "/focus", { periods: batch }).then(function (response) {
        sending = false;
        if (response.status >= 500 || response.status === 429 || response.status === 401 || response.status === 403) return;
        var state = page.queue();
        state.focus = (state.focus || []).slice(batch.length);
        page.store(state);
        if (state.focus.length) send();
      }, function () { sending = false; });
    }

    document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") leave(); else back(); });
    window.addEventListener("blur", leave);
    window.addEventListener("focus", back);
    // Going on to another page of the attempt is not leaving it.
    window.addEventListener("pagehide", function () { leftAt = null; });
    setInterval(send, retryDelay);
    send();
  });
})(window.ExamPrep);
