"""Laying out, Counting ("That's Ruff!" included) and revealing the face-down cards before Collecting."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.actions import Action
from companion.errors import IllegalAction
from companion.words import listed

from . import flow, paths
from .cards import copies_in_deck, eight_bonus, find_card, identity, name, on_table, read_card
from .state import (
    HIGHEST,
    HOUSE,
    KEEP,
    LIMIT,
    MOVES,
    SHADED,
    Board,
    Card,
    Phase,
    RuffState,
    Slot,
)
from .turns import whose_action

COPIES = copies_in_deck()


def note_seen(state: RuffState, card: Card) -> None:
    """Count a newly identified card against the deck, refusing a card the deck has run out of."""
    key = identity(card)
    if not card.get("wild") and card["number"] == 8 and card["colour"] in set(state.eights.values()):
        _note_eight(state, card, key)
    if state.seen.get(key, 0) >= COPIES[key]:
        label = "Wild Dogs" if card.get("wild") else f"{key}s"
        raise IllegalAction(f"The deck has only {COPIES[key]} {label}, and all of them have already turned up "
                            f"since it was shuffled. Check the card and enter it again.")
    state.seen[key] = state.seen.get(key, 0) + 1


def _note_eight(state: RuffState, card: Card, key: str) -> None:
    """Each blue or red 8 shows one dog, so each dog's 8 turns up once per deck, in its own colour. An
    8 entered without its dog is the other one of its colour once the first has turned up by name."""
    dog = card.get("dog")
    if dog is not None:
        if state.eights[dog] != card["colour"]:
            raise IllegalAction(f"{dog}'s 8 is {state.eights[dog]}, so a {card['colour']} 8 can't show {dog}. "
                                f"Check the card (or the eights setting).")
        if dog in state.eights_seen:
            raise IllegalAction(f"{dog}'s 8 has already turned up since the deck was shuffled, and there is only "
                                f"one. Check the card and enter it again.")
        state.eights_seen.append(dog)
        return
    dogs = [name_ for name_, colour in state.eights.items() if colour == card["colour"]]
    left = eight_dogs_left(state, card["colour"])
    if len(left) == 1 and state.seen.get(key, 0) == len(dogs) - 1:
        card["dog"] = left[0]
        state.eights_seen.append(left[0])


def eight_dogs_left(state: RuffState, colour: str) -> list[str]:
    """The dogs a blue or red 8 of this colour may still show: those whose 8 has not turned up."""
    return [dog for dog, shown in state.eights.items() if shown == colour and dog not in state.eights_seen]


def fits(state: RuffState, card: Card) -> bool:
    """Whether the card can be played without taking the count past 32: a Wild Dog always can."""
    return bool(card.get("wild")) or state.count + card["number"] <= LIMIT


# ----- laying out ------------------------------------------------------------------------------
def lay_out(state: RuffState, action: Action) -> RuffState:
    seat_index, who = whose_action(state, action, Phase.LAYING_OUT)
    seat = state.seats[seat_index]
    if seat.has_laid_out:
        raise IllegalAction(f"{who} has already laid out cards this hand. Wait for the others.")
    to_lay = state.deal_size - KEEP
    face_up = _card_list(action.get("face_up", []), what="face-up card")
    face_down_doc = action.get("face_down", [])
    if isinstance(face_down_doc, int) and not isinstance(face_down_doc, bool):
        if face_down_doc < 0:
            raise IllegalAction("The number of face-down cards cannot be below 0.")
        face_down: list[Card | None] = [None] * face_down_doc
    else:
        face_down = list(_card_list(face_down_doc, what="face-down card"))
    if len(face_up) + len(face_down) != to_lay:
        raise IllegalAction(f"{who} keeps {KEEP} cards and lays out the other {to_lay}; "
                            f"that was {len(face_up) + len(face_down)}.")
    if state.laid_out_face == "up" and face_down:
        raise IllegalAction("In this game every laid-out card goes face up.")
    if state.laid_out_face == "down" and face_up:
        raise IllegalAction("In this game every laid-out card goes face down.")
    for card in face_up + face_down:
        if card is not None:
            note_seen(state, card)
    seat.laid_out = ([Slot(face_up=True, card=card) for card in face_up]
                     + [Slot(face_up=False, card=card) for card in face_down])
    seat.hand = KEEP
    seat.has_laid_out = True
    if all(other.has_laid_out for other in state.seats):
        state.phase, state.turn = Phase.COUNTING, state.next_seat(state.dealer)
        state.tell(f"Hand {state.hand_number}: counting starts at 0.")
    return state


def _card_list(doc: Any, *, what: str) -> list[Card]:
    if not isinstance(doc, list):
        raise IllegalAction(f"List each {what}, or give how many there are.")
    return [read_card(item, what=what) for item in doc]


# ----- playing a card ----------------------------------------------------------------------------
def play(state: RuffState, action: Action) -> RuffState:
    seat_index, who = whose_action(state, action, Phase.COUNTING, turn=True)
    seat = state.seats[seat_index]
    card = read_card(action.args, what="card", wild_number=True, wild_colour=True)
    new_count = state.count + card["number"]
    if new_count > LIMIT:
        raise IllegalAction(f"The {name(card)} would make the count {new_count}, past {LIMIT}. Play a smaller "
                            f"card, or say \"That's Ruff!\" if {who} has none that fits.")
    source = action.get("from", "hand")
    if source == "hand":
        if action.get("replacement") is not None:
            raise IllegalAction("Only a face-up card played from the table is replaced from the hand.")
        note_seen(state, card)
    elif source == "face_up":
        _take_face_up(state, action, seat_index, card, who)
    else:
        raise IllegalAction("Play a card from the hand or one of your face-up cards (\"from\": \"hand\" or \"face_up\").")
    board = state.board_of(seat_index)
    steps, reasons = counting_moves(card, new_count, state.previous, board)
    count_disc = _fetch_count_disc(state, board, new_count)
    walk = paths.plan_walk(board, steps, paths.CLOCKWISE)
    stay = _stay_choice(action, board, walk, state.keep_discs, state.stay_price)
    fetched, spent = paths.take_walk(board, walk, stay=stay, keep_discs=state.keep_discs, price=state.stay_price)
    state.supply += spent
    state.count, state.previous = new_count, card
    state.centre.append(on_table(card))
    seat.hand -= 1
    seat.played += 1
    moved = _explain(board, steps, reasons, fetched + count_disc, spent, stay)
    state.tell(f"count {new_count}; {moved}", moved)
    _next_counter(state, seat_index)
    return state


def _take_face_up(state: RuffState, action: Action, seat: int, card: Card, who: str) -> None:
    slots = state.seats[seat].laid_out
    lying = [slot["card"] if slot["face_up"] else None for slot in slots]
    index = find_card({"wild": True} if card.get("wild") else card, lying)
    if index is None:
        shown = [name(lying_card) for lying_card in lying if lying_card is not None]
        laid = f"{who}'s face-up cards are {listed(shown)}" if shown else f"{who} has no face-up cards"
        raise IllegalAction(f"{who} has no face-up {name(on_table(card))} laid out: {laid}. "
                            f"Play it from the hand instead.")
    found = lying[index]
    assert found is not None, "find_card only finds a card that is there"
    if "dog" in found:
        card["dog"] = found["dog"]
    elif card.get("dog"):
        _note_eight(state, card, identity(card))  # the dog is named only now: it still turns up once
    replacement_doc = action.get("replacement")
    replacement: Card | None = None
    if replacement_doc is not None:
        replacement = read_card(replacement_doc, what="card laid face down in its place")
        note_seen(state, replacement)
    slots[index] = Slot(face_up=False, card=replacement)


def counting_moves(card: Card, new_count: int, previous: Card | None, board: Board) -> tuple[int, list[str]]:
    """Spaces the dog moves clockwise for this card, with a reason for each part."""
    steps = 0
    reasons: list[str] = []
    if new_count in SHADED:
        steps += MOVES["reaching_shaded_count"]
        reasons.append(f"+{MOVES['reaching_shaded_count']} for reaching {new_count}")
    if previous is not None:
        same_number = previous["number"] == card["number"]
        same_colour = previous["colour"] == card["colour"]
        if same_number and same_colour:
            steps += MOVES["matching_number_and_colour"]
            reasons.append(f"+{MOVES['matching_number_and_colour']} for matching {card['colour']} {card['number']}")
        elif same_number or same_colour:
            steps += MOVES["matching_number_or_colour"]
            matched = card["number"] if same_number else card["colour"]
            reasons.append(f"+{MOVES['matching_number_or_colour']} for matching {matched}")
    bonus = eight_bonus(card, board.dog, board.eight_colour)
    if bonus:
        steps += MOVES["own_eight_or_black_eight"]
        reasons.append(f"+{MOVES['own_eight_or_black_eight']} for {bonus}")
    return steps, reasons


def _fetch_count_disc(state: RuffState, board: Board, new_count: int) -> int:
    key = str(new_count)
    if board.count_discs.get(key, 0) > 0:
        board.count_discs[key] -= 1
        paths.keep(board, state.keep_discs)
        return 1
    return 0


@dataclass(frozen=True)
class StayOffer:
    spaces: int        # the spaces still to go when the dog reaches its dog house
    cost: int          # discs to stay in the dog house
    discs: int         # discs the dog has to pay with then (kept, and fetched on the way)
    moves_on_to: int   # the space it ends on if it moves on


def stay_offer(state: RuffState, card: Card) -> StayOffer | None:
    """What playing `card` (as it would be played: an 8 with its dog, a Wild Dog as declared) offers
    the player to play: their dog reaching its dog house with steps to spare and discs enough to stay
    there, at what price, and where it goes if it moves on; None when there is nothing to choose.
    Whether the deck still holds the card is left to the play itself."""
    if state.phase != Phase.COUNTING or state.turn is None or not state.keep_discs:
        return None
    new_count = state.count + card["number"]
    if new_count > LIMIT:
        return None
    board = state.board_of(state.turn)
    steps, _ = counting_moves(card, new_count, state.previous, board)
    # A disc on the count reached is fetched before the dog walks, so it pays too.
    paying = replace(board, house=board.house + (1 if board.count_discs.get(str(new_count), 0) > 0 else 0))
    walk = paths.plan_walk(board, steps, paths.CLOCKWISE)
    first = paths.first_affordable(paying, walk, True, state.stay_price)
    if first is None:
        return None
    stop = walk.stops[first]
    return StayOffer(stop.steps_left, paths.stay_price(stop, state.stay_price), paying.house + stop.fetched_before,
                     walk.end)


def _stay_choice(action: Action, board: Board, walk: paths.Walk, keep_discs: bool, price: int) -> bool:
    stay = action.get("stay", False)
    if not isinstance(stay, bool):
        raise IllegalAction("Say stay: true to keep the dog in its dog house, or leave it out to move on.")
    if stay:
        refusal = paths.stay_refusal(board, walk, keep_discs, price)
        if refusal:
            raise IllegalAction(refusal)
    return stay


def _explain(board: Board, steps: int, reasons: list[str], fetched: int, spent: int, stay: bool) -> str:
    """Why the dog moved, where it went and what it fetched."""
    parts = []
    if not steps:
        parts.append(f"{board.dog} stays {'in' if board.position == HOUSE else 'on'} {paths.space_name(board.position)}")
    else:
        parts.append(", ".join(reasons))
        if stay:
            parts.append(f"{board.dog} stays in the dog house for {spent} disc{'s' if spent != 1 else ''}")
        else:
            parts.append(f"{board.dog} moves to {paths.space_name(board.position)}")
    if fetched:
        parts.append(f"fetched {fetched} disc{'s' if fetched != 1 else ''}")
    return "; ".join(parts)


def _next_counter(state: RuffState, seat: int) -> None:
    if all(other.played == KEEP for other in state.seats):
        flow.end_of_counting(state)
    else:
        state.turn = state.next_seat(seat)


# ----- "That's Ruff!" ----------------------------------------------------------------------------
def thats_ruff(state: RuffState, action: Action) -> RuffState:
    seat, who = whose_action(state, action, Phase.COUNTING, turn=True)
    room = LIMIT - state.count
    if room >= HIGHEST:
        raise IllegalAction(f"The count is {state.count}: every card up to {HIGHEST} still fits, so {who} must play one.")
    for slot in state.seats[seat].laid_out:
        card = slot["card"]
        if slot["face_up"] and card is not None and fits(state, card):
            raise IllegalAction(f"{who}'s face-up {name(card)} still fits under {LIMIT}, so it must be played.")
    board = state.board_of(seat)
    assert state.previous is not None, "a count of 20 or more was reached with a card"
    space = state.previous["number"]
    if board.position == space:
        tossed = f"no disc tossed: {board.dog} is on space {space}"
    elif space in board.path_discs:
        tossed = f"no disc tossed: space {space} already has one"
    elif state.supply == 0:
        tossed = "no disc tossed: the supply is empty"
    else:
        state.supply -= 1
        board.path_discs = sorted(board.path_discs + [space])
        tossed = f"a disc is tossed onto space {space} of {board.dog}'s path"
    state.count, state.previous = 0, None
    said = f"That's Ruff! {tossed[0].upper()}{tossed[1:]}"
    state.tell(f"{said}; the count goes back to 0 and {who} plays on.", f"{said}.")
    return state


# ----- revealing face-down cards -----------------------------------------------------------------
def reveal(state: RuffState, action: Action) -> RuffState:
    seat, who = whose_action(state, action, Phase.REVEALING)
    missing = flow.unknown_cards(state, seat)
    if missing == 0:
        raise IllegalAction(f"All of {who}'s laid-out cards are already known.")
    cards = _card_list(action.get("cards"), what="face-down card")
    if len(cards) != missing:
        raise IllegalAction(f"{who} has {missing} face-down card{'s' if missing != 1 else ''} to turn up; "
                            f"that was {len(cards)}.")
    queue = iter(cards)
    for slot in state.seats[seat].laid_out:
        if slot["card"] is None:
            slot["card"] = card = next(queue)
            note_seen(state, card)
    flow.start_collecting_when_known(state)
    return state
