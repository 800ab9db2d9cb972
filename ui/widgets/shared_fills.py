"""The fills of buttons side by side (a pad of numbers, a screen's top bar) drawn by the row or grid
that holds them, one shape per colour, instead of one rounded rectangle per button: a pad of fourteen
numbers is then two or three draw calls under its words, not fourteen. A press, a button greyed or
lit, a button moved or hidden redraws the row's shapes (a few kilobytes of vertices).

A button takes part while its parent is a BoxLayout or a GridLayout, which never overlap their
children; in any other parent (a float layout, a list's recycled rows) it draws its own fill."""

from __future__ import annotations

import math
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, InstructionGroup, Mesh
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.recyclelayout import RecycleLayout
from kivy.uix.widget import Widget

from ui import theme


def shares_fills(parent: Widget | None) -> bool:
    return isinstance(parent, (BoxLayout, GridLayout)) and not isinstance(parent, RecycleLayout)


class SharedFills:
    """The shapes a row draws under its buttons: one mesh per colour, made again on the next frame
    after any of them changed."""

    def __init__(self, row: Widget) -> None:
        self.row = row
        self.drawing = InstructionGroup()
        row.canvas.before.add(self.drawing)
        self.changed = Clock.create_trigger(self._draw, -1)

    def _draw(self, *_: Any) -> None:
        shapes: dict[tuple[float, ...], tuple[list[float], list[int]]] = {}
        drawn = self.row.canvas
        for button in reversed(self.row.children):
            fill = getattr(button, "shared_fill", None)
            if fill is None or drawn.indexof(button.canvas) < 0:
                continue
            colour = (*fill[:3], fill[3] * button.opacity)
            if colour[3] <= 0 or button.width <= 0 or button.height <= 0:
                continue
            vertices, indices = shapes.setdefault(colour, ([], []))
            _rounded_rectangle(vertices, indices, button.x, button.y, button.width, button.height, theme.RADIUS)
        self.drawing.clear()
        for colour, (vertices, indices) in shapes.items():
            self.drawing.add(Color(*colour))
            self.drawing.add(Mesh(vertices=vertices, indices=indices, mode="triangles"))


def fills_of(row: Widget) -> SharedFills:
    found = row.__dict__.get("_shared_fills")
    if found is None:
        found = row.__dict__["_shared_fills"] = SharedFills(row)
    return found


def fills_changed(row: Widget | None) -> None:
    """Something of a row's buttons changed that the row cannot see (a button hidden, scrolled away)."""
    found = row.__dict__.get("_shared_fills") if row is not None else None
    if found is not None:
        found.changed()


def _rounded_rectangle(vertices: list[float], indices: list[int], x: float, y: float, width: float,
                       height: float, radius: float) -> None:
    """Triangles fanned from the middle to the outline of a rounded rectangle, as RoundedRectangle
    draws it (theme.CORNER_SEGMENTS to a corner), added to `vertices` (x, y, u, v) and `indices`."""
    radius = min(radius, width / 2, height / 2)
    first = len(vertices) // 4
    vertices += [x + width / 2, y + height / 2, 0, 0]
    corners = ((x + radius, y + radius, 180), (x + width - radius, y + radius, 270),
               (x + width - radius, y + height - radius, 0), (x + radius, y + height - radius, 90))
    segments = theme.CORNER_SEGMENTS
    outline = 0
    for cx, cy, start in corners:
        for step in range(segments + 1):
            angle = math.radians(start + 90 * step / segments)
            vertices += [cx + radius * math.cos(angle), cy + radius * math.sin(angle), 0, 0]
            outline += 1
    for point in range(outline):
        indices += [first, first + 1 + point, first + 1 + (point + 1) % outline]
