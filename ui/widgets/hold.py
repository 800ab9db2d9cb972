"""Press and hold to open what a child must not open by a tap (the Maintenance page): a finger kept on the
widget for `seconds` fills it from left to right, and the fill reaching its end calls `on_held`. Lifting
the finger, or moving it away (a scroll), before then does nothing and empties the fill. A part of the
widget that is a button of its own (`keep_out`) takes its taps as before."""

from __future__ import annotations

from typing import Any, Callable

from kivy.clock import Clock
from kivy.graphics import Color, RoundedRectangle
from kivy.uix.widget import Widget

from ui import theme

HOLD_S = 3.0
# A finger that moves further than this is scrolling, not holding.
MOVE_PX = 20.0


class HoldToOpen:
    def __init__(self, widget: Widget, on_held: Callable[[], None], *, seconds: float = HOLD_S,
                 keep_out: Widget | None = None) -> None:
        self.widget, self.on_held, self.seconds, self.keep_out = widget, on_held, seconds, keep_out
        self.held_for = 0.0
        self._touch: Any = None
        self._ticking: Any = None
        with widget.canvas.after:
            self._colour = Color(*theme.ACCENT[:3], 0.35)
            self._fill = RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[theme.RADIUS], size=(0, 0))
        widget.bind(on_touch_down=self._down, on_touch_move=self._move, on_touch_up=self._up)

    @property
    def filled(self) -> float:
        """How far the fill has come, 0 to 1."""
        return min(1.0, self.held_for / self.seconds)

    def _down(self, widget: Widget, touch: Any) -> bool:
        # The touch comes in the coordinates `widget` and what it holds share.
        on_button = self.keep_out is not None and self.keep_out.collide_point(*touch.pos)
        if self._touch is None and widget.collide_point(*touch.pos) and not on_button and not touch.is_mouse_scrolling:
            self._touch = touch
            self._start = touch.pos
            self.held_for = 0.0
            self._ticking = Clock.schedule_interval(self._grow, 1 / 30)
        return False   # the screen goes on as if it were not here

    def _move(self, _widget: Widget, touch: Any) -> bool:
        if touch is self._touch and max(abs(a - b) for a, b in zip(touch.pos, self._start)) > MOVE_PX:
            self._stop()
        return False

    def _up(self, _widget: Widget, touch: Any) -> bool:
        if touch is self._touch:
            self._stop()
        return False

    def _grow(self, elapsed: float) -> None:
        self.held_for += elapsed
        widget = self.widget
        self._fill.pos = widget.pos
        self._fill.size = (widget.width * self.filled, widget.height)
        if self.filled >= 1.0:
            self._stop()
            self.on_held()

    def _stop(self) -> None:
        if self._ticking is not None:
            self._ticking.cancel()
        self._touch = self._ticking = None
        self.held_for = 0.0
        self._fill.size = (0, 0)
