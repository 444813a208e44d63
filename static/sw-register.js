// Registers the service worker (generated into ./sw.js by scripts/build_sw.py).
// The path is relative: on GitHub Pages the site lives under /<repo>/, and a worker
// cannot control a scope above its own folder.
//
// Only once the page is ready (<html data-boot="ready">: the table or the lobby can be
// used): the worker's install then finds in the HTTP cache what the page just fetched
// and downloads only what an offline return still lacks, instead of fetching the whole
// runtime a second time on the same link while the page boots (issue 33).
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  const register = () => {
    navigator.serviceWorker.register("./sw.js").catch((err) => {
      console.warn("Kortbordet: service worker not registered:", err);
    });
  };
  const html = document.documentElement;
  if (html.getAttribute("data-boot") === "ready") {
    register();
  } else {
    const watch = new MutationObserver(() => {
      if (html.getAttribute("data-boot") === "ready") {
        watch.disconnect();
        register();
      }
    });
    watch.observe(html, { attributes: true, attributeFilter: ["data-boot"] });
  }
}
