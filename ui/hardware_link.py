"""Opening the players' big buttons for the app, and letting keyboard keys press the mock ones.

With no GPIO (or a broken pin map) the app still starts, says so once on the home screen, and races
use on-screen buttons instead."""

from __future__ import annotations

from companion.errors import CompanionError
from ui.services import Services


def open_hardware(services: Services, backend_name: str | None) -> None:
    from hardware.backend import open_backend
    from hardware.controller import RaceController

    try:
        backend = open_backend(backend_name, services.settings)
        services.hardware = RaceController(backend, services.settings)
    except CompanionError as problem:
        # A pin map the hardware refuses must not stop the family playing: fall back to the screen.
        backend = open_backend("none", services.settings)
        services.hardware = RaceController(backend, services.settings)
        services.hardware_warning = f"The big buttons are off: {problem}. Races use on-screen buttons."
        return
    services.hardware_warning = backend.warning


class KeyboardButtons:
    """Keys (config.json `keys`, default 1-6) press and release the mock big buttons through the
    simulated GPIO pins, so a PC exercises exactly the path of a real press."""

    def __init__(self, services: Services):
        self.services = services
        self._down: set[int] = set()

    @property
    def _keys(self) -> dict[int, int]:
        # Read at each key so keys changed on the settings screen work at once.
        return {ord(key.lower()): int(number) for number, key in self.services.settings["keys"].items()
                if len(key) == 1}

    @property
    def active(self) -> bool:
        hardware = self.services.hardware
        return hardware is not None and hardware.backend.name == "mock" and hardware.buttons is not None

    def key_down(self, key: int) -> bool:
        number = self._keys.get(key)
        if number is None or not self.active or number in self._down:
            return False  # held keys auto-repeat; a real button does not
        self._down.add(number)
        self.services.hardware.press(number)
        return True

    def key_up(self, key: int) -> bool:
        number = self._keys.get(key)
        if number is None or number not in self._down:
            return False
        self._down.discard(number)
        if self.active:
            self.services.hardware.release(number)
        return True
