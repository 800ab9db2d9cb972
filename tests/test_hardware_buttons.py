"""The buttons and LEDs through gpiozero's MockFactory, with the mock clock under the test's control."""

from __future__ import annotations

import threading

import pytest

from companion import config as companion_config
from companion.errors import BadOption, IllegalAction
from companion.races import Edge, RaceRefused, parse
from hardware.backend import Backend, BackendUnavailable, mock_clock, mock_factory, open_backend
from hardware.buttons import PlayerButtons
from hardware.controller import RaceController
from hardware.replay import replay

S = 1_000_000_000   # ns per second
MS = 1_000_000


class Clock:
    def __init__(self, seconds: float = 100.0):
        self.now = seconds
        self.step = 0.0     # seconds added after each reading: time passing while callbacks run

    def __call__(self) -> float:
        now = self.now
        self.now += self.step
        return now

    def at_ns(self, t_ns: int) -> None:
        self.now = t_ns / S


@pytest.fixture
def clock():
    fake = Clock()
    with mock_clock(fake):
        yield fake


@pytest.fixture
def settings():
    return companion_config.validate({})


@pytest.fixture
def backend(clock, settings):
    opened = open_backend("mock", settings, factory=mock_factory())
    yield opened
    opened.close()


@pytest.fixture
def buttons(backend, settings):
    edges: list[Edge] = []
    made = PlayerButtons(backend, settings["buttons"], 20 * MS, edges.append)
    made.edges = edges
    yield made
    made.close()


def test_a_press_becomes_an_edge_stamped_with_the_pins_tick(buttons, clock):
    clock.at_ns(123_456_789_012)
    buttons.press(3)
    assert buttons.edges == [Edge(3, True, 123_456_789_012)]
    clock.at_ns(123_556_789_012)
    buttons.release(3)
    clock.at_ns(124_000_000_000)
    buttons.press(3)
    # The release is confirmed once the next press shows the button stayed open; it keeps its own stamp.
    assert buttons.edges[1:] == [Edge(3, False, 123_556_789_012), Edge(3, True, 124_000_000_000)]


def test_a_tap_shorter_than_the_hold_off_does_not_swallow_the_next_press(buttons, clock):
    clock.at_ns(600 * S)
    buttons.press(2)
    clock.at_ns(600 * S + 8 * MS)       # a very quick jab: open again inside the hold-off
    buttons.release(2)
    clock.at_ns(600 * S + 400 * MS)
    buttons.press(2)
    assert [(e.pressed, e.t_ns) for e in buttons.edges if e.pressed] == [(True, 600 * S), (True, 600 * S + 400 * MS)]


def test_the_stamp_is_when_the_edge_happened_not_when_the_callback_ran(buttons, clock):
    clock.at_ns(400 * S)
    clock.step = 0.005
    buttons.press(1)
    clock.step = 0.0
    assert buttons.edges == [Edge(1, True, 400 * S)]


def test_a_bouncing_press_is_one_edge_at_its_first_contact(buttons, clock):
    for offset_ms, down in ((0, True), (0.4, False), (1.1, True), (3.0, False), (7.5, True)):
        clock.at_ns(200 * S + round(offset_ms * MS))
        (buttons.press if down else buttons.release)(1)
    assert buttons.edges == [Edge(1, True, 200 * S)]
    assert buttons.bounces_ignored()[1] == 4


def test_a_button_chattering_while_held_gives_no_second_press(buttons, clock):
    clock.at_ns(300 * S)
    buttons.press(2)
    for offset_ms in (100.0, 100.3, 100.6, 100.9):     # contacts flickering while held down
        clock.at_ns(300 * S + round(offset_ms * MS))
        (buttons.release if offset_ms in (100.0, 100.6) else buttons.press)(2)
    assert [edge.pressed for edge in buttons.edges].count(True) == 1


def test_the_press_stamped_earlier_wins_even_when_its_callback_ran_second(backend, settings, clock):
    controller = RaceController(backend, settings, threaded=False)
    controller.arm("claim", [1, 2, 3], cue_ns=100 * S)
    clock.at_ns(100 * S + 250 * MS)
    controller.press(1)
    clock.at_ns(100 * S + 240 * MS)     # player 2's edge happened first but is delivered after
    controller.press(2)
    assert controller.poll(100 * S + 269 * MS) is None
    decision = controller.poll(100 * S + 270 * MS)
    assert decision.winner == 2 and decision.margins_ms[1] == 10.0
    controller.close()


