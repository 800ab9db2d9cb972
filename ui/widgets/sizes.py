"""Targets and type sized for the window: as the theme says on the 7" panel (800x480), grown with a
taller window up to half as big again (1280x720), so a big screen gets bigger targets and numbers
rather than empty space; the type a quarter bigger again with Larger text (ui/theme.py). Properties,
so a widget bound to them in KV follows the window and the setting."""

from __future__ import annotations

from kivy.event import EventDispatcher
from kivy.metrics import dp
from kivy.properties import NumericProperty

from ui import theme

PANEL_HEIGHT = 480


class Sizes(EventDispatcher):
    scale = NumericProperty(1.0)
    row = NumericProperty(theme.TARGET)              # 9 mm on the 7" panel: the smallest target
    touch = NumericProperty(theme.TOUCH)
    primary = NumericProperty(theme.TOUCH_PRIMARY)   # 12 mm: the expected next tap
    gap = NumericProperty(dp(4))
    font_small = NumericProperty(theme.FONT_SMALL)
    font_body = NumericProperty(theme.FONT_BODY)
    font_table = NumericProperty(theme.FONT_TABLE)   # read from the seats: 3.5 mm capitals
    font_title = NumericProperty(theme.FONT_TITLE)
    font_number = NumericProperty(theme.FONT_NUMBER)
    font_key = NumericProperty(theme.FONT_KEY_NUMBER)  # key numbers: 10 mm digits
    # The least a fitted name read from the seats and a fitted key number take, with Larger text too.
    least_table = NumericProperty(theme.LEAST_TABLE)
    least_key = NumericProperty(theme.LEAST_KEY_NUMBER)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._window_height = dp(PANEL_HEIGHT)
        theme.type_size.bind(scale=lambda *_: self.fit(self._window_height))

    def fit(self, window_height: float) -> None:
        self._window_height = window_height
        scale = max(1.0, min(1.5, window_height / dp(PANEL_HEIGHT)))
        self.scale = scale
        self.least_table, self.least_key = theme.LEAST_TABLE * scale, theme.LEAST_KEY_NUMBER * scale
        self.row, self.touch, self.primary = theme.TARGET * scale, theme.TOUCH * scale, theme.TOUCH_PRIMARY * scale
        self.gap = dp(4) * scale
        self.font_small, self.font_body = theme.FONT_SMALL * scale, theme.FONT_BODY * scale
        self.font_table, self.font_title = theme.FONT_TABLE * scale, theme.FONT_TITLE * scale
        self.font_number, self.font_key = theme.FONT_NUMBER * scale, theme.FONT_KEY_NUMBER * scale

    def wide(self, width: float) -> float:
        """A fixed width (a Back button, a shape) grown with the window."""
        return width * self.scale


sizes = Sizes()


def follow_window() -> None:
    """Size everything for the window now and whenever it changes."""
    from kivy.core.window import Window

    sizes.fit(Window.height)
    Window.bind(height=lambda _window, height: sizes.fit(height))


follow_window()
