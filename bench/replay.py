"""`companion replay-race` and `companion replay-game` as a person runs them, beside the reference of
only starting Python and importing what they need, measured in the same run (median of five).

    python bench/replay.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5


def seconds(command: list[str]) -> float:
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        subprocess.run(command, cwd=ROOT, capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> int:
    python = sys.executable
    for command, imports, folder, pattern in (("replay-race", "hardware.replay", "docs/races", "*.jsonl"),
                                              ("replay-game", "companion.gamelog", "seeds/examples", "*.json")):
        importing = seconds([python, "-c", f"import table_companion, {imports}"])
        print(f"{command}: reference, start Python and import what it needs: {importing:.3f} s")
        for log in sorted((ROOT / folder).glob(pattern)):
            took = seconds([python, "-m", "table_companion", command, str(log)])
            print(f"  {log.name:24} {took:6.3f} s   {took - importing:+.3f} s over the reference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
