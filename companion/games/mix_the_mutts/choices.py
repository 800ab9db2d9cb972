"""What the scoring grid may offer now: whether a player may score one of the last tile's new dogs,
and if not the reason a greyed cell gives; and which of them a score told earlier was, to mark it when
that score is fixed. Each is tried on a scratch copy through the rule itself, so the grid offers
exactly what a tap would be allowed, in the refusal's own words."""

from __future__ import annotations

import copy

from companion.actions import Action
from companion.errors import IllegalAction

from .state import ActionType, MuttsState
from .turns import score


def score_refusal(state: MuttsState, seat: int, index: int) -> str | None:
    """None when `seat` may score the new dog at `index` of the last tile now; else why not."""
    head, tail = state.new_dogs[index]
    try:
        score(copy.deepcopy(state), Action(ActionType.SCORE, seat, {"head": head, "tail": tail}))
    except IllegalAction as refused:
        return str(refused)
    return None


def dog_scored(state: MuttsState, action: Action) -> int | None:
    """Which of the last tile's new dogs, by its place, `action` scores for its player now; None when it
    is no score the rules would take now."""
    if action.type != ActionType.SCORE or action.player is None:
        return None
    try:
        after = score(copy.deepcopy(state), action)
    except IllegalAction:
        return None
    return after.scored_now[action.player][-1]
