"""The message bar with, beside it, one button for the step its message offers: Undo after a change
the family made, or "Same person as Ben" after a rename refused for a name already taken. Without an
offer it is the plain message bar: the button is made once and shown only with an offer. A `Headline`
lays one over a screen's title."""

from __future__ import annotations

from typing import Any, Callable

from kivy.metrics import dp
from kivy.properties import BooleanProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label

from ui import theme
from ui.widgets.basics import BigButton, MessageBar
from ui.widgets.hiding import hide
from ui.widgets.text import text_width


class OfferBar(BoxLayout):
    offering = BooleanProperty(False)

    def __init__(self, reserve: float = 0, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint_y", None)
        super().__init__(orientation="horizontal", spacing=0, **kwargs)
        self.bar = MessageBar(reserve=reserve)
        self.add_widget(self.bar)
        self.button = BigButton(text="Undo", size_hint_x=None, width=0)
        self.button.bind(on_release=lambda *_: self._tapped())
        self.add_widget(self.button)
        self._on_tap: Callable[[], None] | None = None
        self._offered: tuple[str, bool] | None = None
        self.bar.bind(height=self._fit, width=self._rewrap)
        self.fbind("offering", self._show_button)
        self._show_button()
        self._fit()

    @property
    def text(self) -> str:
        return str(self.bar.text)

    @property
    def offered(self) -> str | None:
        """The words on the offered button, None without an offer."""
        return str(self.button.text) if self.offering else None

    def show(self, text: str, *, problem: bool = False, seconds: float | None = 8) -> None:
        self._withdraw()
        self.bar.show(text, problem=problem, seconds=seconds)

    def offer(self, text: str, button_text: str, on_tap: Callable[[], None], *, problem: bool = False) -> None:
        """`text`, kept until replaced, with a button that calls `on_tap` once."""
        self.button.text = button_text
        self._on_tap = on_tap
        self._offered = (text, problem)
        self.offering = True
        self._show_button()
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
        self.offering = False
        self._fit()

    def _show_button(self, *_: Any) -> None:
        button = self.button
        hide(button, not self.offering)
        button.width = max(dp(120), text_width(button.text, theme.FONT_BODY, True) + 2 * theme.PAD) if self.offering else 0
        self.spacing = theme.GAP if self.offering else 0

    def _rewrap(self, *_: Any) -> None:
        # The button takes its room once laid out: the words are fitted again to what is left.
        if self._offered is not None:
            text, problem = self._offered
            self.bar.show(text, problem=problem, seconds=None)

    def _fit(self, *_: Any) -> None:
        self.height = max(self.bar.height, self.button.height if self.offering else 0)


class Headline(FloatLayout):
    """A title with an OfferBar laid over it: a message takes no room of its own, so nothing below
    shrinks while one shows (targets stay 9 mm), and the title is back when it clears."""

    def __init__(self, title: Label, reserve: float, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = title
        title.pos_hint = {"x": 0, "y": 0}
        self.message = OfferBar(reserve=reserve, pos_hint={"x": 0, "center_y": 0.5})
        self.add_widget(title)
        self.add_widget(self.message)
        self.message.bar.bind(text=lambda _, text: setattr(title, "opacity", 0 if text else 1))
