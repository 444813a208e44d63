#!/usr/bin/env python3
"""Find (and with --ensure, install) a Firefox for the Firefox browser tests (tests/firefox/).

The tests drive it with puppeteer-core (npm, pinned in package.json) over WebDriver BiDi,
which needs Firefox 129 or newer and downloads nothing. Preference: KORTBORDET_FIREFOX=/path,
else a Firefox on PATH (firefox-esr, firefox), else install Debian's firefox-esr with apt-get
when root and apt exists (scripts/apt_install.py); otherwise say how to install one.

Used by tests/firefox/conftest.py (find_firefox) and by `make test`
(python scripts/firefox.py --ensure).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apt_install  # noqa: E402  (scripts/apt_install.py)

CANDIDATES = ("firefox-esr", "firefox")
MIN_MAJOR = 129  # WebDriver BiDi as puppeteer-core 24 uses it


def version(path: str) -> int | None:
    """The major version of the Firefox at path (``firefox --version``), None if unknown."""
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=60,
                             env={**os.environ, "MOZ_HEADLESS": "1"}).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    match = re.search(r"(\d+)\.\d+", out)
    return int(match.group(1)) if match else None


def find_firefox() -> tuple[str, str]:
    """Return (executable_path, description); raise FileNotFoundError when none fits."""
    override = os.environ.get("KORTBORDET_FIREFOX")
    if override:
        if not os.path.isfile(override):
            raise FileNotFoundError(f"KORTBORDET_FIREFOX={override} does not exist")
        return override, f"{override} (KORTBORDET_FIREFOX)"
    too_old = []
    for name in CANDIDATES:
        path = shutil.which(name)
        if not path:
            continue
        major = version(path)
        if major is not None and major >= MIN_MAJOR:
            return path, f"Firefox {major} ({path})"
        too_old.append(f"{path} ({major or 'unknown version'})")
    hint = f"; too old: {', '.join(too_old)}" if too_old else ""
    raise FileNotFoundError(
        f"no Firefox {MIN_MAJOR} or newer found{hint}: run `make test` as root (installs "
        "Debian's firefox-esr), `sudo apt-get install firefox-esr`, or set KORTBORDET_FIREFOX")


def ensure() -> int:
    try:
        print(f"firefox: using {find_firefox()[1]}")
        return 0
    except FileNotFoundError:
        pass
    apt_install.install(["firefox-esr"], "firefox")
    try:
        print(f"firefox: using {find_firefox()[1]}")
    except FileNotFoundError as exc:
        print(f"firefox: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    if "--ensure" in sys.argv[1:]:
        sys.exit(ensure())
    print(find_firefox()[1])
