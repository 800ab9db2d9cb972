"""What That's Ruff! shows between actions (`summary`, described by `RuffSummary`) and the history line
for each action (`describe`)."""

from __future__ import annotations

from typing import Sequence, TypedDict

from companion.actions import Action

from . import collecting, counting, flow, paths
from .cards import name
from .state import HOUSE, KEEP, ActionType, Card, Phase, RuffState
from .turns import waiting_for


class StayChoice(TypedDict):
    cost: int          # discs to stay in the dog house now
    discs: int         # discs the dog has to pay with (kept, and fetched on the way)
    moves_on_to: int   # the space it ends on if it moves on


class BoardSummary(TypedDict):
    dog: str
    seats: list[int]
    names: list[str]
    own_eight: str
    position: int
    in_dog_house: bool
    discs_on_path: list[int]
    discs_on_counts: dict[str, int]
    discs_in_house: int
    discs_fetched_and_discarded: int
    discs_left_to_fetch: int
    choosing_whether_to_stay: bool
    stay_choice: StayChoice | None


class SlotSummary(TypedDict):
    face_up: bool
    card: Card | None   # None while face down (the app may know it; the table doesn't see it)


class SeatSummary(TypedDict):
    name: str
    board: int
    dog: str
    cards_in_hand: int
    cards_played: int
    has_laid_out: bool
    laid_out: list[SlotSummary]
    cards_to_turn_up: int
    cards_held: int
    collected: list[Card]


class FaceUpCard(TypedDict):
    card: Card          # as it was laid out (an 8 with its dog, once known)
    fits: bool          # it keeps the count at or under 32 now (a Wild Dog always does)
    dogs: list[str]     # a blue or red 8: the dog it shows when known, else the dogs it may still show


class WinnerSummary(TypedDict):
    board: int
    dog: str
    seats: list[int]
    names: list[str]


class ProofNeeded(TypedDict):
    seat: int
    cards: int


class AbilitiesSummary(TypedDict):
    costs: dict[str, int]


class RuffSummary(TypedDict):
    phase: str
    hand: int
    dealer: int
    next_dealer: int
    deck_left: int
    deal_size: int
    cards_to_lay_out: int
    turn: int | None
    waiting_for: list[int]
    count: int
    last_card: Card | None
    last_card_name: str | None
    last_move: str
    last_move_short: str   # without the count and whose turn, which the counting table shows beside it
    last_move_in_phase: str   # the last move while it was told in this phase; "" as a phase begins
    hand_result: list[str]    # once the hand is collected: per board, how far its dog moved back, or not
    centre: list[Card]
    face_up_to_play: list[FaceUpCard]
    can_collect: int | None
    collecting_step: str | None
    cards_discarded: int
    disc_supply: int
    eights_seen: list[str]
    eight_dogs: dict[str, list[str]]
    boards: list[BoardSummary]
    players: list[SeatSummary]
    winner: WinnerSummary | None
    laid_out_into_hand: bool
    proof_needed: ProofNeeded | None
    abilities: AbilitiesSummary | None


def summary(state: RuffState) -> RuffSummary:
    return {
        "phase": str(state.phase),
        "hand": state.hand_number,
        "dealer": state.dealer,
        "next_dealer": flow.dealer_of_next_hand(state) if state.phase == Phase.HAND_OVER else state.dealer,
        "deck_left": state.deck_left,
        "deal_size": state.deal_size,
        "cards_to_lay_out": state.deal_size - KEEP if state.phase == Phase.LAYING_OUT else 0,
        "turn": state.turn,
        "waiting_for": waiting_for(state),
        "count": state.count,
        "last_card": state.previous,
        "last_card_name": name(state.previous) if state.previous else None,
        "last_move": state.last_move,
        "last_move_short": state.last_move_short,
        # What ended the last phase is not news in the one it began.
        "last_move_in_phase": state.last_move if state.told_in == state.phase else "",
        "hand_result": list(state.hand_result),
        "centre": list(state.centre),
        "face_up_to_play": _face_up_to_play(state),
        "can_collect": _can_collect(state),
        "collecting_step": _collecting_step(state),
        "cards_discarded": state.cards_discarded,
        "disc_supply": state.supply,
        "eights_seen": list(state.eights_seen),
        "eight_dogs": {colour: [dog for dog, shown in state.eights.items() if shown == colour]
                       for colour in sorted(set(state.eights.values()))},
        "boards": [_board_summary(state, index) for index in range(len(state.boards))],
        "players": [_seat_summary(state, seat) for seat in range(state.players)],
        "winner": _winner_summary(state),
        "laid_out_into_hand": state.laid_out_into_hand,
        "proof_needed": _proof_needed(state),
        "abilities": None if state.ability_costs is None else {"costs": dict(state.ability_costs)},
    }


def _face_up_to_play(state: RuffState) -> list[FaceUpCard]:
    """In Counting, the face-up cards the player whose turn it is may play instead of one from the hand,
    in the order they were laid out."""
    if state.phase != Phase.COUNTING or state.turn is None:
        return []
    cards = [slot["card"] for slot in state.seats[state.turn].laid_out if slot["face_up"] and slot["card"]]
    return [{"card": card, "fits": counting.fits(state, card), "dogs": _dogs_on(state, card)} for card in cards]


