"""The Nuts about Mutts table: every hand size in seat order around the table, whose turn, the dog
house, dealer and running scores; the draw and home piles, the top card and the colour to follow;
and the card count breakdown on demand."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.stacklayout import StackLayout
from kivy.uix.widget import Widget

from companion.actions import Action
from ui import theme
from ui.games.nuts_about_mutts_parts import ColourMark, Filled, Tag, colour_look, fitted
from ui.widgets.basics import BigButton, Panel, PlayerBadge, Text, popup_header
from ui.widgets.symbols import SymbolShape

CARD_NAMES = {"mutt": "Mutt", "flea": "Flea", "fire_hydrant": "Fire Hydrant", "pedigree": "Pedigree",
              "dog_house": "Dog House"}


def seat_rows(players: int) -> list[list[int | None]]:
    """Seats laid out around the table: clockwise along the top row, then back along the bottom,
    so the next player is always beside (or below) the one before."""
    if players <= 3:
        return [list(range(players))]
    top = (players + 1) // 2
    bottom = list(range(players - 1, top - 1, -1))
    return [list(range(top)), bottom + [None] * (top - len(bottom))]


class SeatTile(Filled, BoxLayout):
    def __init__(self, player, seat: int, summary: dict, **kwargs):
        super().__init__(orientation="vertical", padding=[dp(6), dp(4)], spacing=dp(2), **kwargs)
        self.seat = seat
        turn = summary["to_act"].get("seat")
        self.is_turn = turn == seat
        self.paint(theme.SURFACE_HIGH if self.is_turn else theme.SURFACE,
                   theme.ACCENT if self.is_turn else None, ring_width=dp(3))
        self.badge = PlayerBadge(player, font_size=theme.FONT_SMALL, height=dp(30), highlighted=self.is_turn)
        self.add_widget(self.badge)
        # Wide tiles put the tags beside the number; narrow ones (three or more in a row) under it.
        self.body = BoxLayout(spacing=dp(4))
        self.count = fitted(str(summary["hand_sizes"][seat]), theme.FONT_HUGE, bold=True)
        self.count.bind(height=lambda label, height: setattr(label, "font_size",
                                                              max(theme.FONT_NUMBER * 0.8, min(height * 0.9, theme.FONT_HUGE * 1.6))))
        self.body.add_widget(self.count)
        self.tag_box = StackLayout(spacing=dp(3))
        self.tag_box.bind(minimum_height=self._tags_height)
        self.tags = []
        # Five or six small tiles keep only the tags that change play; the info line names the dealer.
        crowded = len(summary["hand_sizes"]) >= 5
        if self.is_turn:
            self.tags.append(Tag("TURN", theme.ACCENT))
        elif turn is not None and seat == (turn + 1) % len(summary["hand_sizes"]) and not crowded:
            self.tags.append(Tag("NEXT", theme.SURFACE_HIGH))
        if seat in summary["dog_house"]:
            self.tags.append(Tag("DOG HOUSE", theme.DANGER))
        if seat == summary["dealer"] and not crowded:
            self.tags.append(Tag("DEALER", theme.TEXT_DIM))
        if seat in summary["top_dog"]:
            self.tags.append(Tag("TOP DOG", theme.OK))
        for tag in self.tags:
            self.tag_box.add_widget(tag)
        self.add_widget(self.body)
        self.total = summary["scores"]["totals"][seat]
        self.footer = fitted("", theme.FONT_SMALL, color=theme.TEXT_DIM, halign="left", size_hint_y=None,
                             height=dp(22))
        if crowded:
            # The bottom line shows the tags when there are any (they change play), else the score.
            for tag in self.tags:
                tag.font_size = theme.FONT_SMALL * 0.85
            self.footer.text = f"score {self.total}"
            self.tag_box.size_hint_y = None
            self.add_widget(self.tag_box if self.tags else self.footer)
            self._tags_height()
            self.count.bind(height=lambda label, height: setattr(label, "font_size", max(theme.FONT_SMALL * 1.5,
                                                                                          min(height * 0.95, theme.FONT_HUGE))))
            return
        self.body.add_widget(self.tag_box)
        self.add_widget(self.footer)
        self.bind(width=self._arrange)
        self._arrange()

    def _arrange(self, *_):
        wide = self.width >= dp(165)
        self.body.orientation = "horizontal" if wide else "vertical"
        self.tag_box.size_hint = (None, 1) if wide else (1, None)
        self.tag_box.width = dp(96)
        self._tags_height()
        self.footer.text = f"cards  ·  score {self.total}" if wide else f"score {self.total}"

    def _tags_height(self, *_):
        if self.tag_box.size_hint_y is None:
            self.tag_box.height = self.tag_box.minimum_height

    @property
    def tag_words(self) -> list[str]:
        return [tag.text for tag in self.tags]


class TopCard(Filled, BoxLayout):
    """The top of the home pile as a little card: fill and shape for the colour, and words."""

    def __init__(self, summary: dict, colours, **kwargs):
        super().__init__(orientation="vertical", padding=[dp(6), dp(4)], **kwargs)
        top = summary["top_card"]
        follow = summary["colour_to_follow"]
        if top is None:
            words, rgb, shape = "none yet", theme.SURFACE_HIGH, None
        elif top["card"] == "dog":
            rgb, shape = colour_look(top.get("colour"), colours)
            known = [str(part) for part in (top.get("colour"), top.get("number")) if part is not None]
            words = " ".join(known) if known else "a dog (?)"
        else:
            words, rgb, shape = CARD_NAMES[top["card"]], theme.TEXT, "star"
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
        if follow:
            # After a wild the colour to follow is what the next player needs; the card under it is a footnote.
            self.add_widget(fitted(f"Top card: {words}", theme.FONT_SMALL, color=ink, size_hint_y=None, height=dp(22)))
            self.follow = ColourMark(follow, colours, font_size=theme.FONT_BODY, prefix="follow ")
            self.follow.label.color = ink
            self.follow.symbol.rgba = theme.with_alpha(ink)
            self.add_widget(self.follow)
            self.words = None
            return
        self.add_widget(fitted("Top card", theme.FONT_SMALL, color=ink, size_hint_y=None, height=dp(22)))
        row = BoxLayout(spacing=dp(4))
        if shape:
            row.add_widget(SymbolShape(shape=shape, rgba=theme.with_alpha(ink), size_hint=(None, 1), width=dp(24)))
        self.words = fitted(words, theme.FONT_BODY, bold=True, color=ink)
        row.add_widget(self.words)
        self.add_widget(row)


class PileCount(BoxLayout):
    def __init__(self, caption: str, value: int, **kwargs):
        super().__init__(orientation="vertical", **kwargs)
        self.add_widget(fitted(caption, theme.FONT_SMALL, color=theme.TEXT_DIM, size_hint_y=None, height=dp(20)))
        self.number = fitted(str(value), theme.FONT_NUMBER, bold=True)
        self.add_widget(self.number)


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


class TablePanel(Panel):
    def __init__(self, controller, summary: dict, **kwargs):
        super().__init__(orientation="vertical", padding=dp(8), spacing=dp(6), **kwargs)
        self.controller = controller
        session = controller.session
        players = session.players
        names = [player.name for player in players]
        colours = session.state.colours
        # The line everyone needs first: which hand, where play goes next, and the cards on demand.
        info = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        hands = summary["hands_in_evening"]
        self.info = fitted(f"Hand {summary['hand']}{f' of {hands}' if hands else ''}  ·  dealer {names[summary['dealer']]}"
                           f"\nPlay goes clockwise",
                           theme.FONT_SMALL, halign="left")
        # Two short lines rather than one shortened one, so "clockwise" is never cut.
        self.info.shorten = False
        self.info.max_lines = 2
        info.add_widget(self.info)
        self.reshuffle_button = None
        if summary["reshuffle_allowed"] and not summary["reshuffle_needed"]:
            self.reshuffle_button = BigButton(text="Reshuffle", font_size=theme.FONT_SMALL, size_hint_x=None,
                                              width=dp(110))
            self.reshuffle_button.bind(on_release=lambda *_: controller.perform(Action("reshuffle")))
            info.add_widget(self.reshuffle_button)
        self.cards_button = BigButton(text="Cards", font_size=theme.FONT_SMALL, size_hint_x=None, width=dp(90))
        self.cards_button.bind(on_release=lambda *_: self.show_cards())
        info.add_widget(self.cards_button)
        self.add_widget(info)

        self.tiles: dict[int, SeatTile] = {}
        rows = seat_rows(len(players))
        seats = GridLayout(cols=len(rows[0]), spacing=dp(6))
        for row in rows:
            for seat in row:
                if seat is None:
                    seats.add_widget(Widget())
                    continue
                tile = SeatTile(players[seat], seat, summary)
                self.tiles[seat] = tile
                seats.add_widget(tile)
        self.add_widget(seats)

        piles = BoxLayout(size_hint_y=None, height=dp(92), spacing=theme.GAP)
        self.draw_pile = PileCount("Draw pile", summary["draw_pile"], size_hint_x=0.25)
        self.home_pile = PileCount("Home pile", summary["home_pile"], size_hint_x=0.25)
        self.top_card = TopCard(summary, colours, size_hint_x=0.5)
        piles.add_widget(self.draw_pile)
        piles.add_widget(self.home_pile)
        piles.add_widget(self.top_card)
        self.add_widget(piles)
        self._summary, self._names = summary, names

    def show_cards(self) -> CardsPopup:
        popup = CardsPopup(self._summary, self._names)
        popup.open()
        return popup
