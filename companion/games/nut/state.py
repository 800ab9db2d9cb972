"""The Nut game state: plain data only, so the session can copy, compare and replay it."""

# No `from __future__ import annotations` here: TypedDict reads NotRequired from live annotations.
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal, NotRequired, TypedDict

STANDARD = "standard"
KINDS = (STANDARD, "squirrel", "wild")
UNKNOWN = "unknown"
COLUMNS = 3


class Phase(StrEnum):
    DRAFT = "draft"
    SCORING = "scoring"
    OVER = "over"


class ActionType(StrEnum):
    PICK = "pick"
    SCORE_LAYOUT = "score_layout"
    SCORE_QUICK = "score_quick"

# What each action says besides its type and player. Anything else is refused, so a misspelt field is
# never quietly ignored.
FIELDS: dict[str, frozenset[str]] = {
    ActionType.PICK: frozenset({"column", "kind"}),
    ActionType.SCORE_LAYOUT: frozenset({"grid"}),
    ActionType.SCORE_QUICK: frozenset({"sizes", "squirrels"}),
}


class Colour(TypedDict):
    """A nut colour from the rule card."""

    letter: str
    name: str
    pattern: str


class ColourResult(TypedDict):
    """What one colour of a scored layout was worth: its counted cluster's size (nuts and wilds),
    squirrels and points. A painted layout also says how many nuts and wilds, and the cluster's cells."""

    size: int
    nuts: NotRequired[int]
    wilds: NotRequired[int]
    squirrels: int
    points: int
    cells: list[list[int]]


class LayoutResult(TypedDict):
    mode: Literal["layout", "quick"]
    grid: list[str] | None        # the painted rows, None when counted by hand
    colours: dict[str, ColourResult]
    total: int
    largest: int                  # the largest counted cluster, for the tie-break


@dataclass
class NutState:
    names: list[str]
    colours: list[Colour]            # rule-card colours: letter, name, pattern
    kind_totals: dict[str, int]      # the deck's composition
    doubling: str                    # "once" or "each"
    max_rows: int
    max_columns: int
    tracked: bool                    # False: the family skipped the draft and only scores
    phase: Phase = Phase.DRAFT
    deck: int = 0                    # cards still face down with the holder
    columns: list[int] = field(default_factory=list)   # face-up cards in columns 1..3
    holder: int = 0                  # who has the deck and leads this round
    turn: int | None = None          # whose pick it is
    round: int = 1
    round_column: int | None = None  # 1-based column of this round, once the holder chose it
    round_picks: int = 0
    refilled: list[int] = field(default_factory=list)  # cards the holder dealt into each column this round
    picks: list[int] = field(default_factory=list)
    kinds: list[dict[str, int]] = field(default_factory=list)  # per player: kind -> cards drafted
    results: list[LayoutResult | None] = field(default_factory=list)

    @property
    def seats(self) -> int:
        return len(self.names)

    @property
    def deck_total(self) -> int:
        return sum(self.kind_totals.values())
