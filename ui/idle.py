"""When the table's screen goes to sleep and what wakes it. Kivy-free, so the rules are tested
without a window: ui/screen_sleep.py draws the black screen and feeds this the touches and presses.

- After `sleep_after_s` with no touch and no big-button press the screen sleeps; None never sleeps.
- The first touch or press only wakes it: that touch (down, moves, up) and that press (and its
  release) are swallowed, so nothing under the finger is tapped and no move is recorded.
- While `busy` (a race in progress) it never sleeps, and the idle time starts again after it.

Touches arrive on the UI thread and button edges on the buttons' thread, hence the lock."""

from __future__ import annotations

import threading
import time
from typing import Callable, Hashable


class IdleTimer:
    def __init__(self, sleep_after_s: float | None, now: Callable[[], float] = time.monotonic):
        self._now = now
        self._lock = threading.Lock()
        self._sleep_after_s = sleep_after_s or None
        self._last = now()
        self._asleep = False
        self._waking_touches: set[Hashable] = set()
        self._waking_buttons: set[int] = set()

    @property
    def asleep(self) -> bool:
        with self._lock:
            return self._asleep

    @property
    def sleep_after_s(self) -> float | None:
        return self._sleep_after_s

    def set_sleep_after(self, seconds: float | None) -> None:
        """A new idle time, counted from now (changing it is itself a touch)."""
        with self._lock:
            self._sleep_after_s = seconds or None
            self._last = self._now()

    def check(self, busy: bool = False) -> bool:
        """Called now and then: True exactly when the screen should go to sleep now."""
        with self._lock:
            now = self._now()
            if busy:
                self._last = now
                return False
            if self._asleep or self._sleep_after_s is None or now - self._last < self._sleep_after_s:
                return False
            self._asleep = True
            return True

    def wake(self) -> bool:
        """Wake without a touch (the app stopping, a setting changed). True if it was asleep."""
        with self._lock:
            self._last = self._now()
            was_asleep, self._asleep = self._asleep, False
            return was_asleep

    # ----- touches ----------------------------------------------------------------------------
    def touch_down(self, touch: Hashable) -> bool:
        """True if this touch woke the screen: it must go no further."""
        with self._lock:
            self._last = self._now()
            if not self._asleep:
                return False
            self._asleep = False
            self._waking_touches.add(touch)
            return True

    def touch_move(self, touch: Hashable) -> bool:
        with self._lock:
            self._last = self._now()
            return touch in self._waking_touches

    def touch_up(self, touch: Hashable) -> bool:
        with self._lock:
            self._last = self._now()
            if touch in self._waking_touches:
                self._waking_touches.discard(touch)
                return True
            return False

    # ----- big buttons ------------------------------------------------------------------------
    def button(self, number: int, pressed: bool) -> bool:
        """True if this edge must be swallowed: the press that woke the screen, or its release."""
        with self._lock:
            self._last = self._now()
            if not pressed:
                if number in self._waking_buttons:
                    self._waking_buttons.discard(number)
                    return True
                return False
            if not self._asleep:
                return False
            self._asleep = False
            self._waking_buttons.add(number)
            return True
