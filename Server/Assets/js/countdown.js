// The countdown, to the server's deadline (the page's clock corrected by the server's time);
// spoken only at 30, 10, 5 and 1 minutes; at the end the form is closed and the attempt's page
// shown. The timer can be hidden.
(function (app) {
  "use strict";
  app.onAttemptPage(function (page) {
    var timerBox = page.root.querySelector("[data-timer-box]");
    var timerEl = page.root.querySelector("[data-timer]");
    var announceEl = page.root.querySelector("[data-timer-announce]");
    var hideButton = page.root.querySelector("[data-hide-timer]");
    var spoken = {};

    function shown(seconds) {
      var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
      return (h ? h + ":" + String(m).padStart(2, "0") : String(m)) + ":" + String(s).padStart(2, "0");
    }
    function tick() {
      if (!page.deadline) return;
      var left = Math.max(0, page.deadline - (Date.now() + page.offset));
      timerEl.textContent = app.fill(app.words(timerEl, "label"), { time: shown(Math.floor(left / 1000)) });
      [30, 10, 5, 1].forEach(function (mark) {
        if (left <= mark * 60000 && left > (mark * 60000 - 60000) && !spoken[mark]) {
          spoken[mark] = true;
          announceEl.textContent = app.words(announceEl, "left-" + mark);
        }
      });
      if (left <= 0 && !page.timeUp) page.timeIsUp();
    }

    /// Closes the form, says the time is up, and shows the attempt's page 5 seconds later.
    page.timeIsUp = function () {
      page.timeUp = true;
      page.form.querySelectorAll("input, select, button").forEach(function (el) { if (el.type !== "hidden") el.disabled = true; });
      page.say(app.words(page.statusEl, "time-up"), true);
      announceEl.textContent = app.words(announceEl, "time-up");
      setTimeout(function () { location.assign(page.path); }, 5000);
      return Promise.resolve(false);
    };

    if (page.deadline && timerBox) {
      timerBox.hidden = false;
      var hideText = hideButton.textContent;
      hideButton.addEventListener("click", function () {
        var hidden = timerEl.classList.toggle("hidden-timer");
        hideButton.textContent = hidden ? app.words(hideButton, "show") : hideText;
      });
      tick();
      setInterval(tick, 1000);
    }
  });
})(window.ExamPrep);
