"""From starting the process to its exit at the first frame, and the peak memory (RSS) on the way, for the app as
installed (imported from the Python that runs this, not from the clone) beside a bare Kivy app with one
label. bench/startup.py's method; deploy/pi-check.sh runs it in the emulated arm64 root and here.

    python bench/installed_startup.py [--runs N] [--json]
    python bench/installed_startup.py --compare HERE.json EMULATED.json   # the two side by side (Markdown)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE = """
from kivy.config import Config
Config.set('graphics', 'width', '800')
Config.set('graphics', 'height', '480')
from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.label import Label

class Bare(App):
    def build(self):
        Window.bind(on_flip=lambda *_: Clock.schedule_once(lambda _dt: self.stop(), 0))
        return Label(text="Table Companion")

Bare().run()
"""

APP = """
from pathlib import Path
from companion import config
from ui.main import prepare_kivy
prepare_kivy((800, 480), False)
from kivy.clock import Clock
from kivy.core.window import Window
from ui.app import CompanionApp

app = CompanionApp.create(data_dir=Path({data!r}), settings=config.load(Path({data!r})), backend="mock")
Window.bind(on_flip=lambda *_: Clock.schedule_once(lambda _dt: app.stop(), 0))
app.run()
"""


def run(script: Path, env: dict) -> tuple[float, float]:
    """Seconds from the start to the exit (each app stops at its first frame, so this counts closing down
    too: for the app, its buttons and saved games file) and the process's peak RSS in MiB."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, str(script)], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, cwd=script.parent)
    # wait4 gives this one child's own peak, where getrusage(RUSAGE_CHILDREN) keeps the largest so far.
    _pid, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        error = process.stderr.read().decode(errors="replace") if process.stderr else ""
        raise SystemExit(f"{script.name} failed (exit {process.returncode}):\n{error[-2000:]}")
    return elapsed, usage.ru_maxrss / 1024  # Linux reports KiB


def measure(runs: int) -> dict[str, float | int | str]:
    with tempfile.TemporaryDirectory(prefix="companion-startup-") as scratch:
        env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(Path(scratch) / "kivy"),
               "KIVY_LOG_LEVEL": "error", "KIVY_NO_CONSOLELOG": "1"}
        env.setdefault("KIVY_WINDOW", "sdl2")
        # Kivy's App looks for its .kv file beside the script, so each runs from a file of its own.
        app_script, bare_script = Path(scratch) / "app_first_frame.py", Path(scratch) / "bare_first_frame.py"
        app_script.write_text(APP.format(data=str(Path(scratch) / "data")))
        bare_script.write_text(BARE)
        bare, app = [], []
        for _ in range(runs):
            bare.append(run(bare_script, env))
            app.append(run(app_script, env))
    return {"machine": platform.machine(), "python": platform.python_version(), "runs": runs,
            "bare_s": statistics.median(t for t, _ in bare), "bare_rss_mib": statistics.median(m for _, m in bare),
            "app_s": statistics.median(t for t, _ in app), "app_rss_mib": statistics.median(m for _, m in app)}


def describe(figures: dict) -> str:
    runs = figures["runs"]
    return "\n".join([
        f"bare Kivy, one label:  {figures['bare_s']:7.3f} s to exit at the first frame, peak RSS {figures['bare_rss_mib']:6.1f} MiB"
        f" (median of {runs})",
        f"the app's home screen: {figures['app_s']:7.3f} s to exit at the first frame, peak RSS {figures['app_rss_mib']:6.1f} MiB"
        f" (median of {runs})",
        f"ratio app / bare:      {figures['app_s'] / figures['bare_s']:7.2f} x"])


def compare(here: dict, emulated: dict) -> str:
    """A Markdown table: this machine's figures beside the emulated ones."""
    rows = [("bare Kivy, start to exit at its first frame", "bare_s", "{:.2f} s"),
            ("the app's home screen, start to exit at its first frame", "app_s", "{:.2f} s"),
            ("bare Kivy, peak RSS", "bare_rss_mib", "{:.0f} MiB"), ("the app, peak RSS", "app_rss_mib", "{:.0f} MiB")]
    lines = [f"| | this machine ({here['machine']}, Python {here['python']}) "
             f"| emulated {emulated['machine']} (qemu-user on this machine, not a Pi; Python {emulated['python']}) |",
             "| --- | ---: | ---: |"]
    for label, key, form in rows:
        lines.append(f"| {label} | {form.format(here[key])} | {form.format(emulated[key])} |")
    lines.append(f"| app / bare | {here['app_s'] / here['bare_s']:.2f} x | {emulated['app_s'] / emulated['bare_s']:.2f} x |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each, interleaved (default 7)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--compare", nargs=2, metavar=("HERE", "EMULATED"), type=Path,
                        help="print two --json outputs side by side as a Markdown table, measuring nothing")
    args = parser.parse_args(argv)
    if args.compare:
        here, emulated = (json.loads(path.read_text()) for path in args.compare)
        print(compare(here, emulated))
        return 0
    figures = measure(args.runs)
    print(json.dumps(figures) if args.json else describe(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
