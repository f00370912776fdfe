// Forms that wait in line (signing in or creating an account during a sign-in surge, starting an
// attempt when a whole class starts at once): the server sheds what it cannot serve in time with
// 503 and Retry-After; the form then waits in line and sends itself again, as the client library
// does, instead of showing an error. The form's data- attributes give the words: data-countdown
// the countdown ("… Trying again in {seconds} s…"; without it data-in-line, the reason, and
// data-waiting), data-sending what is happening; data-line-tries the most sends (20 unless said).
// The countdown ticks in the page's [data-line-status], seen but not read out every second: a
// polite live region of its own says each new wait once. After the last try, or ten minutes in
// line, the form stays as typed and says what the server's page says (when to press again).
(function (app) {
  "use strict";
  var patience = 600000;
  function enhanceInLine() {
    var form = document.querySelector("form[data-in-line]");
    var status = document.querySelector("[data-line-status]");
    if (!form || !status || !window.fetch || !window.URLSearchParams) return;
    status.removeAttribute("role");
    var say = document.createElement("p");
    say.className = "sr-only";
    say.setAttribute("role", "status");
    status.parentNode.insertBefore(say, status);
    var tries = Number(app.words(form, "line-tries")) || 20;
    var sending = false, since = 0, sends = 0;
    /// Shows `text`; `spoken`: the live region says it too (once).
    function show(text, spoken) {
      status.textContent = text;
      status.hidden = false;
      if (spoken) say.textContent = text;
    }
    function countdown(seconds) {
      var words = app.words(form, "countdown");
      return words ? app.fill(words, { seconds: seconds })
        : app.words(form, "in-line") + " " + app.fill(app.words(form, "waiting"), { seconds: seconds });
    }
    /// Waits `seconds` with a countdown, then sends again.
    function waitInLine(seconds) {
      var until = Date.now() + seconds * 1000, left = Math.ceil(seconds);
      show(countdown(left), true);
      var ticking = setInterval(function () {
        var now = Math.max(1, Math.ceil((until - Date.now()) / 1000));
        if (now !== left) { left = now; show(countdown(left), false); }
      }, 250);
      setTimeout(function () { clearInterval(ticking); send(); }, seconds * 1000);
    }
    function replacePage(html) {
      // The server's page in place of this one, whole (its title, its message), as a
      // navigation would show it; its script elements stay inert, this one enhances it again.
      var page = new DOMParser().parseFromString(html, "text/html");
      document.replaceChild(document.adoptNode(page.documentElement), document.documentElement);
      enhanceInLine();
      var focus = document.querySelector("[role=alert], h1");
      if (focus) { focus.setAttribute("tabindex", "-1"); focus.focus(); }
    }
    /// The line is too long: the form as typed, and the server's own words on when to press again.
    function stopWaiting(html) {
      var said = new DOMParser().parseFromString(html, "text/html").querySelector("#in-line");
      if (!said) { replacePage(html); return; }
      sending = false;
      show(said.textContent.trim(), true);
    }
    // Each send takes the form as it is then (a password corrected while waiting goes along).
    function send() {
      sends += 1;
      fetch(form.action, {
        method: "POST", body: new URLSearchParams(new FormData(form)).toString(), credentials: "same-origin",
        headers: { "Content-Type": "application/x-www-form-urlencoded" }
      }).then(function (response) {
        var after = Number(response.headers.get("Retry-After"));
        if (response.redirected) { location.assign(response.url); return; }
        return response.text().then(function (html) {
          if (response.status !== 503 || !(after > 0)) { replacePage(html); return; }
          var seconds = Math.min(after, 60) + Math.random() * Math.min(after, 5);
          if (sends >= tries || Date.now() + seconds * 1000 - since > patience) { stopWaiting(html); return; }
          waitInLine(seconds);
        });
      }).catch(function () {
        // The connection failed: let the browser send the form itself and show what happens.
        sending = false;
        form.submit();
      });
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      // One send at a time: pressed again while it waits in line, the form waits on.
      if (sending) return;
      sending = true;
      since = Date.now();
      sends = 0;
      show(app.words(form, "sending"), true);
      send();
    });
    // Back to this page from the next one: the form can be sent again.
    window.addEventListener("pageshow", function (event) { if (event.persisted) sending = false; });
  }
  enhanceInLine();
})(window.ExamPrep);
