"""The Pugs in Mugs game: its settings, the table set up, the one table of rules and the result."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from companion.actions import Action
from companion.errors import BadOption
from companion.game import Game, Rule
from companion.outcome import Outcome, ScoreOrder
from companion.players import Player

from . import sampler
from .mischief import dig, gimme, surprise
from .mugs import exchange, steal
from .state import (
    ACTIONS_PER_TURN,
    COLOURS,
    DEAL,
    FIELDS,
    HAND_LIMIT,
    HELD_AT_MOST_EXTRA,
    KINDS,
    PUGS_PER_MUG,
    ActionType,
    Phase,
    PugsState,
    deck_counts,
)
from .summary import PugsSummary, describe, summary
from .turns import draw, end_turn

# Each rule first checks that the game is on and that the action is by the player whose turn it is.
RULES: dict[str, Rule[PugsState]] = {
    ActionType.DRAW: draw,
    ActionType.EXCHANGE: exchange,
    ActionType.STEAL: steal,
    ActionType.SURPRISE: surprise,
    ActionType.GIMME: gimme,
    ActionType.DIG: dig,
    ActionType.END_TURN: end_turn,
}


class PugsInMugs(Game[PugsState]):
    key = "pugs_in_mugs"

    # ----- options -------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {**self.card["deck"], "mugs_per_colour": self.card["mugs_per_colour"]}

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = super().check_options(options)
        for key in self.default_options():
            if merged[key] < 0:
                raise BadOption(f"{key} can't be negative, got {merged[key]}")
        if merged["pugs_per_colour"] < PUGS_PER_MUG:
            raise BadOption(f"pugs_per_colour must be at least {PUGS_PER_MUG}, or no Mug could ever be won")
        if merged["mugs_per_colour"] < 1:
            raise BadOption("mugs_per_colour must be at least 1, or nobody could collect every colour")
        return merged

    def check_players(self, players: Sequence[Player], options: dict[str, Any]) -> None:
        super().check_players(players, options)
        deck = sum(deck_counts(options).values())
        needed = HAND_LIMIT * len(players) + HELD_AT_MOST_EXTRA
        if deck < needed:
            raise BadOption(f"{len(players)} players need a deck of at least {needed} cards so there is "
                            f"always one to draw; these settings make {deck}")

    # ----- rules ---------------------------------------------------------------------------
    def start(self, players: Sequence[Player], options: dict[str, Any]) -> PugsState:
        counts = deck_counts(options)
        return PugsState(
            names=[player.name for player in players], counts=counts,
            mugs_per_colour=options["mugs_per_colour"],
            deck=sum(counts.values()) - DEAL * len(players),
            discard={kind: 0 for kind in KINDS}, hands=[DEAL] * len(players),
            mugs=[[] for _ in players], turn=options["dealer"])

    def rules(self) -> dict[str, Rule[PugsState]]:
        return RULES

    def action_fields(self) -> Mapping[str, frozenset[str]]:
        return FIELDS

    def describe(self, before: PugsState, action: Action, after: PugsState, players: Sequence[Player]) -> str:
        return describe(before, action, after, [player.name for player in players])

    def summary(self, state: PugsState) -> PugsSummary:
        return summary(state)

    def is_over(self, state: PugsState) -> bool:
        return state.phase is Phase.OVER

    def outcome(self, state: PugsState) -> Outcome:
        """There are no points: the first to hold a Mug of every colour wins, so the score is the
        number of Mug colours each player holds, and the most is nearest to winning."""
        winners = [] if state.winner is None else [state.winner]
        return Outcome.ranked(state.names, [len(mugs) for mugs in state.mugs], order=ScoreOrder.HIGH_WINS,
                              finished=self.is_over(state), winners=winners)

    def legal_actions(self, state: PugsState, rng: random.Random) -> list[Action]:
        return sampler.legal_actions(state, rng)

    def check_invariants(self, state: PugsState) -> None:
        assert state.deck + sum(state.discard.values()) + sum(state.hands) == state.total_cards, \
            "cards are not conserved"
        assert state.deck >= 0 and all(hand >= 0 for hand in state.hands), "a negative card count"
        for kind in KINDS:
            assert 0 <= state.discard[kind] <= state.counts[kind], f"impossible number of {kind} discarded"
        for seat, hand in enumerate(state.hands):
            limit = HAND_LIMIT + ACTIONS_PER_TURN if seat == state.turn else HAND_LIMIT
            assert hand <= limit, f"{state.names[seat]} holds {hand} cards"
        for colour in COLOURS:
            assert state.mug_supply(colour) >= 0, f"more {colour} Mugs than exist"
        assert all(len(set(held)) == len(held) for held in state.mugs), "two Mugs of one colour"
        complete = [seat for seat, held in enumerate(state.mugs) if len(held) == len(COLOURS)]
        assert complete == ([] if state.winner is None else [state.winner]), "winner does not match the Mugs"
        assert 0 <= state.actions_used <= ACTIONS_PER_TURN and 0 <= state.turn < state.players


GAME = PugsInMugs()
