"""From a button press to the winner's LED turning on (median and p99), through the real path:
a gpiozero MockFactory pin goes low, the Button callback stamps the edge, the controller thread
decides once the settle window has passed and lights the LED. The settle window is a deliberate
wait, so the figures are shown with the default window and with none (the software's own cost).

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
from hardware.backend import open_backend, ticks_to_ns  # noqa: E402
from hardware.controller import RaceController  # noqa: E402


def press_to_led_ms(races: int, settle_ms: float) -> list[float]:
    settings = companion_config.validate({"race": {"settle_ms": settle_ms}})
    backend = open_backend("mock", settings)
    decided = threading.Event()
    controller = RaceController(backend, settings, on_decision=lambda decision: decided.set())
    buttons = controller.buttons
    led_pin = buttons._leds[1].pin
    button_pin = buttons._buttons[1].pin
    samples = []
    try:
        for _ in range(races):
            decided.clear()
            controller.start_race("claim", [1, 2], cue_delay_s=0)
            controller.press(1)
            if not decided.wait(timeout=10):
                raise RuntimeError("no decision within 10 s: the controller thread is stuck")
            # The mock pins record, on the factory's clock, when each last changed.
            samples.append((ticks_to_ns(led_pin._last_change) - ticks_to_ns(button_pin._last_change)) / 1e6)
            controller.release(1)
            controller.cancel()
            # Let the release outlast the debounce hold-off, or the next press would count as a bounce.
            time.sleep(settings["race"]["holdoff_ms"] / 1000 + 0.005)
    finally:
        controller.close()
        backend.close()
    return samples


def frames_to_winner_on_screen(races: int) -> list[float] | None:
    """HOOK (to be filled in once the UI exists): from a mock press to the frame in which the Kivy
    screen first shows the winner, in frames. Drive RaceController.press() from the Kivy thread,
    count Clock frames until the race screen's winner label is drawn. Returns None until then."""
    return None


def describe(samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):7.2f} ms   p99 {p99:7.2f} ms   (n={len(ordered)})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=200)
    args = parser.parse_args(argv)
    default_settle = companion_config.DEFAULTS["race"]["settle_ms"]
    print("press -> winner's LED on (mock pins, controller thread)")
    print(f"  settle {default_settle:g} ms (default): {describe(press_to_led_ms(args.races, default_settle))}")
    print(f"  settle 0 ms (software only): {describe(press_to_led_ms(args.races, 0.0))}")
    frames = frames_to_winner_on_screen(args.races)
    if frames is None:
        print("press -> winner shown on screen: not measured yet (see frames_to_winner_on_screen)")
    else:
        print(f"press -> winner shown on screen: median {statistics.median(frames):.1f} frames")
    return 0


if __name__ == "__main__":
    sys.exit(main())
