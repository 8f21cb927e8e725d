// MyLife review panel: keyboard shortcuts on the review page (no data leaves the page).
// j / k move between cards, a accepts, x rejects, d focuses the reason box (Enter there disputes).
(function () {
  "use strict";
  function cards() { return Array.prototype.slice.call(document.querySelectorAll("article.card[data-card]")); }
  function current() {
    var el = document.activeElement;
    return el && el.closest ? el.closest("article.card[data-card]") : null;
  }
  function move(step) {
    var list = cards();
    if (!list.length) { return; }
    var i = list.indexOf(current());
    var next = list[Math.min(list.length - 1, Math.max(0, i < 0 ? 0 : i + step))];
    next.focus();
    next.scrollIntoView({ block: "nearest" });
  }
  document.addEventListener("keydown", function (ev) {
    var tag = (ev.target && ev.target.tagName) || "";
    if (ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") {
      if (ev.key === "Enter" && ev.target.classList.contains("why")) {
        var form = ev.target.form, button = form && form.querySelector("button.dispute");
        if (button) { ev.preventDefault(); button.click(); }
      }
      return;
    }
    var card = current();
    if (ev.key === "j") { move(1); ev.preventDefault(); }
    else if (ev.key === "k") { move(-1); ev.preventDefault(); }
    else if (card && (ev.key === "a" || ev.key === "x")) {
      var b = card.querySelector(ev.key === "a" ? "button.accept" : "button.reject");
      if (b) { b.click(); ev.preventDefault(); }
    } else if (card && ev.key === "d") {
      var why = card.querySelector("input.why");
      if (why) { why.focus(); ev.preventDefault(); }
    }
  });
  // after htmx swaps a decided card in, keep the keyboard on the next card
  document.body.addEventListener("htmx:afterSwap", function (ev) {
    var done = ev.detail && ev.detail.target;
    var list = cards(), i = list.indexOf(document.getElementById(done && done.id));
    if (i >= 0 && i + 1 < list.length) { list[i + 1].focus(); }
  });
})();
