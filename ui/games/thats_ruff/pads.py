"""The That's Ruff! pads: the card pad (numbers 0-13 beside the three suits and the Wild Dog), the
Counting pad around it (with Tricks when discs are spent on them), the entry table for laying out and
turning up face-down cards, and the popup for cards held in the hand; the last two show the cards
entered so far in the same row (EnteredRow)."""

from __future__ import annotations

from typing import Callable

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView

from companion.actions import Action
from companion.games.thats_ruff.state import (
    COLOURS,
    DEFAULT_EIGHTS,
    HIGHEST,
    HOUSE,
    KEEP,
    LOWEST,
    MOST_SPACES_PER_CARD,
    WILD,
    ActionType,
    Card,
    Phase,
)
from ui import theme
from ui.games.thats_ruff.tricks import TricksPopup, tricks_button
from ui.games.thats_ruff.widgets import (
    SUIT_WORDS,
    CardChip,
    NameButton,
    SuitButton,
    chip_size,
    compact,
    fit_popup,
    name_font,
    primary_height,
    row_height,
)
from ui.widgets.basics import BigButton, Panel, Text

NUMBERS = range(LOWEST, HIGHEST + 1)
SUITS = (*COLOURS, WILD)
STAY_REACH = HOUSE - MOST_SPACES_PER_CARD  # no card moves a dog further, so only from here on can it reach the house
PAD_GAP = dp(5)


def tell(widget, text: str, problem: bool = True) -> None:
    """Show a hint on the game screen's message bar (the screen owns it; the view only borrows it)."""
    node = widget
    while node is not None:
        message = getattr(node, "message", None)
        if message is not None and hasattr(message, "show"):
            message.show(text, problem=problem)
            return
        node = node.parent


def eights_of(options: dict) -> dict[str, str]:
    return {**DEFAULT_EIGHTS, **options.get("eights", {})}


def side_width() -> float:
    """The column right of the card pad: the pad's own buttons (Counting) or the Done button (entry)."""
    from kivy.core.window import Window

    return max(dp(196), Window.width * 0.2)


class EnteredRow(BoxLayout):
    """The cards entered so far, as chips in a row, with Take back for a slip (and any more buttons
    added after it): the same row under the laying-out and turning-up names and in the hand popup."""

    def __init__(self, on_take_back: Callable[[], object], back_width: float, **kwargs):
        super().__init__(spacing=theme.GAP, size_hint_y=None, height=max(chip_size()[1], row_height()), **kwargs)
        self.chips = BoxLayout(spacing=dp(4))
        self.add_widget(self.chips)
        self.back_button = self.add_button("Take back", back_width, on_take_back)

    def add_button(self, text: str, width: float, on_release: Callable[[], object]) -> BigButton:
        button = BigButton(text=text, size_hint_x=None, width=width, height=row_height(),
                           font_size=theme.FONT_SMALL, pos_hint={"center_y": 0.5})
        button.bind(on_release=lambda *_: on_release())
        self.add_widget(button)
        return button

    def show(self, cards: list[Card]) -> None:
        self.chips.clear_widgets()
        for card in cards:
            self.chips.add_widget(CardChip(card, pos_hint={"center_y": 0.5}))
        self.back_button.disabled = not cards


