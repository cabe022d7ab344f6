// Behaviour shared by every page, bound here because the Content-Security-Policy forbids inline
// handlers (onclick=, onsubmit=): a button with data-print prints the page, a form with
// data-confirm asks before it is sent.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) { window.print(); }
  });
  document.addEventListener("submit", function (event) {
    var question = event.target.getAttribute("data-confirm");
    if (question && !window.confirm(question)) { event.preventDefault(); }
  });
})();
