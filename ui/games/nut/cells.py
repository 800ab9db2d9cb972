"""How a Nut cell looks: every nut colour is drawn with its hue, its pattern (dots, stripes, waves,
checks) and its letter, so a colour-blind child reads the grid as well as anyone. Wilds, squirrels
and the eraser get their own marks. Also the paintable layout grid, the paint swatches and a
single cell drawn as a legend."""

from __future__ import annotations

import math

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget

from companion.games.nut import GAME
from companion.games.nut.clusters import EMPTY, SQUIRREL, WILD
from ui import theme
from ui.games.nut.widgets import CHOSEN_FILL

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
PATTERNS = {colour["letter"]: colour["pattern"] for colour in GAME.card["colours"]}
CELL_MIN = dp(36)

_letters: dict[tuple[str, int], object] = {}
_captions: dict[tuple, object] = {}


def letter_texture(letter: str, size: float):
    """Letter textures are cached: a full grid redraw would otherwise render 96 labels."""
    key = (letter, int(size))
    if key not in _letters:
        label = CoreLabel(text=letter, font_size=max(8, int(size)), bold=True, color=(1, 1, 1, 1))
        label.refresh()
        _letters[key] = label.texture
    return _letters[key]


def caption_texture(text: str, bold: bool, colour: tuple):
    key = (text, bold, colour)
    if key not in _captions:
        label = CoreLabel(text=text, font_size=theme.FONT_SMALL, bold=bold, color=colour)
        label.refresh()
        _captions[key] = label.texture
    return _captions[key]


def draw_cell(canvas, value: str, x: float, y: float, s: float, *, letter: bool = True,
              patterns: dict[str, str] | None = None) -> None:
    """Draw one cell of side `s` at (x, y) into `canvas` (inside an open `with canvas:` is not needed)."""
    pattern = (patterns or PATTERNS).get(value)
    inset = max(1.0, s * 0.04)
    x0, y0, side = x + inset, y + inset, s - 2 * inset
    canvas.add(Color(*FILLS.get(value, FILLS[EMPTY]), 1))
    canvas.add(RoundedRectangle(pos=(x0, y0), size=(side, side), radius=[side * 0.12]))
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
    if letter:
        _letter(canvas, value, x0, y0, side)


def _dots(canvas, x, y, s):
    r = s * 0.07
    for i in range(3):
        for j in range(3):
            cx, cy = x + s * (0.2 + 0.3 * i), y + s * (0.2 + 0.3 * j)
            canvas.add(Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r)))


def _stripes(canvas, x, y, s):
    width = max(1.2, s * 0.05)
    step = s / 4
    t = -s + step / 2
    while t < s:
        # Segment of the line u - v = t inside the square [0, s]^2.
        u0, v0 = max(0.0, t), max(0.0, -t)
        u1, v1 = min(s, s + t), min(s, s - t)
        canvas.add(Line(points=[x + u0, y + v0, x + u1, y + v1], width=width))
        t += step


def _waves(canvas, x, y, s):
    width = max(1.2, s * 0.045)
    for row in (0.22, 0.5, 0.78):
        points = []
        for step in range(13):
            u = step / 12
            points += [x + s * (0.04 + 0.92 * u), y + s * row + s * 0.07 * math.sin(u * 4 * math.pi)]
        canvas.add(Line(points=points, width=width))


def _checks(canvas, x, y, s):
    n = 4
    q = s / n
    for i in range(n):
        for j in range(n):
            if (i + j) % 2 == 0:
                canvas.add(Rectangle(pos=(x + i * q, y + j * q), size=(q, q)))


def _star(canvas, x, y, s):
    cx, cy, r = x + s / 2, y + s / 2, s * 0.42
    points = []
    for index in range(17):
        angle = math.pi / 2 + index * math.pi / 8
        radius = r if index % 2 == 0 else r * 0.45
        points += [cx + radius * math.cos(angle), cy + radius * math.sin(angle)]
    canvas.add(Line(points=points, width=max(1.2, s * 0.04)))


