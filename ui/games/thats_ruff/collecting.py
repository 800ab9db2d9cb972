"""Collecting in That's Ruff!: the centre cards and everyone's laid-out cards as cards to tap. The
player whose turn it is taps one of their own cards and one or two centre cards, then Collect; or
Move to centre when nothing can be collected.

What each of the two needs before it is whole, in the order it is asked, is the table NEEDS: the card
that collects, the centre cards, a colour for each Wild Dog among them (only where more than one keeps
the collection legal: the core says which), and the rest of the hand while the app doesn't know it all
(the variant pulling the laid-out cards into the hands: a tap on one of the player's hidden cards asks
which card it is, and a pair or a card to the centre is proved with the rest of the hand, which the
rules check). With tricks on, Tricks opens their menu.

The cards are made once for the hand and shown again with other cards: a collection takes its cards out
of sight, it does not build the table again."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import partial
from typing import Any, Callable, Sequence, cast

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.stacklayout import StackLayout

from companion.actions import Action
from companion.games.thats_ruff.cards import name as card_name
from companion.games.thats_ruff.collecting import wild_dog_colours
from companion.games.thats_ruff.state import COLOURS, ActionType, Card
from companion.games.thats_ruff.summary import RuffSummary
from companion.players import Player
from companion.words import counted
from ui import theme
from ui.controller import GameController
from ui.games.thats_ruff.model import BoardModel
from ui.games.thats_ruff.pads import MOST_LAID_OUT, HandPopup, seat_order
from ui.games.thats_ruff.tricks import OpensTricks, TricksPopup, tricks_button
from ui.games.thats_ruff.widgets import (
    CardChip,
    DogPlace,
    PathDiscs,
    SeatDoing,
    SuitButton,
    chip_size,
    compact,
    fit_popup,
    name_font,
    primary_height,
    row_height,
)
from ui.widgets.basics import BigButton, Panel, Text
from ui.widgets.hiding import hide
from ui.widgets.seat import SeatBadge
from ui.widgets.text import line_height, text_width


class Need(Enum):
    COLLECTOR = "the card that collects"
    CENTRE = "the centre cards"
    COLOURS = "a colour for each Wild Dog"
    SHOWN = "the rest of the hand"


# What each action needs chosen before it is whole, in the order it is asked.
NEEDS: dict[str, tuple[Need, ...]] = {
    ActionType.COLLECT: (Need.COLLECTOR, Need.CENTRE, Need.COLOURS, Need.SHOWN),
    ActionType.TO_CENTRE: (Need.COLLECTOR, Need.SHOWN),
}
# A card collects at most two centre cards: three cards in all.
MOST_TAKEN = 2


@dataclass
class Chosen:
    """What the player collecting has tapped so far; kept through a refusal so they can change one thing."""

    collector: int | None = None          # which of their laid-out cards
    held_card: Card | None = None         # that card as entered, when it is held in the hand
    picked: list[int] = field(default_factory=list)   # which centre cards
    colours: list[str] = field(default_factory=list)  # the Wild Dogs' colours, in the order of the cards
    shown: list[Card] | None = None       # the rest of the hand, as proof


class ColourQuestion(ModalView):
    """Which colour a Wild Dog takes, among the colours the rules leave for a legal collection."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(size_hint=(None, None), width=dp(560), **kwargs)
        self.on_colour: Callable[[str], object] = lambda colour: None
        self.panel = panel = Panel(orientation="vertical", padding=dp(12), spacing=dp(8))
        panel.add_widget(Text(text="Which colour does the Wild Dog take?", font_size=theme.FONT_TITLE, bold=True,
                              halign="center"))
        self.note = Text(text="", font_size=name_font(), color=theme.TEXT_DIM, halign="center", fine_print=True)
        panel.add_widget(self.note)
        self.row = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH_BIG)
        self.buttons = {colour: SuitButton(suit=colour, height=theme.TOUCH_BIG) for colour in COLOURS}
        for colour, button in self.buttons.items():
            button.bind(on_release=lambda _, c=colour: self._answer(c))
        panel.add_widget(self.row)
        self.add_widget(panel)
        fit_popup(self, panel)

    def ask(self, options: list[str], legal: str, on_colour: Callable[[str], object]) -> ColourQuestion:
        self.on_colour = on_colour
        every = len(options) == len(COLOURS)
        self.note.text = ("Any of them keeps the cards " if every else "Only these keep the cards ") + legal + "."
        self.row.clear_widgets()
        for colour in options:
            self.row.add_widget(self.buttons[colour])
        self.open()
        return self

    def _answer(self, colour: str) -> None:
        self.dismiss()
        self.on_colour(colour)


