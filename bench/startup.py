"""From starting the process to the first frame on screen: the app's home screen beside a bare Kivy
app that shows one label, interleaved in one run (median of seven each). Each process stamps its first
frame itself, with the CPU time it has used by then (what a Pi's cores spend; on a machine shared
with other work the wall time mostly measures the others), so what either does after it (the app
opens the big buttons then) is not counted as start-up; the whole run to exit, and when the app's
buttons were ready, are printed beside it.

    python bench/startup.py [--app DIR]    (DIR: another checkout of the app, measured the same way)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 7
PACKAGES = ("companion", "hardware", "ui")

# Both scripts write "<event> <time.monotonic()>" lines to the parent: CLOCK_MONOTONIC is one clock
# for every process, so the parent subtracts its own reading taken just before the start.
STAMP = """
import os, time
def stamp(event):
    os.write(1, f"{{event}} {{time.monotonic()!r}} {{time.process_time()!r}}\\n".encode())  # fd 1: Kivy replaces sys.stdout
"""

BARE = STAMP + """
from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.label import Label

class Bare(App):
    def build(self):
        Window.bind(on_flip=self.first_frame)
        return Label(text="Table Companion")

    def first_frame(self, *_):
        Window.unbind(on_flip=self.first_frame)
        stamp("first-frame")
        Clock.schedule_once(lambda _dt: self.stop(), 0)

Bare().run()
"""

APP = STAMP + """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from companion import config
from ui.main import prepare_kivy
prepare_kivy((800, 480), False)
from kivy.clock import Clock
from kivy.core.window import Window
from ui.app import CompanionApp

app = CompanionApp.create(data_dir=Path({data!r}), settings=config.load(Path({data!r})), backend="mock")
open_buttons = app.services.buttons_opener

def buttons_then_stop(services):
    open_buttons(services)
    stamp("buttons")
    Clock.schedule_once(lambda _dt: app.stop(), 0)

def first_frame(*_):
    Window.unbind(on_flip=first_frame)
    stamp("first-frame")

app.services.buttons_opener = buttons_then_stop
Window.bind(on_flip=first_frame)
app.run()
"""


def run(script: Path, env: dict) -> dict[str, float]:
    """Seconds from the start to each stamped event, and to the process's exit ("exit")."""
    started = time.monotonic()
    result = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True,
                            timeout=120)
    ended = time.monotonic()
    if result.returncode != 0:
        raise SystemExit(f"{script.name} failed (exit {result.returncode}):\n{result.stderr[-2000:]}")
    seconds = {"exit": ended - started}
    for line in result.stdout.splitlines():
        event, at, cpu = (line.split() + ["", "", ""])[:3]
        if event in ("first-frame", "buttons"):
            seconds[event] = float(at) - started
            seconds[f"{event} cpu"] = float(cpu)
    return seconds


def median(runs: list[dict[str, float]], event: str) -> float:
    return statistics.median(run[event] for run in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", type=Path, default=ROOT, help="the checkout of the app to start")
    app_root = parser.parse_args().app.resolve()
    # The app's modules compiled first, as the kiosk's install ships them (deploy/install.sh): a
    # checkout run where bytecode is not written (PYTHONDONTWRITEBYTECODE) would otherwise compile every
    # module of the app at every start, which no Pi does.
    subprocess.run([sys.executable, "-m", "compileall", "-q", *(str(app_root / package) for package in PACKAGES)],
                   env={key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"},
                   check=True, capture_output=True)
    with tempfile.TemporaryDirectory(prefix="companion-startup-") as scratch:
        env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(Path(scratch) / "kivy"),
               "KIVY_LOG_LEVEL": "error", "KIVY_NO_CONSOLELOG": "1"}
        env.setdefault("KIVY_WINDOW", "sdl2")
        # Kivy's App looks for its .kv file beside the script, so each runs from a file of its own.
        app_script, bare_script = Path(scratch) / "app_first_frame.py", Path(scratch) / "bare_first_frame.py"
        app_script.write_text(APP.format(root=str(app_root), data=str(Path(scratch) / "data")))
        bare_script.write_text("from kivy.config import Config\nConfig.set('graphics', 'width', '800')\n"
                               "Config.set('graphics', 'height', '480')\n" + BARE.format())
        bare, app = [], []
        for _ in range(RUNS):
            bare.append(run(bare_script, env))
            app.append(run(app_script, env))
    bare_s, app_s = median(bare, "first-frame"), median(app, "first-frame")
    bare_cpu, app_cpu = median(bare, "first-frame cpu"), median(app, "first-frame cpu")
    print(f"Load: {' '.join(f'{load:.1f}' for load in os.getloadavg())} (1, 5, 15 min) on {os.cpu_count()} cores.")
    print(f"bare Kivy, one label:  {bare_cpu:6.3f} s of CPU, {bare_s:6.3f} s to the first frame (median of {RUNS})")
    print(f"the app's home screen: {app_cpu:6.3f} s of CPU, {app_s:6.3f} s to the first frame (median of {RUNS})")
    print(f"ratio app / bare:      {app_cpu / bare_cpu:6.2f} x in CPU, {app_s / bare_s:6.2f} x in wall time")
    print(f"the big buttons open:  {median(app, 'buttons'):6.3f} s after the start (a press from then on counts)")
    print(f"start to exit:         {median(bare, 'exit'):6.3f} s bare, {median(app, 'exit'):6.3f} s the app "
          "(the app opens and closes its buttons on the way)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
