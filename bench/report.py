"""Run every benchmark and write what each printed to docs/benchmarks.md, with the date and the
machine, so the figures quoted in the docs can be traced to one run.

    python bench/report.py [docs/benchmarks.md]
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHMARKS = (
    ("startup.py", "From start to the first frame"),
    ("touch.py", "From a touch to the frame that shows it"),
    ("resume.py", "Resuming a long evening, and undo"),
    ("replay.py", "Replaying a race or a game from the command line"),
    ("records.py", "The records of 1,000 games"),
    ("latency.py", "From a button press to the winner's light"),
    ("fairness.py", "Who the arbiter says was first, against the first callback"),
    ("updates.py", "What an update file from a stick costs before it is refused or installed"),
    ("suite.py", "The checks a developer runs: make check and make test"),
)


# --- emulated arm64: measured by `make pi-check` (it needs root and minutes), carried over as it wrote it ---

EMULATED = HERE / "emulated-arm64.md"


def emulated_section() -> list[str]:
    if not EMULATED.is_file():
        return []
    return ["## Start-up on arm64 under emulation: qemu-user on x86-64, not a Pi (`make pi-check`)", "",
            EMULATED.read_text().rstrip(), ""]


def main(target: Path) -> int:
    lines = ["# Benchmarks", "",
             f"Written by `make bench` on {time.strftime('%Y-%m-%d %H:%M')}: {platform.machine()}, "
             f"{os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()} "
             f"{platform.release()}. Machines here are shared, so compare the figures within one run.", "",
             "Goals: resume a 10,000-entry evening in under 0.25 s here (under 1 s on a Pi 4, taken as five",
             "times slower), undo any step in under 50 ms, replay a race log in well under 0.3 s, and reach the",
             "first frame within 1.3x a bare Kivy app. The app draws Home first and opens the big buttons",
             "(gpiozero, the pin factory, the race controller) on the next frame; each app below records the",
             "moment of its own first frame. `make check` should take under 90 s on two cores and `make test`",
             "under 10 minutes, its install included.", ""]
    failed = 0
    for script, title in BENCHMARKS:
        print(f"running {script}", flush=True)
        result = subprocess.run([sys.executable, str(HERE / script)], capture_output=True, text=True)
        failed += result.returncode != 0
        lines += [f"## {title} (`bench/{script}`)", "", "```", (result.stdout or result.stderr).rstrip(), "```", ""]
        if script == "startup.py":
            lines += emulated_section()
    target.write_text("\n".join(lines))
    print(f"written {target}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/benchmarks.md")))
