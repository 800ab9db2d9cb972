"""The small widgets of the Pugs in Mugs table: a choice naming a card kind with its colour's swatch and
pattern, and the action pips."""

from __future__ import annotations

import math
from typing import Any

from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.metrics import dp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.widget import Widget

from companion.games.pugs_in_mugs.state import PATTERNS
from ui import theme
from ui.games.pugs_in_mugs.patterns import RGB, draw_pattern, pattern_ink
from ui.widgets.choice import Choice

SWATCH = dp(36)


def kind_text(kind: str) -> str:
    """How a picker names a card kind: a colour with its pattern ("red stripes"), else the card's name."""
    return f"{kind} {PATTERNS[kind]}" if kind in PATTERNS else kind.capitalize()


def card_words(kind: str) -> str:
    """A card kind as a sentence names one card: "red stripes Pug", "Gimme card"."""
    return f"{kind_text(kind)} {'Pug' if kind in PATTERNS else 'card'}"


class KindChoice(Choice):
    """A choice on a picker (a card kind, a player, a yes or no). A colour carries its swatch in its
    pattern at the left, so it is never told by hue alone."""

    swatch = StringProperty("")   # a colour of the rule card, or "" for none

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name in ("pos", "size", "swatch", "greyed"):
            self.fbind(name, self._draw_swatch)
        self._draw_swatch()

    def _draw_swatch(self, *_: Any) -> None:
        self.canvas.after.clear()
        # A choice's own height is kept (choice.kv): two lines of the smallest type, a word and its
        # note, fill it with Larger text.
        left = SWATCH + dp(16) if self.swatch else dp(8)
        self.padding = [left, dp(1), dp(8), dp(1)]
        self.halign = "left" if self.swatch else "center"
        if self.swatch not in RGB:
            return
        side = min(SWATCH, self.height - dp(12))
        x, y = self.x + dp(8), self.center_y - side / 2
        with self.canvas.after:
            Color(*RGB[self.swatch], 0.45 if self.greyed else 1)
            Rectangle(pos=(x, y), size=(side, side))
        draw_pattern(self.canvas.after, PATTERNS[self.swatch], x + 2, y + 2, side - 4, side - 4,
                     pattern_ink(RGB[self.swatch]))
        with self.canvas.after:
            Color(0, 0, 0, 0.8)
            Line(rectangle=(x, y, side, side), width=1.2)


class Pips(Widget):
    """Actions left this turn as big dots: filled for each one left, hollow and struck for each used."""

    left = NumericProperty(0)
    total = NumericProperty(2)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name in ("pos", "size", "left", "total"):
            self.fbind(name, self._draw)
        theme.palette.bind(version=self._draw)
        self._draw()

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        r = min(self.height / 2 * 0.8, dp(14))
        if r <= 0:
            return
        with self.canvas:
            for index in range(int(self.total)):
                cx = self.x + r + dp(2) + index * (2 * r + dp(8))
                cy = self.center_y
                if index < self.left:
                    Color(*theme.palette.accent)
                    Ellipse(segments=theme.CIRCLE_SEGMENTS, pos=(cx - r, cy - r), size=(2 * r, 2 * r))
                Color(*theme.palette.text)
                Line(circle=(cx, cy, r), width=dp(1.5))
                if index >= self.left:
                    Line(points=[cx - r * math.sqrt(0.5), cy - r * math.sqrt(0.5),
                                 cx + r * math.sqrt(0.5), cy + r * math.sqrt(0.5)], width=dp(1.5))
