// The settings page: only the chosen ruleset's options are shown, and the hands per round follow
// the ruleset's numbers until the director types their own. Without this script every ruleset's
// options are shown under its name and empty hand counts take the ruleset's numbers on saving.
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
  ruleset.addEventListener("change", function () { show(); fillHands(); });
  show();
  fillHands();
})();
