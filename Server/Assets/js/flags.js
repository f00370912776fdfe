// Flags without a reload: the flag button puts or removes the question's flag through the page's
// path, and the button, the panel's link and the status say so.
(function (app) {
  "use strict";
  app.onAttemptPage(function (page) {
    function status(name) { return app.words(page.statusEl, name); }

    /// Turns the flag of `button`'s question on or off.
    page.toggleFlag = function (button) {
      var on = button.getAttribute("aria-pressed") !== "true";
      page.request(on ? "PUT" : "DELETE", page.path + "/flags/" + page.questionId).then(function (response) {
        if (response.status === 401 || response.status === 403) return page.signInAgain();
        if (!response.ok) return page.say(status("flag-failed"), true);
        button.setAttribute("aria-pressed", on ? "true" : "false");
        button.textContent = app.words(button, on ? "on" : "off");
        var link = page.currentLink();
        if (link) {
          link.classList.toggle("flagged", on);
          page.relabel(link);
        }
        page.say(status(on ? "flagged" : "flag-removed"));
      }, function () { page.say(status("flag-lost"), true); });
    };
  });
})(window.ExamPrep);
