"""A big button's release is known once it has stayed open for the hold-off, without waiting for the
next press. Driven end to end: gpiozero mock pins -> PlayerButtons -> debouncer -> turn logic, with
the mock clock under the test's control and the hold-off (20 ms) waited out in real time."""

from __future__ import annotations

import threading
import time

import pytest

from companion import config as companion_config
from companion.races import Edge, LeadingEdgeDebouncer, debounce
from hardware.backend import mock_clock, mock_factory, open_backend
from hardware.buttons import PlayerButtons
from hardware.controller import RaceController
from ui.button_turns import ButtonPress, PressTimer

S = 1_000_000_000
MS = 1_000_000
HOLDOFF_NS = 20 * MS
T0 = 700 * S


class FakeTicks:
    """Stands in for time.monotonic inside gpiozero's mock pins (and so for the GPIO clock)."""

    def __init__(self) -> None:
        self.now_ns = T0

    def __call__(self) -> float:
        return self.now_ns / S

    def at_ns(self, t_ns: int) -> None:
        self.now_ns = t_ns


@pytest.fixture
def ticks():
    fake = FakeTicks()
    with mock_clock(fake):
        yield fake


@pytest.fixture
def settings():
    return companion_config.validate({})


@pytest.fixture
def backend(ticks, settings):
    opened = open_backend("mock", settings, factory=mock_factory())
    yield opened
    opened.close()


@pytest.fixture
def buttons(backend, settings):
    """PlayerButtons feeding a PressTimer, as the game screen does."""
    edges: list[Edge] = []
    presses: list[ButtonPress] = []
    timer = PressTimer(settings["turn_buttons"]["long_press_ms"])

    def on_edge(edge: Edge) -> None:
        edges.append(edge)
        press = timer.edge(edge.player, edge.pressed, edge.t_ns)
        if press is not None:
            presses.append(press)

    made = PlayerButtons(backend, settings["buttons"], HOLDOFF_NS, on_edge)
    made.edges, made.presses = edges, presses
    yield made
    made.close()


def wait_for(condition, *, tick=lambda: None, timeout_s: float = 3.0) -> bool:
    """Real time passing (the hold-off is short); `tick` runs the UI's scheduled callbacks."""
    deadline = time.monotonic() + timeout_s
    while True:
        tick()
        if condition():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)


def settle(*, tick=lambda: None) -> None:
    """Long enough that a second, wrong delivery would have happened by now."""
    for _ in range(10):
        time.sleep(0.01)
        tick()


def drive(pin, ticks: FakeTicks, steps) -> None:
    """(ms after T0, pressed) steps on one mock pin, the clock set to each edge's time."""
    for at_ms, pressed in steps:
        ticks.at_ns(T0 + round(at_ms * MS))
        (pin.drive_low if pressed else pin.drive_high)()


def pin_of(buttons: PlayerButtons, number: int):
    return buttons._buttons[number].pin


# --- through PlayerButtons ---------------------------------------------------------------------------

def test_a_short_press_is_one_tap_once_the_hold_off_has_passed_with_no_next_press(buttons, ticks):
    drive(pin_of(buttons, 1), ticks, [(0, True), (200, False)])
    ticks.at_ns(T0 + 200 * MS + HOLDOFF_NS + 5 * MS)
    assert wait_for(lambda: buttons.presses), "the release was never confirmed without a next press"
    settle()
    assert buttons.edges == [Edge(1, True, T0), Edge(1, False, T0 + 200 * MS)]
    assert buttons.presses == [ButtonPress(1, long=False, held_ms=200.0)]


def test_a_900_ms_hold_is_one_long_press_timed_from_the_edges(buttons, ticks):
    drive(pin_of(buttons, 2), ticks, [(0, True), (900, False)])
    ticks.at_ns(T0 + 900 * MS + HOLDOFF_NS + 5 * MS)   # the timer fires later than the release...
    assert wait_for(lambda: buttons.presses)
    settle()
    (press,) = buttons.presses
    # ...but the press is timed from the release edge's own stamp, not from when it was confirmed.
    assert press.button == 2 and press.long and press.held_ms == pytest.approx(900.0, abs=0.001)


def test_a_release_that_chatters_for_less_than_the_hold_off_is_still_one_press(buttons, ticks):
    drive(pin_of(buttons, 3), ticks, [(0, True), (200, False), (200.3, True), (200.6, False), (201.1, True),
                                      (201.5, False)])
    ticks.at_ns(T0 + 201_500_000 + HOLDOFF_NS + 5 * MS)
    assert wait_for(lambda: buttons.presses)
    settle()
    # The opening that lasted is the release; the flickers before it were the contacts bouncing.
    assert buttons.edges == [Edge(3, True, T0), Edge(3, False, T0 + 201_500_000)]
    assert buttons.presses == [ButtonPress(3, long=False, held_ms=201.5)]
    assert buttons.bounces_ignored()[3] == 4


