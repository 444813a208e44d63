// Kortbordet: load the PyScript runtime (static/vendor/pyscript/core.js).
//
// PyScript opens IndexedDB maps while it boots (its package cache and file-system helper)
// and hangs where the browser denies IndexedDB: in a frame inside a page of another site
// when third-party storage is blocked (Chrome, Safari, Brave, Firefox strict) — exactly
// where a teacher embeds the game. There, and only there, an in-memory IndexedDB
// (fake-indexeddb, vendored from npm) is installed first. The game keeps nothing in it:
// an embedded table uses no storage at all.

function indexedDBWorks() {
  return new Promise((resolve) => {
    let request;
    try {
      request = indexedDB.open("kortbordet-probe");
    } catch (e) {
      resolve(false);
      return;
    }
    request.onsuccess = () => {
      try { request.result.close(); indexedDB.deleteDatabase("kortbordet-probe"); } catch (e) { /* probe only */ }
      resolve(true);
    };
    request.onerror = (event) => { event.preventDefault(); resolve(false); };
    request.onblocked = () => resolve(true);
  });
}

// A table embedded in another page (static/examples/teach.html: four of them) boots only
// once it comes near the screen: a teaching page's tables further down cost neither CPU
// nor memory until the reader gets there (issue 33). The iframe's own loading="lazy"
// keeps far-away ones from loading at all; this covers the rest (the browser's margin
// for lazy frames is a few screens). The boot watchdog (boot.js) waits meanwhile.
function nearTheScreen() {
  if (window.self === window.top || typeof IntersectionObserver !== "function") {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    window.kortbordetBootHeld = true;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        window.kortbordetBootHeld = false;
        resolve();
      }
    }, { rootMargin: "50% 0px" });  // applies where the parent is this site
    seen.observe(document.documentElement);
  });
}

try {
  await nearTheScreen();
  if (!(await indexedDBWorks())) {
    await import("../vendor/fake-indexeddb/auto/index.mjs");
    window.kortbordetMemoryStorage = true;
  }
  await import("../vendor/pyscript/core.js");
} catch (e) {
  if (window.kortbordetBootFailed) window.kortbordetBootFailed("script", e && (e.message || e));
}
