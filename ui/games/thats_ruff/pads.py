"""The That's Ruff! pads: the card pad (numbers 0-13 beside the three suits and the Wild Dog), the
Counting pad around it (the face-up cards in its place while a card comes from the table, "That's
Ruff!", Tricks, and the question whether a dog reaching its dog house stays there), the entry table for
laying out and turning up face-down cards, and the popup for cards held in the hand.

Everything here is made once and shown again with other words: a card entered changes what the pad's
buttons say and which are ringed, never which buttons there are. What is possible is the core's to say
(the dogs an 8 may show, whether a card offers to stay in the dog house and at what price, the face-up
cards that fit, how many cards to lay out); the rules refuse the rest, and their reason is said in the
message bar."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.utils import escape_markup

from companion.actions import Action
from companion.games.thats_ruff.counting import StayOffer, stay_offer
from companion.games.thats_ruff.paths import space_name
from companion.games.thats_ruff.state import COLOURS, DEAL_SIZE, HIGHEST, KEEP, LOWEST, WILD, ActionType, Card, Phase
from companion.games.thats_ruff.summary import FaceUpCard, RuffSummary
from companion.players import Player
from companion.words import counted
from ui import theme
from ui.controller import GameController
from ui.games.thats_ruff.tricks import OpensTricks, TricksPopup, tricks_button
from ui.games.thats_ruff.widgets import (
    CardChip,
    CardFace,
    SuitButton,
    chip_size,
    compact,
    fit_popup,
    name_font,
    primary_height,
    row_height,
)
from ui.widgets.basics import BigButton, Panel, Text
from ui.widgets.choice import Choice, ChoiceRow, least_choice_width
from ui.widgets.hiding import hide
from ui.widgets.text import line_height

NUMBERS = range(LOWEST, HIGHEST + 1)
HAND, FACE_UP = "hand", "face_up"   # where a card played comes from
SOURCES = [(HAND, "From hand"), (FACE_UP, "From face-up")]
SEAT_NOTES = ("entering", "waiting", "laid out", "all turned up")   # under each name while laying out or turning up
SUITS = (*COLOURS, WILD)
PAD_GAP = dp(5)
# The most cards a player lays out in a hand: a face-up picker or a row of entered cards holds as many.
MOST_LAID_OUT = max(DEAL_SIZE.values()) - KEEP

Hint = Callable[[str], None]


def side_width() -> float:
    """The column right of the card pad: the pad's own buttons (Counting, where the card comes from
    side by side, each word whole) or the Done button (entry)."""
    from kivy.core.window import Window

    sources = len(SOURCES) * max(least_choice_width(words) for _, words in SOURCES) + PAD_GAP
    return float(max(dp(196), Window.width * 0.2, sources))


def dogs_left(eight_dogs: dict[str, list[str]], colour: str, seen: Sequence[str]) -> list[str]:
    """The dogs an 8 of this colour may still show: its colour's dogs (the core says which) whose 8
    has not turned up (`seen`)."""
    return [dog for dog in eight_dogs.get(colour, []) if dog not in seen]


# ----- the card pad -----------------------------------------------------------------------------------
class DogQuestion(ModalView):
    """Which dog is on a blue or red 8: a button each. Either dog is a fine answer, so neither is drawn
    as the one expected."""

    MOST_DOGS = 2   # each colour has two 8s, each showing one dog

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(size_hint=(None, None), size=(dp(440), dp(220)), auto_dismiss=True, **kwargs)
        self.card: Card = {}
        self.on_card: Callable[[Card], object] = lambda card: None
        panel = Panel(orientation="vertical")
        self.title = Text(text="", font_size=theme.FONT_TITLE, bold=True, halign="center")
        panel.add_widget(self.title)
        row = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH_BIG)
        self.buttons = [BigButton(height=theme.TOUCH_BIG, font_size=theme.FONT_TITLE) for _ in range(self.MOST_DOGS)]
        for button in self.buttons:
            button.bind(on_release=self._answer)
            row.add_widget(button)
        panel.add_widget(row)
        self.add_widget(panel)

    def ask(self, card: Card, dogs: list[str], on_card: Callable[[Card], object]) -> None:
        self.card, self.on_card = card, on_card
        self.title.text = f"Which dog is on this {card['colour']} 8?"
        for button, dog in zip(self.buttons, dogs):
            button.text = dog
        self.open()

    def _answer(self, button: BigButton) -> None:
        self.dismiss()
        self.on_card({**self.card, "dog": button.text})


class CardPad(BoxLayout):
    """Numbers in two rows of seven beside the suits. A suit first, then the number enters the card.
    With `declare`, Wild Dog is a switch and the suit and number say what it stands for; without it,
    Wild Dog enters a Wild Dog at once. A blue or red 8 asks which dog it shows while it may show either
    of its colour's dogs."""

    def __init__(self, on_card: Callable[[Card], object], declare: bool, hint: Hint,
                 taken: Callable[[], object] = lambda: None, **kwargs: Any) -> None:
        # On the 7" panel the gaps are narrow: seven numbers 9 mm wide and the suits' words whole share it.
        super().__init__(spacing=PAD_GAP if compact() else theme.GAP, size_hint_y=None, **kwargs)
        self.on_card, self.declare, self.hint, self.taken = on_card, declare, hint, taken
        self.colour: str | None = None
        self.wild = False
        self.eight_dogs: dict[str, list[str]] = {}
        self.dogs_seen: list[str] = []   # dogs whose 8 has turned up (or is entered) since the shuffle
        self.dog_question: DogQuestion | None = None
        self._question: DogQuestion | None = None
        # On the 7" panel the numbers stand closer side by side, so that each keeps its 9 mm.
        numbers = GridLayout(cols=7, rows=2, spacing=[dp(2) if compact() else PAD_GAP, PAD_GAP])
        self.number_buttons: list[BigButton] = []
        for number in NUMBERS:
            button = BigButton(text=str(number), font_size=theme.FONT_TITLE, height=row_height())
            button.bind(on_release=lambda _, n=number: self.tap_number(n))
            self.number_buttons.append(button)
            numbers.add_widget(button)
        self.add_widget(numbers)
        suits = GridLayout(cols=2, rows=2, spacing=PAD_GAP, size_hint_x=None)
        self.suit_buttons: dict[str, SuitButton] = {}
        for suit in SUITS:
            suit_button = SuitButton(suit=suit, height=row_height())
            suit_button.bind(on_release=lambda _, s=suit: self.tap_suit(s))
            self.suit_buttons[suit] = suit_button
            suits.add_widget(suit_button)
        self.add_widget(suits)
        self.height = row_height() * 2 + PAD_GAP

        def fit_suits(*_: Any) -> None:
            # A third of the pad, or what the suits' words need whole (Red hydrant), if more; but never
            # so much that a number is under the least target: then the colour words alone.
            room = self.width - self.spacing - (numbers.cols * theme.TARGET + (numbers.cols - 1) * numbers.spacing[0])
            whole = max((self.width - self.spacing) * 0.36, 2 * SuitButton.narrowest(row_height()) + PAD_GAP)
            least = 2 * SuitButton.narrowest(row_height(), colour_word_only=True) + PAD_GAP
            suits.width = max(least, min(whole, room))

        self.bind(width=fit_suits)
        fit_suits()

    def reset(self) -> None:
        self.colour, self.wild = None, False
        self._mark()

    def declare_wild(self) -> None:
        """Wild Dog switched on: the colour and number tapped next say what it stands for."""
        self.colour, self.wild = None, True
        self._mark()

    def _mark(self) -> None:
        for suit, button in self.suit_buttons.items():
            button.selected = (suit == WILD and self.wild) or suit == self.colour

    def tap_suit(self, suit: str) -> None:
        if suit == WILD:
            if not self.declare:
                self.on_card({"wild": True})
                return
            self.wild = not self.wild
        else:
            self.colour = None if self.colour == suit else suit
        self._mark()
        self.taken()

    def tap_number(self, number: int) -> None:
        if self.colour is None:
            self.hint("Tap the card's colour first (blue dish, red hydrant or black paw), then its number."
                      if not self.wild else "Tap the colour the Wild Dog stands for, then its number.")
            return
        card: Card = {"number": number, "colour": self.colour}
        if self.wild:
            self.on_card({"wild": True, **card})
        elif number == 8 and self.colour in self.eight_dogs:
            self.ask_dog(card)
        else:
            self.on_card(card)

    def ask_dog(self, card: Card) -> DogQuestion | None:
        left = dogs_left(self.eight_dogs, card["colour"], self.dogs_seen)
        if len(left) < 2:
            # Only one dog's 8 of this colour is still in the deck: no need to ask. With none left the
            # game says the deck has run out of them.
            self.on_card({**card, "dog": left[0]} if left else card)
            return None
        return self.ask_which_dog(card, left, self.on_card)

    def ask_which_dog(self, card: Card, dogs: list[str], on_card: Callable[[Card], object]) -> DogQuestion:
        if self._question is None:
            self._question = DogQuestion()
            self._question.bind(on_dismiss=lambda *_: setattr(self, "dog_question", None))
        self.dog_question = self._question
        self._question.ask(card, dogs, on_card)
        return self._question


