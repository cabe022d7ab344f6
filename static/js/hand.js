// Hand entry: the chosen contract's family brings its own small form (waiting in a <template>),
// only the parts the contract needs are shown, and the scores are previewed live.
(function () {
  "use strict";
  var form = document.getElementById("hand-form");
  if (!form) { return; }
  var data = JSON.parse(document.getElementById("ruleset-data").textContent);
  var contract = form.elements.contract;
  var box = document.getElementById("hand-fields");
  // A family's fields once shown are kept while another family is shown, so that going back
  // to it finds what was entered there.
  var parked = {};

  function chosen() {
    return data.contracts[contract.value] || null;
  }

  function familyOf(key) {
    if (key === data.manual) { return data.manual; }
    var c = data.contracts[key];
    return c ? c.form : "";
  }

  function showFamily() {
    var wanted = familyOf(contract.value);
    var live = box.firstElementChild;
    var current = live ? live.getAttribute("data-family") : "";
    if (wanted === current) { return; }
    if (live) {
      parked[current] = live;
      live.remove();
    }
    var next = parked[wanted];
    if (!next && wanted) {
      var template = form.querySelector("template[data-family='" + wanted + "']");
      next = template ? template.content.firstElementChild.cloneNode(true) : null;
    }
    if (next) { box.appendChild(next); }
  }

  function update() {
    var c = chosen();
    var flags = c ? c.flags : [];
    box.querySelectorAll("[data-show]").forEach(function (el) {
      var wanted = el.getAttribute("data-show").split(" ");
      el.hidden = !wanted.some(function (w) { return flags.indexOf(w) >= 0; });
    });
    box.querySelectorAll("[data-bonus]").forEach(function (row) {
      row.hidden = !c || c.bonuses.indexOf(row.getAttribute("data-bonus")) < 0;
      // announced, result and Kontra matter once a side has the bonus
      var side = row.querySelector(".side select");
      var more = row.querySelector(".more");
      if (side && more) { more.hidden = !side.value; }
    });
    // A Kontra is given by the opponents: a declarer's own row goes (and keeps no Kontra).
    box.querySelectorAll("[data-kontra-of]").forEach(function (row) {
      if (row.hasAttribute("data-out")) { return; }
      var declarer = form.elements[row.getAttribute("data-kontra-of")];
      var own = !!declarer && declarer.value !== "" &&
        declarer.value === row.getAttribute("data-seat");
      row.hidden = own;
      var level = row.querySelector("select");
      if (own && level) { level.value = "0"; }
    });
    // A made Valat needs no card points.
    var valat = form.elements.valat;
    var points = box.querySelector("[data-points]");
    if (points) { points.hidden = !!(valat && valat.value); }
  }

  // Put each field's message from the preview beside its field, so that an error in a
  // player's points sits on that player's row; older messages of the page go.
  function placeErrors(preview) {
    form.querySelectorAll(".live-error, #hand-fields .errorlist").forEach(function (el) {
      el.remove();
    });
    form.querySelectorAll("[aria-invalid]").forEach(function (el) {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    });
    preview.querySelectorAll("li[data-field]").forEach(function (li) {
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

  // A contract chosen alone would only be answered by what is still missing ("fehlt: …"):
  // the live preview waits until something beyond the contract is typed or chosen. An edited
  // hand, or a page the server showed with a preview or its messages, has that already.
  var shown = document.getElementById("preview");
  var touched = !!(form.elements.version && form.elements.version.value) ||
    !!(shown && shown.textContent.trim());

  function touch(event) {
    if (event.target !== contract && event.target.name) { touched = true; }
  }

  var timer = null;
  // Only the reply to the latest request is shown: under load an older reply can arrive
  // after a newer one and would otherwise show a preview of what the form no longer says.
  var latest = 0;
  function preview() {
    clearTimeout(timer);
    if (!touched) { return; }
    timer = setTimeout(function () {
      var sent = ++latest;
      var body = new FormData(form);
      fetch(form.getAttribute("data-preview-url"), { method: "POST", body: body,
        headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          var old = document.getElementById("preview");
          if (old && sent === latest) {
            old.outerHTML = html;
            placeErrors(document.getElementById("preview"));
          }
        })
        .catch(function () { /* the Preview button still works */ });
    }, 250);
  }

  // Vorhand-only contracts: the declarer can only be Vorhand, so choose Vorhand at once.
  function preselect() {
    var c = chosen();
    var declarer = form.elements.declarer;
    var vorhand = form.getAttribute("data-vorhand");
    if (c && c.vorhand_only && declarer && vorhand !== "" && !declarer.value) {
      declarer.value = vorhand;
    }
  }

  contract.addEventListener("change", function () { showFamily(); update(); preselect(); });
  form.addEventListener("change", function (event) {
    touch(event);
    if (event.target !== contract) { update(); }
    preview();
  });
  form.addEventListener("input", function (event) {
    touch(event);
    preview();
  });
  showFamily();
  update();
  preselect();
})();
