// Kortbordet boot watcher: the loading screen's progress, and a readable message with a
// reload button when the runtime cannot load, Python fails or boot takes too long.
// Plain text only (textContent); the game itself is Python (game/web/main.py).
(function () {
  "use strict";
  var TIMEOUT_MS = 60000;
  var sv = /^sv/i.test((navigator.language || "") + "");
  try {
    var prefs = JSON.parse(localStorage.getItem("kortbordet.prefs") || "{}");
    if (prefs && (prefs.lang === "sv" || prefs.lang === "en")) sv = prefs.lang === "sv";
  } catch (e) { /* preferences are optional */ }
  var T = sv ? {
    python: "Startar Python…", game: "Startar spelet…",
    title: "Kortbordet kunde inte starta", reload: "Ladda om",
    script: "Spelmotorn (Pyodide/PyScript) kunde inte hämtas. Kontrollera anslutningen och ladda om sidan.",
    python_error: "Ett fel uppstod i spelets Python-kod. Ladda om sidan; hjälper det inte, rensa webbplatsens data.",
    timeout: "Spelmotorn startade inte inom en minut. Ladda om sidan, eller prova en annan webbläsare."
  } : {
    python: "Starting Python…", game: "Starting the game…",
    title: "Kortbordet could not start", reload: "Reload",
    script: "The game engine (Pyodide/PyScript) could not be loaded. Check the connection and reload the page.",
    python_error: "An error happened in the game's Python code. Reload the page; if that does not help, clear this site's data.",
    timeout: "The game engine did not start within a minute. Reload the page, or try another browser."
  };
  var failed = false;

  function $(id) { return document.getElementById(id); }

  function progress(value, text) {
    var bar = $("loading-progress"), label = $("loading-text");
    if (bar && value > (+bar.value || 0)) bar.value = value;
    if (label && text) label.textContent = text;
  }

  function fail(kind, detail) {
    if (failed || window.kortbordetReady) return;
    failed = true;
    var box = $("boot-error");
    if (!box) return;
    $("boot-error-title").textContent = T.title;
    $("boot-error-text").textContent = T[kind] || T.python_error;
    var pre = $("boot-error-detail");
    if (detail) { pre.textContent = String(detail).slice(0, 2000); pre.hidden = false; }
    var btn = $("boot-error-reload");
    btn.textContent = T.reload;
    btn.onclick = function () { location.reload(); };
    box.hidden = false;
    var loading = $("loading");
    if (loading) loading.hidden = true;
    document.documentElement.setAttribute("data-boot", "failed");
  }
  window.kortbordetBootFailed = fail;
  window.kortbordetProgress = progress;

  // Creep the bar while the (large) runtime downloads, so the page never looks frozen.
  var creep = setInterval(function () {
    var bar = $("loading-progress");
    if (!bar || window.kortbordetReady || failed) { clearInterval(creep); return; }
    if (+bar.value < 55) bar.value = +bar.value + 1;
  }, 400);

  window.addEventListener("py:ready", function () { progress(65, T.python); });
  window.addEventListener("py:done", function () { progress(95, T.game); });
  window.addEventListener("py:all-done", function () {
    setTimeout(function () {
      if (!window.kortbordetReady && !failed) {
        var err = document.querySelector(".py-error");
        fail("python_error", err ? err.textContent : "");
      }
    }, 0);
  });
  document.addEventListener("DOMContentLoaded", function () {
    // PyScript shows Python tracebacks in a .py-error element: turn that into our message.
    new MutationObserver(function () {
      var err = document.querySelector(".py-error");
      if (err) fail("python_error", err.textContent);
    }).observe(document.body, { childList: true, subtree: true });
  });
  // A runtime file that cannot be fetched or compiled rejects a promise inside PyScript.
  window.addEventListener("unhandledrejection", function (e) {
    if (!window.kortbordetReady) fail("script", e && e.reason ? (e.reason.message || e.reason) : "");
  });
  window.addEventListener("error", function (e) {
    if (!window.kortbordetReady && e && e.message) fail("python_error", e.message);
  });
  setTimeout(function () { if (!window.kortbordetReady) fail("timeout"); }, TIMEOUT_MS);
})();
