"""The table between actions: boards, seats, the count, the centre and the deck, all plain data."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields, replace

from .board import Board

LAYING_OUT, COUNTING, REVEALING, COLLECTING, MOVING, HAND_OVER, WON = (
    "laying_out", "counting", "revealing", "collecting", "moving", "hand_over", "won")


@dataclass
class Seat:
    board: int                                          # index into RuffState.boards
    hand: int = 0                                       # cards held (the app never sees which)
    laid_out: list[dict] = field(default_factory=list)  # {"face_up": bool, "card": card or None if unknown}
    has_laid_out: bool = False
    played: int = 0                                     # cards played this Counting
    collected: list[dict] = field(default_factory=list)

    def __deepcopy__(self, memo: dict) -> "Seat":
        # Cards are flat dicts of numbers and strings, so copying one level down is a full copy:
        # the session copies the state on every action, which must stay quick on a Raspberry Pi.
        return replace(self, laid_out=[{"face_up": slot["face_up"], "card": _card_copy(slot["card"])}
                                       for slot in self.laid_out],
                       collected=[dict(card) for card in self.collected])


@dataclass
class RuffState:
    names: list[str]
    seats: list[Seat]
    boards: list[Board]
    deal_size: int
    dealer: int
    deck_left: int
    supply: int
    total_discs: int
    laid_out_face: str
    winner_after_collecting_only: bool
    keep_discs: bool
    phase: str = LAYING_OUT
    hand_number: int = 1
    turn: int | None = None
    count: int = 0
    previous: dict | None = None        # the card the next one is matched against; cleared by "That's Ruff!"
    centre: list[dict] = field(default_factory=list)
    seen: dict[str, int] = field(default_factory=dict)   # card identities met since this deck was shuffled
    cards_discarded: int = 0            # uncollected centre cards thrown away at the end of this hand
    pending_moves: dict[str, int] = field(default_factory=dict)  # board -> spaces back, awaiting a stay choice
    last_move: str = ""
    winner: int | None = None           # board index
    eights: dict[str, str] = field(default_factory=dict)  # dog -> colour of the 8 that shows it
    eights_seen: list[str] = field(default_factory=list)  # dogs whose 8 has turned up since the shuffle
    laid_out_into_hand: bool = False    # variant: laid-out cards are held, not turned up, for Collecting
    ability_costs: dict[str, int] | None = None  # variant: discs per use of each ability (None = off)

    def __deepcopy__(self, memo: dict) -> "RuffState":
        copied = {f.name: getattr(self, f.name) for f in fields(self)}
        copied.update(
            names=list(self.names), seats=[copy.deepcopy(seat) for seat in self.seats],
            boards=[_board_copy(board) for board in self.boards], previous=_card_copy(self.previous),
            centre=[dict(card) for card in self.centre], seen=dict(self.seen),
            pending_moves=dict(self.pending_moves), eights=dict(self.eights), eights_seen=list(self.eights_seen),
            ability_costs=None if self.ability_costs is None else dict(self.ability_costs))
        return RuffState(**copied)

    @property
    def players(self) -> int:
        return len(self.seats)

    def order_from_dealers_left(self) -> list[int]:
        return [(self.dealer + offset) % self.players for offset in range(1, self.players + 1)]

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def board_of(self, seat: int) -> Board:
        return self.boards[self.seats[seat].board]

    @property
    def stay_price(self) -> int:
        """Discs per space to stay in the dog house: one on the sheet, the family's price with abilities."""
        return 1 if self.ability_costs is None else self.ability_costs["stay"]


def _card_copy(card: dict | None) -> dict | None:
    return None if card is None else dict(card)


def _board_copy(board: Board) -> Board:
    return replace(board, seats=list(board.seats), path_discs=list(board.path_discs),
                   count_discs=dict(board.count_discs))
