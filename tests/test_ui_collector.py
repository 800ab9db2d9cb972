"""The cycle collector is kept off the table: once a game's screen is shown its widgets are frozen, so a
collection during play does not walk them; the game the family leaves is kept for Resume until another
game is shown, and is then freed once the table has been left alone (not kept frozen for the rest of the
evening, whichever the game), never while a race is under way."""

import gc
import weakref

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402
from kivy.uix.screenmanager import NoTransition  # noqa: E402
from ui_support import settle_until  # noqa: E402

from companion.players import Player  # noqa: E402
from ui import collector  # noqa: E402
from ui.navigation import Navigator  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

FAMILY = [Player("Ann", "orange"), Player("Ben", "sky"), Player("Cleo", "green"), Player("Dev", "pink")]


def walked_by_the_collector(thing) -> bool:
    return any(tracked is thing for tracked in gc.get_objects())


@pytest.fixture
def unfrozen_after():
    yield
    gc.unfreeze()


@pytest.fixture
def quickly_idle(monkeypatch):
    """A navigator whose table counts as idle after a fifth of a second without a touch."""
    monkeypatch.setattr(collector, "IDLE_S", 0.2)
    navigator = Navigator(transition=NoTransition())
    Window.add_widget(navigator)
    yield navigator
    Window.remove_widget(navigator)


def a_game_left_behind(services, navigator, key):
    """A game shown, then another game: what the first held is garbage."""
    screen = open_game_screen(services, navigator, services.store.new_session(key, FAMILY[:3]))
    view = screen.view
    assert settle_until(lambda: gc.get_freeze_count() > 0), "nothing was set aside from the collector"
    assert not walked_by_the_collector(view), "a collection during play would walk the whole table"
    left = weakref.ref(view)
    navigator.go(Place.HOME, services)
    navigator.go(Place.GAME, services, services.store.new_session("pugs_in_mugs", FAMILY[:2]))
    # Kivy's transition keeps the screen it took away until the next change of screen.
    navigator.go(Place.SAVED_GAMES, services)
    return left


@pytest.mark.collector
@pytest.mark.parametrize("key", ["nuts_about_mutts", "thats_ruff", "mix_the_mutts", "nut", "pugs_in_mugs"])
def test_a_game_on_screen_is_out_of_the_collectors_way_and_freed_once_left_and_idle(
        services, quickly_idle, unfrozen_after, key):
    """Every game: an evening of games must not keep each one left behind (a binding to the app-wide
    palette or sizes that holds a widget strongly keeps its whole screen)."""
    left = a_game_left_behind(services, quickly_idle, key)
    assert settle_until(lambda: left() is None), "the game left behind is still held"


@pytest.mark.collector
def test_no_collection_while_a_race_is_under_way(services, quickly_idle, unfrozen_after):
    racing = [True]
    quickly_idle.collection.busy = lambda: racing[0]
    left = a_game_left_behind(services, quickly_idle, "pugs_in_mugs")
    settle_until(lambda: False, timeout_s=0.6)
    assert quickly_idle.collection.pending
    racing[0] = False
    assert settle_until(lambda: not quickly_idle.collection.pending)
    assert settle_until(lambda: left() is None)