def test_the_winners_led_lights_from_the_arbiter_thread_without_any_ui(backend, settings, clock):
    decided = threading.Event()
    seen = {}

    def on_decision(decision):
        seen["thread"] = threading.current_thread().name
        seen["leds"] = {n: controller.buttons.led_is_lit(n) for n in (1, 2, 3, 4)}
        seen["decision"] = decision
        decided.set()

    controller = RaceController(backend, settings, on_decision=on_decision)
    try:
        clock.at_ns(500 * S)
        controller.start_race("bones", [1, 2, 3, 4], cue_delay_s=1.0)
        for player, after_ms in ((3, 1210), (1, 1230), (4, 1260)):
            clock.at_ns(501 * S + (after_ms - 1000) * MS)
            controller.press(player)
        clock.at_ns(501 * S + 400 * MS)     # past the last bone's settle window
        assert decided.wait(timeout=10), "the arbiter thread never decided"
    finally:
        controller.close()
    assert seen["decision"].winners == (3, 1, 4)
    assert seen["thread"] == "race-arbiter"
    assert seen["leds"] == {1: True, 2: False, 3: True, 4: True}


def test_a_button_held_down_when_the_race_is_armed_is_stuck(backend, settings, clock):
    controller = RaceController(backend, settings, threaded=False)
    clock.at_ns(10 * S)
    controller.press(4)
    controller.arm("claim", [1, 4], cue_ns=11 * S)
    clock.at_ns(11 * S + 100 * MS)
    controller.release(4)
    clock.at_ns(11 * S + 150 * MS)
    controller.press(4)
    clock.at_ns(11 * S + 300 * MS)
    controller.press(1)
    decision = controller.finish()
    assert decision.stuck == (4,) and decision.winner == 1
    assert controller.buttons.led_is_lit(1) and not controller.buttons.led_is_lit(4)
    controller.close()


def test_the_logged_race_replays_to_the_same_decision(backend, settings, clock):
    controller = RaceController(backend, {**settings, "race": {**settings["race"], "tie_policy": "draw"}},
                                threaded=False, seed_source=lambda: 31337)
    controller.arm("claim", [1, 2, 3], cue_ns=50 * S)
    for player, t_ns in ((2, 50 * S + 180 * MS), (1, 50 * S + 180 * MS + 40_000), (3, 50 * S + 400 * MS)):
        clock.at_ns(t_ns)
        controller.press(player)
    live = controller.finish()
    controller.close()
    assert live.tie_draw is not None and live.tie_draw.seed == 31337
    replayed = replay(parse(controller.race_log()), settings)
    assert replayed.to_json() | {"decided_ns": None} == live.to_json() | {"decided_ns": None}


def test_starting_a_race_while_one_is_running_is_refused_and_changes_nothing(backend, settings, clock):
    controller = RaceController(backend, settings, threaded=False)
    controller.arm("claim", [1, 2], cue_ns=20 * S)
    before = controller.race_log()
    with pytest.raises(RaceRefused, match="already running"):
        controller.start_race("bones", [1, 2, 3])
    assert controller.racing and controller.race_log() == before
    controller.close()


def test_a_race_for_a_button_that_is_not_wired_is_refused_and_changes_nothing(backend, settings, clock):
    controller = RaceController(backend, settings, threaded=False)
    with pytest.raises(BadOption, match=r"\[9\] have no button"):
        controller.arm("claim", [1, 9], cue_ns=30 * S)
    assert not controller.racing and controller.race_log() == ""
    controller.close()


def test_keyboard_presses_name_the_buttons_that_exist(buttons):
    with pytest.raises(BadOption, match="no button 7"):
        buttons.press(7)
    assert buttons.edges == []


def test_keyboard_presses_are_refused_on_real_hardware(clock, settings):
    real_looking = Backend("lgpio", mock_factory(), kernel_timestamps=True)
    made = PlayerButtons(real_looking, settings["buttons"], 20 * MS, lambda edge: None)
    with pytest.raises(IllegalAction, match="mock backend"):
        made.press(1)
    made.close()
    real_looking.close()


def test_with_no_gpio_the_app_still_gets_a_controller_and_a_warning(settings):
    backend = open_backend("none", settings)
    controller = RaceController(backend, settings, threaded=False)
    assert controller.buttons is None
    assert "on-screen buttons only" in controller.warning
    arm = controller.arm("claim", [1, 2], cue_ns=backend.clock_ns() - S)
    controller.screen_press(2)
    assert controller.finish().winner == 2 and arm.kind == "claim"
    controller.close()


def test_an_unavailable_backend_falls_back_to_on_screen_buttons_and_says_why(settings):
    pytest.importorskip("gpiozero")
    try:
        import RPi.GPIO  # noqa: F401
        pytest.skip("RPi.GPIO is installed here")
    except ImportError:
        pass
    backend = open_backend("rpigpio", settings)
    assert backend.name == "none" and backend.requested == "rpigpio"
    assert "RPi.GPIO" in backend.warning and "on-screen buttons only" in backend.warning
    with pytest.raises(BackendUnavailable, match="RPi.GPIO"):
        open_backend("rpigpio", settings, strict=True)


def test_rpigpio_is_flagged_as_less_fair(clock):
    backend = open_backend("rpigpio", factory=mock_factory())
    assert backend.kernel_timestamps is False
    assert "wrong order" in backend.warning and "lgpio" in backend.warning
    backend.close()
