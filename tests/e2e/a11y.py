"""Accessibility audit with axe-core (npm ``axe-core``, pinned in package.json).

``check_a11y(page, label)`` injects ``node_modules/axe-core/axe.min.js`` into the page and
each of its same-origin frames, runs axe with the WCAG 2.0/2.1/2.2 A and AA rules (so
target size is checked too) and fails the test on any violation of impact ``serious`` or
``critical``, listing the rule, its help text and the offending elements. Lesser
violations (``minor``/``moderate``) are returned for the caller to print or assert on.

The script is injected by Playwright from the local file, never fetched from a network.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
BLOCKING = ("serious", "critical")

_RUN = """async (tags) => {
  const result = await window.axe.run(document, {
    runOnly: {type: "tag", values: tags},
    iframes: false,
    resultTypes: ["violations"],
  });
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 8).map(n => ({target: n.target.join(" "),
                                          summary: n.failureSummary})),
  }));
}"""


def _frames(page):
    origin = page.url.split("/", 3)[:3]
    for frame in page.frames:
        if frame.url.split("/", 3)[:3] == origin:
            yield frame


def audit(page) -> list[dict]:
    """Every axe violation in the page and its same-origin frames:
    ``[{"frame", "id", "impact", "help", "nodes": [{"target", "summary"}]}]``."""
    if not AXE.is_file():
        raise AssertionError(f"{AXE} missing: run scripts/setup.sh (npm ci installs axe-core)")
    found = []
    for frame in _frames(page):
        if not frame.evaluate("() => !!window.axe"):
            frame.add_script_tag(path=str(AXE))
        for v in frame.evaluate(_RUN, TAGS):
            v["frame"] = frame.url
            found.append(v)
    return found


def check_a11y(page, label: str = "") -> list[dict]:
    """Fail on serious or critical axe violations; return the minor/moderate ones.

    ``label`` names the screen in the failure message (e.g. ``"lobby"``).
    """
    found = audit(page)
    blocking = [v for v in found if v["impact"] in BLOCKING]
    assert not blocking, (f"axe: {len(blocking)} serious/critical violation(s) on "
                          f"{label or page.url}:\n" + json.dumps(blocking, indent=1,
                                                                 ensure_ascii=False))
    return [v for v in found if v["impact"] not in BLOCKING]
