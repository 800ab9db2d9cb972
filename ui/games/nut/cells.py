"""How a Nut cell looks: every nut colour is drawn with its hue, its pattern (dots, stripes, waves,
checks) and its letter, so a colour-blind child reads the grid as well as anyone. Wilds, squirrels
and the eraser get their own marks. Also the paintable layout grid, a scored layout with its counted
clusters outlined, and a single cell drawn as a legend or on a paint swatch.

A cell is made of a dozen small parts; each is painted once per size into a texture (ui/widgets/
baked.py) and drawn as one rectangle. A painted grid is a rectangle per cell, and a tap repaints the
one cell it changed; a scored layout never changes, so it is painted whole into one texture."""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

from kivy.clock import Clock
from kivy.graphics import (
    Color,
    Ellipse,
    InstructionGroup,
    Line,
    PopMatrix,
    PushMatrix,
    Rectangle,
    RoundedRectangle,
    Translate,
)
from kivy.graphics.texture import Texture
from kivy.input.motionevent import MotionEvent
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from companion.games.nut import GAME
from companion.games.nut.clusters import EMPTY, SQUIRREL, WILD
from ui import theme
from ui.widgets.baked import baked
from ui.widgets.text import text_texture

ERASE = "erase"

# Hues picked to stay apart in greyscale and for the common kinds of colour blindness too (the green leans
# to teal so a red-green blind child still sees two colours); the patterns carry the rest.
FILLS = {
    "R": (0.80, 0.20, 0.18),
    "Y": (0.96, 0.80, 0.16),
    "B": (0.18, 0.42, 0.85),
    "G": (0.14, 0.66, 0.46),
    WILD: (0.92, 0.92, 0.94),
    SQUIRREL: (0.55, 0.36, 0.20),
    EMPTY: (0.13, 0.14, 0.17),
}
# Each colour's pattern is the rule card's.
PATTERNS: dict[str, str] = {colour["letter"]: colour["pattern"] for colour in GAME.card["colours"]}
# What was not counted on a scored layout is dimmed, so the counted clusters stand out.
DIMMED = 0.62

Cell = tuple[int, int]


def letter_texture(letter: str, size: float) -> Texture:
    return text_texture(letter, max(8, int(size)), bold=True)


def draw_cell(canvas: Any, value: str, x: float, y: float, s: float) -> None:
    """Draw one cell of side `s` at (x, y) into `canvas`."""
    pattern = PATTERNS.get(value)
    inset = max(1.0, s * 0.04)
    x0, y0, side = x + inset, y + inset, s - 2 * inset
    canvas.add(Color(*FILLS.get(value, FILLS[EMPTY]), 1))
    canvas.add(RoundedRectangle(segments=theme.CORNER_SEGMENTS, pos=(x0, y0), size=(side, side), radius=[side * 0.12]))
    if value == EMPTY:
        canvas.add(Color(1, 1, 1, 0.10))
        canvas.add(Line(rounded_rectangle=(x0, y0, side, side, side * 0.12), width=1))
        return
    light = value == "Y" or value == WILD
    ink = (0.25, 0.18, 0.0, 0.55) if light else (1, 1, 1, 0.45)
    canvas.add(Color(*ink))
    if pattern == "dots":
        _dots(canvas, x0, y0, side)
    elif pattern == "stripes":
        _stripes(canvas, x0, y0, side)
    elif pattern == "waves":
        _waves(canvas, x0, y0, side)
    elif pattern == "checks":
        _checks(canvas, x0, y0, side)
    elif value == WILD:
        _star(canvas, x0, y0, side)
    elif value == SQUIRREL:
        _tail(canvas, x0, y0, side)
    _letter(canvas, value, x0, y0, side)


