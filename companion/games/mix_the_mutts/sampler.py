"""Random play for Mix-the-Mutts: the actions the rules allow now, with the new dogs of a connected
tile made up at random (the app never sees the real tiles)."""

from __future__ import annotations

import random

from companion.actions import Action

from .choices import score_refusal
from .dogs import most_new_dogs
from .state import BREEDS, MIN_NEW_DOGS, ActionType, MuttsState, Phase


def legal_actions(state: MuttsState, rng: random.Random) -> list[Action]:
    if state.phase == Phase.OVER:
        return []
    if state.phase == Phase.CHOOSING:
        size = rng.randint(MIN_NEW_DOGS, min(3, most_new_dogs(state.tiles_placed)))
        dogs = [{"head": rng.choice(BREEDS), "tail": rng.choice(BREEDS)} for _ in range(size)]
        actions = [Action(ActionType.CONNECT, state.turn, {"combinations": dogs})]
        if state.pile:
            actions.append(Action(ActionType.DRAW, state.turn))
        return actions
    actions = [Action(ActionType.FINISH_TURN, state.turn)]
    for seat in range(state.players):
        for index, (head, tail) in enumerate(state.new_dogs):
            if index not in state.scored_now[seat] and score_refusal(state, seat, index) is None:
                actions.append(Action(ActionType.SCORE, seat, {"head": head, "tail": tail}))
    return actions
