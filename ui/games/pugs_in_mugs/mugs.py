"""A player's Mugs on the Pugs in Mugs table: five Mug places, each a full Mug in its colour and
pattern with a tick on it, or an empty outline still carrying a faint pattern, with the colour word
under it where it fits."""

from __future__ import annotations

import math
from typing import Any, Sequence

from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.pugs_in_mugs.state import PATTERNS
from ui import theme
from ui.games.pugs_in_mugs.patterns import RGB, draw_pattern, pattern_ink
from ui.widgets.baked import baked
from ui.widgets.text import text_width

BODY_SHARE = 0.78    # of a mug's whole width, the rest is the handle
BODY_ASPECT = 1.1    # body height over body width
TICK_SHARE = 0.36    # an owned Mug's tick: the radius of its disc over the body's width
TICK_MOST = dp(18)   # and no bigger: on a big Mug a bigger one would only hide its pattern


class MugSlot(Widget):
    """One of a player's five Mug places: a full Mug in its colour and pattern with a tick on a white
    disc, or an empty outline still carrying a faint pattern, so the missing colour is known without
    colour vision. The tick tells owned from missing by a shape, not by brightness: it sits on the
    body's top right, over the rim where the place has room above the Mug, else within it."""

    colour = StringProperty("red")
    held = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        with self.canvas:
            Color(1, 1, 1, 1)
            self.picture = Rectangle()
        self.bind(pos=self._place, size=self._draw, colour=self._draw, held=self._draw)
        theme.palette.bind(version=self._draw)
        self._draw()

    def _mug(self) -> tuple[float, float, float]:
        """A mug keeps its shape however big its place is: the body a little taller than wide, the handle
        a fifth of the whole width, joined to the body's side. (whole width, body width, body height)"""
        w = min(self.width, self.height / (BODY_SHARE * BODY_ASPECT))
        body_w = w * BODY_SHARE
        return w, body_w, min(self.height, body_w * BODY_ASPECT)

    def _tick(self) -> tuple[float, float, float] | None:
        """An owned Mug's tick in the picture, from its bottom left: (centre x, centre y, radius)."""
        if not self.held:
            return None
        w, body_w, body_h = self._mug()
        radius = min(body_w * TICK_SHARE, TICK_MOST)
        above = min(radius, max(0.0, self.height - body_h))
        return min(body_w, w - radius), body_h + above - radius, radius

    @property
    def tick(self) -> tuple[float, float, float] | None:
        """Where the tick is on screen (window coordinates of its centre, and its radius), None on a
        missing Mug."""
        tick = self._tick()
        if tick is None or not self.picture.size[0]:
            return None
        x, y = self.to_window(*self.picture.pos)
        return x + tick[0], y + tick[1], tick[2]

    def _draw(self, *_: Any) -> None:
        w, body_w, body_h = self._mug()
        if body_w <= 4 or body_h <= 4:
            self.picture.size = (0, 0)
            return
        tick = self._tick()
        high = max(body_h, tick[1] + tick[2]) if tick else body_h
        key = ("mug", self.colour, self.held, round(body_h), theme.high_contrast)
        self.picture.texture = baked(key, w, high, lambda canvas, *_: self._paint(canvas, w, body_h, tick))
        self.picture.size = self.picture.texture.size
        self._place()

    def _place(self, *_: Any) -> None:
        # Standing on the bottom of its place, just over its colour word.
        self.picture.pos = (self.center_x - self.picture.size[0] / 2, self.y)

    def _paint(self, canvas: Any, w: float, body_h: float, tick: tuple[float, float, float] | None) -> None:
        body_w = w * BODY_SHARE
        handle = w - body_w
        rgb = RGB[self.colour]
        with canvas:
            Color(*(rgb if self.held else theme.SURFACE[:3]), 1)
            RoundedRectangle(segments=theme.CORNER_SEGMENTS, pos=(0, 0), size=(body_w, body_h), radius=[0, 0, dp(6), dp(6)])
        ink = pattern_ink(rgb) if self.held else (*rgb, 0.35)
        draw_pattern(canvas, PATTERNS[self.colour], 3, 3, body_w - 6, body_h - 6, ink)
        with canvas:
            Color(*(rgb if not self.held else (0.05, 0.05, 0.05)), 1 if self.held else 0.8)
            Line(rounded_rectangle=(1, 1, body_w - 2, body_h - 2, dp(2), dp(2), dp(6), dp(6)),
                 width=dp(1.4) if self.held else dp(1.1))
            Color(*(rgb if self.held else theme.TEXT_DIM[:3]), 1)
            # The right half of an ellipse centred on the body's edge: both ends meet the body.
            thick = max(dp(2), handle * 0.16)
            Line(ellipse=(body_w - handle + thick, body_h * 0.22, 2 * (handle - thick) - 1, body_h * 0.56, 0, 180),
                 width=thick)
        if tick is not None:
            draw_tick(canvas, *tick)


