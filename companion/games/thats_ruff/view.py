"""The table as a view draws it, and the laws the state must never break."""

from __future__ import annotations

from typing import Any

from . import board as paths
from . import collecting, flow
from .cards import copies_in_deck, name
from .counting import KEEP, LIMIT
from .state import COLLECTING, COUNTING, HAND_OVER, LAYING_OUT, MOVING, REVEALING, RuffState

COPIES = copies_in_deck()


def summarise(state: RuffState) -> dict[str, Any]:
    return {
        "phase": state.phase,
        "hand": state.hand_number,
        "dealer": state.dealer,
        "next_dealer": flow.dealer_of_next_hand(state) if state.phase == HAND_OVER else state.dealer,
        "deck_left": state.deck_left,
        "deal_size": state.deal_size,
        "turn": state.turn,
        "waiting_for": waiting_for(state),
        "count": state.count,
        "last_card": state.previous,
        "last_card_name": name(state.previous) if state.previous else None,
        "last_move": state.last_move,
        "centre": list(state.centre),
        "can_collect": _can_collect(state),
        "cards_discarded": state.cards_discarded,
        "disc_supply": state.supply,
        "eights_seen": list(state.eights_seen),
        "boards": [_board_view(state, index) for index in range(len(state.boards))],
        "players": [_seat_view(state, seat) for seat in range(state.players)],
        "winner": _winner_view(state),
        "laid_out_into_hand": state.laid_out_into_hand,
        "proof_needed": _proof_needed(state),
        "abilities": None if state.ability_costs is None else {"costs": dict(state.ability_costs)},
    }


def _proof_needed(state: RuffState) -> dict[str, int] | None:
    """In Collecting, how many other cards the player collecting now must show with a pair or a card
    to the centre: all the rest of the hand while any of it is unknown to the app, else none."""
    if state.phase != COLLECTING or state.turn is None:
        return None
    held = state.seats[state.turn].laid_out
    unknown = any(slot["card"] is None for slot in held)
    return {"seat": state.turn, "cards": len(held) - 1 if unknown else 0}


def _board_view(state: RuffState, index: int) -> dict[str, Any]:
    board = state.boards[index]
    return {
        "dog": board.dog,
        "seats": list(board.seats),
        "names": [state.names[seat] for seat in board.seats],
        "own_eight": f"{board.eight_colour} 8",
        "position": board.position,
        "in_dog_house": board.position == paths.HOUSE,
        "discs_on_path": list(board.path_discs),
        "discs_on_counts": dict(board.count_discs),
        "discs_in_house": board.house,
        "discs_fetched_and_discarded": board.fetched_and_discarded,
        "discs_left_to_fetch": paths.discs_left_to_fetch(board),
        "choosing_whether_to_stay": str(index) in state.pending_moves,
        "stay_choice": _stay_choice(state, index),
    }


def _stay_choice(state: RuffState, index: int) -> dict[str, int] | None:
    """What the choice to stay in the dog house is about, while its player makes it."""
    steps = state.pending_moves.get(str(index))
    if steps is None:
        return None
    board = state.boards[index]
    walk = paths.plan_walk(board, steps, paths.COUNTER_CLOCKWISE)
    stop = walk.stops[0]
    return {"cost": paths.stay_price(stop, state.stay_price), "discs": board.house + stop.fetched_before,
            "moves_on_to": walk.end}


def _can_collect(state: RuffState) -> int | None:
    """How many cards the player collecting now must take (3 or 2), or 0 when only a card to the
    centre is left to them; None outside Collecting."""
    if state.phase != COLLECTING or state.turn is None:
        return None
    return next((size for size in (3, 2) if collecting.possible_collection(state, state.turn, size)), 0)


def _seat_view(state: RuffState, seat_index: int) -> dict[str, Any]:
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


def _winner_view(state: RuffState) -> dict[str, Any] | None:
    if state.winner is None:
        return None
    board = state.boards[state.winner]
    return {"board": state.winner, "dog": board.dog, "seats": list(board.seats),
            "names": [state.names[seat] for seat in board.seats]}


def waiting_for(state: RuffState) -> list[int]:
    """Every seat the app is waiting on; exactly one during Counting and Collecting."""
    if state.phase == LAYING_OUT:
        return [seat for seat in state.order_from_dealers_left() if not state.seats[seat].has_laid_out]
    if state.phase == REVEALING:
        return [seat for seat in state.order_from_dealers_left() if flow.unknown_cards(state, seat)]
    if state.phase == MOVING:
        return [seat for seat in state.order_from_dealers_left()
                if str(state.seats[seat].board) in state.pending_moves]
    if state.phase == HAND_OVER:
        return [flow.dealer_of_next_hand(state)]
    return [] if state.turn is None else [state.turn]


def check_invariants(state: RuffState) -> None:
    assert 0 <= state.count <= LIMIT, f"count {state.count} is outside 0..{LIMIT}"
    discs = state.supply + sum(len(b.path_discs) + sum(b.count_discs.values()) + b.house + b.fetched_and_discarded
                               for b in state.boards)
    assert discs == state.total_discs, f"{discs} discs on the table, expected {state.total_discs}"
    assert state.supply >= 0
    for board in state.boards:
        assert 0 <= board.position < paths.SPACES, f"{board.dog} is off the path at {board.position}"
        assert board.house >= 0 and all(v >= 0 for v in board.count_discs.values())
        assert len(set(board.path_discs)) == len(board.path_discs), "two discs on one space"
        assert all(0 <= space < paths.HOUSE for space in board.path_discs)
    for key, seen in state.seen.items():
        assert seen <= COPIES[key], f"{seen} x {key} seen in one deck"
    assert 0 <= state.deck_left <= flow.DECK_SIZE
    to_lay = state.deal_size - KEEP
    in_hand = 0
    for seat in state.seats:
        assert 0 <= seat.played <= KEEP and seat.hand >= 0
        assert len(seat.laid_out) <= to_lay
        if seat.has_laid_out:
            assert seat.hand + seat.played == KEEP, "every card played came out of the five kept"
        if state.phase == COUNTING:
            assert len(seat.laid_out) == to_lay
        in_hand += seat.hand + len(seat.laid_out) + len(seat.collected)
    dealt = state.players * state.deal_size
    assert in_hand + len(state.centre) + state.cards_discarded == dealt, "cards appeared or vanished this hand"
    if state.phase == COUNTING:
        assert len(waiting_for(state)) == 1
        assert len(state.centre) == sum(seat.played for seat in state.seats)
