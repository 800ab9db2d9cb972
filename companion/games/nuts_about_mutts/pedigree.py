"""The guided pedigree round after a Pedigree card: each seat in turn, the Pedigree's player last,
puts down its cards of the announced breed or draws one."""

from __future__ import annotations

from companion.actions import Action
from companion.errors import IllegalAction

from .checks import seat_of
from .hands import end_hand
from .piles import take_from_draw_pile
from .state import DOG, MuttsState, PedigreeRound, Phase


def the_round(state: MuttsState) -> PedigreeRound:
    """The round under way (the PEDIGREE phase always has one)."""
    assert state.pedigree is not None, "the pedigree phase without a pedigree round"
    return state.pedigree


def _pedigree_seat(state: MuttsState, action: Action) -> int:
    seat = seat_of(state, action)
    if state.phase != Phase.PEDIGREE:
        raise IllegalAction("There is no pedigree round now: it starts when a Pedigree card is played.")
    due = step_seat(the_round(state))
    if seat != due:
        raise IllegalAction(f"It is {state.names[due]}'s step in the pedigree round, not {state.names[seat]}'s.")
    return seat


def step_seat(round_: PedigreeRound) -> int:
    """Whose step it is in the round."""
    return round_["order"][round_["step"]]


def pedigree_play(state: MuttsState, action: Action) -> MuttsState:
    seat = _pedigree_seat(state, action)
    count = action.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= state.hands[seat]:
        raise IllegalAction(f"Say how many cards of the breed {state.names[seat]} put down: 1 to "
                            f"{state.hands[seat]}. With none, they draw one instead.")
    state.hands[seat] -= count
    _breed_cards_down(state, count)
    return _next_pedigree_step(state, seat)


def pedigree_draw(state: MuttsState, action: Action) -> MuttsState:
    seat = _pedigree_seat(state, action)
    got = take_from_draw_pile(state, 1)
    state.hands[seat] += got
    if action.get("played", False):
        if not got:
            raise IllegalAction("There was no card to draw, so there is no drawn card to play.")
        state.hands[seat] -= 1
        _breed_cards_down(state, 1)
    return _next_pedigree_step(state, seat)


def _breed_cards_down(state: MuttsState, count: int) -> None:
    state.home_pile += count
    the_round(state)["played"] += count
    # A breed card now sits on top: its colour and number weren't recorded, and it answers the wild's colour.
    state.top = {"card": DOG, "colour": None, "number": None}
    state.colour_to_follow = None


def _next_pedigree_step(state: MuttsState, seat: int) -> MuttsState:
    if state.hands[seat] == 0:
        end_hand(state, seat)
        return state
    round_ = the_round(state)
    round_["step"] += 1
    if round_["step"] == len(round_["order"]):
        state.turn = state.next_seat(round_["player"])
        state.pedigree = None
        state.phase = Phase.PLAY
    return state
