"""The Nuts about Mutts table the family reads from their seats: the seats along the top (every hand
size, whose turn), and under them the table's facts (the top card and the colour to follow, the piles,
which hand this is) beside the action pad for whatever the table is waiting for; between hands and at
the end of the evening, the score table in their place. The card count breakdown on demand.

Laid out once (table.kv) and bound to the view model (model.py): a move sets the model's properties
and the widgets showing them follow. The score table and the table take turns on screen as the same
objects."""

from __future__ import annotations

from typing import Any, cast

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from companion.games.nuts_about_mutts.state import DOG
from companion.games.nuts_about_mutts.summary import MuttsSummary
from ui import theme
from ui.button_turns import ButtonAnswer, TakesClaims, TakesTurnButtons
from ui.controller import GameController
from ui.games.nuts_about_mutts.model import MuttsModel
from ui.games.nuts_about_mutts.pads import ActionPad
from ui.games.nuts_about_mutts.scores import ScoresView
from ui.games.nuts_about_mutts.seats import SeatStrip
from ui.games.view import TableView
from ui.widgets.basics import Panel, PopupHeader, Text
from ui.widgets.count import DIGIT_WIDTH, Count, Number  # noqa: F401  (Count named in table.kv)
from ui.widgets.kv import load_kv
from ui.widgets.sizes import sizes
from ui.widgets.symbols import SymbolShape  # noqa: F401  (named in table.kv)
from ui.widgets.text import line_height, text_width

PILE_DIGITS = 2   # the piles' counts keep room for two digits, so a pile reaching 10 never crowds the other


class TopCard(BoxLayout):
    """The top of the home pile as a little card: the caption line, then the card (or the colour to
    follow) in words with its shape, on the fill of the colour that matters next."""

    model = ObjectProperty(None, rebind=True)
    fill = ListProperty(theme.SURFACE_HIGH)
    ink = ListProperty(theme.TEXT)
    caption = StringProperty("")
    captioned = BooleanProperty(True)   # the caption's line has room over the card

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fbind("width", self._show)
        theme.palette.bind(version=self._show)

    def on_model(self, _: Any, model: MuttsModel) -> None:
        for name in ("top_caption", "top_caption_short", "top_fill"):
            model.fbind(name, self._show)
        self._show()

    @property
    def words(self) -> Any:
        return self.ids["words"]

    def _show(self, *_: Any) -> None:
        model = self.model
        if model is None:
            return
        fill = list(model.top_fill) if model.top_fill else list(theme.palette.surface_high)
        self.fill = fill
        self.ink = list(theme.readable_text_on(fill))
        room = self.width - self.padding[0] - self.padding[2]
        fits = text_width(model.top_caption, sizes.least_table) <= room
        self.caption = model.top_caption if fits else model.top_caption_short

    @staticmethod
    def height_needed(captioned: bool = True) -> float:
        return (2 if captioned else 1) * line_height(sizes.least_table) + dp(4)


class Piles(ButtonBehavior, BoxLayout):
    """The draw pile and the home pile, each a key number with its caption; a tap says where every
    card is."""

    model = ObjectProperty(None, rebind=True)

    @property
    def draw(self) -> Count:
        return cast(Count, self.ids["draw"])

    @property
    def home(self) -> Count:
        return cast(Count, self.ids["home"])

    @staticmethod
    def height_needed() -> float:
        return Number.height_for(sizes.font_key) + line_height(sizes.font_small) + dp(2)

    @staticmethod
    def width_needed() -> float:
        """Two counts of two digits side by side, at the key numbers' size, or as wide as their captions."""
        count = max(DIGIT_WIDTH * sizes.font_key * PILE_DIGITS, text_width("Home pile", sizes.font_small)) + dp(6)
        return 2 * count + dp(4) + 2 * dp(4) + 2 * TableInfo.EDGE


class TableInfo(Panel):
    """Beside the pad: the top card, the piles (tap for where every card is) and which hand this is;
    the hand steps aside when the column is too short for it (six players on the 7" panel), and the
    turn's heading says it instead."""

    model = ObjectProperty(None, rebind=True)

    # Narrow edges: the top card and the piles fit beside the pad under six seats on the 7" panel.
    EDGE = dp(2)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(fill=theme.SURFACE, padding=self.EDGE, spacing=self.EDGE, **kwargs)
        self.fbind("height", self._fit)

    def _fit(self, *_: Any) -> None:
        """The top card keeps its caption's line where the column has room for it over the piles
        (long names or Larger text at six seats may leave none)."""
        self.top_card.captioned = self.height >= (TopCard.height_needed() + Piles.height_needed()
                                                  + 2 * self.EDGE + self.spacing)

    @property
    def top_card(self) -> TopCard:
        return cast(TopCard, self.ids["top_card"])

    @property
    def piles(self) -> Piles:
        return cast(Piles, self.ids["piles"])

    @property
    def hand(self) -> Any:
        return self.ids["hand"]


