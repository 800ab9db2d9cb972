"""Moving between screens by place, not by name: a screen is built for its job and shown."""

from typing import Any

from kivy.uix.screenmanager import FadeTransition, Screen, ScreenManager

from ui.places import Place


class Navigator(ScreenManager):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("transition", FadeTransition(duration=0.12))
        super().__init__(**kwargs)
        self._serial = 0

    def go(self, place: Place, services: Any, *details: Any) -> Screen:
        """Build the screen for `place` (with its details, e.g. the game to show) and show it."""
        from ui.routes import ROUTES

        return self.show(ROUTES[place](services, self, *details))

    def show(self, screen: Screen) -> Screen:
        """Replace whatever is showing with `screen`; the old screen is dropped so it holds no stale state."""
        self._serial += 1
        screen.name = f"{type(screen).__name__}-{self._serial}"
        # switch_to removes the old screen only once the transition has finished drawing it.
        self.switch_to(screen)
        return screen
