// Kortbordet: the next frame answers the finger (issue 38). A tap that only selects or
// unselects a card of the hand is shown at once, here, before any Python work of that tap:
// the card's selected look (class "selected", aria-pressed) is toggled in the click event
// and the event is marked (event.kortbordetTap = "select"), so the page's Python listener
// (game/web/listeners.py ListenersPart.on_click) handles it after the next paint
// (afterPaint) instead of within the same task, which kept the frame from being painted
// until the whole table was drawn again (a tenth to a third of a second on a mid-range
// phone). Python then confirms or corrects the change: its redraw shows the engine's
// selection, and right after handling the tap it calls settle(redrawn), which, when
// Python drew nothing, puts the change back in that same task (so in the same frame).
// Nothing shown can contradict the engine after that frame.
//
// Which cards: those the table marks as selectable, and nothing else: a card of
// "#table .hand[data-select]" (game/web/table.py TableView.hand_el: "many", "one" or
// "rank", how a tap changes the selection) with class "playable", without a data-action
// (a tap on such a card plays it) and not aria-disabled. A face-down hand (pass-and-play)
// has no data-select and no card faces: nothing here turns a card over. A tap within the
// tap guard of a pass-and-play screen (#screen data-tap-guard), which Python ignores, is
// left alone too.
//
// For tests: window.kortbordetTaps.report: toggles (optimistic taps), confirmed (the
// redraw showed what the tap showed), corrected (it showed otherwise), undone (no redraw
// came: put back), log (the last 200 outcomes: [card, shown, outcome]); and #screen
// carries data-tap-pending while a marked tap waits for Python.
(function () {
  "use strict";

  const report = { toggles: 0, confirmed: 0, corrected: 0, undone: 0, log: [] };
  let pending = [];   // {el, card, shown, changes: [{el, selected, pressed}]}

  function rankOf(card) {
    const face = String(card).split(".")[0].split("=")[0];
    return face.slice(0, -1);
  }

  function isSelected(el) {
    return el.classList.contains("selected");
  }

  // show ``el`` selected or not, remembering how it was (for undo)
  function setSelected(el, on, changes) {
    if (isSelected(el) === on) return;
    changes.push({ el: el, selected: isSelected(el), pressed: el.getAttribute("aria-pressed") });
    el.classList.toggle("selected", on);
    const toggles = el.closest(".hand").getAttribute("data-toggles") === "true";
    if (on) el.setAttribute("aria-pressed", "true");
    else if (toggles) el.setAttribute("aria-pressed", "false");
    else el.removeAttribute("aria-pressed");
    el.setAttribute("data-optimistic", "");
  }

  function undo(change) {
    const el = change.el;
    el.classList.toggle("selected", change.selected);
    if (change.pressed === null) el.removeAttribute("aria-pressed");
    else el.setAttribute("aria-pressed", change.pressed);
    el.removeAttribute("data-optimistic");
  }

  // the card a tap toggles, or null: the element Python's listener takes for the tap
  // (the same selector) when it is a selectable card of the hand
  function tappedCard(event) {
    const target = event.target;
    if (!target || !target.closest) return null;
    const el = target.closest("[data-ui], [data-action], [data-card]");
    if (!el || !el.hasAttribute("data-card") || el.hasAttribute("data-action")) return null;
    if (el.hasAttribute("data-ui")) return null;
    const hand = el.closest(".hand[data-select]");
    if (!hand || !hand.closest("#table") || hand.hasAttribute("data-down")) return null;
    if (!el.classList.contains("playable") || el.getAttribute("aria-disabled") === "true") return null;
    if (el.closest("[aria-disabled=true]")) return null;
    const screen = document.getElementById("screen");
    if (screen && event.timeStamp < Number(screen.getAttribute("data-tap-guard") || 0)) return null;
    return el;
  }

  function onClick(event) {
    const el = tappedCard(event);
    if (!el) return;
    const hand = el.closest(".hand");
    const mode = hand.getAttribute("data-select");
    const card = el.getAttribute("data-card");
    const on = !isSelected(el);
    const changes = [];
    if (on && mode !== "many") {   // "one": only this card; "rank": only cards of its rank
      hand.querySelectorAll(".card.selected[data-card]").forEach((other) => {
        if (other !== el && (mode === "one" || rankOf(other.getAttribute("data-card")) !== rankOf(card))) {
          setSelected(other, false, changes);
        }
      });
    }
    setSelected(el, on, changes);
    pending.push({ el: el, card: card, shown: on, changes: changes });
    report.toggles += 1;
    event.kortbordetTap = "select";   // Python handles it after the next paint
    const screen = document.getElementById("screen");
    if (screen) screen.setAttribute("data-tap-pending", String(pending.length));
  }

  // Python handled the taps marked so far; ``redrawn``: it drew the table (or a screen
  // instead) meanwhile, which shows the engine's selection however it was applied to the
  // page (new elements, or the same ones brought up to date). Without a redraw each change
  // is put back; after one, only the marks go. Counts how each tap ended.
  function settle(redrawn) {
    const done = pending;
    pending = [];
    if (redrawn === undefined) redrawn = false;
    for (const tap of done) {
      let outcome;
      if (!redrawn) {
        tap.changes.slice().reverse().forEach((c) => { if (c.el.isConnected) undo(c); });
        outcome = "undone";
      } else {
        tap.changes.forEach((c) => c.el.removeAttribute("data-optimistic"));
        const now = document.querySelector(
          "#table .hand [data-card=\"" + CSS.escape(tap.card) + "\"]");
        outcome = (!!now && isSelected(now)) === tap.shown ? "confirmed" : "corrected";
      }
      report[outcome] += 1;
      report.log.push([tap.card, tap.shown, outcome]);
      if (report.log.length > 200) report.log.shift();
    }
    const screen = document.getElementById("screen");
    if (screen) screen.removeAttribute("data-tap-pending");
  }

  // ``callback`` once the next frame was painted: a task posted from that frame's
  // animation callbacks runs after its paint. A hidden page paints no frame: at once
  // (in a task of its own); a frame that never comes (a browser that throttles a page's
  // frames) lets it wait a second at most
  function afterPaint(callback) {
    let called = false;
    const run = () => {
      if (called) return;
      called = true;
      clearTimeout(timer);
      callback();
    };
    const timer = setTimeout(run, document.visibilityState === "hidden" ? 0 : 1000);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = run;
      channel.port2.postMessage(0);
    });
  }

  // capture phase on document: after motion.js's (on window: a tap while cards move goes
  // to what lies under the finger once they stop), before Python's (bubble phase)
  document.addEventListener("click", onClick, true);
  window.kortbordetTaps = { settle: settle, afterPaint: afterPaint, report: report };
})();
