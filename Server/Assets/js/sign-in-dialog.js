// Signing in again in place, when the session ended during the attempt: a dialog over the page
// (its texts from the attempt's root), the answers staying queued, the page staying; once signed
// in, the form takes the new session's CSRF token and the queue is sent.
(function (app) {
  "use strict";
  /// An element `tag` with `attributes` and `children` (elements, or text set as text, never as markup).
  function element(tag, attributes, children) {
    var made = document.createElement(tag);
    Object.keys(attributes).forEach(function (name) { made.setAttribute(name, attributes[name]); });
    (children || []).forEach(function (child) { made.append(child); });
    return made;
  }
  function field(id, type, autocomplete, label) {
    return element("div", { "class": "field" }, [
      element("label", { "for": id }, [label]),
      element("input", { id: id, type: type, autocomplete: autocomplete, required: "" })
    ]);
  }

  app.onAttemptPage(function (page) {
    var dialog = null, error = null;
    function text(name) { return app.words(page.root, name); }

    function make() {
      error = element("p", { "class": "notice notice-error", hidden: "", "data-again-error": "" });
      var form = element("form", { method: "dialog", "class": "stack" }, [
        element("h2", { id: "again-title" }, [text("again")]),
        element("p", {}, [text("again-text")]),
        error,
        field("again-email", "email", "username", text("email")),
        field("again-password", "password", "current-password", text("password")),
        element("button", { type: "submit", "class": "primary" }, [text("sign-in")])
      ]);
      dialog = element("dialog", { "aria-labelledby": "again-title" }, [form]);
      document.body.appendChild(dialog);
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        signIn(dialog.querySelector("#again-email").value, dialog.querySelector("#again-password").value);
      });
    }

    // The sign-in form's token is bound to a pre-session cookie that only a signed-out page
    // sets (sign-in clears it), so the sign-in page is asked for first, for its cookie and token.
    function signIn(email, password) {
      fetch("/login", { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
        var token = new DOMParser().parseFromString(html, "text/html").querySelector("input[name=csrf]");
        var body = new URLSearchParams({ csrf: token ? token.value : "", email: email, password: password, next: location.pathname + location.search });
        return fetch("/login", { method: "POST", body: body, credentials: "same-origin" });
      }).then(function (r) { return r.text().then(function (html) { return { ok: r.ok && r.url.indexOf("/login") < 0, html: html }; }); })
        .then(function (result) {
          var token = new DOMParser().parseFromString(result.html, "text/html").querySelector("[data-question-form] input[name=csrf]");
          if (!result.ok || !token) {
            error.textContent = text("sign-in-failed"); error.hidden = false;
            return;
          }
          page.form.querySelectorAll("input[name=csrf]").forEach(function (i) { i.value = token.value; });
          dialog.close();
          page.flush();
        }, function () { page.say(app.words(page.statusEl, "sign-in-lost"), true); });
    }

    /// Says the session ended and opens the dialog (made the first time).
    page.signInAgain = function () {
      page.say(app.words(page.statusEl, "session-ended"), true);
      if (dialog) { if (!dialog.open) dialog.showModal(); return; }
      make();
      dialog.showModal();
    };
  });
})(window.ExamPrep);
