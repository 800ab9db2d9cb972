"""A scored Nut layout as the family sees it: the total, the grid with the cluster that counts for
each colour outlined (everything that did not count is dimmed), and what each colour was worth; and
the end of the game, every player's card side by side under who won. A card is made once and shows
whichever layout it is given; the end is made the first time the game ends."""

from __future__ import annotations

from typing import Any, Sequence

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.nut.clusters import DOUBLE_ONCE
from companion.games.nut.state import Colour, ColourResult
from companion.games.nut.summary import LayoutSummary
from companion.players import Player
from ui import theme
from ui.games.nut.cells import LayoutGrid, NutCell  # noqa: F401  (NutCell is named in results.kv)
from ui.games.nut.model import NutModel
from ui.games.nut.widgets import ColourPoints
from ui.widgets.basics import Text  # noqa: F401  (named in results.kv)
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge  # noqa: F401  (named in results.kv)
from ui.widgets.symbols import SymbolShape

# A card's side padding: three cards side by side on the 7" panel leave each 248 px inside, enough for
# a long name in bold table type beside its shape and the total ("Bartholomäus", 166 px).
CARD_SIDE = dp(4)
HEADER_SYMBOL = dp(22)


def total_font() -> float:
    """The total beside the name: a number's usual size, which Larger text leaves to the name."""
    return theme.USUAL_TYPE["FONT_NUMBER"] * 0.9


def colour_line() -> float:
    return theme.FONT_TABLE * 1.2


def header_height() -> float:
    return max(dp(56), theme.FONT_TABLE * 2.4)


def colour_working(entry: ColourResult, doubling: str) -> str:
    """How a colour's points came about, when squirrels doubled them: "(6 x2)"."""
    size, squirrels = entry["size"], entry.get("squirrels", 0)
    if not size or not squirrels:
        return ""
    times = "x2" if doubling == DOUBLE_ONCE else f"x{2 ** squirrels}"
    return f"({size} {times})"


class NutResultCard(BoxLayout):
    """One player's scored layout. `winner` frames the card so the winner stands out from afar."""

    player = ObjectProperty(None, allownone=True)
    total = StringProperty("")
    winner = BooleanProperty(False)
    painted = BooleanProperty(True)   # a painted grid, else counted by hand

    def __init__(self, colours: Sequence[Colour], doubling: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.doubling = doubling
        self.lines = {colour["letter"]: ColourPoints(letter=colour["letter"]) for colour in colours}
        for line in self.lines.values():
            self.ids["lines"].add_widget(line)
        self.grid = LayoutGrid(editable=False, max_cell=dp(60), size_hint_y=None)
        # The ids are weak: the card holds the counted-by-hand note itself while the grid is shown.
        self.by_hand: Widget = self.ids["by_hand"].__self__
        self.ids["area"].remove_widget(self.by_hand)
        self.bind(height=self._fit_grid)

    def show(self, player: Player, layout: LayoutSummary | None, winner: bool = False) -> None:
        self.player, self.winner = player, winner
        if layout is None:
            return
        self.total = str(layout["total"])
        for letter, line in self.lines.items():
            entry = layout["colours"][letter]
            line.points, line.working = entry["points"], colour_working(entry, self.doubling)
        self.painted = bool(layout["grid"])
        area = self.ids["area"]
        shown = self.grid if self.painted else self.by_hand
        if shown.parent is None:
            area.clear_widgets()
            area.add_widget(shown)
        if layout["grid"]:
            self.grid.rows = list(layout["grid"])
            self.grid.clusters = {letter: entry["cells"] for letter, entry in layout["colours"].items()
                                  if entry["cells"]}
        self._fit_grid()

    def _fit_grid(self, *_: Any) -> None:
        # The grid takes no more height than its cells need, so on a tall card each colour's points sit
        # right under the layout instead of drifting to the bottom edge.
        fixed = header_height() + self.ids["lines"].height + 2 * dp(8) + 3 * dp(4)
        self.grid.height = max(0, min(len(self.grid.rows) * self.grid.max_cell, self.height - fixed))


class NutEnd(BoxLayout):
    """Game over: who won and why in one sentence beside the winners' shapes, then every player's
    card side by side."""

    model = ObjectProperty(None)

    def __init__(self, model: NutModel, colours: Sequence[Colour], doubling: str, **kwargs: Any) -> None:
        super().__init__(model=model, **kwargs)
        self.cards = [NutResultCard(colours, doubling) for _ in model.seats]
        for card in self.cards:
            self.ids["cards"].add_widget(card)
        self.shapes = [SymbolShape(shape=seat.player.identity.symbol, rgba=theme.with_alpha(seat.player.identity.rgb),
                                   size_hint=(None, None), size=(dp(40), dp(40)), pos_hint={"center_y": 0.5})
                       for seat in model.seats]
        self._winners: list[int] = []

    @property
    def headline(self) -> Label:
        return self.ids["headline"]

    def show(self) -> None:
        winners = list(self.model.winners)
        if winners != self._winners:
            self._winners = winners
            banner = self.ids["banner"]
            for shape in self.shapes:
                if shape.parent is not None:
                    banner.remove_widget(shape)
            for seat in winners:
                banner.add_widget(self.shapes[seat], index=len(banner.children))
        for seat, card in zip(self.model.seats, self.cards):
            card.show(seat.player, seat.layout, seat.winner)


load_kv(__file__)
