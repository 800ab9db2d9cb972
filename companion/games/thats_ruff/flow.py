"""The shape of a hand: after Counting, check for a winner and turn the laid-out cards up; after
Collecting and the moves home, check again; then the next deal, passing it when the deck runs out."""

from __future__ import annotations

from . import paths
from .state import DECK_SIZE, Board, Phase, RuffState


def unknown_cards(state: RuffState, seat: int) -> int:
    return sum(1 for slot in state.seats[seat].laid_out if slot["card"] is None)


def end_of_counting(state: RuffState) -> None:
    state.turn = None
    if not state.winner_after_collecting_only and declare_winner(state):
        return
    start_collecting_when_known(state)


def start_collecting_when_known(state: RuffState) -> None:
    """All laid-out cards turn face up; the app needs to know any it has not been told yet. In the
    variant that pulls them into the hands they stay hidden: a card the app doesn't know is told when
    it is used, or shown when a pair or a card to the centre needs proof."""
    if state.laid_out_into_hand:
        for seat in state.seats:
            for slot in seat.laid_out:
                slot["face_up"] = False
        state.phase, state.turn = Phase.COLLECTING, state.next_seat(state.dealer)
        return
    for seat in state.seats:
        for slot in seat.laid_out:
            slot["face_up"] = True
    if any(unknown_cards(state, seat) for seat in range(state.players)):
        state.phase, state.turn = Phase.REVEALING, None
    else:
        state.phase, state.turn = Phase.COLLECTING, state.next_seat(state.dealer)


def declare_winner(state: RuffState) -> bool:
    winner = find_winner(state)
    if winner is None:
        return False
    state.phase, state.turn, state.winner = Phase.WON, None, winner
    board = state.boards[winner]
    state.tell(f"{state.last_move.rstrip('. ')}. {board.dog} is home with every disc fetched: {board.dog} wins!")
    return True


def find_winner(state: RuffState) -> int | None:
    """The board whose dog is home with its path clear; among several, the one with most discs fetched
    (kept in the house, or thrown away in that variant). A tie means play goes on."""
    ready = [index for index, board in enumerate(state.boards) if paths.is_home_and_clear(board)]
    if not ready:
        return None
    best = max(discs_for_tie(state.boards[index]) for index in ready)
    leaders = [index for index in ready if discs_for_tie(state.boards[index]) == best]
    return leaders[0] if len(leaders) == 1 else None


def discs_for_tie(board: Board) -> int:
    return board.house + board.fetched_and_discarded


def finish_hand(state: RuffState) -> None:
    state.turn = None
    if not declare_winner(state):
        state.phase = Phase.HAND_OVER


def dealer_of_next_hand(state: RuffState) -> int:
    """The same dealer deals until the deck is used up; then the deal passes to the left."""
    if state.deck_left < state.players * state.deal_size:
        return state.next_seat(state.dealer)
    return state.dealer


def deal_next_hand(state: RuffState) -> None:
    if state.deck_left < state.players * state.deal_size:
        state.dealer = state.next_seat(state.dealer)
        state.deck_left, state.seen, state.eights_seen = DECK_SIZE, {}, []
    state.deck_left -= state.players * state.deal_size
    state.hand_number += 1
    start_hand(state)


def start_hand(state: RuffState) -> None:
    for seat in state.seats:
        seat.hand, seat.laid_out, seat.has_laid_out = state.deal_size, [], False
        seat.played, seat.collected, seat.wild_dogs_together = 0, [], False
    state.phase, state.turn = Phase.LAYING_OUT, None
    state.count, state.previous, state.centre = 0, None, []
    state.cards_discarded, state.pending_moves, state.hand_result = 0, {}, []
