"""The small widgets of the Pugs in Mugs table: card-kind buttons with the colour's swatch and
pattern, action pips, a player's whole name with their shape, and counts with their captions."""

from __future__ import annotations

import math
from functools import lru_cache

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
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


@lru_cache(maxsize=256)
def text_width(text: str, font_size: float, bold: bool = False) -> float:
    """How wide a line of text is drawn, so a column can be given the room its words need."""
    label = CoreLabel(text=text, font_size=font_size, bold=bold)
    label.refresh()
    return label.texture.size[0] if label.texture else 0


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


# A bold digit is about 0.6 of its font size wide; a number's box is sized from that.
DIGIT_WIDTH = 0.62


class Figure(BoxLayout):
    """A count with its caption beside it (or under it). A key figure is one the family acts on (hand
    sizes): key-number size on the 7" panel, bigger where there is room. The number's box is as
    tall as its digits need and as wide as its digits, so it is never cut."""

    def __init__(self, caption: str, value, *, key: bool = True, font_size=None, under: bool = False,
                 caption_room: float | None = None, digits: int = 1, **kwargs):
        super().__init__(orientation="vertical" if under else "horizontal", spacing=dp(2 if under else 4), **kwargs)
        self.digits = digits
        self.base = font_size or (theme.FONT_KEY_NUMBER if key else theme.FONT_NUMBER)
        # The caption keeps its whole width beside the number, so it never wraps or is cut.
        self.caption_room = caption_room if caption_room is not None else text_width(caption, theme.FONT_TABLE) + dp(4)
        self.number = Label(text=str(value), font_size=self.base, bold=True, color=theme.TEXT,
                            halign="center" if under else "right", valign="middle")
        self.number.key_number = key
        self.caption = Label(text=caption, font_size=theme.FONT_TABLE, color=theme.TEXT_DIM,
                             halign="center" if under else "left", valign="middle")
        self.caption.bind(size=lambda label, size: setattr(label, "text_size", (size[0], None)))
        if under:
            # The digits sit on their caption; spare height goes above them.
            self.caption.size_hint_y, self.caption.height = None, theme.FONT_TABLE * 1.2
            self.number.size_hint_y = None
            self.add_widget(Widget())
        else:
            self.number.size_hint_x = None
        self.add_widget(self.number)
        self.add_widget(self.caption)
        self.bind(size=self._scale)
        self.number.bind(size=self._scale)
        self._scale()

    @staticmethod
    def width_beside(caption: str, digits: int, font_size: float) -> float:
        """How wide a count with its caption beside it is at its base size: number, gap, caption."""
        return DIGIT_WIDTH * font_size * digits + dp(6) + dp(4) + text_width(caption, theme.FONT_TABLE) + dp(4)

    def _scale(self, *_):
        label = self.number
        # At least `digits` wide, so the captions of counts stacked one above the other line up.
        digits = max(self.digits, len(label.text))
        under = self.orientation == "vertical"
        # Spare room (1280x720, few players) goes into the number so it reads from further away.
        tall = self.height - self.caption.height - 2 * self.spacing if under else label.height
        across = label.width if under else self.width - self.caption_room
        room = min(tall * 0.8, self.base * 1.8, (across - dp(6)) / (DIGIT_WIDTH * digits))
        label.font_size = max(self.base, room)
        if under:
            label.height = max(0, min(tall, label.font_size * 1.25))
        else:
            label.width = DIGIT_WIDTH * label.font_size * digits + dp(6)
        label.text_size = label.size
