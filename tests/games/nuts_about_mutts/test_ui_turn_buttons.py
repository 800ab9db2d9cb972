"""Recording Nuts about Mutts turns with the players' own big buttons: a short press is "played a dog
card", a long press is "drew", told apart by the edges' timestamps, only for the player whose turn it is."""

import pytest

pytest.importorskip("kivy")

from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402,F401  (opens the headless window)
from ui_support import make_services, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from hardware.backend import open_backend  # noqa: E402
from hardware.controller import RaceController  # noqa: E402
from ui.button_turns import PressTimer  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

PLAYERS = [Player("Ann", "orange", 1), Player("Ben", "sky", 2), Player("Cleo", "green", 3)]


def test_press_timer_tells_short_from_long_by_edge_time():
    timer = PressTimer(600)
    assert timer.edge(1, True, 1_000_000_000) is None
    short = timer.edge(1, False, 1_250_000_000)
    assert (short.button, short.long, short.held_ms) == (1, False, 250.0)
    timer.edge(2, True, 2_000_000_000)
    assert timer.edge(2, False, 2_700_000_000).long
    assert timer.edge(3, False, 3_000_000_000) is None  # a release with no press seen is no press


@pytest.fixture
def table(tmp_path):
    services = make_services(tmp_path)
    services.hardware = RaceController(open_backend("mock", services.settings), services.settings, threaded=False)
    session = services.store.new_session("nuts_about_mutts", PLAYERS, {"dealer": 0})
    session.perform(Action("play", 1, {"colour": "red", "number": 5}))  # Ben lays the first home card
    screen = open_game_screen(services, Navigator(), session)
    yield services, session, screen
    services.hardware.close()
    services.store.close()


def press(services, button, edge_times):
    """Drive the edges through the controller's edge path with chosen timestamps."""
    from companion.races import Edge

    services.hardware._on_edge(Edge(button, True, edge_times[0]))
    services.hardware._on_edge(Edge(button, False, edge_times[1]))
    Clock.tick()


def test_the_help_line_documents_the_mapping(table):
    _, _, screen = table
    assert any("tap = played a card, hold = drew" in text for text in texts(screen))


def test_short_press_on_your_turn_records_a_played_card(table):
    services, session, _ = table
    seat = session.summary()["to_act"]["seat"]
    before = session.summary()["hand_sizes"][seat]
    press(services, PLAYERS[seat].button, (10**9, 10**9 + 200_000_000))
    assert session.actions[-1].type == "play" and session.actions[-1].player == seat
    assert session.summary()["hand_sizes"][seat] == before - 1


def test_long_press_on_your_turn_records_a_draw(table):
    services, session, _ = table
    seat = session.summary()["to_act"]["seat"]
    before = session.summary()["hand_sizes"][seat]
    press(services, PLAYERS[seat].button, (10**9, 10**9 + 900_000_000))
    assert session.actions[-1].type == "draw"
    assert session.summary()["hand_sizes"][seat] == before + 1


def test_a_press_by_someone_whose_turn_it_is_not_records_nothing(table):
    services, session, _ = table
    seat = session.summary()["to_act"]["seat"]
    other = (seat + 1) % len(PLAYERS)
    count = len(session.actions)
    press(services, PLAYERS[other].button, (10**9, 10**9 + 200_000_000))
    assert len(session.actions) == count


def test_leaving_the_game_stops_listening(table):
    services, _, screen = table
    screen.go_home()
    assert services.hardware.on_idle_edge is None
