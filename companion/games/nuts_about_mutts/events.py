"""Everything that is not a normal turn: advanced-game claims, the bone race, the pedigree round,
naming the top card, reshuffling, the flipped first card, and moving from hand to hand."""

from __future__ import annotations

from typing import Any

from companion.actions import Action
from companion.errors import IllegalAction

from .cards import DOG, card_label
from .state import BONE_RACE, EVENING_OVER, FIRST_CARD, HAND_OVER, PEDIGREE, PLAY, MuttsState, deal_hand
from .turns import draw_one_each, end_hand, refuse_for_phase, reshuffle_home_pile, seat_of, take_from_draw_pile


# ----- advanced game: Match! and Run! ------------------------------------------------------------
def match(state: MuttsState, action: Action) -> MuttsState:
    seat = _check_claim(state, action, "Match")
    _claim(state, seat, dict(state.top), action)
    return state


def run(state: MuttsState, action: Action) -> MuttsState:
    seat = _check_claim(state, action, "Run")
    top = state.top
    number = action.get("number")
    if isinstance(number, bool) or number not in (top["number"] - 1, top["number"] + 1) or not 1 <= number <= state.numbers:
        steps = [n for n in (top["number"] - 1, top["number"] + 1) if 1 <= n <= state.numbers]
        raise IllegalAction(f"A Run on {card_label(top)} is a {top['colour']} "
                            f"{' or '.join(str(n) for n in steps)} (1 and {state.numbers} don't connect).")
    _claim(state, seat, {"card": DOG, "colour": top["colour"], "number": number}, action)
    return state


def _check_claim(state: MuttsState, action: Action, what: str) -> int:
    seat = seat_of(state, action)
    name = state.names[seat]
    if not state.advanced:
        raise IllegalAction(f"{what}! is part of the advanced game; turn the advanced game on to use it.")
    if state.phase == FIRST_CARD:
        raise IllegalAction(f"No {what} yet: the first card isn't down.")
    if state.phase == PEDIGREE:
        raise IllegalAction(f"No {what} during the pedigree round: wait until it is over.")
    if state.phase != PLAY:
        refuse_for_phase(state)
    if seat in state.dog_house:
        raise IllegalAction(f"{name} is in the dog house and can't play a {what}.")
    top = state.top
    if top is None or top["card"] != DOG:
        raise IllegalAction(f"No {what} now: the top of the home pile is {card_label(top)}, not a numbered dog card.")
    if state.colour_to_follow is not None:
        # Only a Dog House leaves a dog on top while a wild's colour is owed.
        follow = state.colour_to_follow
        raise IllegalAction(f"No {what} now: the Dog House named {follow} as the colour to follow, so the next "
                            f"card is {state.names[state.turn]}'s normal play (a {follow} dog or a wild card). "
                            f"Claims start again on that dog.")
    if top["colour"] is None or top["number"] is None:
        raise IllegalAction(f"The app doesn't know the top card, so it can't check a {what}: say what it is "
                            f"(name_top_card, with its colour and number), then claim.")
    _check_claim_race(state, seat, action.get("race"))
    return seat


def _check_claim_race(state: MuttsState, seat: int, race: Any) -> None:
    """A claim that came from a claim race must be the race winner's: an imported or replayed log
    could otherwise give the card to a player who lost the race."""
    if race is None:
        return
    if not isinstance(race, dict):
        raise IllegalAction("The race decision should be an object, as the arbiter reports it.")
    if race.get("kind", "claim") != "claim":
        raise IllegalAction(f"That race was a {'bone' if race.get('kind') == 'bones' else race.get('kind')!s} race, "
                            f"not a claim race: a Match or Run comes from a claim race.")
    winners = race.get("winners")
    if not isinstance(winners, list):
        raise IllegalAction("The race decision should list its winners, as the arbiter reports it "
                            "(\"winners\": [seat], \"losers\": [seats], ...).")
    if not winners:
        raise IllegalAction(f"Nobody won that claim race, so {state.names[seat]}'s claim can't come from it: "
                            f"race again, or record the claim without the race.")
    winner = winners[0]
    if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < state.players:
        raise IllegalAction(f"The claim race names seat {winner!r} as its winner; seats go from 0 to "
                            f"{state.players - 1}.")
    if winner != seat:
        raise IllegalAction(f"{state.names[winner]} won the claim race, not {state.names[seat]}: "
                            f"the claim is {state.names[winner]}'s to record.")


