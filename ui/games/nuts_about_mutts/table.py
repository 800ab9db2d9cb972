"""The Nuts about Mutts table the family reads from their seats: the seats along the top (every hand
size, whose turn), and under them the table's facts (hand, piles, the top card and the colour to
follow) beside the action pad for whatever the table is waiting for; between hands and at the end
of the evening, the score table. The card count breakdown on demand."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from companion.games.nuts_about_mutts.state import CARD_NAMES, DOG, Phase
from ui import theme
from ui.button_turns import ButtonAnswer, TakesClaims, TakesTurnButtons
from ui.games.nuts_about_mutts.pads import ActionPad
from ui.games.nuts_about_mutts.scores import ScoresView, top_dogs
from ui.games.nuts_about_mutts.seats import SeatStrip
from ui.games.nuts_about_mutts.widgets import (
    SPECIAL_SHAPE,
    ColourMark,
    Filled,
    Fonts,
    KeyNumber,
    Shape,
    Sizes,
    Wrapped,
    colour_look,
    line_height,
    text_width,
)
from ui.widgets.basics import Panel, Text, popup_header

BETWEEN_HANDS = (Phase.HAND_OVER, Phase.EVENING_OVER)


class MuttsView(BoxLayout, TakesTurnButtons, TakesClaims):
    BIG_BUTTON_HELP = "Your big button: tap = played a card, hold = drew"

    def __init__(self, controller, **kwargs):
        super().__init__(orientation="vertical", spacing=Sizes.gap(), **kwargs)
        self.controller = controller
        self.table: TablePanel | None = None
        self.pad = ActionPad(controller, size_hint_x=0.75)
        self.scores: ScoresView | None = None

    def refresh(self) -> None:
        summary = self.controller.session.summary()
        if summary["phase"] in BETWEEN_HANDS:
            self.clear_widgets()
            self.table = None
            self.scores = ScoresView(self.controller, summary)
            self.add_widget(self.scores)
            return
        if self.table is not None:
            # The table stays on screen from move to move: only its numbers and tags change.
            self.table.update(summary)
            self.pad.refresh(summary)
            return
        self.clear_widgets()
        if self.pad.parent is not None:
            self.pad.parent.remove_widget(self.pad)
        self.scores = None
        self.table = TablePanel(self.controller, summary)
        self.add_widget(self.table.strip)
        below = BoxLayout(spacing=Sizes.gap())
        below.add_widget(self.table.info)
        self.pad.refresh(summary)
        below.add_widget(self.pad)
        self.add_widget(below)

    CLAIM_HELP = "Match or Run? Slam your big button: first press wins"

    def show_big_button_help(self) -> None:
        advanced = self.controller.session.options.get("advanced")
        self.pad.button_help = self.CLAIM_HELP if advanced else self.BIG_BUTTON_HELP

    def claim_seats_open(self) -> list[int]:
        return self.pad.claims_open() if self.pad.summary else []

    def on_claim_won(self, decision: dict) -> None:
        self.pad.won_claim(decision)

    def on_big_button(self, seat: int, long_press: bool) -> ButtonAnswer:
        """A player's own button records the two commonest turns; anything richer is tapped."""
        if self.controller.session.options.get("advanced"):
            return ButtonAnswer.not_for_turns()  # claim buttons only, as the screen says
        to_act = self.controller.session.summary()["to_act"]
        if to_act.get("seat") is not None and to_act.get("seat") != seat:
            return ButtonAnswer.not_your_turn(to_act["seat"])
        if to_act.get("kind") != "turn" or self.pad.step != "main":
            return ButtonAnswer.refused("finish what the screen asks first; your button records a plain turn.")
        taken = self.pad.drew() if long_press else self.pad.choose_card(DOG)
        return ButtonAnswer(taken is not False)


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
        elif top["card"] == DOG:
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
        elif top and top["card"] == DOG and top.get("colour"):
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
        hands = "  +  ".join(f"{escape_markup(name)} {count}" for name, count in zip(names, summary["hand_sizes"]))
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


