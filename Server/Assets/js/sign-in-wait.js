// Forms that wait in line (signing in or creating an account during a sign-in surge, starting an
// attempt when a whole class starts at once): the server sheds what it cannot serve in time with
// 503 and Retry-After; the form then waits in line and sends itself again, saying so (its
// data-in-line gives the reason, data-sending what is happening, data-waiting the wait), instead
// of showing an error.
(function (app) {
  "use strict";
  function enhanceInLine() {
    var form = document.querySelector("form[data-in-line]");
    var status = document.querySelector("[data-line-status]");
    if (!form || !status || !window.fetch || !window.URLSearchParams) return;
    var sending = false, waitedSince = 0;
    function show(text) { status.textContent = text; status.hidden = false; }
    function replacePage(html) {
      // The server's page in place of this one, whole (its title, its message), as a
      // navigation would show it; its script elements stay inert, this one enhances it again.
      var page = new DOMParser().parseFromString(html, "text/html");
      document.replaceChild(document.adoptNode(page.documentElement), document.documentElement);
      enhanceInLine();
      var focus = document.querySelector("[role=alert], h1");
      if (focus) { focus.setAttribute("tabindex", "-1"); focus.focus(); }
    }
    function send(body) {
      return fetch(form.action, {
        method: "POST", body: body, credentials: "same-origin",
        headers: { "Content-Type": "application/x-www-form-urlencoded" }
      }).then(function (response) {
        var after = Number(response.headers.get("Retry-After"));
        // Ten minutes in line at most; then the page says what the server said.
        if (response.status === 503 && after > 0 && Date.now() - waitedSince < 600000) {
          var seconds = Math.min(after, 60) + Math.random() * Math.min(after, 5);
          show(app.words(form, "in-line") + " " + app.fill(app.words(form, "waiting"), { seconds: Math.ceil(seconds) }));
          return new Promise(function (resolve) { setTimeout(resolve, seconds * 1000); }).then(function () { return send(body); });
        }
        if (response.redirected) { location.assign(response.url); return; }
        return response.text().then(replacePage);
      });
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (sending) return;
      sending = true;
      waitedSince = Date.now();
      show(app.words(form, "sending"));
      send(new URLSearchParams(new FormData(form)).toString()).catch(function () {
        // The connection failed: let the browser send the form itself and show what happens.
        sending = false;
        form.submit();
      });
    });
  }
  enhanceInLine();
})(window.ExamPrep);
