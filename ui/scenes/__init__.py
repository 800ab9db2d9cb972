"""Demo scenes for the screenshots and the docs: one module for the app's own screens and one per
game. Game positions come from the worked examples shipped in seeds/examples/, read as package
resources, so an installed app renders them as well as a checkout does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.actions import Action
from companion.players import Player
from companion.rulecards import load_example
from companion.session import Session
from ui.services import Services

if TYPE_CHECKING:
    from ui.navigation import Navigator
    from ui.screens.game import GameScreen

FAMILY = [Player("Grandpa", "orange", 1), Player("Maya", "sky", 2), Player("Leo", "green", 3),
          Player("Mum", "yellow", 4)]


def example_session(services: Services, game_key: str, seats: int, upto: int | None = None,
                    options: dict[str, Any] | None = None) -> Session:
    """A new saved game of `game_key` for the first `seats` of the family, with the first `upto`
    actions of the game's worked example (all of them when None) already played."""
    doc = load_example(game_key)
    session = services.store.new_session(game_key, FAMILY[:seats], doc.get("options") if options is None else options)
    for entry in doc["actions"][:upto]:
        session.perform(Action.from_json(entry))
    return session


def open_game(services: Services, navigator: Navigator, session: Session) -> GameScreen:
    """The game screen for `session`, shown at once (no transition), so a scene can tap on it."""
    from ui.screens.game import open_game_screen

    screen = open_game_screen(services, navigator, session)
    navigator.transition.stop()
    return screen
