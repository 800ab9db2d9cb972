"""Long work in progress (a file read from a USB stick, its games checked and saved): what it is doing,
a bar of how far it got, and Cancel, the one thing to tap meanwhile."""

from __future__ import annotations

from typing import Any, Callable

from kivy.graphics import Color, RoundedRectangle
from kivy.metrics import dp
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from ui import theme
from ui.widgets.basics import BigButton, Panel, Text


# Not named ProgressBar: Kivy's own style rules would draw that over this one.
class FillBar(Widget):
    """A bar filled to `fraction` (0 to 1), in the colour of the expected next action."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", dp(20))
        super().__init__(**kwargs)
        self.fraction = 0.0
        with self.canvas:
            Color(*theme.SURFACE_HIGH)
            self._track = RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[dp(6)])
            Color(*theme.ACCENT)
            self._fill = RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[dp(6)])
        self.bind(pos=self._redraw, size=self._redraw)

    def show(self, fraction: float) -> None:
        self.fraction = fraction
        self._redraw()

    def _redraw(self, *_: Any) -> None:
        self._track.pos = self._fill.pos = self.pos
        self._track.size = self.size
        self._fill.size = (self.width * self.fraction, self.height)


class ProgressPopup(ModalView):
    def __init__(self, title: str, on_cancel: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(size_hint=(0.8, None), auto_dismiss=False, **kwargs)
        self.on_cancel = on_cancel
        panel = Panel(orientation="vertical", padding=theme.PAD, spacing=theme.GAP, size_hint_y=None)
        panel.bind(minimum_height=panel.setter("height"))
        panel.add_widget(Text(text=title, font_size=theme.FONT_TITLE, bold=True))
        self.doing = Text(text="Starting", color=theme.TEXT_DIM)
        panel.add_widget(self.doing)
        self.bar = FillBar()
        panel.add_widget(self.bar)
        self.cancel_button = BigButton(text="Cancel", height=theme.TOUCH_PRIMARY)
        self.cancel_button.bind(on_release=lambda *_: self.cancel())
        panel.add_widget(self.cancel_button)
        panel.bind(height=lambda _, height: setattr(self, "height", height + dp(8)))
        self.add_widget(panel)

    def show(self, doing: str, fraction: float | None) -> None:
        """What the work is doing now, and how far through it (None: it cannot tell)."""
        if self.cancel_button.disabled:
            return   # already cancelling: the work's last steps say nothing new
        self.doing.text = doing if fraction is None else f"{doing}: {round(fraction * 100)}%"
        self.bar.show(fraction or 0.0)

    def cancel(self) -> None:
        """The work stops at its next step and saves nothing; this stays until it has."""
        self.cancel_button.disabled = True
        self.doing.text = "Cancelling: nothing will be saved"
        self.on_cancel()
