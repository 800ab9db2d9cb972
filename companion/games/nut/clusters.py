"""The Nut cluster scorer: pure functions over a painted layout grid.

A grid is a sequence of equal-length row strings; each cell is a colour letter, a wild, a squirrel
or empty. For one colour, a cluster is a group of cells linked orthogonally through nuts of that
colour, wilds and squirrels, holding at least one nut of that colour. Wilds and squirrels belong to
every colour, so one wild can count in a red and a blue cluster at once, and a squirrel can bridge
two red groups into one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

WILD = "W"
SQUIRREL = "S"
EMPTY = "."
SHARED = (WILD, SQUIRREL)

DOUBLE_ONCE = "once"    # any number of squirrels doubles a cluster once
DOUBLE_EACH = "each"    # every squirrel in the cluster doubles it again
DOUBLINGS = (DOUBLE_ONCE, DOUBLE_EACH)

Cell = tuple[int, int]


@dataclass(frozen=True)
class Cluster:
    colour: str
    nuts: int
    wilds: int
    squirrels: int
    cells: tuple[Cell, ...]  # (row, column) pairs in reading order, squirrels and wilds included

    @property
    def size(self) -> int:
        """Nuts that count: the colour's own nuts plus wilds (squirrels are worth nothing)."""
        return self.nuts + self.wilds

    def points(self, doubling: str = DOUBLE_ONCE) -> int:
        return cluster_points(self.size, self.squirrels, doubling)


def cluster_points(size: int, squirrels: int, doubling: str = DOUBLE_ONCE) -> int:
    if doubling not in DOUBLINGS:
        raise ValueError(f"squirrel doubling is 'once' or 'each', not {doubling!r}")
    if squirrels <= 0:
        return size
    return size * (2 if doubling == DOUBLE_ONCE else 2 ** squirrels)


def clusters_of(grid: Sequence[str], colour: str) -> list[Cluster]:
    """Every cluster of `colour`, in reading order of its first cell."""
    passable = {colour, *SHARED}
    seen: set[Cell] = set()
    found = []
    for row, line in enumerate(grid):
        for column, cell in enumerate(line):
            if cell == colour and (row, column) not in seen:
                group = _flood(grid, (row, column), passable)
                seen.update(group)
                found.append(_cluster(grid, colour, group))
    return found


def best_cluster(grid: Sequence[str], colour: str, doubling: str = DOUBLE_ONCE) -> Cluster | None:
    """The cluster that counts for `colour`: the largest (most nuts, wilds included), even where a
    smaller one doubled by a squirrel would be worth more, as the sheet counts "the largest one only";
    among equal sizes the more valuable, then the first found."""
    best = None
    for cluster in clusters_of(grid, colour):
        if best is None or _rank(cluster, doubling) > _rank(best, doubling):
            best = cluster
    return best


def best_clusters(grid: Sequence[str], colours: Iterable[str],
                  doubling: str = DOUBLE_ONCE) -> dict[str, Cluster | None]:
    return {colour: best_cluster(grid, colour, doubling) for colour in colours}


def layout_score(grid: Sequence[str], colours: Iterable[str], doubling: str = DOUBLE_ONCE) -> int:
    return sum(cluster.points(doubling) for cluster in best_clusters(grid, colours, doubling).values()
               if cluster is not None)


def _rank(cluster: Cluster, doubling: str) -> tuple[int, int]:
    return cluster.size, cluster.points(doubling)


def _flood(grid: Sequence[str], start: Cell, passable: set[str]) -> set[Cell]:
    group = {start}
    frontier = [start]
    while frontier:
        row, column = frontier.pop()
        for neighbour in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
            if neighbour not in group and _cell(grid, neighbour) in passable:
                group.add(neighbour)
                frontier.append(neighbour)
    return group


def _cell(grid: Sequence[str], where: Cell) -> str:
    row, column = where
    if 0 <= row < len(grid) and 0 <= column < len(grid[row]):
        return grid[row][column]
    return EMPTY


def _cluster(grid: Sequence[str], colour: str, group: set[Cell]) -> Cluster:
    kinds = [_cell(grid, cell) for cell in group]
    return Cluster(colour, kinds.count(colour), kinds.count(WILD), kinds.count(SQUIRREL), tuple(sorted(group)))
