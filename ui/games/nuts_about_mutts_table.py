"""The Nuts about Mutts table: a strip of seats along the top (every hand size as a big number in
seat order, clockwise from left to right, with whose turn, the dog house, dealer and running scores),
and beside the action pad the hand, the dealer, the draw and home piles, the top card and the colour
to follow; the card count breakdown on demand."""

from __future__ import annotations

from functools import lru_cache

from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from ui import theme
from ui.games.nuts_about_mutts_parts import (
    SPECIAL_SHAPE,
    Choice,
    ColourMark,
    Filled,
    Fonts,
    Shape,
    Sizes,
    Tag,
    Wrapped,
    colour_look,
)
from ui.widgets.basics import Panel, Text, popup_header

CARD_NAMES = {"mutt": "Mutt", "flea": "Flea", "fire_hydrant": "Fire Hydrant", "pedigree": "Pedigree",
              "dog_house": "Dog House"}
TILE_PADDING = (dp(4), dp(1))
TILE_SPACING = dp(2)
STRIP_GAP = dp(4)


@lru_cache(maxsize=2048)
def text_width(text: str, font_size: float, bold: bool = True) -> float:
    label = CoreLabel(text=text, font_size=font_size, bold=bold)
    label.refresh()
    return label.texture.size[0] if label.texture else 0


@lru_cache(maxsize=64)
def line_height(font_size: float) -> float:
    label = CoreLabel(text="Hg", font_size=font_size)
    label.refresh()
    return label.texture.size[1]


def lines_needed(text: str, font_size: float, width: float, bold: bool = True) -> int:
    """How many lines `text` takes when wrapped at spaces in `width` (a word never breaks)."""
    lines, current = 1, ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and text_width(candidate, font_size, bold) > width:
            lines, current = lines + 1, word
        else:
            current = candidate
    return lines


@lru_cache(maxsize=8)
def tag_height(font_size: float) -> float:
    return Tag("X", theme.SURFACE, font_size=font_size).height


def count_width() -> float:
    """Room for the widest hand size a seat shows, so a name never reflows when a hand reaches 10."""
    return text_width("88", Sizes.count_font())


class SeatTile(Filled, BoxLayout):
    """One seat: the hand size (a key number read from across the table) beside the whole name, and
    under the name the player's shape and the tags that change play. Whose turn it is shows on the
    seat itself: a lighter fill and a thick ring."""

    def __init__(self, player, seat: int, summary: dict, **kwargs):
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
        self.update(summary)

    def update(self, summary: dict) -> None:
        """Show the table's state now; the tile itself stays, so a move redraws only what changed."""
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
        if seat in summary["top_dog"]:
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

    def __init__(self, players, summary: dict, **kwargs):
        super().__init__(cols=len(players), spacing=STRIP_GAP, size_hint_y=None, **kwargs)
        self.players = players
        self.tiles: dict[int, SeatTile] = {}
        for seat, player in enumerate(players):
            tile = SeatTile(player, seat, summary)
            self.tiles[seat] = tile
            self.add_widget(tile)
        self.bind(width=self._arrange)
        self._arrange()

    def update(self, summary: dict) -> None:
        for tile in self.tiles.values():
            tile.update(summary)

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


class TopCard(Filled, BoxLayout):
    """The top of the home pile as a little card: fill and shape for the colour, and words."""

    def __init__(self, summary: dict, colours, width: float, **kwargs):
        super().__init__(orientation="vertical", padding=[dp(6), dp(2)], **kwargs)
        self.width = width
        top = summary["top_card"]
        follow = summary["colour_to_follow"]
        caption = "Top card"
        if top is None:
            words, rgb, shape = "none yet", theme.SURFACE_HIGH, None
        elif top["card"] == "dog":
            rgb, shape = colour_look(top.get("colour"), colours)
            known = [str(part) for part in (top.get("colour"), top.get("number")) if part is not None]
            if known:
                words = " ".join(known)
            else:
                # Played with one tap: only the advanced game needs it named, and its pad offers that.
                if summary["advanced"]:
                    caption, words = "Top: a dog", "not named"
                else:
                    words = "a dog card"
        else:
            words, rgb, shape = CARD_NAMES[top["card"]], theme.TEXT, SPECIAL_SHAPE
        # The box takes the colour that matters next: the one to follow after a wild, else the top dog's.
        if follow:
            fill = theme.with_alpha(colour_look(follow, colours)[0])
        elif top and top["card"] == "dog" and top.get("colour"):
            fill = theme.with_alpha(rgb)
        else:
            fill = theme.SURFACE_HIGH
        self.paint(fill)
        ink = theme.readable_text_on(fill)
        self.follow = None
        self.words = None
        font = Fonts.table()
        self.add_widget(Widget())
        if follow:
            # After a wild the colour to follow is what the next player needs: the wild names the box,
            # the colour (word and shape) is the big line.
            said = f"{words}: follow"
            caption = said if text_width(said, font) <= self.room() else words
            self.add_widget(Wrapped(text=caption, font_size=font, bold=False, color=ink, size_hint_y=None,
                                    height=line_height(font)))
            self.follow = ColourMark(follow, colours, font_size=font, size_hint_y=None, height=line_height(font))
            self.follow.label.color = ink
            self.follow.symbol.rgba = theme.with_alpha(ink)
            self.add_widget(self.follow)
        else:
            self.add_widget(Wrapped(text=caption, font_size=font, color=ink, size_hint_y=None,
                                    height=line_height(font)))
            row = BoxLayout(spacing=dp(4), size_hint_y=None, height=line_height(font))
            if shape:
                row.add_widget(Shape(shape=shape, rgba=theme.with_alpha(ink), size_hint=(None, 1),
                                     width=Sizes.wide(dp(22))))
            self.words = Wrapped(text=words, font_size=font, bold=True, color=ink)
            row.add_widget(self.words)
            self.add_widget(row)
        self.add_widget(Widget())

    def room(self) -> float:
        return self.width - self.padding[0] - self.padding[2]

    @staticmethod
    def height_needed() -> float:
        return 2 * line_height(Fonts.table()) + dp(4)


