#!/usr/bin/env python3
"""Find (and with --ensure, install) WebKitGTK's WebDriver and an X server for tests/webkit/.

The WebKit smoke test drives Debian's WebKitGTK (its MiniBrowser) through
``WebKitWebDriver`` (package webkit2gtk-driver) with Selenium (PyPI, pinned in
requirements-dev.txt), on a virtual display (``Xvfb``, package xvfb). Preference:
KORTBORDET_WEBKIT_DRIVER=/path, else WebKitWebDriver on PATH; when the driver or Xvfb is
missing, --ensure installs both with apt-get when root (scripts/apt_install.py), otherwise
says how to install them.

Used by tests/webkit/conftest.py (find_webkit) and by `make test-webkit`.
"""

from __future__ import annotations

import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apt_install  # noqa: E402  (scripts/apt_install.py)

PACKAGES = ["webkit2gtk-driver", "xvfb"]


def find_webkit() -> tuple[str, str]:
    """Return (WebKitWebDriver path, Xvfb path); raise FileNotFoundError when one is missing."""
    driver = os.environ.get("KORTBORDET_WEBKIT_DRIVER") or shutil.which("WebKitWebDriver")
    xvfb = shutil.which("Xvfb")
    missing = [name for name, path in (("WebKitWebDriver", driver), ("Xvfb", xvfb))
               if not path or not os.path.isfile(path)]
    if missing:
        raise FileNotFoundError(
            f"{' and '.join(missing)} not found: run `make test-webkit` as root (installs "
            "Debian's webkit2gtk-driver and xvfb) or `sudo apt-get install webkit2gtk-driver "
            "xvfb`; KORTBORDET_WEBKIT_DRIVER=/path names another WebKitWebDriver")
    return driver, xvfb


def ensure() -> int:
    try:
        print("webkit: using %s on %s" % find_webkit())
        return 0
    except FileNotFoundError:
        pass
    apt_install.install(PACKAGES, "webkit")
    try:
        print("webkit: using %s on %s" % find_webkit())
    except FileNotFoundError as exc:
        print(f"webkit: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    if "--ensure" in sys.argv[1:]:
        sys.exit(ensure())
    print("%s on %s" % find_webkit())