def draw_erase(canvas: Any, x: float, y: float, s: float) -> None:
    """The eraser: an empty cell crossed out."""
    canvas.add(Color(*FILLS[EMPTY], 1))
    canvas.add(RoundedRectangle(segments=theme.CORNER_SEGMENTS, pos=(x, y), size=(s, s), radius=[s * 0.12]))
    canvas.add(Color(0.95, 0.45, 0.45, 1))
    canvas.add(Line(points=[x + s * 0.25, y + s * 0.25, x + s * 0.75, y + s * 0.75], width=dp(2.5)))
    canvas.add(Line(points=[x + s * 0.25, y + s * 0.75, x + s * 0.75, y + s * 0.25], width=dp(2.5)))


def _dots(canvas: Any, x: float, y: float, s: float) -> None:
    r = s * 0.07
    for i in range(3):
        for j in range(3):
            cx, cy = x + s * (0.2 + 0.3 * i), y + s * (0.2 + 0.3 * j)
            canvas.add(Ellipse(segments=theme.CIRCLE_SEGMENTS, pos=(cx - r, cy - r), size=(2 * r, 2 * r)))


def _stripes(canvas: Any, x: float, y: float, s: float) -> None:
    width = max(1.2, s * 0.05)
    step = s / 4
    t = -s + step / 2
    while t < s:
        # Segment of the line u - v = t inside the square [0, s]^2.
        u0, v0 = max(0.0, t), max(0.0, -t)
        u1, v1 = min(s, s + t), min(s, s - t)
        canvas.add(Line(points=[x + u0, y + v0, x + u1, y + v1], width=width))
        t += step


def _waves(canvas: Any, x: float, y: float, s: float) -> None:
    width = max(1.2, s * 0.045)
    for row in (0.22, 0.5, 0.78):
        points: list[float] = []
        for step in range(13):
            u = step / 12
            points += [x + s * (0.04 + 0.92 * u), y + s * row + s * 0.07 * math.sin(u * 4 * math.pi)]
        canvas.add(Line(points=points, width=width))


def _checks(canvas: Any, x: float, y: float, s: float) -> None:
    n = 4
    q = s / n
    for i in range(n):
        for j in range(n):
            if (i + j) % 2 == 0:
                canvas.add(Rectangle(pos=(x + i * q, y + j * q), size=(q, q)))


def _star(canvas: Any, x: float, y: float, s: float) -> None:
    cx, cy, r = x + s / 2, y + s / 2, s * 0.42
    points: list[float] = []
    for index in range(17):
        angle = math.pi / 2 + index * math.pi / 8
        radius = r if index % 2 == 0 else r * 0.45
        points += [cx + radius * math.cos(angle), cy + radius * math.sin(angle)]
    canvas.add(Line(points=points, width=max(1.2, s * 0.04)))


def _tail(canvas: Any, x: float, y: float, s: float) -> None:
    canvas.add(Line(circle=(x + s * 0.5, y + s * 0.5, s * 0.36, 20, 300), width=max(1.5, s * 0.07)))


def _letter(canvas: Any, value: str, x: float, y: float, s: float) -> None:
    chip = s * 0.5
    canvas.add(Color(0, 0, 0, 0.55))
    canvas.add(Ellipse(segments=theme.CIRCLE_SEGMENTS, pos=(x + (s - chip) / 2, y + (s - chip) / 2), size=(chip, chip)))
    texture = letter_texture(value, chip * 0.75)
    w, h = texture.size
    canvas.add(Color(1, 1, 1, 1))
    canvas.add(Rectangle(texture=texture, pos=(x + (s - w) / 2, y + (s - h) / 2), size=(w, h)))


def cell_texture(value: str, side: float) -> Texture:
    """One cell (or the eraser) at this size, painted once."""
    if value == ERASE:
        return baked(("nut-erase",), side, side, lambda canvas, w, _h: draw_erase(canvas, 0, 0, w))
    return baked(("nut-cell", value), side, side, lambda canvas, w, _h: draw_cell(canvas, value, 0, 0, w))