# ----- Counting ---------------------------------------------------------------------------------------
class StayQuestion(ModalView):
    """A card that brings the dog into its dog house with steps to spare, and discs enough to stay:
    stay (at its price) or move on (to where). Both are fair choices, so neither is drawn as the one
    expected; the words are those of the same choice at the end of Collecting."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(size_hint=(0.9, None), auto_dismiss=True, **kwargs)
        self.on_answer: Callable[[bool], object] = lambda stay: None
        panel = Panel(orientation="vertical", padding=dp(10), spacing=dp(8))
        self.title = Text(text="", font_size=theme.FONT_TITLE, bold=True, halign="center")
        panel.add_widget(self.title)
        row = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH_BIG)
        self.stay_button = BigButton(height=theme.TOUCH_BIG, font_size=theme.FONT_BODY)
        self.move_on_button = BigButton(height=theme.TOUCH_BIG, font_size=theme.FONT_BODY)
        for button, stay in ((self.stay_button, True), (self.move_on_button, False)):
            button.bind(on_release=lambda _, chosen=stay: self._answer(chosen))
            row.add_widget(button)
        panel.add_widget(row)
        self.add_widget(panel)
        fit_popup(self, panel)

    def ask(self, dog: str, offer: StayOffer, on_answer: Callable[[bool], object]) -> StayQuestion:
        self.on_answer = on_answer
        self.title.text = f"{dog} reaches the dog house with {counted(offer.spaces, 'space')} to go"
        self.stay_button.text = f"{dog} stays in the dog house: pays {offer.cost} of {counted(offer.discs, 'disc')}"
        self.move_on_button.text = f"{dog} moves on to {space_name(offer.moves_on_to)}"
        self.open()
        return self

    def _answer(self, stay: bool) -> None:
        self.dismiss()
        self.on_answer(stay)


class FaceUpPicker(BoxLayout):
    """The face-up cards of the player whose turn it is, in place of the card pad while the card comes
    from the table: only a card lying face up can be chosen, and it is played as the app knows it (an
    8 with the dog named when it was laid out). A card that would take the count past 32 is dimmed;
    tapped, the rules say why it can't be played."""

    def __init__(self, on_pick: Callable[[FaceUpCard], object], **kwargs: Any) -> None:
        super().__init__(spacing=theme.GAP, **kwargs)
        self.on_pick = on_pick
        self.cards = BoxLayout(spacing=theme.GAP, size_hint_x=None)
        self.add_widget(self.cards)
        self.prompt = Text(text="", font_size=name_font(), fine_print=True, size_hint_y=1)
        self.add_widget(self.prompt)
        self.pool = [CardChip(pos_hint={"center_y": 0.5}) for _ in range(MOST_LAID_OUT)]
        for index, chip in enumerate(self.pool):
            chip.bind(on_release=lambda _, i=index: self.on_pick(self.face_up[i]))
            self.cards.add_widget(chip)
        self.face_up: list[FaceUpCard] = []
        self.bind(height=lambda *_: self._size_chips())

    @property
    def chips(self) -> list[CardChip]:
        """The cards shown to tap."""
        return self.pool[:len(self.face_up)]

    def show(self, name: str, face_up: list[FaceUpCard]) -> None:
        self.prompt.text = (f"{name}'s face-up cards: tap the one played. A card from the hand goes face "
                            f"down in its place.")
        self.face_up = face_up
        for index, chip in enumerate(self.pool):
            there = index < len(face_up)
            if there:
                chip.card, chip.dimmed = face_up[index]["card"], not face_up[index]["fits"]
            hide(chip, not there)
        self._size_chips()

    def _size_chips(self) -> None:
        height = max(chip_size()[1], self.height - dp(4))
        for index, chip in enumerate(self.pool):
            chip.size = (height * 0.72, height) if index < len(self.face_up) else (0, 0)
        count = len(self.chips)
        self.cards.width = count * height * 0.72 + self.cards.spacing * max(0, count - 1)


