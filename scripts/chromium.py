#!/usr/bin/env python3
"""Find (and with --ensure, install) a Chromium for Playwright.

Preference: Playwright's own Chromium when it is installed (a normal laptop after
`python -m playwright install chromium`), else a system Chromium (/usr/bin/chromium and
friends), else install one: apt-get when root and apt exists (scripts/apt_install.py), else
`python -m playwright install chromium`. KORTBORDET_CHROMIUM=/path overrides everything.

Used by tests/e2e/conftest.py and bench/boot.py (find_chromium, LAUNCH_ARGS) and by
`make test` (python scripts/chromium.py --ensure).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apt_install  # noqa: E402  (scripts/apt_install.py)

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SYSTEM_CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def _playwright_browser_dirs() -> list[str]:
    """Where Playwright keeps the browsers it downloads, as its registry computes it
    (PLAYWRIGHT_BROWSERS_PATH, "0" = inside the package; else $XDG_CACHE_HOME or
    ~/.cache, then ms-playwright on Linux; ~/Library/Caches on macOS; %LOCALAPPDATA% on
    Windows). Paths that may not exist."""
    env = os.environ.get("PLAYWRIGHT_BROWSERS_PATH")
    if env == "0":
        try:
            import playwright
        except ImportError:
            return []
        return [os.path.join(os.path.dirname(playwright.__file__), "driver", "package",
                             ".local-browsers")]
    if env:
        return [os.path.abspath(env)]
    home = os.path.expanduser("~")
    if sys.platform == "darwin":
        cache = os.path.join(home, "Library", "Caches")
    elif sys.platform == "win32":
        cache = os.environ.get("LOCALAPPDATA") or os.path.join(home, "AppData", "Local")
    else:
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(home, ".cache")
    return [os.path.join(cache, "ms-playwright")]


def _may_have_playwright_chromium() -> bool:
    """False when no Playwright browser directory holds a Chromium (``chromium-*``,
    ``chromium_headless_shell-*``): then asking Playwright's driver (a Node process, a
    second or more) is not needed to know it has none."""
    for folder in _playwright_browser_dirs():
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        if any(name.startswith("chromium") for name in names):
            return True
    return False


def _playwright_own() -> str | None:
    if not _may_have_playwright_chromium():
        return None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    try:
        with sync_playwright() as p:
            path = p.chromium.executable_path
    except Exception:  # noqa: BLE001 - any failure means "not usable"
        return None
    return path if path and os.path.isfile(path) else None


def _system() -> str | None:
    for name in SYSTEM_CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


def find_chromium() -> tuple[str | None, str]:
    """Return (executable_path, description); executable_path None = Playwright's own."""
    override = os.environ.get("KORTBORDET_CHROMIUM")
    if override:
        if not os.path.isfile(override):
            raise FileNotFoundError(f"KORTBORDET_CHROMIUM={override} does not exist")
        return override, f"{override} (KORTBORDET_CHROMIUM)"
    own = _playwright_own()
    if own:
        return None, f"Playwright's Chromium ({own})"
    system = _system()
    if system:
        return system, f"system Chromium ({system})"
    raise FileNotFoundError(
        "no Chromium found: run `make test` (installs one) or "
        "`.venv/bin/python -m playwright install chromium`"
    )


def launch_kwargs() -> dict:
    """Keyword arguments for playwright's chromium.launch()."""
    path, _ = find_chromium()
    kwargs: dict = {"args": list(LAUNCH_ARGS)}
    if path:
        kwargs["executable_path"] = path
    return kwargs


def ensure() -> int:
    try:
        _, desc = find_chromium()
        print(f"chromium: using {desc}")
        return 0
    except FileNotFoundError:
        pass
    print("chromium: none found", flush=True)
    if not apt_install.install(["chromium"], "chromium"):
        print("chromium: running playwright install chromium", flush=True)
        subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"], check=True)
    _, desc = find_chromium()
    print(f"chromium: using {desc}")
    return 0


if __name__ == "__main__":
    if "--ensure" in sys.argv[1:]:
        sys.exit(ensure())
    print(find_chromium()[1])
