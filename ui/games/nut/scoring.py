"""Scoring Nut layouts: each player paints their layout on a touch grid (or, with Count by hand, sets
each colour's largest cluster and its squirrels on steppers), then taps Score. Only the score itself
is a recorded action; the paintings and counts are the pad's draft, kept in the saved games file at
every stroke (as a move is), so a power cut or a trip Home loses none of them, and Undo takes back the
last stroke or count before it takes back a move.

Made once for the game, with its three bodies (the painting, the count by hand, a scored layout) made
once too and swapped: choosing another player shows their painting or counts on the same widgets."""

from __future__ import annotations

from typing import Any, TypeGuard

from kivy.clock import Clock, ClockEvent
from kivy.metrics import dp
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.actions import Action
from companion.games.nut.clusters import EMPTY, SQUIRREL, WILD, cluster_points
from companion.games.nut.scoring import most_counted
from companion.games.nut.state import ActionType, Colour
from companion.words import counted
from ui import theme
from ui.controller import GameController
from ui.games.nut.cells import ERASE, LayoutGrid, NutCell  # noqa: F401  (NutCell is named in scoring.kv)
from ui.games.nut.model import NutModel
from ui.games.nut.pads import ScoringTab
from ui.games.nut.panning import PannedGrid
from ui.games.nut.results import NutResultCard
from ui.games.nut.widgets import PaintSwatch
from ui.widgets.basics import BigButton, Text  # noqa: F401  (Text is named in scoring.kv)
from ui.widgets.kv import load_kv
from ui.widgets.sizes import sizes
from ui.widgets.stepper import Stepper
from ui.widgets.text import font_to_fit, text_width

START_ROWS, START_COLUMNS = 6, 8
SEATS_WIDTH = dp(232)
# Beside a tab's name: its shape, the gaps, its padding and its score (pads.kv).
TAB_SPARE = dp(28) + dp(6) + dp(16) + dp(8) + dp(44)
# Wide enough for "Squirrel" under its cell on the 7" panel, and no wider: the grid needs the width.
SWATCH_WIDTH = dp(70)
COLOUR_WIDTH = dp(56)
VALUE_WIDTH = dp(60)
# Between the two counters of a row, so one count's "+" never sits against the next one's "-".
STEPPER_APART = dp(16)
POINTS_WIDTH = dp(80)          # "= 24" in the points font
COUNTS = ("sizes", "squirrels")
# Strokes and counts Undo can take back, kept with the draft: enough for any layout told wrong.
TAKE_BACK_KEPT = 60

Counts = dict[str, dict[str, int]]
# What Undo puts back: the seat, "painting" or "counts", and what that was before the change.
Earlier = tuple[int, str, Any]


def stepper_width(target: float) -> float:
    """A counter: its two buttons (`target` wide, as the window makes targets), the number between them."""
    return Stepper.width_for(VALUE_WIDTH, target)


def colour_width() -> float:
    """The colours' column: a cell, or its heading's word whole in the smallest type if wider (Larger text)."""
    return max(COLOUR_WIDTH, text_width("colour", theme.FONT_SMALL) + dp(4))


def count_font(row: float) -> float:
    """The counts' and points' type on a counting row `row` tall: the points' size, or less where the
    row would cut its digits (Larger text on the 7" panel)."""
    return font_to_fit("24", theme.FONT_NUMBER * 0.8, theme.FONT_SMALL, VALUE_WIDTH, row - dp(2), bold=True)


def points_width() -> float:
    """The points' column: "= 24" whole in the points' type."""
    return max(POINTS_WIDTH, text_width("= 24", theme.FONT_NUMBER * 0.8, bold=True) + dp(6))


def quick_width(target: float) -> float:
    """The count-by-hand table, packed to the left: colour, two counters apart, points."""
    return colour_width() + 2 * stepper_width(target) + STEPPER_APART + points_width() + 4 * theme.GAP


def blank(rows: int = START_ROWS, columns: int = START_COLUMNS) -> list[str]:
    return [EMPTY * columns for _ in range(rows)]


