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
from ui.games.nuts_about_mutts_parts import (SPECIAL_SHAPE, Choice, ColourMark, Filled, Fonts, Shape, Sizes, Tag,
                                             Wrapped, colour_look)
from ui.widgets.basics import Panel, Text, fitted, popup_header

CARD_NAMES = {"mutt": "Mutt", "flea": "Flea", "fire_hydrant": "Fire Hydrant", "pedigree": "Pedigree",
              "dog_house": "Dog House"}
TILE_PADDING = (dp(6), dp(3))
STRIP_GAP = dp(6)


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


class SeatTile(Filled, BoxLayout):
    """One seat: the whole name, the player's shape beside their hand size (a key number read from
    across the table), and the tags that change play."""

    def __init__(self, player, seat: int, summary: dict, **kwargs):
        super().__init__(orientation="vertical", padding=[TILE_PADDING[0], TILE_PADDING[1]], spacing=dp(1),
                         **kwargs)
        self.seat = seat
        self.name = Wrapped(text=player.name, font_size=Fonts.small(), bold=True, halign="center",
                            size_hint_y=None, height=line_height(Fonts.small()))
        self.add_widget(self.name)

        # The shape and the number as one group in the middle of the tile (an empty box as wide as the
        # shape balances it, so the number itself is centred under the name).
        row = BoxLayout(size_hint_y=None, height=Sizes.count_box(), spacing=dp(4))
        identity = player.identity
        self.symbol = Shape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb), size_hint=(None, None),
                            size=(Sizes.wide(dp(22)), Sizes.wide(dp(22))), pos_hint={"center_y": 0.5})
        self.count = Label(font_size=Sizes.count_font(), bold=True, color=theme.TEXT, size_hint_x=None)
        self.count.bind(texture_size=lambda label, size: setattr(label, "width", size[0]))
        self.count.key_number = True
        balance = Widget(size_hint_x=None, width=Sizes.wide(dp(22)))
        for part in (Widget(), self.symbol, self.count, balance, Widget()):
            row.add_widget(part)
        self.add_widget(row)
        self.footer = BoxLayout(size_hint_y=None, height=tag_height(Fonts.small()), spacing=dp(5))
        self.add_widget(self.footer)
        self.shown_tags: list[Tag] = []
        self.bind(width=self._fill_footer)
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
        self.count.texture_update()
        words = []
        if self.is_turn:
            words.append(("TURN", theme.ACCENT))
        if seat in summary["dog_house"]:
            words.append(("DOG HOUSE", theme.DANGER))
        if seat in summary["top_dog"]:
            words.append(("TOP DOG", theme.OK))
        if turn is not None and seat == (turn + 1) % players and not self.is_turn:
            words.append(("NEXT", theme.SURFACE_HIGH))
        if seat == summary["dealer"]:
            words.append(("DEALER", theme.TEXT_DIM))
        self.tags = [Tag(word, fill, font_size=Fonts.small()) for word, fill in words]
        self.total = summary["scores"]["totals"][seat]
        self.scored = bool(summary["scores"]["hands"])
        self._fill_footer()

    def _fill_footer(self, *_):
        """As many tags as the tile has room for, most important first; the score when it fits too."""
        self.footer.clear_widgets()
        room = self.width - 2 * TILE_PADDING[0]
        used = 0.0
        self.shown_tags = []
        for tag in self.tags:
            need = tag.width + (self.footer.spacing if self.shown_tags else 0)
            if used + need > room:
                continue
            used += need
            self.shown_tags.append(tag)
            self.footer.add_widget(tag)
        score = f"score {self.total}"
        if self.scored and used + text_width(score, Fonts.small(), False) + dp(6) <= room:
            self.footer.add_widget(Widget())
            self.footer.add_widget(fitted(score, Fonts.small(), color=theme.TEXT_DIM, halign="right",
                                          size_hint_x=None, width=text_width(score, Fonts.small(), False) + dp(2)))

    @property
    def tag_words(self) -> list[str]:
        return [tag.text for tag in self.tags]


