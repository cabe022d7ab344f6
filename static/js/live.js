// Live pages (standings, rounds, tables, the projector), bound here because the
// Content-Security-Policy forbids inline scripts.
//
// 1. A page with [data-live-region] elements asks the server every few seconds whether it
//    changed (If-None-Match with the last ETag: an unchanged page is a cheap 304) and, when it
//    did, puts each region of the new page in place of the region with the same id. Forms are
//    never inside a region, so nobody's typing is disturbed, except in a region with a
//    data-live-key: it is replaced only when its key changes (what its form is about changed,
//    e.g. the table's sign-off when the sheet did), never just because a poll came back. When
//    the new page lacks one of this page's regions (a closed table's link), or a region marked
//    data-live-reload changed (an entry form may be back), the page is loaded whole, unless
//    someone is typing into a form: then the page waits for that form's save.
// 2. [data-clock] elements count down from the moment the server says the round's time runs
//    out (data-ends, ms since 1970) or show the time left of a paused clock (data-left, s). The
//    server stays the truth: its Date header corrects this device's clock.
// 3. A [data-autoscroll] box waits at the top, scrolls slowly through a long list, waits at the
//    end and starts again from the top (the projector's standings below the podium).
(function () {
  "use strict";

  var offset = 0; // server time minus this device's time, in ms

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function format(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }

  function tick() {
    document.querySelectorAll("[data-clock]").forEach(function (clock) {
      var state = clock.getAttribute("data-state");
      var time = clock.querySelector("[data-clock-time]");
      if (!time || state === "idle") { return; }
      var left = Number(clock.getAttribute("data-left")) || 0;
      if (state === "running" || state === "over") {
        var ends = Number(clock.getAttribute("data-ends"));
        left = Math.max(0, Math.ceil((ends - (Date.now() + offset)) / 1000));
      }
      var over = state !== "paused" && left === 0;
      clock.classList.toggle("clock-over", over);
      clock.classList.toggle("clock-running", !over && state === "running");
      var text = over ? clock.getAttribute("data-over-text") : format(left);
      if (time.textContent !== text) { time.textContent = text; }
      var label = clock.querySelector("[data-clock-label]");
      if (label && over) { label.textContent = clock.getAttribute("data-over-label") || ""; }
    });
  }

  // Someone is typing into a form of this page (a hand at a table's phone): a whole reload
  // would throw the typing away, so the page waits for its save, which the server answers
  // (a table closed meanwhile shows the typed hand as not saved).
  var typing = false;
  document.addEventListener("input", function (event) {
    if (event.target && event.target.form) { typing = true; }
  });
  document.addEventListener("submit", function () { typing = false; });

  function replaceRegions(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    // The page is loaded whole when the new one lacks one of its regions (the address now shows
    // another page: a table's link once the table is closed), or when a region marked
    // data-live-reload changed (a page without an entry form that may now have one).
    var whole = Array.prototype.some.call(document.querySelectorAll("[data-live-region][id]"),
      function (here) {
        var region = fresh.getElementById(here.id);
        return !region || (here.hasAttribute("data-live-reload") && here.innerHTML !== region.innerHTML);
      });
    if (whole) {
      if (!typing) { window.location.reload(); }
      return;
    }
    fresh.querySelectorAll("[data-live-region][id]").forEach(function (region) {
      var here = document.getElementById(region.id);
      if (!here) { return; }
      if (here.hasAttribute("data-live-key") &&
          here.getAttribute("data-live-key") === region.getAttribute("data-live-key")) { return; }
      if (here.innerHTML !== region.innerHTML) { here.innerHTML = region.innerHTML; }
      Array.prototype.slice.call(here.attributes).forEach(function (attr) {
        if (!region.hasAttribute(attr.name)) { here.removeAttribute(attr.name); }
      });
      Array.prototype.forEach.call(region.attributes, function (attr) {
        if (here.getAttribute(attr.name) !== attr.value) { here.setAttribute(attr.name, attr.value); }
      });
    });
    tick();
  }

  function poll(interval) {
    // The page's own validator, so the first poll of a page just loaded is a 304 too.
    var held = document.querySelector('meta[name="live-etag"]');
    var etag = held ? held.getAttribute("content") : null, failures = 0, timer = null;

    function schedule(delay) {
      clearTimeout(timer);
      timer = setTimeout(run, delay);
    }

    function run() {
      if (document.hidden) { return; } // a phone in a pocket asks again when shown
      var headers = {};
      if (etag) { headers["If-None-Match"] = etag; }
      fetch(window.location.href, { headers: headers, cache: "no-store", credentials: "same-origin" })
        .then(function (response) {
          var date = Date.parse(response.headers.get("Date") || "");
          if (!isNaN(date)) { offset = date - Date.now(); }
          if (response.status === 304) { return null; }
          if (!response.ok) { throw new Error(String(response.status)); }
          etag = response.headers.get("ETag");
          return response.text();
        })
        .then(function (html) {
          failures = 0;
          if (html !== null) { replaceRegions(html); }
          schedule(interval);
        })
        .catch(function () {
          // The server is busy or the network gone: ask less often, up to once a minute.
          failures += 1;
          schedule(Math.min(60000, interval * Math.pow(2, failures)));
        });
    }

    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) { schedule(0); }
    });
    schedule(interval);
  }

  function autoscroll(box) {
    var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    var wait = 100; // 4 s at the top before it starts
    setInterval(function () {
      var end = box.scrollHeight - box.clientHeight;
      if (end <= 0) { return; }
      if (wait > 0) { wait -= 1; return; }
      if (box.scrollTop >= end - 1) {
        box.scrollTop = 0;
        wait = 100; // 4 s at the top again
      } else if (reduce) {
        box.scrollTop = Math.min(end, box.scrollTop + box.clientHeight - 40);
        wait = 200;
      } else {
        box.scrollTop += 1;
        if (box.scrollTop >= end - 1) { wait = 100; }
      }
    }, 40);
  }

  var first = document.querySelector("[data-live-region]");
  if (first) { poll(Number(first.getAttribute("data-live-interval")) || 3000); }
  document.querySelectorAll("[data-autoscroll]").forEach(autoscroll);
  tick();
  setInterval(tick, 500);
})();
