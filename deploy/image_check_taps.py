"""For make image-check: walks this checkout's app, headless at 800x480, through what the check does on
the emulated Pi (import an evening from a stick, export a game to it, install an update from it) with
real touches, and writes down where each touch landed and what the screen showed just before it.

    .venv/bin/python deploy/image_check_taps.py STICK_DIR OUT_DIR DATA_DIR [NAME...]

STICK_DIR holds the files the emulated stick holds ($IMAGE_CHECK_KEYS: the folder of the keys its updates are
signed with; $IMAGE_CHECK_RUNNING: the version the app says it runs, as the emulated Pi's does after
an update, when set); DATA_DIR is the app's data directory, kept for a
later walk that goes on from where this one ended (a new one when missing). NAMEs are the touches to
make, in order (default: all of TOUCHES' first walk, from the import to the update's restart). OUT_DIR
gets NN-name.png (the screen before each touch) and taps.json ([{"name", "x", "y", "screen", "held"}], x
and y in pixels from the top left, held: how long the finger stays, in seconds). The check
replays the touches on the emulated display, each once its screen matches the one here, so the
buttons are found by what they say in this version of the app, not by places written into the check.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
SIZE = (800, 480)
WAIT_S = 60.0
FIRST_WALK = ("saved-games", "import", "import-file", "export", "back", "settings", "update", "install", "restart")


def main() -> int:
    stick_files, out, data_dir = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    wanted = sys.argv[4:] or list(FIRST_WALK)
    out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="image-check-taps-"))
    os.environ["TABLE_COMPANION_UPDATES"] = str(scratch / "updates")
    os.environ.pop("TABLE_COMPANION_EJECT", None)
    os.environ["KIVY_NO_ARGS"] = "1"

    from ui.main import prepare_kivy

    prepare_kivy(SIZE, False)
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.modalview import ModalView
    from kivy.uix.widget import Widget

    from companion import config, exports, updates
    from companion.updates import TrustedKeys, machine
    from ui.app import CompanionApp
    from ui.widgets.hold import HOLD_S

    # The walk installs the update in its own process, trusting the check's throwaway key as the disk copy does.
    machine.KEYS = TrustedKeys(Path(os.environ["IMAGE_CHECK_KEYS"]), owners=(os.getuid(),))
    if os.environ.get("IMAGE_CHECK_RUNNING"):
        # Home's switch-back line names the version running, which on the emulated Pi is the update.
        updates.running_version = lambda: os.environ["IMAGE_CHECK_RUNNING"]

    # The stick, as the kiosk mounts it.
    stick = scratch / "media" / "pi" / "STICK"
    shutil.copytree(stick_files, stick)
    (scratch / "mounts").write_text(f"/dev/sda {stick} vfat rw,nosuid,nodev,noexec 0 0\n")
    exports.ROOTS, exports.MOUNTS = (scratch / "media",), scratch / "mounts"
    # The backend the kiosk resolves on the emulated Pi, which is no Pi either: the screens then match,
    # with no "No GPIO found" line on either.
    app = CompanionApp.create(data_dir=data_dir, settings=config.load(data_dir), backend="mock")

    def on_top():
        popups = [child for child in Window.children if isinstance(child, ModalView)]
        return popups[0] if popups else app.navigator.current_screen

    def reading(text: str) -> Callable[[], object]:
        def find():
            return next((widget for widget in on_top().walk() if isinstance(widget, ButtonBehavior)
                         and getattr(widget, "text", None) == text and not widget.disabled), None)
        return find

    def held_open():
        """The row Settings' Maintenance page is held open from, once Settings has finished coming in (a
        screen manager takes no touch while its screens change)."""
        hold = getattr(app.navigator.current_screen, "maintenance_hold", None)
        return None if hold is None or app.navigator.transition.is_active else hold.widget

    def first_file():
        popup = on_top()
        choices = getattr(popup, "choices", [])
        return choices[0] if choices and getattr(popup, "reading", None) is None else None

    # Each touch: its name, and how to find what it touches on the screen on top.
    finders: dict[str, Callable[[], object]] = {
        "saved-games": reading("Saved games"),
        "import": reading("Import from USB stick"),
        "import-file": first_file,
        "export": reading("Export"),
        "back": reading("Back"),
        "settings": reading("Settings"),
        "update": reading("Update from stick"),
        "install": reading("Install"),
        "restart": reading("Restart now"),
        "maintenance": held_open,
        "export-everything": reading("Export everything to USB stick"),
    }
    # A finger kept down twice as long as what opens the Maintenance page, for a machine slow to draw
    # (the emulated Pi, or this one busy); any other touch is a tap.
    held_s = {"maintenance": 2 * HOLD_S}
    # Where on its widget each touch lands: the middle, but the version row is held on its words, clear
    # of the button it may hold.
    landing: dict[str, Callable[[Widget], tuple[float, float]]] = {"maintenance": lambda row: (row.x + 20, row.center_y)}
    touches: list[tuple[str, Callable[[], object]]] = [(name, finders[name]) for name in wanted]
    taps: list[dict[str, object]] = []
    state = {"waited": 0.0, "settled": 0}

    def step(dt: float) -> None:
        if not touches:
            (out / "taps.json").write_text(json.dumps(taps, indent=2) + "\n")
            app.stop()
            return
        name, find = touches[0]
        target = find()
        state["waited"] += dt
        # Found, and left alone for a few frames so animations and the layout are done.
        state["settled"] = state["settled"] + 1 if target is not None else 0
        if state["settled"] < 5:
            if state["waited"] > WAIT_S:
                print(f"image_check_taps: {name!r} never showed on {on_top()}", file=sys.stderr)
                app.stop()
                return
            Clock.schedule_once(step, 0.1)
            return
        touches.pop(0)
        state["waited"], state["settled"] = 0.0, 0
        x, y = target.to_window(*landing.get(name, lambda widget: widget.center)(target))
        screen = f"{len(taps):02d}-{name}.png"
        shutil.move(Window.screenshot(name=str(out / f"shot-{name}.png")), out / screen)
        held = held_s.get(name, 0.0)
        if not 0 <= x < Window.width or not 0 <= y < Window.height:
            print(f"image_check_taps: {name!r} is off the screen at {x:.0f},{y:.0f}", file=sys.stderr)
            app.stop()
            return
        taps.append({"name": name, "x": round(x), "y": round(Window.height - y), "screen": screen, "held": held})
        if name == "restart":   # here it would only close this app
            Clock.schedule_once(step, 0.3)
            return
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        Clock.schedule_once(lambda _dt: touch.touch_up(), held)
        Clock.schedule_once(step, held + 0.3)

    app.bind(on_start=lambda *_: Clock.schedule_once(step, 0.5))
    app.run()
    shutil.rmtree(scratch, ignore_errors=True)
    if not (out / "taps.json").exists():
        return 1
    print(f"{len(taps)} touches written to {out / 'taps.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
