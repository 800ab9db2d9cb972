"""Reading a painted Nut layout from JSON: a list of rows, each a string like "RRW.S" (or a list of
one-letter cells). Rows shorter than the longest are padded with empty cells."""

from __future__ import annotations

from typing import Any, Sequence

from .clusters import EMPTY, SQUIRREL, WILD
from .state import Colour


class GridError(ValueError):
    """A grid that cannot be scored; the message says what to fix."""


def legend(colours: Sequence[Colour]) -> str:
    named = [f"{colour['letter']} {colour['name']}" for colour in colours]
    return ", ".join(named + [f"{WILD} wild", f"{SQUIRREL} squirrel", f"{EMPTY} empty"])


def parse_grid(rows: Any, colours: Sequence[Colour], max_rows: int, max_columns: int) -> tuple[str, ...]:
    if not isinstance(rows, list) or not rows:
        raise GridError("the grid is a list of rows, like [\"RRW.\", \".BS.\"]")
    if len(rows) > max_rows:
        raise GridError(f"the grid has {len(rows)} rows; the most is {max_rows}")
    allowed = {colour["letter"] for colour in colours} | {WILD, SQUIRREL, EMPTY}
    lines = [_row_text(row, number) for number, row in enumerate(rows, start=1)]
    for number, line in enumerate(lines, start=1):
        if len(line) > max_columns:
            raise GridError(f"row {number} has {len(line)} cells; the most is {max_columns}")
        for position, cell in enumerate(line, start=1):
            if cell not in allowed:
                raise GridError(f"row {number}, cell {position} is {cell!r}; use {legend(colours)}")
    width = max(len(line) for line in lines)
    grid = tuple(line.ljust(width, EMPTY) for line in lines)
    if all(cell == EMPTY for line in grid for cell in line):
        raise GridError("the grid is empty; paint the nuts, wilds and squirrels of the layout first")
    return grid


def _row_text(row: Any, number: int) -> str:
    if isinstance(row, list) and all(isinstance(cell, str) and len(cell) == 1 for cell in row):
        row = "".join(row)
    if not isinstance(row, str):
        raise GridError(f"row {number} should be a string of cells like \"RRW.\", got {row!r}")
    return row.upper()
