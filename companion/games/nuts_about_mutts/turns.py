"""Normal turns: playing a card, drawing, the dog-house turn, and what each wild card does."""

from __future__ import annotations

from typing import Callable

from companion.actions import Action
from companion.errors import IllegalAction

from .cards import PlayedCard, card_label, edition, read_card
from .checks import refuse_for_phase, require_turn, seat_of
from .hands import end_hand
from .piles import cards_to_draw, draw_one_each, lay_on_home_pile, reshuffle_home_pile, take_from_draw_pile
from .state import DOG, FIRST_CARD_FLIPPED, MuttsState, Phase


# ----- matching ----------------------------------------------------------------------------------
def check_playable(state: MuttsState, card: PlayedCard) -> None:
    """Refuse a dog only when what was reported proves it does not match; the app cannot see breeds."""
    if card.is_wild:
        return
    follow = state.colour_to_follow
    if follow is not None:
        if card.colour is not None and card.colour != follow:
            raise IllegalAction(f"After the wild card the colour is {follow}: play a {follow} dog or a wild card, "
                                f"or draw.")
        return
    top = state.top
    if top is None or top["card"] != DOG or card.same_breed:
        return
    colour_differs = None not in (card.colour, top["colour"]) and card.colour != top["colour"]
    number_differs = None not in (card.number, top["number"]) and card.number != top["number"]
    if colour_differs and number_differs:
        raise IllegalAction(f"{card_label(card).capitalize()} doesn't go on {card_label(top)}: it needs "
                            f"{top['colour']}, a {top['number']}, or the same breed (then say 'same breed').")


# ----- putting a card down -----------------------------------------------------------------------
def put_down(state: MuttsState, seat: int, card: PlayedCard) -> None:
    """`seat` plays `card` from their hand as their turn's play; carry out the card's effect."""
    if state.hands[seat] < 1:
        raise IllegalAction(f"{state.names[seat]} has no cards to play.")
    state.hands[seat] -= 1
    state.claimed_on_turn = False
    state.phase = Phase.PLAY
    if state.hands[seat] == 0:
        # The hand ends at once: a wild played as the last card has no further effect.
        lay_on_home_pile(state, card.as_top())
        end_hand(state, seat)
        return
    if card.kind == "dog_house":
        place_dog_house(state, seat, card.target)
    else:
        lay_on_home_pile(state, card.as_top())
    state.colour_to_follow = card.colour if card.is_wild else None
    state.turn = state.next_seat(seat)
    effect = EFFECTS.get(card.kind)
    if effect is not None:
        effect(state, seat, card)


def place_dog_house(state: MuttsState, seat: int, target: int | None) -> None:
    assert target is not None, "read_card asks for a Dog House's target"
    if target in state.dog_house:
        raise IllegalAction(f"{state.names[target]} is already in the dog house: choose another player.")
    state.dog_house.append(target)


def _flea(state: MuttsState, seat: int, card: PlayedCard) -> None:
    others = [(seat + step) % state.players for step in range(1, state.players)]
    draw_one_each(state, others)


def _fire_hydrant(state: MuttsState, seat: int, card: PlayedCard) -> None:
    other = card.target
    if other is None:
        return
    if other == seat:
        raise IllegalAction(f"{state.names[seat]} can't swap hands with themselves: choose another player, "
                            f"or no swap.")
    state.hands[seat], state.hands[other] = state.hands[other], state.hands[seat]


def _mutt(state: MuttsState, seat: int, card: PlayedCard) -> None:
    state.phase = Phase.BONE_RACE
    state.race = {"mutt_player": seat}


def _pedigree(state: MuttsState, seat: int, card: PlayedCard) -> None:
    order = [(seat + step) % state.players for step in range(1, state.players)] + [seat]
    state.phase = Phase.PEDIGREE
    state.pedigree = {"player": seat, "breed": card.breed, "order": order, "step": 0, "played": 0}


