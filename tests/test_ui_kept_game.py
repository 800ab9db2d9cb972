"""Home, then Resume: the game the family just left comes back as it was, on the very widgets it was
shown on (its table is not read back and built again), its History too; and only while nothing saved
has changed since, so what Resume shows is always what the saved games hold."""

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402,F401  (opens the headless window)
from ui_support import buttons_reading, settle, tap, texts  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.players import Player  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.screens.game import GameScreen, open_game_screen  # noqa: E402
from ui.screens.home import HomeScreen  # noqa: E402

FAMILY = [Player("Ann", "orange"), Player("Ben", "sky"), Player("Cleo", "green")]


def the(navigator, text):
    settle()
    found = buttons_reading(navigator.current_screen, text)
    assert len(found) == 1, f"expected one {text!r}: {texts(navigator.current_screen)}"
    return found[0]


@pytest.fixture
def pugs_on_screen(services, navigator):
    session = services.store.new_session("pugs_in_mugs", FAMILY)
    session.perform(Action("draw", 0))
    screen = open_game_screen(services, navigator, session)
    settle()
    return screen


def home_and_resume(navigator) -> GameScreen:
    tap(the(navigator, "Home"))
    assert isinstance(navigator.current_screen, HomeScreen)
    tap(the(navigator, "Resume"))
    screen = navigator.current_screen
    assert isinstance(screen, GameScreen)
    return screen


def widgets(root) -> list:
    return list(root.walk(restrict=True))


def test_home_then_resume_shows_the_same_table_and_it_still_plays(services, navigator, pugs_on_screen):
    before = widgets(pugs_on_screen)
    history = pugs_on_screen.open_history()
    settle()
    history.dismiss()
    settle()
    again = home_and_resume(navigator)
    assert again is pugs_on_screen
    assert {id(widget) for widget in widgets(again)} == {id(widget) for widget in before}
    # Its moves are taken and saved as before, and History is the one laid out before, with the new line.
    tap(the(navigator, "Draw"))
    assert len(services.store.resume(again.controller.session.id).actions) == 2
    assert again.open_history() is history
    settle()
    assert any("drew" in text.lower() for text in texts(history.rows)) and len(history.lines) == 2
    history.dismiss()
    settle()


def test_a_game_changed_since_it_was_left_is_read_back_afresh(services, navigator, pugs_on_screen):
    tap(the(navigator, "Home"))
    # The saved game changed while the table was away (a fix or a rename elsewhere, another program).
    elsewhere = services.store.resume(pugs_on_screen.controller.session.id)
    elsewhere.perform(Action("draw", 0))
    tap(the(navigator, "Resume"))
    screen = navigator.current_screen
    assert isinstance(screen, GameScreen) and screen is not pugs_on_screen
    assert len(screen.controller.session.actions) == 2


def test_a_table_kept_away_from_the_screen_hears_no_big_button(services, navigator, pugs_on_screen):
    """While Home shows, the kept game neither follows its session nor answers the players' buttons."""
    tap(the(navigator, "Home"))
    assert not pugs_on_screen.controller._listeners
    tap(the(navigator, "Resume"))
    assert navigator.current_screen is pugs_on_screen
    assert pugs_on_screen.controller._listeners == [pugs_on_screen._changed]


def test_the_game_offered_after_a_start_is_ready_before_resume_is_tapped(services, navigator):
    from ui.open_saved import ready_saved_game

    session = services.store.new_session("pugs_in_mugs", FAMILY)
    session.perform(Action("draw", 0))
    navigator.go(Place.HOME, services)
    settle()
    ready_saved_game(services, navigator, session.id)
    ready = navigator.kept_game(services, session.id)
    assert ready is not None and ready.parent is None and ready.size == navigator.size
    tap(the(navigator, "Resume"))
    assert navigator.current_screen is ready
    assert texts(ready.view)
