"""The strip of seats along the top of the Nuts about Mutts table: every hand size as a big number in
seat order, clockwise from left to right, with whose turn it is, the dog house, the dealer and the
top dog."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from ui import theme
from ui.games.nuts_about_mutts.widgets import (
    Filled,
    Fonts,
    KeyNumber,
    MuttsTag,
    Shape,
    Sizes,
    Wrapped,
    count_width,
    line_height,
    lines_needed,
    tag_height,
    tag_width,
    text_width,
)

TILE_PADDING = (dp(3), dp(1))
TILE_SPACING = dp(2)
MARK_GAP = dp(4)
STRIP_GAP = dp(4)


@dataclass(frozen=True)
class Status:
    word: str
    fill: str   # the theme's colour, looked up when drawn (high contrast changes it)


DOG_HOUSE = Status("DOG HOUSE", "DANGER")
DEALER = Status("DEALS", "TEXT_DIM")
TURN = Status("TURN", "ACCENT")
TOP_DOG = Status("TOP DOG", "OK")
NEXT = Status("NEXT", "SURFACE_HIGH")
# What a family acts on has a place on every seat: the strip keeps room for all of these at once (a
# dealer in the dog house), and whose turn it is is the seat's thick ring. The other words are shown
# where room is left beside them.
ALWAYS = (DOG_HOUSE, DEALER)
WHEN_ROOM = (TURN, TOP_DOG, NEXT)


def count_gap() -> float:
    """Between the hand size and the name: a hand of ten or more never touches the name."""
    return Sizes.wide(dp(8))


def mark_width(status: Status) -> float:
    return tag_width(status.word, Fonts.table())


def pack(widths: Sequence[float], room: float, lines: int) -> list[int | None]:
    """The line each mark goes on, in order, each on the first line it fits; None where none has room."""
    used = [0.0] * lines
    placed: list[int | None] = []
    for width in widths:
        line = next((index for index, taken in enumerate(used)
                     if taken + (MARK_GAP if taken else 0) + width <= room), None)
        if line is not None:
            used[line] += (MARK_GAP if used[line] else 0) + width
        placed.append(line)
    return placed


def lines_for_marks(room: float) -> int:
    """How many lines of marks a seat needs so that every mark in ALWAYS fits at once."""
    widths = [mark_width(status) for status in ALWAYS]
    return next((lines for lines in range(1, len(ALWAYS) + 1) if None not in pack(widths, room, lines)), len(ALWAYS))


class SeatTile(Filled, BoxLayout):
    """One seat: the hand size (a key number read from across the table) beside the whole name and the
    player's shape, and under them the marks that change play. Whose turn it is shows on the seat
    itself: a lighter fill and a thick ring around it."""

    # The seat's number and marks reach its edges (six seats share the 7" panel's height): the ring
    # goes around them, in the gap between the seats.
    RING_OUTSIDE = True

    def __init__(self, player, seat: int, summary: dict, top_dog: Sequence[int], **kwargs):
        super().__init__(orientation="vertical", padding=[TILE_PADDING[0], TILE_PADDING[1]], spacing=TILE_SPACING,
                         **kwargs)
        self.seat = seat
        self.head = BoxLayout(spacing=count_gap(), size_hint_y=None)
        self.count = KeyNumber(size_hint=(None, None), width=count_width(), height=KeyNumber.height_for(
            Sizes.count_font()), pos_hint={"center_y": 0.5})
        self.head.add_widget(self.count)
        words = BoxLayout(orientation="vertical")
        words.add_widget(Widget())
        # Regular weight: six long names fit beside their numbers on the 7" panel.
        self.name = Wrapped(text=player.name, font_size=Fonts.table(), size_hint_y=None,
                            height=line_height(Fonts.table()))
        words.add_widget(self.name)
        identity = player.identity
        side = Sizes.wide(dp(22))
        self.symbol = Shape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb), size_hint=(None, None),
                            size=(side, side))
        words.add_widget(self.symbol)
        words.add_widget(Widget())
        self.head.add_widget(words)
        self.add_widget(self.head)
        self.marks = BoxLayout(orientation="vertical", spacing=TILE_SPACING, size_hint_y=None)
        self.add_widget(self.marks)
        self.tags: dict[Status, MuttsTag] = {}
        self.statuses: list[Status] = []
        self.shown: list[Status] = []
        self.mark_lines(1)
        self.bind(width=self._place_marks)
        self.update(summary, top_dog)

    def mark_lines(self, lines: int) -> None:
        """The lines of marks the strip keeps on every seat (each one mark high)."""
        self.marks.clear_widgets()
        for _ in range(lines):
            self.marks.add_widget(BoxLayout(spacing=MARK_GAP, size_hint_y=None, height=tag_height(Fonts.table())))
        self.marks.height = lines * tag_height(Fonts.table()) + (lines - 1) * TILE_SPACING
        self._place_marks()

    def update(self, summary: dict, top_dog: Sequence[int]) -> None:
        """Show the table's state now (`top_dog`: the seats on the lowest total, from the outcome); the
        tile itself stays, so a move redraws only what changed."""
        seat = self.seat
        turn = summary["to_act"].get("seat")
        players = len(summary["hand_sizes"])
        self.is_turn = turn == seat
        self.paint(theme.SURFACE_HIGH if self.is_turn else theme.SURFACE,
                   theme.ACCENT if self.is_turn else None, ring_width=dp(2))
        self.count.text = str(summary["hand_sizes"][seat])
        applies = {
            DOG_HOUSE: seat in summary["dog_house"],
            DEALER: seat == summary["dealer"],
            TURN: self.is_turn,
            TOP_DOG: seat in top_dog,
            NEXT: turn is not None and seat == (turn + 1) % players and not self.is_turn,
        }
        self.statuses = [status for status in (*ALWAYS, *WHEN_ROOM) if applies[status]]
        self._place_marks()

    def _place_marks(self, *_):
        rows = list(reversed(self.marks.children))
        for row in rows:
            row.clear_widgets()
        room = self.width - 2 * TILE_PADDING[0]
        tags = [self._tag(status) for status in self.statuses]
        placed = pack([tag.width for tag in tags], room, len(rows))
        self.shown = []
        for status, tag, line in zip(self.statuses, tags, placed):
            if tag.parent is not None:
                tag.parent.remove_widget(tag)
            if line is not None:
                rows[line].add_widget(tag)
                self.shown.append(status)
        for row in rows:
            row.add_widget(Widget())

    def _tag(self, status: Status) -> MuttsTag:
        fill = getattr(theme, status.fill)
        tag = self.tags.get(status)
        if tag is None:
            tag = self.tags[status] = MuttsTag(status.word, fill, font_size=Fonts.table())
        tag.paint(fill)
        tag.color = theme.readable_text_on(fill)
        return tag

    @property
    def tag_words(self) -> list[str]:
        """The words that apply to the seat now (the marks in ALWAYS are always among those shown)."""
        return [status.word for status in self.statuses]

    @property
    def ring_shown(self) -> bool:
        return self.is_turn and self._ring_colour.rgba[3] > 0


class SeatStrip(GridLayout):
    """Every seat clockwise from the top left, in one row when every name fits on one line beside its
    number and the marks fit the seat, else in two rows (three seats a row at six players). A name too
    long even then wraps at a space and the rows grow; a name is never cut."""

    def __init__(self, players, summary: dict, top_dog: Sequence[int], **kwargs):
        super().__init__(cols=len(players), spacing=STRIP_GAP, size_hint_y=None, **kwargs)
        self.players = players
        self.tiles: dict[int, SeatTile] = {}
        for seat, player in enumerate(players):
            tile = SeatTile(player, seat, summary, top_dog)
            self.tiles[seat] = tile
            self.add_widget(tile)
        self.bind(width=self._arrange)
        self._arrange()

    def update(self, summary: dict, top_dog: Sequence[int]) -> None:
        for tile in self.tiles.values():
            tile.update(summary, top_dog)

    def mark_room(self, cols: int) -> float:
        return (self.width - STRIP_GAP * (cols - 1)) / cols - 2 * TILE_PADDING[0]

    def name_room(self, cols: int) -> float:
        return self.mark_room(cols) - count_width() - count_gap()

    def _arrange(self, *_):
        count = len(self.players)
        names = [player.name for player in self.players]
        widest_mark = max(mark_width(status) for status in ALWAYS)
        one_row = (widest_mark <= self.mark_room(count)
                   and all(text_width(name, Fonts.table(), False) <= self.name_room(count) for name in names))
        cols = count if one_row else -(-count // 2)
        rows = -(-count // cols)
        self.cols = cols
        lines = max(lines_needed(name, Fonts.table(), self.name_room(cols), False) for name in names)
        name_height = line_height(Fonts.table()) * lines
        mark_lines = lines_for_marks(self.mark_room(cols))
        for tile in self.tiles.values():
            tile.name.height = name_height
            tile.head.height = max(tile.count.height, name_height + tile.symbol.height)
            tile.mark_lines(mark_lines)
        first = self.tiles[0]
        tile_height = first.head.height + TILE_SPACING + first.marks.height + 2 * TILE_PADDING[1]
        self.row_force_default = True
        self.row_default_height = tile_height
        self.height = rows * tile_height + (rows - 1) * STRIP_GAP
