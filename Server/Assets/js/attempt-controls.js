// The attempt page's controls: a choice is saved when made, typed text after a pause of 0.8 s;
// moving on (next, previous, finish, the panel's links) saves what was given first, and offline
// the student stays on the page; the flag button flags in place.
(function (app) {
  "use strict";
  app.onAttemptPage(function (page) {
    var form = page.form, typing = null;
    function saveCurrent() { var answer = page.currentAnswer(); if (answer) page.enqueue(answer); }

    form.addEventListener("change", saveCurrent);
    form.addEventListener("input", function (event) {
      if (event.target.type !== "text" && event.target.tagName !== "TEXTAREA") return;
      page.dirty = true;
      clearTimeout(typing);
      typing = setTimeout(saveCurrent, 800);
    });

    function go(url) {
      clearTimeout(typing);
      if (page.dirty) saveCurrent();
      page.flush().then(function (done) {
        if (done || page.queue().pending.length === 0) location.assign(url);
        else page.say(app.words(page.statusEl, "still-offline"), true);
      });
    }
    form.addEventListener("submit", function (event) {
      var button = event.submitter;
      if (!button || page.timeUp) return;
      // The page's place in the attempt (?q=), not the question's number: a description has none.
      var action = button.value, position = Number(page.root.getAttribute("data-position"));
      if (action === "flag") { event.preventDefault(); page.toggleFlag(button); return; }
      if (page.currentAnswer() === null) return; // let the server say what is wrong with the number
      event.preventDefault();
      if (action === "next") go(page.placed(page.path + "?q=" + (position + 1)));
      else if (action === "previous") go(page.placed(page.path + "?q=" + (position - 1)));
      else if (action === "finish") go(page.placed(page.path + "/summary"));
    });
    page.root.querySelectorAll("[data-nav]").forEach(function (link) {
      link.addEventListener("click", function (event) { event.preventDefault(); go(link.getAttribute("href")); });
    });
    window.addEventListener("beforeunload", function () { if (page.dirty) saveCurrent(); });
  });
})(window.ExamPrep);