class CardsPopup(ModalView):
    """Where all the cards are: hands + draw + home + dog house = the deck."""

    def __init__(self, summary: dict, names: list[str], **kwargs):
        super().__init__(size_hint=(0.9, 0.9), **kwargs)
        cards = summary["cards"]
        panel = Panel(orientation="vertical")
        panel.add_widget(popup_header("Where the cards are", self.dismiss))
        hands = "  +  ".join(f"{name} {count}" for name, count in zip(names, summary["hand_sizes"]))
        lines = [
            f"In hands: {cards['in_hands']}   ({hands})",
            f"Draw pile: {cards['draw_pile']}",
            f"Home pile: {cards['home_pile']}",
            f"Dog House cards in front of players: {cards['in_front_of_players']}",
            f"[b]{cards['in_hands']} + {cards['draw_pile']} + {cards['home_pile']} + {cards['in_front_of_players']}"
            f" = {cards['deck']} cards in the deck[/b]",
            f"Bones: {cards['bones_on_table']} on the table, {cards['bones_in_box']} left in the box",
        ]
        self.lines = [Text(text=line, markup=True) for line in lines]
        for line in self.lines:
            panel.add_widget(line)
        panel.add_widget(Widget())
        self.add_widget(panel)


class TableInfo(Panel):
    """Beside the pad: the top card, the piles (tap for where every card is) and which hand this is;
    the hand steps aside when the column is too short for it (six players on the 7" panel)."""

    def __init__(self, controller, summary: dict, **kwargs):
        super().__init__(orientation="vertical", padding=dp(4), spacing=Sizes.gap(), **kwargs)
        self.names = [player.name for player in controller.session.players]
        self.colours = controller.session.state.colours
        self.top_card = None
        self.cards_button = Choice("", font_size=Fonts.small())
        self.add_widget(self.cards_button)
        self.info = Wrapped(font_size=Fonts.table(), size_hint_y=None, height=line_height(Fonts.table()))
        self.add_widget(self.info)
        self.add_widget(Widget())
        self.bind(size=self._fit)
        self.update(summary)

    def update(self, summary: dict) -> None:
        hands = summary["hands_in_evening"]
        self.info.text = f"Hand {summary['hand']}{f' of {hands}' if hands else ''}"
        self.cards_button.text = f"Draw pile {summary['draw_pile']}\nHome pile {summary['home_pile']}"
        shown = (summary["top_card"], summary["colour_to_follow"], self.width)
        if self.top_card is not None and self.top_card.shows == shown:
            return
        if self.top_card is not None:
            self.remove_widget(self.top_card)
        self.top_card = TopCard(summary, self.colours, self.width - self.padding[0] - self.padding[2],
                                size_hint_y=None, height=TopCard.height_needed())
        self.top_card.shows = shown
        self._summary = summary
        self.add_widget(self.top_card, index=len(self.children))

    def _fit(self, *_):
        if self.top_card is not None and self.top_card.shows[2] != self.width:
            self.update(self._summary)
        line = line_height(Fonts.table())
        parts = (self.top_card.height if self.top_card else 0) + self.cards_button.height + line
        room = self.height - self.padding[1] - self.padding[3] - 2 * self.spacing
        shown = parts <= room
        self.info.opacity, self.info.height = (1, line) if shown else (0, 0)


class TablePanel:
    """The two parts of the table on screen: the seat strip across the top and the info column. They
    are kept from move to move and updated in place (the pad beside them is rebuilt per step)."""

    def __init__(self, controller, summary: dict):
        self.controller = controller
        session = controller.session
        self.strip = SeatStrip(session.players, summary)
        self.tiles = self.strip.tiles
        self.info = TableInfo(controller, summary, size_hint_x=0.25)
        self.cards_button = self.info.cards_button
        self.cards_button.bind(on_release=lambda *_: self.show_cards())
        self._names = [player.name for player in session.players]
        self.update(summary)

    def update(self, summary: dict) -> None:
        if summary is not getattr(self, "_summary", None):
            self.strip.update(summary)
            self.info.update(summary)
        self._summary = summary

    @property
    def top_card(self):
        return self.info.top_card

    def show_cards(self) -> CardsPopup:
        popup = CardsPopup(self._summary, self._names)
        popup.open()
        return popup
