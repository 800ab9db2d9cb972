"""The draw pile and the home pile: a card laid on the home pile (and which dogs are known to be in
it), drawing (with the reshuffle it may need part-way) and the reshuffle the family records when the
draw pile runs out."""

from __future__ import annotations

from companion.actions import Action
from companion.errors import IllegalAction
from companion.words import counted

from .checks import refuse_for_phase
from .state import DOG, MuttsState, Phase, TopCard

RESHUFFLE_PHASES = (Phase.PLAY, Phase.BONE_RACE, Phase.PEDIGREE)


def dog_name(colour: str, number: int) -> str:
    return f"{colour} {number}"


def lay_on_home_pile(state: MuttsState, card: TopCard) -> None:
    """`card` goes on top of the home pile."""
    state.home_pile += 1
    state.top = card
    count_if_known(state, card)


def count_if_known(state: MuttsState, card: TopCard) -> None:
    """A dog on the home pile whose colour and number are both told is one of its copies accounted for."""
    colour, number = card.get("colour"), card.get("number")
    if card["card"] == DOG and colour is not None and number is not None:
        name = dog_name(colour, number)
        state.known_on_home_pile[name] = state.known_on_home_pile.get(name, 0) + 1


def copies_on_home_pile(state: MuttsState, colour: str, number: int) -> int:
    return state.known_on_home_pile.get(dog_name(colour, number), 0)


def reshuffle_home_pile(state: MuttsState) -> None:
    """All of the home pile but its top card becomes the new draw pile."""
    state.draw_pile += state.home_pile - 1
    state.home_pile = 1
    state.reshuffles += 1
    state.known_on_home_pile = {}
    if state.top is not None:
        count_if_known(state, state.top)


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


def reshuffle_allowed(state: MuttsState) -> bool:
    """The family may record the reshuffle the moment the draw pile is empty; a draw that needs a
    card does it by itself."""
    return state.phase in RESHUFFLE_PHASES and state.home_pile > 1 and state.draw_pile == 0


def reshuffle(state: MuttsState, action: Action) -> MuttsState:
    if state.phase not in RESHUFFLE_PHASES:
        if state.phase == Phase.FIRST_CARD:
            raise IllegalAction("There is nothing to reshuffle yet: the home pile hasn't started.")
        refuse_for_phase(state)
    if state.home_pile <= 1:
        raise IllegalAction("There is nothing to reshuffle: the home pile is just its top card.")
    if state.draw_pile > 0:
        raise IllegalAction(f"No reshuffle yet: the draw pile still has {counted(state.draw_pile, 'card')}. The home pile "
                            f"is reshuffled when the draw pile runs out (a draw that needs a card does it).")
    reshuffle_home_pile(state)
    return state
