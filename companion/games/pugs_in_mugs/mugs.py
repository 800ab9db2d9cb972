"""The rules for winning Mugs: exchanging three Pugs of a colour for its Mug (a player's fifth colour
wins the game), and stealing another player's Mug with one Pug of every colour."""

from __future__ import annotations

from collections import Counter

from companion.actions import Action
from companion.errors import IllegalAction
from companion.words import only_counted

from .checks import active_player, read_kind, read_target, spend_from_hand, use_action
from .state import COLOURS, PUGS_PER_MUG, PugsState, label


def exchange(state: PugsState, action: Action) -> PugsState:
    me = active_player(state, action)
    name = state.names[me]
    colour = read_kind(action, "colour", COLOURS)
    if state.hands[me] < PUGS_PER_MUG:
        # Said of no colour in particular: too few cards is too few for every colour, and the greyed
        # Exchange button gives this reason before any colour is chosen.
        raise IllegalAction(f"A Mug takes three Pugs of one colour, and {name} holds "
                            f"{only_counted(state.hands[me], 'card')}.")
    if colour in state.mugs[me]:
        raise IllegalAction(f"{name} already has a {label(colour)} Mug; only one Mug of each colour.")
    if state.mug_supply(colour) == 0:
        raise IllegalAction(f"There are no {label(colour)} Mugs left to take.")
    spend_from_hand(state, me, Counter({colour: PUGS_PER_MUG}), f"three {label(colour)} Pugs")
    use_action(state, action, "an exchange")
    state.mugs[me].append(colour)
    if len(state.mugs[me]) == len(COLOURS):
        state.winner = me
    return state


def steal(state: PugsState, action: Action) -> PugsState:
    me = active_player(state, action)
    name = state.names[me]
    victim = read_target(state, action)
    colour = read_kind(action, "colour", COLOURS)
    if colour in state.mugs[me]:
        raise IllegalAction(f"{name} already has a {label(colour)} Mug, so can't steal another.")
    if colour not in state.mugs[victim]:
        raise IllegalAction(f"{state.names[victim]} has no {label(colour)} Mug to steal.")
    if len(state.mugs[me]) == len(COLOURS) - 1:
        raise IllegalAction(f"A steal can't win the game: {name} needs the last {label(colour)} Mug "
                            "from an exchange of three Pugs.")
    spend_from_hand(state, me, Counter(COLOURS), "one Pug of every colour")
    use_action(state, action, "stealing")
    state.mugs[victim].remove(colour)
    state.mugs[me].append(colour)
    return state
