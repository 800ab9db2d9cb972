"""The strip of seats along the top of the Nuts about Mutts table: every hand size as a big number in
seat order, clockwise from left to right, with whose turn it is, the dog house, the dealer and the top
dog. Laid out once (seats.kv) and bound to the seats' models; the arrangement (one row or two, the
lines a name and the marks take) follows the strip's width."""

from __future__ import annotations

from typing import Any, Sequence

from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from ui import theme
from ui.games.nuts_about_mutts.model import ALWAYS, STATUSES, SeatModel, Status
from ui.widgets.basics import Panel
from ui.widgets.count import Number
from ui.widgets.hiding import hide
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge, Tag  # noqa: F401  (SeatBadge named in seats.kv)
from ui.widgets.sizes import sizes
from ui.widgets.text import font_to_fit, line_height, lines_needed, text_width

# Six long names fit beside their numbers on the 7" panel, three to a row: the seat's sides are
# narrow. The number's box is as tall as its digits, so the tile keeps a little room above it and
# between it and the marks under it; under two rows of seats the pad's tallest step (the dog house)
# has just the room it needs left.
SIDE = dp(2)
FOOT = dp(1)           # a mark's chip has room around its word already
NAME_GAP = dp(8)       # these three grow with the screen (sizes.wide)
ROOM_ABOVE = dp(3)
MARKS_GAP = dp(3)
MARK_GAP = dp(4)
MARK_LINE_GAP = dp(2)
STRIP_GAP = dp(4)
TAG_PADDING = dp(10)   # the kit's Tag: its word and this much room around it
BADGE_SPACING = dp(6)  # between the shape and the name where the shape stands beside it


# The marks keep to the least size read from the seats, with Larger text too: six seats' marks and
# names share two rows over the pad.
def mark_font() -> float:
    return float(sizes.least_table)


def mark_width(status: Status) -> float:
    return text_width(status.word, mark_font(), True) + TAG_PADDING


def tag_height() -> float:
    """As tall as the kit's Tag draws itself at the size read from the seats."""
    return max(line_height(mark_font()) + dp(2), mark_font() * 1.3)


def count_width() -> float:
    """Room for the widest hand size a seat shows, so a name never reflows when a hand reaches 10."""
    return text_width("88", sizes.font_key, True)


def fits(name: str, font: float, room: float, tall: float) -> bool:
    """Whether `name` is whole in `room` by `tall` at `font`, wrapped at its spaces."""
    return (max(text_width(word, font) for word in name.split() or [""]) <= room
            and lines_needed(name, font, room) * line_height(font) <= tall)


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
    """The fewest lines of marks a seat needs to show every mark in ALWAYS at once."""
    widths = [mark_width(status) for status in ALWAYS]
    return next((lines for lines in range(1, len(ALWAYS) + 1) if None not in pack(widths, room, lines)), len(ALWAYS))


class SeatTile(Panel):
    """One seat: the hand size (a key number read from across the table) beside the player's shape and
    whole name, and under them the marks that change play. Whose turn it is shows on the seat itself:
    a lighter fill and a thick ring around it, in the gap between the seats (the seat's number and
    marks reach its edges)."""

    seat = ObjectProperty(None, rebind=True)
    count_width = NumericProperty(0)
    name_gap = NumericProperty(NAME_GAP)
    name_height = NumericProperty(0)
    name_font = NumericProperty(theme.FONT_TABLE)
    symbol_beside = BooleanProperty(False)   # the shape left of the name, not over it
    mark_lines = NumericProperty(1)
    tag_height = NumericProperty(0)
    count: Number
    badge: SeatBadge
    marks: Widget

    def __init__(self, seat: SeatModel, **kwargs: Any) -> None:
        super().__init__(seat=seat, ring_outside=True, **kwargs)
        self.tags: dict[Status, Tag] = {}
        for status in STATUSES:
            tag = Tag(text=status.word, opacity=0, font_size=mark_font())
            self.tags[status] = tag
            self.ids["marks"].add_widget(tag)
            hide(tag, True)
        seat.fbind("turn", self._paint)
        seat.fbind("marks", self._place_marks)
        theme.palette.bind(version=self._paint)
        for name in ("pos", "size"):
            self.ids["marks"].fbind(name, self._place_marks)
        self._paint()

    @property
    def name(self) -> Any:
        """The name's label."""
        return self.badge.label

    @property
    def is_turn(self) -> bool:
        return bool(self.seat.turn)

    @property
    def ring_shown(self) -> bool:
        return self.is_turn and self.ring[3] > 0

    @property
    def tag_words(self) -> list[str]:
        """The words that apply to the seat now (the marks in ALWAYS are always among those shown)."""
        return [status.word for status in self.seat.marks]

    def _paint(self, *_: Any) -> None:
        palette = theme.palette
        self.lit = bool(self.seat.turn)
        self.ring = palette.accent if self.seat.turn else [0, 0, 0, 0]
        for status, tag in self.tags.items():
            tag.fill = getattr(palette, status.fill)

    def _place_marks(self, *_: Any) -> None:
        marks = self.ids["marks"]
        statuses = list(self.seat.marks)
        lines = int(self.mark_lines)
        placed = pack([mark_width(status) for status in statuses], marks.width, lines)
        at = dict(zip(statuses, placed))
        used = [0.0] * lines
        tall = self.tag_height
        for status, tag in self.tags.items():
            line = at.get(status)
            hide(tag, line is None)
            if line is None:
                continue
            x = marks.x + used[line] + (MARK_GAP if used[line] else 0)
            used[line] = x - marks.x + mark_width(status)
            tag.pos = (x, marks.top - (line + 1) * tall - line * MARK_LINE_GAP)


