"""Nothing is lost by one tap: a game set aside on Home comes back with one tap, and every game this
table has played (unfinished, set aside or finished) can be found again and opened."""

import json
import random
import re

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.uix.screenmanager import NoTransition  # noqa: E402
from ui_support import buttons_reading, settle, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.screens.game import GameScreen  # noqa: E402
from ui.screens.home import HomeScreen  # noqa: E402
from ui.screens.saved_games import SavedGamesScreen  # noqa: E402

FAMILY = [Player("Ann", "orange"), Player("Ben", "sky")]


@pytest.fixture
def navigator():
    navigator = Navigator(transition=NoTransition())
    Window.add_widget(navigator)
    yield navigator
    Window.remove_widget(navigator)


def shown(screen) -> list[str]:
    return [re.sub(r"\[/?b\]", "", text) for text in texts(screen)]


def the(navigator, text):
    settle()
    found = buttons_reading(navigator.current_screen, text)
    assert len(found) == 1, f"expected one {text!r} on {type(navigator.current_screen).__name__}: {texts(navigator)}"
    return found[0]


def started_game(services):
    session = services.store.new_session("mix_the_mutts", FAMILY)
    session.perform(Action("draw", 0))
    return session


def test_set_aside_takes_one_tap_and_one_tap_brings_it_back(services, navigator):
    session = started_game(services)
    navigator.show(HomeScreen(services, navigator))
    tap(the(navigator, "Set aside"))
    assert services.store.unfinished() is None
    assert any("Set aside: Mix-the-Mutts" in text for text in texts(navigator.current_screen))
    tap(the(navigator, "Undo"))
    assert services.store.unfinished().id == session.id
    assert buttons_reading(navigator.current_screen, "Resume")


def test_a_set_aside_game_is_listed_and_resumes_exactly(services, navigator):
    session = started_game(services)
    services.store.set_aside(session.id)
    navigator.show(HomeScreen(services, navigator))
    tap(the(navigator, "Saved games"))
    assert isinstance(navigator.current_screen, SavedGamesScreen)
    assert any("Mix-the-Mutts  -  Set aside" in text and "Ann, Ben" in text for text in shown(navigator.current_screen))
    tap(the(navigator, "Resume"))
    screen = navigator.current_screen
    assert isinstance(screen, GameScreen)
    assert screen.controller.session.state == session.state
    assert services.store.unfinished().id == session.id


def test_a_finished_game_is_listed_with_its_winner_and_opens(services, navigator):
    session = services.store.new_session("pugs_in_mugs", FAMILY)
    services.store.set_aside(session.id)
    finished = services.store.new_session("nut", FAMILY)
    rng = random.Random(4)
    while not finished.is_over:
        finished.perform(rng.choice(finished.game.legal_actions(finished.state, rng)))
    navigator.show(SavedGamesScreen(services, navigator))
    listed = [text for text in shown(navigator.current_screen) if text.startswith("Nut  -  ")]
    winners = finished.summary()["winner_names"]
    assert listed and f"Won by {' and '.join(winners)}" in listed[0]
    tap(the(navigator, "Look"))
    assert isinstance(navigator.current_screen, GameScreen)
    assert navigator.current_screen.controller.session.is_over


@pytest.mark.parametrize("key,winner_names", [
    ("thats_ruff", lambda summary: summary["winner"]["names"]),
    ("nuts_about_mutts", lambda summary: [summary["names"][seat] for seat in summary["top_dog"]]),
], ids=["thats_ruff", "nuts_about_mutts"])
def test_games_that_name_their_winner_their_own_way_are_listed_with_it(services, navigator, key, winner_names):
    # Neither summary has a "winners" list; the listing reads the result every game reports alike.
    finished = services.store.new_session(key, FAMILY, {"hands": 1} if key == "nuts_about_mutts" else {})
    rng = random.Random(5)
    while not finished.is_over:
        finished.perform(rng.choice(finished.game.legal_actions(finished.state, rng)))
    navigator.show(SavedGamesScreen(services, navigator))
    title = finished.game.title
    listed = [text for text in shown(navigator.current_screen) if text.startswith(f"{title}  -  ")]
    assert listed and f"Won by {' and '.join(winner_names(finished.summary()))}" in listed[0]


def test_a_saved_game_the_app_cannot_read_back_never_stops_the_start(services, navigator):
    """A record written by something else (a blank name, an unknown game) is left out with a word on
    Home, and the readable game is still offered for Resume."""
    kept = services.store.new_session("nut", FAMILY)
    broken = services.store.new_session("nut", [Player("Cy", "orange"), Player("Di", "sky")])
    services.store._db.execute("UPDATE sessions SET players = ? WHERE id = ?",
                               (json.dumps([{"name": "   "}, "Di"]), broken.id))
    services.store._db.execute("UPDATE sessions SET game = 'chess' WHERE id = ?", (kept.id,))
    readable = services.store.new_session("pugs_in_mugs", FAMILY)

    assert [record.id for record in services.store.sessions()] == [readable.id]
    assert {number for number, _ in services.store.unreadable()} == {kept.id, broken.id}
    navigator.show(HomeScreen(services, navigator))
    settle()
    words = " ".join(shown(navigator.current_screen))
    assert "Saved game 2 (and 1 other) can't be read back" in words
    tap(the(navigator, "Resume"))
    assert isinstance(navigator.current_screen, GameScreen)
    assert navigator.current_screen.controller.session.id == readable.id


def test_a_game_whose_log_no_longer_replays_says_so_and_stays_home(services, navigator):
    session = services.store.new_session("pugs_in_mugs", FAMILY)
    session.perform(Action("draw", 0))
    services.store._db.execute("UPDATE entries SET action = ? WHERE session_id = ?",
                               (json.dumps({"type": "fly", "player": 0}), session.id))
    navigator.show(HomeScreen(services, navigator))
    tap(the(navigator, "Resume"))
    assert isinstance(navigator.current_screen, HomeScreen)
    assert any("can't be brought back" in text for text in shown(navigator.current_screen))


def test_home_says_when_the_saved_games_file_was_moved_aside(tmp_path, navigator):
    from ui_support import make_services

    (tmp_path / "companion.sqlite3").write_bytes(b"not a database at all, " * 200)
    services = make_services(tmp_path)
    navigator.show(HomeScreen(services, navigator))
    settle()
    words = " ".join(shown(navigator.current_screen))
    assert "could not be used (it is damaged" in words and "companion.sqlite3.unusable-" in words