class CardsPopup(ModalView):
    """Where all the cards are: hands + draw + home + dog house = the deck."""

    def __init__(self, summary: MuttsSummary, names: list[str], **kwargs: Any) -> None:
        super().__init__(size_hint=(0.9, 0.9), **kwargs)
        cards = summary["cards"]
        panel = Panel(orientation="vertical")
        panel.add_widget(PopupHeader(title="Where the cards are", on_close=self.dismiss))
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


class MuttsView(TableView, TakesTurnButtons, TakesClaims, BoxLayout):
    model = ObjectProperty(None, rebind=True)

    BIG_BUTTON_HELP = "Your big button: tap = played a card, hold = drew"
    CLAIM_HELP = "Match or Run? Slam your big button: first press wins"

    def __init__(self, controller: GameController, **kwargs: Any) -> None:
        self.controller = controller
        super().__init__(model=MuttsModel(controller.players), **kwargs)
        self.summary = cast(MuttsSummary, controller.session.summary())
        self.strip = SeatStrip(self.model.seats)
        self.pad = ActionPad(controller)
        self.info = TableInfo(model=self.model, size_hint_x=None)
        self.below = BoxLayout(spacing=sizes.gap)
        self.below.add_widget(self.info)
        # The pad scrolls only where its step needs more than the room under the seats (six players
        # in Larger text on the 7" display): its buttons are never squeezed under 9 mm or their words.
        self.pad_room = ScrollView(do_scroll_x=False, bar_width=dp(4))
        self.pad.size_hint_y = None
        self.pad_room.add_widget(self.pad)
        self.pad.bind(minimum_height=self._fit_pad)
        self.pad_room.bind(height=self._fit_pad)
        self.below.add_widget(self.pad_room)
        self.info.piles.bind(on_release=lambda *_: self.show_cards())
        self.info.hand.bind(height=self._place_hand)
        self.model.bind(hand_words=self._place_hand)
        self._scores: ScoresView | None = None
        self.fbind("width", self._size_info)
        self._size_info()

    @property
    def scores(self) -> ScoresView | None:
        """The score table while it is on screen (between hands and at the end), else None."""
        return self._scores if self._scores is not None and self._scores.parent is self else None

    def refresh(self) -> None:
        self.summary = summary = cast(MuttsSummary, self.controller.session.summary())
        outcome = self.controller.outcome
        self.model.update(summary, outcome)
        if self.model.between_hands:
            if self._scores is None:
                self._scores = ScoresView(self.controller)
            self._show(self._scores)
            self._scores.show(summary, outcome)
        else:
            self._show(self.strip, self.below)
            self.pad.refresh(summary)

    def _show(self, *parts: Widget) -> None:
        """The table or the score table: the same objects put back, not made anew."""
        if list(reversed(self.children)) != list(parts):
            self.clear_widgets()
            for part in parts:
                self.add_widget(part)

    def _fit_pad(self, *_: Any) -> None:
        self.pad.height = max(self.pad_room.height, self.pad.minimum_height)

    def _place_hand(self, *_: Any) -> None:
        """Which hand this is goes into the turn's heading when the column beside the pad is too short."""
        hand = self.info.hand
        aside = "" if hand.height >= line_height(hand.font_size) else self.model.hand_words
        if aside != self.pad.hand_aside:
            self.pad.hand_aside = aside
            self.pad.show()

    def _size_info(self, *_: Any) -> None:
        # A quarter of the width, or what the piles' two key numbers need where that is more.
        self.info.width = max(0.25 * (self.width - sizes.gap), Piles.width_needed())

    def show_cards(self) -> CardsPopup:
        popup = CardsPopup(self.summary, [player.name for player in self.controller.players])
        popup.open()
        return popup

    # ----- the big buttons -------------------------------------------------------------------------
    def show_big_button_help(self) -> None:
        advanced = self.controller.session.options.get("advanced")
        self.pad.button_help = self.CLAIM_HELP if advanced else self.BIG_BUTTON_HELP
        self.pad.show_hint()

    def claim_seats_open(self) -> list[int]:
        return self.pad.claims_open()

    def on_claim_won(self, decision: dict[str, Any]) -> None:
        self.pad.won_claim(decision)

    def on_big_button(self, seat: int, long_press: bool) -> ButtonAnswer:
        """A player's own button records the two commonest turns; anything richer is tapped."""
        if self.controller.session.options.get("advanced"):
            # Claim buttons only: a press that started no claim says why, in the rules' words.
            refused = self.summary["claims"]["seat_refused"][seat]
            return ButtonAnswer.refused(refused or "finish what the screen asks first, then slam your button to claim.")
        to_act = self.summary["to_act"]
        if to_act["seat"] is not None and to_act["seat"] != seat:
            return ButtonAnswer.not_your_turn(to_act["seat"])
        if to_act["kind"] != "turn" or self.pad.mid_entry:
            return ButtonAnswer.refused("finish what the screen asks first; your button records a plain turn.")
        taken = self.pad.drew() if long_press else self.pad.choose_card(DOG)
        return ButtonAnswer(taken is not False)


load_kv(__file__)