def draw_tick(canvas: Any, cx: float, cy: float, radius: float) -> None:
    """A dark tick on a white disc with a dark rim: read on every Mug colour and on the dark table."""
    with canvas:
        Color(0.05, 0.05, 0.05, 1)
        Ellipse(segments=theme.CIRCLE_SEGMENTS, pos=(cx - radius, cy - radius), size=(2 * radius, 2 * radius))
        inner = radius - max(1.0, radius * 0.14)
        Color(1, 1, 1, 1)
        Ellipse(segments=theme.CIRCLE_SEGMENTS, pos=(cx - inner, cy - inner), size=(2 * inner, 2 * inner))
        Color(0.05, 0.05, 0.05, 1)
        Line(points=[cx - inner * 0.55, cy + inner * 0.02, cx - inner * 0.15, cy - inner * 0.42,
                     cx + inner * 0.55, cy + inner * 0.42], width=max(1.2, inner * 0.16), joint="round", cap="round")


class MugShelf(GridLayout):
    """A player's five Mug places, each with its colour word under it where the word fits at the size
    read from the seats. Where it does not (five players on the 7" panel), the Mug's pattern names its
    colour on its own: every picker pairs the two ("red stripes"), so the pairing is learnt in play.
    Whether a Mug is owned is told by its tick at every size, words or not. Where a row of five would
    draw them smaller than two rows do, three over two (long names with Larger text on the 7" panel
    leave the shelf narrow), they go on two rows."""

    # Under a word, a Mug still this tall; a smaller one would be harder to tell than the word helps.
    MUG_UNDER_WORD = dp(40)
    GAP = dp(2)

    held = ListProperty([])

    def __init__(self, colours: Sequence[str], **kwargs: Any) -> None:
        super().__init__(cols=len(colours), spacing=self.GAP, **kwargs)
        self.slots: dict[str, MugSlot] = {}
        self.words: dict[str, Label] = {}
        for colour in colours:
            column = BoxLayout(orientation="vertical", spacing=dp(1))
            slot = MugSlot(colour=colour)
            word = Label(text=colour, font_size=theme.FONT_TABLE, size_hint_y=None, height=theme.FONT_TABLE * 1.25)
            column.add_widget(slot)
            column.add_widget(word)
            self.slots[colour] = slot
            self.words[colour] = word
            self.add_widget(column)
        self.bind(size=self._arrange, held=self._show_held)
        theme.palette.bind(version=self._show_held)
        self._show_held()

    def _show_held(self, *_: Any) -> None:
        for colour, slot in self.slots.items():
            held = colour in self.held
            slot.held = held
            self.words[colour].bold = held
            self.words[colour].color = theme.palette.text if held else theme.palette.text_dim

    def _word_font(self, height: float) -> float:
        # Big Mugs (few players, a big screen) get their words in a size to match.
        return max(theme.FONT_TABLE, min(height * 0.11, theme.FONT_TABLE * 1.3))

    def _shape(self, width: float, height: float) -> tuple[int, float, float, float]:
        """(places a row, the words' size and row, each Mug's width) on a shelf of this size: the Mugs
        on one row, or on two where they are drawn bigger so. A place's word is shown where it fits
        beside its Mug and leaves the Mug MUG_UNDER_WORD tall."""
        best = (len(self.slots), 0.0, 0.0, -1.0)
        for rows in (1, 2):
            cols = math.ceil(len(self.slots) / rows)
            column = (width - self.GAP * (cols - 1)) / cols
            tall = (height - self.GAP * (rows - 1)) / rows
            font = self._word_font(tall)
            widest = max(text_width(colour, font, bold=True) for colour in self.slots)
            word = font * 1.25
            if column < widest + dp(2) or tall - word - dp(1) < self.MUG_UNDER_WORD:
                word = 0
            mug = max(0.0, min(column, (tall - word - dp(1)) / (BODY_SHARE * BODY_ASPECT)))
            if mug > best[3]:
                best = (cols, font, word, mug)
        return best

    def mug_width(self, width: float, height: float) -> float:
        """How wide each Mug would be drawn on a shelf of this size."""
        return self._shape(width, height)[3]

    def _arrange(self, *_: Any) -> None:
        self.cols, font, tall, _mug = self._shape(self.width, self.height)
        for word in self.words.values():
            word.font_size, word.height, word.opacity = font, tall, 1 if tall else 0
