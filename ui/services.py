"""What every screen may need, handed over explicitly instead of reached through a global app."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from companion.clock_setting import ClockSetter, PretendClock
from companion.store import Store


@dataclass
class Services:
    data_dir: Path
    store: Store
    settings: dict[str, Any]
    hardware_warning: str | None = None
    backlight: Any = None              # hardware.backlight.Backlight where the display has one the app may set
    screen_sleep: Any = None           # ui.screen_sleep.ScreenSleep while the app runs
    extras: dict[str, Any] = field(default_factory=dict)
    # Sets the date, time and time zone: the system's on the table (companion.clock_setting.Timedated),
    # the app's own reading of them elsewhere, so a PC's clock is never changed.
    clock_setter: ClockSetter = field(default_factory=PretendClock)
    # How to open the big buttons, while they are still to be opened: see `hardware`.
    buttons_opener: Callable[[Services], None] | None = field(default=None, repr=False)
    _hardware: Any = field(default=None, init=False, repr=False)

    @property
    def hardware(self) -> Any:
        """The hardware.controller.RaceController over the big buttons (with no GPIO, one over the
        "none" backend); None where nothing opens them (a test's own services).

        Opening the buttons (gpiozero and its pin factory) would hold back the home screen, which does
        not need them, so the app opens them just after its first frame. Anything that needs them
        sooner (a key pressed while the window opens, a screen shown at once) opens them here, on that
        first use."""
        self.open_pending_buttons()
        return self._hardware

    @hardware.setter
    def hardware(self, controller: Any) -> None:
        # A controller handed over (by the opener, or a test's own) is the one: nothing opens another.
        self.buttons_opener = None
        self._hardware = controller

    def open_pending_buttons(self) -> None:
        """Open the big buttons now, if they are still to be opened (once; the opener sets `hardware`)."""
        if self.buttons_opener is not None:
            opener, self.buttons_opener = self.buttons_opener, None
            opener(self)

    @property
    def hardware_if_open(self) -> Any:
        """The controller if the buttons were opened, without opening them (to close them at the end)."""
        return self._hardware
