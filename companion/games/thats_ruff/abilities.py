"""The variant that spends fetched discs on abilities. The sheet leaves the abilities open ("such as
those listed above"), so the app offers a small menu, each with a price in discs set by the family:

- stay:      staying in the dog house costs this many discs per space (the sheet's rule is 1);
- step_back: in Collecting, on your turn, move your dog one space counter-clockwise;
- retoss:    on your turn, pick up a disc lying on your dog's path and toss it onto another space.

Spent discs go back to the supply, as discs spent on staying do."""

from __future__ import annotations

from typing import Any

from companion.actions import Action
from companion.errors import BadOption, IllegalAction

from . import paths
from .state import DEFAULT_COSTS, HOUSE, SPACES, USED, Board, Phase, RuffState
from .turns import whose_action


def check_costs(costs: Any) -> dict[str, int]:
    """The family's prices over the defaults; every price is a whole number of discs, 1 or more."""
    if not isinstance(costs, dict):
        raise BadOption(f"ability_costs maps each ability ({', '.join(DEFAULT_COSTS)}) to its price in discs.")
    unknown = sorted(set(costs) - set(DEFAULT_COSTS))
    if unknown:
        raise BadOption(f"ability_costs: there is no ability {unknown[0]!r}; the abilities are "
                        f"{', '.join(DEFAULT_COSTS)}.")
    for ability, cost in costs.items():
        if isinstance(cost, bool) or not isinstance(cost, int) or cost < 1:
            raise BadOption(f"ability_costs: {ability} must cost a whole number of discs, 1 or more, not {cost!r}.")
    return {**DEFAULT_COSTS, **costs}


def use(state: RuffState, action: Action) -> RuffState:
    seat, who = whose_action(state, action, Phase.COUNTING, Phase.COLLECTING, turn=True)
    if state.ability_costs is None:
        raise IllegalAction("This game doesn't spend discs on abilities: choose the abilities variant in the "
                            "settings to use them.")
    ability = action.get("ability")
    if ability not in USED:
        raise IllegalAction(f"There is no ability {ability!r} to use; the abilities are "
                            f"{', '.join(USED)} (and staying in the dog house, as part of a move).")
    if ability == "step_back" and state.phase != Phase.COLLECTING:
        raise IllegalAction("A step back is for Collecting, when the dogs move counter-clockwise.")
    board = state.board_of(seat)
    cost = state.ability_costs[ability]
    if board.house < cost:
        raise IllegalAction(f"{_label(ability)} costs {cost} disc{'s' if cost != 1 else ''} and {board.dog} has "
                            f"only {board.house} in the dog house.")
    if ability == "step_back":
        text = _step_back(state, board)
    else:
        text = _retoss(board, action.get("from"), action.get("to"))
    board.house -= cost
    state.supply += cost
    state.tell(f"{who} spent {cost} disc{'s' if cost != 1 else ''}: {text}")
    return state


def _label(ability: str) -> str:
    return {"step_back": "A step back", "retoss": "A re-toss"}[ability]


def _step_back(state: RuffState, board: Board) -> str:
    walk = paths.plan_walk(board, 1, paths.COUNTER_CLOCKWISE)
    fetched, _ = paths.take_walk(board, walk, stay=False, keep_discs=state.keep_discs)
    where = paths.space_name(board.position)
    return f"{board.dog} steps back to {where}" + (", fetching a disc." if fetched else ".")


def _retoss(board: Board, source: Any, target: Any) -> str:
    for value, what in ((source, "from"), (target, "to")):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SPACES:
            raise IllegalAction(f"Say which space the disc comes {what}: 0 to 13.")
    if source not in board.path_discs:
        raise IllegalAction(f"There is no disc on space {source} of {board.dog}'s path to re-toss.")
    if target == HOUSE:
        raise IllegalAction("A disc is tossed onto a numbered space, never into the dog house.")
    if target == board.position:
        raise IllegalAction(f"{board.dog} is on space {target}: toss the disc somewhere the dog must still go.")
    if target in board.path_discs:
        raise IllegalAction(f"Space {target} already has one disc; choose an empty space.")
    board.path_discs = sorted([space for space in board.path_discs if space != source] + [target])
    return f"the disc on space {source} of {board.dog}'s path is tossed onto space {target}."
