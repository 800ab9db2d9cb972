"""Python's cycle collector kept away from the family's touches. A full collection walks every object
the app holds (a That's Ruff! table alone is some 90,000): 40-260 ms here and up to a second on a Pi 4,
at whichever touch it happens to fall on.

So whatever a screen holds is frozen as soon as it is built and shown (`freeze`, which costs nothing):
the collections Python makes by itself during play then walk only what play has made since. The
garbage that changes of screen leave behind is collected, and everything left frozen again, only once
the table has been left alone for a while: no touch and no race for `IDLE_S`, when nobody waits on it."""

from __future__ import annotations

import gc
from typing import Any, Callable

from kivy.clock import Clock

# A family that has not touched the table for this long is playing with its cards, not the screen.
IDLE_S = 6.0


def freeze() -> None:
    """Everything the app holds now set aside from the collector's walks (a constant-time move)."""
    gc.freeze()


def collect_and_freeze() -> None:
    gc.unfreeze()
    gc.collect()
    gc.freeze()


class IdleCollection:
    """Collects once, `IDLE_S` after the last touch, when a screen has changed since the last time; a
    touch, or a race under way (`busy()`), puts it off again."""

    def __init__(self, window: Any, busy: Callable[[], bool] = lambda: False) -> None:
        self.busy = busy
        self.pending = False
        self._event = Clock.create_trigger(self._idle, IDLE_S)
        window.bind(on_touch_down=self._touched)

    def changed(self) -> None:
        """A screen was left: what it held is garbage to collect when the table is next idle."""
        self.pending = True
        self._event.cancel()
        self._event()

    def _touched(self, *_: Any) -> None:
        if self.pending:
            self._event.cancel()
            self._event()

    def _idle(self, _dt: float) -> None:
        if not self.pending:
            return
        if self.busy():
            self._event()
            return
        self.pending = False
        collect_and_freeze()
