"""Collecting in That's Ruff!: the centre cards and everyone's laid-out cards as cards to tap. The
player whose turn it is taps one of their own cards and one or two centre cards, then Collect; or
Move to centre when nothing can be collected.

When the laid-out cards go up into the hands (a variant) they are not on the table: a tap on one of the
player's hidden cards asks which card it is, and a pair or a card moved to the centre asks for the rest
of the hand, which the rules check, while the app doesn't know all of it. With tricks on, Tricks opens
their menu."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.stacklayout import StackLayout

from companion.actions import Action
from companion.games.thats_ruff.cards import name as card_name
from companion.games.thats_ruff.collecting import wild_dog_colours
from companion.games.thats_ruff.state import COLOURS, ActionType, Card
from ui import theme
from ui.games.thats_ruff.pads import HandPopup, tell
from ui.games.thats_ruff.tricks import TricksPopup, tricks_button
from ui.games.thats_ruff.widgets import (
    SUIT_WORDS,
    CardChip,
    CardFace,
    NameTag,
    SuitButton,
    chip_size,
    compact,
    fit_popup,
    name_font,
    primary_height,
    row_height,
)
from ui.widgets.basics import BigButton, Panel, Text


def name_width() -> float:
    """The longest names ("Jean-Baptiste") on one line beside their shape."""
    return dp(200) if compact() else dp(230)


class CollectPad(BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        self.controller = controller
        self.turn: int | None = None
        self.collector: int | None = None       # index into the turn player's laid-out cards
        self.picked: list[int] = []             # indexes into the centre
        self.held_card: Card | None = None      # the collecting card as entered, when it is held in the hand
        self.colour_question: ModalView | None = None
        self.hand_popup: HandPopup | None = None
        self.tricks: TricksPopup | None = None
        self.head = head = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=row_height())
        self.turn_badge = NameTag(font_size=theme.FONT_TABLE, beside=True, size_hint_x=None,
                                  width=name_width() + dp(120))
        head.add_widget(self.turn_badge)
        # What to tap and what the last move did: read by the player collecting, up close.
        self.hint = Text(text="", font_size=name_font(), fine_print=True)
        # A long last move (a disc moved by a trick) takes another line rather than being cut.
        self.hint.bind(height=lambda _, height: setattr(head, "height", max(row_height(), height)))
        head.add_widget(self.hint)
        self.add_widget(head)
        body = BoxLayout(spacing=theme.GAP)
        centre_panel = Panel(orientation="vertical", size_hint_x=0.5, padding=dp(6), spacing=dp(4))
        self.centre_title = Text(text="Centre", font_size=theme.FONT_TABLE, bold=True)
        centre_panel.add_widget(self.centre_title)
        self.centre = StackLayout(spacing=dp(5), size_hint_y=None)
        self.centre.bind(minimum_height=self.centre.setter("height"))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(self.centre)
        centre_panel.add_widget(scroll)
        body.add_widget(centre_panel)
        seats_panel = Panel(orientation="vertical", size_hint_x=0.5, padding=dp(6), spacing=dp(4))
        self.rows = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(5))
        self.rows.bind(minimum_height=self.rows.setter("height"))
        rows_scroll = ScrollView(do_scroll_x=False)
        rows_scroll.add_widget(self.rows)
        seats_panel.add_widget(rows_scroll)
        body.add_widget(seats_panel)
        self.add_widget(body)
        buttons = BoxLayout(spacing=theme.GAP * 2, size_hint_y=None, height=primary_height())
        self.collect_button = BigButton(text="Collect", height=primary_height())
        self.collect_button.bind(on_release=lambda *_: self.collect())
        self.centre_button = BigButton(text="Move to centre", height=primary_height())
        self.centre_button.bind(on_release=lambda *_: self.to_centre())
        self.clear_button = BigButton(text="Clear", size_hint_x=0.5, height=primary_height())
        self.clear_button.bind(on_release=lambda *_: self.clear())
        for button in (self.collect_button, self.centre_button, self.clear_button):
            buttons.add_widget(button)
        self.tricks_button: BigButton | None = None
        if controller.session.options.get("abilities"):
            self.tricks_button = tricks_button(self.open_tricks, size_hint_x=0.5, height=primary_height())
            buttons.add_widget(self.tricks_button)
        self.add_widget(buttons)
        self.summary: dict = {}
        self.centre_chips: list[CardChip] = []
        self.own_chips: list[CardChip] = []

    # ----- showing ----------------------------------------------------------------------------------
    @property
    def held(self) -> bool:
        """The laid-out cards are in the hands, out of sight (the variant)."""
        return bool(self.summary.get("laid_out_into_hand"))

    def refresh(self, summary: dict) -> None:
        if summary["turn"] != self.turn or summary["centre"] != self.summary.get("centre"):
            self.collector, self.picked, self.held_card = None, [], None
        self.summary, self.turn = summary, summary["turn"]
        player = self.controller.players[self.turn]
        self.turn_badge.set([player.identity], player.name, "collects")
        # The expected step is the one the rules leave: collecting when a collection is possible,
        # else moving a card to the centre. Cards held unseen may well collect, so while the app
        # doesn't know them collecting stays the expected step as long as the centre has cards.
        can = summary["can_collect"] or (self.held and bool(summary["centre"])
                                         and summary["players"][self.turn]["cards_to_turn_up"] > 0)
        self.collect_button.kind = "primary" if can else "normal"
        self.centre_button.kind = "normal" if can else "primary"
        self._rebuild()

    def _rebuild(self) -> None:
        summary = self.summary
        self.centre_title.text = f"Centre: {len(summary['centre'])} cards"
        self.centre.clear_widgets()
        self.centre_chips = []
        for index, card in enumerate(summary["centre"]):
            card_chip = CardChip(card, selected=index in self.picked)
            card_chip.bind(on_release=lambda _, i=index: self.tap_centre(i))
            self.centre_chips.append(card_chip)
            self.centre.add_widget(card_chip)
        self.rows.clear_widgets()
        self.own_chips = []
        chip = chip_size()
        order = [(self.turn + offset) % len(summary["players"]) for offset in range(len(summary["players"]))]
        for seat in order:
            seat_view = summary["players"][seat]
            player = self.controller.players[seat]
            # The name in table type on its own line over the cards, so the cards keep the width.
            self.rows.add_widget(NameTag([player.identity], player.name, font_size=theme.FONT_TABLE,
                                         beside=True, size_hint_y=None, height=dp(34)))
            row = BoxLayout(spacing=dp(4), size_hint_y=None, height=chip[1])
            for index, slot in enumerate(seat_view["laid_out"]):
                if seat == self.turn:
                    card = self.held_card if self.held and index == self.collector else slot["card"]
                    own = CardChip(card, selected=index == self.collector)
                    own.bind(on_release=lambda _, i=index: self.tap_own(i))
                    self.own_chips.append(own)
                else:
                    # Only the player collecting now has cards to tap; the others' are shown, dimmed.
                    own = CardFace(slot["card"], dimmed=True)
                row.add_widget(own)
            if not seat_view["laid_out"]:
                row.add_widget(Text(text=f"collected {len(seat_view['collected'])}", font_size=theme.FONT_TABLE,
                                    color=theme.TEXT_DIM, size_hint_y=1))
            row.add_widget(BoxLayout())
            self.rows.add_widget(row)
        self._hint()

    def _hint(self) -> None:
        can = self.summary["can_collect"]
        if self.held:
            if self.collector is None:
                hint = "tap one of your hidden cards and enter which it is, then the centre cards it takes."
            else:
                picked = len(self.picked)
                hint = (f"{card_name(self.held_card)} from the hand; {picked} centre "
                        f"card{'s' if picked != 1 else ''} picked.")
        elif self.collector is None:
            hint = {3: "tap one of your cards, then 2 centre cards: all one colour or all different.",
                    2: "tap one of your cards, then 1 centre card of its colour."}.get(
                can, "nothing can be collected: tap one of your cards, then Move to centre.")
        else:
            picked = len(self.picked)
            hint = f"{picked} centre card{'s' if picked != 1 else ''} picked."
        last = self.summary.get("last_move", "")
        self.hint.text = f"{hint}\n{last}" if last else hint

    # ----- tapping ----------------------------------------------------------------------------------
    def tap_own(self, index: int) -> None:
        if self.held and self.collector != index:
            self.ask_held_card(index)
            return
        self.collector = None if self.collector == index else index
        self.held_card = None
        for position, chip in enumerate(self.own_chips):
            chip.selected = position == self.collector
        self._hint()

    def ask_held_card(self, index: int) -> HandPopup:
        name = self.controller.players[self.turn].name

        def chosen(cards: list[Card]) -> None:
            self.collector, self.held_card = index, cards[0]
            self._rebuild()
        self.hand_popup = HandPopup(f"Which card from {name}'s hand collects? Enter it: colour, then number.",
                                    1, self.controller.session.options, chosen)
        self.hand_popup.open()
        return self.hand_popup

    def _proof(self, then) -> bool:
        """A pair or a card to the centre while the app doesn't know the whole hand: the rest of the hand
        is entered first, then `then(shown)` is done with it."""
        proof = self.summary.get("proof_needed") or {}
        wanted = proof.get("cards", 0) if proof.get("seat") == self.turn else 0
        if not (self.held and wanted):
            return then(None)
        name = self.controller.players[self.turn].name
        others = f"other {wanted} cards" if wanted != 1 else "other card"
        self.hand_popup = HandPopup(f"{name} shows the {others} in the hand, to prove nothing more could be "
                                    f"collected. Enter each: colour, then number.", wanted,
                                    self.controller.session.options, lambda cards: then(cards))
        self.hand_popup.open()
        return False

    def open_tricks(self) -> TricksPopup:
        self.tricks = TricksPopup(self.controller, self.summary)
        self.tricks.open()
        return self.tricks

    def tap_centre(self, index: int) -> None:
        if index in self.picked:
            self.picked.remove(index)
        elif len(self.picked) >= 2:
            tell(self, "A card collects at most two centre cards. Tap a picked card to put it back.")
            return
        else:
            self.picked.append(index)
        for position, chip in enumerate(self.centre_chips):
            chip.selected = position in self.picked
        self._hint()

    def clear(self) -> None:
        self.collector, self.picked, self.held_card = None, [], None
        self._rebuild()

    def _own_card(self) -> Card | None:
        if self.collector is None:
            tell(self, "First tap the card of yours that does the collecting.")
            return None
        if self.held:
            return self.held_card
        return self.summary["players"][self.turn]["laid_out"][self.collector]["card"]

    def collect(self, colours: list[str] | None = None) -> bool:
        own = self._own_card()
        if own is None:
            return False
        if not self.picked:
            tell(self, "Tap one or two centre cards to collect.")
            return False
        cards = [dict(own)] + [dict(self.summary["centre"][index]) for index in self.picked]
        wild = [card for card in cards if card.get("wild")]
        colours = list(colours or [])
        for card, colour in zip(wild, colours):
            card["colour"] = colour
        for card in wild[len(colours):]:
            # Only a colour that keeps the collection legal is offered, and the only one left is simply
            # taken. With none, any colour goes to the rules, whose refusal says what is wrong.
            options = wild_dog_colours(cards)
            if len(options) > 1:
                self.ask_colour(colours, options)
                return False
            card["colour"] = options[0] if options else COLOURS[0]
            colours.append(card["colour"])
        args = {"collector": cards[0], "cards": cards[1:]}
        if len(cards) == 3:
            return self.controller.perform(Action(ActionType.COLLECT, self.turn, args))
        return self._proof(lambda shown: self.controller.perform(
            Action(ActionType.COLLECT, self.turn, {**args, **({"shown": shown} if shown else {})})))

    def to_centre(self) -> bool:
        own = self._own_card()
        if own is None:
            return False
        args = {"card": dict(own)}
        return self._proof(lambda shown: self.controller.perform(
            Action(ActionType.TO_CENTRE, self.turn, {**args, **({"shown": shown} if shown else {})})))

    def ask_colour(self, chosen: list[str], options: list[str]) -> ModalView:
        """Which colour the Wild Dog takes, among the `options` the rules leave for a legal collection."""
        popup = ModalView(size_hint=(None, None), size=(dp(560), dp(250)))
        panel = Panel(orientation="vertical", padding=dp(12), spacing=dp(8))
        panel.add_widget(Text(text="Which colour does the Wild Dog take?", font_size=theme.FONT_TITLE, bold=True,
                              halign="center"))
        legal = "one colour or all different" if len(self.picked) == 2 else "one colour"
        note = ("Any of them keeps the cards " if len(options) == len(COLOURS) else "Only these keep the cards ")
        panel.add_widget(Text(text=note + legal + ".", font_size=name_font(), color=theme.TEXT_DIM,
                              halign="center", fine_print=True))
        row = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH_BIG)
        for suit in options:
            button = SuitButton(suit, SUIT_WORDS[suit], height=theme.TOUCH_BIG)
            button.bind(on_release=lambda _, s=suit: (popup.dismiss(), self.collect(chosen + [s])))
            row.add_widget(button)
        panel.add_widget(row)
        popup.add_widget(panel)
        fit_popup(popup, panel)
        popup.bind(on_dismiss=lambda *_: setattr(self, "colour_question", None))
        self.colour_question = popup
        popup.open()
        return popup
