// The attempt page: its shared state (the question, the deadline, whether the time is up), what
// every part uses (saying a status), then each part of the files before this one, in their
// order; then an answer this browser kept for this question is shown and the queue sent.
(function (app) {
  "use strict";
  var root = document.querySelector("[data-attempt]");
  if (!root) return;
  var form = root.querySelector("[data-question-form]");
  // A question's fieldset, or a description's section (no inputs, but the countdown, the queue
  // and the panel all the same).
  var fieldset = form && form.querySelector("[data-question]");
  if (!form || !fieldset) return;
  var statusEl = root.querySelector("[data-save-status]");
  var attemptId = root.getAttribute("data-attempt");
  var page = {
    root: root,
    form: form,
    statusEl: statusEl,
    attemptId: attemptId,
    path: "/attempts/" + attemptId,
    questionId: Number(fieldset.getAttribute("data-question")),
    kind: fieldset.getAttribute("data-kind"),
    deadline: Date.parse(root.getAttribute("data-deadline") || "") || null,
    offset: (Date.parse(root.getAttribute("data-server-time")) || Date.now()) - Date.now(),
    timeUp: false,
    // Whether typed text waits for its pause, not yet queued.
    dirty: false,
    /// Shows `text` in the save status, as a warning when `warning`.
    say: function (text, warning) {
      statusEl.textContent = text;
      statusEl.classList.toggle("offline", !!warning);
    }
  };
  document.querySelectorAll("[data-js-hint]").forEach(function (el) { el.hidden = false; });
  document.querySelectorAll("[data-nojs-hint]").forEach(function (el) { el.hidden = true; });
  app.attemptParts.forEach(function (install) { install(page); });

  var kept = page.kept();
  if (kept) page.showAnswer(kept.answer);
  if (page.queue().pending.length) { page.say(app.words(statusEl, "sending-kept")); page.flush(); }
})(window.ExamPrep);
