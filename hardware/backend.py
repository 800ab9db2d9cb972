"""Choosing the GPIO pin factory for the players' buttons.

    lgpio    the default on a Pi (and the only one that works on a Pi 5): edges carry the kernel's
             timestamp, taken in the interrupt, so a busy Python thread cannot reorder presses.
    rpigpio  older Pis: RPi.GPIO stamps a press when its callback runs in userspace (less fair).
    mock     a PC: gpiozero's MockFactory; keyboard keys drive the simulated pins.
    none     no GPIO at all: the app still starts, with on-screen buttons only.

`open_backend` never stops the app from starting: if the asked-for backend cannot be opened it falls
back to "none" with a `warning` saying why and what to do (pass strict=True to get the error instead,
as the doctor command does).

Everything the app and its tests read of gpiozero's private insides (the edge time a Button keeps,
the time a mock pin last changed, the clock the mock pins read) is reached through the functions
below, so a gpiozero upgrade that moves them breaks one file, and pyproject.toml pins the gpiozero
versions they were checked against.
"""

from __future__ import annotations

import os
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from companion.errors import BadOption, CompanionError

from .board import is_raspberry_pi

NAMES = ("lgpio", "rpigpio", "mock", "none")

NO_GPIO_WARNING = "No GPIO found: on-screen buttons only."
RPIGPIO_WARNING = ("RPi.GPIO stamps each press when Python gets to it, not when the button closed: "
                   "presses a few milliseconds apart may be judged in the wrong order. Install lgpio "
                   "(pip install 'table-companion[pi]') for kernel timestamps.")


class BackendUnavailable(CompanionError, RuntimeError):
    """The GPIO backend asked for cannot be used on this machine; the message says what to do."""


def ticks_to_ns(ticks: Any) -> int:
    """gpiozero ticks are seconds (lgpio divides the kernel's nanoseconds by 1e9). Exact for the
    Fractions the replay clock uses; floats round to the nearest nanosecond."""
    if isinstance(ticks, float):
        return round(ticks * 1_000_000_000)
    return round(Fraction(ticks) * 1_000_000_000)


def edge_time_ns(button: Any) -> int:
    """When a gpiozero Button last changed, on the pin factory's clock. gpiozero stores the edge's
    ticks on the device before it calls when_pressed/when_released, so inside those callbacks this is
    the edge's own time: on lgpio the kernel's timestamp, not the moment the callback runs."""
    return ticks_to_ns(button._last_changed)


def pin_change_time_ns(pin: Any) -> int:
    """When a mock pin last changed level, on the factory's clock (MockPin keeps it for its own
    edge detection; an LED pin has no callback to read it from)."""
    return ticks_to_ns(pin._last_change)


def close_all(devices: Iterable[Any]) -> None:
    """Close gpiozero devices without waiting on them. Each Button runs a hold thread that looks for
    its stop signal every 0.1 s, or, while the button is held, only once the hold time (1 s) is up,
    and closing joins it: a replay ending with a button down took over a second to close. Every thread
    is told to stop and woken first, so they all end at once."""
    devices = list(devices)
    for device in devices:
        hold_thread = getattr(device, "_hold_thread", None)
        if hold_thread is not None:
            hold_thread.stopping.set()
            # Woken from either wait; with stopping set, neither loop fires a hold on the way out.
            hold_thread.holding.set()
            device._inactive_event.set()
    for device in devices:
        device.close()


@contextmanager
def mock_clock(clock: Callable[[], Any]) -> Iterator[None]:
    """Run gpiozero's mock pins on `clock` (seconds, as time.monotonic gives): the times their edges
    are stamped with and MockFactory.ticks() both read it, so a replay or a test sets the time of
    each press exactly. The mock module binds monotonic at import, hence setting it there (by hand:
    unittest.mock would bring asyncio into a replay's start, a fifth of it)."""
    import gpiozero.pins.mock as pins

    was = pins.monotonic
    pins.monotonic = clock
    try:
        yield
    finally:
        pins.monotonic = was


def mock_factory() -> Any:
    """A fresh gpiozero MockFactory, for open_backend(factory=...) under mock_clock."""
    from gpiozero.pins.mock import MockFactory

    return MockFactory()


