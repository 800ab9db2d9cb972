"""The advanced game's claims, Match! and Run! on the dog on top of the home pile, in or out of
turn; passing after a claim on one's own turn; and naming the top card so a claim can be checked."""

from __future__ import annotations

from typing import Callable, TypedDict

from companion.actions import Action
from companion.errors import IllegalAction

from .cards import card_label
from .checks import refuse_for_phase, seat_of
from .hands import end_hand
from .piles import copies_on_home_pile, count_if_known, dog_name, lay_on_home_pile
from .races import check_claim_race, keep_race
from .state import DOG, MuttsState, Phase, TopCard


def match(state: MuttsState, action: Action) -> MuttsState:
    seat = seat_of(state, action)
    colour, number = _check_match(state)
    _check_seat(state, seat, action, "Match")
    _claim(state, seat, {"card": DOG, "colour": colour, "number": number}, action)
    return state


def run(state: MuttsState, action: Action) -> MuttsState:
    seat = seat_of(state, action)
    colour, on = _check_card_in_play(state, "Run")
    _check_seat(state, seat, action, "Run")
    number = action.get("number")
    if isinstance(number, bool) or number not in run_numbers(state, on):
        raise IllegalAction(f"A Run on {card_label(state.top)} is a {colour} "
                            f"{' or '.join(str(n) for n in run_numbers(state, on))} (1 and {state.numbers} "
                            f"don't connect).")
    _claim(state, seat, {"card": DOG, "colour": colour, "number": number}, action)
    return state


def run_numbers(state: MuttsState, on: int) -> list[int]:
    return [n for n in (on - 1, on + 1) if 1 <= n <= state.numbers]


class Claims(TypedDict):
    """What the rules would say to a Match or a Run on the card in play right now, so the pad offers
    exactly that: who may claim (empty when neither claim is possible), each claim's refusal in words
    (None when it is allowed), the numbers a Run may be, and for each seat why it may not claim now
    (None for a seat that may), said to that player after their name."""

    seats: list[int]
    match_refused: str | None
    run_refused: str | None
    run_numbers: list[int]
    seat_refused: list[str | None]


def claims_now(state: MuttsState) -> Claims:
    match_refused = _refusal(lambda: _check_match(state))
    run_refused = _refusal(lambda: _check_card_in_play(state, "Run"))
    open_to_claims = match_refused is None or run_refused is None
    number = state.top.get("number") if state.top else None
    seat_refused = [_seat_refused(state, seat) if open_to_claims else match_refused for seat in range(state.players)]
    return {
        "seats": [seat for seat, refused in enumerate(seat_refused) if refused is None],
        "match_refused": match_refused,
        "run_refused": run_refused,
        "run_numbers": run_numbers(state, number) if run_refused is None and number is not None else [],
        "seat_refused": seat_refused,
    }


def _seat_refused(state: MuttsState, seat: int) -> str | None:
    if seat in state.dog_house:
        return "you are in the dog house, so you can't claim a Match or a Run until you are out."
    if state.hands[seat] < 1:
        return "you have no cards left to claim with."
    return None


def _refusal(check: Callable[[], object]) -> str | None:
    try:
        check()
    except IllegalAction as refusal:
        return str(refusal)
    return None