class CardPad(BoxLayout):
    """Numbers in two rows of seven beside the suits. A suit first, then the number enters the card.
    With `declare`, Wild Dog is a switch and the suit and number say what it stands for; without it,
    Wild Dog enters a Wild Dog at once. A blue or red 8 asks which dog it shows."""

    def __init__(self, on_card: Callable[[Card], object], options: dict, declare: bool, **kwargs):
        super().__init__(spacing=theme.GAP, size_hint_y=None, **kwargs)
        self.on_card, self.options, self.declare = on_card, options, declare
        self.colour: str | None = None
        self.wild = False
        self.dog_question: ModalView | None = None
        self.dogs_seen: list[str] = []   # dogs whose 8 has turned up (or is entered) since the shuffle
        numbers = GridLayout(cols=7, rows=2, spacing=PAD_GAP)
        self.number_buttons = []
        for number in NUMBERS:
            button = BigButton(text=str(number), font_size=theme.FONT_TITLE, height=row_height())
            button.bind(on_release=lambda _, n=number: self.tap_number(n))
            self.number_buttons.append(button)
            numbers.add_widget(button)
        self.add_widget(numbers)
        suits = GridLayout(cols=2, rows=2, spacing=PAD_GAP, size_hint_x=0.56)
        self.suit_buttons = {}
        for suit in SUITS:
            button = SuitButton(suit, SUIT_WORDS[suit], height=row_height())
            button.bind(on_release=lambda _, s=suit: self.tap_suit(s))
            self.suit_buttons[suit] = button
            suits.add_widget(button)
        self.add_widget(suits)
        self.height = row_height() * 2 + PAD_GAP

    def reset(self) -> None:
        self.colour, self.wild = None, False
        self._mark()

    def declare_wild(self) -> None:
        """Wild Dog switched on: the colour and number tapped next say what it stands for."""
        self.colour, self.wild = None, True
        self._mark()

    def _mark(self) -> None:
        for suit, button in self.suit_buttons.items():
            button.chosen = (suit == WILD and self.wild) or suit == self.colour

    def tap_suit(self, suit: str) -> None:
        if suit == WILD:
            if not self.declare:
                self.on_card({"wild": True})
                return
            self.wild = not self.wild
        else:
            self.colour = None if self.colour == suit else suit
        self._mark()

    def tap_number(self, number: int) -> None:
        if self.colour is None:
            tell(self, "Tap the card's colour first (blue dish, red hydrant or black paw), then its number."
                 if not self.wild else "Tap the colour the Wild Dog stands for, then its number.")
            return
        card: Card = {"number": number, "colour": self.colour}
        if self.wild:
            self.on_card({"wild": True, **card})
        elif number == 8 and self.colour != "black":
            self.ask_dog(card)
        else:
            self.on_card(card)

    def ask_dog(self, card: Card) -> ModalView | None:
        dogs = [dog for dog, colour in eights_of(self.options).items() if colour == card["colour"]]
        left = [dog for dog in dogs if dog not in self.dogs_seen]
        if len(left) < 2:
            # Only one dog's 8 of this colour is still in the deck: no need to ask. With none left the
            # game says the deck has run out of them.
            self.on_card({**card, "dog": left[0]} if left else card)
            return None
        self.dog_question = ask_which_dog(card, dogs, self.on_card)
        self.dog_question.bind(on_dismiss=lambda *_: setattr(self, "dog_question", None))
        return self.dog_question


def ask_which_dog(card: Card, dogs: list[str], on_card: Callable[[Card], object]) -> ModalView:
    """Which of `dogs` is on this blue or red 8: a button each, and the card with its dog goes on."""
    popup = ModalView(size_hint=(None, None), size=(dp(440), dp(220)), auto_dismiss=True)
    panel = Panel(orientation="vertical")
    panel.add_widget(Text(text=f"Which dog is on this {card['colour']} 8?", font_size=theme.FONT_TITLE,
                          bold=True, halign="center"))
    row = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH_BIG)
    for dog in dogs:
        # Either dog is a fine answer, so neither is drawn as the one expected.
        button = BigButton(text=dog, height=theme.TOUCH_BIG, font_size=theme.FONT_TITLE)
        button.bind(on_release=lambda _, d=dog: (popup.dismiss(), on_card({**card, "dog": d})))
        row.add_widget(button)
    panel.add_widget(row)
    popup.add_widget(panel)
    popup.open()
    return popup


class Toggle(BigButton):
    """A two-way switch that says its current setting in words; `on_change` hears every setting."""

    def __init__(self, texts: tuple[str, str], on_change: Callable[[bool], object] | None = None, **kwargs):
        super().__init__(**kwargs)
        self.texts, self.on_change = texts, on_change
        self.on = False
        self.bind(on_release=lambda *_: self.set(not self.on))
        self.set(False)

    def set(self, on: bool) -> None:
        self.on = on
        self.text = self.texts[on]
        self.kind = "ok" if on else "normal"
        if self.on_change is not None:
            self.on_change(on)


