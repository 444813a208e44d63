"""Fuzz one entry point of hostile or damaged input (issue 13) for N inputs or T minutes:

    python3 bench/fuzz.py --target url --inputs 50000
    python3 bench/fuzz.py --target session --minutes 10
    python3 bench/fuzz.py --target json --inputs 50000 --fast
    python3 bench/fuzz.py --list

The targets are those of tests/fuzz_targets.py (URL parameters, every localStorage item's
reader, the boot rescue, lesson files, embedding messages, scoresheet files and cells, the
JSON reader itself), whose inputs come from their hypothesis strategies (real saves, files
and links, mutated, plus arbitrary and deeply nested text), and the game-state targets of
tests/engine/state_fuzz.py (``save:durak`` … ``save:tonk``, ``session:durak``,
``session:tonk``, ``position:<game>``, ``action:<game>``: a real mid-game save, session or
position with one field mutated, or an action text, each input from ``random.Random(seed)``
with seeds 0, 1, 2, …). An input fails when the entry point
raises anything but its documented error types or one of its own checks fails. Prints the
inputs tried, each distinct failure once with its (shortened) input, and the slowest input's
handling time in CPython (process time of one call). Exits 1 when a failure was found.
``--fast`` draws the inputs of the hypothesis targets from plain ``random.Random(seed)``
generators of the same kinds (tests/fuzz_random.py) instead of hypothesis, whose engine
costs 10-20 ms per input; ``--seed`` picks the first seed.
Not a pass/fail test of the suite: the suite runs the same targets with a short budget
(tests/test_hostile_fuzz.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "engine"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, settings  # noqa: E402

import fuzz_random  # noqa: E402
import fuzz_targets  # noqa: E402
import state_fuzz  # noqa: E402

CHUNK = 500
"""Inputs per hypothesis run; runs repeat (each with fresh random choices) until done."""


def fuzz(name: str, inputs: int | None, minutes: float | None, show: int = 600) -> int:
    target = fuzz_targets.TARGETS[name]
    tried, failures, slowest = 0, {}, (0.0, None)
    deadline = time.monotonic() + minutes * 60 if minutes else None
    stop = False

    def one(value) -> None:
        nonlocal tried, slowest, stop
        if stop:
            return
        start = time.process_time()
        try:
            target.run(value)
        except target.allowed:
            pass
        except Exception as exc:  # a failure: keep the first input of each kind
            where = traceback.extract_tb(exc.__traceback__)[-1]
            kind = (type(exc).__name__, Path(where.filename).name, where.lineno)
            failures.setdefault(kind, (str(exc)[:200], repr(value)[:show]))
        spent = time.process_time() - start
        tried += 1
        if spent > slowest[0]:
            slowest = (spent, repr(value)[:show])
        if (inputs and tried >= inputs) or (deadline and time.monotonic() > deadline):
            stop = True

    run = settings(max_examples=CHUNK, deadline=None, database=None, derandomize=False,
                   suppress_health_check=list(HealthCheck))(given(target.strategy)(one))
    started = time.monotonic()
    while not stop:
        before = tried
        run()
        if tried == before:  # the strategy is exhausted
            break
        print(f"  {name}: {tried} inputs, {len(failures)} failures, "
              f"{time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    print(f"target {name} ({target.doc}): {tried} inputs tried, {len(failures)} distinct "
          f"failures, {time.monotonic() - started:.0f} s")
    return _report_failures(slowest, failures)



def _report_failures(slowest: tuple, failures: dict) -> int:
    """Print the slowest input and every distinct failure; 1 when any input failed."""
    print(f"  slowest input: {slowest[0] * 1000:.1f} ms (CPython process time): {slowest[1]}")
    for (exc, file, line), (msg, value) in failures.items():
        print(f"  FAILURE {exc} at {file}:{line}: {msg}\n    input: {value}")
    return 1 if failures else 0

def fuzz_fast(name: str, inputs: int | None, minutes: float | None, seed: int = 0,
              show: int = 600) -> int:
    """Run hypothesis target ``name`` on inputs of ``fuzz_random.GENERATORS[name]`` drawn
    from ``random.Random(seed)``, ``seed + 1``, ...; print the figures as ``fuzz`` does
    (each failure with its seed) and return 1 when an input failed."""
    target, generate = fuzz_targets.TARGETS[name], fuzz_random.GENERATORS[name]
    deadline = time.monotonic() + minutes * 60 if minutes else None
    tried, failures, slowest = 0, {}, (0.0, None)
    started = time.monotonic()
    while (inputs is None or tried < inputs) \
            and (deadline is None or time.monotonic() < deadline):
        value = generate(random.Random(seed + tried))
        start = time.process_time()
        try:
            target.run(value)
        except target.allowed:
            pass
        except Exception as exc:  # noqa: BLE001 - a failure: keep the first input of each kind
            where = traceback.extract_tb(exc.__traceback__)[-1]
            kind = (type(exc).__name__, Path(where.filename).name, where.lineno)
            failures.setdefault(kind, (str(exc)[:200],
                                       f"seed {seed + tried}: {repr(value)[:show]}"))
        spent = time.process_time() - start
        if spent > slowest[0]:
            slowest = (spent, f"seed {seed + tried}: {repr(value)[:show]}")
        tried += 1
        if tried % 5000 == 0:
            print(f"  {name}: {tried} inputs, {len(failures)} failures, "
                  f"{time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    print(f"target {name} ({target.doc}, --fast): {tried} inputs tried, {len(failures)} "
          f"distinct failures, {time.monotonic() - started:.0f} s")
    return _report_failures(slowest, failures)


def fuzz_state(name: str, inputs: int | None, minutes: float | None, first: int = 0) -> int:
    """Run the game-state target ``name`` (``state_fuzz.TARGETS``) with seeds 0, 1, 2, …
    for ``inputs`` inputs or ``minutes`` minutes; print the figures as ``fuzz`` does and
    return 1 when an input failed (any exception: the targets raise only on a failure)."""
    deadline = time.monotonic() + minutes * 60 if minutes else None
    tried, failures, slowest, outcomes = 0, {}, (0.0, None), {}
    while (inputs is None or tried < inputs) \
            and (deadline is None or time.monotonic() < deadline):
        seed = first + tried
        start = time.process_time()
        try:
            label = state_fuzz.run(name, seed)
            outcomes[label] = outcomes.get(label, 0) + 1
        except Exception as exc:  # noqa: BLE001 - every exception is a failure here
            where = traceback.extract_tb(exc.__traceback__)[-1]
            kind = (type(exc).__name__, Path(where.filename).name, where.lineno)
            failures.setdefault(kind, (str(exc)[:200], f"seed {seed}"))
        spent = time.process_time() - start
        tried += 1
        if spent > slowest[0]:
            slowest = (spent, f"seed {seed}")
    counts = ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items()))
    print(f"{name}: {tried} inputs ({counts}), {len(failures)} distinct failures, "
          f"slowest {slowest[0] * 1000:.1f} ms ({slowest[1]})")
    for (kind, file, line), (message, value) in failures.items():
        print(f"  FAIL {kind} at {file}:{line}: {message}\n    input: {value}")
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", action="append", help="entry point (repeatable); "
                        "default: every target")
    parser.add_argument("--inputs", type=int, help="stop after this many inputs per target")
    parser.add_argument("--minutes", type=float, help="stop after this many minutes per target")
    parser.add_argument("--fast", action="store_true", help="plain random inputs "
                        "(tests/fuzz_random.py) instead of hypothesis")
    parser.add_argument("--seed", type=int, default=0, help="first seed (--fast and the "
                        "game-state targets)")
    parser.add_argument("--list", action="store_true", help="list the targets")
    args = parser.parse_args()
    if args.list:
        for name, target in fuzz_targets.TARGETS.items():
            print(f"{name:16} {target.doc}")
        for name in state_fuzz.TARGETS:
            print(f"{name:16} game state: see tests/engine/state_fuzz.py")
        return 0
    if not args.inputs and not args.minutes:
        args.inputs = 2000
    known = list(fuzz_targets.TARGETS) + list(state_fuzz.TARGETS)
    names = args.target or known
    unknown = [n for n in names if n not in known]
    if unknown:
        parser.error(f"unknown target {unknown[0]!r}; targets: {', '.join(known)}")
    status = 0
    for name in names:
        if name in state_fuzz.TARGETS:
            status |= fuzz_state(name, args.inputs, args.minutes, args.seed)
        elif args.fast:
            status |= fuzz_fast(name, args.inputs, args.minutes, args.seed)
        else:
            status |= fuzz(name, args.inputs, args.minutes)
    return status


if __name__ == "__main__":
    sys.exit(main())
