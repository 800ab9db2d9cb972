"""Who the table waits on, and the checks every action shares: which seat, whether the game is over,
whether it is that phase and that player's turn."""

from __future__ import annotations

from companion.actions import Action
from companion.errors import IllegalAction

from .flow import dealer_of_next_hand, unknown_cards
from .state import Phase, RuffState


def whose_action(state: RuffState, action: Action, *phases: Phase, turn: bool = False) -> tuple[int, str]:
    """The seat that acts and its player's name, once the action is one the table can take now: during
    one of `phases`, and on that player's turn when `turn`. Every rule asks this first."""
    seat = action.player
    if seat is None or not 0 <= seat < state.players:
        raise IllegalAction("Say which seat did this.")
    who = state.names[seat]
    if state.phase == Phase.WON:
        raise IllegalAction("This game is over.")
    if state.phase not in phases:
        raise IllegalAction(f"{who} can't {action.type.replace('_', ' ')} now: {_phase_hint(state)}")
    if turn and seat != state.turn:
        raise IllegalAction(f"{who} can't play now: it is {_name(state, state.turn)}'s turn.")
    return seat, who


def _name(state: RuffState, seat: int | None) -> str:
    return "someone" if seat is None else state.names[seat]


def _phase_hint(state: RuffState) -> str:
    return {
        Phase.LAYING_OUT: "everyone is laying out the cards they will not keep.",
        Phase.COUNTING: f"it is Counting, and {_name(state, state.turn)} plays next.",
        Phase.REVEALING: "the face-down laid-out cards are being turned up.",
        Phase.COLLECTING: f"it is Collecting, and {_name(state, state.turn)} collects next.",
        Phase.MOVING: "the dogs are moving back; a player is choosing whether to stay in the dog house.",
        Phase.HAND_OVER: f"the hand is over; {_name(state, dealer_of_next_hand(state))} deals the next one.",
    }.get(state.phase, "")


def waiting_for(state: RuffState) -> list[int]:
    """Every seat the app is waiting on; exactly one during Counting and Collecting."""
    if state.phase == Phase.LAYING_OUT:
        return [seat for seat in state.order_from_dealers_left() if not state.seats[seat].has_laid_out]
    if state.phase == Phase.REVEALING:
        return [seat for seat in state.order_from_dealers_left() if unknown_cards(state, seat)]
    if state.phase == Phase.MOVING:
        return [seat for seat in state.order_from_dealers_left()
                if str(state.seats[seat].board) in state.pending_moves]
    if state.phase == Phase.HAND_OVER:
        return [dealer_of_next_hand(state)]
    return [] if state.turn is None else [state.turn]
