"""The small widgets of the Pugs in Mugs table: card-kind buttons with the colour's swatch and
pattern, action pips and a player's whole name with their shape. Counts are ui/widgets' Count."""

from __future__ import annotations

import math

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.pugs_in_mugs.state import PATTERNS
from ui import theme
from ui.games.pugs_in_mugs.patterns import RGB, draw_pattern, pattern_ink
from ui.widgets.symbols import SymbolShape


def kind_text(kind: str) -> str:
    """How a picker names a card kind: a colour with its pattern ("red stripes"), else the card's name."""
    return f"{kind} {PATTERNS[kind]}" if kind in PATTERNS else kind.capitalize()


class KindButton(ButtonBehavior, BoxLayout):
    """A big button naming a card kind (or a player, or any choice), with the colour's swatch. With a
    `disabled_reason` it is drawn disabled yet still takes the tap, so the reason can be shown."""

    disabled_reason = StringProperty("")

    def __init__(self, text: str, kind: str | None = None, *, note: str = "", **kwargs):
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", theme.TOUCH)
        super().__init__(padding=[dp(8), dp(4)], spacing=dp(8), **kwargs)
        with self.canvas.before:
            self._colour = Color(*theme.SURFACE_HIGH)
            self._shape = RoundedRectangle(radius=[theme.RADIUS])
        self.kind = kind
        if kind in RGB:
            self.add_widget(Widget(size_hint_x=None, width=dp(36)))  # room for the swatch drawn in _redraw
        label_text = f"{text}\n[size={int(theme.FONT_SMALL)}]{note}[/size]" if note else text
        self.label = Label(text=label_text, markup=True, font_size=theme.FONT_BODY, bold=True, color=theme.TEXT,
                           halign="left" if kind in RGB else "center", valign="middle")
        self.label.bind(size=lambda lab, size: setattr(lab, "text_size", size))
        self.text = text
        self.add_widget(self.label)
        self.bind(pos=self._redraw, size=self._redraw, state=self._redraw, disabled=self._redraw,
                  disabled_reason=self._redraw)
        self._redraw()

    @property
    def greyed(self) -> bool:
        return self.disabled or bool(self.disabled_reason)

    def _redraw(self, *_):
        greyed = self.greyed
        fill = theme.DISABLED if greyed else theme.SURFACE_HIGH
        if self.state == "down" and not greyed:
            fill = tuple(min(1, c + 0.15) for c in fill[:3]) + (1,)
        self._colour.rgba = fill
        self.label.color = theme.TEXT_DIM if greyed else theme.TEXT
        self._shape.pos, self._shape.size = self.pos, self.size
        # Drawn from the button's own box, so it always sits on its button wherever the list scrolls.
        self.canvas.after.clear()
        if self.kind in RGB:
            side = min(dp(36), self.height - dp(12))
            x, y = self.x + dp(8), self.center_y - side / 2
            with self.canvas.after:
                Color(*RGB[self.kind], 0.45 if greyed else 1)
                Rectangle(pos=(x, y), size=(side, side))
            draw_pattern(self.canvas.after, PATTERNS[self.kind], x + 2, y + 2, side - 4, side - 4,
                         pattern_ink(RGB[self.kind]))
            with self.canvas.after:
                Color(0, 0, 0, 0.8)
                Line(rectangle=(x, y, side, side), width=1.2)


class Pips(Widget):
    """Actions left this turn as big dots: filled for each one left, hollow for each used."""

    def __init__(self, left: int, total: int, **kwargs):
        super().__init__(**kwargs)
        self.left, self.total = left, total
        # Drawn once the layout has settled on a frame: a picker's side column moves its lines more
        # than once while it is built, and a dot drawn on the way would stay where it was.
        self._redraw = Clock.create_trigger(self._draw)
        self.bind(pos=self._redraw, size=self._redraw)

    def _draw(self, *_):
        self.canvas.clear()
        r = min(self.height / 2 * 0.8, dp(14))
        with self.canvas:
            for index in range(self.total):
                cx = self.x + r + dp(2) + index * (2 * r + dp(8))
                cy = self.center_y
                if index < self.left:
                    Color(*theme.ACCENT)
                    Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
                Color(*theme.TEXT)
                Line(circle=(cx, cy, r), width=dp(1.5))
                if index >= self.left:
                    Line(points=[cx - r * math.sqrt(0.5), cy - r * math.sqrt(0.5),
                                 cx + r * math.sqrt(0.5), cy + r * math.sqrt(0.5)], width=dp(1.5))


class SeatName(BoxLayout):
    """A player's shape in their colour beside their whole name. A long name wraps onto a second
    line rather than being cut, so give it room for two lines where names can be long."""

    def __init__(self, player, *, font_size=theme.FONT_BODY, bold: bool = False, symbol: float = dp(26), **kwargs):
        kwargs.setdefault("spacing", dp(6))
        super().__init__(**kwargs)
        self.player = player
        identity = player.identity
        self.symbol = SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb), size_hint=(None, None),
                                  size=(symbol, symbol), pos_hint={"center_y": 0.5})
        self.label = Label(text=player.name, font_size=font_size, bold=bold, color=theme.TEXT, halign="left",
                           valign="middle")
        self.label.bind(width=lambda label, width: setattr(label, "text_size", (width, None)))
        self.add_widget(self.symbol)
        self.add_widget(self.label)
