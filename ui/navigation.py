"""Moving between screens by place, not by name. Most screens are built for their job and dropped when
the family leaves them; a `KeptScreen` (Home, Saved games, the evening, a player's records) is laid out
once and shown again on every visit with what it shows read afresh, so going back to it is quick; and
the game last shown (a `KeptGame`) is kept while nothing saved changes, so Home, then Resume, shows
it again as it was."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.properties import NumericProperty
from kivy.uix.screenmanager import Screen, ScreenManager, TransitionBase

from ui import collector
from ui.kept import KeptGame, KeptScreen
from ui.places import Place
from ui.services import Services

FIRST_FRAMES_S = 0.25


class Fade(TransitionBase):
    """The new screen fades in over the one it replaces, both drawn as they are. Kivy's FadeTransition
    draws each into a framebuffer of its own, made anew with a shader compiled for it at every change of
    screen: two screens' worth of drawing and allocations, several frames' work on a Pi."""

    duration = NumericProperty(0.12)

    def add_screen(self, screen: Screen) -> None:
        screen.opacity = 0
        screen.pos = self.manager.pos
        super().add_screen(screen)

    def on_progress(self, progress: float) -> None:
        self.screen_in.opacity = progress

    def on_complete(self) -> None:
        self.screen_in.opacity = 1
        super().on_complete()


class Navigator(ScreenManager):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("transition", Fade())
        super().__init__(**kwargs)
        self._serial = 0
        self._kept: dict[Place, KeptScreen] = {}
        self._game: KeptGame | None = None
        from kivy.core.window import Window

        self.collection = collector.IdleCollection(Window)

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
        """The kept screens and game are made again on their next visit (laid out in another size of type)."""
        self._kept.clear()
        self._game = None

    def kept_game(self, services: Services, session_id: int) -> KeptGame | None:
        """The screen of saved game `session_id`, if it is the game kept and still shows it as saved."""
        game = self._game
        if game is None or game.services is not services or not game.shows_as_saved(session_id):
            return None
        return game

    def ready(self, place: Place, services: Services, *details: Any) -> Screen:
        """The screen for `place` built and laid out at the window's size without being shown (the game
        offered on Home, while the family reads Home): showing it later costs no more than a frame."""
        from ui.routes import ROUTES

        screen = ROUTES[place](services, self, *details)
        screen.size = self.size
        if isinstance(screen, KeptGame):
            self._game = screen
            screen.now_as_saved()
        return screen

    def show(self, screen: Screen) -> Screen:
        """Replace whatever is showing with `screen`. A screen that is not kept is dropped once left,
        so it holds no stale state."""
        if screen is self.current_screen:
            return screen
        if not screen.name:
            self._serial += 1
            screen.name = f"{type(screen).__name__}-{self._serial}"
        # switch_to removes the old screen only once the transition has finished drawing it (the first
        # screen shown has no transition). What the new one holds is frozen then, and what the old one
        # held is collected once the table is idle.
        self.switch_to(screen)
        if isinstance(screen, KeptGame):
            self._game = screen
        if self.transition.is_active:
            self.transition.bind(on_complete=self._shown)
        else:
            self._shown(None)
        return screen

    def _shown(self, transition: TransitionBase | None) -> None:
        if transition is not None:
            transition.unbind(on_complete=self._shown)
        collector.freeze()
        # And once more when its first frames have laid it out and drawn its words.
        Clock.schedule_once(lambda _dt: collector.freeze(), FIRST_FRAMES_S)
        self.collection.changed()
