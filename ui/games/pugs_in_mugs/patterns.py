"""Pugs in Mugs colours drawn with their patterns (stripes, spots, stars, zigzags, checks), so
colour-blind players tell them apart: on the Mugs and on the card-kind buttons."""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.metrics import dp

from ui import theme
from ui.widgets.symbols import fan, polygon_points

# How each of the rule card's colours (companion.games.pugs_in_mugs.state.COLOURS) is drawn.
RGB = {"red": (0.86, 0.18, 0.18), "blue": (0.18, 0.42, 0.92), "yellow": (0.98, 0.84, 0.16),
       "green": (0.16, 0.66, 0.30), "purple": (0.58, 0.32, 0.80)}


def draw_pattern(canvas: Any, pattern: str, x: float, y: float, w: float, h: float, rgba: Sequence[float]) -> None:
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
                Ellipse(segments=theme.CIRCLE_SEGMENTS, pos=(cx - r, cy - r), size=(2 * r, 2 * r))
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


def _grid(x: float, y: float, w: float, h: float, step: float) -> Iterator[tuple[float, float]]:
    cols, rows = max(1, int(w // step)), max(1, int(h // step))
    for row in range(rows):
        for col in range(cols):
            yield x + (col + 0.5) * w / cols, y + (row + 0.5) * h / rows


def pattern_ink(rgb: Sequence[float]) -> tuple[float, ...]:
    return (0, 0, 0, 0.55) if theme.readable_text_on(rgb) == theme.ACCENT_TEXT else (1, 1, 1, 0.7)
