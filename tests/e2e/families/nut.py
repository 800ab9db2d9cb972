"""A family playing Nut: the column draft (each card's kind marked when it is a squirrel or a wild),
then every layout painted on the grid (or, with three players, one counted by hand with Quick), then
the results. Each step is decided from what the table shows now, so a game resumed at any point is
finished the same way."""

from __future__ import annotations

import itertools
import random
import re

from families import common

PAINT_NAMES = {"R": "Red", "Y": "Yellow", "B": "Blue", "G": "Green", "W": "Wild", "S": "Squirrel", ".": "Erase"}


def play(table, seed, shots):
    rng = random.Random(seed)
    family = Family(table, rng, shots)
    while True:
        phase = table.session.summary()["phase"]
        if phase == "draft":
            family.draft_one()
        elif phase == "scoring":
            family.score_one()
        else:
            break
    family.results()


class Family:
    def __init__(self, table, rng: random.Random, shots: str):
        self.table, self.rng, self.shots = table, rng, shots
        self.midgame_done = False
        self.wrong_column_tried = False
        self.clear_tried = False
        self.sold_out_tried = False
        self.shot_taken: set[str] = set()

    def shot(self, moment: str) -> None:
        if moment not in self.shot_taken:
            self.shot_taken.add(moment)
            self.table.screenshot(f"{self.shots}-{moment}")

    def summary(self) -> dict:
        return self.table.session.summary()

    # ----- the draft -------------------------------------------------------------------------
    def kind_button(self, kind: str):
        found = self.table.find(kind.capitalize(), enabled_only=False)
        if not found:
            raise AssertionError(f"the draft shows no {kind} button: {self.table.texts()}")
        return found[0]

    def kinds_left(self) -> dict[str, int]:
        """What the kind row says is still in the deck: 'Squirrel' over '5 left'."""
        return {kind: int(re.fullmatch(r"(\d+) left", self.kind_button(kind).note).group(1))
                for kind in ("standard", "squirrel", "wild")}

    def try_a_sold_out_kind(self, left: dict[str, int]) -> None:
        """A tap on a kind whose every card is drafted says so, and the kind chosen stays chosen."""
        sold_out = [kind for kind, cards in left.items() if not cards]
        if self.sold_out_tried or not sold_out:
            return
        self.sold_out_tried = True
        chosen = [kind for kind in left if self.kind_button(kind).selected]
        self.table.tap(self.kind_button(sold_out[0]))
        if not self.table.shows(rf"All \d+ {sold_out[0]} cards are already drafted"):
            raise AssertionError(f"a tap on a sold-out kind does not say why: {self.table.texts()}")
        if [kind for kind in left if self.kind_button(kind).selected] != chosen:
            raise AssertionError(f"a tap on a sold-out kind changed the kind chosen: {self.table.texts()}")

    def column_buttons(self) -> dict[int, object]:
        from ui.games.nut.pads import DraftColumn

        return {button.number: button for button in self.table.widgets(DraftColumn)}

    def draft_one(self) -> None:
        table = self.table
        summary = self.summary()
        draft = summary["draft"]
        if not self.midgame_done and table.session.can_undo and sum(draft["picks"]) >= 2:
            self.midgame_done = True
            common.midgame(table)
            return
        columns = self.column_buttons()
        if len(columns) != 3:
            raise AssertionError(f"the draft shows {len(columns)} columns: {table.texts()}")
        counts = {number: card["cards"] for number, card in enumerate(draft["columns"], start=1)}
        chosen = draft["round_column"]
        if chosen is None:
            # The leader picks a column with cards in it.
            chosen = self.rng.choice([number for number, cards in counts.items() if cards])
        elif not self.wrong_column_tried:
            others = [number for number, cards in counts.items() if cards and number != chosen]
            if others:
                self.wrong_column_tried = True
                before = len(table.session.actions)
                table.tap(columns[others[0]])
                if len(table.session.actions) != before:
                    raise AssertionError("a tap on another column than this round's was recorded")
                if not table.shows(rf"must pick from column {chosen}"):
                    raise AssertionError(f"the refused column does not say why: {table.texts()}")
                if draft["round"] >= 2:
                    self.shot("draft")
                return
        # The card the player took: a kind drawn in proportion to what is still in the deck.
        left = self.kinds_left()
        self.try_a_sold_out_kind(left)
        kind = self.rng.choices(list(left), weights=list(left.values()))[0]
        button = self.kind_button(kind)
        if not button.selected:
            table.tap(button)
        before = len(table.session.actions)
        table.tap(self.column_buttons()[chosen])
        if len(table.session.actions) != before + 1:
            raise AssertionError(f"the pick from column {chosen} was not recorded: {table.texts()}")
        if draft["round"] >= 3:
            self.shot("draft")

    # ----- scoring ---------------------------------------------------------------------------
    def layout_for(self, seat: int) -> list[str]:
        """How the player laid out their cards: their drafted kinds, with the nuts of one colour kept
        together as a player growing clusters does, winding along the rows (left to right, then back),
        in rows of five, or for the first seat rows of eight, one wider than the grid starts, so
        painting at its edge has to grow it (the family's table, not the app, decides this)."""
        summary = self.summary()
        kinds = summary["draft"]["kinds"][seat]
        picks = summary["draft"]["picks"][seat] or 10
        rng = random.Random(f"{seat}-{picks}-{sorted(kinds.items())}")
        letters = [colour["letter"] for colour in summary["colours"]]
        nuts = sorted(rng.choice(letters) for _ in range(picks - kinds.get("squirrel", 0) - kinds.get("wild", 0)))
        cells = nuts
        for special in ["S"] * kinds.get("squirrel", 0) + ["W"] * kinds.get("wild", 0):
            cells.insert(rng.randrange(len(cells) + 1), special)
        length = 8 if seat == 0 else 5
        rows = [cells[start:start + length] for start in range(0, len(cells), length)]
        rows = [row if index % 2 == 0 else row[::-1] + ["."] * (length - len(row)) for index, row in enumerate(rows)]
        return ["".join(row).ljust(length, ".") for row in rows]

    def score_one(self) -> None:
        table = self.table
        summary = self.summary()
        if not self.midgame_done and table.session.can_undo:
            self.midgame_done = True
            common.midgame(table)
            return
        seat = summary["to_act"][0]
        name = summary["players"][seat]
        quick = len(summary["players"]) == 3 and seat == len(summary["players"]) - 1
        target = self.layout_for(seat)
        if not quick and not self.clear_tried:
            self.choose_tab(name)
            if all(set(line) == {"."} for line in self.grid().rows):
                self.clear_tried = True
                self.clear_a_slip(target)
        taps_before = table.taps
        self.choose_tab(name)
        if quick:
            self.count_by_hand(seat, target)
        else:
            self.paint(target)
            self.shot("paint")
        before = len(table.session.actions)
        table.tap(f"Score {name}")
        table.measured.setdefault("nut_scoring", []).append(
            {"way": "count by hand" if quick else "paint", "nuts": sum(c != "." for line in target for c in line),
             "rows": len(target), "touches": table.taps - taps_before})
        if len(table.session.actions) != before + 1 or table.session.state.results[seat] is None:
            raise AssertionError(f"{name}'s score was not recorded: {table.texts()}")
        self.check_scored(seat, target, quick)
        if not table.session.is_over and "scored" not in self.shot_taken:
            # Look back at the layout just scored: its best clusters outlined, its total on its tab.
            self.choose_tab(name, scored=True)
            if not table.shows(rf"{re.escape(name)}'s layout is scored"):
                raise AssertionError(f"{name}'s scored layout is not shown: {table.texts()}")
            self.shot("scored")

    def choose_tab(self, name: str, scored: bool = False) -> None:
        from ui.games.nut.pads import ScoringTab

        tabs = [tab for tab in self.table.widgets(ScoringTab) if tab.label.text == name]
        if not tabs:
            raise AssertionError(f"no tab for {name}: {self.table.texts()}")
        if not tabs[0].chosen:
            self.table.tap(tabs[0])
        if self.table.can_tap(f"Score {name}") == scored:
            raise AssertionError(f"{name}'s tab {'offers' if scored else 'does not offer'} to score {name}: "
                                 f"{self.table.texts()}")

    def grid(self):
        from ui.games.nut.cells import LayoutGrid

        grids = self.table.widgets(LayoutGrid)
        if len(grids) != 1:
            raise AssertionError(f"expected one paintable grid, found {len(grids)}")
        return grids[0]

    def choose_paint(self, value: str) -> None:
        from ui.games.nut.widgets import PaintSwatch

        swatch = next((s for s in self.table.widgets(PaintSwatch) if s.caption == PAINT_NAMES[value]), None)
        if swatch is None:
            raise AssertionError(f"no {PAINT_NAMES[value]} paint on screen")
        if not swatch.selected:
            self.table.tap(swatch)

    def cell_point(self, grid, row: int, column: int) -> tuple[float, float]:
        """The middle of a cell in sight."""
        x0, top, side = grid.origin()
        first_row, first_column = grid.window[:2]
        return grid.to_window(x0 + (column - first_column + 0.5) * side, top - (row - first_row + 0.5) * side)

    def in_sight(self, grid, row: int, column: int) -> bool:
        first_row, first_column, rows, columns = grid.window
        return first_row <= row < first_row + rows and first_column <= column < first_column + columns

    def bring_into_sight(self, row: int, column: int) -> None:
        """Where the grid shows only part of a big layout, the arrows under it move it, one tap at a time,
        until the cell is in sight."""
        from ui.games.nut.panning import PanButton

        for _ in range(12):
            first_row, first_column, rows, columns = self.grid().window
            way = ("up" if row < first_row else "down" if row >= first_row + rows else
                   "left" if column < first_column else "right" if column >= first_column + columns else None)
            if way is None:
                return
            arrows = [arrow for arrow in self.table.widgets(PanButton) if arrow.way == way and not arrow.disabled]
            if not arrows:
                raise AssertionError(f"cell {row},{column} is out of sight and no arrow points {way}")
            self.table.tap(arrows[0])
        raise AssertionError(f"the arrows never brought cell {row},{column} into sight")

    def paint(self, target: list[str]) -> None:
        """Paint each stretch of one paint with one stroke of the finger that winds along the rows as
        the layout does (a tap for a single cell), only where the grid does not already show it."""
        table = self.table
        for _ in range(80):
            grid = self.grid()
            shown = list(grid.rows)
            # The layout's own cells in its winding order, then whatever else the grid shows.
            width = len(target[0])
            path = [(row, column if row % 2 == 0 else width - 1 - column)
                    for row in range(len(target)) for column in range(width)]
            path += [(row, column) for row in range(len(shown)) for column in range(len(shown[0]))
                     if (row, column) not in path]

            def wanted(cell):
                row, column = cell
                return target[row][column] if row < len(target) and column < len(target[row]) else "."

            def wrong(cell, shown=shown):
                return shown[cell[0]][cell[1]] != wanted(cell)

            start = next((index for index, cell in enumerate(path) if wrong(cell)), None)
            if start is None:
                break
            value = wanted(path[start])
            end = start
            while end + 1 < len(path) and wanted(path[end + 1]) == value:
                end += 1
            self.choose_paint(value)
            self.bring_into_sight(*path[start])
            grid = self.grid()
            # One stroke over the cells in sight; the rest of the stretch is painted after moving on.
            stretch = list(itertools.takewhile(lambda cell, grid=grid: self.in_sight(grid, *cell), path[start:end + 1]))
            points = [self.cell_point(grid, row, column) for row, column in stretch]
            if len(points) == 1:
                table.touch(*points[0])
            else:
                table.drag(points)
        else:
            raise AssertionError(f"painting never matched the layout {target}: {list(self.grid().rows)}")
        shown = list(self.grid().rows)
        for row, line in enumerate(target):
            if shown[row][:len(line)] != line:
                raise AssertionError(f"row {row} shows {shown[row]!r}, meant {line!r}")
        if len(target[0]) >= 8 and len(shown[0]) <= len(target[0]):
            raise AssertionError(f"painting the grid's last column did not grow it: {len(shown[0])} columns")

    def clear_a_slip(self, target: list[str]) -> None:
        """A slip of the finger paints a cell the layout does not have; Clear asks once more, then
        wipes the grid."""
        table = self.table
        row = len(target)
        self.bring_into_sight(row, 0)
        table.touch(*self.cell_point(self.grid(), row, 0))
        if self.grid().rows[row][0] == ".":
            raise AssertionError("a tap on an empty cell painted nothing")
        table.tap("Clear")
        if any(set(line) != {"."} for line in self.grid().rows):
            if not table.can_tap("Sure?"):
                raise AssertionError(f"Clear neither cleared nor asked again: {table.texts()}")
            table.tap("Sure?")
        if any(set(line) != {"."} for line in self.grid().rows):
            raise AssertionError(f"Clear left paint on the grid: {list(self.grid().rows)}")

    def count_by_hand(self, seat: int, target: list[str]) -> None:
        """Quick: for each colour the family counts its best cluster and the squirrels in it, and
        sets each count with the + and - buttons."""
        from companion.games.nut.clusters import best_clusters
        from ui.widgets.stepper import Stepper

        table = self.table
        summary = self.summary()
        if not table.widgets(Stepper):
            table.tap("Count by hand")
        steppers = sorted(table.widgets(Stepper), key=lambda s: (-round(s.to_window(*s.center)[1]),
                                                                 s.to_window(*s.center)[0]))
        letters = [colour["letter"] for colour in summary["colours"]]
        if len(steppers) != 2 * len(letters):
            raise AssertionError(f"Quick shows {len(steppers)} counters for {len(letters)} colours")
        best = best_clusters(target, letters, summary["squirrel_doubling"])
        for index, letter in enumerate(letters):
            cluster = best[letter]
            wanted = (cluster.size, cluster.squirrels) if cluster else (0, 0)
            for stepper, value in zip(steppers[2 * index:2 * index + 2], wanted):
                for _ in range(40):
                    shown = int(stepper.number.text)
                    if shown == value:
                        break
                    table.tap("+" if shown < value else "-", within=stepper)
                else:
                    raise AssertionError(f"the {letter} counter never reached {value}")
        self.shot("quick")

    def check_scored(self, seat: int, target: list[str], quick: bool) -> None:
        from companion.games.nut.clusters import best_clusters

        summary = self.summary()
        letters = [colour["letter"] for colour in summary["colours"]]
        best = best_clusters(target, letters, summary["squirrel_doubling"])
        meant = sum(cluster.points(summary["squirrel_doubling"]) for cluster in best.values() if cluster)
        recorded = summary["scores"][seat]
        if recorded != meant:
            raise AssertionError(f"seat {seat} scored {recorded}, the layout {target} is worth {meant}")
        name = summary["players"][seat]
        if not self.table.shows(rf"{re.escape(name)}\b.*\b{recorded}\b|^{recorded}$"):
            raise AssertionError(f"{name}'s total {recorded} is not on screen: {self.table.texts()}")

    # ----- the end ---------------------------------------------------------------------------
    def results(self) -> None:
        table = self.table
        summary = self.summary()
        table.until(lambda: all(table.shows(re.escape(name)) for name in summary["winner_names"]),
                    "the winner on screen")
        for score in summary["scores"]:
            if not table.shows(rf"^{score}$"):
                raise AssertionError(f"the total {score} is not on the results: {table.texts()}")
        self.shot("results")
