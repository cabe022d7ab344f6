// The settings page: only the chosen ruleset's options are shown, and the hands per round and the
// tie-breakers follow the ruleset's until the director sets their own. Without this script every
// ruleset's options are shown under its name, empty hand counts take the ruleset's numbers on
// saving, and tie-breakers left as shown take the chosen ruleset's.
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
  function fillTieBreakers() {
    var shown = document.getElementById("id_tie_breakers_default");
    var selects = document.querySelectorAll("select[name='tie_breakers']");
    var now = defaults[ruleset.value];
    if (!shown || !now || shown.value === "") { return; }
    var chosen = Array.prototype.map.call(selects, function (s) { return s.value; })
      .filter(function (v) { return v !== ""; });
    if (chosen.join(",") !== shown.value) { return; }
    selects.forEach(function (select, i) { select.value = now.tie_breakers[i] || ""; });
    shown.value = now.tie_breakers.join(",");
  }
  ruleset.addEventListener("change", function () { show(); fillHands(); fillTieBreakers(); });
  show();
  fillHands();
  fillTieBreakers();
})();