class PileCount(BoxLayout):
    """One pile's card count, a key number, over its caption."""

    def __init__(self, caption: str, **kwargs):
        super().__init__(orientation="vertical", size_hint_x=None, **kwargs)
        self.number = KeyNumber(size_hint_y=None, height=KeyNumber.height_for(Sizes.count_font()))
        self.caption = Wrapped(text=caption, font_size=Fonts.small(), color=theme.TEXT_DIM, halign="center",
                               size_hint_y=None, height=line_height(Fonts.small()))
        self.add_widget(self.number)
        self.add_widget(self.caption)

    def show(self, count: int) -> None:
        self.number.text = str(count)
        self.width = max(text_width(self.number.text, self.number.font_size), text_width(self.caption.text,
                                                                                      Fonts.small(), False))


class Piles(Filled, ButtonBehavior, BoxLayout):
    """The draw pile and the home pile, each a key number with its caption; a tap says where every
    card is."""

    def __init__(self, **kwargs):
        super().__init__(padding=[dp(4), 0], size_hint_y=None, **kwargs)
        self.draw = PileCount("Draw pile")
        self.home = PileCount("Home pile")
        for part in (Widget(), self.draw, Widget(), self.home, Widget()):
            self.add_widget(part)
        self.height = self.draw.number.height + self.draw.caption.height + self.padding[1] + self.padding[3]
        self.bind(state=self._redraw)
        self._redraw()

    def show(self, summary: dict) -> None:
        self.draw.show(summary["draw_pile"])
        self.home.show(summary["home_pile"])

    def _redraw(self, *_):
        fill = theme.SURFACE_HIGH
        if self.state == "down":
            fill = tuple(min(1, c + 0.15) for c in fill[:3]) + (1,)
        self.paint(fill)


class TableInfo(Panel):
    """Beside the pad: the top card, the piles (tap for where every card is) and which hand this is;
    the hand steps aside when the column is too short for it (six players on the 7" panel)."""

    def __init__(self, controller, summary: dict, **kwargs):
        super().__init__(orientation="vertical", padding=dp(4), spacing=Sizes.gap(), **kwargs)
        self.names = [player.name for player in controller.session.players]
        self.colours = controller.session.state.colours
        self.top_card = None
        self.piles = Piles()
        self.add_widget(self.piles)
        self.info = Wrapped(font_size=Fonts.table(), size_hint_y=None, height=line_height(Fonts.table()))
        self.add_widget(self.info)
        self.add_widget(Widget())
        self.bind(size=self._fit)
        self.update(summary)

    def update(self, summary: dict) -> None:
        hands = summary["hands_in_evening"]
        self.info.text = f"Hand {summary['hand']}{f' of {hands}' if hands else ''}"
        self.piles.show(summary)
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
        parts = (self.top_card.height if self.top_card else 0) + self.piles.height + line
        room = self.height - self.padding[1] - self.padding[3] - 2 * self.spacing
        shown = parts <= room
        self.info.opacity, self.info.height = (1, line) if shown else (0, 0)


class TablePanel:
    """The two parts of the table on screen: the seat strip across the top and the info column. They
    are kept from move to move and updated in place (the pad beside them is rebuilt per step)."""

    def __init__(self, controller, summary: dict):
        self.controller = controller
        session = controller.session
        self.strip = SeatStrip(session.players, summary, top_dogs(controller.outcome))
        self.tiles = self.strip.tiles
        self.info = TableInfo(controller, summary, size_hint_x=0.25)
        self.piles = self.info.piles
        self.piles.bind(on_release=lambda *_: self.show_cards())
        self._names = [player.name for player in session.players]
        self.update(summary)

    def update(self, summary: dict) -> None:
        if summary is not getattr(self, "_summary", None):
            self.strip.update(summary, top_dogs(self.controller.outcome))
            self.info.update(summary)
        self._summary = summary

    @property
    def top_card(self):
        return self.info.top_card

    def show_cards(self) -> CardsPopup:
        popup = CardsPopup(self._summary, self._names)
        popup.open()
        return popup
