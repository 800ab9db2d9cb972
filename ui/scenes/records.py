"""Scenes of the records and their corrections: a player's records read back after a real export and
import, two names put together, a game deleted by mistake and the Undo offered for it."""

from __future__ import annotations

import tempfile
from pathlib import Path
from types import SimpleNamespace

from ui.screenshots import scene


@scene("records-after-import", "a player's records and races, read back from an evening exported and imported "
                               "into an empty table")
def records_after_import(services, navigator):
    from companion import exports
    from companion.evenings import evenings
    from companion.store import Store
    from ui.places import Place
    from ui.scenes.screens import _game_night

    with tempfile.TemporaryDirectory(prefix="companion-original-") as folder:
        original_dir = Path(folder)
        original = Store.open(original_dir)
        try:
            _game_night(SimpleNamespace(store=original))
            # Written as the evening's Export writes it with no stick plugged in, then read back as
            # Import from USB stick reads it.
            written = exports.export_evening(original, original_dir, evenings(original)[0], 1, roots=())
        finally:
            original.close()
        exports.import_file(services.store, written.files[0])
    navigator.go(Place.PROFILE, services, "Maya")


@scene("profile-same-person", "a player's records with Same person as...: every other name to choose from")
def profile_same_person(services, navigator):
    from ui.places import Place
    from ui.scenes.screens import _game_night

    _game_night(services)
    navigator.go(Place.PROFILE, services, "Maya").choose_same_person()


@scene("profile-name-taken", "a rename refused for a name already taken, offering to put the two together")
def profile_name_taken(services, navigator):
    from ui.places import Place
    from ui.scenes.screens import _game_night

    _game_night(services)
    navigator.go(Place.PROFILE, services, "Maya").rename("Maya", "Leo")


@scene("evening-delete", "asked once before a game entered by mistake is deleted from the evening")
def evening_delete(services, navigator):
    from ui.places import Place
    from ui.scenes.screens import _game_night

    _game_night(services)
    screen = navigator.go(Place.EVENING, services)
    screen.ask_delete(screen.evening.games[1])


@scene("evening-deleted", "the evening without the deleted game, and Undo in the message bar")
def evening_deleted(services, navigator):
    from ui.places import Place
    from ui.scenes.screens import _game_night

    _game_night(services)
    screen = navigator.go(Place.EVENING, services)
    screen.delete(screen.evening.games[1])


@scene("game-names", "the names at the table during a game: a stand-in seat just renamed, Undo offered")
def game_names(services, navigator):
    from companion.players import Player
    from ui.scenes import FAMILY, open_game

    seats = [FAMILY[0], FAMILY[1], Player("Player 3", FAMILY[2].colour, FAMILY[2].button), FAMILY[3]]
    session = services.store.new_session("mix_the_mutts", seats, {})
    popup = open_game(services, navigator, session).open_names()
    popup.rename(2, "Leo")
