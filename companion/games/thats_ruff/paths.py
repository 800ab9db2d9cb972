"""One dog's path: a loop of spaces 0..13 and the dog house (space 14), with flying discs on it.

Clockwise is +1 (13 -> dog house -> 0), counter-clockwise is -1. A dog fetches every disc on a space
it passes or lands on. Whenever it reaches its dog house (or sits there) with steps still to go, its
player may spend one fetched disc per remaining step to stay in the house; a long move can reach the
house more than once, and each time is a chance to stay.
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import HOUSE, SPACES, Board

CLOCKWISE, COUNTER_CLOCKWISE = 1, -1


@dataclass(frozen=True)
class Stop:
    """A moment in a move when the dog is in its dog house with steps still to go: staying there costs
    one disc per step left (times the price per space), and the discs fetched on the way can pay."""

    steps_taken: int
    steps_left: int
    fetched_before: int


@dataclass(frozen=True)
class Walk:
    """What a move would do if the player never stays: where the dog ends, what it fetches, and every
    time it is in its dog house with steps to spare (a long move can go round and come back)."""

    end: int
    fetched_spaces: tuple[int, ...]
    stops: tuple[Stop, ...]

    @property
    def stay_cost(self) -> int | None:
        """Steps left at the first stop, or None if the move never stops in the house."""
        return self.stops[0].steps_left if self.stops else None

    @property
    def fetched_before_house(self) -> int:
        return self.stops[0].fetched_before if self.stops else 0


def plan_walk(board: Board, steps: int, direction: int) -> Walk:
    position = board.position
    fetched: list[int] = []
    stops: list[Stop] = []
    remaining = steps
    while True:
        if position == HOUSE and remaining > 0:
            stops.append(Stop(steps - remaining, remaining, len(fetched)))
        if remaining == 0:
            break
        position = (position + direction) % SPACES
        remaining -= 1
        if position in board.path_discs and position not in fetched:
            fetched.append(position)
    return Walk(position, tuple(fetched), tuple(stops))


def stay_price(stop: Stop, price: int) -> int:
    return stop.steps_left * price


def affordable(board: Board, stop: Stop, keep_discs: bool, price: int = 1) -> bool:
    return keep_discs and board.house + stop.fetched_before >= stay_price(stop, price)


def first_affordable(board: Board, walk: Walk, keep_discs: bool, price: int = 1, after: int = -1) -> int | None:
    """Index of the first stop after `after` where the player could pay to stay, or None."""
    for index, stop in enumerate(walk.stops):
        if index > after and affordable(board, stop, keep_discs, price):
            return index
    return None


def can_stay(board: Board, walk: Walk, keep_discs: bool, price: int = 1) -> bool:
    return first_affordable(board, walk, keep_discs, price) is not None


def stay_refusal(board: Board, walk: Walk, keep_discs: bool, price: int = 1) -> str | None:
    """Why this dog cannot stay in its dog house on this move, or None if it can."""
    if not walk.stops:
        return f"{board.dog} does not reach the dog house with steps to spare on this move, so there is nothing to stay for."
    if not keep_discs:
        return "Fetched discs are thrown away in this game, so there are none to spend on staying."
    if can_stay(board, walk, keep_discs, price):
        return None
    stop = walk.stops[0]
    cost, have = stay_price(stop, price), board.house + stop.fetched_before
    return (f"Staying in the dog house costs {cost} disc{'s' if cost != 1 else ''} "
            f"and {board.dog} has only {have}. Move on instead.")


def take_walk(board: Board, walk: Walk, *, stay: bool, keep_discs: bool, price: int = 1) -> tuple[int, int]:
    """Move the dog, staying at the first stop it can pay for if `stay`; returns (discs fetched, discs
    spent). Spent discs go back to the supply (the caller's)."""
    if not stay:
        for space in walk.fetched_spaces:
            board.path_discs.remove(space)
            keep(board, keep_discs)
        board.position = walk.end
        return len(walk.fetched_spaces), 0
    first = first_affordable(board, walk, keep_discs, price)
    assert first is not None, "the rule refuses a stay the dog can't pay for before taking the walk"
    stop = walk.stops[first]
    fetched = go_to_stop(board, walk, stop, keep_discs)
    spent = stay_price(stop, price)
    board.house -= spent
    return fetched, spent


def go_to_stop(board: Board, walk: Walk, stop: Stop, keep_discs: bool) -> int:
    """Move the dog along the walk into its dog house at `stop`, fetching the discs on the way."""
    for space in walk.fetched_spaces[:stop.fetched_before]:
        board.path_discs.remove(space)
        keep(board, keep_discs)
    board.position = HOUSE
    return stop.fetched_before


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
