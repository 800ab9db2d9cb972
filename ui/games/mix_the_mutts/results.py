"""The end of the game: the winner or winners, every total and how it was made. Made the first time
the game ends, and shown again (with the totals as they are then) if it ends again after an Undo."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui import theme
from ui.games.mix_the_mutts.model import MuttsModel, SeatModel
from ui.widgets.basics import Panel, Text  # noqa: F401  (Text is named in results.kv)
from ui.widgets.kv import load_kv

# Why the totals are not key numbers here: the game is over and nothing acts on them any more.
TOTALS_ARE_SECONDARY = "the game is over: the totals are read once, beside how each was made"


def breakdown(stack: dict[str, int], values: dict[str, int], junior: bool) -> str:
    """How a total was made, breed by breed, with the values the game was played with ("3 pug × 3 =
    9"). The spaces inside one breed's sum are non-breaking, so a line only breaks between breeds."""
    held = [(breed, count) for breed, count in stack.items() if count]
    if not held:
        return "No dogs scored"
    if junior:
        return "One point per card: " + "\u00a0· ".join(f"{count}\u00a0{breed}" for breed, count in held)
    # The dot keeps to the breed before it, so a wrapped line never starts with one.
    sums = (f"{count} {breed} × {values[breed]} = {count * values[breed]}" for breed, count in held)
    return "\u00a0\u00a0·  ".join(text.replace(" ", "\u00a0") for text in sums)


class MixEndRow(Panel):
    """One player's line: name, total, and the sums it was made of (read up close, to check it)."""

    seat = ObjectProperty(None)
    model = ObjectProperty(None)
    TOTALS_ARE_SECONDARY = TOTALS_ARE_SECONDARY

    def __init__(self, seat: SeatModel, model: MuttsModel, **kwargs: Any) -> None:
        super().__init__(seat=seat, model=model, padding=[dp(8), dp(4)], spacing=dp(8), lit=seat.winner, **kwargs)
        seat.fbind("winner", self.setter("lit"))

    def sums(self, stack: dict[str, int]) -> str:
        return breakdown(stack, self.model.card_values, self.model.junior)


class MixEnd(BoxLayout):
    """Totals, biggest first, with the winner or winners (a tie shares the win) said in words, and
    how each total was made: the cards of each breed times that breed's value, so the values the game
    was played with (the family's own, if they changed them) are there to check. Every row is on
    screen at once when the sums fit; a long one makes its row taller and the rows scroll, never cut."""

    model = ObjectProperty(None)

    def __init__(self, model: MuttsModel, **kwargs: Any) -> None:
        super().__init__(model=model, **kwargs)
        self.rows: dict[int, MixEndRow] = {}
        self.details: dict[int, Label] = {}
        for number, seat in enumerate(model.seats):
            row = MixEndRow(seat, model)
            row.ids["detail"].bind(texture_size=self._fit)
            self.rows[number] = row
            self.details[number] = row.ids["detail"]
        self.ids["scroll"].bind(height=self._fit)
        self._order: list[int] = []

    @property
    def headline(self) -> Text:
        return self.ids["headline"]

    def show(self) -> None:
        """The rows best place first; seats sharing a place keep their seat order."""
        order = sorted(self.rows, key=lambda number: (self.model.seats[number].place, number))
        if order != self._order:
            self._order = order
            rows = self.ids["list"]
            rows.clear_widgets()
            for number in order:
                rows.add_widget(self.rows[number])
            self._fit()

    def _fit(self, *_: Any) -> None:
        """Rows share the room evenly; a row whose sums need more lines grows to them."""
        rows = list(self.rows.values())
        listing = self.ids["list"]
        gaps = listing.spacing * (len(rows) - 1)
        share = (self.ids["scroll"].height - gaps) / max(1, len(rows))
        for number, row in self.rows.items():
            needed = self.details[number].texture_size[1] + row.padding[1] + row.padding[3] + dp(4)
            row.height = max(share, needed, theme.TOUCH)
        listing.height = sum(row.height for row in rows) + gaps


load_kv(__file__)
