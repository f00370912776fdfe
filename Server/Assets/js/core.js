// ExamPrep's one script: progressive enhancement of the sign-in forms, the attempt page and
// the faculty's live exam hour. Without it every page works (forms post and redirect). With it:
// signing in waits in line through a sign-in surge; answers are saved as they are given, through
// the same save as the API's (Idempotency-Key, sequence), queued in localStorage until the server
// has them; a countdown to the server's deadline; flags without a reload; sign-in in place.
//
// It is served as one file made of the files of Server/Assets/js, in the order PageAssets lists
// them. Each file is one behaviour in a function of its own that registers on one namespace,
// `ExamPrep` (this file's); nothing else is global. Every text the script shows comes from the
// page, in its language (data- attributes): the script holds no sentence of its own.
(function (app) {
  "use strict";

  /// The text in an element's `data-<name>` attribute ("" when there is none).
  app.words = function (el, name) { return (el && el.getAttribute("data-" + name)) || ""; };

  /// `text` with each `{name}` replaced by `values[name]` (the page's texts say where a number
  /// or a time goes).
  app.fill = function (text, values) {
    return Object.keys(values).reduce(function (filled, name) { return filled.split("{" + name + "}").join(String(values[name])); }, text);
  };

  /// The attempt page's parts: each behaviour's file adds the function that installs it; the
  /// attempt page's file (the last) makes the page's shared state and installs them, in order.
  app.attemptParts = [];
  app.onAttemptPage = function (install) { app.attemptParts.push(install); };
})(window.ExamPrep = window.ExamPrep || {});