def trimmed(rows: list[str]) -> list[str]:
    """The painted part only: empty rows and columns round the edges say nothing about clusters."""
    used = [(r, c) for r, line in enumerate(rows) for c, value in enumerate(line) if value != EMPTY]
    if not used:
        return list(rows)
    top, bottom = min(r for r, _ in used), max(r for r, _ in used)
    left, right = min(c for _, c in used), max(c for _, c in used)
    return [line[left:right + 1] for line in rows[top:bottom + 1]]


def with_margin(rows: list[str], max_rows: int, max_columns: int) -> list[str]:
    """A layout with an empty line on each side where the grid has room, so a card missed at the edge
    can be painted in."""
    if len(rows[0]) + 2 <= max_columns:
        rows = [EMPTY + line + EMPTY for line in rows]
    if len(rows) + 2 <= max_rows:
        rows = [EMPTY * len(rows[0])] + rows + [EMPTY * len(rows[0])]
    return rows


class QuickCountRow(BoxLayout):
    """One colour counted by hand: its cell, the nuts and wilds in its largest cluster, the squirrels
    in that cluster, and what that is worth."""

    letter = StringProperty("R")
    points = StringProperty("= 0")

    def __init__(self, letter: str, most: dict[str, int], **kwargs: Any) -> None:
        super().__init__(letter=letter, **kwargs)
        self.steppers = {what: self.ids[what] for what in COUNTS}
        for what, stepper in self.steppers.items():
            stepper.high = most[what]


class QuickCounter(BoxLayout):
    """Count by hand: a row of counters per colour, packed to the top left so each row's points stay
    beside its counters and the total right under them on a wide screen too."""

    total = StringProperty("")


class ScoredLayout(BoxLayout):
    """A layout already scored: its card, and how to read it."""

    name = StringProperty("")