class FaceUpPicker(BoxLayout):
    """The face-up cards of the player whose turn it is, in place of the card pad while the card comes
    from the table: only a card lying face up can be chosen, and it is played as the app knows it (an
    8 with the dog named when it was laid out). A card that would take the count past 32 is dimmed;
    tapped, the rules say why it can't be played."""

    def __init__(self, on_pick: Callable[[dict], object], **kwargs):
        super().__init__(spacing=theme.GAP, **kwargs)
        self.on_pick = on_pick
        self.cards = BoxLayout(spacing=theme.GAP, size_hint_x=None)
        self.add_widget(self.cards)
        self.prompt = Text(text="", font_size=theme.FONT_SMALL if compact() else theme.FONT_BODY,
                           fine_print=True, size_hint_y=1)
        self.add_widget(self.prompt)
        self.chips: list[CardChip] = []
        self.shown: list[dict] = []
        self.bind(height=lambda *_: self._size_chips())

    def show(self, name: str, face_up: list[dict]) -> None:
        self.prompt.text = (f"{name}'s face-up cards: tap the one played. A card from the hand goes face "
                            f"down in its place.")
        if face_up == self.shown:
            return
        self.shown = face_up
        self.cards.clear_widgets()
        self.chips = []
        for choice in face_up:
            chip = CardChip(choice["card"], dimmed=not choice["fits"], pos_hint={"center_y": 0.5})
            chip.bind(on_release=lambda _, c=choice: self.on_pick(c))
            self.chips.append(chip)
            self.cards.add_widget(chip)
        self._size_chips()

    def _size_chips(self) -> None:
        height = max(chip_size()[1], self.height - dp(4))
        for chip in self.chips:
            chip.size = (height * 0.72, height)
        self.cards.width = sum(chip.width for chip in self.chips) + self.cards.spacing * max(0, len(self.chips) - 1)


class CountingPad(BoxLayout):
    """The card pad, and beside it where the card comes from, staying in the dog house and "That's Ruff!".
    Whose turn it is stands over the count."""

    def __init__(self, controller, **kwargs):
        super().__init__(spacing=theme.GAP, size_hint_y=None, **kwargs)
        self.controller = controller
        self.pad = CardPad(self.play, controller.session.options, declare=True)
        self.add_widget(self.pad)
        self.face_up = FaceUpPicker(self.play_face_up, size_hint_y=None, height=self.pad.height)
        self.declaring_face_up_wild = False
        self.dog_question: ModalView | None = None
        side = BoxLayout(orientation="vertical", spacing=PAD_GAP, size_hint_x=None, width=side_width())
        toggles = BoxLayout(spacing=PAD_GAP, size_hint_y=None, height=row_height())
        self.source = Toggle(("From hand", "From face-up"), on_change=self._show_source, font_size=theme.FONT_SMALL,
                             height=row_height())
        toggles.add_widget(self.source)
        self.stay = Toggle(("Stay home\nno", "Stay home\nYES"), font_size=theme.FONT_SMALL, height=row_height())
        toggles.add_widget(self.stay)
        side.add_widget(toggles)
        tricks = bool(controller.session.options.get("abilities"))
        last = BoxLayout(spacing=PAD_GAP, size_hint_y=None, height=row_height())
        # Sharing its row with Tricks on the 7" panel, the words take a size that keeps them whole.
        ruff_font = ((theme.FONT_SMALL if compact() else theme.FONT_BODY) if tricks
                     else (theme.FONT_BODY if compact() else theme.FONT_TITLE))
        self.ruff_button = BigButton(text="That's Ruff!", kind="danger", height=row_height(), font_size=ruff_font)
        self.ruff_button.bind(on_release=lambda *_: self.thats_ruff())
        last.add_widget(self.ruff_button)
        self.tricks_button: BigButton | None = None
        self.tricks: TricksPopup | None = None
        if tricks:
            self.tricks_button = tricks_button(self.open_tricks, size_hint_x=0.62)
            last.add_widget(self.tricks_button)
        side.add_widget(last)
        self.add_widget(side)
        self.height = self.pad.height
        self.turn: int | None = None
        self.summary: dict = {}

    def refresh(self, summary: dict) -> None:
        self.summary = summary
        self.turn = summary["turn"]
        self.pad.dogs_seen = summary["eights_seen"]
        board = summary["boards"][summary["players"][self.turn]["board"]]
        keeps = not self.controller.session.options.get("discard_fetched_discs", False)
        relevant = keeps and board["position"] >= STAY_REACH
        self.stay.disabled = not relevant
        self.stay.opacity = 1 if relevant else 0
        if not relevant:
            self.stay.set(False)
        face_up = summary["face_up_to_play"]
        self.source.disabled = not face_up
        if not face_up:
            self.source.set(False)
        self.face_up.show(self.controller.players[self.turn].name, face_up)

    def _show_source(self, from_face_up: bool) -> None:
        """The face-up cards to tap in place of the pad while the card comes from the table; the pad
        again for a card from the hand, or to say what a face-up Wild Dog stands for."""
        if not from_face_up and self.declaring_face_up_wild:
            self.declaring_face_up_wild = False
            self.pad.reset()
        wanted = self.face_up if from_face_up and not self.declaring_face_up_wild else self.pad
        if wanted.parent is None:
            self.remove_widget(self.pad if wanted is self.face_up else self.face_up)
            self.add_widget(wanted, index=len(self.children))

    def play_face_up(self, choice: dict) -> ModalView | None:
        """A tapped face-up card: played at once, an 8 with its dog (asked only while the app doesn't
        know which of its colour's dogs it shows); a Wild Dog first says what it stands for."""
        card: Card = dict(choice["card"])
        if card.get("wild"):
            self.declaring_face_up_wild = True
            self._show_source(True)
            self.pad.declare_wild()
            tell(self, "The face-up Wild Dog: tap the colour it stands for, then its number.", problem=False)
            return None
        dogs = choice["dogs"]
        if len(dogs) > 1:
            self.dog_question = ask_which_dog(card, dogs, self.play)
            return self.dog_question
        if dogs:
            card["dog"] = dogs[0]
        self.play(card)
        return None

    def play(self, card: Card) -> bool:
        args = dict(card)
        if self.source.on:
            args["from"] = "face_up"
        if self.stay.on:
            args["stay"] = True
        done = self.controller.perform(Action(ActionType.PLAY, self.turn, args))
        self.fresh()
        return done

    def thats_ruff(self) -> bool:
        done = self.controller.perform(Action(ActionType.THATS_RUFF, self.turn))
        self.fresh()
        return done

    def fresh(self) -> None:
        """Back to an untouched pad, refused or not: a colour left chosen would be switched off by the
        next tap on it, doubling the taps for the next card."""
        self.pad.reset()
        self.source.set(False)
        self.stay.set(False)

    def open_tricks(self) -> TricksPopup:
        self.tricks = TricksPopup(self.controller, self.summary)
        self.tricks.open()
        return self.tricks


