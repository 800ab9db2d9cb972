"""The strip of seats along the top of the Nuts about Mutts table: every hand size as a big number in
seat order, clockwise from left to right, with whose turn it is, the dog house, the dealer and the
top dog."""

from __future__ import annotations

from typing import Sequence

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme
from ui.games.nuts_about_mutts.widgets import (
    Filled,
    Fonts,
    Shape,
    Sizes,
    Tag,
    Wrapped,
    count_width,
    line_height,
    lines_needed,
    tag_height,
    text_width,
)

TILE_PADDING = (dp(4), dp(1))
TILE_SPACING = dp(2)
STRIP_GAP = dp(4)


class SeatTile(Filled, BoxLayout):
    """One seat: the hand size (a key number read from across the table) beside the whole name, and
    under the name the player's shape and the tags that change play. Whose turn it is shows on the
    seat itself: a lighter fill and a thick ring."""

    def __init__(self, player, seat: int, summary: dict, top_dog: Sequence[int], **kwargs):
        super().__init__(padding=[TILE_PADDING[0], TILE_PADDING[1]], spacing=TILE_SPACING, **kwargs)
        self.seat = seat
        self.count = Label(font_size=Sizes.count_font(), bold=True, color=theme.TEXT, size_hint_x=None,
                           width=count_width())
        self.count.key_number = True
        self.add_widget(self.count)
        words = BoxLayout(orientation="vertical", spacing=TILE_SPACING)
        words.add_widget(Widget())
        # Regular weight: six long names fit beside their numbers on the 7" panel.
        self.name = Wrapped(text=player.name, font_size=Fonts.table(), size_hint_y=None,
                            height=line_height(Fonts.table()))
        words.add_widget(self.name)
        self.footer = BoxLayout(size_hint_y=None, height=tag_height(Fonts.table()), spacing=dp(4))
        words.add_widget(self.footer)
        words.add_widget(Widget())
        self.add_widget(words)
        self.words = words
        identity = player.identity
        side = Sizes.wide(dp(24))
        self.symbol = Shape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb), size_hint=(None, None),
                            size=(side, side), pos_hint={"center_y": 0.5})
        self.shown_tags: list[Tag] = []
        self.words.bind(width=self._fill_footer)
        self.update(summary, top_dog)

    def update(self, summary: dict, top_dog: Sequence[int]) -> None:
        """Show the table's state now (`top_dog`: the seats on the lowest total, from the outcome); the
        tile itself stays, so a move redraws only what changed."""
        seat = self.seat
        turn = summary["to_act"].get("seat")
        players = len(summary["hand_sizes"])
        self.is_turn = turn == seat
        self.paint(theme.SURFACE_HIGH if self.is_turn else theme.SURFACE,
                   theme.ACCENT if self.is_turn else None, ring_width=dp(3))
        self.count.text = str(summary["hand_sizes"][seat])
        # Most important first: a tile with room for fewer shows the first ones.
        words = []
        if seat in summary["dog_house"]:
            words.append(("DOG HOUSE", theme.DANGER))
        if self.is_turn:
            words.append(("TURN", theme.ACCENT))
        if seat in top_dog:
            words.append(("TOP DOG", theme.OK))
        if turn is not None and seat == (turn + 1) % players and not self.is_turn:
            words.append(("NEXT", theme.SURFACE_HIGH))
        if seat == summary["dealer"]:
            words.append(("DEALER", theme.TEXT_DIM))
        self.tags = [Tag(word, fill, font_size=Fonts.table()) for word, fill in words]
        self._fill_footer()

    def _fill_footer(self, *_):
        """The player's shape, then as many tags as the tile has room for."""
        self.footer.clear_widgets()
        self.footer.add_widget(self.symbol)
        room = self.words.width - self.symbol.width
        used = 0.0
        self.shown_tags = []
        for tag in self.tags:
            need = tag.width + self.footer.spacing
            if used + need > room:
                continue
            used += need
            self.shown_tags.append(tag)
            self.footer.add_widget(tag)

    @property
    def tag_words(self) -> list[str]:
        return [tag.text for tag in self.tags]


class SeatStrip(GridLayout):
    """Every seat clockwise from the top left, in one row when every name fits on one line beside its
    number, else in two rows (three seats a row at six players). A name too long even then wraps at a
    space and the rows grow; a name is never cut."""

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

    def name_room(self, cols: int) -> float:
        tile_width = (self.width - STRIP_GAP * (cols - 1)) / cols
        return tile_width - 2 * TILE_PADDING[0] - count_width() - TILE_SPACING

    def _arrange(self, *_):
        count = len(self.players)
        names = [player.name for player in self.players]
        one_row = all(text_width(name, Fonts.table(), False) <= self.name_room(count) for name in names)
        cols = count if one_row else -(-count // 2)
        rows = -(-count // cols)
        self.cols = cols
        lines = max(lines_needed(name, Fonts.table(), self.name_room(cols), False) for name in names)
        name_height = line_height(Fonts.table()) * lines
        words_height = name_height + tag_height(Fonts.table()) + 3 * TILE_SPACING
        tile_height = max(Sizes.count_box(), words_height) + 2 * TILE_PADDING[1]
        for tile in self.tiles.values():
            tile.name.height = name_height
        self.row_force_default = True
        self.row_default_height = tile_height
        self.height = rows * tile_height + (rows - 1) * STRIP_GAP
