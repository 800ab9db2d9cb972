"""From hand to hand: dealing, the flipped first card of the editions that flip it, a hand ending
when someone plays their last card, and the end of the evening."""

from __future__ import annotations

from companion.actions import Action
from companion.errors import IllegalAction

from .checks import refuse_for_phase
from .piles import lay_on_home_pile
from .state import DOG, FIRST_CARD_FLIPPED, MuttsState, Phase


def deal_hand(state: MuttsState, dealer: int) -> None:
    """Reset the table for a new hand dealt by `dealer`."""
    state.dealer = dealer
    state.hands = [state.hand_size] * state.players
    state.draw_pile = state.deck_size - state.hand_size * state.players
    state.home_pile = 0
    state.top = None
    state.known_on_home_pile = {}
    state.colour_to_follow = None
    state.dog_house = []
    state.claimed_on_turn = False
    state.race = None
    state.pedigree = None
    state.phase = Phase.FIRST_CARD
    state.turn = state.next_seat(dealer)


def end_hand(state: MuttsState, winner: int) -> None:
    state.hand_results.append({"hand": state.hand_number, "dealer": state.dealer, "winner": winner,
                               "scores": list(state.hands)})
    state.race = None
    state.pedigree = None
    state.claimed_on_turn = False
    last = state.hands_in_evening and state.hand_number >= state.hands_in_evening
    state.phase = Phase.EVENING_OVER if last else Phase.HAND_OVER


def flip(state: MuttsState, action: Action) -> MuttsState:
    """Editions that start the home pile from the draw pile: wilds are flipped past until a dog shows."""
    if state.phase != Phase.FIRST_CARD or state.first_card_rule != FIRST_CARD_FLIPPED:
        if state.phase == Phase.FIRST_CARD:
            raise IllegalAction(f"In this edition {state.names[state.turn]} starts the home pile from their hand.")
        raise IllegalAction("The first card is already down.")
    wilds = action.get("wilds_flipped", 0)
    if not isinstance(wilds, int) or isinstance(wilds, bool) or wilds < 0:
        raise IllegalAction("Say how many action cards were flipped before the dog (0 or more).")
    if wilds + 1 > state.draw_pile:
        raise IllegalAction(f"The draw pile only has {state.draw_pile} cards.")
    colour, number = action.get("colour"), action.get("number")
    if colour is not None and colour not in state.colours:
        raise IllegalAction(f"{colour!r} is not a colour in this deck.")
    if number is not None and number not in range(1, state.numbers + 1):
        raise IllegalAction(f"Dog numbers go from 1 to {state.numbers}.")
    state.draw_pile -= wilds + 1
    state.home_pile += wilds   # the action cards flipped past go under the dog
    lay_on_home_pile(state, {"card": DOG, "colour": colour, "number": number})
    state.phase = Phase.PLAY
    return state


def deal(state: MuttsState, action: Action) -> MuttsState:
    if state.phase != Phase.HAND_OVER:
        if state.phase == Phase.FIRST_CARD or state.phase == Phase.PLAY:
            raise IllegalAction("This hand is still being played: deal when someone has played their last card.")
        refuse_for_phase(state)
    state.hand_number += 1
    deal_hand(state, state.next_seat(state.dealer))
    return state


def end_evening(state: MuttsState, action: Action) -> MuttsState:
    if state.phase != Phase.HAND_OVER:
        if state.phase in (Phase.FIRST_CARD, Phase.PLAY, Phase.BONE_RACE, Phase.PEDIGREE):
            raise IllegalAction("Finish this hand first: the evening ends between hands.")
        refuse_for_phase(state)
    state.phase = Phase.EVENING_OVER
    return state