class NutScoringPad(BoxLayout):
    model = ObjectProperty(None)

    def __init__(self, controller: GameController, model: NutModel, **kwargs: Any) -> None:
        super().__init__(model=model, **kwargs)
        self.controller = controller
        state = controller.session.state
        self.colours: list[Colour] = list(state.colours)
        self.letters = [colour["letter"] for colour in self.colours]
        self.doubling = state.doubling
        self.max_rows, self.max_columns = state.max_rows, state.max_columns
        self.paintings: dict[int, list[str]] = {}
        self.counts: dict[int, Counts] = {}
        self.quick = False
        self.seat: int | None = None
        self.paint = self.letters[0]
        self._disarm_later: ClockEvent | None = None
        self._scored: set[int] = set()
        self._painting_shown: int | None = None
        self._earlier: list[Earlier] = []
        self._stroke_open = False
        self._moves = len(controller.session.actions)

        # The seats' column as wide as the longest name needs in the smallest type (Larger text).
        self.ids["tabs"].parent.width = max(SEATS_WIDTH, TAB_SPARE + max(
            text_width(seat.player.name, theme.FONT_SMALL, bold=True) for seat in model.seats))
        self.tabs: list[ScoringTab] = []
        for number, seat in enumerate(model.seats):
            tab = ScoringTab(seat)
            tab.bind(on_release=lambda _, s=number: self.choose_seat(s))
            self.tabs.append(tab)
            self.ids["tabs"].add_widget(tab)

        # The painting: the grid, and two narrow columns of paints, each word under its cell, so the
        # grid keeps the width. No cell is smaller than a fingertip: a layout too big for the room
        # shows part of itself, with arrows to move about it.
        self.painter = BoxLayout(spacing=theme.GAP)
        self.paint_grid = LayoutGrid(rows=blank(), paint=self.paint, on_change=self._painted,
                                     on_stroke_end=self._stroke_ended, max_cell=dp(80), min_cell=theme.TARGET)
        self.panned = PannedGrid(self.paint_grid)
        self.painter.add_widget(self.panned)
        paints = GridLayout(cols=2, spacing=dp(6), size_hint_x=None)
        named = [(colour["letter"], colour["name"].capitalize()) for colour in self.colours]
        # As wide as the widest paint's word under it, bold as the chosen one's.
        words = max(text_width(caption, theme.FONT_SMALL, bold=True) for _, caption in [*named, ("", "Squirrel")])
        words += dp(12)

        def fit_paints(*_: Any) -> None:
            paints.width = 2 * max(sizes.wide(SWATCH_WIDTH), words) + paints.spacing[0]

        sizes.fbind("scale", fit_paints)
        fit_paints()
        self.swatches: dict[str, PaintSwatch] = {}
        for value, caption in [*named, (WILD, "Wild"), (SQUIRREL, "Squirrel"), (ERASE, "Erase")]:
            swatch = PaintSwatch(value=value, caption=caption, selected=value == self.paint)
            swatch.bind(on_release=lambda _, v=value: self.choose_paint(v))
            paints.add_widget(swatch)
            self.swatches[value] = swatch
        self.clear_button = BigButton(text="Clear", size_hint_y=1)
        self.clear_button.bind(on_release=lambda *_: self.clear())
        paints.add_widget(self.clear_button)
        self.painter.add_widget(paints)

        # The count by hand, each counter up to what the rules take.
        limits = most_counted(state)
        most = {"sizes": limits["sizes"], "squirrels": limits["squirrels"]}
        self.counter = QuickCounter()
        self.quick_rows = {letter: QuickCountRow(letter, most) for letter in self.letters}
        self.steppers: dict[tuple[str, str], Stepper] = {}
        for letter, row in self.quick_rows.items():
            self.counter.ids["rows"].add_widget(row)
            for what, stepper in row.steppers.items():
                stepper.bind(on_step=lambda _, value, w=what, c=letter: self.step(w, c, value))
                self.steppers[(what, letter)] = stepper

        # A layout already scored.
        self.scored_body = ScoredLayout()
        self.scored_card = NutResultCard(self.colours, self.doubling)
        self.scored_body.add_widget(self.scored_card, index=len(self.scored_body.children))
        self._restore(controller.draft)

    # ----- what is on screen -----------------------------------------------------------------
    @property
    def body(self) -> BoxLayout:
        return self.ids["body"]

    @property
    def score_button(self) -> BigButton:
        return self.ids["score_button"]

    @property
    def quick_button(self) -> BigButton:
        return self.ids["quick_button"]

    @property
    def grid(self) -> LayoutGrid | None:
        """The paintable grid, while it is shown."""
        return self.paint_grid if self.painter.parent is not None else None

    @property
    def points_labels(self) -> dict[str, Label]:
        return {letter: row.ids["points"] for letter, row in self.quick_rows.items()}

    @property
    def quick_total(self) -> Text:
        return self.counter.ids["total"]

    # ----- state kept while painting -------------------------------------------------------
    def painting(self, seat: int) -> list[str]:
        return self.paintings.setdefault(seat, blank())

    def quick_counts(self, seat: int) -> Counts:
        if seat not in self.counts:
            self.counts[seat] = {what: {letter: 0 for letter in self.letters} for what in COUNTS}
        return self.counts[seat]

    def start_from(self, told: Action) -> None:
        """Fixing a score told earlier: that player's layout or counts as told then, to be corrected."""
        seat = told.player
        if seat is None or told.type not in (ActionType.SCORE_QUICK, ActionType.SCORE_LAYOUT):
            return
        self.quick = told.type == ActionType.SCORE_QUICK
        if self.quick:
            counts = self.quick_counts(seat)
            counts["sizes"].update(told["sizes"])
            counts["squirrels"].update(told.get("squirrels") or {})
        else:
            self.paintings[seat] = with_margin(list(told["grid"]), self.max_rows, self.max_columns)
            self._painting_shown = None
        self.seat = seat
        self.show()

    # ----- taps ----------------------------------------------------------------------------
    def choose_seat(self, seat: int) -> None:
        self.seat = seat
        self.show()
        self._keep()

    def choose_paint(self, paint: str) -> None:
        self.paint = paint
        self.paint_grid.paint = paint
        for value, swatch in self.swatches.items():
            swatch.selected = value == paint

    def toggle_quick(self) -> None:
        self.quick = not self.quick
        self.show()
        self._keep()

    def paint_cell(self, row: int, column: int, value: str | None = None) -> None:
        """What a tap on a cell does (also used by tests and scenes)."""
        self.paint_grid.set_cell((row, column), self.paint if value is None else value)
        self._stroke_ended()

    def _painted(self, where: tuple[int, int], value: str) -> None:
        if self.seat is not None and not self._stroke_open:
            # One finger's stroke, however many cells it crosses, is one step for Undo.
            self._stroke_open = True
            self._remember(self.seat, "painting", self.painting(self.seat))
        rows = list(self.paint_grid.rows)
        row, column = where
        # Painting at the edge opens a new row or column, so the grid grows with the layout; the new
        # line comes into sight where the grid shows only part of the layout.
        opened_row = value != EMPTY and row == len(rows) - 1 and len(rows) < self.max_rows
        opened_column = value != EMPTY and column == len(rows[0]) - 1 and len(rows[0]) < self.max_columns
        if opened_row:
            rows.append(EMPTY * len(rows[0]))
        if opened_column:
            rows = [line + EMPTY for line in rows]
        if self.seat is not None:
            self.paintings[self.seat] = rows
        self.paint_grid.rows = rows
        if opened_row or opened_column:
            self.paint_grid.reveal((row + opened_row, column + opened_column))

    def clear(self) -> None:
        if self._disarm_later is None:
            # A stray tap must not wipe a whole painted layout: ask once more.
            self.clear_button.text = "Sure?"
            self.clear_button.kind = "danger"
            self._disarm_later = Clock.schedule_once(lambda dt: self._disarm(), 4)
            return
        self._disarm()
        if self.seat is not None:
            self._remember(self.seat, "painting", self.painting(self.seat))
            self.paintings[self.seat] = blank()
            self.paint_grid.rows = self.paintings[self.seat]
            self.paint_grid.to_top_left()
            self._keep()

    def _disarm(self) -> None:
        if self._disarm_later is not None:
            self._disarm_later.cancel()
            self._disarm_later = None
        self.clear_button.text = "Clear"
        self.clear_button.kind = "normal"

    def step(self, what: str, letter: str, value: int) -> None:
        if self.seat is not None:
            counts = self.quick_counts(self.seat)
            if counts[what][letter] == value:
                return   # a counter shown again for another seat, not a tap
            self._remember(self.seat, "counts", {part: dict(told) for part, told in counts.items()})
            counts[what][letter] = value
            self._show_points()
            self._keep()

    def score(self) -> bool:
        seat = self.seat
        if seat is None:
            return False
        if self.quick:
            counts = self.quick_counts(seat)
            squirrels = {letter: n for letter, n in counts["squirrels"].items() if n}
            action = Action(ActionType.SCORE_QUICK, seat, {"sizes": dict(counts["sizes"]), "squirrels": squirrels})
        else:
            action = Action(ActionType.SCORE_LAYOUT, seat, {"grid": trimmed(self.painting(seat))})
        done = self.controller.perform(action)
        if done:
            self.seat = None  # move on to whoever is still to score
            self.show()
            self._keep()
        return done

    # ----- Undo, and the draft kept -------------------------------------------------------------
    def _remember(self, seat: int, kind: str, before: Any) -> None:
        self._earlier = [*self._earlier[-(TAKE_BACK_KEPT - 1):], (seat, kind, before)]

    def _stroke_ended(self) -> None:
        if self._stroke_open:
            self._stroke_open = False
            self._keep()

    def take_back(self) -> str | None:
        """The last stroke, clear or count told since the last move, put back as it was (None: none)."""
        if not self._earlier:
            return None
        seat, kind, before = self._earlier.pop()
        if kind == "painting":
            self.paintings[seat] = before
        else:
            self.counts[seat] = before
        self.seat, self.quick = seat, kind == "counts"
        self.show()
        self._keep()
        name = self.model.seats[seat].player.name
        return f"Undone: the last change to {name}'s {'count' if self.quick else 'layout'}."

    def _keep(self) -> None:
        self.controller.keep_draft({
            "moves": self._moves, "seat": self.seat, "quick": self.quick,
            "paintings": {str(seat): rows for seat, rows in self.paintings.items()},
            "counts": {str(seat): counts for seat, counts in self.counts.items()},
            "earlier": [list(step) for step in self._earlier]})

    def _restore(self, draft: dict[str, Any] | None) -> None:
        """The pad as it was kept. What does not fit this game (a draft from a file changed by hand)
        is left out: the pads start empty there rather than the game not opening."""
        if not draft:
            return
        seats = range(len(self.model.seats))
        paintings, counts = draft.get("paintings"), draft.get("counts")
        for seat in seats:
            rows = paintings.get(str(seat)) if isinstance(paintings, dict) else None
            if self._fits_painting(rows):
                self.paintings[seat] = list(rows)
            told = counts.get(str(seat)) if isinstance(counts, dict) else None
            if self._fits_counts(told):
                self.counts[seat] = {part: dict(told[part]) for part in COUNTS}
        chosen = draft.get("seat")
        self.seat = chosen if isinstance(chosen, int) and chosen in seats else None
        self.quick = draft.get("quick") is True
        earlier = draft.get("earlier")
        if draft.get("moves") == self._moves and isinstance(earlier, list):
            # Undo's steps hold only while no move came after them.
            self._earlier = [(step[0], step[1], step[2]) for step in earlier
                             if isinstance(step, list) and len(step) == 3 and step[0] in seats
                             and (step[1] == "painting" and self._fits_painting(step[2])
                                  or step[1] == "counts" and self._fits_counts(step[2]))]

    def _fits_painting(self, rows: Any) -> TypeGuard[list[str]]:
        paints = {*self.letters, WILD, SQUIRREL, EMPTY}
        return (isinstance(rows, list) and 0 < len(rows) <= self.max_rows
                and all(isinstance(line, str) and len(line) == len(rows[0]) <= self.max_columns
                        and set(line) <= paints for line in rows))

    def _fits_counts(self, told: Any) -> TypeGuard[Counts]:
        return isinstance(told, dict) and all(
            isinstance(told.get(part), dict) and set(told[part]) == set(self.letters)
            and all(isinstance(n, int) and n >= 0 for n in told[part].values()) for part in COUNTS)

    # ----- showing -------------------------------------------------------------------------
    def show(self) -> None:
        moves = len(self.controller.session.actions)
        if moves != self._moves:
            # A score told (or a move undone or put back) since: Undo is the game's again.
            self._moves, self._earlier = moves, []
        seats = self.model.seats
        scores = [seat.score for seat in seats]
        waiting = list(self.model.to_act)
        unscored_again = [seat for seat in waiting if seat in self._scored]
        if unscored_again:
            # An undone score brings back that player's own painting to fix.
            self.seat = unscored_again[0]
        self._scored = {seat for seat, score in enumerate(scores) if score is not None}
        if self.seat is None or self.seat >= len(seats):
            self.seat = waiting[0] if waiting else 0
        seat = self.seat
        scored = scores[seat] is not None
        for number, tab in enumerate(self.tabs):
            tab.chosen = number == seat
        name = seats[seat].player.name
        self.score_button.text = f"Score {name}"
        self.score_button.disabled = scored
        # Scoring is what comes next; a score already recorded leaves nothing to press here.
        self.score_button.kind = "normal" if scored else "primary"
        self.quick_button.text = "Paint the grid" if self.quick else "Count by hand"
        self.quick_button.disabled = scored
        if scored:
            self.scored_body.name = name
            self.scored_card.show(seats[seat].player, seats[seat].layout)
            self._show_body(self.scored_body)
        elif self.quick:
            counts = self.quick_counts(seat)
            for (what, letter), stepper in self.steppers.items():
                stepper.value = counts[what][letter]
            self._show_points()
            self._show_body(self.counter)
        else:
            self._disarm()
            if self._painting_shown != seat:
                # Another player's painting starts from its top left corner.
                self._painting_shown = seat
                self.paint_grid.to_top_left()
            self.paint_grid.rows = self.painting(seat)
            self._show_body(self.painter)

    def _show_body(self, body: Widget) -> None:
        if body.parent is None:
            self.body.clear_widgets()
            self.body.add_widget(body)

    def _show_points(self) -> None:
        if self.seat is None:
            return
        counts = self.quick_counts(self.seat)
        total = 0
        for letter, row in self.quick_rows.items():
            points = cluster_points(counts["sizes"][letter], counts["squirrels"][letter], self.doubling)
            total += points
            row.points = f"= {points}"
        self.counter.total = f"{self.model.seats[self.seat].player.name}: {counted(total, 'point')}"


load_kv(__file__)
