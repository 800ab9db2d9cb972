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
