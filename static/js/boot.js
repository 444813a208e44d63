// Kortbordet boot watcher: the loading screen's progress, and a readable message with a
// reload button when the runtime cannot load, Python fails or loading stops making
// progress. Plain text only (textContent); the game itself is Python (game/web/main.py).
//
// The watchdog never fails a boot that is still moving: it declares failure only after
// STALL_MS without any sign of progress — a byte of a same-origin download (fetch
// responses are counted as they stream in), a finished resource, a PyScript lifecycle
// event, a step reported by the game (kortbordetProgress), or the page's main thread being
// busy (a timer tick arriving late: Python is running). A slow first visit on a busy
// machine (the runtime took 47-137 s in WebKitGTK) therefore loads; a stalled one fails.
//
// The error screen offers the player's saved data for download (every "kortbordet."
// localStorage key in one JSON file) before it mentions clearing the site's data: done
// here in JavaScript, so it works when Python could not start at all.
(function () {
  "use strict";
  var STALL_MS = 60000;
  var TICK_MS = 1000;
  var sv = /^sv/i.test((navigator.language || "") + "");
  try {
    var prefs = JSON.parse(localStorage.getItem("kortbordet.prefs") || "{}");
    if (prefs && (prefs.lang === "sv" || prefs.lang === "en")) sv = prefs.lang === "sv";
  } catch (e) { /* preferences are optional */ }
  var T = sv ? {
    python: "Startar Python…", game: "Startar spelet…",
    title: "Kortbordet kunde inte starta", reload: "Ladda om",
    export: "Ladda ner mina sparade data", exported: "Dina sparade data laddades ner som {file}.",
    nothing: "Det finns inga sparade data i den här webbläsaren.",
    script: "Spelmotorn (Pyodide/PyScript) kunde inte hämtas. Kontrollera anslutningen och ladda om sidan.",
    python_error: "Ett fel uppstod i spelets Python-kod. Ladda om sidan. Hjälper det inte: ladda först ner dina sparade spel, protokoll och inställningar med knappen nedan. Att därefter rensa webbplatsens data låter sidan starta från början.",
    timeout: "Spelmotorn slutade ladda: inget hände på en minut. Ladda om sidan, eller prova en annan webbläsare. Dina sparade data finns kvar; du kan ladda ner dem med knappen nedan."
  } : {
    python: "Starting Python…", game: "Starting the game…",
    title: "Kortbordet could not start", reload: "Reload",
    export: "Download my saved data", exported: "Your saved data was downloaded as {file}.",
    nothing: "There is no saved data in this browser.",
    script: "The game engine (Pyodide/PyScript) could not be loaded. Check the connection and reload the page.",
    python_error: "An error happened in the game's Python code. Reload the page. If that does not help: first download your saved games, scoresheets and settings with the button below. Clearing this site's data after that lets the page start afresh.",
    timeout: "Loading the game engine stopped: nothing happened for a minute. Reload the page, or try another browser. Your saved data is still there; you can download it with the button below."
  };
  var failed = false;
  var lastProgress = Date.now();
  var lastTick = Date.now();

  function $(id) { return document.getElementById(id); }

  function alive() { lastProgress = Date.now(); }

  function progress(value, text) {
    alive();
    var bar = $("loading-progress"), label = $("loading-text");
    if (bar && value > (+bar.value || 0)) bar.value = value;
    if (label && text) label.textContent = text;
  }

  // Every localStorage key of the game, raw text kept exactly, as one JSON file (the same
  // shape as game/saves.py backup_file). Returns the file name, or "" when there is none.
  function exportSaves() {
    var items = {}, count = 0;
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var key = localStorage.key(i);
        if (key && key.indexOf("kortbordet.") === 0) {
          items[key] = localStorage.getItem(key);
          count++;
        }
      }
    } catch (e) { return ""; }
    if (!count) return "";
    var name = "kortbordet-saved-data-" + Date.now() + ".json";
    var text = JSON.stringify({ format: "kortbordet-backup", version: 1, items: items }, null, 1);
    var url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    var link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
    return name;
  }
  window.kortbordetExportSaves = exportSaves;

  function fail(kind, detail) {
    if (failed || window.kortbordetReady) return;
    failed = true;
    var box = $("boot-error");
    if (!box) return;
    $("boot-error-title").textContent = T.title;
    $("boot-error-text").textContent = T[kind] || T.python_error;
    var pre = $("boot-error-detail");
    if (detail) { pre.textContent = String(detail).slice(0, 2000); pre.hidden = false; }
    var exp = $("boot-error-export");
    if (exp) {
      exp.textContent = T.export;
      exp.onclick = function () {
        var name = exportSaves();
        var note = $("boot-error-exported");
        if (note) {
          note.textContent = name ? T.exported.replace("{file}", name) : T.nothing;
          note.hidden = false;
        }
      };
    }
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

  // Count the bytes of same-origin downloads as they arrive (a clone of the response is
  // read and dropped; the runtime gets the response itself, untouched).
  var realFetch = window.fetch;
  if (realFetch) {
    window.fetch = function () {
      return realFetch.apply(this, arguments).then(function (resp) {
        try {
          if (!window.kortbordetReady && !failed && resp && resp.body && resp.type !== "opaque") {
            alive();
            var reader = resp.clone().body.getReader();
            var pump = function () {
              reader.read().then(function (r) {
                if (r.done || window.kortbordetReady || failed) {
                  if (!r.done) reader.cancel().catch(function () {});
                  return;
                }
                alive();
                pump();
              }, function () { /* the download failed: the runtime reports that itself */ });
            };
            pump();
          }
        } catch (e) { /* counting is best effort */ }
        return resp;
      });
    };
  }
  try {
    new PerformanceObserver(function () { alive(); }).observe({ type: "resource", buffered: false });
  } catch (e) { /* older browsers: the other signs remain */ }

  // Creep the bar while the (large) runtime downloads, so the page never looks frozen, and
  // watch for a stall.
  var watch = setInterval(function () {
    var now = Date.now();
    if (window.kortbordetReady || failed) { clearInterval(watch); return; }
    if (now - lastTick > 3 * TICK_MS) alive();  // the main thread was busy: work is going on
    if (window.kortbordetBootHeld) alive();  // an embedded table waiting to be seen (start.mjs)
    lastTick = now;
    var bar = $("loading-progress");
    if (bar && +bar.value < 55) bar.value = +bar.value + 1;
    if (now - lastProgress > STALL_MS) fail("timeout");
  }, TICK_MS);

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
})();
