"""Mix-the-Mutts as a Game: its settings, the table set up, the one table of rules, the end and the
result, and the laws a state must keep."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from companion.actions import Action
from companion.errors import BadOption
from companion.game import Game, Rule
from companion.outcome import Outcome, ScoreOrder
from companion.players import Player

from . import sampler
from . import summary as summaries
from .scoring import totals, winners
from .state import (
    BREED_COUNTS,
    BREEDS,
    CARDS_PER_DOG,
    DEAL,
    FIELDS,
    KEY,
    TILES_AT_SETUP,
    TOTAL_CARDS,
    TOTAL_TILES,
    ActionType,
    MuttsState,
    Phase,
)
from .turns import connect, draw, finish_turn, score

RULES: dict[str, Rule[MuttsState]] = {
    ActionType.DRAW: draw,
    ActionType.CONNECT: connect,
    ActionType.SCORE: score,
    ActionType.FINISH_TURN: finish_turn,
}


class MixTheMutts(Game[MuttsState]):
    key = KEY

    # ----- options -------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"card_values": dict(self.card["card_values"]), "junior": False}

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().check_options(options)
        values = merged["card_values"]
        missing = [breed for breed in BREEDS if breed not in values]
        unknown = [breed for breed in values if breed not in BREED_COUNTS]
        if missing or unknown:
            raise BadOption(f"card_values needs a value for each breed ({', '.join(BREEDS)}); "
                            f"missing: {missing or 'none'}, unknown: {unknown or 'none'}")
        for breed, value in values.items():
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise BadOption(f"the {breed} card value must be a whole number of 0 or more, got {value!r}")
        return merged

    def first_seat_next_game(self, state: MuttsState, options: Mapping[str, Any], players: int) -> int:
        # The youngest player goes first, every game.
        return int(options["dealer"])

    # ----- rules ---------------------------------------------------------------------------
    def start(self, players: Sequence[Player], options: dict[str, Any]) -> MuttsState:
        count = len(players)
        return MuttsState(
            names=[player.name for player in players],
            card_values=dict(options["card_values"]),
            junior=bool(options["junior"]),
            pile=TOTAL_CARDS - DEAL * count,
            hands=[DEAL] * count,
            stacks=[{breed: 0 for breed in BREEDS} for _ in range(count)],
            tiles_placed=TILES_AT_SETUP,
            turn=options["dealer"],
            scored_now=[[] for _ in range(count)],
        )

    def rules(self) -> dict[str, Rule[MuttsState]]:
        return RULES

    def action_fields(self) -> Mapping[str, frozenset[str]]:
        return FIELDS

    def is_over(self, state: MuttsState) -> bool:
        return state.phase == Phase.OVER

    def outcome(self, state: MuttsState) -> Outcome:
        """Scores are the scoring stacks' totals (card values, or one per card in the junior game);
        the most wins and equal totals share the win."""
        return Outcome.ranked(state.names, totals(state), order=ScoreOrder.HIGH_WINS,
                              finished=self.is_over(state), winners=winners(state))

    def check_invariants(self, state: MuttsState) -> None:
        stacked = sum(sum(stack.values()) for stack in state.stacks)
        assert state.pile + sum(state.hands) + stacked == TOTAL_CARDS, "cards are not conserved"
        assert state.pile >= 0 and all(hand >= 0 for hand in state.hands), "a negative card count"
        for breed in BREEDS:
            assert sum(stack[breed] for stack in state.stacks) <= BREED_COUNTS[breed], f"too many {breed}s stacked"
        assert all(sum(stack.values()) % CARDS_PER_DOG == 0 for stack in state.stacks), "half a dog in a stack"
        assert TILES_AT_SETUP <= state.tiles_placed <= TOTAL_TILES, "tile count out of range"
        assert 0 <= state.turn < state.players, "nobody's turn"
        for seat, scored in enumerate(state.scored_now):
            assert len(set(scored)) == len(scored), "a dog scored twice by one player"
            assert seat == state.turn or len(scored) <= 1, "a non-active player scored more than one dog"
        if state.phase == Phase.OVER:
            assert state.tiles_left == 0, "the game ended with tiles left"

    # ----- reading, and random play ----------------------------------------------------------
    def describe(self, before: MuttsState, action: Action, after: MuttsState, players: Sequence[Player]) -> str:
        return summaries.describe(before, action, after, [player.name for player in players])

    def summary(self, state: MuttsState) -> summaries.MuttsSummary:
        return summaries.summary(state)

    def legal_actions(self, state: MuttsState, rng: random.Random) -> list[Action]:
        return sampler.legal_actions(state, rng)


GAME = MixTheMutts()
