"""What the app knows of a Pugs in Mugs table: hands as counts, the face-up discard pile by kind, the
Mugs in front of each player, whose turn and what they did with it. The card kinds, colours and
limits come from the rule card seeds/pugs_in_mugs.json, the one place they are written."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Mapping

from companion.rulecards import load_rulecard

CARD = load_rulecard("pugs_in_mugs")
PATTERNS: dict[str, str] = {entry["colour"]: entry["pattern"] for entry in CARD["colours"]}
COLOURS: tuple[str, ...] = tuple(PATTERNS)
MISCHIEF: tuple[str, ...] = tuple(CARD["mischief"])
KINDS: tuple[str, ...] = COLOURS + MISCHIEF
DEAL: int = CARD["deal"]
ACTIONS_PER_TURN: int = CARD["actions_per_turn"]
HAND_LIMIT: int = CARD["hand_limit"]
PUGS_PER_MUG: int = CARD["pugs_per_mug"]
# The most cards held at once: everyone else at the hand limit, the active player up to two over.
HELD_AT_MOST_EXTRA = 3


class Phase(StrEnum):
    """Pugs in Mugs is one long stretch of turns until someone holds a Mug of every colour."""

    PLAYING = "playing"
    OVER = "over"


class ActionType(StrEnum):
    DRAW = "draw"
    EXCHANGE = "exchange"
    STEAL = "steal"
    SURPRISE = "surprise"
    GIMME = "gimme"
    DIG = "dig"
    END_TURN = "end_turn"

# What each action says besides its type and player. Anything else is refused, so a misspelt field is
# never quietly ignored.
FIELDS: dict[str, frozenset[str]] = {
    ActionType.DRAW: frozenset(),
    ActionType.EXCHANGE: frozenset({"colour"}),
    ActionType.STEAL: frozenset({"target", "colour"}),
    ActionType.SURPRISE: frozenset({"target", "card"}),
    ActionType.GIMME: frozenset({"target", "named", "handed_over"}),
    ActionType.DIG: frozenset({"card"}),
    ActionType.END_TURN: frozenset({"discards"}),
}


# The Mischief cards' plays; the table's "Mischief" button asks about the three together.
MISCHIEF_PLAYS: tuple[ActionType, ...] = (ActionType.SURPRISE, ActionType.GIMME, ActionType.DIG)


@dataclass
class PugsState:
    names: list[str]
    counts: dict[str, int]        # the whole deck by kind (colour or Mischief name), fixed by the options
    mugs_per_colour: int
    deck: int
    discard: dict[str, int]       # face-up discard pile by kind
    hands: list[int]
    mugs: list[list[str]]         # per player: colours of the Mugs in front of them
    turn: int
    this_turn: list[str] = field(default_factory=list)  # the actions taken so far this turn, in order
    winner: int | None = None
    reshuffles: int = 0

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def phase(self) -> Phase:
        return Phase.PLAYING if self.winner is None else Phase.OVER

    @property
    def actions_used(self) -> int:
        return len(self.this_turn)

    @property
    def total_cards(self) -> int:
        return sum(self.counts.values())

    def outside_discard(self, kind: str) -> int:
        """Cards of `kind` in the deck or in hands: the most anyone can claim to play."""
        return self.counts[kind] - self.discard[kind]

    def mug_supply(self, colour: str) -> int:
        return self.mugs_per_colour - sum(colour in held for held in self.mugs)

    def must_discard(self, seat: int) -> int:
        """How many cards `seat` must discard when ending the turn to get down to the hand limit."""
        return max(0, self.hands[seat] - HAND_LIMIT) if seat == self.turn else 0

    def scratch_copy(self) -> PugsState:
        """A copy cheap enough to try every candidate action on; names and counts are never changed."""
        return replace(self, discard=dict(self.discard), hands=list(self.hands),
                       mugs=[list(held) for held in self.mugs], this_turn=list(self.this_turn))


def label(kind: str) -> str:
    """How a card kind is read aloud: colours always with their pattern."""
    if kind in PATTERNS:
        return f"{kind} ({PATTERNS[kind]})"
    return kind.capitalize()


def deck_counts(options: Mapping[str, Any]) -> dict[str, int]:
    """The whole deck by kind, from the options' Pugs per colour and Mischief cards of each kind."""
    counts = {colour: options["pugs_per_colour"] for colour in COLOURS}
    counts.update({kind: options[f"{kind}_cards"] for kind in MISCHIEF})
    return counts
