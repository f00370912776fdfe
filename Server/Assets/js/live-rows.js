// The exam hour, live (faculty): the list of attempts asks the server for itself again every 5
// seconds (an HTML fragment the server escaped), keeping the focus where it was.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.fetch) return;
  setInterval(function () {
    if (document.hidden) return;
    fetch(live.getAttribute("data-live"), { credentials: "same-origin", headers: { Accept: "text/html" } }).then(function (response) {
      return response.ok ? response.text() : null;
    }).then(function (html) {
      if (html === null) return;
      var focused = live.contains(document.activeElement) ? document.activeElement.id : "";
      live.innerHTML = html;
      var again = focused && document.getElementById(focused);
      if (again) again.focus();
    }).catch(function () { /* offline: the next turn tries again */ });
  }, 5000);
})();
