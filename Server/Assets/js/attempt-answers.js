// The attempt page's answer as the form holds it, in the API's shape, and the form filled from
// an answer this browser kept (restored on the page it belongs to).
(function (app) {
  "use strict";
  app.onAttemptPage(function (page) {
    var form = page.form;
    // The page language's decimal mark ("," in Polish): a restored number is written as the server writes it.
    var decimalMark = (1.5).toLocaleString(document.documentElement.lang || "en").charAt(1);

    /// The answer the form holds; null when its number is not a number (the form's own check says what is wrong).
    page.currentAnswer = function () {
      var answer = { questionId: page.questionId }, kind = page.kind;
      var checked = Array.prototype.filter.call(form.querySelectorAll("input[name=choice]"), function (i) { return i.checked; });
      if (kind === "single" && checked.length) answer.choiceIds = [checked[0].value];
      if (kind === "multiple" && checked.length) answer.choiceIds = checked.map(function (i) { return i.value; });
      if (kind === "truefalse") {
        var value = form.querySelector("input[name=value]:checked");
        if (value) answer.value = value.value === "true";
      }
      if (kind === "text" || kind === "essay") {
        var text = form.querySelector("[name=text]").value;
        if (text.trim()) answer.text = text;
      }
      if (kind === "number") {
        var raw = form.querySelector("input[name=number]").value.trim().replace(",", ".");
        if (raw && !isFinite(Number(raw))) return null;
        if (raw) answer.number = Number(raw);
      }
      if (kind === "matching") {
        var matches = {}, any = false;
        form.querySelectorAll("select[name^='match-']").forEach(function (select) {
          if (select.value) { matches[select.name.slice(6)] = select.value; any = true; }
        });
        if (any) answer.matches = matches;
      }
      return answer;
    };

    /// Shows `a`, an answer this browser holds but the server may not have yet, in the form.
    page.showAnswer = function (a) {
      form.querySelectorAll("input[name=choice]").forEach(function (i) { i.checked = (a.choiceIds || []).indexOf(i.value) >= 0; });
      form.querySelectorAll("input[name=value]").forEach(function (i) { i.checked = String(a.value) === i.value; });
      var text = form.querySelector("[name=text]"); if (text) text.value = a.text || "";
      var number = form.querySelector("input[name=number]"); if (number) number.value = a.number === undefined ? "" : String(a.number).replace(".", decimalMark);
      form.querySelectorAll("select[name^='match-']").forEach(function (s) { s.value = (a.matches || {})[s.name.slice(6)] || ""; });
      page.markAnswered(a);
    };
  });
})(window.ExamPrep);