def test_chatter_while_held_never_confirms_a_release_or_a_second_press(buttons, ticks):
    drive(pin_of(buttons, 1), ticks, [(0, True), (300, False), (300.4, True), (310, False), (310.2, True)])
    ticks.at_ns(T0 + 400 * MS)      # still held, long after the chatter
    settle()
    assert buttons.edges == [Edge(1, True, T0)] and buttons.presses == []
    drive(pin_of(buttons, 1), ticks, [(950, False)])
    ticks.at_ns(T0 + 950 * MS + HOLDOFF_NS)
    assert wait_for(lambda: buttons.presses)
    assert buttons.presses == [ButtonPress(1, long=True, held_ms=950.0)]


def test_a_release_is_not_confirmed_before_it_has_lasted_the_hold_off(buttons, ticks):
    drive(pin_of(buttons, 1), ticks, [(0, True), (200, False)])
    ticks.at_ns(T0 + 200 * MS + HOLDOFF_NS - 1)
    settle()
    assert buttons.edges == [Edge(1, True, T0)]
    ticks.at_ns(T0 + 200 * MS + HOLDOFF_NS)
    assert wait_for(lambda: len(buttons.edges) == 2)


def test_a_press_whose_edge_is_still_on_its_way_keeps_the_release_open(buttons, ticks):
    button = buttons._buttons[1]
    drive(button.pin, ticks, [(0, True), (200, False)])
    handler, button.when_pressed = button.when_pressed, None   # the closing edge is queued, not yet delivered
    drive(button.pin, ticks, [(200.5, True)])
    ticks.at_ns(T0 + 300 * MS)
    settle()
    assert buttons.edges == [Edge(1, True, T0)]       # the pin reads closed: no release yet
    button.when_pressed = handler
    handler()                                          # the late edge: 0.5 ms open was a bounce
    settle()
    assert buttons.edges == [Edge(1, True, T0)] and buttons.presses == []


def test_close_cancels_a_pending_release_and_leaves_no_thread(backend, settings, ticks):
    edges: list[Edge] = []
    made = PlayerButtons(backend, settings["buttons"], HOLDOFF_NS, edges.append)
    drive(made._buttons[4].pin, ticks, [(0, True), (100, False)])
    made.close()
    ticks.at_ns(T0 + S)
    settle()
    assert edges == [Edge(4, True, T0)]
    assert not [t for t in threading.enumerate() if t.name == "button-releases" and t.is_alive()]


def test_the_race_controller_hands_idle_releases_to_the_game_without_a_next_press(backend, settings, ticks):
    controller = RaceController(backend, settings, threaded=False)
    idle: list[Edge] = []
    controller.on_idle_edge = idle.append
    try:
        controller.press(5)
        ticks.at_ns(T0 + 150 * MS)
        controller.release(5)
        ticks.at_ns(T0 + 150 * MS + HOLDOFF_NS)
        assert wait_for(lambda: len(idle) == 2)
        assert idle == [Edge(5, True, T0), Edge(5, False, T0 + 150 * MS)]
    finally:
        controller.close()


# --- the pure debouncer ------------------------------------------------------------------------------

def test_the_debouncer_says_when_a_release_is_due_and_confirms_it_with_the_edges_stamp():
    debouncer = LeadingEdgeDebouncer(HOLDOFF_NS)
    assert debouncer.feed(True, 1000) == [(True, 1000)] and debouncer.due_ns is None
    assert debouncer.feed(False, 5000) == []
    assert debouncer.due_ns == 5000 + HOLDOFF_NS
    assert debouncer.confirm_release(5000 + HOLDOFF_NS - 1) == []
    assert debouncer.confirm_release(9 * S) == [(False, 5000)]
    assert debouncer.due_ns is None and not debouncer.down and debouncer.ignored == 0
    assert debouncer.confirm_release(10 * S) == []


def test_debouncing_a_list_reports_a_last_release_that_nothing_followed():
    edges = [Edge(1, True, 0), Edge(1, False, 100 * MS), Edge(1, True, 100 * MS + 300_000), Edge(1, False, 150 * MS)]
    assert list(debounce(edges, HOLDOFF_NS)) == [Edge(1, True, 0), Edge(1, False, 150 * MS)]
    # A list that runs only to a known time: a release not yet open for the hold-off by then is unknown.
    assert list(debounce(edges, HOLDOFF_NS, end_ns=150 * MS + HOLDOFF_NS - 1)) == [Edge(1, True, 0)]
    assert list(debounce(edges, HOLDOFF_NS, end_ns=150 * MS + HOLDOFF_NS))[-1] == Edge(1, False, 150 * MS)


# --- the screens ---------------------------------------------------------------------------------------

@pytest.fixture
def kivy_clock():
    pytest.importorskip("kivy")
    from kivy.clock import Clock
    from kivy.core.window import Window  # noqa: F401  (opens the headless window)

    return Clock


