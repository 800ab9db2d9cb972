"""The That's Ruff! pads: the card pad (numbers 0-13, the three suits and the Wild Dog), and the rows
above it for Counting, laying out and turning up face-down cards."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView

from companion.actions import Action
from companion.games.thats_ruff.game import DEFAULT_EIGHTS
from ui import theme
from ui.games.thats_ruff_parts import CardChip, SuitButton
from ui.widgets.basics import BigButton, Panel, PlayerBadge, Text

NUMBERS = range(14)
SUITS = (("blue", "Blue dish"), ("red", "Red hydrant"), ("black", "Black paw"), ("wild", "Wild Dog"))
DOG_HOUSE, STAY_REACH = 14, 9  # no card moves a dog more than 5, so only from space 9 on can it reach the house


def tell(widget, text: str) -> None:
    """Show a hint on the game screen's message bar (the screen owns it; the view only borrows it)."""
    node = widget
    while node is not None:
        message = getattr(node, "message", None)
        if message is not None and hasattr(message, "show"):
            message.show(text, problem=True)
            return
        node = node.parent


def row_height() -> float:
    """Pad rows grow on a 1280x720 screen, where there is room for bigger targets."""
    from kivy.core.window import Window

    return theme.TOUCH_BIG if Window.height >= dp(640) else theme.TOUCH


def eights_of(options: dict) -> dict[str, str]:
    return {**DEFAULT_EIGHTS, **options.get("eights", {})}


class CardPad(BoxLayout):
    """Numbers in two rows of seven beside the suits. A suit first, then the number enters the card.
    With `declare`, Wild Dog is a switch and the suit and number say what it stands for; without it,
    Wild Dog enters a Wild Dog at once. A blue or red 8 asks which dog it shows."""

    def __init__(self, on_card, options: dict, declare: bool, **kwargs):
        super().__init__(spacing=theme.GAP, size_hint_y=None, **kwargs)
        self.on_card, self.options, self.declare = on_card, options, declare
        self.colour: str | None = None
        self.wild = False
        self.dog_question: ModalView | None = None
        numbers = GridLayout(cols=7, rows=2, spacing=dp(5))
        self.number_buttons = []
        for number in NUMBERS:
            button = BigButton(text=str(number), font_size=theme.FONT_TITLE, height=row_height())
            button.bind(on_release=lambda _, n=number: self.tap_number(n))
            self.number_buttons.append(button)
            numbers.add_widget(button)
        self.add_widget(numbers)
        suits = GridLayout(cols=2, rows=2, spacing=dp(5), size_hint_x=0.42)
        self.suit_buttons = {}
        for suit, text in SUITS:
            button = SuitButton(suit, text, height=row_height())
            button.bind(on_release=lambda _, s=suit: self.tap_suit(s))
            self.suit_buttons[suit] = button
            suits.add_widget(button)
        self.add_widget(suits)
        self.height = row_height() * 2 + dp(5)

    def reset(self) -> None:
        self.colour, self.wild = None, False
        self._mark()

    def _mark(self) -> None:
        for suit, button in self.suit_buttons.items():
            button.chosen = (suit == "wild" and self.wild) or suit == self.colour

    def tap_suit(self, suit: str) -> None:
        if suit == "wild":
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
        card = {"number": number, "colour": self.colour}
        if self.wild:
            self.on_card({"wild": True, **card})
        elif number == 8 and self.colour != "black":
            self.ask_dog(card)
        else:
            self.on_card(card)

    def ask_dog(self, card: dict) -> ModalView:
        dogs = [dog for dog, colour in eights_of(self.options).items() if colour == card["colour"]]
        popup = ModalView(size_hint=(None, None), size=(dp(440), dp(210)), auto_dismiss=True)
        panel = Panel(orientation="vertical")
        panel.add_widget(Text(text=f"Which dog is on this {card['colour']} 8?", font_size=theme.FONT_TITLE,
                              bold=True, halign="center"))
        row = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH_BIG)
        for dog in dogs:
            button = BigButton(text=dog, kind="primary", height=theme.TOUCH_BIG, font_size=theme.FONT_TITLE)
            button.bind(on_release=lambda _, d=dog: (popup.dismiss(), self.on_card({**card, "dog": d})))
            row.add_widget(button)
        panel.add_widget(row)
        popup.add_widget(panel)
        popup.bind(on_dismiss=lambda *_: setattr(self, "dog_question", None))
        self.dog_question = popup
        popup.open()
        return popup


