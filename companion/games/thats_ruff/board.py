"""One dog's path: a loop of spaces 0..13 and the dog house (space 14), with flying discs on it.

Clockwise is +1 (13 -> dog house -> 0), counter-clockwise is -1. A dog fetches every disc on a space
it passes or lands on. When it reaches its dog house (or sits there) with steps still to go, its
player may spend one fetched disc per remaining step to stay in the house.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import RULES

SPACES: int = RULES["path"]["spaces"]
HOUSE: int = RULES["path"]["dog_house"]
CLOCKWISE, COUNTER_CLOCKWISE = 1, -1


@dataclass
class Board:
    dog: str
    seats: list[int]
    eight_colour: str
    position: int = RULES["path"]["dog_starts_on"]
    path_discs: list[int] = field(default_factory=list)    # spaces holding a disc, sorted
    house: int = 0                                           # fetched discs kept to spend
    count_discs: dict[str, int] = field(default_factory=dict)  # "16"/"32" -> discs waiting on that count
    fetched_and_discarded: int = 0                           # the discard-fetched-discs variant


@dataclass(frozen=True)
class Walk:
    """What a move would do if the player does not stay: where the dog ends, what it fetches, and
    whether (and at what price) it could stop in its dog house instead."""

    end: int
    fetched_spaces: tuple[int, ...]
    stay_cost: int | None          # steps left when the dog first is in its house; None if never
    fetched_before_house: int      # discs fetched on the way into the house (they can pay the cost)


def plan_walk(board: Board, steps: int, direction: int) -> Walk:
    position, fetched, stay_cost, before_house = board.position, [], None, 0
    remaining = steps
    while True:
        if position == HOUSE and remaining > 0 and stay_cost is None:
            stay_cost, before_house = remaining, len(fetched)
        if remaining == 0:
            break
        position = (position + direction) % SPACES
        remaining -= 1
        if position in board.path_discs and position not in fetched:
            fetched.append(position)
    return Walk(position, tuple(fetched), stay_cost, before_house)


def can_stay(board: Board, walk: Walk, keep_discs: bool) -> bool:
    return walk.stay_cost is not None and keep_discs and board.house + walk.fetched_before_house >= walk.stay_cost


def stay_refusal(board: Board, walk: Walk, keep_discs: bool) -> str | None:
    """Why this dog cannot stay in its dog house on this move, or None if it can."""
    if walk.stay_cost is None:
        return f"{board.dog} does not reach the dog house with steps to spare on this move, so there is nothing to stay for."
    if not keep_discs:
        return "Fetched discs are thrown away in this game, so there are none to spend on staying."
    have = board.house + walk.fetched_before_house
    if have < walk.stay_cost:
        return (f"Staying in the dog house costs {walk.stay_cost} disc{'s' if walk.stay_cost != 1 else ''} "
                f"and {board.dog} has only {have}. Move on instead.")
    return None


def take_walk(board: Board, walk: Walk, *, stay: bool, keep_discs: bool) -> tuple[int, int]:
    """Move the dog; returns (discs fetched, discs spent). Spent discs go back to the supply (the caller's)."""
    fetched = walk.fetched_spaces[:walk.fetched_before_house] if stay else walk.fetched_spaces
    for space in fetched:
        board.path_discs.remove(space)
        keep(board, keep_discs)
    if stay:
        board.position = HOUSE
        board.house -= walk.stay_cost
        return len(fetched), walk.stay_cost
    board.position = walk.end
    return len(fetched), 0


def keep(board: Board, keep_discs: bool) -> None:
    if keep_discs:
        board.house += 1
    else:
        board.fetched_and_discarded += 1


def discs_left_to_fetch(board: Board) -> int:
    return len(board.path_discs) + sum(board.count_discs.values())


def is_home_and_clear(board: Board) -> bool:
    return board.position == HOUSE and discs_left_to_fetch(board) == 0


def space_name(space: int) -> str:
    return "the dog house" if space == HOUSE else f"space {space}"
