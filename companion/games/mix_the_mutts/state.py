"""What the app keeps of a Mix-the-Mutts table: counts only (tiles, the card pile, each hand's size,
each scoring stack by breed), the phase of the turn and the action types. Breed names, counts and
the other numbers come from the rule card seeds/mix_the_mutts.json."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.rulecards import load_rulecard

KEY = "mix_the_mutts"
CARD: dict[str, Any] = load_rulecard(KEY)
BREED_COUNTS: dict[str, int] = dict(CARD["cards"])
BREEDS: tuple[str, ...] = tuple(BREED_COUNTS)
TOTAL_CARDS: int = sum(BREED_COUNTS.values())
TOTAL_TILES: int = CARD["tiles"]["total"]
TILES_AT_SETUP: int = CARD["tiles"]["placed_at_setup"]
DEAL: int = CARD["deal"]
DRAW: int = CARD["draw"]
CARDS_PER_DOG: int = CARD["cards_per_combination"]
MIN_NEW_DOGS: int = CARD["combinations_per_tile"]["min"]
MAX_NEW_DOGS: int = CARD["combinations_per_tile"]["max"]


class Phase(StrEnum):
    """Phases of a turn: the active player chooses an action; after a connect everyone may score."""

    CHOOSING = "choosing"
    SCORING = "scoring"
    OVER = "over"


class ActionType(StrEnum):
    DRAW = "draw"
    CONNECT = "connect"
    SCORE = "score"
    FINISH_TURN = "finish_turn"

# What each action says besides its type and player. Anything else is refused, so a misspelt field is
# never quietly ignored.
FIELDS: dict[str, frozenset[str]] = {
    ActionType.DRAW: frozenset(),
    ActionType.CONNECT: frozenset({"combinations"}),
    ActionType.SCORE: frozenset({"head", "tail"}),
    ActionType.FINISH_TURN: frozenset(),
}


@dataclass
class MuttsState:
    names: list[str]
    card_values: dict[str, int]
    junior: bool
    pile: int
    hands: list[int]
    stacks: list[dict[str, int]]          # per player: breed -> cards in the scoring stack
    tiles_placed: int
    turn: int
    phase: Phase = Phase.CHOOSING
    new_dogs: list[list[str]] = field(default_factory=list)   # [head, tail] made by the last tile
    scored_now: list[list[int]] = field(default_factory=list)  # per player: indexes of new_dogs scored

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def tiles_left(self) -> int:
        return TOTAL_TILES - self.tiles_placed
