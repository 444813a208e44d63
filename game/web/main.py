"""Minimal boot script (placeholder until the real UI lands): proves that PyScript runs,
that the ``game`` package is importable from the [files] in pyscript.toml, and says so."""

import sys

from pyscript import document

import game  # noqa: F401  (importability check)

status = document.querySelector("#status")
status.textContent = "ready"
status.dataset.state = "ready"
status.dataset.python = "%d.%d.%d" % sys.version_info[:3]
