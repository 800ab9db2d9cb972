"""A big-button press out of turn gets a short sign instead of nothing: the game screen says whose turn
it is, and the presser's button light blinks. Pressed on gpiozero's mock pins, their clock set by the test
(hardware.backend.mock_clock), so the press is short or long by its edges' own times."""

import time

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402,F401  (opens the headless window)
from ui_support import settle, settle_until  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from hardware.backend import mock_clock, mock_factory, open_backend  # noqa: E402
from hardware.controller import RaceController  # noqa: E402
from ui.places import Place  # noqa: E402

S = 1_000_000_000
MS = 1_000_000
FAMILY = [Player("Ann", "orange", 1), Player("Ben", "sky", 2), Player("Cleo", "green", 3)]


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def at_ns(self, t_ns: int) -> None:
        self.now = t_ns / S


@pytest.fixture
def clock():
    fake = Clock()
    with mock_clock(fake):
        yield fake


@pytest.fixture
def cleos_turn(services, navigator, clock):
    services.hardware = RaceController(open_backend("mock", services.settings, factory=mock_factory()),
                                       services.settings, threaded=False)
    session = services.store.new_session("nuts_about_mutts", FAMILY, {"dealer": 0})
    session.perform(Action("play", 1, {"colour": "red", "number": 5}))  # Ben lays the first home card
    assert session.summary()["to_act"] == {"kind": "turn", "seat": 2, "may_pass": False}
    screen = navigator.go(Place.GAME, services, session)
    settle()
    yield services, session, screen
    services.hardware.close()


def press(services, clock, button: int, at_s: float, held_ms: float = 200) -> None:
    """Down, held, and let go on the mock pin; the release counts once the button stayed open for the
    debounce hold-off, which the buttons' own thread sees on the mock clock."""
    clock.at_ns(round(at_s * S))
    services.hardware.press(button)
    clock.at_ns(round(at_s * S + held_ms * MS))
    services.hardware.release(button)
    clock.at_ns(round(at_s * S + (held_ms + 100) * MS))


def lights_seen(services, button: int, for_s: float = 1.5) -> list[bool]:
    """The button's light, read every few milliseconds, each change kept."""
    seen: list[bool] = [services.hardware.buttons.led_is_lit(button)]
    end = time.monotonic() + for_s
    while time.monotonic() < end:
        lit = services.hardware.buttons.led_is_lit(button)
        if lit != seen[-1]:
            seen.append(lit)
        time.sleep(0.005)
    return seen


def test_a_press_out_of_turn_says_whose_turn_it_is_and_blinks_that_buttons_light(cleos_turn, clock):
    services, session, screen = cleos_turn
    count = len(session.actions)
    assert services.hardware.buttons.led_is_lit(2) is False
    press(services, clock, 2, at_s=200)              # Ben's button, on Cleo's turn
    assert settle_until(lambda: screen.message.text != ""), "the press out of turn gave no sign"
    assert screen.message.text == "Not your turn, Ben: it is Cleo's."
    assert len(session.actions) == count             # nothing recorded
    lights = lights_seen(services, 2)
    assert True in lights and lights[-1] is False    # Ben's light blinked, then went dark
    assert not services.hardware.buttons.led_is_lit(3)


def test_the_right_player_pressing_after_it_is_taken_and_nothing_blinks(cleos_turn, clock):
    services, session, screen = cleos_turn
    press(services, clock, 3, at_s=300)              # Cleo, on her turn: a dog card played
    assert settle_until(lambda: len(session.actions) == 2), "Cleo's press was not taken"
    assert session.actions[-1] == Action("play", 2, {})
    assert "Not your turn" not in screen.message.text
    assert lights_seen(services, 3, for_s=0.4) == [False]


def test_a_press_while_the_screen_waits_for_something_else_says_to_finish_that_first(cleos_turn, clock):
    services, session, screen = cleos_turn
    screen.view.pad.choose_card("flea")              # Cleo is telling a Flea on the screen
    count = len(session.actions)
    press(services, clock, 3, at_s=400)
    assert settle_until(lambda: screen.message.text != "")
    assert screen.message.text == "Cleo: finish what the screen asks first; your button records a plain turn."
    assert len(session.actions) == count
