// The attempt's queue: unsent answers, in order, each with its Idempotency-Key and sequence,
// kept in localStorage (in memory in a private window) until the server has them.
(function (app) {
  "use strict";
  app.onAttemptPage(function (page) {
    var storeKey = "examprep.attempt." + page.attemptId;
    var memory = null;
    function load() {
      try { return JSON.parse(localStorage.getItem(storeKey)) || { seq: 0, pending: [] }; } catch (e) { return { seq: 0, pending: [] }; }
    }
    function newKey() {
      if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
      return "k" + Date.now().toString(36) + Math.random().toString(36).slice(2);
    }

    /// The queue as it stands.
    page.queue = function () { return memory || load(); };
    /// Keeps `state` as the queue.
    page.store = function (state) {
      try { localStorage.setItem(storeKey, JSON.stringify(state)); } catch (e) { /* private mode: the queue lives in memory only */ memory = state; }
    };
    /// The queued answer to this page's question, if any.
    page.kept = function () {
      return page.queue().pending.filter(function (e) { return e.answer.questionId === page.questionId; })[0];
    };

    /// Queues `answer` with the next sequence and a new key, and sends the queue.
    page.enqueue = function (answer) {
      var state = page.queue();
      state.seq = Math.max(state.seq + 1, Date.now());
      answer.sequence = state.seq;
      answer.savedAt = new Date().toISOString().replace(/\.\d+Z$/, "Z");
      // A newer answer to a question replaces one not yet sent (the newer sequence would win anyway).
      state.pending = state.pending.filter(function (entry) { return entry.answer.questionId !== answer.questionId; });
      state.pending.push({ key: newKey(), answer: answer });
      page.store(state);
      page.dirty = false;
      page.markAnswered(answer);
      page.flush();
    };
  });
})(window.ExamPrep);
