"""Random legal actions for playthrough tests and the crash-test driver. The hands are hidden, so
candidates are made up from what is on the table, and each is kept only if its rule accepts it on a
scratch copy of the state."""

from __future__ import annotations

import random

from companion.actions import Action
from companion.errors import IllegalAction
from companion.game import Rule

from .mischief import dig, gimme, surprise
from .mugs import exchange, steal
from .state import COLOURS, KINDS, ActionType, PugsState
from .turns import draw, end_turn


def legal_actions(state: PugsState, rng: random.Random) -> list[Action]:
    if state.winner is not None:
        return []
    me, others = state.turn, [seat for seat in range(state.players) if seat != state.turn]
    candidates: list[tuple[Rule[PugsState], Action]] = [
        (draw, Action(ActionType.DRAW, me)),
        (dig, Action(ActionType.DIG, me, {"card": rng.choice(KINDS)})),
        (gimme, Action(ActionType.GIMME, me, {"target": rng.choice(others), "named": rng.choice(KINDS),
                                              "handed_over": rng.random() < 0.5})),
        (surprise, Action(ActionType.SURPRISE, me, {"target": rng.choice(others), "card": rng.choice(KINDS)})),
        (end_turn, Action(ActionType.END_TURN, me, {"discards": _random_discards(state, rng)})),
    ]
    candidates += [(exchange, Action(ActionType.EXCHANGE, me, {"colour": colour})) for colour in COLOURS]
    candidates += [(steal, Action(ActionType.STEAL, me, {"target": seat, "colour": colour}))
                   for seat in others for colour in state.mugs[seat]]
    return [action for rule, action in candidates if _accepted(rule, state, action)]


def _accepted(rule: Rule[PugsState], state: PugsState, action: Action) -> bool:
    try:
        rule(state.scratch_copy(), action)
    except IllegalAction:
        return False
    return True


def _random_discards(state: PugsState, rng: random.Random) -> list[str]:
    pool = [kind for kind in KINDS for _ in range(state.outside_discard(kind))]
    return rng.sample(pool, min(len(pool), state.must_discard(state.turn)))
