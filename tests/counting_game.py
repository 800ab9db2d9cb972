"""A tiny game for testing the session machinery on its own: players take turns adding 1-3 to a
shared total; whoever reaches the target wins. It has the shape of every game, in one file:
state, one table of rules, summary and history line, sampler, result."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.actions import Action
from companion.errors import IllegalAction
from companion.game import Game
from companion.outcome import Outcome, ScoreOrder

CARD = {"game": "counting", "title": "Counting", "tagline": "Add 1 to 3; reach the target first",
        "players": {"min": 2, "max": 4}, "target": 10}


@dataclass
class CountState:
    players: int
    target: int
    total: int = 0
    turn: int = 0
    added: list[int] = field(default_factory=list)


def add(state: CountState, action: Action) -> CountState:
    if action.player != state.turn:
        raise IllegalAction("It is not your turn.")
    amount = action.get("amount")
    if amount not in (1, 2, 3):
        raise IllegalAction("You can add 1, 2 or 3.")
    state.total += amount
    state.added.append(amount)
    state.turn = (state.turn + 1) % state.players
    return state


class CountingGame(Game[CountState]):
    key = "counting"

    def __init__(self):
        super().__init__(CARD)

    def default_options(self):
        return {"target": self.card["target"]}

    def start(self, players, options):
        return CountState(len(players), options["target"], turn=options["dealer"])

    def rules(self):
        return {"add": add}

    def action_fields(self):
        return {"add": {"amount"}}

    def describe(self, before, action, after, players):
        return f"{players[action.player].name} added {action['amount']}"

    def summary(self, state):
        return {"total": state.total, "turn": state.turn}

    def is_over(self, state):
        return state.total >= state.target

    def outcome(self, state):
        # No points: whoever added last reached the target and scores the one point there is.
        winners = [(state.turn - 1) % state.players] if self.is_over(state) else []
        scores = [int(seat in winners) for seat in range(state.players)]
        return Outcome.ranked([f"Seat {seat + 1}" for seat in range(state.players)], scores,
                              order=ScoreOrder.HIGH_WINS, finished=bool(winners), winners=winners)

    def legal_actions(self, state, rng: random.Random):
        return [Action("add", state.turn, {"amount": n}) for n in (1, 2, 3)]

    def check_invariants(self, state):
        assert state.total == sum(state.added)
