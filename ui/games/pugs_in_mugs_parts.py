"""Pieces of the Pugs in Mugs table view: Mugs drawn in their colour AND pattern (stripes, spots,
stars, zigzags, checks) so colour-blind players tell them apart, card-kind buttons, action pips, a
player's whole name with their shape, and counts with their captions."""

from __future__ import annotations

import math
from functools import lru_cache

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.pugs_in_mugs import PATTERNS
from ui import theme
from ui.widgets.symbols import SymbolShape, fan, polygon_points

RGB = {"red": (0.86, 0.18, 0.18), "blue": (0.18, 0.42, 0.92), "yellow": (0.98, 0.84, 0.16),
       "green": (0.16, 0.66, 0.30), "purple": (0.58, 0.32, 0.80)}


def kind_text(kind: str) -> str:
    return f"{kind} {PATTERNS[kind]}" if kind in PATTERNS else kind.capitalize()


@lru_cache(maxsize=256)
def text_width(text: str, font_size: float, bold: bool = False) -> float:
    """How wide a line of text is drawn, so a column can be given the room its words need."""
    label = CoreLabel(text=text, font_size=font_size, bold=bold)
    label.refresh()
    return label.texture.size[0] if label.texture else 0


def draw_pattern(canvas, pattern: str, x: float, y: float, w: float, h: float, rgba) -> None:
    """The pattern inside the box (x, y, w, h), every mark kept inside it."""
    with canvas:
        Color(*rgba)
        step = max(dp(7), min(w, h) / 3.2)
        if pattern == "stripes":
            band = step / 2
            yy = y + band / 2
            while yy + band <= y + h:
                Rectangle(pos=(x, yy), size=(w, band * 0.8))
                yy += band * 2
        elif pattern == "spots":
            r = step * 0.22
            for cx, cy in _grid(x, y, w, h, step):
                Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
        elif pattern == "stars":
            for cx, cy in _grid(x, y, w, h, step):
                fan(cx, cy, polygon_points(cx, cy, step * 0.38, 5, inner=0.45))
        elif pattern == "zigzags":
            rows = max(1, int(h // step))
            for row in range(rows):
                base = y + (row + 0.3) * h / rows
                amp = h / rows * 0.4
                teeth = max(2, int(w // (step * 0.6)))
                points = []
                for i in range(teeth + 1):
                    points += [x + w * i / teeth, base + (amp if i % 2 else 0)]
                Line(points=points, width=max(1.2, step * 0.08))
        elif pattern == "checks":
            cell = step / 1.6
            cols, rows = max(2, int(w // cell)), max(2, int(h // cell))
            cw, ch = w / cols, h / rows
            for row in range(rows):
                for col in range(cols):
                    if (row + col) % 2 == 0:
                        Rectangle(pos=(x + col * cw, y + row * ch), size=(cw, ch))


def _grid(x, y, w, h, step):
    cols, rows = max(1, int(w // step)), max(1, int(h // step))
    for row in range(rows):
        for col in range(cols):
            yield x + (col + 0.5) * w / cols, y + (row + 0.5) * h / rows


def pattern_ink(rgb):
    return (0, 0, 0, 0.55) if theme.readable_text_on(rgb) == theme.ACCENT_TEXT else (1, 1, 1, 0.7)


BODY_SHARE = 0.78    # of a mug's whole width, the rest is the handle
BODY_ASPECT = 1.1    # body height over body width


class MugSlot(Widget):
    """One of a player's five Mug places: a full Mug in its colour and pattern, or an empty outline
    still carrying a faint pattern so the missing colour is known without colour vision."""

    colour = StringProperty("red")
    held = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, colour=self._draw, held=self._draw)
        self._draw()

    def _draw(self, *_):
        self.canvas.clear()
        # A mug keeps its shape however big its place is: the body a little taller than wide, the
        # handle a fifth of the whole width, joined to the body's side.
        w = min(self.width, self.height / (BODY_SHARE * BODY_ASPECT))
        body_w = w * BODY_SHARE
        body_h = min(self.height, body_w * BODY_ASPECT)
        handle = w - body_w
        if body_w <= 4 or body_h <= 4:
            return
        # Standing on the bottom of its place, just over its colour word.
        x, y = self.center_x - w / 2, self.y
        rgb = RGB[self.colour]
        with self.canvas:
            if self.held:
                Color(*rgb, 1)
                RoundedRectangle(pos=(x, y), size=(body_w, body_h), radius=[0, 0, dp(6), dp(6)])
            else:
                Color(*theme.SURFACE)
                RoundedRectangle(pos=(x, y), size=(body_w, body_h), radius=[0, 0, dp(6), dp(6)])
        ink = pattern_ink(rgb) if self.held else (*rgb, 0.35)
        draw_pattern(self.canvas, PATTERNS[self.colour], x + 3, y + 3, body_w - 6, body_h - 6, ink)
        with self.canvas:
            Color(*(rgb if not self.held else (0.05, 0.05, 0.05)), 1 if self.held else 0.8)
            Line(rounded_rectangle=(x, y, body_w, body_h, dp(2), dp(2), dp(6), dp(6)),
                 width=dp(1.4) if self.held else dp(1.1))
            Color(*(rgb if self.held else theme.TEXT_DIM[:3]), 1)
            # The right half of an ellipse centred on the body's edge: both ends meet the body.
            thick = max(dp(2), handle * 0.16)
            Line(ellipse=(x + body_w - handle + thick, y + body_h * 0.22, 2 * (handle - thick), body_h * 0.56, 0, 180),
                 width=thick)


class MugShelf(BoxLayout):
    """A player's five Mug places, each with its colour word under it where the word fits at the size
    read from the seats. Where it does not (five players on the 7" panel), the Mug's pattern names its
    colour on its own: every picker pairs the two ("red stripes"), so the pairing is learnt in play."""

    # Under a word, a Mug still this tall; a smaller one would be harder to tell than the word helps.
    MUG_UNDER_WORD = dp(40)

    def __init__(self, colours, held, **kwargs):
        super().__init__(spacing=dp(2), **kwargs)
        self.slots: dict[str, MugSlot] = {}
        self.words: dict[str, Label] = {}
        for colour in colours:
            column = BoxLayout(orientation="vertical", spacing=dp(1))
            slot = MugSlot(colour=colour, held=colour in held)
            word = Label(text=colour, font_size=theme.FONT_TABLE, size_hint_y=None,
                         height=theme.FONT_TABLE * 1.25, bold=colour in held,
                         color=theme.TEXT if colour in held else theme.TEXT_DIM)
            column.add_widget(slot)
            column.add_widget(word)
            self.slots[colour] = slot
            self.words[colour] = word
            self.add_widget(column)
        self.bind(size=self._scale_words)

    def _column(self, width: float) -> float:
        return (width - self.spacing * (len(self.slots) - 1)) / max(1, len(self.slots))

    def _word_font(self, height: float) -> float:
        # Big Mugs (few players, a big screen) get their words in a size to match.
        return max(theme.FONT_TABLE, min(height * 0.11, theme.FONT_TABLE * 1.3))

    def _word_height(self, width: float, height: float) -> float:
        """The words' row on a shelf of this size: 0 where the words do not fit beside their Mugs."""
        font = self._word_font(height)
        widest = max(text_width(colour, font, bold=True) for colour in self.slots)
        tall = font * 1.25
        if self._column(width) < widest + dp(2) or height - tall - dp(1) < self.MUG_UNDER_WORD:
            return 0
        return tall

    def mug_width(self, width: float, height: float) -> float:
        """How wide each Mug would be drawn on a shelf of this size."""
        word = self._word_height(width, height)
        return max(0, min(self._column(width), (height - word - dp(1)) / (BODY_SHARE * BODY_ASPECT)))

    def _scale_words(self, *_):
        tall = self._word_height(self.width, self.height)
        font = self._word_font(self.height)
        for word in self.words.values():
            word.font_size, word.height, word.opacity = font, tall, 1 if tall else 0


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
