"""Scenes of the records and their corrections: a player's records read back after a real export and
import, two names put together, a game deleted by mistake and the Undo offered for it."""

from __future__ import annotations

import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Callable, TypeVar

from ui.navigation import Navigator
from ui.screenshots import scene
from ui.services import Services

if TYPE_CHECKING:
    from ui.screens.evening import EveningScreen

T = TypeVar("T")


@scene("records-after-import", "a player's records and races, read back from an evening exported and imported "
                               "into an empty table")
def records_after_import(services: Services, navigator: Navigator) -> None:
    from companion import exports
    from companion.game_lines import evenings
    from companion.store import Store
    from ui.places import Place
    from ui.scenes.screens import _game_night

    with tempfile.TemporaryDirectory(prefix="companion-original-") as folder:
        original_dir = Path(folder)
        original = Store.open(original_dir)
        try:
            _game_night(SimpleNamespace(store=original))  # type: ignore[arg-type]  # the scene needs only its store
            # Written as the evening's Export writes it with no stick plugged in, then read back as
            # Import from USB stick reads it.
            written = exports.export_evening(original, original_dir, evenings(original)[0], 1, roots=())
        finally:
            original.close()
        exports.import_file(services.store, written.files[0])
    navigator.go(Place.PROFILE, services, "Maya")


@scene("profile-same-person", "a player's records with Same person as...: every other name to choose from")
def profile_same_person(services: Services, navigator: Navigator) -> None:
    from ui.places import Place
    from ui.scenes.screens import _game_night
    from ui.screens.profile import ProfileScreen

    _game_night(services)
    screen = navigator.go(Place.PROFILE, services, "Maya")
    assert isinstance(screen, ProfileScreen)
    screen.choose_same_person()


@scene("profile-name-taken", "a rename refused for a name already taken, offering to put the two together")
def profile_name_taken(services: Services, navigator: Navigator) -> None:
    from ui.places import Place
    from ui.scenes.screens import _game_night
    from ui.screens.profile import ProfileScreen

    _game_night(services)
    screen = navigator.go(Place.PROFILE, services, "Maya")
    assert isinstance(screen, ProfileScreen)
    screen.rename("Maya", "Leo")


def game_night_evening(services: Services, navigator: Navigator) -> EveningScreen:
    """The evening screen over `_game_night`'s evening."""
    from ui.places import Place
    from ui.scenes.screens import _game_night
    from ui.screens.evening import EveningScreen

    _game_night(services)
    screen = navigator.go(Place.EVENING, services)
    assert isinstance(screen, EveningScreen) and screen.evening is not None
    return screen


@scene("evening-delete", "asked once before a game entered by mistake is deleted from the evening")
def evening_delete(services: Services, navigator: Navigator) -> None:
    screen = game_night_evening(services, navigator)
    assert screen.evening is not None
    screen.ask_delete(screen.evening.games[1])


@scene("evening-deleted", "the evening without the deleted game, and Undo in the message bar")
def evening_deleted(services: Services, navigator: Navigator) -> None:
    screen = game_night_evening(services, navigator)
    assert screen.evening is not None
    screen.delete(screen.evening.games[1])


@scene("game-names", "the names at the table during a game: a stand-in seat just renamed, Undo offered")
def game_names(services: Services, navigator: Navigator) -> None:
    from companion.players import Player
    from ui.scenes import FAMILY, open_game

    seats = [FAMILY[0], FAMILY[1], Player("Player 3", FAMILY[2].colour, FAMILY[2].button), FAMILY[3]]
    session = services.store.new_session("mix_the_mutts", seats, {})
    popup = open_game(services, navigator, session).open_names()
    popup.rename(2, "Leo")


@scene("records-head-to-head", "a player's head to head, rival and nemesis, win rate and time at the table, with "
                               "one opponent opened game by game")
def records_head_to_head(services: Services, navigator: Navigator) -> None:
    import time

    from ui.places import Place
    from ui.scenes.screens import _game_night
    from ui.screens.records import HeadToHeadScreen

    _game_night(services, time.time() - 7 * 86400)   # last week's evening too: her reaction over two evenings
    _game_night(services)
    screen = navigator.go(Place.RECORDS, services, "Maya")
    assert isinstance(screen, HeadToHeadScreen)
    _once_read(lambda: screen.record, lambda record: screen.open_pair(record.opponents[0].opponent))


@scene("records-year", "the year in review: games, evenings, time at the table, the year's records, month by month")
def records_year(services: Services, navigator: Navigator) -> None:
    import time

    from ui.places import Place
    from ui.scenes.screens import _game_night
    from ui.screens.records import YearScreen

    _game_night(services)
    screen = navigator.go(Place.YEAR, services, time.localtime().tm_year)
    assert isinstance(screen, YearScreen)
    _once_read(lambda: screen.review, lambda review: screen.open_month(review.months[-1]))


def _once_read(found: Callable[[], T | None], then: Callable[[T], object]) -> None:
    """`then(found())` once the screen has read the records off its thread (a few frames for a few games)."""
    from kivy.clock import Clock

    def check(_dt: float) -> None:
        value = found()
        if value is None:
            Clock.schedule_once(check, 0.02)
        else:
            then(value)

    check(0)
