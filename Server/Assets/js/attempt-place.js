// One place per attempt (the exam's oneSession): this tab's place is the token its address
// carries (?place=, given when the attempt started or moved here), kept in sessionStorage for
// this tab; saves, flags and focus batches send it as X-ExamPrep-Place. When the attempt was
// moved to another tab or app, the page says so, keeps its unsent answers in the queue and
// offers to move the attempt back here (then they are sent).
(function (app) {
  "use strict";
  function storeKey(attemptId) { return "examprep.place." + attemptId; }
  function kept(attemptId) {
    try { return sessionStorage.getItem(storeKey(attemptId)); } catch (e) { return null; }
  }
  // The page saying the attempt is open elsewhere: this tab's own token, if it had one, moves
  // the attempt back to this tab rather than to a new place.
  var field = document.querySelector("[data-place-field]");
  if (field) {
    var mine = kept(field.getAttribute("data-attempt"));
    if (mine) field.value = mine;
  }
  app.onAttemptPage(function (page) {
    page.place = new URLSearchParams(location.search).get("place");
    if (page.place) {
      try { sessionStorage.setItem(storeKey(page.attemptId), page.place); } catch (e) { /* the address still carries it */ }
    }
    /// `url` in this tab's place.
    page.placed = function (url) {
      return page.place ? url + (url.indexOf("?") >= 0 ? "&" : "?") + "place=" + encodeURIComponent(page.place) : url;
    };
    /// The attempt was moved to another tab or app: nothing more is sent from here, the
    /// queue keeps what was not sent, and the page offers to move the attempt back.
    page.movedAway = function () {
      page.moved = true;
      page.form.querySelectorAll("input, select, textarea, button").forEach(function (el) { if (el.type !== "hidden") el.disabled = true; });
      page.say(app.words(page.statusEl, "moved"), true);
      var back = page.root.querySelector("[data-move-back]");
      if (back) back.hidden = false;
      return Promise.resolve(false);
    };
  });
})(window.ExamPrep);
