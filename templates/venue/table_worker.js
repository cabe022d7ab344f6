{% load static %}// The table's link without a connection (tarock_cup/venue): this service worker keeps the
// table's page and the files it needs, so that a phone that lost the connection can still load
// it. Every page is asked of the server first; only when the server cannot be reached (or
// answers 502-504) the kept copy is shown. Saving never goes through here: the page itself
// queues a hand saved without a connection (static/js/table_queue.js).
"use strict";
var CACHE = "{{ cache_name|escapejs }}";
var FILES = [
  "{% static 'css/site.css' %}",
  "{% static 'css/print.css' %}",
  "{% static 'js/site.js' %}",
  "{% static 'js/hand.js' %}",
  "{% static 'js/live.js' %}",
  "{% static 'js/table_queue.js' %}",
  "{% static 'favicon.svg' %}",
  "{% static 'favicon.ico' %}"
];
var STATIC = "{% get_static_prefix %}";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(FILES); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("tarock-table-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// The page asks to keep its own address (the first visit came before this worker).
self.addEventListener("message", function (event) {
  var keep = event.data && event.data.keep;
  if (Array.isArray(keep)) {
    event.waitUntil(caches.open(CACHE).then(function (cache) {
      return Promise.all(keep.map(function (url) {
        return fetch(url, { credentials: "same-origin" }).then(function (response) {
          if (response.ok) { return cache.put(url, response); }
        }).catch(function () { /* no connection: kept at the next visit */ });
      }));
    }));
  }
});

function unreachable(response) {
  return response.status >= 502 && response.status <= 504;
}

function page(request) {
  return fetch(request).then(function (response) {
    if (unreachable(response)) { throw new Error(String(response.status)); }
    if (response.ok && !response.redirected) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request.url, copy); });
    }
    return response;
  }).catch(function (error) {
    return caches.match(request.url).then(function (kept) {
      if (kept) { return kept; }
      throw error;
    });
  });
}

// The site's files: asked of the server too (a new version is taken at once), kept for later.
function file(request) {
  return fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function (error) {
    return caches.match(request).then(function (kept) {
      if (kept) { return kept; }
      throw error;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (new URL(request.url).pathname.indexOf(STATIC) === 0) {
    event.respondWith(file(request));
  }
});
