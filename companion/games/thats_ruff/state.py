"""The table between actions: boards, seats, the count, the centre and the deck, all plain data; the
phases and action types; and the numbers of the rule card the rules are written with."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypedDict, TypeVar

from companion.rulecards import load_rulecard

CARD: dict[str, Any] = load_rulecard("thats_ruff")


class Phase(StrEnum):
    LAYING_OUT = "laying_out"
    COUNTING = "counting"
    REVEALING = "revealing"
    COLLECTING = "collecting"
    MOVING = "moving"
    HAND_OVER = "hand_over"
    WON = "won"


class ActionType(StrEnum):
    LAY_OUT = "lay_out"
    PLAY = "play"
    THATS_RUFF = "thats_ruff"
    REVEAL = "reveal"
    COLLECT = "collect"
    TO_CENTRE = "to_centre"
    CHOOSE_STAY = "choose_stay"
    USE_ABILITY = "use_ability"
    DEAL = "deal"

# What each action says besides its type and player. Anything else is refused, so a misspelt field is
# never quietly ignored.
FIELDS: dict[str, frozenset[str]] = {
    ActionType.LAY_OUT: frozenset({"face_up", "face_down"}),
    # The card itself (number, colour, a Wild Dog, an 8's dog), where it came from, and the stay choice.
    ActionType.PLAY: frozenset({"number", "colour", "wild", "dog", "from", "replacement", "stay"}),
    ActionType.THATS_RUFF: frozenset(),
    ActionType.REVEAL: frozenset({"cards"}),
    ActionType.COLLECT: frozenset({"collector", "cards", "shown"}),
    ActionType.TO_CENTRE: frozenset({"card", "shown"}),
    ActionType.CHOOSE_STAY: frozenset({"stay"}),
    ActionType.USE_ABILITY: frozenset({"ability", "from", "to"}),
    ActionType.DEAL: frozenset(),
}


# ----- the deck ----------------------------------------------------------------------------------------
COLOURS: tuple[str, ...] = tuple(CARD["deck"]["copies_per_colour"])
COPIES_PER_COLOUR: dict[str, int] = dict(CARD["deck"]["copies_per_colour"])
LOWEST: int = CARD["deck"]["numbers"][0]
HIGHEST: int = CARD["deck"]["numbers"][1]
WILD_DOGS: int = CARD["deck"]["wild_dogs"]
DECK_SIZE: int = CARD["deck"]["total"]
DOGS: tuple[str, ...] = tuple(CARD["dogs"])
PAPPY: str = CARD["black_eight_dog"]
WILD = "wild"
DEFAULT_EIGHTS = {"Nicky": "blue", "Moon": "red", "Sage": "blue", "Lady": "red"}

# ----- the hand -----------------------------------------------------------------------------------------
DEAL_SIZE: dict[str, int] = dict(CARD["deal_size"])
KEEP: int = CARD["keep_in_hand"]
LIMIT: int = CARD["count_limit"]
SHADED: tuple[int, ...] = tuple(CARD["shaded_counts"])
MOVES: dict[str, int] = dict(CARD["moves"])
# The most one card moves a dog: reaching a shaded count, matching number and colour, and an 8.
MOST_SPACES_PER_CARD: int = (MOVES["reaching_shaded_count"] + MOVES["matching_number_and_colour"]
                             + MOVES["own_eight_or_black_eight"])
FLUSH = 5
FACES = ("either", "up", "down")
# When both Wild Dogs count as a set: the sheet's "a collection" read as one turn's collecting, or as all
# the cards a player collected in the hand.
WILD_PAIRS = ("one_collection", "whole_hand")
COUNT_DISC_SPACES = ("16", "32")

# ----- the paths ----------------------------------------------------------------------------------------
SPACES: int = CARD["path"]["spaces"]
HOUSE: int = CARD["path"]["dog_house"]
DOG_STARTS_ON: int = CARD["path"]["dog_starts_on"]
FIRST_DISC_ON: int = CARD["path"]["first_disc_on"]

# ----- the abilities variant ----------------------------------------------------------------------------
DEFAULT_COSTS = {"stay": 1, "step_back": 1, "retoss": 2}
USED = ("step_back", "retoss")   # the abilities used with their own action; staying is part of a move


class Card(TypedDict, total=False):
    """A card as the players enter it:

        {"number": 5, "colour": "red"}                     a numbered card
        {"number": 8, "colour": "blue", "dog": "Nicky"}    an 8, optionally with the dog it shows
        {"wild": True}                                     a Wild Dog lying on the table
        {"wild": True, "number": 5, "colour": "red"}       a Wild Dog as declared when played in Counting
        {"wild": True, "colour": "red"}                    a Wild Dog as declared when collected
    """

    number: int
    colour: str
    dog: str
    wild: bool


class Slot(TypedDict):
    """A laid-out card: which way up it lies, and the card (None while the app doesn't know it)."""

    face_up: bool
    card: Card | None


@dataclass
class Board:
    dog: str
    seats: list[int]
    eight_colour: str
    position: int = DOG_STARTS_ON
    path_discs: list[int] = field(default_factory=list)    # spaces holding a disc, sorted
    house: int = 0                                           # fetched discs kept to spend
    count_discs: dict[str, int] = field(default_factory=dict)  # "16"/"32" -> discs waiting on that count
    fetched_and_discarded: int = 0                           # the discard-fetched-discs variant


@dataclass
class Seat:
    board: int                                          # index into RuffState.boards
    hand: int = 0                                       # cards held (the app never sees which)
    laid_out: list[Slot] = field(default_factory=list)
    has_laid_out: bool = False
    played: int = 0                                     # cards played this Counting
    collected: list[Card] = field(default_factory=list)
    wild_dogs_together: bool = False                    # both Wild Dogs came in one collection this hand

    def __deepcopy__(self, memo: dict[int, Any]) -> Seat:
        # Cards are flat dicts of numbers and strings, so copying one level down is a full copy:
        # the session copies the state on every action, which must stay quick on a Raspberry Pi.
        return _twin(self, laid_out=[{"face_up": slot["face_up"], "card": _card_copy(slot["card"])}
                                     for slot in self.laid_out],
                     collected=[card.copy() for card in self.collected])


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
    phase: Phase = Phase.LAYING_OUT
    hand_number: int = 1
    turn: int | None = None
    count: int = 0
    previous: Card | None = None        # the card the next one is matched against; cleared by "That's Ruff!"
    centre: list[Card] = field(default_factory=list)
    seen: dict[str, int] = field(default_factory=dict)   # card identities met since this deck was shuffled
    cards_discarded: int = 0            # uncollected centre cards thrown away at the end of this hand
    pending_moves: dict[str, int] = field(default_factory=dict)  # board -> spaces back, awaiting a stay choice
    last_move: str = ""                # what the last move did, in full (the history says it too)
    last_move_short: str = ""          # the same without what the counting table shows beside it
    told_in: Phase | None = None        # the phase the last move was told in
    hand_result: list[str] = field(default_factory=list)  # once collected: per board, how its dog moved back
    winner: int | None = None           # board index
    eights: dict[str, str] = field(default_factory=dict)  # dog -> colour of the 8 that shows it
    eights_seen: list[str] = field(default_factory=list)  # dogs whose 8 has turned up since the shuffle
    laid_out_into_hand: bool = False    # variant: laid-out cards are held, not turned up, for Collecting
    ability_costs: dict[str, int] | None = None  # variant: discs per use of each ability (None = off)
    wild_pair_in_one_collection: bool = True  # the sheet's reading; False counts them across the hand

    def __deepcopy__(self, memo: dict[int, Any]) -> RuffState:
        return _twin(
            self, names=list(self.names), seats=[copy.deepcopy(seat) for seat in self.seats],
            boards=[_board_copy(board) for board in self.boards], previous=_card_copy(self.previous),
            centre=[card.copy() for card in self.centre], seen=dict(self.seen),
            pending_moves=dict(self.pending_moves), eights=dict(self.eights), eights_seen=list(self.eights_seen),
            hand_result=list(self.hand_result),
            ability_costs=None if self.ability_costs is None else dict(self.ability_costs))

    @property
    def players(self) -> int:
        return len(self.seats)

    def order_from_dealers_left(self) -> list[int]:
        return [(self.dealer + offset) % self.players for offset in range(1, self.players + 1)]

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def board_of(self, seat: int) -> Board:
        return self.boards[self.seats[seat].board]

    def tell(self, said: str, short: str | None = None) -> None:
        """What a move did: in full for the history, and `short` for beside the count, where the count
        and whose turn it is are already shown (the whole of it when that leaves nothing out)."""
        self.last_move, self.last_move_short = said, said if short is None else short
        self.told_in = self.phase

    @property
    def stay_price(self) -> int:
        """Discs per space to stay in the dog house: one on the sheet, the family's price with abilities."""
        return 1 if self.ability_costs is None else self.ability_costs["stay"]


_Copied = TypeVar("_Copied", "Seat", "Board", "RuffState")


def _twin(original: _Copied, **changed: Any) -> _Copied:
    """A copy of a dataclass with some fields replaced, without `dataclasses.replace` running `__init__`
    and looking up the fields again: the sampler and the session copy states by the hundred thousand."""
    twin = object.__new__(type(original))
    twin.__dict__.update(original.__dict__, **changed)
    return twin


def _card_copy(card: Card | None) -> Card | None:
    return None if card is None else card.copy()


def _board_copy(board: Board) -> Board:
    return _twin(board, seats=list(board.seats), path_discs=list(board.path_discs),
                 count_discs=dict(board.count_discs))
