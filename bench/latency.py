"""From a button press to the result in lights (median and p99), through the real path: a
gpiozero MockFactory pin goes low, the Button callback stamps the edge, the controller thread
decides once the settle window has passed and sets the LEDs. The start cue lights every racer's LED,
so the result shows as the loser's LED going dark; the press is made only after the cue. The settle
window is a deliberate wait, so the figures are shown with the default window and with none (the
software's own cost).

    python bench/latency.py [--races N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import config as companion_config  # noqa: E402
from hardware.backend import open_backend, pin_change_time_ns  # noqa: E402
from hardware.controller import RaceController  # noqa: E402


def press_to_led_ms(races: int, settle_ms: float) -> list[float]:
    settings = companion_config.validate({"race": {"settle_ms": settle_ms}})
    backend = open_backend("mock", settings)
    decided, cued = threading.Event(), threading.Event()
    controller = RaceController(backend, settings, on_decision=lambda decision: decided.set(),
                                on_cue=lambda arm: cued.set())
    buttons = controller.buttons
    led_pin = buttons._leds[2].pin   # the loser's light: on at the cue, off once the result is decided
    button_pin = buttons._buttons[1].pin
    samples = []
    try:
        for _ in range(races):
            decided.clear()
            cued.clear()
            controller.start_race("claim", [1, 2], cue_delay_s=0)
            if not cued.wait(timeout=10):
                raise RuntimeError("no start cue within 10 s: the controller thread is stuck")
            controller.press(1)
            if not decided.wait(timeout=10):
                raise RuntimeError("no decision within 10 s: the controller thread is stuck")
            # The mock pins record, on the factory's clock, when each last changed.
            samples.append((pin_change_time_ns(led_pin) - pin_change_time_ns(button_pin)) / 1e6)
            controller.release(1)
            controller.cancel()
            # Let the release outlast the debounce hold-off, or the next press would count as a bounce.
            time.sleep(settings["race"]["holdoff_ms"] / 1000 + 0.005)
    finally:
        controller.close()
        backend.close()
    return samples


def frames_to_winner_on_screen(races: int) -> tuple[list[float], list[float]]:
    """From a mock press to the frame that first draws the winner in the real race popup, in Kivy
    frames and in ms. The press is made on the Kivy thread (as a key press is); the decision comes
    from the controller thread and reaches the popup through Clock.schedule_once, as in the app."""
    import os
    import tempfile

    from ui.main import prepare_kivy

    os.environ.setdefault("KIVY_LOG_LEVEL", "error")
    prepare_kivy((800, 480), False)
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.uix.widget import Widget

    from companion.players import Player
    from ui.screens.race import RacePopup

    settings = companion_config.load(Path(tempfile.mkdtemp(prefix="companion-bench-")))
    backend = open_backend("mock", settings)
    controller = RaceController(backend, settings)
    players = [Player("Ann", "orange", 1), Player("Ben", "sky", 2)]
    frames, millis = [], []
    state = {"frame": 0, "pressed": None, "popup": None, "race": 0, "rest_until": 0.0}
    # A release must outlast the debounce hold-off, or the next press would count as its bounce.
    rest_s = settings["race"]["holdoff_ms"] / 1000 + 0.01

    def tick(_dt):
        state["frame"] += 1
        popup = state["popup"]
        if popup is None:
            if state["race"] >= races:
                App.get_running_app().stop()
                return False
            if time.perf_counter() < state["rest_until"]:
                return None
            popup = state["popup"] = RacePopup(controller, players, "claim", [0, 1], on_result=lambda r: None)
            popup.start()
            return None
        if state["pressed"] is None and controller.racing and controller.seconds_until(
                controller._arbiter.arm_event.t_ns) <= 0:
            controller.press(1)
            state["pressed"] = (state["frame"], time.perf_counter())
        elif state["pressed"] is not None and popup.decision is not None:
            # _show_decision ran in an earlier callback of this frame or the last; this frame draws it.
            first_frame, started = state["pressed"]
            frames.append(state["frame"] - first_frame)
            millis.append((time.perf_counter() - started) * 1000)
            controller.release(1)
            popup.dismiss()
            controller.cancel()
            state.update(popup=None, pressed=None, race=state["race"] + 1,
                         rest_until=time.perf_counter() + rest_s)
        return None

    class Bench(App):
        def build(self):
            original = controller.start_race
            # No random cue delay here: the benchmark measures the path after the press, not the wait.
            controller.start_race = lambda kind, players_, cue_delay_s=None: original(kind, players_, cue_delay_s=0)
            Clock.schedule_interval(tick, 0)
            return Widget()

    try:
        Bench().run()
    finally:
        controller.close()
        backend.close()
    return frames, millis


def describe(samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):7.2f} ms   p99 {p99:7.2f} ms   (n={len(ordered)})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=200)
    args = parser.parse_args(argv)
    default_settle = companion_config.DEFAULTS["race"]["settle_ms"]
    print("press -> result in the lights, the loser's LED going dark (mock pins, controller thread)")
    print(f"  settle {default_settle:g} ms (default): {describe(press_to_led_ms(args.races, default_settle))}")
    print(f"  settle 0 ms (software only): {describe(press_to_led_ms(args.races, 0.0))}")
    frames, millis = frames_to_winner_on_screen(min(args.races, 100))
    ordered = sorted(frames)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    print(f"press -> winner shown on screen (settle {default_settle:g} ms, Kivy headless):")
    print(f"  median {statistics.median(frames):.0f} frames, p99 {p99:.0f} frames;  {describe(millis)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
