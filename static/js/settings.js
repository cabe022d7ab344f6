// The settings page: only the chosen ruleset's options are shown, and the hands per round and the
// tie-breakers follow the ruleset's until the director sets their own. Without this script every
// ruleset's options are shown under its name, empty hand counts take the ruleset's numbers on
// saving, and tie-breakers left as shown take the chosen rules' (the ruleset's, or a shipped
// tariff's or preset's).
(function () {
  "use strict";
  var ruleset = document.getElementById("id_ruleset");
  var data = document.getElementById("ruleset-defaults");
  if (!ruleset || !data) { return; }
  var defaults = JSON.parse(data.textContent);
  var previous = ruleset.value;
  function show() {
    document.querySelectorAll("fieldset[data-ruleset]").forEach(function (fieldset) {
      fieldset.hidden = fieldset.getAttribute("data-ruleset") !== ruleset.value;
    });
  }
  function fillHands() {
    ["hands_four", "hands_five"].forEach(function (name) {
      var input = document.getElementById("id_" + name);
      var before = defaults[previous] && String(defaults[previous][name]);
      var now = defaults[ruleset.value];
      // A number the director typed stays; an empty one or the old ruleset's default follows.
      if (input && now && (input.value === "" || input.value === before)) {
        input.value = now[name];
      }
    });
    previous = ruleset.value;
  }
  // The tie-breakers follow the ruleset's cup while they are the default the page shows (its
  // hidden field names it); an order the director chose stays.
  // A shipped tariff or a preset (a ruleset with certain options) may name its own.
  function optionValue(key) {
    var field = document.getElementById("id_opt_" + ruleset.value + "_" + key);
    if (!field) { return undefined; }
    return field.type === "checkbox" ? field.checked : field.value;
  }
  function defaultTieBreakers(now) {
    var tariff = document.getElementById("id_tariff");
    if (tariff && tariff.value !== "") {
      return (now.tariffs || {})[tariff.value] || now.tie_breakers;
    }
    var preset = (now.presets || []).filter(function (p) {
      return Object.keys(p.options).every(function (k) { return optionValue(k) === p.options[k]; });
    })[0];
    return preset ? preset.tie_breakers : now.tie_breakers;
  }
  function fillTieBreakers() {
    var shown = document.getElementById("id_tie_breakers_default");
    var selects = document.querySelectorAll("select[name='tie_breakers']");
    var now = defaults[ruleset.value];
    if (!shown || !now || shown.value === "") { return; }
    var chosen = Array.prototype.map.call(selects, function (s) { return s.value; })
      .filter(function (v) { return v !== ""; });
    if (chosen.join(",") !== shown.value) { return; }
    var order = defaultTieBreakers(now);
    selects.forEach(function (select, i) { select.value = order[i] || ""; });
    shown.value = order.join(",");
  }
  ruleset.addEventListener("change", function () { show(); fillHands(); fillTieBreakers(); });
  var tariffField = document.getElementById("id_tariff");
  if (tariffField) { tariffField.addEventListener("change", fillTieBreakers); }
  document.querySelectorAll("fieldset[data-ruleset]").forEach(function (fieldset) {
    fieldset.addEventListener("change", fillTieBreakers);
  });
  show();
  fillHands();
  fillTieBreakers();
})();
