"""A painting larger than the room: the grid shows the part of it that fits with every cell a fingertip
wide, and a strip under it, there only then, has an arrow for each way to move and says which rows and
columns are in sight. Painting at the edge opens a new line and brings it into sight on its own; the
arrows are for going back."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui import theme
from ui.games.nut.cells import LayoutGrid
from ui.widgets.basics import BigButton
from ui.widgets.hiding import hide
from ui.widgets.kv import load_kv
from ui.widgets.text import text_width

# Which way each arrow moves the window: (rows, columns).
WAYS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class PanButton(BigButton):
    """An arrow: the grid moves to show what lies that way. Greyed where nothing more lies that way."""

    way = StringProperty("right")

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint_y", 1)   # as tall as the strip
        super().__init__(**kwargs)


def arrowhead(way: str, x: float, y: float, r: float) -> list[float]:
    """A triangle round (x, y) pointing `way`, its tip `r` from the middle."""
    down, right = WAYS[way]
    if right:
        return [x - right * r * 0.8, y + r, x - right * r * 0.8, y - r, x + right * r, y]
    return [x - r, y + down * r * 0.8, x + r, y + down * r * 0.8, x, y - down * r]


def lines_in_sight(noun: str, first: int, shown: int, total: int) -> str:
    return f"{noun} {first + 1}–{first + shown} of {total}"


class PannedGrid(BoxLayout):
    grid = ObjectProperty(None)
    overflowing = BooleanProperty(False)
    says = StringProperty("")

    def __init__(self, grid: LayoutGrid, **kwargs: Any) -> None:
        super().__init__(grid=grid, **kwargs)
        self.add_widget(grid, index=len(self.children))
        self.arrows: dict[str, PanButton] = {way: self.ids[way] for way in WAYS}
        strip = self.ids["strip"]
        self.fbind("overflowing", lambda *_: hide(strip, not self.overflowing))
        hide(strip, True)
        self.fbind("size", self._fit)
        grid.fbind("rows", self._fit)
        grid.fbind("min_cell", self._fit)
        grid.fbind("window", self._show)
        grid.fbind("rows", self._show)
        self.ids["says"].fbind("width", self._show)

    def _fit(self, *_: Any) -> None:
        """The strip shows when the whole layout would not fit the room with cells of the smallest size
        (the room the strip then takes is the grid's loss, never a reason to hide the strip again)."""
        rows, columns = self.grid.shape
        least = self.grid.min_cell
        self.overflowing = rows * least > self.height or columns * least > self.width

    def _show(self, *_: Any) -> None:
        first_row, first_column, rows, columns = self.grid.window
        total_rows, total_columns = self.grid.shape
        hidden = {"up": first_row > 0, "down": first_row + rows < total_rows,
                  "left": first_column > 0, "right": first_column + columns < total_columns}
        for way, arrow in self.arrows.items():
            arrow.disabled = not hidden[way]
        # The short word where the whole one would not fit the strip's room whole (Larger text).
        room = self.ids["says"].width
        across = "Columns" if text_width("Columns", theme.FONT_SMALL) + dp(2) <= room else "Cols"
        parts = []
        if columns < total_columns:
            parts.append(lines_in_sight(across, first_column, columns, total_columns))
        if rows < total_rows:
            parts.append(lines_in_sight("Rows", first_row, rows, total_rows))
        self.says = "\n".join(parts)

    def pan(self, way: str) -> None:
        """Half the window's width or height that way, so what was at one edge stays in sight."""
        _, _, rows, columns = self.grid.window
        down, right = WAYS[way]
        self.grid.pan(down * max(1, rows // 2), right * max(1, columns // 2))


load_kv(__file__)