def _claim(state: MuttsState, seat: int, card: dict[str, Any], action: Action) -> None:
    if state.hands[seat] < 1:
        raise IllegalAction(f"{state.names[seat]} has no cards to play.")
    _keep_race(state, action)
    state.hands[seat] -= 1
    state.home_pile += 1
    state.top = card
    if state.hands[seat] == 0:
        end_hand(state, seat)
    elif seat == state.turn:
        state.claimed_on_turn = True  # may still make a normal play, or pass without drawing
    else:
        state.turn = state.next_seat(seat)
        state.claimed_on_turn = False


def pass_turn(state: MuttsState, action: Action) -> MuttsState:
    seat = seat_of(state, action)
    if state.phase != PLAY:
        refuse_for_phase(state)
    if seat != state.turn or not state.claimed_on_turn:
        raise IllegalAction(f"{state.names[seat]} can't pass: only a player who played a Match or Run on their own "
                            f"turn may end it without drawing.")
    state.turn = state.next_seat(seat)
    state.claimed_on_turn = False
    return state


# ----- the bone race -----------------------------------------------------------------------------
def bone_race(state: MuttsState, action: Action) -> MuttsState:
    if state.phase != BONE_RACE:
        raise IllegalAction("There is no bone race now: a bone race follows a Mutt card.")
    losers = action.get("losers")
    if losers is None:
        losers = [action.get("loser")]
    if not isinstance(losers, list) or not losers:
        raise IllegalAction("Say who lost the bone race: there are fewer bones than players, so someone did.")
    for seat in losers:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            raise IllegalAction(f"There is no player in seat {seat!r}; seats go from 0 to {state.players - 1}.")
    if len(set(losers)) != len(losers):
        raise IllegalAction("Each player can lose the bone race only once: name each loser once.")
    _keep_race(state, action)
    draw_one_each(state, list(losers))
    state.phase = PLAY
    state.race = None
    return state


def _keep_race(state: MuttsState, action: Action) -> None:
    race = action.get("race")
    if race is not None and not isinstance(race, dict):
        raise IllegalAction("The race decision should be an object, as the arbiter reports it.")
    if race is not None:
        state.last_race = dict(race)


# ----- the pedigree round ------------------------------------------------------------------------
def _pedigree_seat(state: MuttsState, action: Action) -> int:
    seat = seat_of(state, action)
    if state.phase != PEDIGREE:
        raise IllegalAction("There is no pedigree round now: it starts when a Pedigree card is played.")
    due = state.pedigree["order"][state.pedigree["step"]]
    if seat != due:
        raise IllegalAction(f"It is {state.names[due]}'s step in the pedigree round, not {state.names[seat]}'s.")
    return seat


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
    state.pedigree["played"] += count
    # A breed card now sits on top: its colour and number weren't recorded, and it answers the wild's colour.
    state.top = {"card": DOG, "colour": None, "number": None}
    state.colour_to_follow = None


def _next_pedigree_step(state: MuttsState, seat: int) -> MuttsState:
    if state.hands[seat] == 0:
        end_hand(state, seat)
        return state
    state.pedigree["step"] += 1
    if state.pedigree["step"] == len(state.pedigree["order"]):
        state.turn = state.next_seat(state.pedigree["player"])
        state.pedigree = None
        state.phase = PLAY
    return state