class CountingPad(OpensTricks, BoxLayout):
    """The card pad, and beside it where the card comes from (the hand or the player's face-up cards)
    and "That's Ruff!" (and Tricks, with tricks on). Whose turn it is stands over the count. A card that
    brings the dog into its dog house with spaces to spare, and discs enough to stay, asks whether it
    stays before it is played."""

    def __init__(self, controller: GameController, **kwargs: Any) -> None:
        super().__init__(spacing=theme.GAP, size_hint_y=None, **kwargs)
        self.controller = controller
        self.pad = CardPad(self.play, declare=True, hint=controller.explain, taken=controller.taken)
        self.add_widget(self.pad)
        self.face_up = FaceUpPicker(self.play_face_up, size_hint_y=None, height=self.pad.height)
        self.declaring_face_up_wild = False
        side = BoxLayout(orientation="vertical", spacing=PAD_GAP, size_hint_x=None, width=side_width())
        self.source = ChoiceRow(options=SOURCES, value=HAND,
                                spacing=PAD_GAP, font_size=theme.FONT_SMALL, size_hint_y=None, height=row_height())
        self.source.fbind("value", self._show_source)
        self.source.bind(on_choose=lambda *_: controller.taken())
        side.add_widget(self.source)
        abilities = controller.session.summary()["abilities"] is not None
        last = BoxLayout(spacing=PAD_GAP, size_hint_y=None, height=row_height())
        # Sharing its row with Tricks on the 7" panel, the words take a size that keeps them whole.
        ruff_font = ((theme.FONT_SMALL if compact() else theme.FONT_BODY) if abilities
                     else (theme.FONT_BODY if compact() else theme.FONT_TITLE))
        self.ruff_button = BigButton(text="That's Ruff!", kind="danger", height=row_height(), font_size=ruff_font)
        self.ruff_button.bind(on_release=lambda *_: self.thats_ruff())
        last.add_widget(self.ruff_button)
        self.tricks_button: BigButton | None = None
        self.tricks: TricksPopup | None = None
        if abilities:
            self.tricks_button = tricks_button(self.open_tricks, size_hint_x=0.62)
            last.add_widget(self.tricks_button)
        side.add_widget(last)
        self.add_widget(side)
        self.height = self.pad.height
        self.turn: int | None = None
        self.summary: RuffSummary | None = None
        self.stay_question: StayQuestion | None = None
        self._stay_question: StayQuestion | None = None

    @property
    def from_face_up(self) -> bool:
        return bool(self.source.value == FACE_UP)

    def show(self, summary: RuffSummary, changed: bool) -> None:
        """`changed`: a move was told, undone or redone since the pad was last shown."""
        self.summary = summary
        self.turn = turn = summary["turn"]
        assert turn is not None, "Counting is always someone's turn"
        if changed:
            self.fresh()
        self.pad.eight_dogs, self.pad.dogs_seen = summary["eight_dogs"], summary["eights_seen"]
        face_up = summary["face_up_to_play"]
        self.source.disabled = not face_up
        if not face_up:
            self.source.value = HAND
        self.face_up.show(self.controller.players[turn].name, face_up)

    def _show_source(self, *_: Any) -> None:
        """The face-up cards to tap in place of the pad while the card comes from the table; the pad
        again for a card from the hand, or to say what a face-up Wild Dog stands for."""
        if not self.from_face_up and self.declaring_face_up_wild:
            self.declaring_face_up_wild = False
            self.pad.reset()
        wanted = self.face_up if self.from_face_up and not self.declaring_face_up_wild else self.pad
        if wanted.parent is None:
            self.remove_widget(self.pad if wanted is self.face_up else self.face_up)
            self.add_widget(wanted, index=len(self.children))

    @property
    def dog_question(self) -> DogQuestion | None:
        return self.pad.dog_question

    def play_face_up(self, choice: FaceUpCard) -> DogQuestion | StayQuestion | None:
        """A tapped face-up card: played at once, an 8 with its dog (asked only while the app doesn't
        know which of its colour's dogs it shows); a Wild Dog first says what it stands for."""
        card = choice["card"].copy()
        if card.get("wild"):
            self.declaring_face_up_wild = True
            self._show_source()
            self.pad.declare_wild()
            self.controller.explain("The face-up Wild Dog: tap the colour it stands for, then its number.")
            return None
        dogs = choice["dogs"]
        if len(dogs) > 1:
            return self.pad.ask_which_dog(card, dogs, self.play)
        if dogs:
            card["dog"] = dogs[0]
        self.play(card)
        return self.stay_question

    def play(self, card: Card) -> bool:
        """The card entered: played, unless it brings the dog into its dog house with spaces to spare
        and discs enough to stay; then the player is asked first, and the card is played with the answer."""
        assert self.turn is not None and self.summary is not None
        offer = stay_offer(self.controller.session.state, card)
        from_face_up = self.from_face_up
        if offer is None:
            return self._send(card, from_face_up, stay=False)
        if self._stay_question is None:
            self._stay_question = StayQuestion()
            self._stay_question.bind(on_dismiss=lambda *_: setattr(self, "stay_question", None))
        dog = self.summary["players"][self.turn]["dog"]
        self.stay_question = self._stay_question.ask(
            dog, offer, lambda stay: self._send(card, from_face_up, stay=stay))
        return False

    def _send(self, card: Card, from_face_up: bool, stay: bool) -> bool:
        args: dict[str, Any] = dict(card)
        if from_face_up:
            args["from"] = "face_up"
        if stay:
            args["stay"] = True
        self.fresh()
        return self.controller.perform(Action(ActionType.PLAY, self.turn, args))

    def thats_ruff(self) -> bool:
        self.fresh()
        return self.controller.perform(Action(ActionType.THATS_RUFF, self.turn))

    def fresh(self) -> None:
        """Back to an untouched pad, refused or not: a colour left chosen would be switched off by the
        next tap on it, doubling the taps for the next card."""
        self.pad.reset()
        self.source.value = HAND


