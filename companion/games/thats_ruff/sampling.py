"""Random legal actions for playthrough tests: cards are drawn from those the deck still has unseen,
so every sampled game is one a real deck could produce."""

from __future__ import annotations

import copy
import random

from companion.actions import Action
from companion.errors import IllegalAction

from . import board as paths
from . import collecting, counting, flow
from .cards import COLOURS, RULES, WILD, copies_in_deck
from .counting import BIGGEST, KEEP, LIMIT
from .state import COLLECTING, COUNTING, HAND_OVER, LAYING_OUT, MOVING, REVEALING, RuffState
from .view import waiting_for

COPIES = copies_in_deck()
MOST_SPACES_PER_CARD = 5  # reaching a shaded count 2, a full match 2, an 8 1
NUMBERS = range(RULES["deck"]["numbers"][0], RULES["deck"]["numbers"][1] + 1)


def sample_actions(game, state: RuffState, rng: random.Random) -> list[Action]:
    sampler = {LAYING_OUT: _lay_outs, COUNTING: _plays, REVEALING: _reveals, COLLECTING: _collections,
               MOVING: _stay_choices, HAND_OVER: _deals}.get(state.phase)
    return sampler(game, state, rng) if sampler else []


def _unseen(state: RuffState, rng: random.Random, count: int) -> list[dict]:
    pool = [key for key, copies in COPIES.items() for _ in range(copies - state.seen.get(key, 0))]
    return [_card(key) for key in rng.sample(pool, min(count, len(pool)))]


def _card(key: str) -> dict:
    if key == WILD:
        return {"wild": True}
    colour, number = key.split()
    return {"number": int(number), "colour": colour}


def _lay_outs(game, state, rng):
    actions = []
    for seat in waiting_for(state):
        cards = _unseen(state, rng, state.deal_size - KEEP)
        face = state.laid_out_face if state.laid_out_face != "either" else rng.choice(["up", "down", "mixed"])
        split = {"up": len(cards), "down": 0}.get(face, rng.randrange(len(cards) + 1))
        face_down = cards[split:]
        actions.append(Action("lay_out", seat, {
            "face_up": cards[:split],
            "face_down": face_down if rng.random() < 0.5 else len(face_down)}))
    return actions


def _plays(game, state, rng):
    seat, room = state.turn, LIMIT - state.count
    candidates = []
    for card in _unseen(state, rng, 4):
        if card.get("wild"):
            card = {"wild": True, "number": rng.choice([n for n in NUMBERS if n <= room]), "colour": rng.choice(COLOURS)}
        if card["number"] <= room:
            candidates.append(card)
    for slot in state.seats[seat].laid_out:
        card = slot["card"]
        if not slot["face_up"] or card is None:
            continue
        if card.get("wild"):
            card = {"wild": True, "number": rng.choice([n for n in NUMBERS if n <= room]), "colour": rng.choice(COLOURS)}
        if card["number"] <= room:
            extra = _unseen(state, rng, 1) if rng.random() < 0.5 else []
            candidates.append({**card, "from": "face_up", **({"replacement": extra[0]} if extra else {})})
    actions = [Action("play", seat, card) for card in candidates]
    if (paths.HOUSE - state.board_of(seat).position) % paths.SPACES <= MOST_SPACES_PER_CARD:
        actions += [Action("play", seat, {**card, "stay": True}) for card in candidates
                    if _allowed(game, state, seat, {**card, "stay": True})]
    if state.count > LIMIT - BIGGEST and _allowed(game, state, seat, {}, kind="thats_ruff"):
        actions.append(Action("thats_ruff", seat))
    return actions + _abilities(game, state, seat, rng)


def _allowed(game, state, seat, args, kind="play") -> bool:
    try:
        game.apply(copy.deepcopy(state), Action(kind, seat, args))
    except IllegalAction:
        return False
    return True


def _reveals(game, state, rng):
    return [Action("reveal", seat, {"cards": _unseen(state, rng, flow.unknown_cards(state, seat))})
            for seat in waiting_for(state)]


def _collections(game, state, rng):
    seat = state.turn
    held, shown_for = _held_hand(state, seat, rng)
    for size in (3, 2):
        found = collecting.all_collections(held, seat, size)
        if found:
            picks = rng.sample(found, min(6, len(found)))
            actions = [Action("collect", seat, {**_declare(collector, picked, rng),
                                                **(shown_for(collector) if size == 2 else {})})
                       for collector, picked in picks]
            return actions + _abilities(game, state, seat, rng)
    return [Action("to_centre", seat, {"card": slot["card"], **shown_for(slot["card"])})
            for slot in held.seats[seat].laid_out] + _abilities(game, state, seat, rng)


def _held_hand(state: RuffState, seat: int, rng: random.Random):
    """The collecting player's hand with every card the app doesn't know yet drawn from the unseen
    ones (the variant pulling laid-out cards into the hand), and what they would show with a card."""
    held = copy.deepcopy(state)
    slots = held.seats[seat].laid_out
    for slot in slots:
        if slot["card"] is None:
            slot["card"] = _unseen(held, rng, 1)[0]
            counting.note_seen(held, slot["card"])
    if not any(slot["card"] is None for slot in state.seats[seat].laid_out):
        return held, lambda used: {}

    def shown_for(used: dict) -> dict:
        cards = [slot["card"] for slot in slots]
        cards.remove(used)
        return {"shown": cards}
    return held, shown_for


def _abilities(game, state, seat, rng):
    """Now and then, an ability the family chose, when the rules allow it."""
    if state.ability_costs is None or rng.random() > 0.15:
        return []
    board = state.board_of(seat)
    candidates = [Action("use_ability", seat, {"ability": "step_back"})]
    if board.path_discs:
        candidates.append(Action("use_ability", seat, {"ability": "retoss", "from": rng.choice(board.path_discs),
                                                       "to": rng.randrange(paths.HOUSE)}))
    return [action for action in candidates if _allowed(game, state, seat, action.args, kind="use_ability")]


def _declare(collector: dict, picked: tuple, rng: random.Random) -> dict:
    """Give each Wild Dog a colour that keeps the collection legal."""
    cards = [dict(card) for card in (collector, *picked)]
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


def _stay_choices(game, state, rng):
    return [Action("choose_stay", seat, {"stay": stay}) for seat in waiting_for(state)[:1] for stay in (True, False)]


def _deals(game, state, rng):
    return [Action("deal", flow.dealer_of_next_hand(state))]
