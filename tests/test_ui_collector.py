"""The cycle collector is kept off the table: once a game's screen is shown its widgets are frozen, so a
collection during play does not walk them, and once the family leaves the game they are freed, not kept
frozen for the rest of the evening, whichever the game."""

import gc
import weakref

import pytest

pytest.importorskip("kivy")

from ui_support import settle, settle_until  # noqa: E402

from companion.players import Player  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.screens.game import open_game_screen  # noqa: E402

FAMILY = [Player("Ann", "orange"), Player("Ben", "sky"), Player("Cleo", "green"), Player("Dev", "pink")]


def walked_by_the_collector(thing) -> bool:
    return any(tracked is thing for tracked in gc.get_objects())


@pytest.fixture
def unfrozen_after():
    yield
    gc.unfreeze()


@pytest.mark.collector
@pytest.mark.parametrize("key", ["nuts_about_mutts", "thats_ruff", "mix_the_mutts", "nut", "pugs_in_mugs"])
def test_a_game_on_screen_is_out_of_the_collectors_way_and_freed_once_left(services, navigator, unfrozen_after, key):
    """Every game: an evening of games must not keep each one left behind (a binding to the app-wide
    palette or sizes that holds a widget strongly keeps its whole screen)."""
    session = services.store.new_session(key, FAMILY[:3])
    screen = open_game_screen(services, navigator, session)
    view = screen.view
    assert settle_until(lambda: gc.get_freeze_count() > 0), "nothing was set aside from the collector"
    assert not walked_by_the_collector(view), "a collection during play would walk the whole table"
    left = weakref.ref(view)
    del view, screen, session
    navigator.go(Place.HOME, services)
    settle()
    # Kivy's transition keeps the screen it took away until the next change of screen.
    navigator.go(Place.SAVED_GAMES, services)
    assert settle_until(lambda: left() is None), "the game left behind is still held"