# ----- laying out and turning up ----------------------------------------------------------------------
class EnteredRow(BoxLayout):
    """The cards entered so far, as cards in a row, with Take back for a slip (and any more buttons
    added after it): the same row under the laying-out and turning-up names and in the hand popup.
    It holds the cards; `on_take_back` shows what is left after one is taken back."""

    def __init__(self, on_take_back: Callable[[], object], back_width: float, **kwargs: Any) -> None:
        super().__init__(spacing=theme.GAP, size_hint_y=None, height=max(chip_size()[1], row_height()), **kwargs)
        self.cards: list[Card] = []
        self.on_take_back = on_take_back
        self.chips = BoxLayout(spacing=dp(4))
        self.pool = [CardFace(pos_hint={"center_y": 0.5}) for _ in range(MOST_LAID_OUT)]
        for face in self.pool:
            self.chips.add_widget(face)
        self.add_widget(self.chips)
        self.back_button = self.add_button("Take back", back_width, self.take_back)

    def add_button(self, text: str, width: float, on_release: Callable[[], object]) -> BigButton:
        button = BigButton(text=text, size_hint_x=None, width=width, height=row_height(),
                           font_size=theme.FONT_SMALL, pos_hint={"center_y": 0.5})
        button.bind(on_release=lambda *_: on_release())
        self.add_widget(button)
        return button

    @property
    def shown_cards(self) -> list[CardFace]:
        return [face for face in self.pool if face.card is not None]

    def take_back(self) -> None:
        if self.cards:
            self.cards.pop()
            self.on_take_back()

    def show(self) -> None:
        cards = self.cards
        for index, face in enumerate(self.pool):
            face.card = cards[index] if index < len(cards) else None
            face.size = chip_size() if face.card is not None else (0, 0)
        self.back_button.disabled = not cards


