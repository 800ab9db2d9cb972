"""How long the two commands a developer runs take here, timed in one run: `make check` (the linter,
the type checker and the tests not marked slow; goal under 90 s on two cores) and `make test` (all of
them; goal under 10 minutes, the install included, which this leaves out since the virtual environment
is already there).

    python bench/suite.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOALS_S = {"check": 90, "test": 600}


def timed(target: str) -> tuple[float, str]:
    started = time.perf_counter()
    result = subprocess.run(["make", "--no-print-directory", "-C", str(ROOT), target], capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"make {target} failed:\n{result.stdout[-3000:]}{result.stderr[-3000:]}")
    return elapsed, (result.stdout.strip().splitlines() or [""])[-1]


def main() -> None:
    print(f"{os.cpu_count()} cores, one test worker per core; the virtual environment already installed")
    for target, goal in GOALS_S.items():
        elapsed, said = timed(target)
        print(f"make {target}: {elapsed:6.1f} s  (goal under {goal} s)   {said}")


if __name__ == "__main__":
    main()
