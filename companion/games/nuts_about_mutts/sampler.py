"""Random legal actions for playthrough tests and the crash-test driver. The app never sees the
cards, so any player with cards might hold a playable one: candidates are generated from what is
on the table and kept only if the rules accept them."""

from __future__ import annotations

import random
from typing import Any

from companion.actions import Action
from companion.errors import IllegalAction

from .cards import WILDS
from .events import reshuffle_allowed
from .state import BONE_RACE, FIRST_CARD, HAND_OVER, PEDIGREE, PLAY, MuttsState


def sample_actions(game, state: MuttsState, rng: random.Random) -> list[Action]:
    candidates = _candidates(state, rng)
    legal = [action for action in candidates if _accepted(game, state, action)]
    return legal or [action for action in _fallbacks(state) if _accepted(game, state, action)]


def _accepted(game, state: MuttsState, action: Action) -> bool:
    try:
        game.apply(state.clone(), action)
    except IllegalAction:
        return False
    return True


def _candidates(state: MuttsState, rng: random.Random) -> list[Action]:
    found: list[Action] = []
    if reshuffle_allowed(state):
        found.append(Action("reshuffle"))
    if state.phase == HAND_OVER:
        found.append(Action("deal"))
        if state.hands_in_evening == 0 and rng.random() < 0.3:
            found.append(Action("end_evening"))
    elif state.phase == FIRST_CARD:
        if state.first_card_rule == "flip":
            found.append(Action("flip", None, {"wilds_flipped": rng.randrange(3), **_dog_fields(state, rng)}))
        else:
            found += [Action("play", state.turn, _dog_fields(state, rng)),
                      Action("play", state.turn, _wild_fields(state, rng, "card", state.turn))]
    elif state.phase == BONE_RACE:
        found.append(Action("bone_race", None, {"losers": rng.sample(range(state.players),
                                                                     rng.choice([1, 1, 1, 2]))}))
    elif state.phase == PEDIGREE:
        seat = state.pedigree["order"][state.pedigree["step"]]
        found += [Action("pedigree_play", seat, {"count": rng.randint(1, min(2, state.hands[seat]))}),
                  Action("pedigree_draw", seat, {"played": rng.random() < 0.4})]
    elif state.phase == PLAY:
        found += _turn_candidates(state, rng)
    return found


def _turn_candidates(state: MuttsState, rng: random.Random) -> list[Action]:
    seat = state.turn
    if seat in state.dog_house:
        found = [Action("dog_house_turn", seat, {"drawn": rng.randrange(0, 3), **_dog_fields(state, rng)})]
        if state.draw_pile < 3 or rng.random() < 0.1:  # the pile running out mid-search
            found.append(Action("dog_house_turn", seat, {"drawn": state.draw_pile, "played": False}))
        return found
    found = [Action("play", seat, _dog_fields(state, rng)) for _ in range(3)]
    found.append(Action("play", seat, {"same_breed": True}))
    found.append(Action("play", seat, _wild_fields(state, rng, "card", seat)))
    found.append(Action("draw", seat))
    found.append(Action("draw", seat, {"then_play": "dog", **_dog_fields(state, rng)}))
    if rng.random() < 0.3:
        found.append(Action("draw", seat, _wild_fields(state, rng, "then_play", seat)))
    if state.claimed_on_turn:
        found.append(Action("pass", seat))
    top = state.top or {}
    if top.get("card") == "dog" and (top.get("colour") is None or top.get("number") is None):
        named = {"colour": top.get("colour") or rng.choice(state.colours),
                 "number": top.get("number") or rng.randint(1, state.numbers)}
        if rng.random() < 0.3:
            named.pop(rng.choice(["colour", "number"]))
        found.append(Action("name_top_card", rng.choice([None, seat]), named))
    if state.advanced and top.get("number"):
        claimer = rng.randrange(state.players)
        race = _claim_race(state, claimer, rng) if rng.random() < 0.3 else {}
        found.append(Action("match", claimer, race))
        found.append(Action("run", claimer, {"number": top["number"] + rng.choice([-1, 1]), **race}))
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
    top = state.top if state.top and state.top.get("card") == "dog" else {}
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
    return [Action("reshuffle"), Action("play", seat), Action("draw", seat),
            Action("dog_house_turn", seat, {"drawn": 0, "played": False}),
            Action("dog_house_turn", seat, {"drawn": 0}), Action("deal")]