class EntryPad(BoxLayout):
    """Laying out (face-up cards through the card pad, the rest face down as a count) and turning up the
    face-down cards after Counting. Everyone still to do it has a button with their name; the chosen one
    enters their cards, and a tap on another name switches."""

    def __init__(self, controller: GameController, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=dp(4) if compact() else theme.GAP, **kwargs)
        self.controller = controller
        self.seat: int | None = None
        self.phase: str | None = None
        self.shown_in: tuple[str, int] | None = None   # the phase and hand the pad was last shown in
        self.done: set[int] = set()   # the seats whose cards were in then
        # The phase is read from the seats; what the last move did and what to enter are read up close.
        # Where the pad needs the phase's line (the 7" panel with Larger text), the phase heads the
        # prompt in bold instead.
        self.info = Text(text="", font_size=theme.FONT_TABLE, bold=True)
        self.add_widget(self.info)
        self.seats = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=row_height())
        self.seat_buttons: list[Choice] = []
        for seat, player in enumerate(controller.players):
            button = Choice(text=player.name, shape=player.identity.symbol,
                            shape_rgba=theme.with_alpha(player.identity.rgb), height=row_height(),
                            font_size=name_font(), halign="left")
            # Each name takes the share of the row it needs whole: a long name beside short ones.
            button.size_hint_x = button.least_width(notes=SEAT_NOTES)
            button.bind(on_release=lambda _, s=seat: self.choose(s))
            self.seat_buttons.append(button)
            self.seats.add_widget(button)
        self.add_widget(self.seats)
        self.prompt = Text(text="", font_size=name_font(), fine_print=True, markup=True)
        self.prompt_words = ""
        self.add_widget(self.prompt)
        self.row = EnteredRow(self._taken_back, back_width=dp(130))
        self.add_widget(self.row)
        self.spare = BoxLayout()   # what is left of the height stays under the cards, not between rows
        self.add_widget(self.spare)
        bottom = BoxLayout(spacing=theme.GAP, size_hint_y=None)
        self.pad = CardPad(self.add_card, declare=False, hint=controller.explain, taken=controller.taken)
        bottom.add_widget(self.pad)
        # On the 7" panel narrower than the Counting pad's column: the suits' words need the room.
        self.done_button = BigButton(text="", kind="primary", size_hint_x=None,
                                     width=dp(160) if compact() else side_width(),
                                     size_hint_y=1, font_size=theme.FONT_BODY)
        self.done_button.bind(on_release=lambda *_: self.finish())
        bottom.add_widget(self.done_button)
        bottom.height = max(self.pad.height, primary_height())
        self.add_widget(bottom)
        self.summary: RuffSummary | None = None
        self.fbind("height", self._place_heading)
        self.prompt.fbind("height", self._place_heading)

    def _place_heading(self, *_: Any) -> None:
        """The phase on a line of its own where the rest leaves it the room, else at the prompt's head.
        Folded in, the prompt grows by a line at most, less than the phase's own line: so it stays."""
        rest = [child for child in self.children if child not in (self.info, self.spare)]
        apart = (sum(child.height for child in rest) + len(rest) * self.spacing
                 + line_height(theme.FONT_TABLE) <= self.height)
        if apart != (self.info.parent is self):
            if apart:
                self.add_widget(self.info, index=len(self.children))
            else:
                self.remove_widget(self.info)
            self._write_prompt()

    def _write_prompt(self) -> None:
        words = escape_markup(self.prompt_words)
        self.prompt.text = words if self.info.parent is self else f"[b]{self.info.text}:[/b] {words}"

    @property
    def entered(self) -> list[Card]:
        return self.row.cards

    @property
    def badge_button(self) -> Choice | None:
        """The name of the player entering their cards now."""
        return self.seat_buttons[self.seat] if self.seat is not None else None

    def show(self, summary: RuffSummary, changed: bool) -> None:
        """After a move told, undone or redone (`changed`), the pad starts afresh on whoever enters next:
        a player whose cards were in and who waits again (their entry undone) enters them again; else
        the first still waiting from the dealer's left."""
        self.summary = summary
        waiting = summary["waiting_for"]
        shown_in = (summary["phase"], summary["hand"])
        again = [seat for seat in waiting if seat in self.done] if shown_in == self.shown_in else []
        if changed or shown_in != self.shown_in or self.seat not in waiting:
            self.phase, self.shown_in, self.row.cards = summary["phase"], shown_in, []
            self.seat = again[0] if again else waiting[0] if waiting else None
            self.pad.reset()
        self.done = set(range(len(summary["players"]))) - set(waiting)
        self._show()

    def choose(self, seat: int) -> None:
        assert self.summary is not None
        if seat != self.seat and seat in self.summary["waiting_for"]:
            self.seat = seat
            self.row.cards = []
            self.pad.reset()
            self._show()
            self.controller.taken()

    @property
    def wanted(self) -> int:
        assert self.summary is not None
        if self.phase == Phase.LAYING_OUT:
            return self.summary["cards_to_lay_out"]
        return self.summary["players"][self.seat]["cards_to_turn_up"] if self.seat is not None else 0

    def _show(self) -> None:
        summary = self.summary
        if self.seat is None or summary is None:
            return
        laying = self.phase == Phase.LAYING_OUT
        self.info.text = f"{'Laying out' if laying else 'Turning up'} · hand {summary['hand']}"
        entering_note, waiting_note, done_note = SEAT_NOTES[0], SEAT_NOTES[1], SEAT_NOTES[2 if laying else 3]
        last = f"\n{summary['last_move_in_phase']}" if summary["last_move_in_phase"] else ""
        waiting = summary["waiting_for"]
        players = self.controller.players
        for seat, button in enumerate(self.seat_buttons):
            button.disabled = seat not in waiting
            # The seat entering is filled with its player's colour, seen across the table; its shape then
            # takes the ink that reads on that fill.
            entering = seat == self.seat
            button.selected = entering
            colour = list(theme.with_alpha(players[seat].identity.rgb))
            button.tint = colour if entering else []
            button.shape_rgba = list(theme.readable_text_on(colour)) if entering else colour
            button.note = entering_note if entering else (waiting_note if seat in waiting else done_note)
        name = players[self.seat].name
        wanted = self.wanted
        if laying:
            prompt = (f"{name} lays out {wanted} cards. Enter the face-up ones on the pad "
                      f"(colour, then number); the rest go face down.{last}")
            self.done_button.text = f"Lay out: {len(self.entered)} up, {wanted - len(self.entered)} down"
        else:
            prompt = f"{name} turns up {counted(wanted, 'face-down card')}: enter each on the pad (colour, then number).{last}"
            self.done_button.text = f"Turn up ({len(self.entered)} of {wanted})"
        self.prompt_words = prompt
        self._write_prompt()
        # Turning up finishes by itself with the last card, so the button is only the expected step
        # when laying out.
        self.done_button.kind = "primary" if laying else "normal"
        self.pad.eight_dogs = summary["eight_dogs"]
        self.pad.dogs_seen = summary["eights_seen"] + [card["dog"] for card in self.entered if card.get("dog")]
        self.row.show()

    def add_card(self, card: Card) -> None:
        if len(self.entered) >= self.wanted:
            # Fresh again, as after a card refused in Counting: the next card is a colour and a number.
            self.pad.reset()
            self.controller.explain(f"That is all {self.wanted} cards; tap {self.done_button.text.split(':')[0]} "
                                    f"or Take back.")
            return
        self.entered.append(card)
        self.pad.reset()
        if self.phase == Phase.REVEALING and len(self.entered) == self.wanted:
            self.finish()
            return
        self._show()
        self.controller.taken()

    def _taken_back(self) -> None:
        self._show()
        self.controller.taken()

    def finish(self) -> bool:
        if self.phase == Phase.LAYING_OUT:
            action = Action(ActionType.LAY_OUT, self.seat, {"face_up": list(self.entered),
                                                            "face_down": self.wanted - len(self.entered)})
        else:
            action = Action(ActionType.REVEAL, self.seat, {"cards": list(self.entered)})
        done = self.controller.perform(action)
        if done:
            self.row.cards = []
        elif self.phase == Phase.REVEALING:
            self._show()
        return done


