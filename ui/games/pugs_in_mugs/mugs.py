"""A player's Mugs on the Pugs in Mugs table: five Mug places, each a full Mug in its colour and
pattern or an empty outline still carrying a faint pattern, with the colour word under it."""

from __future__ import annotations

from kivy.graphics import Color, Line, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.pugs_in_mugs.state import PATTERNS
from ui import theme
from ui.games.pugs_in_mugs.patterns import RGB, draw_pattern, pattern_ink
from ui.widgets.text import text_width

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
