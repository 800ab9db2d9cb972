"""Opening a saved game: the one way Home's Resume and Saved games' Resume and Look all do it, so a game
whose log can no longer be read back is said so by each, and changed by none."""

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
    store = services.store
    try:
        session = store.resume(session_id)
        if bring_back:
            store.bring_back(session_id)
    except CompanionError as problem:
        return f"Game {session_id} can't be brought back ({problem}); it stays in Saved games."
    navigator.go(Place.GAME, services, session)
    return None