def _check_card_in_play(state: MuttsState, what: str) -> tuple[str, int]:
    """The colour and number of the dog in play when a claim on it is allowed now, whoever makes it;
    else the refusal."""
    if not state.advanced:
        raise IllegalAction(f"{what}! is part of the advanced game; turn the advanced game on to use it.")
    if state.phase == Phase.FIRST_CARD:
        raise IllegalAction(f"No {what} yet: the first card isn't down.")
    if state.phase == Phase.PEDIGREE:
        raise IllegalAction(f"No {what} during the pedigree round: wait until it is over.")
    if state.phase != Phase.PLAY:
        refuse_for_phase(state)
    top = state.top
    if top is None or top["card"] != DOG:
        raise IllegalAction(f"No {what} now: the top of the home pile is {card_label(top)}, not a numbered dog card.")
    follow = state.colour_to_follow
    # Only a Dog House leaves a dog on top while a wild's colour is owed. The sheet lets a Match be
    # played at any time, and the twin of a dog of the named colour follows that colour too.
    if follow is not None and not (what == "Match" and top.get("colour") == follow):
        raise IllegalAction(f"No {what} now: the Dog House named {follow} as the colour to follow, so the next "
                            f"card is {state.names[state.turn]}'s normal play (a {follow} dog or a wild card). "
                            f"Claims start again on that dog.")
    colour, number = top.get("colour"), top.get("number")
    if colour is None or number is None:
        raise IllegalAction(f"The app doesn't know the top card, so it can't check a {what}: say what it is "
                            f"first (Name the top card: its colour and number), then claim.")
    return colour, number


def _check_match(state: MuttsState) -> tuple[str, int]:
    """A Match is the exact twin of the dog in play, and the deck has only so many of each."""
    colour, number = _check_card_in_play(state, "Match")
    copies = state.copies_of_each_dog
    if copies_on_home_pile(state, colour, number) >= copies:
        every = "both" if copies == 2 else f"all {copies}"
        raise IllegalAction(f"No Match on {card_label(state.top)}: {every} {dog_name(colour, number)}s are already "
                            f"on the home pile (the deck has {copies} of each dog), so nobody holds its twin.")
    return colour, number


def _check_seat(state: MuttsState, seat: int, action: Action, what: str) -> None:
    if seat in state.dog_house:
        raise IllegalAction(f"{state.names[seat]} is in the dog house and can't play a {what}.")
    check_claim_race(state, seat, action.get("race"))


def _claim(state: MuttsState, seat: int, card: TopCard, action: Action) -> None:
    if state.hands[seat] < 1:
        raise IllegalAction(f"{state.names[seat]} has no cards to play.")
    keep_race(state, action)
    state.hands[seat] -= 1
    lay_on_home_pile(state, card)
    # The claimed dog has the colour in play, so a colour a Dog House named has been followed.
    state.colour_to_follow = None
    if state.hands[seat] == 0:
        end_hand(state, seat)
    elif seat == state.turn:
        state.claimed_on_turn = True  # may still make a normal play, or pass without drawing
    else:
        state.turn = state.next_seat(seat)
        state.claimed_on_turn = False


def pass_turn(state: MuttsState, action: Action) -> MuttsState:
    seat = seat_of(state, action)
    if state.phase != Phase.PLAY:
        refuse_for_phase(state)
    if seat != state.turn or not state.claimed_on_turn:
        raise IllegalAction(f"{state.names[seat]} can't pass: only a player who played a Match or Run on their own "
                            f"turn may end it without drawing.")
    state.turn = state.next_seat(seat)
    state.claimed_on_turn = False
    return state


def name_top_card(state: MuttsState, action: Action) -> MuttsState:
    """Say what the dog on top of the home pile is, so Match! and Run! can be checked against it: after
    a pedigree round (the last breed card put down) or a dog played without its details."""
    if state.phase == Phase.FIRST_CARD:
        raise IllegalAction("There is no top card yet: the first card isn't down.")
    if state.phase == Phase.PEDIGREE:
        raise IllegalAction("The pedigree round is still on: name the top card when it is over.")
    if state.phase != Phase.PLAY:
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
    known_colour, known_number = top.get("colour"), top.get("number")
    if known_colour is not None and known_number is not None:
        raise IllegalAction(f"The top card is already known: {card_label(top)}.")
    for known, value in ((known_colour, colour), (known_number, number)):
        if value is not None and known is not None and known != value:
            raise IllegalAction(f"The top card is already {known}: undo the entry that said so to change it.")
    state.top = {"card": DOG, "colour": known_colour if colour is None else colour,
                 "number": known_number if number is None else number}
    count_if_known(state, state.top)
    return state


