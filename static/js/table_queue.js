// The table's own link without a connection (tarock_cup/venue/queue.py). A hand saved while the
// server cannot be reached waits on this phone (localStorage) under a key of its own, is shown
// on the sheet as "waiting for connection", and is sent by the page itself, in order, once the
// server answers again; the key makes a hand sent twice one save. A hand the server refuses
// (another phone saved that hand meanwhile, the table was closed, a rule) stays here with the
// refusal, for correction or to be discarded; the hands after it wait for it (a refused hand
// keeps its number unless another phone took it: corrected, it is saved in its place before them;
// discarded, they move up one number). Online, Save sends
// the hand at once as before; a refusal then shows the page with its message as without this.
// A service worker keeps the page for a reload without connection (https or localhost only).
(function () {
  "use strict";
  var root = document.getElementById("queue");
  if (!root) { return; }
  var list = document.getElementById("queue-list");
  var form = document.getElementById("hand-form");
  var expected = form ? form.elements.expected : null;
  var base = expected ? Number(expected.defaultValue) : 0;
  var linkUrl = root.getAttribute("data-link-url");
  var STORE = "tarock-queue:" + root.getAttribute("data-token");
  var FRESHNESS = ["csrfmiddlewaretoken", "expected", "version", "key", "save", "preview"];
  var RETRY_MS = 5000, MAX_RETRY_MS = 30000, WAIT_MS = 15000;
  var retryMs = RETRY_MS, retryTimer = null, sending = false, savedHere = 0, typing = false;
  var direct = false;

  function text(name) { return root.getAttribute("data-text-" + name) || ""; }

  function load() {
    try { return JSON.parse(window.localStorage.getItem(STORE) || "[]") || []; } catch (e) { return []; }
  }

  function keep(items) {
    try {
      if (items.length) { window.localStorage.setItem(STORE, JSON.stringify(items)); }
      else { window.localStorage.removeItem(STORE); }
    } catch (e) { /* storage off: the hand is sent now or not at all */ }
  }

  function change(key, update) {
    keep(load().map(function (item) { return item.key === key ? update(item) || item : item; }));
  }

  function remove(key) { keep(load().filter(function (item) { return item.key !== key; })); }

  // 32 hexadecimal digits; getRandomValues works over plain http too (randomUUID does not).
  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function chosenText(name) {
    var field = form.elements[name];
    if (!field) { return ""; }
    if (field.tagName === "SELECT") {
      var option = field.options[field.selectedIndex];
      return option && option.value !== "" ? option.text.trim() : "";
    }
    return "";
  }

  // New hands still to be sent, each taking the next number; a refused one keeps its number
  // (corrected, it is saved in its place) unless another phone's hand took it (`next`).
  function pendingNew(items) {
    return items.filter(function (item) {
      return item.isNew && !(item.state === "refused" && item.next);
    }).length;
  }

  // The number the form enters: the refused hand's own while it is corrected, else the next.
  function nextNumber() {
    var items = load();
    var corrected = items.filter(function (item) { return item.state === "correcting"; })[0];
    if (corrected && corrected.isNew) { return corrected.number; }
    return base + savedHere + pendingNew(items);
  }

  function makeItem() {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string" && name !== "csrfmiddlewaretoken") { fields.push([name, value]); }
    });
    var editing = root.getAttribute("data-editing");
    return {
      key: newKey(), url: root.getAttribute("data-queue-url"), fields: fields, isNew: !!expected,
      number: expected ? Number(expected.value) : Number(editing),
      label: [chosenText("contract"), chosenText("declarer")].filter(Boolean).join(" · "),
      csrf: form.elements.csrfmiddlewaretoken ? form.elements.csrfmiddlewaretoken.value : "",
      state: "waiting", message: ""
    };
  }

  function clearForm() {
    form.reset();
    typing = false;
    var contract = form.elements.contract;
    if (contract) { contract.dispatchEvent(new Event("change", { bubbles: true })); }
    if (expected) { expected.value = String(nextNumber()); }
    var preview = document.getElementById("preview");
    if (preview) { preview.textContent = ""; }
  }

  // The form as the refused hand was typed (its contract's fields first), with this page's
  // view of the sheet: it is saved as a new hand, under a new key.
  function fill(item) {
    // Another phone's hand took this one's place: the page's sheet is older than the server's.
    if (item.isNew && item.next) { base = item.next - savedHere; }
    clearForm();
    var given = {};
    item.fields.forEach(function (pair) { given[pair[0]] = pair[1]; });
    var contract = form.elements.contract;
    if (contract && given.contract !== undefined) {
      contract.value = given.contract;
      contract.dispatchEvent(new Event("change", { bubbles: true }));
    }
    Array.prototype.forEach.call(form.querySelectorAll("input, select, textarea"), function (field) {
      if (!field.name || field === contract || FRESHNESS.indexOf(field.name) >= 0) { return; }
      if (field.type === "checkbox" || field.type === "radio") {
        field.checked = item.fields.some(function (pair) {
          return pair[0] === field.name && pair[1] === field.value;
        });
      } else if (given[field.name] !== undefined && field.type !== "hidden") {
        field.value = given[field.name];
      }
    });
    typing = true;
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function send(item) {
    var body = new FormData();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.set("key", item.key);
    body.set("save", "1");
    var token = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (token) { body.set("csrfmiddlewaretoken", token.value); }
    else if (item.csrf) { body.set("csrfmiddlewaretoken", item.csrf); }
    var stop = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (stop) { stop.abort(); } }, WAIT_MS);
    return fetch(item.url, {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: { "X-Requested-With": "fetch" }, signal: stop ? stop.signal : undefined
    }).then(function (response) {
      if (response.status >= 500) { return { kind: "unreachable" }; }
      return response.json().then(function (data) {
        if (response.ok && data.state === "saved") { return { kind: "saved" }; }
        return { kind: "refused", message: data.message || String(response.status), next: data.next };
      }, function () {
        return { kind: "refused", message: response.status + " " + response.statusText };
      });
    }, function () {
      return { kind: "unreachable" };
    }).then(function (outcome) {
      clearTimeout(timer);
      return outcome || { kind: "unreachable" };
    }, function () { clearTimeout(timer); return { kind: "unreachable" }; });
  }

  function schedule() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, retryMs);
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  }

  // Every hand is in: the page is loaded anew (the server's sheet, and what was saved), unless a
  // next hand is being typed; the live sheet then takes the saved hands in by itself.
  function allSent() {
    if (!typing) { window.location.assign(linkUrl); }
  }

  function flush() {
    if (sending) { return; }
    clearTimeout(retryTimer);
    var first = load()[0];
    if (!first) { return; }
    if (first.state === "refused" || first.state === "correcting") { draw(); return; }
    // The browser knows it has no network: its "online" event sends the hands, not a try now
    // (a try could go out through the service worker's own connection, or time out slowly).
    if (navigator.onLine === false) { draw(); return; }
    sending = true;
    change(first.key, function (item) { item.state = "sending"; });
    draw();
    send(first).then(function (outcome) {
      sending = false;
      if (outcome.kind === "saved") {
        remove(first.key);
        if (first.isNew) { savedHere += 1; }
        retryMs = RETRY_MS;
        draw();
        if (load().length) { flush(); } else { allSent(); }
        return;
      }
      change(first.key, function (item) {
        item.state = outcome.kind === "refused" ? "refused" : "waiting";
        item.message = outcome.message || "";
        item.next = outcome.next || null;
      });
      draw();
      if (outcome.kind !== "refused") { schedule(); return; }
      // The page is loaded anew to show the sheet as the server has it now (the refusal stays
      // here with the hand), unless a next hand is being typed.
      if (!typing) { window.location.reload(); }
    });
  }

  // Hands kept after a refused new hand that still has its number (no other phone took it).
  function keepsPlace(item, items) {
    var at = items.map(function (each) { return each.key; }).indexOf(item.key);
    return item.isNew && !item.next && at >= 0 && at < items.length - 1;
  }

  // Correct: the refused hand goes into the form; when hands wait after it, it stays in its place
  // (being corrected) and Save puts it back there, so it is sent before them with its number.
  function takeBack(item) {
    if (keepsPlace(item, load())) {
      change(item.key, function (kept) { kept.state = "correcting"; });
    } else {
      remove(item.key);
    }
  }

  // Discard: a refused new hand that kept its number gives it up; the new hands after it move up.
  function discard(item) {
    var items = load();
    var free = keepsPlace(item, items);
    var after = false;
    keep(items.filter(function (each) {
      if (each.key === item.key) { after = true; return false; }
      if (free && after && each.isNew) { moveUp(each); }
      return true;
    }));
  }

  function moveUp(item) {
    item.number -= 1;
    item.fields = item.fields.map(function (pair) {
      return pair[0] === "expected" ? [pair[0], String(Number(pair[1]) - 1)] : pair;
    });
  }

  function button(label, onclick) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "secondary";
    b.textContent = label;
    b.addEventListener("click", onclick);
    return b;
  }

  function title(item) {
    return item.isNew ? text("hand") + " " + item.number : text("correction") + " " + text("hand") + " " + item.number;
  }

  function stateText(item, held) {
    if (item.state === "refused") { return text("refused"); }
    if (item.state === "correcting") { return text("correcting"); }
    if (held) { return text("held"); }
    return item.state === "sending" ? text("sending") : text("waiting");
  }

  function drawItem(item, held) {
    var li = document.createElement("li");
    li.className = "queued-hand " + item.state;
    li.setAttribute("data-key", item.key);
    var what = document.createElement("strong");
    what.textContent = title(item);
    li.appendChild(what);
    if (item.label) { li.appendChild(document.createTextNode(" · " + item.label)); }
    var state = document.createElement("span");
    state.className = "queue-state";
    state.textContent = " – " + stateText(item, held);
    li.appendChild(state);
    // The refusal stays in sight while the hand is corrected in the form.
    if (item.state === "refused" || item.state === "correcting") {
      var why = document.createElement("p");
      why.className = "errorlist";
      if (item.state === "refused") { why.setAttribute("role", "alert"); }
      why.textContent = item.message;
      li.appendChild(why);
    }
    if (item.state === "refused") {
      var actions = document.createElement("p");
      actions.className = "actions";
      if (form) {
        actions.appendChild(button(text("correct"), function () {
          takeBack(item);
          fill(item);
          draw();
          form.scrollIntoView({ block: "start" });
          flush();
        }));
      }
      actions.appendChild(button(text("discard"), function () {
        if (!window.confirm(text("sure"))) { return; }
        discard(item);
        if (expected && !typing) { expected.value = String(nextNumber()); }
        draw();
        flush();
      }));
      li.appendChild(actions);
    }
    return li;
  }

  // On the sheet, below the saved hands: a row for each new hand this phone keeps.
  function drawSheet(items) {
    var body = document.querySelector("#sheet tbody");
    if (!body) { return; }
    Array.prototype.forEach.call(body.querySelectorAll("tr.queued"), function (row) { row.remove(); });
    var width = document.querySelectorAll("#sheet thead th").length - 2;
    var held = false;
    items.forEach(function (item) {
      var wasHeld = held;
      if (item.state === "refused" || item.state === "correcting") { held = true; }
      if (!item.isNew) { return; }
      var row = document.createElement("tr");
      row.className = "queued " + item.state;
      row.setAttribute("data-key", item.key);
      var number = document.createElement("td");
      number.className = "num";
      number.textContent = String(item.number);
      var dealer = document.createElement("td");
      dealer.className = "hide-small";
      var hand = document.createElement("td");
      hand.className = "hand";
      hand.colSpan = Math.max(1, width);
      hand.textContent = (item.label ? item.label + " – " : "") + stateText(item, wasHeld);
      row.append(number, dealer, hand);
      body.appendChild(row);
    });
  }

  // The entry's heading names the hand this form enters: after the hands this phone keeps.
  function drawHeading(items) {
    var heading = document.querySelector("#entry-heading h2");
    // Without kept hands the heading is the server's (live.js moves it on with other phones).
    if (!heading || !expected || pendingNew(items) === 0) { return; }
    var wanted = heading.textContent.replace(/\d+/, String(nextNumber()));
    if (heading.textContent !== wanted) { heading.textContent = wanted; }
    var dealer = heading.nextElementSibling;
    // The dealer shown is the server's; with hands kept here it has moved on.
    if (dealer && dealer.tagName === "P" && !dealer.hidden) { dealer.hidden = true; }
  }

  // The intro says what the kept hands need: nothing (they are sent by themselves), or the players
  // (a refused hand to correct or discard, the others waiting for it).
  function drawIntro(refused) {
    var waiting = document.getElementById("queue-intro-waiting");
    var stopped = document.getElementById("queue-intro-refused");
    if (waiting) { waiting.hidden = refused; }
    if (stopped) { stopped.hidden = !refused; }
  }

  function draw() {
    var items = load();
    root.hidden = items.length === 0;
    list.textContent = "";
    var held = false;
    items.forEach(function (item) {
      list.appendChild(drawItem(item, held));
      if (item.state === "refused" || item.state === "correcting") { held = true; }
    });
    drawIntro(held);
    drawSheet(items);
    drawHeading(items);
  }

  // The page's live regions (live.js) are replaced by the server's: the kept hands drawn again.
  function redrawLive() {
    var items = load();
    var body = document.querySelector("#sheet tbody");
    var rows = body ? body.querySelectorAll("tr.queued").length : 0;
    if (rows !== items.filter(function (item) { return item.isNew; }).length) { drawSheet(items); }
    drawHeading(items);
  }

  function nativeSave() {
    var pressed = document.createElement("input");
    pressed.type = "hidden";
    pressed.name = "save";
    pressed.value = "1";
    form.appendChild(pressed);
    HTMLFormElement.prototype.submit.call(form);
  }

  // Save: online and with nothing kept, the hand is sent at once as before (a refusal shows the
  // page with its message); otherwise, or when the server cannot be reached, it is kept here.
  function save() {
    var item = makeItem();
    var items = load();
    direct = items.length === 0 && navigator.onLine !== false;
    var at = items.map(function (each) { return each.state; }).indexOf("correcting");
    if (at >= 0) { items[at] = item; } else { items.push(item); }
    keep(items);
    if (!direct) {
      clearForm();
      draw();
      flush();
      return;
    }
    sending = true;
    send(item).then(function (outcome) {
      sending = direct = false;
      if (outcome.kind === "saved") {
        remove(item.key);
        window.location.assign(linkUrl);
        return;
      }
      if (outcome.kind === "refused") {
        remove(item.key);
        nativeSave();
        return;
      }
      clearForm();
      draw();
      schedule();
    });
  }

  function showPreviewOffline() {
    var note = document.getElementById("hand-outage");
    if (note) { note.hidden = false; note.scrollIntoView({ block: "nearest" }); }
  }

  // A correction left without saving (the page was left or reloaded) is the refused hand again.
  keep(load().map(function (item) {
    if (item.state === "correcting") { item.state = "refused"; }
    return item;
  }));

  if (form) {
    // Before hand.js's own handler (capture): Save is this script's; Preview needs the server.
    window.addEventListener("submit", function (event) {
      if (event.target !== form) { return; }
      var submitter = event.submitter;
      if (submitter && submitter.name === "save") {
        event.preventDefault();
        event.stopImmediatePropagation();
        if (!direct) { save(); }  // a second tap while the first is sent saves nothing
      } else if (navigator.onLine === false) {
        event.preventDefault();
        event.stopImmediatePropagation();
        showPreviewOffline();
      }
    }, true);
    form.addEventListener("input", function () { typing = true; });
    form.addEventListener("change", function (event) { if (event.isTrusted) { typing = true; } });
    if (expected) { expected.value = String(nextNumber()); }
  }

  var observer = new MutationObserver(redrawLive);
  ["sheet-live", "entry-heading"].forEach(function (id) {
    var region = document.getElementById(id);
    if (region) { observer.observe(region, { childList: true, subtree: true }); }
  });

  window.addEventListener("online", function () { retryMs = RETRY_MS; flush(); });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { flush(); } });
  window.addEventListener("storage", function (event) { if (event.key === STORE) { draw(); } });

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(root.getAttribute("data-worker-url")).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (registration.active) {
        registration.active.postMessage({ keep: [window.location.href, new URL(linkUrl, window.location.href).href] });
      }
    }).catch(function () { /* no worker: the open page still keeps and sends its hands */ });
  }

  draw();
  flush();
})();
