"""Scoring Nut layouts: each player paints their layout on a touch grid (or, with Quick, enters each
colour's largest cluster size and squirrels with steppers), then taps Score. The paintings live in
the view until scored: only the score itself is a recorded action."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.actions import Action
from companion.games.nut.clusters import EMPTY, SQUIRREL, WILD, cluster_points
from companion.games.nut.state import ActionType
from companion.games.nut.summary import NutSummary
from companion.words import counted
from ui import theme
from ui.games.nut.cells import ERASE, LayoutGrid, MiniCell, Swatch
from ui.games.nut.pads import STEPPER_VALUE, NutStepper, PlayerTab
from ui.games.nut.results import ResultCard
from ui.games.nut.widgets import fit_text
from ui.widgets.basics import BigButton, Text

START_ROWS, START_COLUMNS = 6, 8
SEATS_WIDTH = dp(232)
SWATCH_WIDTH = dp(80)
COLOUR_WIDTH = dp(56)
STEPPER = 2 * theme.TOUCH + STEPPER_VALUE + 2 * dp(4)
# Between the two counters of a row, so one count's "+" never sits against the next one's "-".
STEPPER_APART = dp(16)
POINTS_WIDTH = dp(80)          # "= 24" in the points font
# Exactly the room beside the seats on the 7" panel: 784 px less the seats column and a gap.
QUICK_WIDTH = COLOUR_WIDTH + 2 * STEPPER + STEPPER_APART + POINTS_WIDTH + 4 * theme.GAP


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


class ScoringPad(BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(spacing=theme.GAP, **kwargs)
        self.controller = controller
        self.paintings: dict[int, list[str]] = {}
        self.counts: dict[int, dict[str, dict[str, int]]] = {}
        self.quick = False
        self.seat: int | None = None
        self.paint = controller.session.state.colours[0]["letter"]
        self._clear_armed = False
        self._scored: set[int] = set()

        # The seats down the left with what to do for the chosen one under them, so the grid gets
        # the whole height of the 7" panel and long names have a line of their own.
        side = BoxLayout(orientation="vertical", size_hint_x=None, width=SEATS_WIDTH, spacing=theme.GAP)
        self.tabs_row = BoxLayout(orientation="vertical", spacing=theme.GAP, size_hint_y=None)
        self.tabs_row.bind(minimum_height=self.tabs_row.setter("height"))
        side.add_widget(self.tabs_row)
        side.add_widget(Widget())
        self.quick_button = BigButton()
        self.quick_button.bind(on_release=lambda *_: self.toggle_quick())
        side.add_widget(self.quick_button)
        self.score_button = BigButton(kind="primary", height=theme.TOUCH_PRIMARY)
        self.score_button.bind(on_release=lambda *_: self.score())
        side.add_widget(self.score_button)
        self.add_widget(side)
        self.body = BoxLayout(spacing=theme.GAP)
        self.add_widget(self.body)
        self.grid: LayoutGrid | None = None
        self.tabs: list[PlayerTab] = []
        self.swatches: dict[str, Swatch] = {}
        self.steppers: dict[tuple[str, str], NutStepper] = {}

    # ----- state kept while painting -------------------------------------------------------
    def painting(self, seat: int) -> list[str]:
        return self.paintings.setdefault(seat, blank())

    def quick_counts(self, seat: int) -> dict[str, dict[str, int]]:
        if seat not in self.counts:
            letters = [colour["letter"] for colour in self.controller.session.state.colours]
            self.counts[seat] = {"sizes": {letter: 0 for letter in letters},
                                 "squirrels": {letter: 0 for letter in letters}}
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
            state = self.controller.session.state
            self.paintings[seat] = with_margin(list(told["grid"]), state.max_rows, state.max_columns)
        self.seat = seat
        self.refresh(self.controller.session.summary())

    # ----- taps ----------------------------------------------------------------------------
    def choose_seat(self, seat: int) -> None:
        self.seat = seat
        self.refresh(self.controller.session.summary())

    def choose_paint(self, paint: str) -> None:
        self.paint = paint
        if self.grid is not None:
            self.grid.paint = paint
        for value, swatch in self.swatches.items():
            swatch.selected = value == paint

    def toggle_quick(self) -> None:
        self.quick = not self.quick
        self.refresh(self.controller.session.summary())

    def paint_cell(self, row: int, column: int, value: str | None = None) -> None:
        """What a tap on a cell does (also used by tests and scenes)."""
        self.grid.set_cell((row, column), self.paint if value is None else value)

    def _painted(self, where, value) -> None:
        rows = list(self.grid.rows)
        state = self.controller.session.state
        row, column = where
        # Painting at the edge opens a new row or column, so the grid grows with the layout.
        if value != EMPTY and row == len(rows) - 1 and len(rows) < state.max_rows:
            rows.append(EMPTY * len(rows[0]))
        if value != EMPTY and column == len(rows[0]) - 1 and len(rows[0]) < state.max_columns:
            rows = [line + EMPTY for line in rows]
        self.paintings[self.seat] = rows
        if rows != list(self.grid.rows):
            self.grid.rows = rows

    def clear(self) -> None:
        if not self._clear_armed:
            # A stray tap must not wipe a whole painted layout: ask once more.
            self._clear_armed = True
            self.clear_button.text = "Sure?"
            self.clear_button.kind = "danger"
            Clock.schedule_once(lambda dt: self._disarm(), 4)
            return
        self._disarm()
        self.paintings[self.seat] = blank()
        self.grid.rows = self.paintings[self.seat]

    def _disarm(self) -> None:
        self._clear_armed = False
        if getattr(self, "clear_button", None) is not None:
            self.clear_button.text = "Clear"
            self.clear_button.kind = "normal"

    def step(self, what: str, letter: str, delta: int) -> None:
        counts = self.quick_counts(self.seat)[what]
        counts[letter] = max(0, counts[letter] + delta)
        self._show_quick_values()

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
            self.refresh(self.controller.session.summary())
        return done

    # ----- showing -------------------------------------------------------------------------
    def refresh(self, summary: NutSummary) -> None:
        players = self.controller.players
        scores = self.controller.outcome.scores
        waiting = summary["to_act"]
        unscored_again = [seat for seat in waiting if seat in self._scored]
        if unscored_again:
            # An undone score brings back that player's own painting to fix.
            self.seat = unscored_again[0]
        self._scored = {seat for seat, score in enumerate(scores) if score is not None}
        if self.seat is None or self.seat >= len(players):
            self.seat = waiting[0] if waiting else 0
        scored = scores[self.seat] is not None

        self.tabs_row.clear_widgets()
        self.tabs = []
        for seat, player in enumerate(players):
            tab = PlayerTab(player, chosen=seat == self.seat)
            score = scores[seat]
            tab.score.text = "" if score is None else str(score)
            tab.bind(on_release=lambda _, s=seat: self.choose_seat(s))
            self.tabs_row.add_widget(tab)
            self.tabs.append(tab)

        name = players[self.seat].name
        self.score_button.text = f"Score {name}"
        self.score_button.disabled = scored
        # Scoring is what comes next; a score already recorded leaves nothing to press here.
        self.score_button.kind = "normal" if scored else "primary"
        self.quick_button.text = "Paint the grid" if self.quick else "Count by hand"
        self.quick_button.disabled = scored

        self.body.clear_widgets()
        self.grid, self.swatches, self.steppers, self.clear_button = None, {}, {}, None
        if scored:
            self._show_scored(summary)
        elif self.quick:
            self._show_quick(summary)
        else:
            self._show_paint(summary)

    def _show_scored(self, summary: NutSummary) -> None:
        seat = self.seat
        self.body.add_widget(ResultCard(self.controller.players[seat], summary["layouts"][seat], summary["colours"],
                                        summary["squirrel_doubling"]))
        # What happened is read from the seats; how to read the outlines and undo it is read up close.
        holder = BoxLayout(orientation="vertical", size_hint_x=0.55, spacing=theme.GAP)
        holder.add_widget(Text(text=f"{self.controller.players[seat].name}'s layout is scored",
                               font_size=theme.FONT_TABLE, bold=True))
        holder.add_widget(Text(text="The outlined groups are the cluster that counts for each colour. "
                                    "Tap Undo to change it.", font_size=theme.FONT_BODY, color=theme.TEXT_DIM,
                               fine_print=True))
        holder.add_widget(Label())
        self.body.add_widget(holder)

    def _show_paint(self, summary: NutSummary) -> None:
        self.grid = LayoutGrid(rows=self.painting(self.seat), paint=self.paint, on_change=self._painted,
                               max_cell=dp(80))
        self.body.add_widget(self.grid)
        # Two narrow columns of paints, each word under its cell, so the grid keeps the width.
        palette = GridLayout(cols=2, spacing=dp(6), size_hint_x=None, width=2 * SWATCH_WIDTH + dp(6))
        paints = [(colour["letter"], colour["name"].capitalize()) for colour in summary["colours"]]
        paints += [(WILD, "Wild"), (SQUIRREL, "Squirrel"), (ERASE, "Erase")]
        for value, caption in paints:
            swatch = Swatch(value=value, caption=caption, selected=value == self.paint, size_hint_y=1)
            swatch.bind(on_release=lambda _, v=value: self.choose_paint(v))
            palette.add_widget(swatch)
            self.swatches[value] = swatch
        self.clear_button = BigButton(text="Clear", size_hint_y=1)
        self.clear_button.bind(on_release=lambda *_: self.clear())
        palette.add_widget(self.clear_button)
        self.body.add_widget(palette)

    def _show_quick(self, summary: NutSummary) -> None:
        # A table of fixed width packed to the top left, so each row's points stay beside its counters
        # and the total right under them on a wide screen too.
        rows = BoxLayout(orientation="vertical", spacing=dp(6), size_hint_x=None, width=QUICK_WIDTH)
        # Two lines of small print fit over a counter, so the headings stay whole sentences. They are
        # read by the player setting the counters, up close; the counts and points under them are large.
        head = BoxLayout(size_hint_y=None, height=theme.FONT_SMALL * 2.5, spacing=theme.GAP)
        head.fine_print = True
        for text, width in (("colour", COLOUR_WIDTH), ("nuts + wilds in its largest cluster", STEPPER),
                            ("", STEPPER_APART), ("squirrels in that cluster", STEPPER), ("points", POINTS_WIDTH)):
            head.add_widget(fit_text(Label(text=text, font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, halign="center",
                                       valign="middle", size_hint_x=None, width=width)))
        rows.add_widget(head)
        self.points_labels = {}
        for colour in summary["colours"]:
            letter = colour["letter"]
            row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
            # The cell carries the colour's letter and pattern as well as its hue.
            row.add_widget(MiniCell(letter, size=(COLOUR_WIDTH, COLOUR_WIDTH * 0.86), pos_hint={"center_y": 0.5}))
            for what in ("sizes", "squirrels"):
                stepper = NutStepper(0, lambda delta, w=what, colour=letter: self.step(w, colour, delta),
                                  size_hint_x=None, width=STEPPER)
                self.steppers[(what, letter)] = stepper
                row.add_widget(stepper)
                if what == "sizes":
                    row.add_widget(Widget(size_hint_x=None, width=STEPPER_APART))
            points = fit_text(Label(font_size=theme.FONT_NUMBER * 0.8, bold=True, halign="center", valign="middle",
                                size_hint_x=None, width=POINTS_WIDTH))
            self.points_labels[letter] = points
            row.add_widget(points)
            rows.add_widget(row)
        self.quick_total = Text(font_size=theme.FONT_TABLE, bold=True, halign="right")
        rows.add_widget(self.quick_total)
        rows.add_widget(Widget())
        self.body.add_widget(rows)
        self.body.add_widget(Widget())
        self._show_quick_values()

    def _show_quick_values(self) -> None:
        counts = self.quick_counts(self.seat)
        doubling = self.controller.session.state.doubling
        total = 0
        for (what, letter), stepper in self.steppers.items():
            stepper.value_label.text = str(counts[what][letter])
        for letter, label in getattr(self, "points_labels", {}).items():
            points = cluster_points(counts["sizes"][letter], counts["squirrels"][letter], doubling)
            total += points
            label.text = f"= {points}"
        if getattr(self, "quick_total", None) is not None:
            self.quick_total.text = f"{self.controller.players[self.seat].name}: {counted(total, 'point')}"
