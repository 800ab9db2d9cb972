"""A player as every screen shows them: their shape in their colour beside their whole name, so a
colour is never the only sign of who is meant; and the short word chips a seat carries (TURN,
DEALER, DOG HOUSE)."""

from __future__ import annotations

from typing import Any, Iterable

from kivy.graphics import Color, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui import theme
from ui.widgets.kv import load_kv
from ui.widgets.sizes import sizes
from ui.widgets.symbols import SymbolShape  # noqa: F401  (named in seat.kv)
from ui.widgets.text import font_to_fit, text_width, wrapped_at_hyphens


class SeatBadge(BoxLayout):
    """`player` (a companion.players.Player) gives the name, shape and colour. A long name wraps at a
    space onto a second line rather than being cut, so give the badge room for two lines where names
    can be long; with `fit_down_to` a name too long for its line (one long word) takes smaller type,
    down to that size, rather than be broken; a word still too long goes on after its hyphen."""

    player = ObjectProperty(None, allownone=True)
    name = StringProperty("")
    symbol = StringProperty("")
    rgba = ListProperty([1, 1, 1, 1])
    font_size = NumericProperty(0)
    bold = BooleanProperty(False)
    symbol_size = NumericProperty(dp(26))
    fit_down_to = NumericProperty(0)
    shown_font = NumericProperty(0)   # the type the name is drawn in: font_size, or less to fit
    shown_name = StringProperty("")   # the name as drawn: broken after a hyphen where a word is too wide

    @staticmethod
    def width_for(names: Iterable[str], font_size: float, symbol_size: float = dp(26), spacing: float = dp(6)) -> float:
        """As wide as the shape and the longest of `names` in bold on one line (bold: how the seat whose
        turn it is reads), so a column of badges lines up and no name wraps."""
        return symbol_size + spacing + max((text_width(name, font_size, bold=True) for name in names), default=0) + dp(4)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("font_size", sizes.font_table)
        super().__init__(**kwargs)
        # Bound before the player's name is shown, which is then fitted too.
        for name in ("name", "font_size", "bold", "fit_down_to"):
            self.fbind(name, self._fit_name)
        self.fbind("player", self._show_player)
        self._show_player()
        self._fit_name()

    def on_kv_post(self, base_widget: Any) -> None:
        # Its label exists once its rule is applied, which for a badge laid out in another's rule is
        # after this widget was made.
        self.ids["label"].fbind("width", self._fit_name)
        self._fit_name()

    def _fit_name(self, *_: Any) -> None:
        label = self.ids.get("label")
        room = label.width if label is not None else 0
        if not self.fit_down_to or room <= 1 or not self.name:
            self.shown_font = self.font_size
        else:
            self.shown_font = font_to_fit(self.name, self.font_size, min(self.font_size, self.fit_down_to), room,
                                          bold=self.bold)
        # Broken only once in a window: a badge not yet laid out has a widget's first width, not its own.
        shown = self.get_root_window() is not None
        self.shown_name = wrapped_at_hyphens(self.name, self.shown_font, room, self.bold) if shown else self.name

    def _show_player(self, *_: Any) -> None:
        player = self.player
        if player is None:
            self.name, self.symbol = "", ""
            return
        self.name = player.name
        self.symbol = player.identity.symbol
        self.rgba = theme.with_alpha(player.identity.rgb)


class Tag(Label):
    """A short word on a coloured chip, sized to its word."""

    fill = ListProperty(theme.SURFACE_HIGH)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("font_size", sizes.font_table)
        super().__init__(**kwargs)
        with self.canvas.before:
            self._colour = Color(*self.fill)
            self._chip = RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[theme.RADIUS])
        self.fbind("pos", self._place)
        self.fbind("size", self._place)
        self.fbind("fill", self._paint)
        self._paint()

    def _paint(self, *_: Any) -> None:
        self._colour.rgba = self.fill
        self.color = theme.readable_text_on(self.fill)

    def _place(self, *_: Any) -> None:
        self._chip.pos, self._chip.size = self.pos, self.size


load_kv(__file__)
