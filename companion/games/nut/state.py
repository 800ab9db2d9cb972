"""The Nut game state: plain data only, so the session can copy, compare and replay it."""

from __future__ import annotations

from dataclasses import dataclass, field

KINDS = ("standard", "squirrel", "wild")
UNKNOWN = "unknown"
COLUMNS = 3
DRAFT, SCORING, OVER = "draft", "scoring", "over"
PICK, SCORE_LAYOUT, SCORE_QUICK = "pick", "score_layout", "score_quick"
ACTION_TYPES = (PICK, SCORE_LAYOUT, SCORE_QUICK)


@dataclass
class NutState:
    names: list[str]
    colours: list[dict]              # rule-card colours: letter, name, pattern
    kind_totals: dict[str, int]      # the deck's composition
    doubling: str                    # "once" or "each"
    max_rows: int
    max_columns: int
    tracked: bool                    # False: the family skipped the draft and only scores
    phase: str = DRAFT
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
    results: list[dict | None] = field(default_factory=list)

    @property
    def seats(self) -> int:
        return len(self.names)

    @property
    def deck_total(self) -> int:
        return sum(self.kind_totals.values())
