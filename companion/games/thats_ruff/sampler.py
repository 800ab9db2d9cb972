"""Random legal actions for playthrough tests: cards are drawn from those the deck still has unseen,
so every sampled game is one a real deck could produce."""

from __future__ import annotations

import copy
import random
from typing import Any, Callable

from companion.actions import Action
from companion.errors import IllegalAction
from companion.game import Rule

from . import abilities, collecting, counting, flow
from .cards import copies_in_deck
from .state import COLOURS, HIGHEST, HOUSE, KEEP, LIMIT, LOWEST, MOST_SPACES_PER_CARD, SPACES, WILD, ActionType, Card, Phase, RuffState
from .turns import waiting_for

COPIES = copies_in_deck()
NUMBERS = range(LOWEST, HIGHEST + 1)

Shown = Callable[[Card], dict[str, Any]]   # the "shown" part of an action using this card, if any


def legal_actions(state: RuffState, rng: random.Random) -> list[Action]:
    sampler = {Phase.LAYING_OUT: _lay_outs, Phase.COUNTING: _plays, Phase.REVEALING: _reveals,
               Phase.COLLECTING: _collections, Phase.MOVING: _stay_choices, Phase.HAND_OVER: _deals}.get(state.phase)
    return sampler(state, rng) if sampler else []


def _unseen(state: RuffState, rng: random.Random, count: int) -> list[Card]:
    pool = [key for key, copies in COPIES.items() for _ in range(copies - state.seen.get(key, 0))]
    return [_card(key) for key in rng.sample(pool, min(count, len(pool)))]


def _card(key: str) -> Card:
    if key == WILD:
        return {"wild": True}
    colour, number = key.split()
    return {"number": int(number), "colour": colour}


def _lay_outs(state: RuffState, rng: random.Random) -> list[Action]:
    actions = []
    for seat in waiting_for(state):
        cards = _unseen(state, rng, state.deal_size - KEEP)
        face = state.laid_out_face if state.laid_out_face != "either" else rng.choice(["up", "down", "mixed"])
        split = {"up": len(cards), "down": 0}.get(face, rng.randrange(len(cards) + 1))
        face_down = cards[split:]
        actions.append(Action(ActionType.LAY_OUT, seat, {
            "face_up": cards[:split],
            "face_down": face_down if rng.random() < 0.5 else len(face_down)}))
    return actions


def _plays(state: RuffState, rng: random.Random) -> list[Action]:
    seat, room = state.turn, LIMIT - state.count
    assert seat is not None, "Counting always has a player to play"
    candidates: list[dict[str, Any]] = []
    for card in _unseen(state, rng, 4):
        if card.get("wild"):
            card = {"wild": True, "number": rng.choice([n for n in NUMBERS if n <= room]), "colour": rng.choice(COLOURS)}
        if card["number"] <= room:
            candidates.append(dict(card))
    for slot in state.seats[seat].laid_out:
        lying = slot["card"]
        if not slot["face_up"] or lying is None:
            continue
        if lying.get("wild"):
            lying = {"wild": True, "number": rng.choice([n for n in NUMBERS if n <= room]), "colour": rng.choice(COLOURS)}
        if lying["number"] <= room:
            extra = _unseen(state, rng, 1) if rng.random() < 0.5 else []
            candidates.append({**lying, "from": "face_up", **({"replacement": extra[0]} if extra else {})})
    actions = [Action(ActionType.PLAY, seat, card) for card in candidates]
    if (HOUSE - state.board_of(seat).position) % SPACES <= MOST_SPACES_PER_CARD:
        actions += [Action(ActionType.PLAY, seat, {**card, "stay": True}) for card in candidates
                    if _allowed(counting.play, state, Action(ActionType.PLAY, seat, {**card, "stay": True}))]
    if state.count > LIMIT - HIGHEST and _allowed(counting.thats_ruff, state, Action(ActionType.THATS_RUFF, seat)):
        actions.append(Action(ActionType.THATS_RUFF, seat))
    return actions + _abilities(state, seat, rng)


