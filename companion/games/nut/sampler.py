"""Random Nut play for the playthrough tests and the autoplay driver: every pick the draft allows
now, and for each layout still to score a random painted grid and a random count by hand."""

from __future__ import annotations

import random

from companion.actions import Action

from .clusters import EMPTY, SQUIRREL, WILD
from .drafting import kinds_left, pickable_columns
from .state import ActionType, NutState, Phase


def legal_actions(state: NutState, rng: random.Random) -> list[Action]:
    if state.phase == Phase.DRAFT:
        return _legal_picks(state)
    if state.phase == Phase.SCORING:
        return [action for seat, result in enumerate(state.results) if result is None
                for action in (_random_layout(state, seat, rng), _random_quick(state, seat, rng))]
    return []


def _legal_picks(state: NutState) -> list[Action]:
    columns = pickable_columns(state)
    kinds: list[str | None] = [None, *kinds_left(state)]
    return [Action(ActionType.PICK, state.turn, {"column": column} if kind is None else {"column": column, "kind": kind})
            for column in columns for kind in kinds]


def _random_layout(state: NutState, seat: int, rng: random.Random) -> Action:
    cells = [colour["letter"] for colour in state.colours] + [WILD, SQUIRREL, EMPTY, EMPTY]
    rows, width = rng.randint(1, 4), rng.randint(1, 5)
    grid = ["".join(rng.choice(cells) for _ in range(width)) for _ in range(rows)]
    if set("".join(grid)) == {EMPTY}:
        grid[0] = state.colours[0]["letter"] + grid[0][1:]
    return Action(ActionType.SCORE_LAYOUT, seat, {"grid": grid})


def _random_quick(state: NutState, seat: int, rng: random.Random) -> Action:
    sizes = {colour["letter"]: rng.randint(0, 6) for colour in state.colours}
    squirrels = {letter: rng.randint(0, 2) for letter, size in sizes.items() if size}
    return Action(ActionType.SCORE_QUICK, seat, {"sizes": sizes, "squirrels": squirrels})
