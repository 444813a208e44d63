#!/usr/bin/env bash
# Kortbordet setup: idempotent, and quick when everything is already in place.
#
#   scripts/setup.sh              full developer setup: .venv with requirements-dev.txt,
#                                 node_modules (npm ci), the Pyodide test site-packages,
#                                 static/vendor/, static/build/ (game.zip, the trimmed
#                                 python_stdlib.zip) and sw.js
#   scripts/setup.sh --site-only  only what the static site needs (node_modules,
#                                 static/vendor/, static/build/, sw.js); needs no .venv
#                                 (used by CI Pages)
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT="$(pwd)"
SITE_ONLY=0
for arg in "$@"; do
  case "$arg" in
    --site-only) SITE_ONLY=1 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown option: $arg" >&2; exit 2 ;;
  esac
done

say() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: ERROR: %s\n' "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" = 0 ]; }

# --- toolchain checks --------------------------------------------------------------
command -v python3 >/dev/null 2>&1 || die "python3 not found: install Python 3.11 or newer."
python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
  || die "Python 3.11 or newer is needed (python3 is $(python3 -c 'import platform; print(platform.python_version())'))."
command -v node >/dev/null 2>&1 || die "node not found: install Node.js 20 or newer."
NODE_MAJOR="$(node -p 'process.versions.node.split(".")[0]')"
[ "$NODE_MAJOR" -ge 20 ] || die "Node.js 20 or newer is needed (node is $(node --version))."
command -v npm >/dev/null 2>&1 || die "npm not found: it normally comes with Node.js."

# The stamps' hashes, all in one Python start (each start costs tens of milliseconds
# on an idle machine, seconds on a loaded one).
read -r LOCK_SHA REQ_SHA PYO_SHA < <(python3 -c 'import hashlib,sys
print(*(hashlib.sha256(open(p,"rb").read()).hexdigest() for p in sys.argv[1:]))' \
  package-lock.json requirements-dev.txt requirements-pyodide.txt)

# --- node_modules (pinned pyodide and @pyscript/core) ------------------------------
if [ -d node_modules ] && [ "$(cat node_modules/.kortbordet-lock.sha 2>/dev/null)" = "$LOCK_SHA" ]; then
  say "node_modules up to date"
else
  say "npm ci"
  npm ci --no-audit --no-fund
  echo "$LOCK_SHA" > node_modules/.kortbordet-lock.sha
fi

# --- Python virtual environment (developer/test tools) -----------------------------
if [ "$SITE_ONLY" = 0 ]; then
  if [ ! -x .venv/bin/python ]; then
    say "creating .venv"
    if ! python3 -m venv .venv 2>/dev/null; then
      rm -rf .venv
      PYV="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
      if is_root && command -v apt-get >/dev/null 2>&1; then
        say "python3 -m venv failed: installing python3-venv with apt-get"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "python${PYV}-venv" \
          || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv
        python3 -m venv .venv || die "python3 -m venv still fails after installing python3-venv."
      else
        die "python3 -m venv failed. On Debian/Ubuntu install the venv module: sudo apt-get install python${PYV}-venv (or python3-venv)."
      fi
    fi
  fi
  if [ "$(cat .venv/.kortbordet-req.sha 2>/dev/null)" = "$REQ_SHA" ]; then
    say ".venv up to date"
  else
    say "pip install -r requirements-dev.txt"
    .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt
    echo "$REQ_SHA" > .venv/.kortbordet-req.sha
  fi

  # Pure-Python test tools for the engine suite inside Pyodide (tests/pyodide/run.mjs).
  PYO_SITE=.cache/pyodide-site
  if [ "$(cat "$PYO_SITE/.kortbordet-req.sha" 2>/dev/null)" = "$PYO_SHA" ]; then
    say "$PYO_SITE up to date"
  else
    say "pip install --target $PYO_SITE -r requirements-pyodide.txt"
    rm -rf "$PYO_SITE"
    mkdir -p "$PYO_SITE"
    # --no-compile: CPython .pyc files are useless to Pyodide's Python.
    .venv/bin/python -m pip install -q --disable-pip-version-check --no-compile \
      --target "$PYO_SITE" -r requirements-pyodide.txt
    echo "$PYO_SHA" > "$PYO_SITE/.kortbordet-req.sha"
  fi
fi

# --- static/vendor/, the game's bytecode bundle and the service worker ---------------
# scripts/vendor.py, then static/build/: the trimmed standard library (build_stdlib.py),
# game.zip (game/ compiled by the pinned Pyodide under Node; scripts/build_bundle.py, each
# skipped when it already matches its inputs; a stale one is never kept), then
# scripts/build_sw.py: in one Python process. (No memory snapshot: each browser makes its
# own, static/js/snapshot-worker.mjs.)
python3 - <<'PY'
import sys
sys.path.insert(0, "scripts")
import build_bundle, build_sw, vendor
for step in (vendor.main, lambda: build_bundle.main([]), lambda: build_sw.main([])):
    code = step()
    if code:
        sys.exit(code)
PY
say "done"