def _dogs_on(state: RuffState, card: Card) -> list[str]:
    if card.get("wild") or card["number"] != 8 or card["colour"] == "black":
        return []
    dog = card.get("dog")
    return [dog] if dog else counting.eight_dogs_left(state, card["colour"])


def _proof_needed(state: RuffState) -> ProofNeeded | None:
    """In Collecting, how many other cards the player collecting now must show with a pair or a card
    to the centre: all the rest of the hand while any of it is unknown to the app, else none."""
    if state.phase != Phase.COLLECTING or state.turn is None:
        return None
    held = state.seats[state.turn].laid_out
    unknown = any(slot["card"] is None for slot in held)
    return {"seat": state.turn, "cards": len(held) - 1 if unknown else 0}


def _board_summary(state: RuffState, index: int) -> BoardSummary:
    board = state.boards[index]
    return {
        "dog": board.dog,
        "seats": list(board.seats),
        "names": [state.names[seat] for seat in board.seats],
        "own_eight": f"{board.eight_colour} 8",
        "position": board.position,
        "in_dog_house": board.position == HOUSE,
        "discs_on_path": list(board.path_discs),
        "discs_on_counts": dict(board.count_discs),
        "discs_in_house": board.house,
        "discs_fetched_and_discarded": board.fetched_and_discarded,
        "discs_left_to_fetch": paths.discs_left_to_fetch(board),
        "choosing_whether_to_stay": str(index) in state.pending_moves,
        "stay_choice": _stay_choice(state, index),
    }


def _stay_choice(state: RuffState, index: int) -> StayChoice | None:
    """What the choice to stay in the dog house is about, while its player makes it."""
    steps = state.pending_moves.get(str(index))
    if steps is None:
        return None
    board = state.boards[index]
    walk = paths.plan_walk(board, steps, paths.COUNTER_CLOCKWISE)
    stop = walk.stops[0]
    return {"cost": paths.stay_price(stop, state.stay_price), "discs": board.house + stop.fetched_before,
            "moves_on_to": walk.end}


def _collecting_step(state: RuffState) -> str | None:
    """In Collecting, what the rules leave the player collecting now: to collect while a collection is
    possible, else to put a card in the centre. Held cards the app doesn't know may well collect, so
    while any is unknown and the centre has cards, collecting stays the step to take."""
    can = _can_collect(state)
    if can is None or state.turn is None:
        return None
    unknown = any(slot["card"] is None for slot in state.seats[state.turn].laid_out)
    return str(ActionType.COLLECT if can or (unknown and state.centre) else ActionType.TO_CENTRE)


def _can_collect(state: RuffState) -> int | None:
    """How many cards the player collecting now must take (3 or 2), or 0 when only a card to the
    centre is left to them; None outside Collecting."""
    if state.phase != Phase.COLLECTING or state.turn is None:
        return None
    turn = state.turn
    return next((size for size in (3, 2) if collecting.possible_collection(state, turn, size)), 0)


def _seat_summary(state: RuffState, seat_index: int) -> SeatSummary:
    seat = state.seats[seat_index]
    return {
        "name": state.names[seat_index],
        "board": seat.board,
        "dog": state.boards[seat.board].dog,
        "cards_in_hand": seat.hand,
        "cards_played": seat.played,
        "has_laid_out": seat.has_laid_out,
        "laid_out": [{"face_up": slot["face_up"], "card": slot["card"] if slot["face_up"] else None}
                     for slot in seat.laid_out],
        # Once Counting ends every card lies face up, so `laid_out` alone can no longer tell which of them
        # went down unseen: this is the number the "reveal" action must be given.
        "cards_to_turn_up": flow.unknown_cards(state, seat_index),
        "cards_held": len(seat.laid_out),   # laid-out cards not used yet (held, in the variant pulling them up)
        "collected": list(seat.collected),
    }


def _winner_summary(state: RuffState) -> WinnerSummary | None:
    if state.winner is None:
        return None
    board = state.boards[state.winner]
    return {"board": state.winner, "dog": board.dog, "seats": list(board.seats),
            "names": [state.names[seat] for seat in board.seats]}


# ----- history lines ---------------------------------------------------------------------------------
def describe(before: RuffState, action: Action, after: RuffState, names: Sequence[str]) -> str:
    who = names[action.player] if action.player is not None and action.player < len(names) else "Someone"
    if action.type == ActionType.PLAY:
        assert after.previous is not None, "a card played is the one the next is matched against"
        return f"{who} played the {name(after.previous)}: {after.last_move}"
    if action.type == ActionType.LAY_OUT:
        up = len(action.get("face_up", []))
        return f"{who} laid out {before.deal_size - KEEP} cards ({up} face up)"
    if action.type == ActionType.REVEAL:
        return f"{who} turned up {', '.join(name(card) for card in action.get('cards'))}"
    if action.type == ActionType.DEAL:
        return f"{who} dealt hand {after.hand_number} ({after.deck_left} cards left in the deck)"
    if action.type == ActionType.THATS_RUFF:
        return f"{who} said {after.last_move}"
    if action.type == ActionType.CHOOSE_STAY:
        return f"{who} chose to {'stay in the dog house' if action.get('stay') else 'move on'}: {after.last_move}"
    return after.last_move
