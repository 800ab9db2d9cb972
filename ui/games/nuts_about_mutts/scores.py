"""Between hands and at the end of the game: the standing, read from across the table. A tile per
player: their shape and whole name, what the last hand added, and their running total as a key number
that takes the room the tile has; the top dog's tile filled and ringed. Under them the deal of the next
hand and the end of the game.

Laid out once (scores.kv) with a tile for every seat; a hand scored changes what the tiles say, and
the deal's buttons step aside once the game is over."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.actions import Action
from companion.games.nuts_about_mutts.state import ActionType
from companion.games.nuts_about_mutts.summary import MuttsSummary
from companion.outcome import Outcome
from companion.players import Player
from ui import theme
from ui.controller import GameController
from ui.games.nuts_about_mutts.model import top_dogs
from ui.widgets.basics import Panel
from ui.widgets.choice import Choice
from ui.widgets.count import Count
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge, Tag  # noqa: F401  (named in scores.kv)


class ScoreTile(Panel):
    """One player's standing: their name, what the hand just over added (bold and underlined for who
    went out, so it is not told by one mark alone) and the running total; the top dog's tile lit,
    ringed and tagged."""

    player = ObjectProperty(None, allownone=True)
    last_hand = StringProperty("")
    went_out = BooleanProperty(False)
    top = BooleanProperty(False)

    def __init__(self, player: Player, **kwargs: Any) -> None:
        super().__init__(player=player, padding=[theme.GAP, 2], spacing=theme.GAP, **kwargs)

    @property
    def total(self) -> Count:
        return self.ids["total"]


class ScoresView(BoxLayout):
    """A tile per player (read from the seats: the whole name, the last hand, the total) under a
    heading saying who went out or who won, and under the tiles the deal of the next hand."""

    heading_text = StringProperty("")
    leaders = StringProperty("")
    over = BooleanProperty(False)

    def __init__(self, controller: GameController, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        players = controller.players
        grid = self.ids["tiles"]
        # Three a row from five players, two at four, so the tiles keep a long name whole over a total
        # 10 mm tall at least.
        grid.cols = 3 if len(players) > 4 else 2 if len(players) == 4 else len(players)
        self.tiles = [ScoreTile(player) for player in players]
        for tile in self.tiles:
            grid.add_widget(tile)
        # Each total's number, by ("total", seat), as the table's cells were.
        self.cells = {("total", seat): tile.total.number for seat, tile in enumerate(self.tiles)}
        # Held here, not only by the layout: the game's end takes them off the screen.
        self.deal: Choice = self.ids["deal"].__self__
        self.end: Choice = self.ids["end"].__self__
        self.deal.bind(on_release=lambda *_: controller.perform(Action(ActionType.DEAL)))
        self.end.bind(on_release=lambda *_: controller.perform(Action(ActionType.END_EVENING)))

    @property
    def heading(self) -> Any:
        return self.ids["heading"]

    @property
    def deal_button(self) -> Choice | None:
        return None if self.over else self.deal

    def show(self, summary: MuttsSummary, outcome: Outcome) -> None:
        names = [player.name for player in self.controller.players]
        best = sorted(top_dogs(outcome))
        self.over = over = outcome.finished
        if over:
            self.heading_text = (f"The game is over. Top dog: {' and '.join(names[seat] for seat in best)}, "
                                 "with the lowest total!")
        else:
            winner = summary["hand_winner"]
            went = f"{names[winner]} went out" if winner is not None else "nobody went out"
            self.heading_text = f"Hand {summary['hand']} is over: {went}."
            self.deal.text = f"Deal the next hand ({names[summary['to_act'].get('next_dealer', 0)]} deals)"
        self.leaders = ", ".join(names[seat] for seat in best)
        buttons = self.ids["buttons"]
        for button in (self.deal, self.end):
            if over and button.parent is not None:
                buttons.remove_widget(button)
            elif not over and button.parent is None:
                buttons.add_widget(button, index=0 if button is self.deal else len(buttons.children))
        hands = summary["scores"]["hands"]
        last = hands[-1] if hands else None
        for seat, tile in enumerate(self.tiles):
            tile.top = seat in best
            tile.went_out = last is not None and last["winner"] == seat
            tile.last_hand = "" if last is None else f"+{outcome.hands[-1][seat]}"
            tile.total.value = outcome.scores[seat] or 0


load_kv(__file__)
