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
        .then(function (r) {
          if (sent === latest) { showOutage(unreachable(r)); }
          return unreachable(r) ? "" : r.text();
        })
        .then(function (html) {
          var old = document.getElementById("preview");
          if (html && old && sent === latest) {
            old.outerHTML = html;
            placeErrors(document.getElementById("preview"));
          }
        })
        // no answer at all: the server is out of reach (the Preview button still works)
        .catch(function () { if (sent === latest) { showOutage(true); } });
    }, 250);
  }

  // A database outage (503) or a server out of reach saves nothing. Once a preview (which reads
  // the same data) finds the server so, the page keeps the typed hand and says to try again, and
  // Save asks the preview first, sending the form only when it answers. Otherwise Save sends the
  // form at once, as without a script; an outage that begins between the last preview and Save
  // gets the 503 page, which says to go back.
  var outage = document.getElementById("hand-outage");
  var WAIT_MS = 15000;
  var down = false;
  var checking = false;

  function unreachable(response) {
    return response.status >= 502 && response.status <= 504;
  }

  function showOutage(shown) {
    down = shown;
    if (outage) { outage.hidden = !shown; }
  }

  function send(submitter) {
    if (form.requestSubmit) {
      form.requestSubmit(submitter || undefined);
      return;
    }
    if (submitter && submitter.name) {
      var pressed = document.createElement("input");
      pressed.type = "hidden";
      pressed.name = submitter.name;
      pressed.value = submitter.value;
      form.appendChild(pressed);
    }
    form.submit();
  }

  form.addEventListener("submit", function (event) {
    if (!down) { return; }
    event.preventDefault();
    if (checking) { return; }
    checking = true;
    var submitter = event.submitter;
    var stop = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (stop) { stop.abort(); } }, WAIT_MS);
    fetch(form.getAttribute("data-preview-url"), { method: "POST", body: new FormData(form),
      headers: { "X-Requested-With": "fetch" }, credentials: "same-origin",
      signal: stop ? stop.signal : undefined })
      .then(function (r) {
        if (unreachable(r)) { throw new Error("unreachable"); }
        showOutage(false);
        send(submitter);
      })
      .catch(function () {
        showOutage(true);
        if (outage) { outage.scrollIntoView({ block: "nearest" }); }
      })
      .then(function () { clearTimeout(timer); checking = false; });
  });

  // What is typed is kept in this tab (sessionStorage) for the hand being entered: a page left
  // for the 503 page (an outage that began just before Save) and come back to with Back finds
  // the hand as typed, although its family's fields were made by this script and the browser
  // restores only the fields it parsed. Any other arrival at the page starts afresh.
  var slot = form.elements.expected || form.elements.version;
  var DRAFTS = "hand-draft:";
  var draftKey = DRAFTS + window.location.pathname + ":" +
    (slot ? slot.name + "=" + slot.value : "");

  function keepDraft() {
    var values = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") {
        values.push([name, value]);
      }
    });
    try { window.sessionStorage.setItem(draftKey, JSON.stringify(values)); } catch (e) { /* off */ }
  }

  function cameBack() {
    var entries = window.performance && performance.getEntriesByType
      ? performance.getEntriesByType("navigation") : [];
    return entries.length > 0 && entries[0].type === "back_forward";
  }

  function restoreDraft() {
    var text = null;
    try {
      text = window.sessionStorage.getItem(draftKey);
      for (var i = window.sessionStorage.length - 1; i >= 0; i--) {
        var key = window.sessionStorage.key(i);
        // every other page's draft (its hand saved or left), and this one unless came back to
        if (key.indexOf(DRAFTS) === 0 && (key !== draftKey || !cameBack())) {
          window.sessionStorage.removeItem(key);
        }
      }
    } catch (e) { return; }
    if (!text || !cameBack()) { return; }
    var values = JSON.parse(text);
    var given = {};
    values.forEach(function (pair) { given[pair[0]] = pair[1]; });
    if (given.contract === undefined) { return; }
    contract.value = given.contract;
    showFamily();  // the contract's fields first, then what was typed in them
    Array.prototype.forEach.call(box.querySelectorAll("input, select, textarea"), function (field) {
      if (!field.name) { return; }
      if (field.type === "checkbox" || field.type === "radio") {
        field.checked = values.some(function (pair) {
          return pair[0] === field.name && pair[1] === field.value;
        });
      } else if (given[field.name] !== undefined) {
        field.value = given[field.name];
      }
    });
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
  form.addEventListener("input", keepDraft);
  form.addEventListener("change", keepDraft);
  showFamily();
  restoreDraft();
  update();
  preselect();
  // a hand typed before an outage and brought back with the Back button is previewed at once
  if (cameBack()) { touched = true; preview(); }
})();