class SeatCards(BoxLayout):
    """One player's name, where their dog stands and the discs on its path, and the laid-out cards they
    have left, or how many they collected once none are left. Only the player collecting now has cards to tap; the others' are
    dimmed, and a tap on one says whose turn it is."""

    def __init__(self, player: Player, board: BoardModel, on_tap: Callable[[int], object], **kwargs: Any) -> None:
        super().__init__(orientation="vertical", size_hint_y=None, spacing=dp(2), **kwargs)
        self.player = player
        self.board = board
        # The name in table type on its own line over the cards, so the cards keep the width; beside it
        # where the dog stands, for planning what to collect while the paths are out of sight. Where
        # the row is wide enough, the name and the dog's place stand one over the other beside the
        # cards instead (`show_beside`), so four players' cards are in sight at once.
        self.name_row = name_row = BoxLayout(spacing=dp(4), size_hint_y=None, height=line_height(theme.FONT_TABLE))
        self.badge = SeatBadge(player=player, bold=True, font_size=theme.FONT_TABLE, size_hint=(None, None),
                               width=SeatBadge.width_for([player.name], theme.FONT_TABLE),
                               height=line_height(theme.FONT_TABLE))
        name_row.add_widget(self.badge)
        self.place = DogPlace(board, size_hint_y=None, height=line_height(theme.FONT_TABLE))
        name_row.add_widget(self.place)
        name_row.add_widget(BoxLayout())
        self.add_widget(name_row)
        self.cards = BoxLayout(spacing=dp(4), size_hint_y=None, height=chip_size()[1])
        self.chips = [CardChip() for _ in range(MOST_LAID_OUT)]
        for index, chip in enumerate(self.chips):
            chip.bind(on_release=lambda _, i=index: on_tap(i))
            self.cards.add_widget(chip)
        self.collected = Text(text="", font_size=theme.FONT_TABLE, color=theme.TEXT_DIM, size_hint=(None, 1), width=0)
        self.cards.add_widget(self.collected)
        self.discs = PathDiscs(board)
        self.cards.add_widget(self.discs)
        self.add_widget(self.cards)
        self.show_beside(False)

    def line_width(self) -> float:
        """The name and the dog's place side by side over the cards."""
        return float(self.badge.width + self.name_row.spacing + text_width(self.place.text, theme.FONT_TABLE) + dp(4))

    def names_width(self) -> float:
        """The name's column beside the cards: the wider of the name and the dog's place."""
        return float(max(self.badge.width, text_width(self.place.text, theme.FONT_TABLE) + dp(4)))

    def width_beside(self, column: float = 0) -> float:
        """How wide the row is with its name beside the cards (in a column that wide, if wider): the
        most cards a player lays out and the discs now on the dog's path."""
        chip_w = chip_size()[0]
        discs = len(self.board.discs) * (self.discs.side + dp(3))
        names = max(column, self.names_width())
        return float(names + self.spacing + MOST_LAID_OUT * (chip_w + self.cards.spacing) + discs)

    def show_beside(self, beside: bool, column: float = 0) -> None:
        """The name beside the cards in a column `column` wide (its own width at the least), or over them."""
        name_row = self.name_row
        self.orientation = "horizontal" if beside else "vertical"
        name_row.orientation = "vertical" if beside else "horizontal"
        name_row.size_hint_x = None if beside else 1
        name_row.width = max(column, self.names_width())
        # Beside: the name, the dog's place and the room under them (the spacing before each).
        name_row.height = 2 * line_height(theme.FONT_TABLE) + 2 * name_row.spacing if beside else line_height(theme.FONT_TABLE)
        self.height = (max(name_row.height, self.cards.height) if beside
                       else name_row.height + self.spacing + self.cards.height)

    def show(self, cards: list[Card | None], collected: int, mine: bool, chosen: int | None) -> None:
        for index, chip in enumerate(self.chips):
            there = index < len(cards)
            if there:
                chip.card = cards[index]
                chip.dimmed = not mine
                chip.selected = mine and index == chosen
            hide(chip, not there)
            chip.size = chip_size() if there else (0, 0)
        self.collected.text = f"collected {collected}" if not cards else ""
        self.collected.width = text_width(self.collected.text, theme.FONT_TABLE) + dp(8) if not cards else 0