def cluster_edges(cells: Sequence[Sequence[int]], x0: float, top: float, s: float) -> list[list[float]]:
    """Line segments around a group of (row, column) cells: the sides no other cell of the group
    shares, i.e. the group's outline. Rows count down from `top`."""
    group = {(cell[0], cell[1]) for cell in cells}
    segments = []
    for row, column in group:
        left, right = x0 + column * s, x0 + (column + 1) * s
        upper, lower = top - row * s, top - (row + 1) * s
        if (row - 1, column) not in group:
            segments.append([left, upper, right, upper])
        if (row + 1, column) not in group:
            segments.append([left, lower, right, lower])
        if (row, column - 1) not in group:
            segments.append([left, lower, left, upper])
        if (row, column + 1) not in group:
            segments.append([right, lower, right, upper])
    return segments


def draw_scored(canvas: Any, rows: Sequence[str], clusters: dict[str, list[list[int]]], s: float) -> None:
    """A scored layout from (0, 0): every cell, what was not counted dimmed, and each colour's counted
    cluster outlined, a dark halo under a bright line so the outline shows on every fill."""
    top = len(rows) * s
    counted = {(cell[0], cell[1]) for cells in clusters.values() for cell in cells}
    for r, line in enumerate(rows):
        for c, value in enumerate(line):
            draw_cell(canvas, value, c * s, top - (r + 1) * s, s)
            if value != EMPTY and (r, c) not in counted:
                canvas.add(Color(*theme.BACKGROUND[:3], DIMMED))
                canvas.add(Rectangle(pos=(c * s, top - (r + 1) * s), size=(s, s)))
    for cells in clusters.values():
        edges = cluster_edges(cells, 0, top, s)
        for colour, width in (((0, 0, 0, 0.9), max(2.5, s * 0.12)), ((1, 1, 1, 1), max(1.5, s * 0.06))):
            canvas.add(Color(*colour))
            for segment in edges:
                canvas.add(Line(points=segment, width=width, cap="square"))


