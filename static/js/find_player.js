// Finding a player as one types: the matches are fetched from the find endpoint a moment after
// the last key and replace the list under the box. Without this script the box is a plain form
// whose page lists the matches. A reply to an older query never replaces a newer one.
(function () {
  "use strict";
  var form = document.querySelector("form[data-find-url]");
  if (!form || !window.fetch) { return; }
  var input = form.querySelector("input[name='q']");
  var results = document.getElementById(form.getAttribute("data-results"));
  if (!input || !results) { return; }
  var timer = null;
  var asked = 0;
  function show(query) {
    var ticket = ++asked;
    var url = form.getAttribute("data-find-url") + "&q=" + encodeURIComponent(query);
    fetch(url, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (reply) { return reply.ok ? reply.text() : null; })
      .then(function (html) {
        if (html !== null && ticket === asked) { results.innerHTML = html; }
      })
      .catch(function () { /* offline: the Find button still submits the form */ });
  }
  input.addEventListener("input", function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(function () { show(input.value.trim()); }, 200);
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    window.clearTimeout(timer);
    show(input.value.trim());
  });
})();
