"""Normal turns: playing a card, drawing, the dog-house turn, and what each wild card does."""

from __future__ import annotations

from companion.actions import Action
from companion.errors import IllegalAction

from .cards import DOG, PlayedCard, card_label, edition, read_card
from .state import BONE_RACE, EVENING_OVER, FIRST_CARD, HAND_OVER, PEDIGREE, PLAY, MuttsState


# ----- who may act -------------------------------------------------------------------------------
def seat_of(state: MuttsState, action: Action) -> int:
    if action.player is None:
        raise IllegalAction(f"Say who did it: a {action.type!r} needs the player's seat.")
    return action.player


def refuse_for_phase(state: MuttsState) -> None:
    """Raise the refusal that explains what the table is waiting for instead."""
    names = state.names
    if state.phase == BONE_RACE:
        raise IllegalAction("A Mutt is down: first record who lost the bone race.")
    if state.phase == PEDIGREE:
        seat = state.pedigree["order"][state.pedigree["step"]]
        raise IllegalAction(f"The pedigree round is on: it is {names[seat]}'s step "
                            f"(play all their cards of the breed, or draw one).")
    if state.phase == HAND_OVER:
        raise IllegalAction("This hand is over: deal the next hand (or end the evening).")
    if state.phase == EVENING_OVER:
        raise IllegalAction("The evening is over. Start a new game from the home screen.")
    raise IllegalAction("That can't happen now.")


def require_turn(state: MuttsState, seat: int, doing: str) -> None:
    if seat != state.turn:
        raise IllegalAction(f"{state.names[seat]} can't {doing} now: it is {state.names[state.turn]}'s turn.")
    if seat in state.dog_house:
        raise IllegalAction(f"{state.names[seat]} is in the dog house: draw until a card can be played, "
                            f"then record it as one dog-house turn.")


# ----- drawing -----------------------------------------------------------------------------------
def reshuffle_home_pile(state: MuttsState) -> None:
    """All of the home pile but its top card becomes the new draw pile."""
    state.draw_pile += state.home_pile - 1
    state.home_pile = 1
    state.reshuffles += 1


def take_from_draw_pile(state: MuttsState, count: int) -> int:
    """Take `count` cards and return how many there were. When the draw pile runs out part-way, the
    home pile is reshuffled at that moment and the drawing goes on, as the sheet says: the top card
    then is the one that stays, so a Flea's or a Mutt's own card, already down, is the one kept."""
    taken = min(count, state.draw_pile)
    state.draw_pile -= taken
    if taken < count and state.home_pile > 1:
        reshuffle_home_pile(state)
        more = min(count - taken, state.draw_pile)
        state.draw_pile -= more
        taken += more
    return taken


def cards_to_draw(state: MuttsState) -> int:
    """Every card a draw could still reach: the draw pile and what a reshuffle would add to it."""
    return state.draw_pile + max(0, state.home_pile - 1)


def draw_one_each(state: MuttsState, seats: list[int]) -> list[int]:
    """Give one card to each seat in order; returns the seats that got one (all, unless every card is in a hand)."""
    taken = take_from_draw_pile(state, len(seats))
    for seat in seats[:taken]:
        state.hands[seat] += 1
    return seats[:taken]


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
    state.phase = PLAY
    if state.hands[seat] == 0:
        # The hand ends at once: a wild played as the last card has no further effect.
        state.home_pile += 1
        state.top = card.as_top()
        end_hand(state, seat)
        return
    if card.kind == "dog_house":
        place_dog_house(state, seat, card.target)
    else:
        state.home_pile += 1
        state.top = card.as_top()
    state.colour_to_follow = card.colour if card.is_wild else None
    state.turn = state.next_seat(seat)
    EFFECTS.get(card.kind, lambda *_: None)(state, seat, card)


def place_dog_house(state: MuttsState, seat: int, target: int) -> None:
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
    state.phase = BONE_RACE
    state.race = {"mutt_player": seat}


def _pedigree(state: MuttsState, seat: int, card: PlayedCard) -> None:
    order = [(seat + step) % state.players for step in range(1, state.players)] + [seat]
    state.phase = PEDIGREE
    state.pedigree = {"player": seat, "breed": card.breed, "order": order, "step": 0, "played": 0}


EFFECTS = {"flea": _flea, "fire_hydrant": _fire_hydrant, "mutt": _mutt, "pedigree": _pedigree}


def end_hand(state: MuttsState, winner: int) -> None:
    state.hand_results.append({"hand": state.hand_number, "dealer": state.dealer, "winner": winner,
                               "scores": list(state.hands)})
    state.race = None
    state.pedigree = None
    state.claimed_on_turn = False
    last = state.hands_in_evening and state.hand_number >= state.hands_in_evening
    state.phase = EVENING_OVER if last else HAND_OVER


# ----- the actions -------------------------------------------------------------------------------
def play(state: MuttsState, action: Action) -> MuttsState:
    seat = seat_of(state, action)
    if state.phase == FIRST_CARD:
        if state.first_card_rule == "flip":
            raise IllegalAction("In this edition the first card is flipped from the draw pile: record the flip first.")
        require_turn(state, seat, "start the home pile")
        put_down(state, seat, _card(state, action, "card"))
        return state
    if state.phase != PLAY:
        refuse_for_phase(state)
    require_turn(state, seat, "play")
    card = _card(state, action, "card")
    check_playable(state, card)
    put_down(state, seat, card)
    return state


def draw(state: MuttsState, action: Action) -> MuttsState:
    seat = seat_of(state, action)
    if state.phase == FIRST_CARD:
        raise IllegalAction(f"{state.names[state.turn]} starts the home pile with any card from their hand; "
                            f"nobody draws yet.")
    if state.phase != PLAY:
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
    if state.phase != PLAY:
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


def _card(state: MuttsState, action: Action, field: str) -> PlayedCard:
    return read_card(action, field, edition(state.edition), state.players)