@pytest.fixture
def table(tmp_path, ticks, kivy_clock):
    """A Nuts about Mutts game on screen, its turns taken from mock big buttons."""
    from ui_support import make_services

    from companion.actions import Action
    from companion.players import Player
    from ui.navigation import Navigator
    from ui.screens.game import open_game_screen

    services = make_services(tmp_path)
    services.hardware = RaceController(open_backend("mock", services.settings, factory=mock_factory()),
                                       services.settings, threaded=False)
    players = [Player("Ann", "orange", 1), Player("Ben", "sky", 2), Player("Cleo", "green", 3)]
    session = services.store.new_session("nuts_about_mutts", players, {"dealer": 0})
    session.perform(Action("play", 1, {"colour": "red", "number": 5}))
    screen = open_game_screen(services, Navigator(), session)
    heard: list[tuple[int, bool]] = []
    real = screen.view.on_big_button

    def on_big_button(seat, long_press):
        heard.append((seat, long_press))
        return real(seat, long_press)

    screen.view.on_big_button = on_big_button
    yield services, session, heard, players
    screen.go_home()
    services.hardware.close()
    services.store.close()


def take_turn(services, ticks, button, held_ms):
    ticks.at_ns(T0)
    services.hardware.press(button)
    ticks.at_ns(T0 + held_ms * MS)
    services.hardware.release(button)
    ticks.at_ns(T0 + held_ms * MS + HOLDOFF_NS + 5 * MS)


def test_one_short_press_on_your_turn_records_one_played_card(table, ticks, kivy_clock):
    services, session, heard, players = table
    seat = session.summary()["to_act"]["seat"]
    count = len(session.actions)
    take_turn(services, ticks, players[seat].button, 200)
    assert wait_for(lambda: heard, tick=kivy_clock.tick), "one short press recorded nothing"
    settle(tick=kivy_clock.tick)
    assert heard == [(seat, False)]
    assert len(session.actions) == count + 1
    assert session.actions[-1].type == "play" and session.actions[-1].player == seat


def test_a_900_ms_hold_on_your_turn_records_one_draw(table, ticks, kivy_clock):
    services, session, heard, players = table
    seat = session.summary()["to_act"]["seat"]
    before = session.summary()["hand_sizes"][seat]
    take_turn(services, ticks, players[seat].button, 900)
    assert wait_for(lambda: heard, tick=kivy_clock.tick), "a 900 ms hold recorded nothing"
    settle(tick=kivy_clock.tick)
    assert heard == [(seat, True)]
    assert session.actions[-1].type == "draw" and session.actions[-1].player == seat
    assert session.summary()["hand_sizes"][seat] == before + 1


def test_the_button_test_tile_counts_a_clean_press_as_one_press_and_no_bounces(tmp_path, ticks, kivy_clock):
    from ui_support import make_services

    from ui.navigation import Navigator
    from ui.screens.button_test import ButtonTestScreen

    services = make_services(tmp_path)
    services.hardware = RaceController(open_backend("mock", services.settings, factory=mock_factory()),
                                       services.settings, threaded=False)
    buttons = services.hardware.buttons
    screen = None
    try:
        drive(pin_of(buttons, 2), ticks, [(0, True), (0.4, False), (1.0, True), (90, False)])  # during a game
        ticks.at_ns(T0 + 200 * MS)
        assert wait_for(lambda: not buttons._debouncers[2].down)
        screen = ButtonTestScreen(services, Navigator())
        tile = screen.tiles[2]
        assert tile.state_label.text == "not pressed yet"   # counts start when the screen opens
        ticks.at_ns(T0 + S)
        services.hardware.press(2)
        screen.poll()
        assert tile.state_label.text == "PRESSED"
        ticks.at_ns(T0 + S + 150 * MS)
        services.hardware.release(2)
        ticks.at_ns(T0 + S + 150 * MS + HOLDOFF_NS + 5 * MS)
        assert wait_for(lambda: "press" in tile.state_label.text, tick=screen.poll)
        settle(tick=screen.poll)
        assert tile.state_label.text == "OK: 1 press"   # the flickers before the screen opened are not counted
    finally:
        if screen is not None and screen._poll_event is not None:
            screen._poll_event.cancel()
        services.hardware.close()
        services.store.close()


def test_the_button_test_names_each_buttons_player_and_key_and_keeps_the_pins_small(tmp_path):
    from ui_support import make_services

    from companion.players import Player
    from ui import theme
    from ui.navigation import Navigator
    from ui.screens.button_test import ButtonTestScreen, counted

    services = make_services(tmp_path)
    services.store.new_session("nut", [Player("Ann", "orange", 2), Player("Ben", "sky", None)])
    services.hardware = RaceController(open_backend("mock", services.settings, factory=mock_factory()),
                                       services.settings, threaded=False)
    screen = None
    try:
        screen = ButtonTestScreen(services, Navigator())
        tile = screen.tiles[2]
        assert tile.owner_label.text == "Ann (Orange)  -  key 2"
        assert screen.tiles[1].owner_label.text == "no player yet  -  key 1"
        pin = services.settings["buttons"]["2"]["pin"]
        assert tile.wiring_label.text.startswith(f"pin {pin}")
        assert tile.wiring_label.font_size == theme.FONT_SMALL
        assert "GPIO" not in tile.wiring_label.text
        assert [counted(n, "press", "presses") for n in (0, 1, 3)] == ["0 presses", "1 press", "3 presses"]
    finally:
        if screen is not None and screen._poll_event is not None:
            screen._poll_event.cancel()
        services.hardware.close()
        services.store.close()
