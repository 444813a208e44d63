// Registers the service worker (generated into ./sw.js by scripts/build_sw.py).
// The path is relative: on GitHub Pages the site lives under /<repo>/, and a worker
// cannot control a scope above its own folder.
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("./sw.js").catch((err) => {
      console.warn("Kortbordet: service worker not registered:", err);
    });
  });
}
