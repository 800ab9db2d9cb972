"""Moving between screens by place, not by name. Most screens are built for their job and dropped when
the family leaves them; a `KeptScreen` (Home, Saved games, the evening, a player's records) is laid out
once and shown again on every visit with what it shows read afresh, so going back to it is quick."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.uix.screenmanager import FadeTransition, Screen, ScreenManager, TransitionBase

from ui import collector
from ui.kept import KeptScreen
from ui.places import Place
from ui.services import Services


class Navigator(ScreenManager):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("transition", FadeTransition(duration=0.12))
        super().__init__(**kwargs)
        self._serial = 0
        self._kept: dict[Place, KeptScreen] = {}
        self._collection = Clock.create_trigger(lambda _dt: collector.collect_and_freeze(), collector.AFTER_A_CHANGE_S)

    def go(self, place: Place, services: Services | None, *details: Any) -> Screen:
        """Show the screen for `place` (with its details, e.g. the game to show): the kept one, brought
        up to date, or one built for it."""
        from ui.routes import ROUTES

        kept = self._kept.get(place)
        if kept is not None and kept.services is services:
            kept.revisit(*details)
            return self.show(kept)
        screen = ROUTES[place](services, self, *details)
        if isinstance(screen, KeptScreen):
            self._kept[place] = screen
        return self.show(screen)

    def forget_kept(self) -> None:
        """The kept screens are made again on their next visit (laid out in another size of type)."""
        self._kept.clear()

    def show(self, screen: Screen) -> Screen:
        """Replace whatever is showing with `screen`. A screen that is not kept is dropped once left,
        so it holds no stale state."""
        if screen is self.current_screen:
            return screen
        if not screen.name:
            self._serial += 1
            screen.name = f"{type(screen).__name__}-{self._serial}"
        # switch_to removes the old screen only once the transition has finished drawing it, and the
        # memory it held is collected a little after that (the first screen shown has no transition).
        self.switch_to(screen)
        if self.transition.is_active:
            self.transition.bind(on_complete=self._collect_later)
        else:
            self._collect_later(None)
        return screen

    def _collect_later(self, transition: TransitionBase | None) -> None:
        if transition is not None:
            transition.unbind(on_complete=self._collect_later)
        self._collection.cancel()
        self._collection()
