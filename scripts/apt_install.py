"""Install Debian packages with apt-get when a browser (or its driver) is missing.

One place for what scripts/chromium.py, scripts/firefox.py and scripts/webkit.py do when
they find nothing: ``apt-get update`` and ``apt-get install -y`` without questions, only
when running as root on a system with apt-get (a CI container, a fresh Debian box). On a
developer's laptop (not root) nothing is installed: the caller says what to install.
"""

from __future__ import annotations

import os
import shutil
import subprocess


def can_install() -> bool:
    """True when apt-get exists and this process runs as root."""
    return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get") is not None


def install(packages: list[str], who: str) -> bool:
    """Install Debian ``packages`` with apt-get; ``who`` prefixes the message (``"webkit"``).

    Returns False (installing nothing) when ``can_install()`` is False. Raises
    subprocess.CalledProcessError when apt-get fails (no network, unknown package).
    """
    if not can_install():
        return False
    print(f"{who}: installing Debian's {' '.join(packages)} with apt-get", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", *packages], check=True, env=env)
    return True