class SeatStrip(GridLayout):
    """Every seat clockwise from the top left, in one row when every name fits on one line beside its
    number and the marks fit the seat, else in two rows (three seats a row at six players). A name too
    long even then wraps at a space and the rows grow; a name is never cut."""

    def __init__(self, seats: Sequence[SeatModel], **kwargs: Any) -> None:
        super().__init__(cols=len(seats), spacing=STRIP_GAP, size_hint_y=None, row_force_default=True, **kwargs)
        self.names = [seat.player.name for seat in seats]
        self.tiles: dict[int, SeatTile] = {}
        for index, seat in enumerate(seats):
            tile = SeatTile(seat)
            self.tiles[index] = tile
            self.add_widget(tile)
        self.fbind("width", self._arrange)
        sizes.bind(scale=self._arrange)
        self._arrange()

    def mark_room(self, cols: int) -> float:
        return (self.width - STRIP_GAP * (cols - 1)) / cols - 2 * SIDE

    def name_room(self, cols: int) -> float:
        return self.mark_room(cols) - count_width() - sizes.wide(NAME_GAP)

    @staticmethod
    def _place_name(name: str, font: float, room: float, beside_room: float, tall: float,
                    beside_tall: float) -> tuple[float, bool]:
        """The name's type size, and whether its shape goes beside it: under the shape in the table's
        type where it fits; where it would have to be smaller there, beside the shape if that keeps it
        larger (the name then has the number's whole height). Never under the least read from the
        seats where it fits that way; a name of three long words may take the smallest type."""
        for least in (sizes.least_table, sizes.font_small):
            under = font_to_fit(name, font, least, room, tall, step=sp(2))
            if under >= font and fits(name, under, room, tall):
                return under, False
            beside = font_to_fit(name, font, least, beside_room, beside_tall, step=sp(2))
            size, aside = (beside, True) if beside > under else (under, False)
            if fits(name, size, beside_room if aside else room, beside_tall if aside else tall):
                return size, aside
        return size, aside

    def _arrange(self, *_: Any) -> None:
        count = len(self.names)
        font = sizes.font_table
        widest_mark = max(mark_width(status) for status in ALWAYS)
        one_row = (widest_mark <= self.mark_room(count)
                   and all(text_width(name, font) <= self.name_room(count) for name in self.names))
        cols = count if one_row else -(-count // 2)
        rows = -(-count // cols)
        self.cols = cols
        mark_lines = lines_for_marks(self.mark_room(cols))
        tall = tag_height()
        symbol = sizes.wide(dp(22))
        number = Number.height_for(sizes.font_key)
        marks = mark_lines * tall + (mark_lines - 1) * MARK_LINE_GAP
        below_head = sizes.wide(MARKS_GAP) + marks + sizes.wide(ROOM_ABOVE) + FOOT
        # Two rows of seats leave the pad under them just the room it needs, so there a name has the
        # height beside the number; one row may grow as tall as two.
        spare = 0 if rows > 1 else number + below_head + STRIP_GAP
        room = self.name_room(cols)
        beside_room = room - symbol - BADGE_SPACING
        placed = [self._place_name(name, font, room, beside_room, number - symbol + spare, number + spare)
                  for name in self.names]
        head = max(number, *(lines_needed(name, size, beside_room if beside else room) * line_height(size)
                             + (0 if beside else symbol) for name, (size, beside) in zip(self.names, placed)))
        for tile, (size, beside) in zip(self.tiles.values(), placed):
            tile.name_font, tile.symbol_beside = size, beside
            # Every seat's head as tall, so the marks stand on one line across a row.
            tile.name_height = head - (0 if beside else symbol)
            tile.count_width = count_width()
            tile.name_gap = sizes.wide(NAME_GAP)
            tile.padding = (SIDE, sizes.wide(ROOM_ABOVE), SIDE, FOOT)
            tile.spacing = sizes.wide(MARKS_GAP)
            tile.tag_height = tall
            tile.mark_lines = mark_lines
        self.row_default_height = head + below_head
        self.height = rows * self.row_default_height + (rows - 1) * STRIP_GAP
        for tile in self.tiles.values():
            tile._place_marks()


load_kv(__file__)
