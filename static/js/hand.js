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
    // what a Fahren/Trischaken records for each player, as the ruleset says
    c.player_fields.forEach(function (f) { on.push("entry-" + f); });
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
    // A made Valat needs no card points.
    var valat = form.elements.valat;
    var points = form.querySelector("[data-points]");
    if (points) { points.hidden = !!(valat && valat.value); }
    // At a table of five the dealer sits out, except where the ruleset lets the dealer play
    // a Fahren: that seat's entries are not asked for.
    var out = form.getAttribute("data-sitting-out");
    var plays = c && c.family === "trischaken" && c.dealer_plays;
    form.querySelectorAll("[data-seat]").forEach(function (el) {
      el.hidden = out !== "" && !plays && el.getAttribute("data-seat") === out;
    });
  }

  // Put each field's message from the preview beside its field, so that an error in a
  // player's points sits on that player's row; older messages of the page go.
  function placeErrors(box) {
    form.querySelectorAll(".live-error, .errorlist:not(#preview .errorlist)").forEach(function (el) {
      el.remove();
    });
    form.querySelectorAll("[aria-invalid]").forEach(function (el) {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    });
    box.querySelectorAll("li[data-field]").forEach(function (li) {
      var field = form.elements[li.getAttribute("data-field")];
      if (!field || !field.id) { return; }
      var note = document.createElement("span");
      note.className = "errorlist live-error";
      note.id = field.id + "-error";
      note.textContent = li.querySelector(".message").textContent;
      var anchor = field.closest("label") || field;
      anchor.insertAdjacentElement("afterend", note);
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", note.id);
    });
  }

  var timer = null;
  // Only the reply to the latest request is shown: under load an older reply can arrive
  // after a newer one and would otherwise show a preview of what the form no longer says.
  var latest = 0;
  function preview() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var sent = ++latest;
      var body = new FormData(form);
      fetch(form.getAttribute("data-preview-url"), { method: "POST", body: body,
        headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          var box = document.getElementById("preview");
          if (box && sent === latest) {
            box.outerHTML = html;
            placeErrors(document.getElementById("preview"));
          }
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
  if (form.elements.valat) { form.elements.valat.addEventListener("change", update); }
  form.addEventListener("change", preview);
  form.addEventListener("input", preview);
  update();
  preselect();
})();
