"""The start cue lights every racing player's LED at once, from the controller thread."""

import threading

from companion import config
from hardware.backend import open_backend
from hardware.controller import RaceController


def test_cue_lights_every_racing_led_and_only_theirs(tmp_path):
    settings = config.load(tmp_path)
    cued = threading.Event()
    controller = RaceController(open_backend("mock", settings), settings, on_cue=lambda arm: cued.set())
    try:
        controller.start_race("bones", [1, 2, 4], cue_delay_s=0.05)
        assert not controller.buttons.led_is_lit(1)  # nothing before the cue
        assert cued.wait(timeout=5), "the cue never came"
        lit = {number for number in controller.buttons.numbers if controller.buttons.led_is_lit(number)}
        assert lit == {1, 2, 4}
    finally:
        controller.close()


def test_a_cancelled_race_gives_no_cue(tmp_path):
    settings = config.load(tmp_path)
    cued = threading.Event()
    controller = RaceController(open_backend("mock", settings), settings, on_cue=lambda arm: cued.set())
    try:
        controller.start_race("claim", [1, 2], cue_delay_s=0.2)
        controller.cancel()
        assert not cued.wait(timeout=0.5)
        assert not any(controller.buttons.led_is_lit(n) for n in controller.buttons.numbers)
    finally:
        controller.close()
