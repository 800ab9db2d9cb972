"""A double tap on a button whose job ends what it is on (a race result's Accept, Race again, Home's
Resume, a popup's Close) is one tap too many: the second tap lands on the same button while its popup
fades, or on whatever the next screen or popup put under the finger, and does that too (a refusal in
red, a second game started, a move recorded).

Kivy itself marks the second touch of a double tap (`touch.is_double_tap`: near a touch that ended
within [postproc] double_tap_time). The window drops such a touch, down, moves and up, when the touch
just before it did one of those buttons' jobs, so the repeat is quietly ignored wherever it lands.
Quick taps on anything else (Undo twice, +1 +1 on a count) are never touched."""

from __future__ import annotations

from typing import Any, cast

from kivy.config import Config
from kivy.properties import BooleanProperty

_DROPPED = "repeat_of_a_finished_tap"


class RepeatTapGuard:
    def __init__(self) -> None:
        self._job_touch: Any = None
        self._window: Any = None

    def job_done(self, touch: Any) -> None:
        """`touch` did a button's job: a double tap's second half right after it is dropped."""
        self._listen()
        self._job_touch = touch

    def _listen(self) -> None:
        from kivy.core.window import Window

        if self._window is Window:
            return
        self._window = Window
        Window.bind(on_touch_down=self._down, on_touch_move=self._dropped, on_touch_up=self._dropped)

    def _down(self, _window: Any, touch: Any) -> bool:
        # Only the touch right after the job can be its repeat; any later one is a new tap.
        job, self._job_touch = self._job_touch, None
        if job is None or not touch.is_double_tap or not _near(touch, job):
            return False
        touch.ud[_DROPPED] = True
        return True

    @staticmethod
    def _dropped(_window: Any, touch: Any) -> bool:
        return bool(touch.ud.get(_DROPPED))


def _near(touch: Any, earlier: Any) -> bool:
    """As near as Kivy's own double tap test: within [postproc] double_tap_distance (thousandths of the window)."""
    reach = Config.getint("postproc", "double_tap_distance") / 1000.0
    return bool(((touch.sx - earlier.osx) ** 2 + (touch.sy - earlier.osy) ** 2) ** 0.5 <= reach)


GUARD = RepeatTapGuard()


class OnceBehavior:
    """Put before ButtonBehavior in a button's bases. With `once` true the button's job ends what it is
    on (a popup, a screen), so the repeat of the tap that did it is dropped wherever it lands."""

    once = BooleanProperty(False)

    def on_touch_up(self, touch: Any) -> bool:
        # A mixin: the button it is mixed into is the widget, with collide_point and on_touch_up.
        button: Any = self
        if self.once and touch.grab_current is self and button.collide_point(*touch.pos):
            GUARD.job_done(touch)
        return bool(cast(Any, super()).on_touch_up(touch))
