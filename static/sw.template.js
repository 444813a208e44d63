// Kortbordet service worker TEMPLATE. scripts/build_sw.py fills in the two placeholders
// and writes ./sw.js at the site root (git-ignored); do not edit sw.js by hand.
//
// Precache on install, delete old kortbordet-* caches on activate, cache-first fetch
// for same-origin GET requests with a network fallback. The cache name carries a hash
// of every precached file, so each release gets a new cache; our own files are listed
// under their content-hashed URLs, exactly as the page asks for them.
"use strict";

// A site may share its origin with other copies of itself (GitHub Pages: every repository
// of an owner under one origin, e.g. /kortbordet/ and /kortbordet-beta/): its cache is named
// by its scope too, and activate deletes only its own older ones.
const SCOPE = new URL(self.registration.scope).pathname;
const CACHE_NAME = __CACHE_NAME__ + "@" + SCOPE;
// URLs relative to this worker's folder, which is the site root (also under /<repo>/).
const PRECACHE = __PRECACHE__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      // Through the HTTP cache: the page registers this worker once it is ready
      // (static/sw-register.js), so what it fetched is there and costs no second
      // download (issue 33). Our own files are named by their content (?v=<hash>): a
      // cached one is this release's. Every other file (the page, the pinned runtime
      // under fixed names) is revalidated ("no-cache": a 304 without a body when it is
      // unchanged), so a release never mixes in a stale one.
      await cache.addAll(PRECACHE.map((url) =>
        new Request(url, { cache: /[?&]v=/.test(url) ? "default" : "no-cache" })));
      await self.skipWaiting();
    })()
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        // "kortbordet-snapshot" is the memory snapshot this browser made
        // (static/js/interpreter.mjs): it outlives releases and is checked on its own.
        // (names without "@" are of releases before caches were named by scope)
        if (name.startsWith("kortbordet-") && name !== CACHE_NAME
            && name !== "kortbordet-snapshot"
            && (name.endsWith("@" + SCOPE) || !name.includes("@"))) {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })()
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      // Pages are opened with URL parameters (?game=durak&embed=1): match them without.
      // Our files are precached under their versioned URLs (?v=<content hash>,
      // scripts/stamp.py): a plain URL (an older link, a page that does not stamp) gets
      // this release's file too, online or not.
      const isPage = request.mode === "navigate";
      let response = await cache.match(request, { ignoreSearch: isPage || !url.search });
      if (!response && isPage) {
        response = await cache.match("./", { ignoreSearch: true });
      }
      return response || fetch(request);
    })()
  );
});