def _tail(canvas, x, y, s):
    canvas.add(Line(circle=(x + s * 0.5, y + s * 0.5, s * 0.36, 20, 300), width=max(1.5, s * 0.07)))


def _letter(canvas, value, x, y, s):
    chip = s * 0.5
    canvas.add(Color(0, 0, 0, 0.55))
    canvas.add(Ellipse(pos=(x + (s - chip) / 2, y + (s - chip) / 2), size=(chip, chip)))
    texture = letter_texture(value, chip * 0.75)
    w, h = texture.size
    canvas.add(Color(1, 1, 1, 1))
    canvas.add(Rectangle(texture=texture, pos=(x + (s - w) / 2, y + (s - h) / 2), size=(w, h)))


def cluster_edges(cells, x0: float, top: float, s: float) -> list[list[float]]:
    """Line segments around a group of (row, column) cells: the sides no other cell of the group
    shares, i.e. the group's outline. Rows count down from `top`."""
    group = {tuple(cell) for cell in cells}
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


class LayoutGrid(Widget):
    """A grid of cells. Editable: a touch paints with `paint` (a tap on a cell already that paint
    clears it), and dragging keeps painting or erasing, like a paint program. Read-only: the counted
    clusters (`clusters`: colour letter -> cells) are outlined and the rest is dimmed."""

    rows = ListProperty([])          # list of row strings
    paint = StringProperty("R")
    editable = BooleanProperty(True)
    clusters = ObjectProperty(None, allownone=True)
    max_cell = NumericProperty(dp(64))
    cell = NumericProperty(0)

    def __init__(self, on_change=None, **kwargs):
        super().__init__(**kwargs)
        self.on_change = on_change
        self._stroke = None
        # Layout moves a widget several times per frame; draw once, after the last move.
        self._later = Clock.create_trigger(self.redraw, -1)
        self.bind(pos=self._later, size=self._later, rows=self._later, clusters=self._later)

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), max((len(row) for row in self.rows), default=0)

    def fit_cell(self) -> float:
        rows, columns = self.shape
        if not rows or not columns:
            return 0
        return min(self.max_cell, self.width / columns, self.height / rows)

    def origin(self) -> tuple[float, float, float]:
        rows, columns = self.shape
        s = self.fit_cell()
        x0 = self.x + (self.width - columns * s) / 2
        top = self.top - (self.height - rows * s) / 2
        return x0, top, s

    def redraw(self, *_):
        self.canvas.clear()
        x0, top, s = self.origin()
        self.cell = s
        if s <= 0:
            return
        in_cluster = set()
        for cells in (self.clusters or {}).values():
            in_cluster.update(tuple(cell) for cell in cells)
        for r, line in enumerate(self.rows):
            for c, value in enumerate(line):
                draw_cell(self.canvas, value, x0 + c * s, top - (r + 1) * s, s)
                if self.clusters is not None and value != EMPTY and (r, c) not in in_cluster:
                    self.canvas.add(Color(*theme.BACKGROUND[:3], 0.62))
                    self.canvas.add(Rectangle(pos=(x0 + c * s, top - (r + 1) * s), size=(s, s)))
        if self.clusters:
            for cells in self.clusters.values():
                edges = cluster_edges(cells, x0, top, s)
                # A dark halo under a bright line keeps the outline visible on every fill.
                for colour, width in (((0, 0, 0, 0.9), max(2.5, s * 0.12)), ((1, 1, 1, 1), max(1.5, s * 0.06))):
                    self.canvas.add(Color(*colour))
                    for segment in edges:
                        self.canvas.add(Line(points=segment, width=width, cap="square"))

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        x0, top, s = self.origin()
        if s <= 0:
            return None
        column, row = int((x - x0) // s), int((top - y) // s)
        rows, columns = self.shape
        if 0 <= row < rows and 0 <= column < columns and x >= x0 and y <= top:
            return row, column
        return None

    def on_touch_down(self, touch):
        if not self.editable or not self.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        where = self.cell_at(*touch.pos)
        if where is None:
            return False
        current = self.rows[where[0]][where[1]]
        target = EMPTY if self.paint == ERASE or current == self.paint else self.paint
        self._stroke = (touch.uid, target)
        touch.grab(self)
        self.set_cell(where, target)
        return True

    def on_touch_move(self, touch):
        if touch.grab_current is self and self._stroke and self._stroke[0] == touch.uid:
            where = self.cell_at(*touch.pos)
            if where is not None:
                self.set_cell(where, self._stroke[1])
            return True
        return super().on_touch_move(touch)

    def on_touch_up(self, touch):
        if touch.grab_current is self:
            touch.ungrab(self)
            self._stroke = None
            return True
        return super().on_touch_up(touch)

    def set_cell(self, where: tuple[int, int], value: str) -> None:
        row, column = where
        line = self.rows[row]
        if line[column] == value:
            return
        rows = list(self.rows)
        rows[row] = line[:column] + value + line[column + 1:]
        self.rows = rows
        if self.on_change:
            self.on_change(where, value)


class Swatch(ButtonBehavior, Widget):
    """A paint to choose: the cell as it will look with its word under it, so a narrow column of
    paints leaves the grid most of the screen. The chosen one is lit."""

    value = StringProperty("R")
    caption = StringProperty("")
    selected = BooleanProperty(False)

    def __init__(self, **kwargs):
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", theme.TOUCH)
        super().__init__(**kwargs)
        self._later = Clock.create_trigger(self.redraw, -1)
        self.bind(pos=self._later, size=self._later, selected=self._later, value=self._later,
                  caption=self._later, state=self._later)
        self._later()

    def redraw(self, *_):
        self.canvas.clear()
        fill = CHOSEN_FILL if self.selected else (theme.SURFACE_HIGH if self.state == "normal" else theme.DISABLED)
        self.canvas.add(Color(*fill))
        self.canvas.add(RoundedRectangle(pos=self.pos, size=self.size, radius=[theme.RADIUS]))
        texture = caption_texture(self.caption, self.selected, tuple(theme.readable_text_on(fill)))
        margin = dp(4)
        s = min(self.height - texture.height - 3 * margin, self.width - 2 * margin)
        if s <= 0:
            return
        x, y = self.center_x - s / 2, self.y + texture.height + 2 * margin
        if self.value == ERASE:
            self.canvas.add(Color(*FILLS[EMPTY]))
            self.canvas.add(RoundedRectangle(pos=(x, y), size=(s, s), radius=[s * 0.12]))
            self.canvas.add(Color(0.95, 0.45, 0.45, 1))
            self.canvas.add(Line(points=[x + s * 0.25, y + s * 0.25, x + s * 0.75, y + s * 0.75], width=dp(2.5)))
            self.canvas.add(Line(points=[x + s * 0.25, y + s * 0.75, x + s * 0.75, y + s * 0.25], width=dp(2.5)))
        else:
            draw_cell(self.canvas, self.value, x, y, s)
        self.canvas.add(Color(1, 1, 1, 1))
        self.canvas.add(Rectangle(texture=texture, pos=(self.center_x - texture.width / 2, self.y + margin),
                                  size=texture.size))


class MiniCell(Widget):
    """One cell drawn at a fixed size, as a legend beside numbers."""

    def __init__(self, value: str, **kwargs):
        kwargs.setdefault("size_hint", (None, None))
        super().__init__(**kwargs)
        self.value = value
        self._later = Clock.create_trigger(self._draw, -1)
        self.bind(pos=self._later, size=self._later)

    def _draw(self, *_):
        self.canvas.clear()
        s = min(self.width, self.height)
        draw_cell(self.canvas, self.value, self.center_x - s / 2, self.center_y - s / 2, s)
