"""The counting game's table view (tests/counting_game.py): the smallest view with the shape of every
game's, which docs/adding-a-game.md walks through step by step. A real game splits it into model.py,
table.py with table.kv, and pads.py; the test keeps it in this file and counting_view.kv."""

from __future__ import annotations

from typing import Any, TypedDict, cast

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.actions import Action
from companion.outcome import Outcome
from companion.players import Player
from ui.controller import GameController
from ui.games.view import TableView
from ui.widgets.basics import BigButton  # noqa: F401  (named in counting_view.kv)
from ui.widgets.count import Count  # noqa: F401  (named in counting_view.kv)
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge  # noqa: F401  (named in counting_view.kv)


class CountingSummary(TypedDict):
    total: int
    turn: int


class CountingModel(EventDispatcher):
    total = NumericProperty(0)
    target = NumericProperty(0)
    turn_player = ObjectProperty(None, allownone=True)
    over = BooleanProperty(False)
    headline = StringProperty("")

    def __init__(self, players: tuple[Player, ...], target: int, **kwargs: Any) -> None:
        super().__init__(target=target, **kwargs)
        self.players = players

    def update(self, summary: CountingSummary, outcome: Outcome) -> None:
        self.total = summary["total"]
        self.over = outcome.finished
        self.turn_player = None if outcome.finished else self.players[summary["turn"]]
        winner = self.players[outcome.winners[0]].name if outcome.winners else ""
        self.headline = f"{winner} reached {self.target} and wins!" if winner else ""


class CountingView(TableView, BoxLayout):
    model = ObjectProperty(None)

    def __init__(self, controller: GameController, **kwargs: Any) -> None:
        self.controller = controller
        session = controller.session
        super().__init__(model=CountingModel(session.players, session.options["target"]), **kwargs)
        self.refresh()

    def refresh(self) -> None:
        summary = cast(CountingSummary, self.controller.session.summary())
        self.model.update(summary, self.controller.outcome)

    def add(self, amount: int) -> bool:
        turn = cast(CountingSummary, self.controller.session.summary())["turn"]
        return self.controller.perform(Action("add", turn, {"amount": amount}))


load_kv(__file__)