class LayoutGrid(Widget):
    """A grid of cells. Editable: a touch paints with `paint` (a tap on a cell already that paint
    clears it), and dragging keeps painting or erasing, like a paint program; a painted cell is
    redrawn alone. Read-only: the counted clusters (`clusters`: colour letter -> cells) are outlined
    and the rest is dimmed, the whole layout painted once into one picture.

    With a `min_cell`, no cell is drawn smaller: a layout that needs smaller cells to fit shows the
    part of it that fits, from `first_row` and `first_column`, and `pan` and `reveal` move that
    window over it. `window` says which part is in sight."""

    rows = ListProperty([])          # list of row strings
    paint = StringProperty("R")
    editable = BooleanProperty(True)
    clusters = ObjectProperty(None, allownone=True)
    max_cell = NumericProperty(dp(64))
    min_cell = NumericProperty(0)
    first_row = NumericProperty(0)
    first_column = NumericProperty(0)
    cell = NumericProperty(0)
    # The side of each cell a tap paints (0 on a read-only grid): the layout check holds it to the
    # smallest target, as it does a button.
    target_cell = NumericProperty(0)
    # [first row, first column, rows, columns] of the part in sight.
    window = ListProperty([0, 0, 0, 0])

    def __init__(self, on_change: Callable[[Cell, str], None] | None = None,
                 on_stroke_end: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_change = on_change
        self.on_stroke_end = on_stroke_end   # a finger lifted after painting
        self._stroke: tuple[int, str] | None = None
        # A window move asked for during a stroke waits for the finger to lift: the cells must not
        # slide under a finger that is painting.
        self._reveal_after_stroke: Cell | None = None
        self._kept_in_sight: Cell | None = None
        # What is drawn now: the rows, the cell size and the window they were drawn at, a rectangle per cell.
        self._drawn: list[str] = []
        self._drawn_cell = 0.0
        self._drawn_window: list[int] = []
        self._rects: dict[Cell, Rectangle] = {}
        with self.canvas:
            PushMatrix()
            self._at = Translate(0, 0)
            self._layer = InstructionGroup()
            PopMatrix()
        # Layout moves a widget several times per frame; draw once, after the last move.
        self._later = Clock.create_trigger(self.redraw, -1)
        for name in ("size", "rows", "clusters", "first_row", "first_column", "min_cell"):
            self.fbind(name, self._later)
        self.fbind("pos", self._place)
        theme.palette.bind(version=self._repaint)

    def _repaint(self, *_: Any) -> None:
        # A scored layout's dimming is the background's colour.
        if not self.editable:
            self._drawn = []
            self._later()

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), max((len(row) for row in self.rows), default=0)

    def in_sight(self) -> tuple[int, int, int, int]:
        """The first row and column in sight and how many of each: every one unless a `min_cell`
        leaves room for fewer, the window kept inside the layout and on the cell last revealed."""
        rows, columns = self.shape
        shown_rows, shown_columns = rows, columns
        if self.min_cell > 0:
            shown_rows = min(rows, max(1, int(self.height // self.min_cell)))
            shown_columns = min(columns, max(1, int(self.width // self.min_cell)))
        first_row, first_column = int(self.first_row), int(self.first_column)
        if self._kept_in_sight is not None:
            row, column = self._kept_in_sight
            first_row = min(max(first_row, row - shown_rows + 1), row)
            first_column = min(max(first_column, column - shown_columns + 1), column)
        first_row = max(0, min(first_row, rows - shown_rows))
        first_column = max(0, min(first_column, columns - shown_columns))
        return first_row, first_column, shown_rows, shown_columns

    def fit_cell(self) -> float:
        _, _, rows, columns = self.in_sight()
        if not rows or not columns:
            return 0
        return float(min(self.max_cell, self.width / columns, self.height / rows))

    def origin(self) -> tuple[float, float, float]:
        """Where the cells in sight are drawn: the left edge, the top edge and the side of a cell."""
        _, _, rows, columns = self.in_sight()
        s = self.fit_cell()
        x0 = self.x + (self.width - columns * s) / 2
        top = self.top - (self.height - rows * s) / 2
        return x0, top, s

    def _place(self, *_: Any) -> None:
        x0, top, s = self.origin()
        self._at.xy = (x0, top - self.in_sight()[2] * s)

    def pan(self, rows: int, columns: int) -> None:
        """Move the window by this many rows and columns (down and right are positive)."""
        first_row, first_column, _, _ = self.in_sight()
        self._kept_in_sight = None
        self.first_row, self.first_column = first_row + rows, first_column + columns
        self.first_row, self.first_column = self.in_sight()[:2]

    def reveal(self, where: Cell) -> None:
        """Keep this cell in sight, moving the window as little as it takes, until the window is
        panned or moved to the top left: the window may shrink after this (the room under the grid
        taken by something that shows only now) and the cell stays in sight."""
        if self._stroke is not None:
            self._reveal_after_stroke = where
            return
        # From the window in sight now, so it moves as little as it takes.
        self.first_row, self.first_column = self.in_sight()[:2]
        self._kept_in_sight = where
        self._later()

    def to_top_left(self) -> None:
        self._kept_in_sight = None
        self.first_row = self.first_column = 0

    def redraw(self, *_: Any) -> None:
        """The cells that changed, or every cell in sight where the grid's shape, its size, its window
        or its clusters did."""
        rows = list(self.rows)
        s = self.fit_cell()
        first_row, first_column, shown_rows, shown_columns = window = self.in_sight()
        self.cell = s
        self.target_cell = s if self.editable else 0
        self.window = list(window)
        self._place()
        same_shape = (s == self._drawn_cell and len(rows) == len(self._drawn) and self.window == self._drawn_window
                      and all(len(a) == len(b) for a, b in zip(rows, self._drawn)))
        if self.editable and same_shape and self._rects:
            for where, rect in self._rects.items():
                value = rows[where[0]][where[1]]
                if value != self._drawn[where[0]][where[1]]:
                    rect.texture = cell_texture(value, s)
            self._drawn = rows
            return
        self._drawn, self._drawn_cell, self._drawn_window = rows, s, list(self.window)
        self._layer.clear()
        self._rects = {}
        if s <= 0:
            return
        top = shown_rows * s
        self._layer.add(Color(1, 1, 1, 1))
        if not self.editable:
            clusters = self.clusters or {}
            key = ("nut-layout", tuple(rows), _frozen(clusters), theme.high_contrast)
            picture = baked(key, self.shape[1] * s, top, lambda canvas, _w, _h: draw_scored(canvas, rows, clusters, s))
            self._layer.add(Rectangle(texture=picture, pos=(0, 0), size=picture.size))
            return
        for r in range(first_row, first_row + shown_rows):
            for c in range(first_column, first_column + shown_columns):
                rect = Rectangle(texture=cell_texture(rows[r][c], s),
                                 pos=((c - first_column) * s, top - (r - first_row + 1) * s), size=(s, s))
                self._rects[(r, c)] = rect
                self._layer.add(rect)

    def cell_at(self, x: float, y: float) -> Cell | None:
        x0, top, s = self.origin()
        if s <= 0:
            return None
        first_row, first_column, rows, columns = self.in_sight()
        column, row = int((x - x0) // s), int((top - y) // s)
        if 0 <= row < rows and 0 <= column < columns and x >= x0 and y <= top:
            return first_row + row, first_column + column
        return None

    def on_touch_down(self, touch: MotionEvent) -> bool:
        if not self.editable or not self.collide_point(*touch.pos):
            return bool(super().on_touch_down(touch))
        where = self.cell_at(*touch.pos)
        if where is None:
            return False
        current = self.rows[where[0]][where[1]]
        target = EMPTY if self.paint == ERASE or current == self.paint else self.paint
        self._stroke = (touch.uid, target)
        touch.grab(self)
        self.set_cell(where, target)
        return True

    def on_touch_move(self, touch: MotionEvent) -> bool:
        if touch.grab_current is self and self._stroke and self._stroke[0] == touch.uid:
            where = self.cell_at(*touch.pos)
            if where is not None:
                self.set_cell(where, self._stroke[1])
            return True
        return bool(super().on_touch_move(touch))

    def on_touch_up(self, touch: MotionEvent) -> bool:
        if touch.grab_current is self:
            touch.ungrab(self)
            self._stroke = None
            if self._reveal_after_stroke is not None:
                where, self._reveal_after_stroke = self._reveal_after_stroke, None
                self.reveal(where)
            if self.on_stroke_end:
                self.on_stroke_end()
            return True
        return bool(super().on_touch_up(touch))

    def set_cell(self, where: Cell, value: str) -> None:
        row, column = where
        line = self.rows[row]
        if line[column] == value:
            return
        rows = list(self.rows)
        rows[row] = line[:column] + value + line[column + 1:]
        self.rows = rows
        if self.on_change:
            self.on_change(where, value)


def _frozen(clusters: dict[str, list[list[int]]] | None) -> tuple[Any, ...]:
    """Clusters as a key for the baked picture of a layout."""
    return tuple(sorted((letter, tuple(map(tuple, cells))) for letter, cells in (clusters or {}).items()))


class NutCell(Widget):
    """One cell (or the eraser) drawn in the middle of its box, as a legend or on a paint swatch."""

    value = StringProperty(EMPTY)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        with self.canvas:
            Color(1, 1, 1, 1)
            self._picture = Rectangle()
        self._later = Clock.create_trigger(self._draw, -1)
        self.fbind("size", self._later)
        self.fbind("value", self._later)
        self.fbind("pos", self._place)
        self._later()

    def _draw(self, *_: Any) -> None:
        side = min(self.width, self.height)
        if side <= 1:
            self._picture.size = (0, 0)
            return
        self._picture.texture = cell_texture(self.value, side)
        self._picture.size = self._picture.texture.size
        self._place()

    def _place(self, *_: Any) -> None:
        w, h = self._picture.size
        self._picture.pos = (self.center_x - w / 2, self.center_y - h / 2)
