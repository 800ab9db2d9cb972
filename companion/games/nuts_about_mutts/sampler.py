"""Random legal actions for playthrough tests and the crash-test driver. The app never sees the
cards, so any player with cards might hold a playable one: candidates are generated from what is
on the table and kept only if the rules accept them."""

from __future__ import annotations

import random
from typing import Any, Callable

from companion.actions import Action

from .pedigree import step_seat, the_round
from .piles import reshuffle_allowed
from .state import DOG, FIRST_CARD_FLIPPED, WILDS, ActionType, MuttsState, Phase, TopCard


def legal_actions(state: MuttsState, rng: random.Random, allows: Callable[[MuttsState, Action], bool]) -> list[Action]:
    """The candidates the rules accept. So many rules decide what is legal here (races, claims, the
    dog house, pedigree rounds) that each candidate is tried by the game itself through `allows`."""
    candidates = _candidates(state, rng)
    legal = [action for action in candidates if allows(state, action)]
    return legal or [action for action in _fallbacks(state) if allows(state, action)]


def _candidates(state: MuttsState, rng: random.Random) -> list[Action]:
    found: list[Action] = []
    if reshuffle_allowed(state):
        found.append(Action(ActionType.RESHUFFLE))
    if state.phase == Phase.HAND_OVER:
        found.append(Action(ActionType.DEAL))
        if state.hands_in_evening == 0 and rng.random() < 0.3:
            found.append(Action(ActionType.END_EVENING))
    elif state.phase == Phase.FIRST_CARD:
        if state.first_card_rule == FIRST_CARD_FLIPPED:
            found.append(Action(ActionType.FLIP, None, {"wilds_flipped": rng.randrange(3), **_dog_fields(state, rng)}))
        else:
            found += [Action(ActionType.PLAY, state.turn, _dog_fields(state, rng)),
                      Action(ActionType.PLAY, state.turn, _wild_fields(state, rng, "card", state.turn))]
    elif state.phase == Phase.BONE_RACE:
        found.append(Action(ActionType.BONE_RACE, None, {"losers": rng.sample(range(state.players),
                                                                     rng.choice([1, 1, 1, 2]))}))
    elif state.phase == Phase.PEDIGREE:
        seat = step_seat(the_round(state))
        found += [Action(ActionType.PEDIGREE_PLAY, seat, {"count": rng.randint(1, min(2, state.hands[seat]))}),
                  Action(ActionType.PEDIGREE_DRAW, seat, {"played": rng.random() < 0.4})]
    elif state.phase == Phase.PLAY:
        found += _turn_candidates(state, rng)
    return found


def _turn_candidates(state: MuttsState, rng: random.Random) -> list[Action]:
    seat = state.turn
    if seat in state.dog_house:
        found = [Action(ActionType.DOG_HOUSE_TURN, seat, {"drawn": rng.randrange(0, 3), **_dog_fields(state, rng)})]
        if state.draw_pile < 3 or rng.random() < 0.1:  # the pile running out mid-search
            found.append(Action(ActionType.DOG_HOUSE_TURN, seat, {"drawn": state.draw_pile, "played": False}))
        return found
    found = [Action(ActionType.PLAY, seat, _dog_fields(state, rng)) for _ in range(3)]
    found.append(Action(ActionType.PLAY, seat, {"same_breed": True}))
    found.append(Action(ActionType.PLAY, seat, _wild_fields(state, rng, "card", seat)))
    found.append(Action(ActionType.DRAW, seat))
    found.append(Action(ActionType.DRAW, seat, {"then_play": "dog", **_dog_fields(state, rng)}))
    if rng.random() < 0.3:
        found.append(Action(ActionType.DRAW, seat, _wild_fields(state, rng, "then_play", seat)))
    if state.claimed_on_turn:
        found.append(Action(ActionType.PASS, seat))
    top: TopCard = state.top or {"card": ""}
    if top.get("card") == DOG and (top.get("colour") is None or top.get("number") is None):
        named = {"colour": top.get("colour") or rng.choice(state.colours),
                 "number": top.get("number") or rng.randint(1, state.numbers)}
        if rng.random() < 0.3:
            named.pop(rng.choice(["colour", "number"]))
        found.append(Action(ActionType.NAME_TOP_CARD, rng.choice([None, seat]), named))
    number = top.get("number")
    if state.advanced and number:
        claimer = rng.randrange(state.players)
        race = _claim_race(state, claimer, rng) if rng.random() < 0.3 else {}
        found.append(Action(ActionType.MATCH, claimer, race))
        found.append(Action(ActionType.RUN, claimer, {"number": number + rng.choice([-1, 1]), **race}))
    return found


def _claim_race(state: MuttsState, claimer: int, rng: random.Random) -> dict[str, Any]:
    """A claim race decision in the shape the race screen hands the game (seats, not buttons)."""
    losers = [seat for seat in range(state.players) if seat != claimer and rng.random() < 0.5]
    return {"race": {"kind": "claim", "winners": [claimer], "losers": losers, "ties": [], "false_starts": [],
                     "stuck": [], "timed_out": False,
                     "margins_ms": {str(claimer): 0.0, **{str(seat): 25.0 for seat in losers}},
                     "tie_draw": None, "log": []}}


def _dog_fields(state: MuttsState, rng: random.Random) -> dict[str, Any]:
    """A dog described as a family might: fully, partly, or not at all; usually one that matches."""
    top: TopCard = state.top if state.top and state.top.get("card") == DOG else {"card": ""}
    colour = state.colour_to_follow or top.get("colour") or rng.choice(state.colours)
    number = top.get("number") or rng.randint(1, state.numbers)
    style = rng.randrange(4)
    if style == 0:
        return {"colour": colour, "number": rng.randint(1, state.numbers)}
    if style == 1:
        return {"colour": rng.choice(state.colours), "number": number}
    if style == 2:
        return {"colour": colour}
    return {}


def _wild_fields(state: MuttsState, rng: random.Random, field: str, seat: int) -> dict[str, Any]:
    kind = rng.choice(WILDS)
    fields: dict[str, Any] = {field: kind, "colour": rng.choice(state.colours)}
    others = [other for other in range(state.players) if other != seat]
    if kind == "dog_house":
        free = [other for other in others if other not in state.dog_house]
        fields["target"] = rng.choice(free or others)
    elif kind == "fire_hydrant" and rng.random() < 0.7:
        fields["swap_with"] = rng.choice(others)
    elif kind == "pedigree":
        fields["breed"] = "Beagle"
    return fields


def _fallbacks(state: MuttsState) -> list[Action]:
    """Plain actions that are always possible when the random candidates all happened to be refused."""
    seat = state.turn
    return [Action(ActionType.RESHUFFLE), Action(ActionType.PLAY, seat), Action(ActionType.DRAW, seat),
            Action(ActionType.DOG_HOUSE_TURN, seat, {"drawn": 0, "played": False}),
            Action(ActionType.DOG_HOUSE_TURN, seat, {"drawn": 0}), Action(ActionType.DEAL)]
