"""A tiny game for testing the session machinery on its own: players take turns adding 1-3 to a
shared total; whoever reaches the target wins."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.actions import Action
from companion.errors import IllegalAction
from companion.game import Game
from companion.outcome import Outcome, ScoreOrder


@dataclass
class CountState:
    players: int
    target: int
    total: int = 0
    turn: int = 0
    added: list = field(default_factory=list)


class CountingGame(Game):
    key = "counting"
    title = "Counting"
    min_players, max_players = 2, 4

    def default_options(self):
        return {"target": 10}

    def start(self, players, options):
        return CountState(len(players), options["target"], turn=options["dealer"])

    def apply(self, state, action):
        if action.type != "add":
            raise IllegalAction(f"Counting has no {action.type!r} action")
        if action.player != state.turn:
            raise IllegalAction("It is not your turn.")
        amount = action.get("amount")
        if amount not in (1, 2, 3):
            raise IllegalAction("You can add 1, 2 or 3.")
        state.total += amount
        state.added.append(amount)
        state.turn = (state.turn + 1) % state.players
        return state

    def describe(self, state, action, after, players):
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