class EntryPad(BoxLayout):
    """Laying out (face-up cards through the card pad, the rest face down as a count) and turning up the
    face-down cards after Counting. Everyone still to do it has a button with their name; the chosen one
    enters their cards, and a tap on another name switches."""

    def __init__(self, controller, **kwargs):
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        self.controller = controller
        self.seat: int | None = None
        self.phase = None
        self.entered: list[Card] = []
        # The phase is read from the seats; what the last move did and what to enter are read up close.
        self.info = Text(text="", font_size=theme.FONT_TABLE, bold=True)
        self.add_widget(self.info)
        self.seats = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=row_height())
        self.seat_buttons: list[NameButton] = []
        for seat, player in enumerate(controller.players):
            button = NameButton(player, height=row_height(), font_size=name_font())
            button.bind(on_release=lambda _, s=seat: self.choose(s))
            self.seat_buttons.append(button)
            self.seats.add_widget(button)
        self.add_widget(self.seats)
        self.prompt = Text(text="", font_size=theme.FONT_BODY if not compact() else theme.FONT_SMALL,
                           fine_print=True)
        self.add_widget(self.prompt)
        self.row = EnteredRow(self.take_back, back_width=dp(130))
        self.add_widget(self.row)
        self.add_widget(BoxLayout())  # what is left of the height stays under the cards, not between rows
        bottom = BoxLayout(spacing=theme.GAP, size_hint_y=None)
        self.pad = CardPad(self.add_card, controller.session.options, declare=False)
        bottom.add_widget(self.pad)
        self.done_button = BigButton(text="", kind="primary", size_hint_x=None, width=side_width(),
                                     size_hint_y=1, font_size=theme.FONT_BODY)
        self.done_button.bind(on_release=lambda *_: self.finish())
        bottom.add_widget(self.done_button)
        bottom.height = max(self.pad.height, primary_height())
        self.add_widget(bottom)
        self.summary: dict = {}

    @property
    def badge_button(self) -> NameButton | None:
        """The name of the player entering their cards now."""
        return self.seat_buttons[self.seat] if self.seat is not None else None

    def refresh(self, summary: dict) -> None:
        self.summary = summary
        waiting = summary["waiting_for"]
        if summary["phase"] != self.phase or self.seat not in waiting:
            self.phase, self.entered = summary["phase"], []
            self.seat = waiting[0] if waiting else None
        self._show()

    def choose(self, seat: int) -> None:
        if seat != self.seat and seat in self.summary["waiting_for"]:
            self.seat = seat
            self.entered = []
            self.pad.reset()
            self._show()

    def next_seat(self) -> None:
        waiting = self.summary["waiting_for"]
        if len(waiting) > 1:
            self.choose(waiting[(waiting.index(self.seat) + 1) % len(waiting)])

    @property
    def wanted(self) -> int:
        if self.phase == Phase.LAYING_OUT:
            return self.summary["deal_size"] - KEEP
        return self.summary["players"][self.seat]["cards_to_turn_up"] if self.seat is not None else 0

    def _show(self) -> None:
        if self.seat is None:
            return
        summary = self.summary
        laying = self.phase == Phase.LAYING_OUT
        what = "Laying out" if laying else "Turning up"
        self.info.text = f"{what} · hand {summary['hand']}"
        last = f"\n{summary['last_move']}" if summary["last_move"] else ""
        waiting = summary["waiting_for"]
        for seat, button in enumerate(self.seat_buttons):
            name = self.controller.players[seat].name
            button.disabled = seat not in waiting
            button.chosen = seat == self.seat
            done = "laid out" if laying else "all turned up"
            button.text = f"{name}\n{'entering' if seat == self.seat else ('waiting' if seat in waiting else done)}"
        name = self.controller.players[self.seat].name
        wanted = self.wanted
        if laying:
            self.prompt.text = (f"{name} lays out {wanted} cards. Enter the face-up ones on the pad "
                                f"(colour, then number); the rest go face down.{last}")
            down = wanted - len(self.entered)
            self.done_button.text = f"Lay out: {len(self.entered)} up, {down} down"
        else:
            plural = "s" if wanted != 1 else ""
            self.prompt.text = (f"{name} turns up {wanted} face-down card{plural}: enter each on the "
                                f"pad (colour, then number).{last}")
            self.done_button.text = f"Turn up ({len(self.entered)} of {wanted})"
        # Turning up finishes by itself with the last card, so the button is only the expected step
        # when laying out.
        self.done_button.kind = "primary" if laying else "normal"
        self.pad.dogs_seen = summary["eights_seen"] + [card["dog"] for card in self.entered if card.get("dog")]
        self.row.show(self.entered)

    def add_card(self, card: Card) -> None:
        if len(self.entered) >= self.wanted:
            tell(self, f"That is all {self.wanted} cards; tap {self.done_button.text.split(':')[0]} or Take back.")
            return
        self.entered.append(card)
        self.pad.reset()
        if self.phase == Phase.REVEALING and len(self.entered) == self.wanted:
            self.finish()
            return
        self._show()

    def take_back(self) -> None:
        if self.entered:
            self.entered.pop()
            self._show()

    def finish(self) -> bool:
        if self.phase == Phase.LAYING_OUT:
            action = Action(ActionType.LAY_OUT, self.seat, {"face_up": list(self.entered),
                                                            "face_down": self.wanted - len(self.entered)})
        else:
            action = Action(ActionType.REVEAL, self.seat, {"cards": list(self.entered)})
        done = self.controller.perform(action)
        if done:
            self.entered = []
        return done


