# Kortbordet. `make play` serves the game, `make test` runs every test, `make bench`
# prints the benchmark figures. Each runs scripts/setup.sh first (idempotent, quick when
# everything is in place).

PORT ?= 8000
HOST ?= 127.0.0.1
PY := .venv/bin/python

.PHONY: setup site play test test-pyodide test-webkit bench fuzz icons clean

setup:
	@scripts/setup.sh

# Only what the static site needs (no .venv): used by the GitHub Pages workflow.
site:
	@scripts/setup.sh --site-only

play: setup
	@python3 scripts/serve.py --host $(HOST) --port $(PORT)

# One pytest run reports everything: the engine tests in CPython, the same suite inside
# Pyodide under Node.js (tests/test_pyodide.py, one run, reduced volume) and the browser tests
# (tests/e2e/, one Chromium per worker; tests/firefox/, one Firefox ESR per worker).
# pytest-xdist runs them on every core (JOBS=auto; `make test JOBS=0` runs them in one
# process), handing out one test (or one xdist_group)
# at a time, longest first (tests/conftest.py), so the workers finish together.
# pytest exits non-zero when any test fails and with 5 when it collected no test, so
# make fails in both cases.
JOBS ?= auto
test: setup
	@$(PY) scripts/chromium.py --ensure
	@$(PY) scripts/firefox.py --ensure
	$(PY) -m pytest tests -ra -n $(JOBS) --dist loadgroup --no-loadscope-reorder \
		--ignore=tests/webkit

# The WebKit smoke test (tests/webkit/: WebKitGTK through WebKitWebDriver and Selenium under
# Xvfb; installs Debian's webkit2gtk-driver and xvfb when missing and root). Kept out of
# `make test`: one first visit alone takes minutes on a busy two-core machine.
test-webkit: setup
	@$(PY) scripts/webkit.py --ensure
	$(PY) -m pytest tests/webkit -ra -s

# The engine suite inside Pyodide only (also part of `make test`); its reduced volume unless
# KORTBORDET_VOLUME=full (tests/engine/volume.py).
test-pyodide: setup
	node tests/pyodide/run.mjs

bench: setup
	@$(PY) scripts/chromium.py --ensure
	$(PY) bench/boot.py
	$(PY) bench/first_visit.py
	$(PY) bench/render.py
	@if [ -f bench/bots.py ]; then $(PY) bench/bots.py; fi

# Fuzz every entry point of hostile input (bench/fuzz.py): FUZZ="--minutes 5" or
# FUZZ="--target url --inputs 50000".
FUZZ ?= --minutes 2
fuzz: setup
	$(PY) bench/fuzz.py $(FUZZ)

icons:
	python3 scripts/make_icons.py

clean:
	rm -rf static/vendor sw.js .cache .pytest_cache .hypothesis bench/out test-results
