"""What the active player taps after connecting a tile: the breed pad, a breed for each part of each
new dog the tile made, in the order DOG_PARTS says. The pad is made once for the game; what has been
told so far lives on it, so a refused tap or a refresh never loses it, and a tap changes only what it
says."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.utils import escape_markup

from companion.games.mix_the_mutts.state import BREEDS
from ui.games.mix_the_mutts.model import points_word
from ui.widgets.basics import BigButton
from ui.widgets.kv import load_kv

# What is told of each new dog, in the order it is asked: the breed of its head, then of its tail.
DOG_PARTS = ("head", "tail")


def dog_short(head: str, tail: str) -> str:
    return f"purebreed {head}" if head == tail else f"{head} head, {tail} tail"


class BreedPad(BoxLayout):
    """Entering a new tile's dogs: a breed for each part of each dog. `fewest` and `most` are the dogs
    the next tile may make, from the core: a tile makes one dog per tile it touches, so the first tile
    makes exactly two and the pad stops there."""

    told = ListProperty([])        # the breeds tapped so far, part after part
    player_name = StringProperty("")
    fewest = NumericProperty(2)
    most = NumericProperty(2)
    prompt_text = StringProperty("")
    entered_text = StringProperty("")
    record_text = StringProperty("")
    ready = BooleanProperty(False)  # the dogs told make a whole tile

    __events__ = ("on_record", "on_cancel")

    def __init__(self, junior: bool, card_values: dict[str, int], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.breed_buttons: dict[str, BigButton] = {}
        for breed in BREEDS:
            value = 1 if junior else card_values[breed]
            button = BigButton(text=f"{breed.capitalize()}\n{value} {points_word(junior, value)}", size_hint_y=1)
            button.bind(on_release=lambda _, b=breed: self.tap_breed(b))
            self.breed_buttons[breed] = button
            self.ids["grid"].add_widget(button)
        for name in ("told", "player_name", "fewest", "most"):
            self.fbind(name, self._show)
        self._show()

    @property
    def dogs(self) -> list[list[str]]:
        """The dogs told whole so far, each [head, tail]."""
        parts = len(DOG_PARTS)
        whole = len(self.told) - len(self.told) % parts
        return [list(self.told[start:start + parts]) for start in range(0, whole, parts)]

    @property
    def next_part(self) -> str:
        return DOG_PARTS[len(self.told) % len(DOG_PARTS)]

    @property
    def prompt(self) -> Any:
        return self.ids["prompt"]

    @property
    def entered(self) -> Any:
        return self.ids["entered"]

    @property
    def remove_button(self) -> BigButton:
        return self.ids["remove_button"]

    @property
    def record_button(self) -> BigButton:
        return self.ids["record_button"]

    def start(self, player_name: str, fewest: int, most: int) -> None:
        self.told, self.player_name, self.fewest, self.most = [], player_name, fewest, most

    def tap_breed(self, breed: str) -> None:
        # A full pad takes no more: the tile cannot have made another dog.
        if len(self.dogs) < self.most:
            self.told = [*self.told, breed]

    def remove_last(self) -> None:
        """Back to the start of the last dog: a dog half told, else the last one told whole."""
        if self.told:
            parts = len(DOG_PARTS)
            self.told = self.told[:(len(self.told) - 1) // parts * parts]

    def on_record(self) -> None:
        """Record was tapped with a whole tile told."""

    def on_cancel(self) -> None:
        """Cancel was tapped: nothing is recorded."""

    def _show(self, *_: Any) -> None:
        dogs, told = self.dogs, list(self.told)
        half = told[len(dogs) * len(DOG_PARTS):]
        number = len(dogs) + 1
        if half:
            step = f"dog {number}: {half[0]} head, now tap its [b]{self.next_part}[/b] breed"
        elif len(dogs) < self.most:
            step = f"dog {number}: tap its [b]{self.next_part}[/b] breed"
        else:
            step = f"all {self.most} dogs entered"
        self.prompt_text = f"{escape_markup(self.player_name)}'s new tile, {step}"
        parts = [dog_short(head, tail) for head, tail in dogs] + [f"{breed} head, ?" for breed in half]
        self.entered_text = "New dogs: " + ("; ".join(parts) if parts else "none yet")
        self.ready = self.fewest <= len(dogs) <= self.most and not half
        makes = f"{self.fewest} dogs" if self.fewest == self.most else f"{self.fewest} to {self.most} dogs"
        self.record_text = f"Record {len(dogs)} new dogs" if self.ready else f"This tile makes {makes}"
        full = len(dogs) >= self.most
        for button in self.breed_buttons.values():
            button.disabled = full


load_kv(__file__)