class HandPopup(ModalView):
    """Cards held in a player's hand, entered on the card pad (the variant pulling laid-out cards into
    the hand): the card that collects, or the rest of the hand shown as proof. It closes by itself with
    the last card wanted and hands the cards to `on_done`."""

    def __init__(self, prompt: str, wanted: int, options: dict, on_done, **kwargs):
        super().__init__(size_hint=(0.97, 0.94), auto_dismiss=False, **kwargs)
        self.wanted, self.on_done = wanted, on_done
        self.entered: list[Card] = []
        panel = Panel(orientation="vertical", padding=dp(10), spacing=dp(8))
        self.prompt = Text(text=prompt, font_size=name_font(), fine_print=True)
        panel.add_widget(self.prompt)
        self.row = EnteredRow(self.take_back, back_width=dp(120))
        self.cancel_button = self.row.add_button("Cancel", dp(110), self.dismiss)
        panel.add_widget(self.row)
        self.count = Text(text="", font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, fine_print=True)
        if wanted > 1:
            panel.add_widget(self.count)
        # The card's dog is always asked: a held 8 may be one the app already knows, whose dog has turned up.
        self.pad = CardPad(self.add_card, options, declare=False)
        panel.add_widget(self.pad)
        self.add_widget(panel)
        fit_popup(self, panel)
        self._show()

    def _show(self) -> None:
        self.row.show(self.entered)
        self.count.text = f"{len(self.entered)} of {self.wanted} entered." if self.wanted > 1 else ""
        self.pad.dogs_seen = [card["dog"] for card in self.entered if card.get("dog")]

    def add_card(self, card: Card) -> None:
        self.entered.append(card)
        self.pad.reset()
        if len(self.entered) >= self.wanted:
            self.dismiss()
            self.on_done(list(self.entered))
            return
        self._show()

    def take_back(self) -> None:
        if self.entered:
            self.entered.pop()
            self._show()
