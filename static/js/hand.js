// Hand entry: show only the fields the chosen contract needs, and preview the scores live.
(function () {
  "use strict";
  var form = document.getElementById("hand-form");
  if (!form) { return; }
  var data = JSON.parse(document.getElementById("ruleset-data").textContent);
  var contract = form.elements.contract;

  function flags() {
    var c = data.contracts[contract.value];
    if (!c) { return ["manual"]; }
    var on = [c.family === "trischaken" ? "trischaken" : c.family === "negative" ? "negative" : "positive"];
    if (c.calls_king) { on.push("king"); }
    if (c.can_surrender) { on.push("surrender"); }
    if (c.bei.length) { on.push("bei"); }
    if (c.fahren_kontra) { on.push("fahren-kontra"); }
    return on;
  }

  function update() {
    var on = flags();
    var c = data.contracts[contract.value];
    form.querySelectorAll("[data-show]").forEach(function (el) {
      var wanted = el.getAttribute("data-show").split(" ");
      el.hidden = !wanted.some(function (w) { return on.indexOf(w) >= 0; });
    });
    form.querySelectorAll("[data-bonus]").forEach(function (row) {
      row.hidden = !c || c.bonuses.indexOf(row.getAttribute("data-bonus")) < 0;
    });
  }

  var timer = null;
  function preview() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var body = new FormData(form);
      fetch(form.getAttribute("data-preview-url"), { method: "POST", body: body,
        headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          var box = document.getElementById("preview");
          if (box) { box.outerHTML = html; }
        })
        .catch(function () { /* the Preview button still works */ });
    }, 250);
  }

  // Vorhand-only contracts: the declarer can only be Vorhand, so choose Vorhand at once.
  function preselect() {
    var c = data.contracts[contract.value];
    var declarer = form.elements.declarer;
    var vorhand = form.getAttribute("data-vorhand");
    if (c && c.vorhand_only && declarer && vorhand !== "" && !declarer.value) {
      declarer.value = vorhand;
    }
  }

  contract.addEventListener("change", function () { update(); preselect(); });
  form.addEventListener("change", preview);
  form.addEventListener("input", preview);
  update();
  preselect();
})();