@dataclass
class Backend:
    """What the app and `companion doctor` need to know about the buttons' GPIO."""

    name: str                       # lgpio | rpigpio | mock | none
    factory: Any                    # the gpiozero pin factory, None for "none"
    kernel_timestamps: bool         # True when presses are stamped by the kernel at the edge
    warning: str | None = None      # one sentence for the person at the table, or None
    requested: str | None = None    # what was asked for, when it differs from `name` (a fallback)

    @property
    def has_gpio(self) -> bool:
        return self.factory is not None

    @property
    def is_mock(self) -> bool:
        return self.name == "mock"

    def clock_ns(self) -> int:
        """Now, on the clock the edges are stamped with (gpiozero's ticks)."""
        if self.factory is None:
            return time.monotonic_ns()
        return ticks_to_ns(self.factory.ticks())

    def close(self) -> None:
        if self.factory is not None:
            self.factory.close()
            self.factory = None

    def describe(self) -> dict[str, Any]:
        return {"backend": self.name, "requested": self.requested or self.name,
                "kernel_timestamps": self.kernel_timestamps, "warning": self.warning,
                "pin_factory": type(self.factory).__name__ if self.factory is not None else None}


def _lgpio_factory() -> Any:
    # Importing lgpio creates a notification FIFO in the working directory, which on a kiosk is
    # often read-only (or the user's home, cluttered): point it at a private temporary directory.
    if not os.environ.get("LG_WD"):
        work_dir = Path(tempfile.gettempdir()) / f"table-companion-lgpio-{os.getuid()}"
        work_dir.mkdir(mode=0o700, exist_ok=True)
        os.environ["LG_WD"] = str(work_dir)
    try:
        from gpiozero.pins.lgpio import LGPIOFactory
    except ImportError as error:
        raise BackendUnavailable(
            f"the lgpio backend needs the lgpio module ({error}); on a Raspberry Pi re-run "
            "deploy/install.sh, or install the project's pi extra into the app's virtual environment "
            "(`pip install '.[pi]'`; a system python3-lgpio package is not visible inside it), "
            "or start with --backend mock on a PC") from None
    try:
        return LGPIOFactory()
    # lgpio reports a missing /dev/gpiochip or a permission problem with its own exception types.
    except Exception as error:  # noqa: BLE001
        raise BackendUnavailable(
            f"lgpio could not open the GPIO chip ({error}); check that this is a Raspberry Pi and "
            "that your user is in the 'gpio' group") from None


def _rpigpio_factory() -> Any:
    try:
        from gpiozero.pins.rpigpio import RPiGPIOFactory
    except ImportError as error:
        raise BackendUnavailable(
            f"the rpigpio backend needs RPi.GPIO ({error}); install it with "
            "`pip install 'table-companion[rpigpio]'`, or prefer --backend lgpio") from None
    try:
        return RPiGPIOFactory()
    # RPi.GPIO raises RuntimeError on a Pi 5 and on non-Pi machines ("Cannot determine SOC...").
    except Exception as error:  # noqa: BLE001
        raise BackendUnavailable(
            f"RPi.GPIO could not start ({error}); it does not work on a Raspberry Pi 5: use --backend lgpio") from None


def resolve_name(name: str | None, config: Mapping[str, Any] | None = None) -> str:
    """The backend to open: the command line's, else config.json's, with "auto" made concrete."""
    chosen = name or (config or {}).get("backend") or "auto"
    if chosen == "auto":
        return "lgpio" if is_raspberry_pi() else "mock"
    if chosen not in NAMES:
        raise BadOption(f"unknown GPIO backend {chosen!r}; choose one of auto, {', '.join(NAMES)}")
    return chosen


_OPENERS: dict[str, tuple[Callable[[], Any], bool, str | None]] = {
    "lgpio": (_lgpio_factory, True, None),
    "rpigpio": (_rpigpio_factory, False, RPIGPIO_WARNING),
    "mock": (mock_factory, False, None),
}


def open_backend(name: str | None = None, config: Mapping[str, Any] | None = None, *,
                 strict: bool = False, factory: Any = None) -> Backend:
    """Open the GPIO backend `name` (or config.json's `backend`, or auto).

    A backend that cannot be opened gives the "none" backend with a warning saying why, so the app
    still starts; with strict=True it raises BackendUnavailable instead. `factory` injects a pin
    factory (a MockFactory with a controlled clock, in tests and replays).
    """
    chosen = resolve_name(name, config)
    if chosen == "none":
        return Backend("none", None, False, NO_GPIO_WARNING)
    opener, kernel_timestamps, warning = _OPENERS[chosen]
    if factory is not None:
        return Backend(chosen, factory, kernel_timestamps, warning)
    try:
        return Backend(chosen, opener(), kernel_timestamps, warning)
    except BackendUnavailable as error:
        if strict:
            raise
        return Backend("none", None, False, f"{NO_GPIO_WARNING} ({chosen}: {error})", requested=chosen)