class SeatStrip(GridLayout):
    """Every seat in one row, clockwise from left to right. The row is as tall as the longest name
    needs: a name too long for its tile wraps onto a second line instead of being cut."""

    def __init__(self, players, summary: dict, **kwargs):
        super().__init__(rows=1, spacing=STRIP_GAP, size_hint_y=None, **kwargs)
        self.players = players
        self.tiles: dict[int, SeatTile] = {}
        for seat, player in enumerate(players):
            tile = SeatTile(player, seat, summary)
            self.tiles[seat] = tile
            self.add_widget(tile)
        self.bind(width=self._fit_names)
        self._fit_names()

    def update(self, summary: dict) -> None:
        for tile in self.tiles.values():
            tile.update(summary)

    def _fit_names(self, *_):
        count = len(self.players)
        tile_width = (self.width - STRIP_GAP * (count - 1)) / count - 2 * TILE_PADDING[0]
        lines = max(lines_needed(player.name, Fonts.small(), tile_width) for player in self.players)
        name_height = line_height(Fonts.small()) * lines
        for tile in self.tiles.values():
            tile.name.height = name_height
        some_tile = next(iter(self.tiles.values()))
        self.height = (2 * TILE_PADDING[1] + name_height + Sizes.count_box() + some_tile.footer.height
                       + 2 * some_tile.spacing)


class TopCard(Filled, BoxLayout):
    """The top of the home pile as a little card: fill and shape for the colour, and words."""

    def __init__(self, summary: dict, colours, **kwargs):
        super().__init__(orientation="vertical", padding=[dp(6), dp(2)], **kwargs)
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
                    caption, words = "Top card: a dog", "not named yet"
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
        caption_height = line_height(Fonts.small())
        if follow:
            # After a wild the colour to follow is what the next player needs; the card under it is a footnote.
            self.add_widget(fitted(f"Top: {words}", Fonts.small(), color=ink, halign="left", size_hint_y=None,
                                   height=caption_height))
            self.follow = ColourMark(follow, colours, font_size=Fonts.small(), prefix="follow ")
            self.follow.label.color = ink
            self.follow.symbol.rgba = theme.with_alpha(ink)
            self.add_widget(self.follow)
            return
        self.add_widget(fitted(caption, Fonts.small(), color=ink, halign="left", size_hint_y=None,
                               height=caption_height))
        row = BoxLayout(spacing=dp(4))
        if shape:
            row.add_widget(Shape(shape=shape, rgba=theme.with_alpha(ink), size_hint=(None, 1),
                                 width=Sizes.wide(dp(22))))
        self.words = Wrapped(text=words, font_size=Fonts.body(), bold=True, color=ink)
        row.add_widget(self.words)
        self.add_widget(row)


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
    """Beside the pad: which hand and who dealt, the piles (tap for where every card is), the top card."""

    def __init__(self, controller, summary: dict, **kwargs):
        super().__init__(orientation="vertical", padding=dp(6), spacing=dp(6), **kwargs)
        self.names = [player.name for player in controller.session.players]
        self.colours = controller.session.state.colours
        self.info = Wrapped(font_size=Fonts.small(), size_hint_y=None)
        self.info.bind(texture_size=lambda label, size: setattr(label, "height", size[1]))
        self.add_widget(self.info)
        self.cards_button = Choice("", font_size=Fonts.small())
        self.add_widget(self.cards_button)
        self.top_card = None
        self.add_widget(Widget())
        self.update(summary)

    def update(self, summary: dict) -> None:
        hands = summary["hands_in_evening"]
        self.info.text = (f"Hand {summary['hand']}{f' of {hands}' if hands else ''}\n"
                          f"dealer {self.names[summary['dealer']]}")
        self.cards_button.text = f"Draw pile {summary['draw_pile']}\nHome pile {summary['home_pile']}"
        shown = (summary["top_card"], summary["colour_to_follow"])
        if self.top_card is not None and self.top_card.shows == shown:
            return
        if self.top_card is not None:
            self.remove_widget(self.top_card)
        self.top_card = TopCard(summary, self.colours, size_hint_y=None,
                                height=line_height(Fonts.small()) * 2 + dp(10))
        self.top_card.shows = shown
        self.add_widget(self.top_card, index=1)


class TablePanel:
    """The two parts of the table on screen: the seat strip across the top and the info column. They
    are kept from move to move and updated in place (the pad beside them is rebuilt per step)."""

    def __init__(self, controller, summary: dict):
        self.controller = controller
        session = controller.session
        self.strip = SeatStrip(session.players, summary)
        self.tiles = self.strip.tiles
        self.info = TableInfo(controller, summary, size_hint_x=0.22)
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
