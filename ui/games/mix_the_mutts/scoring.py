"""After a tile is connected: the scoring grid, where each player taps the new dogs they score and
the active player taps *Finish turn*, under a heading that says so in the sheet's words. Made once
for the game, with a row for as many dogs as a tile can make; a tile shows the rows it needs, and a
tap changes what the cells say. When a score is being fixed, the cell it says was tapped is marked and
brought into sight."""

from __future__ import annotations

from typing import Any, Sequence

from kivy.graphics import Color, Line
from kivy.metrics import dp
from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.games.mix_the_mutts.state import BREEDS, MAX_NEW_DOGS
from ui import theme
from ui.games.mix_the_mutts.model import MuttsModel, SeatModel, points_word
from ui.widgets.basics import BigButton, Panel, Text
from ui.widgets.count import Count
from ui.widgets.kv import load_kv
from ui.widgets.symbols import SymbolShape  # noqa: F401  (named in scoring.kv)
from ui.widgets.text import line_height, text_width

SCORED = "Scored"
# The cell of the score being fixed: what the move says was tapped, marked in words and a ring.
TOLD = "It says this"
RING_WIDTH = dp(3)
# What to do, in the sheet's words: anyone holding the matching cards shows them and scores.
CALL = "Have both cards of a new dog? Show them, tap Score."
# The grid's rows, top down: names, hand sizes (key numbers), points; then one row per new dog.
HAND_ROW = dp(88)
POINTS_ROW = dp(36)
LABEL_WIDTH = dp(124)
FINISH_WIDTH = dp(116)
SYMBOL = dp(26)
COLUMN_PADDING = dp(2)


def score_words(points: int) -> str:
    """What a tap on a dog's cell does: adds what the dog is worth to that player's total."""
    return f"Score +{points}"


def who_scores(active: str) -> str:
    """The sheet's limits, said for this turn: the active player scores any number, everyone else one."""
    return f"{active} may score every new dog, others one each; then Finish turn."


def dog_pair(head: str, tail: str) -> str:
    """A new dog as the two breeds its cards show, one a line: short enough for the grid's first column."""
    return f"purebreed\n{head}" if head == tail else f"{head}\n+ {tail}"


def points_row() -> float:
    """The points' row: a line of their type, as big as Larger text makes it."""
    return max(POINTS_ROW, line_height(theme.FONT_TITLE))


def label_width() -> float:
    """The first column: as wide as the longest line a new dog is written in ("+ pomeranian"), so no
    breed is broken, in Larger text too."""
    lines = ["purebreed", *(f"+ {breed}" for breed in BREEDS)]
    return max(LABEL_WIDTH, max(text_width(line, theme.FONT_BODY) for line in lines) + dp(4))


def hand_width(hand: int) -> float:
    """A hand's key number with no caption of its own (the first column says what it counts)."""
    return Count.width_beside("", len(str(hand)))


def column_shares(names: Sequence[str]) -> list[float]:
    """How the players' columns share the grid's width: each as wide as its whole name in bold (the
    active player's) in the least type read from the seats, but never narrower than a two-digit hand
    beside the shape or a cell's words ("Scored", or "Score +N" with room for three digits of points),
    so four long names fit on the 7" panel where equal columns would cut the longest. With Larger text
    a name takes that least type only where its column has no room for more."""
    words = max(text_width(text, theme.FONT_BODY, bold=True) for text in (SCORED, TOLD, score_words(888)))
    least = max(SYMBOL + dp(4) + hand_width(10), words + 2 * theme.GAP)
    return [max(least, text_width(name, theme.LEAST_TABLE, bold=True)) + 2 * COLUMN_PADDING for name in names]


class CallLine(Text):
    """What to do, on one line where the least type read from the seats lets it: with Larger text two
    lines of the larger type would take the room of a row of cells on the 7" panel."""

    def words_room(self) -> tuple[float, float]:
        return self.width, line_height(self._asked_font)


class MixScoringColumn(Panel):
    """A player's column head: their whole name, their hand (a key number) beside their shape, their
    points. The active player's column is lit."""

    seat = ObjectProperty(None)

    def __init__(self, seat: SeatModel, **kwargs: Any) -> None:
        super().__init__(seat=seat, padding=[COLUMN_PADDING, dp(2)], spacing=0, lit=seat.active, **kwargs)
        seat.fbind("active", self.setter("lit"))


