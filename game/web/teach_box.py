"""The teaching box on the page: ``#teach`` with the prompt, the feedback after the
learner's move and a refused position's message; the Hint button, the hint in the reason
line and the hinted cards marked (``.hinted``). PyScript glue, a part of ``teach.Teach``."""

from __future__ import annotations

from ..i18n import t
from .jsvalue import absent
from .teach_words import CARD, action_words, capital, hint_texts, prompt_text, why_text


class TeachBox:
    """``Teach``'s drawing: the ``#teach`` box (prompt, feedback with Try again / Play on,
    a refused position's message), the Hint button, the hint in the reason line and its
    cards marked on the table (a mixin: ``Teach`` holds the attributes)."""

    def show_hint(self) -> None:
        """Show the normal bot's move for the learner (never played) and highlight its
        cards."""
        app = self.app
        s = app.session
        if s is None:
            return
        try:
            hint = s.hint() if s.waiting() == "human" or s.human in s.state.to_act() else None
        except Exception as exc:
            print("Kortbordet: hint failed:", exc)
            hint = None
        self.hint = hint
        self.hint_shown = None  # the hint is kept as data; its text follows the language
        self.show_hint_text()
        self.highlight()

    def show_hint_text(self) -> None:
        """Write the shown hint (``self.hint``: action + code) in the reason line in the
        current language; after a language switch the same hint is written anew, like
        the feedback of ``render_box``. Nothing when the reason line shows something
        else by now (another explanation replaced the hint)."""
        app = self.app
        shown = getattr(self, "hint_shown", None)
        if shown is not None and getattr(app, "reason_text", None) != shown:
            self.hint_shown = None
            return
        game = app.session.game if app.session is not None else None
        move, why = hint_texts(app.lang, self.hint, self.melds(), game)
        text = f"{move} {why}".strip()
        if text != getattr(app, "reason_text", None):
            app.show_text(text)
        self.hint_shown = text

    def melds(self) -> dict[int, list[str]]:
        """The melds (spreads) on the table now, id -> cards, to name them in words."""
        v = self.app.view or {}
        table = (v.get("state") or {}).get("table")
        out = {}
        if isinstance(table, list):
            for m in table:
                if isinstance(m, dict) and isinstance(m.get("id"), int):
                    out[m["id"]] = [str(c) for c in m.get("cards", [])]
        return out

    def highlight(self) -> None:
        """Mark the hinted move's cards on the table (``.hinted``)."""
        from pyscript import document
        import js
        old = document.querySelectorAll(".hinted")
        for i in range(old.length):
            old.item(i).classList.remove("hinted")
        if not self.hint:
            return
        for word in str(self.hint["action"]).split()[1:]:
            if not CARD.match(word):
                continue
            found = document.querySelectorAll(f'#table [data-card="{js.CSS.escape(word)}"]')
            for i in range(found.length):
                found.item(i).classList.add("hinted")

    # ------------------------------------------------------------ drawing

    def hint_button(self, v: dict) -> dict | None:
        """The action-bar button for ``TableView.actions_el``, or None when not offered
        (hints off, or the learner cannot act now)."""
        s = self.app.session
        if not self.hints_on() or s is None or s.state.is_over() or s.between:
            return None
        if s.human not in s.state.to_act() or not v.get("legal"):
            return None
        # on a phone's one-row dock a "?" (named Hint for screen readers), so it is not
        # pushed out of the row by a selection's buttons (new-user check)
        return {"id": "teach-hint", "label": t(self.app.lang, "btn_hint"), "enabled": True,
                "short": t(self.app.lang, "btn_hint_short")}

    def after_render(self) -> None:
        """Called after each redraw of the table: the prompt box and the hint marks."""
        if self.error and id(self.app.session) != getattr(self, "error_session", None):
            self.error = None  # a refused link's message goes once another table is shown
        self.render_box()
        if self.waiting_for_choice():  # not "Bo is thinking…": nobody moves until Play on
            from pyscript import document
            line = document.getElementById("status-line")
            if not absent(line):
                line.textContent = t(self.app.lang, "teach_choose")
        if getattr(self, "hint_shown", None) is not None:
            self.show_hint_text()  # the language may have changed
        if self.hint:
            self.highlight()

    def render_box(self) -> None:
        """Fill ``#teach``: the prompt, the feedback after an answer (with Try again / Play
        on), or a refused position's message. Hidden when there is nothing to show."""
        from pyscript import document
        from .dom import clear, h
        box = document.getElementById("teach")
        if absent(box):
            return
        lang = self.app.lang
        clear(box)
        shown = False
        box.className = ""
        if self.error:
            box.className = "teach-error"
            box.appendChild(h("p", {"class": "teach-error-text", "role": "alert",
                                    "id": "teach-error"},
                                  text=self.error_make() if self.error_make else self.error))
            shown = True
        elif self.loading:
            box.appendChild(h("p", {"class": "teach-loading"}, text=t(lang, "teach_loading")))
            shown = True
        if self.active and not self.error:
            text = prompt_text(self.prompt, lang)
            if text:
                box.appendChild(h("p", {"class": "teach-prompt", "id": "teach-prompt"},
                                  h("strong", text=t(lang, "teach_task") + ": "),
                                  h("span", {"id": "teach-prompt-text"}, text=text)))
                shown = True
            feedback = self.feedback_el(lang)
            if feedback is not None:
                box.appendChild(feedback)
                shown = True
        box.hidden = not shown

    def feedback_el(self, lang: str):
        """The feedback after the learner's move (right, wrong with the expected move and
        why, or what was played) with its buttons, or None before a move."""
        from .dom import h
        a = self.answer
        if a is None or a.get("correct") is None and a.get("go_on"):
            return None
        melds = a.get("melds") or self.melds()
        game = self.app.session.game if self.app.session is not None else None
        played = action_words(lang, a["played"], melds, game)
        why = why_text(lang, self.why_hint)
        if a["correct"]:
            cls = "teach-feedback right"
            text = t(lang, "teach_right", move=capital(played))
        elif a["correct"] is False:
            cls = "teach-feedback wrong"
            text = t(lang, "teach_wrong", played=played,
                     expected=action_words(lang, self.expect, melds, game))
        else:
            cls = "teach-feedback"
            text = t(lang, "teach_played", played=played)
        box = h("div", {"class": cls, "id": "teach-feedback", "role": "status",
                        "data-correct": "" if a["correct"] is None else
                        ("true" if a["correct"] else "false")},
                h("p", {"class": "teach-verdict"}, text=text))
        if why:
            box.appendChild(h("p", {"class": "teach-why"}, text=t(lang, "teach_why", why=why)))
        buttons = h("div", {"class": "teach-buttons"},
                    h("button", {"type": "button", "class": "ui-btn small",
                                 "data-ui": "teach-retry"}, text=t(lang, "teach_retry")))
        if not a.get("go_on") and not self.app.session.state.is_over():
            buttons.appendChild(h("button", {"type": "button", "class": "ui-btn small primary",
                                             "data-ui": "teach-continue"},
                                  text=t(lang, "teach_continue")))
        box.appendChild(buttons)
        return box

