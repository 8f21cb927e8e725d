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
  // after htmx swaps a decided card in, keep the keyboard on the next card; after the last one, on
  // the decided card itself (a focus in its reason box went with the card htmx replaced, and j / k
  // and Tab started again from the top)
  document.body.addEventListener("htmx:afterSwap", function (ev) {
    var done = ev.detail && ev.detail.target;
    var list = cards(), swapped = document.getElementById(done && done.id), i = list.indexOf(swapped);
    if (i >= 0 && i + 1 < list.length) { list[i + 1].focus(); }
    else if (i >= 0) { swapped.focus(); }
  });
})();
// The ask page: follow a run's server-sent events (text only: textContent, never HTML).
(function () {
  "use strict";
  var box = document.getElementById("ask-answer");
  if (!box || !box.dataset.events || !window.EventSource) { return; }
  var stage = document.getElementById("ask-stage");
  var source = new EventSource(box.dataset.events);
  source.addEventListener("stage", function (ev) { stage.textContent = JSON.parse(ev.data); });
  source.addEventListener("text", function (ev) { box.textContent += JSON.parse(ev.data); });
  // the finished text as the page shows it (asking.answer_blocks, as ask.html does): runs of text, and
  // each table the terminal lines up with spaces as a table of cells (stacked on a phone: panel.css)
  function show(blocks) {
    box.textContent = "";
    blocks.forEach(function (b) {
      if (!b.rows) { box.appendChild(document.createTextNode(b.text)); return; }
      var table = document.createElement("table"), head = table.createTHead().insertRow(), body = table.createTBody();
      table.className = "aligned";
      b.head.forEach(function (h) { var th = document.createElement("th"); th.scope = "col"; th.textContent = h; head.appendChild(th); });
      b.rows.forEach(function (row) {
        var tr = body.insertRow();
        row.forEach(function (c, i) { var td = tr.insertCell(); td.textContent = c; td.setAttribute("data-label", b.head[i] || ""); });
      });
      box.appendChild(table);
    });
  }
  function finish(ev, cls) {
    var data = JSON.parse(ev.data);
    source.close();
    if (data.blocks) { show(data.blocks); } else { box.textContent = data.text; }
    box.classList.add(cls);
    stage.textContent = data.label || "";  // the status, worded as the finished run's page words it
    if (data.chain) {
      var a = document.createElement("a");
      a.href = "/chains/" + encodeURIComponent(data.chain);
      a.textContent = data.chain;
      if (data.label) { stage.appendChild(document.createTextNode(" · ")); }
      stage.appendChild(a);
    }
    if (data.ends_with_disclaimer) {  // the answer ends with the disclaimer: the footer does not repeat it
      Array.prototype.forEach.call(document.querySelectorAll("footer .disclaimer"), function (p) { p.remove(); });
    }
    var hint = document.getElementById("ask-hint");  // stopped for stale data: the form does what the text's commands do
    if (hint && data.status === "needs_input") { hint.hidden = false; }
    box.setAttribute("data-done", data.status || "error");
  }
  source.addEventListener("done", function (ev) { finish(ev, "finished"); });
  source.addEventListener("failed", function (ev) { finish(ev, "failed"); });
  source.addEventListener("error", function () { if (!box.hasAttribute("data-done")) { stage.textContent = "…"; } });
})();
