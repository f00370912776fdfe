// The attempt's panel of questions: the link of this page's question says whether it is
// answered and flagged, in the words the root's data- attributes give.
(function (app) {
  "use strict";
  app.onAttemptPage(function (page) {
    var answerFields = ["choiceIds", "value", "text", "number", "matches"];

    /// Writes the link's label from its classes.
    page.relabel = function (link) {
      var label = app.words(page.root, link.classList.contains("flagged") ? "nav-flagged" : "nav-label");
      link.textContent = app.fill(label, {
        number: link.getAttribute("data-nav"),
        state: app.words(page.root, link.classList.contains("answered") ? "answered" : "unanswered")
      });
    };
    /// The current question's link, if the panel has it.
    page.currentLink = function () { return page.root.querySelector("[aria-current=page][data-nav]"); };

    /// Marks the current question's link answered when `answer` gives one.
    page.markAnswered = function (answer) {
      var link = page.currentLink();
      if (!link) return;
      link.classList.toggle("answered", Object.keys(answer).some(function (k) { return answerFields.indexOf(k) >= 0; }));
      page.relabel(link);
    };
  });
})(window.ExamPrep);
