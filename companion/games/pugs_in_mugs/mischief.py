"""The rules for the Mischief cards: Surprise (another player discards a card; it uses none of the
turn's actions), Gimme (ask another player for a kind of card) and Dig (take a card back from the
discard pile). The app trusts the player about the cards, so far as the counts allow."""

from __future__ import annotations

from collections import Counter

from companion.actions import Action
from companion.errors import IllegalAction

from .checks import active_player, check_exists, read_kind, read_target, spend_from_hand, use_action
from .state import KINDS, PugsState, label


def surprise(state: PugsState, action: Action) -> PugsState:
    me = active_player(state, action)
    victim = read_target(state, action)
    card = read_kind(action, "card", KINDS)
    if state.hands[victim] == 0:
        raise IllegalAction(f"{state.names[victim]} has no cards to discard; surprise someone else.")
    spend_from_hand(state, me, Counter(["surprise"]), "a Surprise card")
    check_exists(state, card, f"{state.names[victim]}'s discarded card")
    state.hands[victim] -= 1
    state.discard[card] += 1  # Surprise uses none of the turn's two actions.
    return state


def gimme(state: PugsState, action: Action) -> PugsState:
    me = active_player(state, action)
    victim = read_target(state, action)
    named = read_kind(action, "named", KINDS)
    handed_over = action.get("handed_over")
    if not isinstance(handed_over, bool):
        raise IllegalAction(f"Say whether {state.names[victim]} handed a card over (handed_over true or false).")
    if handed_over and state.hands[victim] == 0:
        raise IllegalAction(f"{state.names[victim]} has no cards, so can't hand one over.")
    spend_from_hand(state, me, Counter(["gimme"]), "a Gimme card")
    if handed_over:
        check_exists(state, named, "the card handed over")
    use_action(state, action, "Gimme")
    if handed_over:
        state.hands[victim] -= 1
        state.hands[me] += 1
    return state


def dig(state: PugsState, action: Action) -> PugsState:
    me = active_player(state, action)
    card = read_kind(action, "card", KINDS)
    # The Dig goes on the discard pile after its effect, so it can't dig itself up.
    if state.discard[card] == 0:
        raise IllegalAction(f"There is no {label(card)} card in the discard pile to dig up.")
    spend_from_hand(state, me, Counter(["dig"]), "a Dig card")
    use_action(state, action, "Dig")
    state.discard[card] -= 1
    state.hands[me] += 1
    return state
