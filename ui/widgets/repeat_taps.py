"""A double tap on a button whose job ends what it is on (a race result's Accept, Race again, Home's
Resume, a popup's Close) is one tap too many: the second tap lands on the same button while its popup
fades, or on whatever the next screen or popup put under the finger, and does that too (a refusal in
red, a second game started, a move recorded).

The second touch of a double tap is the next touch, begun within [postproc] double_tap_time of the
end of the one before and within a fingertip of it. Kivy marks such a touch itself
(`touch.is_double_tap`), but only within a fiftieth of the window (10 px across 480), which a finger
tapping twice in a hurry easily misses. The window drops such a touch, down, moves and up, when the
touch just before it did one of those buttons' jobs, so the repeat is quietly ignored wherever it
lands. Quick taps on anything else (Undo twice, +1 +1 on a count) are never touched."""

from __future__ import annotations

from time import time
from typing import Any, cast

from kivy.config import Config
from kivy.metrics import dp
from kivy.properties import BooleanProperty

_DROPPED = "repeat_of_a_finished_tap"
# How far a finger's second tap lands from its first, at most: about 9 mm on the 7" display.
FINGERTIP = dp(48)


class RepeatTapGuard:
    def __init__(self) -> None:
        self._job_touch: Any = None
        self._job_ended = 0.0
        self._window: Any = None

    def job_done(self, touch: Any) -> None:
        """`touch` did a button's job: a double tap's second half right after it is dropped."""
        self._listen()
        self._job_touch, self._job_ended = touch, time()

    def _listen(self) -> None:
        from kivy.core.window import Window

        if self._window is Window:
            return
        self._window = Window
        Window.bind(on_touch_down=self._down, on_touch_move=self._dropped, on_touch_up=self._dropped)

    def _down(self, _window: Any, touch: Any) -> bool:
        # Only the touch right after the job can be its repeat; any later one is a new tap.
        job, self._job_touch = self._job_touch, None
        if job is None or not (touch.is_double_tap or self._soon_after(touch)) or not _near(touch, job):
            return False
        touch.ud[_DROPPED] = True
        return True

    def _soon_after(self, touch: Any) -> bool:
        return bool(touch.time_start - self._job_ended <= _double_tap_s())

    def seconds_to_a_new_tap(self) -> float:
        """How long until a touch after the last job is a tap of its own, not the job's repeat: what a
        finger coming back for its next tap has always waited (a test's touches wait it too)."""
        return max(0.0, self._job_ended + _double_tap_s() - time()) if self._job_touch is not None else 0.0

    @staticmethod
    def _dropped(_window: Any, touch: Any) -> bool:
        return bool(touch.ud.get(_DROPPED))


def _double_tap_s() -> float:
    return Config.getint("postproc", "double_tap_time") / 1000.0


def _near(touch: Any, earlier: Any) -> bool:
    """Within a fingertip of where the earlier touch began, or as near as Kivy's own double tap test
    (within [postproc] double_tap_distance, thousandths of the window)."""
    reach = Config.getint("postproc", "double_tap_distance") / 1000.0
    if ((touch.sx - earlier.osx) ** 2 + (touch.sy - earlier.osy) ** 2) ** 0.5 <= reach:
        return True
    return bool(((touch.x - earlier.ox) ** 2 + (touch.y - earlier.oy) ** 2) ** 0.5 <= FINGERTIP)


GUARD = RepeatTapGuard()


class OnceBehavior:
    """Put before ButtonBehavior in a button's bases. With `once` true the button's job ends what it is
    on (a popup, a screen), so the repeat of the tap that did it is dropped wherever it lands."""

    once = BooleanProperty(False)

    def on_touch_up(self, touch: Any) -> bool:
        # A mixin: the button it is mixed into is the widget, with collide_point and on_touch_up.
        button: Any = self
        job = self.once and touch.grab_current is self and button.collide_point(*touch.pos)
        if job:
            GUARD.job_done(touch)
        done = bool(cast(Any, super()).on_touch_up(touch))
        if job:
            # Timed from the job's end: a touch that came while the job was being done (a slow frame)
            # is handed over only after it, and is still its repeat.
            GUARD.job_done(touch)
        return done
