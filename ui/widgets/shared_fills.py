"""The fills of buttons side by side (a pad of numbers, a screen's top bar) drawn by the row or grid
that holds them, one shape per colour, instead of one rounded rectangle per button: a pad of fourteen
numbers is then two or three draw calls under its words, not fourteen. A press, a button greyed or
lit, a button moved or hidden redraws the row's shapes (a few kilobytes of vertices).

A button takes part while its parent is a BoxLayout or a GridLayout, which never overlap their
children; in any other parent (a float layout, a list's recycled rows) it draws its own fill.
Rows inside rows share one drawing: the fills are drawn by the highest row or grid above the button
that has nothing under them of its own (no fill, no line) between it and the button, so a screen's
buttons in plain rows are one shape per colour for the whole column, and a card with a fill of its own
draws its buttons' fills over its own."""

from __future__ import annotations

import math
from typing import Any, Iterator

from kivy.clock import Clock
from kivy.graphics import Color, InstructionGroup, Mesh
from kivy.graphics.instructions import CanvasBase
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
        for button in self._buttons(self.row):
            fill = button.shared_fill
            colour = (*fill[:3], fill[3] * button.opacity)
            if colour[3] <= 0 or button.width <= 0 or button.height <= 0:
                continue
            vertices, indices = shapes.setdefault(colour, ([], []))
            _rounded_rectangle(vertices, indices, button.x, button.y, button.width, button.height, theme.RADIUS)
        # Last under the row's children, over anything of the row's own (a card's fill, added after the
        # card's buttons when they come from its rule).
        before = self.row.canvas.before
        if before.indexof(self.drawing) != len(before.children) - 1:
            before.remove(self.drawing)
            before.add(self.drawing)
        self.drawing.clear()
        for colour, (vertices, indices) in shapes.items():
            self.drawing.add(Color(*colour))
            self.drawing.add(Mesh(vertices=vertices, indices=indices, mode="triangles"))

    def _buttons(self, node: Widget) -> Iterator[Any]:
        """The buttons drawn (not hidden, not scrolled away) whose fills this row draws."""
        drawn = node.canvas
        for child in reversed(node.children):
            if drawn.indexof(child.canvas) < 0:
                continue
            if getattr(child, "shared_fill", None) is not None and child._sharing_with is self.row:
                yield child
            elif shares_fills(child) and _draws_nothing(child):
                yield from self._buttons(child)


def drawn_by(button: Widget) -> Widget | None:
    """The row that draws a button's fill: its parent row, or the highest plain row above that."""
    row = button.parent
    if not shares_fills(row):
        return None
    while shares_fills(row.parent) and _draws_nothing(row):
        row = row.parent
    return row


def _draws_nothing(row: Widget) -> bool:
    """Nothing of its own on its canvas (a fill, a line): only its children's, and fills it draws."""
    canvas = row.canvas
    own = row.__dict__.get("_shared_fills")
    if canvas.has_before and any(part is not (own and own.drawing) for part in canvas.before.children):
        return False
    if canvas.has_after and canvas.after.children:
        return False
    # Its children's canvases, and its own before and after groups (looked at above).
    return all(isinstance(part, CanvasBase) for part in canvas.children)


def fills_of(row: Widget) -> SharedFills:
    found = row.__dict__.get("_shared_fills")
    if found is None:
        found = row.__dict__["_shared_fills"] = SharedFills(row)
    return found


def fills_changed(row: Widget | None) -> None:
    """Something of a row's buttons changed that the row cannot see (a button hidden, scrolled away)."""
    while row is not None:
        found = row.__dict__.get("_shared_fills")
        if found is not None:
            found.changed()
        row = row.parent if shares_fills(row.parent) else None


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