EFFECTS: dict[str, Callable[[MuttsState, int, PlayedCard], None]] = {
    "flea": _flea, "fire_hydrant": _fire_hydrant, "mutt": _mutt, "pedigree": _pedigree}


# ----- the actions -------------------------------------------------------------------------------
def play(state: MuttsState, action: Action) -> MuttsState:
    seat = seat_of(state, action)
    if state.phase == Phase.FIRST_CARD:
        if state.first_card_rule == FIRST_CARD_FLIPPED:
            raise IllegalAction("In this edition the first card is flipped from the draw pile: record the flip first.")
        require_turn(state, seat, "start the home pile")
        put_down(state, seat, _card(state, action, "card"))
        return state
    if state.phase != Phase.PLAY:
        refuse_for_phase(state)
    require_turn(state, seat, "play")
    card = _card(state, action, "card", last_card=state.hands[seat] == 1)
    check_playable(state, card)
    put_down(state, seat, card)
    return state


def draw(state: MuttsState, action: Action) -> MuttsState:
    seat = seat_of(state, action)
    if state.phase == Phase.FIRST_CARD:
        raise IllegalAction(f"{state.names[state.turn]} starts the home pile with any card from their hand; "
                            f"nobody draws yet.")
    if state.phase != Phase.PLAY:
        refuse_for_phase(state)
    require_turn(state, seat, "draw")
    got = take_from_draw_pile(state, 1)
    state.hands[seat] += got
    if action.get("then_play") is None:
        state.turn = state.next_seat(seat)
        state.claimed_on_turn = False
        return state
    if not got:
        raise IllegalAction("There was no card to draw, so there is no drawn card to play.")
    card = _card(state, action, "then_play")
    check_playable(state, card)
    put_down(state, seat, card)
    return state


def dog_house_turn(state: MuttsState, action: Action) -> MuttsState:
    """The dog-house player's turn as one action: `drawn` cards kept, then the playable one played."""
    seat = seat_of(state, action)
    name = state.names[seat]
    if state.phase != Phase.PLAY:
        refuse_for_phase(state)
    if seat not in state.dog_house:
        raise IllegalAction(f"{name} is not in the dog house: play or draw as usual.")
    if seat != state.turn:
        raise IllegalAction(f"{name} waits in the dog house until their turn: it is {state.names[state.turn]}'s turn.")
    drawn = action.get("drawn", 0)
    if not isinstance(drawn, int) or isinstance(drawn, bool) or drawn < 0:
        raise IllegalAction("Say how many cards were drawn before a playable one (0 or more).")
    played = action.get("played", True)
    needed = drawn + 1 if played else drawn
    reachable = cards_to_draw(state)
    if needed > reachable:
        raise IllegalAction(f"There were only {reachable} cards to draw ({state.draw_pile} in the draw pile and "
                            f"{reachable - state.draw_pile} under the top of the home pile to reshuffle), not "
                            f"{needed}. If every card ran out, record the cards drawn with played: false.")
    state.hands[seat] += take_from_draw_pile(state, needed)
    if not played:
        return _dog_house_ran_dry(state, seat)
    card = _card(state, action, "card")
    check_playable(state, card)
    state.dog_house.remove(seat)
    state.home_pile += 1  # the dog house card goes to the bottom of the home pile
    put_down(state, seat, card)
    return state


def _dog_house_ran_dry(state: MuttsState, seat: int) -> MuttsState:
    name = state.names[seat]
    if state.draw_pile > 0:
        raise IllegalAction(f"{name} must keep drawing until a card can be played; the draw pile isn't empty yet.")
    if state.home_pile > 1:
        reshuffle_home_pile(state)  # still their turn: they go on drawing from the new pile
        return state
    state.turn = state.next_seat(seat)  # nothing left anywhere to draw: the turn passes, still in the dog house
    return state


def _card(state: MuttsState, action: Action, field: str, last_card: bool = False) -> PlayedCard:
    return read_card(action, field, edition(state.edition), state.players, last_card)