class CollectPad(OpensTricks, BoxLayout):
    def __init__(self, controller: GameController, boards: Sequence[BoardModel], **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        self.controller = controller
        self.turn: int | None = None
        self.chosen = Chosen()
        self.summary: RuffSummary | None = None
        self.colour_question: ColourQuestion | None = None
        self._colour_question: ColourQuestion | None = None
        self.hand_popup: HandPopup | None = None
        self._hand_popup: HandPopup | None = None
        self.tricks: TricksPopup | None = None
        self.head = head = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=row_height())
        # The longest names ("Jean-Baptiste") on one line beside their shape, and what they do.
        self.turn_badge = SeatDoing(doing="collects", size_hint_x=None, width=dp(320) if compact() else dp(350))
        head.add_widget(self.turn_badge)
        # What to tap and what the last move did: read by the player collecting, up close.
        self.hint = Text(text="", font_size=name_font(), fine_print=True)
        # A long last move (a disc moved by a trick) takes another line rather than being cut.
        self.hint.bind(height=lambda _, height: setattr(head, "height", max(row_height(), height)))
        head.add_widget(self.hint)
        self.add_widget(head)
        self.body = body = BoxLayout(spacing=theme.GAP)
        self.centre_panel = centre_panel = Panel(orientation="vertical", size_hint_x=None, padding=dp(6),
                                                 spacing=dp(4))
        self.centre_title = Text(text="Centre", font_size=theme.FONT_TABLE, bold=True)
        centre_panel.add_widget(self.centre_title)
        self.centre = StackLayout(spacing=dp(5), size_hint_y=None)
        self.centre.bind(minimum_height=self.centre.setter("height"))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(self.centre)
        centre_panel.add_widget(scroll)
        body.add_widget(centre_panel)
        self.centre_pool: list[CardChip] = []
        seats_panel = Panel(orientation="vertical", size_hint_x=0.5, padding=dp(6), spacing=dp(4))
        self.rows = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(5))
        self.rows.bind(minimum_height=self.rows.setter("height"))
        seats = cast(RuffSummary, controller.session.summary())["players"]
        self.seat_rows = [SeatCards(player, boards[seats[seat]["board"]], partial(self.tap_seat_card, seat))
                          for seat, player in enumerate(controller.players)]
        rows_scroll = ScrollView(do_scroll_x=False)
        rows_scroll.add_widget(self.rows)
        seats_panel.add_widget(rows_scroll)
        body.add_widget(seats_panel)
        self.rows.bind(width=self._arrange_rows)
        body.bind(size=self._share_body)
        self.centre_title.bind(height=self._share_body)
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
        if controller.session.summary()["abilities"] is not None:
            self.tricks_button = tricks_button(self.open_tricks, size_hint_x=0.5, height=primary_height())
            buttons.add_widget(self.tricks_button)
        self.add_widget(buttons)

    # ----- what the tests and the family read ------------------------------------------------------
    @property
    def collector(self) -> int | None:
        return self.chosen.collector

    @property
    def picked(self) -> list[int]:
        return self.chosen.picked

    @property
    def held_card(self) -> Card | None:
        return self.chosen.held_card

    @property
    def own_chips(self) -> list[CardChip]:
        """The collecting player's cards to tap."""
        if self.summary is None or self.turn is None:
            return []
        return self.seat_rows[self.turn].chips[:len(self.summary["players"][self.turn]["laid_out"])]

    @property
    def centre_chips(self) -> list[CardChip]:
        return self.centre_pool[:len(self.summary["centre"])] if self.summary is not None else []

    @property
    def held(self) -> bool:
        """The laid-out cards are in the hands, out of sight (the variant)."""
        return bool(self.summary and self.summary["laid_out_into_hand"])

    # ----- showing ----------------------------------------------------------------------------------
    def show(self, summary: RuffSummary, changed: bool) -> None:
        """`changed`: a move was told, undone or redone since the pad was last shown, so what was picked
        belongs to another state of the table."""
        before = self.summary
        if changed or before is None or summary["turn"] != self.turn or summary["centre"] != before["centre"]:
            self.chosen = Chosen()
        self.summary, self.turn = summary, summary["turn"]
        assert self.turn is not None, "Collecting is always someone's turn"
        self.turn_badge.player = self.controller.players[self.turn]
        # The expected step is the one the rules leave.
        collect = summary["collecting_step"] == ActionType.COLLECT
        self.collect_button.kind = "primary" if collect else "normal"
        self.centre_button.kind = "normal" if collect else "primary"
        self._order_rows()
        self._show_cards()
        self._share_body()
        self._arrange_rows()

    def _share_body(self, *_: Any) -> None:
        """The centre as narrow as its cards allow with every row of them in sight (a third of the room
        at the least), so the players' rows have the rest: the whole centre and, where the room allows,
        every player's cards on screen at once."""
        body, panel = self.body, self.centre_panel
        chip_w, chip_h = chip_size()
        gap = self.centre.spacing[1] if isinstance(self.centre.spacing, list) else self.centre.spacing
        room = body.height - 2 * dp(6) - self.centre_title.height - panel.spacing
        rows = max(1, int((room + gap) // (chip_h + gap)))
        cards = len(self.summary["centre"]) if self.summary is not None else 0
        columns = max(1, -(-cards // rows))
        wanted = columns * (chip_w + gap) - gap + 2 * dp(6)
        share = body.width - body.spacing
        # The players' rows keep the room of their longest name and dog's place on a line.
        most = share - max(row.line_width() for row in self.seat_rows) - 2 * dp(6)
        # Where the centre's rows cannot all be had so, the two share the room evenly.
        panel.width = min(max(wanted, share * 0.35), most) if wanted <= most else min(share / 2, most)

    def _arrange_rows(self, *_: Any) -> None:
        """Every row with its name beside its cards where each row is wide enough for that, else each
        name over its cards."""
        # One column for the names, so the cards line up.
        column = max(row.names_width() for row in self.seat_rows)
        beside = all(row.width_beside(column) <= self.rows.width for row in self.seat_rows)
        for row in self.seat_rows:
            row.show_beside(beside, column)

    def _order_rows(self) -> None:
        assert self.turn is not None
        order = [self.seat_rows[seat] for seat in seat_order(self.turn, self.controller.players)]
        if list(reversed(self.rows.children)) != order:
            self.rows.clear_widgets()
            for row in order:
                self.rows.add_widget(row)

    def _show_cards(self) -> None:
        summary, chosen = self.summary, self.chosen
        assert summary is not None
        centre = summary["centre"]
        self.centre_title.text = f"Centre: {counted(len(centre), 'card')}"
        # Enough cards for every centre card this hand can have: each card moved to the centre is one
        # laid-out card less.
        most = len(centre) + sum(len(player["laid_out"]) for player in summary["players"])
        while len(self.centre_pool) < most:
            chip = CardChip()
            index = len(self.centre_pool)
            chip.bind(on_release=lambda _, i=index: self.tap_centre(i))
            self.centre_pool.append(chip)
            self.centre.add_widget(chip)
        for index, chip in enumerate(self.centre_pool):
            there = index < len(centre)
            if there:
                chip.card = centre[index]
                chip.selected = index in chosen.picked
            hide(chip, not there)
            chip.size = chip_size() if there else (0, 0)
        for seat, row in enumerate(self.seat_rows):
            player = summary["players"][seat]
            mine = seat == self.turn
            cards = [chosen.held_card if mine and self.held and index == chosen.collector else slot["card"]
                     for index, slot in enumerate(player["laid_out"])]
            row.show(cards, len(player["collected"]), mine, chosen.collector)
        self._hint()

    def _hint(self) -> None:
        summary, chosen = self.summary, self.chosen
        assert summary is not None
        can = summary["can_collect"]
        picked = counted(len(chosen.picked), "centre card")
        if self.held:
            hint = ("tap one of your hidden cards and enter which it is, then the centre cards it takes."
                    if chosen.collector is None or chosen.held_card is None
                    else f"{card_name(chosen.held_card)} from the hand; {picked} picked.")
        elif chosen.collector is None:
            hint = {3: "tap one of your cards, then 2 centre cards: all one colour or all different.",
                    2: "tap one of your cards, then 1 centre card of its colour."}.get(
                can or 0, "nothing can be collected: tap one of your cards, then Move to centre.")
        else:
            hint = f"{picked} picked."
        last = summary["last_move_in_phase"]
        self.hint.text = f"{hint}\n{last}" if last else hint

    # ----- tapping ----------------------------------------------------------------------------------
    def tap_seat_card(self, seat: int, index: int) -> None:
        if seat != self.turn:
            name = self.controller.players[self.turn or 0].name
            self.controller.explain(f"It is {name}'s turn to collect: tap one of {name}'s cards.")
            return
        self.tap_own(index)

    def tap_own(self, index: int) -> None:
        chosen = self.chosen
        if self.held and chosen.collector != index:
            self.ask_held_card(index)
            return
        chosen.collector = None if chosen.collector == index else index
        chosen.held_card = None
        self._show_cards()
        self.controller.taken()

    def ask_held_card(self, index: int) -> HandPopup:
        assert self.summary is not None and self.turn is not None
        name = self.controller.players[self.turn].name

        def entered(cards: list[Card]) -> None:
            self.chosen.collector, self.chosen.held_card = index, cards[0]
            self._show_cards()
        return self._ask_hand(f"Which card from {name}'s hand collects? Enter it: colour, then number.", 1, entered)

    def _ask_hand(self, prompt: str, wanted: int, on_done: Callable[[list[Card]], object]) -> HandPopup:
        assert self.summary is not None
        if self._hand_popup is None:
            self._hand_popup = HandPopup(self.controller.explain)
            self._hand_popup.bind(on_dismiss=lambda *_: setattr(self, "hand_popup", None))
        self.hand_popup = self._hand_popup
        return self._hand_popup.ask(prompt, wanted, self.summary["eight_dogs"], on_done)

    def tap_centre(self, index: int) -> None:
        picked = self.chosen.picked
        if index in picked:
            picked.remove(index)
        elif len(picked) >= MOST_TAKEN:
            self.controller.explain("A card collects at most two centre cards. Tap a picked card to put it back.")
            return
        else:
            picked.append(index)
        self._show_cards()
        self.controller.taken()

    def clear(self) -> None:
        self.chosen = Chosen()
        self._show_cards()
        self.controller.taken()

    def collect(self) -> bool:
        return self._attempt(ActionType.COLLECT)

    def to_centre(self) -> bool:
        return self._attempt(ActionType.TO_CENTRE)

    # ----- filling the needs, in the order NEEDS gives ----------------------------------------------
    def _attempt(self, kind: str) -> bool:
        """Ask for the first thing the action still needs; once it has everything, send it."""
        for need in NEEDS[kind]:
            if not self._has(need, kind):
                self._ask(need, kind)
                return False
        return self._send(kind)

    def _own_card(self) -> Card:
        assert self.summary is not None and self.turn is not None and self.chosen.collector is not None
        if self.held:
            assert self.chosen.held_card is not None
            return self.chosen.held_card
        card = self.summary["players"][self.turn]["laid_out"][self.chosen.collector]["card"]
        assert card is not None, "every laid-out card is known once turned up"
        return card

    def _cards(self) -> list[Card]:
        """The card that collects and the centre cards it takes, each Wild Dog with the colour chosen."""
        assert self.summary is not None
        cards = [self._own_card().copy()] + [self.summary["centre"][index].copy() for index in self.chosen.picked]
        for card, colour in zip([card for card in cards if card.get("wild")], self.chosen.colours):
            card["colour"] = colour
        return cards

    def _has(self, need: Need, kind: str) -> bool:
        chosen, summary = self.chosen, self.summary
        assert summary is not None
        if need == Need.COLLECTOR:
            return chosen.collector is not None and (not self.held or chosen.held_card is not None)
        if need == Need.CENTRE:
            return bool(chosen.picked)
        if need == Need.COLOURS:
            # A Wild Dog with only one colour that keeps the collection legal simply takes it; with none,
            # any colour goes to the rules, whose refusal says what is wrong.
            while True:
                cards = self._cards()
                if not any(card.get("wild") and "colour" not in card for card in cards):
                    return True
                options = wild_dog_colours(cards)
                if len(options) > 1:
                    return False
                chosen.colours.append(options[0] if options else COLOURS[0])
        proof = summary["proof_needed"]
        wanted = proof["cards"] if proof is not None and proof["seat"] == self.turn else 0
        pair = kind == ActionType.TO_CENTRE or len(chosen.picked) == 1
        return not (self.held and wanted and pair) or chosen.shown is not None

    def _ask(self, need: Need, kind: str) -> None:
        assert self.summary is not None and self.turn is not None
        if need == Need.COLLECTOR:
            self.controller.explain("First tap the card of yours that does the collecting.")
        elif need == Need.CENTRE:
            self.controller.explain("Tap one or two centre cards to collect.")
        elif need == Need.COLOURS:
            if self._colour_question is None:
                self._colour_question = ColourQuestion()
                self._colour_question.bind(on_dismiss=lambda *_: setattr(self, "colour_question", None))
            legal = "one colour or all different" if len(self.chosen.picked) == 2 else "one colour"

            def coloured(colour: str) -> None:
                self.chosen.colours.append(colour)
                self._attempt(kind)
            self.colour_question = self._colour_question.ask(wild_dog_colours(self._cards()), legal, coloured)
        else:
            proof = self.summary["proof_needed"]
            assert proof is not None
            wanted = proof["cards"]
            name = self.controller.players[self.turn].name
            others = f"other {wanted} cards" if wanted != 1 else "other card"

            def proved(cards: list[Card]) -> None:
                self.chosen.shown = cards
                self._attempt(kind)
            self._ask_hand(f"{name} shows the {others} in the hand, to prove nothing more could be collected. "
                           f"Enter each: colour, then number.", wanted, proved)

    def _send(self, kind: str) -> bool:
        chosen = self.chosen
        shown_cards = {"shown": chosen.shown} if chosen.shown is not None else {}
        if kind == ActionType.COLLECT:
            cards = self._cards()
            args: dict[str, Any] = {"collector": cards[0], "cards": cards[1:], **shown_cards}
        else:
            args = {"card": self._own_card().copy(), **shown_cards}
        # Refused, the cards stay chosen so the player can change one; the colours and the proof are
        # asked again.
        chosen.colours, chosen.shown = [], None
        return self.controller.perform(Action(kind, self.turn, args))