def _allowed(rule: Rule[RuffState], state: RuffState, action: Action) -> bool:
    try:
        rule(copy.deepcopy(state), action)
    except IllegalAction:
        return False
    return True


def _reveals(state: RuffState, rng: random.Random) -> list[Action]:
    return [Action(ActionType.REVEAL, seat, {"cards": _unseen(state, rng, flow.unknown_cards(state, seat))})
            for seat in waiting_for(state)]


def _collections(state: RuffState, rng: random.Random) -> list[Action]:
    seat = state.turn
    assert seat is not None, "Collecting always has a player to collect"
    held, shown_for = _held_hand(state, seat, rng)
    for size in (3, 2):
        found = collecting.all_collections(held, seat, size)
        if found:
            picks = rng.sample(found, min(6, len(found)))
            actions = [Action(ActionType.COLLECT, seat, {**_declare(collector, picked, rng),
                                                         **(shown_for(collector) if size == 2 else {})})
                       for collector, picked in picks]
            return actions + _abilities(state, seat, rng)
    return [Action(ActionType.TO_CENTRE, seat, {"card": card, **shown_for(card)})
            for card in _known(held, seat)] + _abilities(state, seat, rng)


def _known(state: RuffState, seat: int) -> list[Card]:
    return [slot["card"] for slot in state.seats[seat].laid_out if slot["card"] is not None]


def _held_hand(state: RuffState, seat: int, rng: random.Random) -> tuple[RuffState, Shown]:
    """The collecting player's hand with every card the app doesn't know yet drawn from the unseen
    ones (the variant pulling laid-out cards into the hand), and what they would show with a card."""
    held = copy.deepcopy(state)
    slots = held.seats[seat].laid_out
    for slot in slots:
        if slot["card"] is None:
            slot["card"] = card = _unseen(held, rng, 1)[0]
            counting.note_seen(held, card)
    if not any(slot["card"] is None for slot in state.seats[seat].laid_out):
        return held, lambda used: {}

    def shown_for(used: Card) -> dict[str, Any]:
        cards = _known(held, seat)
        cards.remove(used)
        return {"shown": cards}
    return held, shown_for


def _abilities(state: RuffState, seat: int, rng: random.Random) -> list[Action]:
    """Now and then, an ability the family chose, when the rules allow it."""
    if state.ability_costs is None or rng.random() > 0.15:
        return []
    board = state.board_of(seat)
    candidates = [Action(ActionType.USE_ABILITY, seat, {"ability": "step_back"})]
    if board.path_discs:
        candidates.append(Action(ActionType.USE_ABILITY, seat, {"ability": "retoss", "from": rng.choice(board.path_discs),
                                                                "to": rng.randrange(HOUSE)}))
    return [action for action in candidates if _allowed(abilities.use, state, action)]


def _declare(collector: Card, picked: tuple[Card, ...], rng: random.Random) -> dict[str, Any]:
    """Give each Wild Dog a colour that keeps the collection legal."""
    cards = [card.copy() for card in (collector, *picked)]
    fixed = [card["colour"] for card in cards if not card.get("wild")]
    same_possible = len(set(fixed)) <= 1
    different_possible = len(cards) == 3 and len(set(fixed)) == len(fixed)
    if same_possible and not (different_possible and rng.random() < 0.5):
        spare = iter([fixed[0] if fixed else rng.choice(COLOURS)] * 3)
    else:
        spare = iter([c for c in COLOURS if c not in fixed])
    for card in cards:
        if card.get("wild"):
            card["colour"] = next(spare)
    return {"collector": cards[0], "cards": cards[1:]}


def _stay_choices(state: RuffState, rng: random.Random) -> list[Action]:
    return [Action(ActionType.CHOOSE_STAY, seat, {"stay": stay}) for seat in waiting_for(state)[:1] for stay in (True, False)]


def _deals(state: RuffState, rng: random.Random) -> list[Action]:
    return [Action(ActionType.DEAL, flow.dealer_of_next_hand(state))]
