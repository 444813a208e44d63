// Kortbordet: cards travel from their old place to the new one across the table's
// whole re-render (FLIP: First, Last, Invert, Play), and the table's side-panel drawer.
//
// game/web/table.py calls window.kortbordetMotion.record() while the old table is still
// on the page (TableView.table_el, just before the new one replaces it): every
// [data-card] element's rectangle is kept by card identity ("7S", "7S.1"; a joker "JK=9S"
// is "JK"; face-down cards and a result's are not followed), with the seat that was
// acting, the stock and the scroll of the table's middle and side column. A
// MutationObserver on #screen sees the new table arrive; before the next paint each card
// that moved is drawn at its old place and eased to its new one. A card that came from
// where nobody could see it (a computer player's hand, the stock) starts at that player's
// seat or at the stock; a card that left for a hidden place (a computer player took it)
// flies to that seat and fades.
//
// A deal (game.web.controller: a game, round or hand just dealt) is not a FLIP: Python
// calls deal() before the table is drawn, and every card of the new hand and every back
// in the opponents' seats is dealt from the stock (or the talon, else the table's middle),
// one at a time round the table: a face-down copy flies from the stock to the card's place,
// where the card shows when it lands. The copies never take a tap (pointer-events: none)
// and are gone when the deal ends or the table is drawn again.
//
// A tap while cards move acts on what the player sees once they stop (tapWhileMoving
// below): the animations end at once and the tap goes to what lies at its point then.
//
// Pace: the CSS variable --anim (App.apply_display_prefs: 0 ms at speed "instant" or with
// the reduced-motion preference); nothing moves with prefers-reduced-motion either. A
// whole deal lasts at most 3.6 x --anim (under a second at normal speed).
(function () {
  "use strict";

  let before = null;   // {cards: Map(key -> {rect, el}), seats: Map, actingSeat, stock, scroll}
  // what the re-renders moved, for tests: plays, the cards of the last one, every card
  // deals: the deals played with motion; dealt: the cards of the last one
  // taps: pointer taps that came while cards moved; retargeted: those sent to another element
  const report = { plays: 0, last: [], moved: [], deals: 0, dealt: 0, taps: 0, retargeted: 0 };
  let dealNext = false;          // deal(): the next table to arrive was just dealt
  const dealing = new Set();     // the deal's animations still running
  const moving = new Set();      // every animation started here that has not ended yet

  // anim is kept in ``moving`` until it finishes or is cancelled; then done() runs
  function keep(anim, done) {
    moving.add(anim);
    const end = () => { moving.delete(anim); if (done) done(); };
    anim.onfinish = end;
    anim.oncancel = end;
    return anim;
  }

  function cardKey(el) {
    const raw = el.getAttribute("data-card") || "";
    if (!raw || raw === "back") return null;
    // a result's cards appear with it (flying there they crossed its heading); the hand's
    // own cards, drawn after the result, keep their keys
    if (el.closest(".result")) return null;
    if (el.closest(".last-bout")) return "last:" + raw.split("=")[0];
    return raw.split("=")[0];
  }

  function duration() {
    if (document.body.classList.contains("reduce-motion")) return 0;
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
    // the page sets --anim on <html> itself (App.apply_display_prefs): read that first, as
    // a computed style would first recalculate the styles of the whole page
    const v = (document.documentElement.style.getPropertyValue("--anim") ||
               getComputedStyle(document.documentElement).getPropertyValue("--anim")).trim();
    const ms = parseFloat(v);
    if (!isFinite(ms)) return 0;
    return v.endsWith("ms") || !v.endsWith("s") ? ms : ms * 1000;
  }

  function rectOf(el) {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, width: r.width, height: r.height };
  }

  function record() {
    stopDeal();
    const table = document.getElementById("table");
    if (!table) { before = null; return; }
    // nothing will move (speed "instant", reduced motion): measure no card, keep the scroll
    const still = !duration();
    const cards = new Map();
    const seats = new Map();
    if (!still) {
      table.querySelectorAll("[data-card]").forEach((el) => {
        const key = cardKey(el);
        if (key && !cards.has(key)) cards.set(key, { rect: rectOf(el), el: el });
      });
      table.querySelectorAll(".seat[data-seat]").forEach((el) => {
        seats.set(el.getAttribute("data-seat"), rectOf(el));
      });
    }
    const acting = table.querySelector(".seat.acting[data-seat]");
    const stock = still ? null : table.querySelector(".stock-pile .card, .talon .talon-top, .talon .card");
    const middle = document.getElementById("table-middle");
    const side = document.getElementById("table-side");
    before = {
      game: table.getAttribute("data-game"),
      cards: cards, seats: seats,
      actingSeat: acting ? acting.getAttribute("data-seat") : null,
      stock: stock ? rectOf(stock) : null,
      scroll: { middle: middle ? middle.scrollTop : 0, side: side ? side.scrollTop : 0 },
    };
  }

  function restoreScroll(old) {
    const middle = document.getElementById("table-middle");
    // a result or the lay-down chooser opens at the top of the middle: show it
    // (a new table starts scrolled to the top: setting 0 would only force a layout)
    if (middle && !middle.querySelector(":scope > .result, :scope > .chooser")) {
      if (old.scroll.middle) middle.scrollTop = old.scroll.middle;
      // the meld or spread the selected card goes to is the next thing to tap: in view
      const target = middle.querySelector(".meld.target, .spread.target");
      if (target) {
        // (below the stock and pile, which stay at the middle's top: table.css)
        const head = middle.querySelector(":scope > .dunka-center");
        const m = middle.getBoundingClientRect();
        const top = head ? Math.max(m.top, head.getBoundingClientRect().bottom) : m.top;
        // (its buttons float below its cards: table.css ".meld-acts")
        const acts = target.querySelector(".meld-acts");
        const t = target.getBoundingClientRect();
        const r = acts ? { top: t.top, bottom: Math.max(t.bottom, acts.getBoundingClientRect().bottom) } : t;
        if (r.bottom > m.bottom) middle.scrollTop += Math.min(r.bottom - m.bottom, r.top - top);
        else if (r.top < top) middle.scrollTop -= top - r.top;
      }
    }
    const side = document.getElementById("table-side");
    if (side && old.scroll.side) side.scrollTop = old.scroll.side;
  }

  function fly(el, from, to, ms, extra) {
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    const sx = to.width ? from.width / to.width : 1;
    const sy = to.height ? from.height / to.height : 1;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(sx - 1) < 0.02) return;
    const base = getComputedStyle(el).transform;
    const end = base && base !== "none" ? base : "none";
    const startT = `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})` + (end === "none" ? "" : " " + end);
    el.classList.remove("enter");
    const first = Object.assign({ transform: startT, transformOrigin: "0 0" }, extra ? extra[0] : {});
    const last = Object.assign({ transform: end, transformOrigin: "0 0" }, extra ? extra[1] : {});
    el.style.zIndex = "30";
    report.last.push(el.getAttribute("data-card"));
    if (report.moved.length < 1000) report.moved.push(el.getAttribute("data-card"));
    keep(el.animate([first, last], { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" }),
         () => { el.style.zIndex = ""; });
  }

  function ghost(old, to, ms) {
    // a card that left the table for a hidden place: its old element, fixed at its old
    // rectangle, flies to ``to`` (a seat) and fades
    const g = old.el;
    const r = old.rect;
    g.classList.remove("enter", "playable", "selected");
    g.removeAttribute("id");
    g.setAttribute("aria-hidden", "true");
    g.setAttribute("tabindex", "-1");
    Object.assign(g.style, {
      position: "fixed", left: r.left + "px", top: r.top + "px", width: r.width + "px",
      height: r.height + "px", margin: "0", zIndex: "30", pointerEvents: "none",
    });
    g.classList.add("motion-ghost");
    document.body.appendChild(g);
    const dx = to.left + to.width / 2 - (r.left + r.width / 2);
    const dy = to.top + to.height / 2 - (r.top + r.height / 2);
    keep(g.animate(
      [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.4)`, opacity: 0 }],
      { duration: ms, easing: "ease-in" }), () => g.remove());
  }

  function play() {
    const old = before;
    before = null;
    const table = document.getElementById("table");
    if (!old || !table) return;
    restoreScroll(old);
    report.plays += 1;
    report.last = [];
    const ms = duration();
    if (!ms || old.game !== table.getAttribute("data-game")) return;
    // a round's, hand's or game's result is the news: the table's cards do not fly
    // across it (they are laid out under or behind it; a new user saw the last discard
    // and the melds cross "Computer 1 went out." for a second)
    if (table.querySelector(".result")) return;
    const seen = new Set();
    const actingNow = table.querySelector(".seat.acting[data-seat]");
    table.querySelectorAll("[data-card]").forEach((el) => {
      const key = cardKey(el);
      if (!key || seen.has(key)) return;
      seen.add(key);
      const now = rectOf(el);
      if (now.width === 0) return;
      const was = old.cards.get(key) || (key.startsWith("last:") ? old.cards.get(key.slice(5)) : null);
      if (was) {
        fly(el, was.rect, now, ms);
        return;
      }
      // new to the table: from the stock into the hand, else from the seat that moved
      let from = null;
      if (el.closest(".hand")) from = old.stock;
      else if (old.actingSeat !== null && old.seats.has(old.actingSeat)) from = old.seats.get(old.actingSeat);
      else if (actingNow) from = rectOf(actingNow);
      if (from) {
        const start = { left: from.left + (from.width - now.width) / 2, top: from.top + (from.height - now.height) / 2,
                        width: now.width, height: now.height };
        fly(el, start, now, ms, [{ opacity: 0.2 }, { opacity: 1 }]);
      }
    });
    // cards that left for a computer player's hand fly to its seat
    if (old.actingSeat !== null) {
      const seat = table.querySelector(`.seat[data-seat="${old.actingSeat}"]`);
      if (seat) {
        const to = rectOf(seat);
        old.cards.forEach((was, key) => {
          if (seen.has(key) || seen.has("last:" + key) || key.startsWith("last:")) return;
          if (was.el.closest(".discard-pile, .pair, .meld, .spread")) ghost(was, to, ms);
        });
      }
    }
  }

  // ---- the deal
  function deal() { dealNext = true; }

  function stopDeal() {
    // cancel() runs each animation's oncancel: copies removed, cards shown
    Array.from(dealing).forEach((anim) => anim.cancel());
    dealing.clear();
  }

  function track(anim, done) {
    dealing.add(anim);
    keep(anim, () => { dealing.delete(anim); if (done) done(); });
  }

  function playDeal(table) {
    const ms = duration();
    if (!ms) return;
    const deck = table.querySelector(".stock-pile .card, .talon .talon-top, .talon .card") ||
      document.getElementById("table-middle");
    if (!deck) return;
    const from = rectOf(deck);
    // one card at a time round the table: the seats in turn, then the hand
    const piles = [];
    table.querySelectorAll(".seat[data-seat] .backs").forEach((b) => piles.push(Array.from(b.querySelectorAll(".card"))));
    const hand = table.querySelector(".hand");
    if (hand) piles.push(Array.from(hand.querySelectorAll(".card")));
    const order = [];
    for (let i = 0, more = true; more; i++) {
      more = false;
      piles.forEach((p) => { if (i < p.length) { order.push(p[i]); more = true; } });
    }
    const cards = order.map((el) => ({ el: el, to: rectOf(el) })).filter((c) => c.to.width > 0);
    if (!cards.length) return;
    const gap = cards.length > 1 ? Math.min(ms / 4, (ms * 2.6) / (cards.length - 1)) : 0;
    report.deals += 1;
    report.dealt = cards.length;
    cards.forEach((c, k) => {
      const copy = document.createElement("div");
      copy.className = "card back motion-ghost motion-deal";
      copy.setAttribute("aria-hidden", "true");
      Object.assign(copy.style, {
        position: "fixed", left: from.left + "px", top: from.top + "px", width: from.width + "px",
        height: from.height + "px", margin: "0", zIndex: "30", pointerEvents: "none", transformOrigin: "0 0",
      });
      document.body.appendChild(copy);
      const dx = c.to.left - from.left;
      const dy = c.to.top - from.top;
      const sx = from.width ? c.to.width / from.width : 1;
      const sy = from.height ? c.to.height / from.height : 1;
      const delay = k * gap;
      track(copy.animate(
        [{ transform: "none" }, { transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})` }],
        { duration: ms, delay: delay, easing: "cubic-bezier(.2,.7,.3,1)" }), () => copy.remove());
      setTimeout(() => copy.remove(), delay + ms + 1000);   // never left behind, whatever happens
      // the card itself shows when its copy lands
      track(c.el.animate([{ opacity: 0 }, { opacity: 0 }], { duration: delay + ms }));
      if (report.moved.length < 1000) report.moved.push(c.el.getAttribute("data-card"));
    });
  }

  // ---- the log line: whole sentences only
  // The log (game/web/turn_line.py log_el) shows its newest lines; what does not fit
  // overflows at its top (static/css/table.css). A sentence cut there showed only its end
  // ("…discard pile." above the next one, new-user check, session 15): every sentence
  // that does not fit whole is hidden instead, the newest always kept. When some are
  // hidden the log wears a sign ("2 more ▾", its data-more), and a tap on it opens it to
  // show every sentence (data-open; "fewer ▴" closes it): at 360x640 one long turn
  // sentence left no room for the move before it (issue 32). The log stays open across
  // redraws until it is tapped again or a tap lands anywhere else.
  let logOpen = false;

  function hideOlder(log, lines) {
    lines.forEach((line) => { line.hidden = false; });
    // (fractional boxes: rounded heights add up to more than the log's)
    const room = log.getBoundingClientRect().height + 0.5;
    let used = 0;
    for (let i = lines.length - 1; i >= 0; i--) {
      used += lines[i].getBoundingClientRect().height;
      if (used > room && i < lines.length - 1) {
        for (let j = i; j >= 0; j--) lines[j].hidden = true;
        return i + 1;
      }
    }
    return 0;
  }

  // the sign sits at the end of the first line shown (class "signed": room kept for it)
  function signLine(lines, first) {
    lines.forEach((line, i) => line.classList.toggle("signed", i === first));
  }

  function fitLog() {
    document.querySelectorAll("#table .zone-dock .log").forEach((log) => {
      const lines = Array.from(log.children);
      log.removeAttribute("data-sign");
      signLine(lines, -1);
      log.toggleAttribute("data-open", logOpen);
      if (logOpen) {
        lines.forEach((line) => { line.hidden = false; });
        if (lines.length > 1) {
          log.setAttribute("data-sign", log.dataset.less || "\u25b4");
          signLine(lines, 0);
        }
        log.scrollTop = log.scrollHeight;   // the newest in view
        return;
      }
      let hidden = hideOlder(log, lines);
      if (!hidden) return;
      const sign = (n) => (log.dataset.more || "+{n}").replace("{n}", String(n));
      log.setAttribute("data-sign", sign(hidden));
      // the first line shown is narrower beside the sign: fit again until it settles
      for (let k = 0; k < 4; k++) {
        signLine(lines, hidden);
        const again = hideOlder(log, lines);
        if (again === hidden) break;
        hidden = Math.min(again, lines.length - 1);
      }
      log.setAttribute("data-sign", sign(hidden));
    });
  }
  document.addEventListener("click", (event) => {
    const t = event.target;
    const log = t && t.closest ? t.closest("#table .zone-dock .log") : null;
    if (!log) {
      // a tap anywhere else closes it: open, it can leave a 360x640 phone's middle (the
      // stock, the pile) no room (new-user check)
      if (logOpen) { logOpen = false; fitLog(); }
      return;
    }
    if (!(logOpen || log.hasAttribute("data-sign"))) return;
    logOpen = !logOpen;
    fitLog();
  });
  window.addEventListener("resize", fitLog);

  function watchScreen() {
    const screen = document.getElementById("screen");
    if (!screen) return false;
    new MutationObserver(() => {
      placeToggle();
      fitLog();
      const table = document.getElementById("table");
      if (dealNext && table) {
        dealNext = false;
        before = null;
        stopDeal();
        playDeal(table);
        return;
      }
      if (!table) stopDeal();
      if (before) play();
    }).observe(screen, { childList: true });
    return true;
  }

  // ---- a tap while cards move
  // A tap lands on whatever is under the finger at that instant: a card in mid-flight, or
  // the gap one left, so it chose the wrong card or none (new-user check, session 14). A
  // pointer's click (a keyboard's has detail 0 and is left alone) that comes while cards
  // move, or whose press came while they moved, first ends every animation (this module's
  // and the table's own CSS ones: a card's entry, its lift) and then goes to the element at
  // the same point of the finished table, when that is not the one it already has. Runs in
  // the capture phase, before the page's delegated listeners (game/web/listeners.py).
  let pressedWhileMoving = false;

  function inMotion() {
    const list = Array.from(moving);
    const table = document.getElementById("table");
    if (table && table.getAnimations) {
      table.getAnimations({ subtree: true }).forEach((a) => { if (!moving.has(a)) list.push(a); });
    }
    return list.filter((a) => a.playState === "running" || a.playState === "paused");
  }

  function tapWhileMoving(event) {
    const pressed = pressedWhileMoving;
    pressedWhileMoving = false;
    if (!event.isTrusted || event.detail === 0) return;   // keyboard, or a script's click
    const anims = inMotion();
    if (!anims.length && !pressed) return;
    report.taps += 1;
    // finish() jumps to the end (an endless one cannot: it is cancelled)
    anims.forEach((a) => { try { a.finish(); } catch (e) { a.cancel(); } });
    const hit = document.elementFromPoint(event.clientX, event.clientY);
    if (!hit || hit === event.target) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    report.retargeted += 1;
    const focusable = hit.closest("button, a[href], input, select, textarea, [tabindex]");
    if (focusable) focusable.focus({ preventScroll: true });
    hit.dispatchEvent(new MouseEvent("click", {
      bubbles: true, cancelable: true, composed: true, view: window, detail: event.detail,
      clientX: event.clientX, clientY: event.clientY, screenX: event.screenX, screenY: event.screenY,
      button: event.button, buttons: event.buttons, ctrlKey: event.ctrlKey, shiftKey: event.shiftKey,
      altKey: event.altKey, metaKey: event.metaKey,
    }));
  }

  window.addEventListener("pointerdown", () => { pressedWhileMoving = inMotion().length > 0; }, true);
  window.addEventListener("click", tapWhileMoving, true);

  // ---- the drawer of side panels (narrow screens)
  // Its button is drawn with the table; it moves into the page's top bar (beside Lobby and
  // the language), where it costs no row of its own (not when embedded: no top bar there).
  function placeToggle() {
    const nav = document.querySelector("#top .top-nav");
    if (!nav) return;
    nav.querySelectorAll("[data-drawer=toggle]").forEach((b) => b.remove());
    const toggle = document.querySelector("#table [data-drawer=toggle]");
    if (toggle && !document.body.classList.contains("embed")) nav.insertBefore(toggle, nav.firstChild);
    if (!toggle) setDrawer(false);
  }

  function setDrawer(open) {
    if (open) document.body.setAttribute("data-drawer", "open");
    else document.body.removeAttribute("data-drawer");
    document.querySelectorAll("[data-drawer=toggle]").forEach((b) => b.setAttribute("aria-expanded", open ? "true" : "false"));
  }

  // The open drawer has an entry in the browser's history (same URL), so a phone's Back
  // closes it rather than leaving the game (a new-user check left the site that way);
  // closed by its buttons or Escape, that entry is gone back over. Not in a frame: the
  // host page's Back is its own.
  const DRAWER_ENTRY = "kortbordet-drawer";
  const topLevel = window.top === window;
  const drawerOpen = () => document.body.getAttribute("data-drawer") === "open";
  const inDrawerEntry = () => !!(history.state && history.state.kortbordet === DRAWER_ENTRY);

  function toggleDrawer(open) {
    setDrawer(open);
    if (open && topLevel && !inDrawerEntry()) history.pushState({ kortbordet: DRAWER_ENTRY }, "");
    if (!open && topLevel && inDrawerEntry()) history.back();
    const focus = open ? document.querySelector("#table-side .drawer-close")
      : document.querySelector("[data-drawer=toggle]");
    if (focus) focus.focus();
  }

  document.addEventListener("click", (event) => {
    const t = event.target;
    // (the body carries data-drawer="open" too: only the two buttons open or close it,
    // not every tap inside the open drawer, such as a setting's checkbox)
    const btn = t && t.closest ? t.closest("[data-drawer=toggle], [data-drawer=close]") : null;
    if (!btn) return;
    const what = btn.getAttribute("data-drawer");
    toggleDrawer(what === "toggle" ? !drawerOpen() : false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && drawerOpen()) toggleDrawer(false);
  });
  window.addEventListener("popstate", () => {
    if (drawerOpen() && !inDrawerEntry()) {   // Back from the drawer's entry
      setDrawer(false);
      const toggle = document.querySelector("[data-drawer=toggle]");
      if (toggle) toggle.focus();
    }
  });

  window.kortbordetMotion = { record: record, play: play, deal: deal, setDrawer: setDrawer, report: report };
  if (!watchScreen()) document.addEventListener("DOMContentLoaded", watchScreen);
})();