# ----- naming the top card -----------------------------------------------------------------------
def name_top_card(state: MuttsState, action: Action) -> MuttsState:
    """Say what the dog on top of the home pile is, so Match! and Run! can be checked against it: after
    a pedigree round (the last breed card put down) or a dog played without its details."""
    if state.phase == FIRST_CARD:
        raise IllegalAction("There is no top card yet: the first card isn't down.")
    if state.phase == PEDIGREE:
        raise IllegalAction("The pedigree round is still on: name the top card when it is over.")
    if state.phase != PLAY:
        refuse_for_phase(state)
    colour, number = action.get("colour"), action.get("number")
    if colour is None and number is None:
        raise IllegalAction("Say the colour, the number or both of the dog on top of the home pile.")
    if colour is not None and colour not in state.colours:
        raise IllegalAction(f"{colour!r} is not a colour in this deck; the colours are {', '.join(state.colours)}.")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)
                               or not 1 <= number <= state.numbers):
        raise IllegalAction(f"Dog numbers go from 1 to {state.numbers}, not {number!r}.")
    top = state.top
    if top is None or top["card"] != DOG:
        raise IllegalAction(f"The top of the home pile is {card_label(top)}: only a dog card has a colour and "
                            f"number to name.")
    if top["colour"] is not None and top["number"] is not None:
        raise IllegalAction(f"The top card is already known: {card_label(top)}.")
    for field, value in (("colour", colour), ("number", number)):
        if value is not None and top[field] is not None and top[field] != value:
            raise IllegalAction(f"The top card is already {top[field]}: undo the entry that said so to change it.")
    state.top = {"card": DOG, "colour": top["colour"] if colour is None else colour,
                 "number": top["number"] if number is None else number}
    return state


# ----- the piles ---------------------------------------------------------------------------------
def reshuffle_allowed(state: MuttsState) -> bool:
    """The family may record the reshuffle the moment the draw pile is empty; a draw that needs a
    card does it by itself."""
    return state.phase in (PLAY, BONE_RACE, PEDIGREE) and state.home_pile > 1 and state.draw_pile == 0


def reshuffle(state: MuttsState, action: Action) -> MuttsState:
    if state.phase not in (PLAY, BONE_RACE, PEDIGREE):
        if state.phase == FIRST_CARD:
            raise IllegalAction("There is nothing to reshuffle yet: the home pile hasn't started.")
        refuse_for_phase(state)
    if state.home_pile <= 1:
        raise IllegalAction("There is nothing to reshuffle: the home pile is just its top card.")
    if state.draw_pile > 0:
        raise IllegalAction(f"No reshuffle yet: the draw pile still has {state.draw_pile} card(s). The home pile "
                            f"is reshuffled when the draw pile runs out (a draw that needs a card does it).")
    reshuffle_home_pile(state)
    return state


def flip(state: MuttsState, action: Action) -> MuttsState:
    """Editions that start the home pile from the draw pile: wilds are flipped past until a dog shows."""
    if state.phase != FIRST_CARD or state.first_card_rule != "flip":
        if state.phase == FIRST_CARD:
            raise IllegalAction(f"In this edition {state.names[state.turn]} starts the home pile from their hand.")
        raise IllegalAction("The first card is already down.")
    wilds = action.get("wilds_flipped", 0)
    if not isinstance(wilds, int) or isinstance(wilds, bool) or wilds < 0:
        raise IllegalAction("Say how many action cards were flipped before the dog (0 or more).")
    if wilds + 1 > state.draw_pile:
        raise IllegalAction(f"The draw pile only has {state.draw_pile} cards.")
    state.draw_pile -= wilds + 1
    state.home_pile += wilds + 1
    state.top = {"card": DOG, "colour": action.get("colour"), "number": action.get("number")}
    if state.top["colour"] is not None and state.top["colour"] not in state.colours:
        raise IllegalAction(f"{state.top['colour']!r} is not a colour in this deck.")
    if state.top["number"] is not None and state.top["number"] not in range(1, state.numbers + 1):
        raise IllegalAction(f"Dog numbers go from 1 to {state.numbers}.")
    state.phase = PLAY
    return state


# ----- between hands -----------------------------------------------------------------------------
def deal(state: MuttsState, action: Action) -> MuttsState:
    if state.phase != HAND_OVER:
        if state.phase == FIRST_CARD or state.phase == PLAY:
            raise IllegalAction("This hand is still being played: deal when someone has played their last card.")
        refuse_for_phase(state)
    state.hand_number += 1
    deal_hand(state, state.next_seat(state.dealer))
    return state


def end_evening(state: MuttsState, action: Action) -> MuttsState:
    if state.phase != HAND_OVER:
        if state.phase in (FIRST_CARD, PLAY, BONE_RACE, PEDIGREE):
            raise IllegalAction("Finish this hand first: the evening ends between hands.")
        refuse_for_phase(state)
    state.phase = EVENING_OVER
    return state
