"""Nut rules: the column draft and the scoring of each player's final layout.

The draft (drafting.py): three face-up columns of one card per player; the holder of the deck takes
a card from one column, every other player in turn takes one from the same column, then the deck
passes left. Once every card is drafted each player's layout is scored (scoring.py), either painted
as a grid (the app finds the clusters) or entered colour by colour (quick mode).
"""

from __future__ import annotations

import copy
import random
from typing import Any, Callable, Mapping, Sequence

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.game import Game, Rule
from companion.outcome import Outcome, ScoreOrder
from companion.players import Player

from . import sampler
from . import summary as summaries
from .clusters import DOUBLE_ONCE, DOUBLINGS
from .drafting import pick, refill
from .scoring import LARGEST_CLUSTER, score_layout, score_quick, winners
from .state import COLUMNS, FIELDS, KINDS, UNKNOWN, ActionType, NutState, Phase


def seated(rule: Callable[[NutState, Action, int], NutState]) -> Rule[NutState]:
    """Every Nut action is done by one seat: refuse an action that names none, then apply `rule`
    with the seat."""

    def checked(state: NutState, action: Action) -> NutState:
        if action.player is None or not 0 <= action.player < state.seats:
            raise IllegalAction("Say which player did it: every Nut action needs a seat number.")
        return rule(state, action, action.player)

    return checked


RULES: dict[str, Rule[NutState]] = {
    ActionType.PICK: seated(pick),
    ActionType.SCORE_LAYOUT: seated(score_layout),
    ActionType.SCORE_QUICK: seated(score_quick),
}


class NutGame(Game[NutState]):
    key = "nut"

    # ----- options -------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"squirrel_doubling": DOUBLE_ONCE, "track_draft": True}

    def option_choices(self) -> dict[str, list[Any]]:
        return {"squirrel_doubling": list(DOUBLINGS)}

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().check_options(options)
        if merged["squirrel_doubling"] not in DOUBLINGS:
            raise BadOption("Nut setting 'squirrel_doubling' is 'once' (x2 however many squirrels) "
                            f"or 'each' (x2 per squirrel), got {merged['squirrel_doubling']!r}")
        return merged

    # ----- setup ---------------------------------------------------------------------------
    def start(self, players: Sequence[Player], options: dict[str, Any]) -> NutState:
        seats = len(players)
        grid = self.card["grid"]
        state = NutState(
            names=[player.name for player in players], colours=copy.deepcopy(self.card["colours"]),
            kind_totals=dict(self.card["cards"]), doubling=options["squirrel_doubling"],
            max_rows=grid["max_rows"], max_columns=grid["max_columns"], tracked=options["track_draft"],
            holder=options["dealer"], picks=[0] * seats, results=[None] * seats,
            kinds=[{kind: 0 for kind in (*KINDS, UNKNOWN)} for _ in range(seats)])
        if not state.tracked:
            state.phase, state.columns, state.refilled = Phase.SCORING, [0] * COLUMNS, [0] * COLUMNS
            return state
        state.deck = state.deck_total
        state.columns = [0] * COLUMNS
        refill(state)
        state.turn = state.holder
        return state

    # ----- rules ---------------------------------------------------------------------------
    def rules(self) -> Mapping[str, Rule[NutState]]:
        return RULES

    def action_fields(self) -> Mapping[str, frozenset[str]]:
        return FIELDS

    def is_over(self, state: NutState) -> bool:
        return state.phase == Phase.OVER

    def outcome(self, state: NutState) -> Outcome:
        """Scores are the layouts' points, None until a layout is scored; the most wins. Among equal
        totals the largest scored cluster decides, and `tie_break` says so whenever it left out
        someone on the winning total (the summary's "shared" is several winners after that)."""
        winning, _ = winners(state)
        scores = [None if result is None else result["total"] for result in state.results]
        over = self.is_over(state)
        tie_break = None
        if over and len(winning) < scores.count(max(score for score in scores if score is not None)):
            tie_break = LARGEST_CLUSTER
        return Outcome.ranked(state.names, scores, order=ScoreOrder.HIGH_WINS, finished=over,
                              winners=winning, tie_break=tie_break)

    # ----- what the table shows ------------------------------------------------------------
    def describe(self, before: NutState, action: Action, after: NutState, players: Sequence[Player]) -> str:
        return summaries.describe(before, action, after, [player.name for player in players])

    def summary(self, state: NutState) -> summaries.NutSummary:
        return summaries.summary(state)

    # ----- random play ---------------------------------------------------------------------
    def legal_actions(self, state: NutState, rng: random.Random) -> list[Action]:
        return sampler.legal_actions(state, rng)

    def check_invariants(self, state: NutState) -> None:
        seats = state.seats
        assert state.deck >= 0 and all(0 <= cards <= seats for cards in state.columns), (state.deck, state.columns)
        for seat in range(seats):
            assert sum(state.kinds[seat].values()) == state.picks[seat], f"seat {seat} kinds do not add up"
        for kind in KINDS:
            assert sum(kinds[kind] for kinds in state.kinds) <= state.kind_totals[kind], f"too many {kind} cards"
        if state.tracked:
            assert state.deck + sum(state.columns) + sum(state.picks) == state.deck_total, "cards not conserved"
        if state.phase == Phase.DRAFT:
            assert state.turn is not None and 0 <= state.turn < seats
            assert state.turn == (state.holder + state.round_picks) % seats
            assert max(state.picks) - min(state.picks) <= 1
            assert state.round_picks > 0 or len(set(state.picks)) == 1
            assert all(result is None for result in state.results)
        else:
            assert state.turn is None and state.deck == 0 and not any(state.columns)
            if state.tracked:
                assert state.picks == [state.deck_total // seats] * seats, state.picks
        for result in state.results:
            if result is not None:
                points = [entry["points"] for entry in result["colours"].values()]
                assert all(value >= 0 for value in points) and result["total"] == sum(points)
        assert (state.phase == Phase.OVER) == all(result is not None for result in state.results)


GAME = NutGame()
