"""The message bar with, beside it, one button for the step its message offers: Undo after a change
the family made, or "Same person as Ben" after a rename refused for a name already taken. Without an
offer it is the plain message bar."""

from __future__ import annotations

from typing import Callable

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from ui import theme
from ui.widgets.basics import BigButton, MessageBar
from ui.widgets.keyboard import text_width


class OfferBar(BoxLayout):
    def __init__(self, reserve: float = 0, **kwargs):
        kwargs.setdefault("size_hint_y", None)
        super().__init__(orientation="horizontal", spacing=theme.GAP, **kwargs)
        self.bar = MessageBar(reserve=reserve)
        self.add_widget(self.bar)
        self.button = BigButton(text="Undo", size_hint_x=None, width=dp(120))
        self.button.bind(on_release=lambda *_: self._tapped())
        self._on_tap: Callable[[], None] | None = None
        self._offered: tuple[str, bool] | None = None
        self.bar.bind(height=self._fit, width=self._rewrap)
        self._fit()

    @property
    def text(self) -> str:
        return self.bar.text

    @property
    def offered(self) -> str | None:
        """The words on the offered button, None without an offer."""
        return self.button.text if self.button.parent is not None else None

    def show(self, text: str, *, problem: bool = False, seconds: float | None = 8) -> None:
        self._withdraw()
        self.bar.show(text, problem=problem, seconds=seconds)

    def offer(self, text: str, button_text: str, on_tap: Callable[[], None], *, problem: bool = False) -> None:
        """`text`, kept until replaced, with a button that calls `on_tap` once."""
        self.button.text = button_text
        self.button.width = max(dp(120), text_width(button_text, theme.FONT_BODY) + 2 * theme.PAD)
        self._on_tap = on_tap
        if self.button.parent is None:
            self.add_widget(self.button)
        self._offered = (text, problem)
        self.bar.show(text, problem=problem, seconds=None)
        self._fit()

    def offer_undo(self, text: str, on_undo: Callable[[], None]) -> None:
        self.offer(text, "Undo", on_undo)

    def clear(self) -> None:
        self._withdraw()
        self.bar.clear()

    def _tapped(self) -> None:
        on_tap = self._on_tap
        self._withdraw()
        if on_tap is not None:
            on_tap()

    def _withdraw(self) -> None:
        self._on_tap, self._offered = None, None
        if self.button.parent is not None:
            self.remove_widget(self.button)
        self._fit()

    def _rewrap(self, *_) -> None:
        # The button takes its room once laid out: the words are fitted again to what is left.
        if self._offered is not None:
            text, problem = self._offered
            self.bar.show(text, problem=problem, seconds=None)

    def _fit(self, *_) -> None:
        self.height = max(self.bar.height, self.button.height if self.button.parent is not None else 0)
