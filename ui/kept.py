"""A screen the navigator keeps for its place (Home, Saved games, the evening, a player's records): laid
out once and brought up to date on every visit. Apart from the navigator, so a screen can be one
without importing the navigator, which reaches every screen through the routes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.uix.screenmanager import Screen

if TYPE_CHECKING:
    from ui.services import Services


class KeptScreen(Screen):
    """A screen the navigator keeps for its place. `revisit(*details)` is called, with the details the
    place was asked for, each time the family comes back to it: it shows the saved games as they are
    now, as a screen just built would, without laying anything out again."""

    services: Services

    def revisit(self, *details: Any) -> None:
        raise NotImplementedError


class KeptGame(Screen):
    """A game's screen, which the navigator keeps once the family leaves it (one game at a time): Resume
    of the same game shows it again, laid out and drawn as it was, instead of reading the game back and
    building its table anew. Kept only while nothing saved has changed since it was left."""

    services: Services

    def shows_as_saved(self, session_id: int) -> bool:
        """Whether this screen shows saved game `session_id` exactly as the saved games hold it now."""
        raise NotImplementedError

    def now_as_saved(self) -> None:
        """What is saved now is what this screen shows (it is being left, or was just built unseen)."""
        raise NotImplementedError