class MixDogRow(BoxLayout):
    """One new dog: its breeds, then a cell per player saying what a tap there does. `ring_on` is the
    cell ringed (the score being fixed), so it is marked by a shape, not by colour alone."""

    ring_on = ObjectProperty(None, allownone=True)

    def __init__(self, seats: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cells = [BigButton(font_size=theme.FONT_BODY, size_hint_y=1) for _ in range(seats)]
        for cell in self.cells:
            self.add_widget(cell)
            cell.bind(pos=self._draw_ring, size=self._draw_ring)
        with self.canvas.after:
            self._ring_colour = Color(0, 0, 0, 0)
            # A line wider than a pixel is drawn through the stencil: a ring with nothing to show is a pixel wide.
            self._ring = Line(width=1)
        self.bind(ring_on=self._draw_ring)
        theme.palette.bind(version=self._draw_ring)

    def _draw_ring(self, *_: Any) -> None:
        cell = self.ring_on
        self._ring_colour.rgba = theme.palette.text if cell is not None else (0, 0, 0, 0)
        self._ring.width = RING_WIDTH if cell is not None else 1
        if cell is not None:
            inset = RING_WIDTH
            self._ring.rounded_rectangle = (cell.x + inset, cell.y + inset, max(0, cell.width - 2 * inset),
                                            max(0, cell.height - 2 * inset), theme.RADIUS)


class MixScoringGrid(BoxLayout):
    """After a tile: one row per new dog, one column per player; a tap records that player scoring
    it. The first column holds *Finish turn* and says what each header row counts, like a score
    sheet, so every column has its whole width for the player's whole name, table-sized. A cell the
    rules would refuse is greyed and says why when tapped."""

    model = ObjectProperty(None)

    __events__ = ("on_finish", "on_score")

    def __init__(self, model: MuttsModel, **kwargs: Any) -> None:
        super().__init__(model=model, **kwargs)
        shares = column_shares([player.name for player in model.players])
        self.columns: list[MixScoringColumn] = []
        for seat_model, share in zip(model.seats, shares):
            column = MixScoringColumn(seat_model, size_hint_x=share)
            self.columns.append(column)
            self.ids["header"].add_widget(column)
        self.dog_rows = [MixDogRow(len(model.seats)) for _ in range(MAX_NEW_DOGS)]
        for index, row in enumerate(self.dog_rows):
            for seat, (cell, share) in enumerate(zip(row.cells, shares)):
                # Each cell under its player's column.
                cell.size_hint_x = share
                cell.bind(on_release=lambda _, s=seat, i=index: self.dispatch("on_score", s, i))
        # The cells of the dogs shown, by (dog, seat).
        self.buttons: dict[tuple[int, int], BigButton] = {}
        self.bind(height=self._fit)
        self.ids["call"].bind(height=self._fit)
        self._shown_rows = 0
        # (dog, seat) of the score being fixed, kept in sight as the grid is laid out.
        self.told: tuple[int, int] | None = None
        self.ids["rows"].bind(height=self._bring_told_into_sight)
        self.ids["scroller"].bind(height=self._bring_told_into_sight)

    @property
    def finish_button(self) -> BigButton:
        return self.ids["finish_button"]

    @property
    def hands(self) -> list[Count]:
        return [column.ids["hand"] for column in self.columns]

    @property
    def totals(self) -> list[Label]:
        return [column.ids["total"] for column in self.columns]

    def points_caption(self) -> str:
        return points_word(self.model.junior, 2)

    def show(self, refusals: Sequence[Sequence[str | None]]) -> None:
        """The last tile's dogs, each cell done or still to tap, and greyed with the reason where the
        rules would refuse it (`refusals[seat][dog]`)."""
        dogs = self.model.new_dogs
        if len(dogs) != self._shown_rows:
            self._shown_rows = len(dogs)
            rows = self.ids["rows"]
            rows.clear_widgets()
            for row in self.dog_rows[:len(dogs)]:
                rows.add_widget(row)
            self.buttons = {(index, seat): cell for index, row in enumerate(self.dog_rows[:len(dogs)])
                            for seat, cell in enumerate(row.cells)}
            self._fit()
        for index, ((head, tail), points) in enumerate(zip(dogs, self.model.new_dog_points)):
            row = self.dog_rows[index]
            row.ids["dog"].text = dog_pair(head, tail)
            for seat, (model, cell) in enumerate(zip(self.model.seats, row.cells)):
                done = index in model.scored_dogs
                # The cell says what a tap does (the points it adds) until it is done, then that it is done.
                cell.text = SCORED if done else TOLD if (index, seat) == self.told else score_words(points)
                cell.kind = "ok" if done else "normal"
                cell.disabled_reason = "" if done else (refusals[seat][index] or "")

    def mark_told(self, index: int, seat: int) -> None:
        """The score being fixed was `seat`'s of the new dog at `index`: its cell says so, ringed, and is
        scrolled into sight."""
        self.told = (index, seat)
        for place, row in enumerate(self.dog_rows):
            row.ring_on = row.cells[seat] if place == index else None
        self.dog_rows[index].cells[seat].text = TOLD
        self._bring_told_into_sight()

    def _bring_told_into_sight(self, *_: Any) -> None:
        """The told cell's row scrolled just into sight, the rows above it in sight as far as room allows."""
        if self.told is None or self.told[0] >= self._shown_rows:
            return
        scroller, rows = self.ids["scroller"], self.ids["rows"]
        overflow = rows.height - scroller.height
        if overflow <= 0:
            scroller.scroll_y = 1
            return
        index = self.told[0]
        spacing = rows.spacing[1]
        below_top = sum(row.height + spacing for row in self.dog_rows[:index]) + self.dog_rows[index].height
        scroller.scroll_y = 1 - min(overflow, max(0.0, below_top - scroller.height)) / overflow

    def _fit(self, *_: Any) -> None:
        """A bigger screen gives the dogs' rows more room; the 7" panel keeps two of them under the
        header, more scroll."""
        shown = self.dog_rows[:self._shown_rows]
        above = self.ids["call"].height + self.ids["header"].height + 2 * self.spacing
        room = (self.height - above) / max(2, len(shown)) - self.ids["rows"].spacing[1]
        for row in shown:
            row.height = max(theme.TARGET, min(room, dp(88)))

    def on_finish(self) -> None:
        """Finish turn was tapped."""

    def on_score(self, seat: int, index: int) -> None:
        """`seat`'s cell of the new dog at `index` was tapped."""


load_kv(__file__)
