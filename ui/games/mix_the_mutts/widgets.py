"""The small pieces of the Mix-the-Mutts table: a scoring stack by breed, and a player's card (the
player is the kit's SeatBadge, the counts its Count).

Sized for the 7" panel with four players and long names: names wrap instead of being cut, hand
sizes, the card pile and the tiles are key numbers (about 10 mm tall), points are secondary."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import DictProperty, ObjectProperty
from kivy.uix.label import Label

from companion.words import counted
from ui import theme
from ui.games.mix_the_mutts.model import SeatModel
from ui.widgets.basics import Panel
from ui.widgets.count import Count
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge  # noqa: F401  (named in widgets.kv)
from ui.widgets.text import line_height, lines_needed, text_width

# Why a player's points are not a key number: no turn acts on them, and the end screen gives every
# total and how it was made.
POINTS_ARE_SECONDARY = "points are added up for the end; hands and the card pile are what a turn acts on"


def stack_line(stack: dict[str, int]) -> str:
    held = [f"{breed} {count}" for breed, count in stack.items() if count]
    return " · ".join(held) if held else "no dogs yet"


def stack_count(stack: dict[str, int]) -> str:
    cards = sum(stack.values())
    breeds = sum(1 for count in stack.values() if count)
    if not cards:
        return "no dogs yet"
    return f"{counted(cards, 'card')} of {counted(breeds, 'breed')}"


class MixStackLine(Label):
    """A scoring stack by breed; where the breeds do not fit the room, how many cards of how many
    breeds (never a cut line). Fitted just before the next frame, once the layout has given it its room."""

    stack = DictProperty({})

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._fit_later = Clock.create_trigger(self._fit, -1)
        self.fbind("size", self._fit_later)
        self.fbind("stack", self._show)
        self._show()

    def _show(self, *_: Any) -> None:
        self.text = stack_line(dict(self.stack))
        self._fit_later()

    def _fit(self, *_: Any) -> None:
        stack = dict(self.stack)
        cards = sum(stack.values())
        forms = (stack_line(stack), stack_count(stack), counted(cards, "card") if cards else stack_count(stack))
        self.text_size = (self.width, None)
        self.text = next((form for form in forms if self._fits(form)), forms[-1])

    def _fits(self, text: str) -> bool:
        font = self.font_size
        lines = 1 if text_width(text, font) <= self.width else lines_needed(text, font, self.width)
        return lines * line_height(font) <= self.height


class MixSeatCard(Panel):
    """One seat: the player's whole name, their hand size (a key number) with its caption beside it,
    their points, and their scoring stack by breed, all read from across the table. The seat whose
    turn it is is lit and outlined, so the turn is seen on the seat itself. On a big card (few
    players, a big screen) the numbers stay together in its middle."""

    NUMBERS_AT_MOST = dp(200)
    # Well under the hand size, well over the captions.
    POINTS_FONT = sp(36)

    @classmethod
    def points_font(cls) -> float:
        return theme.type_scaled(cls.POINTS_FONT)
    POINTS_ARE_SECONDARY = POINTS_ARE_SECONDARY

    seat = ObjectProperty(None)

    def __init__(self, seat: SeatModel, **kwargs: Any) -> None:
        # A Panel's padding and spacing are given as it is made (its own defaults would win over KV's).
        super().__init__(seat=seat, padding=dp(6), spacing=0, lit=seat.active, **kwargs)
        seat.fbind("active", self.setter("lit"))

    @classmethod
    def points_width(cls, total: int, word: str) -> float:
        """The points' column: as wide as their digits or their word in the least type read from the
        seats, whichever is wider. A secondary figure, its word takes that type (the Count fits it)
        where Larger text would make it wider, so the hand's caption beside keeps its room."""
        return Count.width_under(word, len(str(total)), cls.points_font(), theme.LEAST_TABLE)


load_kv(__file__)
