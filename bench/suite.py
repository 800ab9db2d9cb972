"""How long the checks a developer runs take here, each step timed on its own in one run: the quick
group (`make check`: the linter, the type checker and the tests not marked slow; goal under 90 s on
two cores) and everything `make test` runs (goal under 10 minutes, the install included, which this
leaves out: a fresh clone's figure is in the closing notes and the README's set-up is the same).

    python bench/suite.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
QUICK_GOAL_S = 90
WHOLE_GOAL_S = 600


def timed(command: list[str]) -> tuple[float, str]:
    started = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    last = (result.stdout.strip().splitlines() or [""])[-1]
    return elapsed, last


def main() -> None:
    lint, _ = timed([str(BIN / "ruff"), "check", "."])
    types, _ = timed([str(BIN / "mypy")])
    quick, quick_said = timed([sys.executable, "-m", "pytest", "-m", "not slow", "-n", "auto"])
    whole, whole_said = timed([sys.executable, "-m", "pytest", "-n", "auto"])
    print(f"{os.cpu_count()} cores, one test worker per core")
    print(f"ruff:                        {lint:6.1f} s")
    print(f"mypy (its cache warm):       {types:6.1f} s")
    print(f"quick tests:                 {quick:6.1f} s   {quick_said}")
    print(f"make check, the three:       {lint + types + quick:6.1f} s   goal under {QUICK_GOAL_S} s")
    print(f"every test:                  {whole:6.1f} s   {whole_said}")
    print(f"make test without install:   {lint + types + whole:6.1f} s   goal under {WHOLE_GOAL_S} s with the install")


if __name__ == "__main__":
    main()
