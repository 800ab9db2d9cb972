"""The black screen after the table has been left alone (display.sleep_after_min), and the display's
brightness. The rules are ui/idle.py's; this part watches the window's touches and the big buttons,
draws the black cover over everything, and dims the backlight where there is one to dim."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics import Color, Rectangle
from kivy.uix.widget import Widget

from ui.idle import IdleTimer
from ui.services import Services

if TYPE_CHECKING:
    from companion.races.model import Edge  # a type only: the races' modules are no part of the start

CHECK_S = 1.0


class SleepCover(Widget):
    """Black over the whole window. Touches never reach it: the window's handler swallows the waking one."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        with self.canvas:
            Color(0, 0, 0, 1)
            self._rect = Rectangle()
        self.bind(pos=self._redraw, size=self._redraw)

    def _redraw(self, *_: Any) -> None:
        self._rect.pos, self._rect.size = self.pos, self.size


class ScreenSleep:
    def __init__(self, services: Services, window: Any = None, timer: IdleTimer | None = None) -> None:
        self.services = services
        self.window = window or Window
        self.timer = timer or IdleTimer(minutes_to_seconds(services.settings["display"]["sleep_after_min"]))
        self.cover = SleepCover()
        self.window.bind(on_touch_down=self._touch_down, on_touch_move=self._touch_move,
                         on_touch_up=self._touch_up)
        if services.hardware is not None:
            services.hardware.wake_gate = self._button_edge
        self._event = Clock.schedule_interval(self.check, CHECK_S)

    @property
    def asleep(self) -> bool:
        return self.cover.parent is not None

    def set_minutes(self, minutes: float) -> None:
        self.timer.set_sleep_after(minutes_to_seconds(minutes))

    def busy(self) -> bool:
        """A race in progress: armed, deciding, or its result still on screen to be accepted."""
        hardware = self.services.hardware
        if hardware is not None and hardware.racing:
            return True
        from ui.screens.race import RacePopup

        return any(isinstance(child, RacePopup) for child in self.window.children)

    def check(self, *_: Any) -> None:
        if self.timer.check(self.busy()):
            self._show_asleep()

    def wake(self) -> None:
        self.timer.wake()
        self._show_awake()

    def close(self) -> None:
        self._event.cancel()
        self.window.unbind(on_touch_down=self._touch_down, on_touch_move=self._touch_move,
                           on_touch_up=self._touch_up)
        hardware = self.services.hardware
        if hardware is not None and hardware.wake_gate == self._button_edge:
            hardware.wake_gate = None
        # A kiosk stopped while asleep must not leave the console behind a dark backlight.
        self.wake()

    # ----- what is shown --------------------------------------------------------------------------
    def _show_asleep(self) -> None:
        if self.cover.parent is None:
            self.cover.size = self.window.size
            self.window.add_widget(self.cover)
            self.window.bind(size=self._fit_cover)
        backlight = self.services.backlight
        if backlight is not None:
            backlight.off()

    def _show_awake(self, *_: Any) -> None:
        if self.cover.parent is not None:
            self.window.unbind(size=self._fit_cover)
            self.window.remove_widget(self.cover)
            apply_brightness(self.services)

    def _fit_cover(self, _window: Any, size: tuple[int, int]) -> None:
        self.cover.size = size

    # ----- what wakes it --------------------------------------------------------------------------
    def _touch_down(self, _window: Any, touch: Any) -> bool | None:
        if self.timer.touch_down(touch.uid):
            self._show_awake()
            return True
        return None

    def _touch_move(self, _window: Any, touch: Any) -> bool | None:
        return True if self.timer.touch_move(touch.uid) else None

    def _touch_up(self, _window: Any, touch: Any) -> bool | None:
        return True if self.timer.touch_up(touch.uid) else None

    def _button_edge(self, edge: Edge) -> bool:
        """On the buttons' thread: the cover comes off on the next frame."""
        if self.timer.button(edge.player, edge.pressed):
            Clock.schedule_once(self._show_awake, 0)
            return True
        return False


def minutes_to_seconds(minutes: float) -> float | None:
    return minutes * 60 if minutes else None


def apply_brightness(services: Services, percent: float | None = None) -> None:
    backlight = services.backlight
    if backlight is not None:
        backlight.set_percent(services.settings["display"]["brightness"] if percent is None else percent)
