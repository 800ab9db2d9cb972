"""From starting the process to the first frame on screen: the app's home screen beside a bare Kivy
app that shows one label, interleaved in one run (median of seven each).

    python bench/startup.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 7

BARE = """
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
Window.bind(on_flip=lambda *_: Clock.schedule_once(lambda _dt: app.stop(), 0))
app.run()
"""


def run(script: Path, env: dict) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, str(script)], env=env, capture_output=True, check=True, timeout=120)
    return time.perf_counter() - started


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="companion-startup-") as scratch:
        env = {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(Path(scratch) / "kivy"),
               "KIVY_LOG_LEVEL": "error", "KIVY_NO_CONSOLELOG": "1"}
        env.setdefault("KIVY_WINDOW", "sdl2")
        # Kivy's App looks for its .kv file beside the script, so each runs from a file of its own.
        app_script, bare_script = Path(scratch) / "app_first_frame.py", Path(scratch) / "bare_first_frame.py"
        app_script.write_text(APP.format(root=str(ROOT), data=str(Path(scratch) / "data")))
        bare_script.write_text("from kivy.config import Config\nConfig.set('graphics', 'width', '800')\n"
                               "Config.set('graphics', 'height', '480')\n" + BARE)
        bare, app = [], []
        for _ in range(RUNS):
            bare.append(run(bare_script, env))
            app.append(run(app_script, env))
    bare_s, app_s = statistics.median(bare), statistics.median(app)
    print(f"bare Kivy, one label:  {bare_s:6.3f} s to the first frame (median of {RUNS})")
    print(f"the app's home screen: {app_s:6.3f} s to the first frame (median of {RUNS})")
    print(f"ratio app / bare:      {app_s / bare_s:6.2f} x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
