"""Opening a saved game: the one way Home's Resume and Saved games' Resume and Look all do it, so a game
whose log can no longer be read back is said so by each, and changed by none. The game the navigator
kept, unchanged since it was left, is shown again rather than read back and built anew."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.errors import CompanionError
from ui.places import Place
from ui.services import Services

if TYPE_CHECKING:
    from ui.navigation import Navigator


def open_saved_game(services: Services, navigator: Navigator, session_id: int, *, bring_back: bool = False) -> str | None:
    """Show saved game `session_id` on the game screen, first offering it for Resume again if
    `bring_back` (a game set aside); None once shown. A game that cannot be read back is left as it
    was, and the sentence saying so is returned for the screen to show."""
    kept = None if bring_back else navigator.kept_game(services, session_id)
    if kept is not None:
        navigator.show(kept)
        return None
    store = services.store
    try:
        session = store.resume(session_id)
        if bring_back:
            store.bring_back(session_id)
    except CompanionError as problem:
        return f"Game {session_id} can't be brought back ({problem}); it stays in Saved games."
    navigator.go(Place.GAME, services, session)
    return None


def ready_saved_game(services: Services, navigator: Navigator, session_id: int) -> None:
    """The screen of saved game `session_id` read back, built and laid out now, without being shown: the
    game Home offers for Resume, while the family reads Home after a start, so Resume shows it at once.
    A game that cannot be read back is left for Resume to say so."""
    if navigator.kept_game(services, session_id) is not None:
        return
    try:
        session = services.store.resume(session_id)
    except CompanionError:
        return
    navigator.ready(Place.GAME, services, session)