class TurnBadge(PlayerBadge):
    """The player's shape and "<name>'s turn"."""

    def _update(self, *_):
        super()._update()
        if self.player is not None:
            self.label.text = f"{self.player.name}'s turn"


class Toggle(BigButton):
    """A two-way switch that says its current setting in words."""

    def __init__(self, texts: tuple[str, str], **kwargs):
        super().__init__(**kwargs)
        self.texts = texts
        self.on = False
        self.bind(on_release=lambda *_: self.set(not self.on))
        self.set(False)

    def set(self, on: bool) -> None:
        self.on = on
        self.text = self.texts[on]
        self.kind = "ok" if on else "normal"


class CountingPad(BoxLayout):
    """Whose turn, where the card comes from, staying in the dog house, "That's Ruff!", and the card pad."""

    def __init__(self, controller, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(5), size_hint_y=None, **kwargs)
        self.controller = controller
        row = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=row_height())
        self.turn_badge = TurnBadge(size_hint_x=0.26, height=row_height())
        row.add_widget(self.turn_badge)
        self.source = Toggle(("From hand", "From face-up"), size_hint_x=0.22, height=row_height())
        row.add_widget(self.source)
        self.stay = Toggle(("Stay in dog house? No", "Stay in dog house: YES"), size_hint_x=0.26,
                           font_size=theme.FONT_SMALL, height=row_height())
        row.add_widget(self.stay)
        self.ruff_button = BigButton(text="That's Ruff!", kind="danger", size_hint_x=0.26, font_size=theme.FONT_TITLE,
                                    height=row_height())
        self.ruff_button.bind(on_release=lambda *_: self.thats_ruff())
        row.add_widget(self.ruff_button)
        self.add_widget(row)
        self.pad = CardPad(self.play, controller.session.options, declare=True)
        self.add_widget(self.pad)
        self.height = row.height + self.pad.height + dp(5)
        self.turn: int | None = None

    def refresh(self, summary: dict) -> None:
        self.turn = summary["turn"]
        self.turn_badge.player = self.controller.players[self.turn]
        self.turn_badge.highlighted = True
        board = summary["boards"][summary["players"][self.turn]["board"]]
        keeps = not self.controller.session.options.get("discard_fetched_discs", False)
        relevant = keeps and board["position"] >= STAY_REACH
        self.stay.disabled = not relevant
        self.stay.opacity = 1 if relevant else 0
        if not relevant:
            self.stay.set(False)
        has_face_up = any(slot["face_up"] for slot in summary["players"][self.turn]["laid_out"])
        self.source.disabled = not has_face_up
        if not has_face_up:
            self.source.set(False)

    def play(self, card: dict) -> bool:
        args = dict(card)
        if self.source.on:
            args["from"] = "face_up"
        if self.stay.on:
            args["stay"] = True
        done = self.controller.perform(Action("play", self.turn, args))
        if done:
            self.pad.reset()
            self.source.set(False)
            self.stay.set(False)
        return done

    def thats_ruff(self) -> bool:
        return self.controller.perform(Action("thats_ruff", self.turn))


