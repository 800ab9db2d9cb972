"""The rules for the turn itself: drawing a card (shuffling the discard pile into a new Pug Deck
when the deck is empty) and ending the turn, discarding down to the hand limit."""

from __future__ import annotations

from collections import Counter

from companion.actions import Action
from companion.errors import IllegalAction
from companion.words import counted, noun

from .checks import active_player, spend_from_hand, use_action
from .state import ACTIONS_PER_TURN, HAND_LIMIT, KINDS, PugsState


def draw(state: PugsState, action: Action) -> PugsState:
    me = active_player(state, action)
    if state.deck == 0 and sum(state.discard.values()) == 0:
        raise IllegalAction("There are no cards left to draw; choose another action.")
    use_action(state, action, "drawing")
    if state.deck == 0:
        state.deck = sum(state.discard.values())
        state.discard = {kind: 0 for kind in KINDS}
        state.reshuffles += 1
    state.deck -= 1
    state.hands[me] += 1
    return state


def end_turn(state: PugsState, action: Action) -> PugsState:
    me = active_player(state, action)
    name = state.names[me]
    if state.actions_used < ACTIONS_PER_TURN:
        left = ACTIONS_PER_TURN - state.actions_used
        raise IllegalAction(f"{name} still has {counted(left, 'action')} to take before ending "
                            "the turn (drawing a card is always an option).")
    discards = action.get("discards") or []
    if not isinstance(discards, list):
        raise IllegalAction("List the discarded cards, e.g. [\"red\", \"dig\"].")
    needed = state.must_discard(me)
    if len(discards) != needed:
        held = counted(state.hands[me], "card")
        raise IllegalAction(f"{name} holds {held} and must discard exactly {needed} "
                            f"to get down to {HAND_LIMIT}; name {noun(needed, 'it', 'them')}."
                            if needed else f"{name} holds {held}, so discards nothing.")
    for kind in discards:
        if kind not in KINDS:
            raise IllegalAction(f"{kind!r} is not a card; cards are {', '.join(KINDS)}.")
    spend_from_hand(state, me, Counter(discards), "those cards")
    state.this_turn = []
    state.turn = (me + 1) % state.players
    return state