# ----- cards held in the hand -------------------------------------------------------------------------
class HandPopup(ModalView):
    """Cards held in a player's hand, entered on the card pad (the variant pulling laid-out cards into
    the hand): the card that collects, or the rest of the hand shown as proof. It closes by itself with
    the last card wanted and hands the cards to `on_done`. Made once, asked again for each card."""

    def __init__(self, hint: Hint, **kwargs: Any) -> None:
        super().__init__(size_hint=(0.97, None), auto_dismiss=False, **kwargs)
        self.wanted = 1
        self.on_done: Callable[[list[Card]], object] = lambda cards: None
        self.panel = panel = Panel(orientation="vertical", padding=dp(10), spacing=dp(8))
        self.prompt = Text(text="", font_size=name_font(), fine_print=True)
        panel.add_widget(self.prompt)
        self.row = EnteredRow(self._show, back_width=dp(120))
        self.cancel_button = self.row.add_button("Cancel", dp(110), self.dismiss)
        panel.add_widget(self.row)
        # How many are entered, while more than one is wanted.
        self.count = Text(text="", font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, fine_print=True)
        panel.add_widget(self.count)
        # The card's dog is always asked: a held 8 may be one the app already knows, whose dog has turned up.
        self.pad = CardPad(self.add_card, declare=False, hint=hint)
        panel.add_widget(self.pad)
        self.add_widget(panel)
        self._fit = fit_popup(self, panel)

    @property
    def entered(self) -> list[Card]:
        return self.row.cards

    def ask(self, prompt: str, wanted: int, eight_dogs: dict[str, list[str]],
            on_done: Callable[[list[Card]], object]) -> HandPopup:
        self.prompt.text, self.wanted, self.on_done = prompt, wanted, on_done
        self.row.cards = []
        self.pad.eight_dogs = eight_dogs
        self.pad.reset()
        counting = wanted > 1
        if counting and self.count.parent is None:
            self.panel.add_widget(self.count, index=1)
        elif not counting and self.count.parent is not None:
            self.panel.remove_widget(self.count)
        self._show()
        self._fit()
        self.open()
        return self

    def _show(self) -> None:
        self.row.show()
        self.count.text = f"{len(self.entered)} of {self.wanted} entered."
        self.pad.dogs_seen = [card["dog"] for card in self.entered if card.get("dog")]

    def add_card(self, card: Card) -> None:
        self.entered.append(card)
        self.pad.reset()
        if len(self.entered) >= self.wanted:
            # Gone at once, not faded: the same popup may be asked again by the very next step (the rest
            # of the hand as proof), and Kivy ignores opening a popup that is still fading out.
            self.dismiss(animation=False)
            self.on_done(list(self.entered))
            return
        self._show()


def seat_order(turn: int, players: Sequence[Player]) -> list[int]:
    """Every seat from the player whose turn it is round the table."""
    return [(turn + offset) % len(players) for offset in range(len(players))]