class EntryPad(BoxLayout):
    """Laying out (face-up cards through the card pad, the rest face down as a count) and turning up
    the face-down cards after Counting. One player at a time; tap the name to switch player."""

    def __init__(self, controller, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(5), size_hint_y=None, **kwargs)
        self.controller = controller
        self.seat: int | None = None
        self.phase = None
        self.entered: list[dict] = []
        row = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=row_height())
        self.badge_button = BigButton(text="", size_hint_x=0.2, size_hint_y=1, font_size=theme.FONT_SMALL)
        self.badge_button.bind(on_release=lambda *_: self.next_seat())
        row.add_widget(self.badge_button)
        self.prompt = Text(text="", font_size=theme.FONT_SMALL, size_hint_x=0.25, size_hint_y=1)
        row.add_widget(self.prompt)
        self.chips = BoxLayout(spacing=dp(4), size_hint_x=None)
        self.chips.bind(minimum_width=self.chips.setter("width"))
        scroll = ScrollView(do_scroll_y=False, size_hint_x=0.25)
        scroll.add_widget(self.chips)
        row.add_widget(scroll)
        self.back_button = BigButton(text="Take back", size_hint_x=0.13, size_hint_y=1, font_size=theme.FONT_SMALL)
        self.back_button.bind(on_release=lambda *_: self.take_back())
        row.add_widget(self.back_button)
        self.done_button = BigButton(text="", kind="primary", size_hint_x=0.22, size_hint_y=1,
                                     font_size=theme.FONT_SMALL)
        self.done_button.bind(on_release=lambda *_: self.finish())
        row.add_widget(self.done_button)
        self.add_widget(row)
        self.pad = CardPad(self.add_card, controller.session.options, declare=False)
        self.add_widget(self.pad)
        self.height = row.height + self.pad.height + dp(5)
        self.summary: dict = {}

    def refresh(self, summary: dict) -> None:
        self.summary = summary
        waiting = summary["waiting_for"]
        if summary["phase"] != self.phase or self.seat not in waiting:
            self.phase, self.entered = summary["phase"], []
            self.seat = waiting[0] if waiting else None
        self._show()

    def next_seat(self) -> None:
        waiting = self.summary["waiting_for"]
        if len(waiting) > 1:
            self.seat = waiting[(waiting.index(self.seat) + 1) % len(waiting)]
            self.entered = []
            self._show()

    @property
    def wanted(self) -> int:
        if self.phase == "laying_out":
            return self.summary["deal_size"] - 5
        return self.summary["players"][self.seat]["cards_to_turn_up"] if self.seat is not None else 0

    def _show(self) -> None:
        if self.seat is None:
            return
        name = self.controller.players[self.seat].name
        others = len(self.summary["waiting_for"]) - 1
        self.badge_button.text = name + (f"\n(+{others} more)" if others else "")
        wanted = self.wanted
        if self.phase == "laying_out":
            self.prompt.text = f"lays out {wanted}: tap the face-up ones"
            down = wanted - len(self.entered)
            self.done_button.text = f"Lay out: {len(self.entered)} up, {down} down"
        else:
            self.prompt.text = f"turns up {wanted} face-down card{'s' if wanted != 1 else ''}"
            self.done_button.text = f"Turn up ({len(self.entered)} of {wanted})"
        self.chips.clear_widgets()
        for card in self.entered:
            self.chips.add_widget(CardChip(card, size=(dp(46), row_height())))
        self.back_button.disabled = not self.entered

    def add_card(self, card: dict) -> None:
        if len(self.entered) >= self.wanted:
            tell(self, f"That is all {self.wanted} cards; tap the green button or Take back.")
            return
        self.entered.append(card)
        self.pad.reset()
        if self.phase == "revealing" and len(self.entered) == self.wanted:
            self.finish()
            return
        self._show()

    def take_back(self) -> None:
        if self.entered:
            self.entered.pop()
            self._show()

    def finish(self) -> bool:
        if self.phase == "laying_out":
            action = Action("lay_out", self.seat, {"face_up": list(self.entered),
                                                   "face_down": self.wanted - len(self.entered)})
        else:
            action = Action("reveal", self.seat, {"cards": list(self.entered)})
        done = self.controller.perform(action)
        if done:
            self.entered = []
        return done
