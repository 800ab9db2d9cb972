"""Checks every rule shares: that the game is on and the action is by the player whose turn it is
(each rule calls `active_player` first), the turn's two actions, reading what an action names (a
card kind, a target player), and moving claimed cards from a hand face up onto the discard pile,
which the counts of each kind outside the pile must allow."""

from __future__ import annotations

from collections import Counter

from companion.actions import Action
from companion.errors import IllegalAction
from companion.words import counted, noun, only_counted

from .state import ACTIONS_PER_TURN, PugsState, label


def active_player(state: PugsState, action: Action) -> int:
    """The seat of the player taking `action`, refused unless the game is on and it is their turn."""
    if state.winner is not None:
        raise IllegalAction(f"The game is over: {state.names[state.winner]} has a Mug of every colour.")
    if action.player is None or not 0 <= action.player < state.players:
        raise IllegalAction(f"Say which player did this: it is {state.names[state.turn]}'s turn.")
    if action.player != state.turn:
        raise IllegalAction(f"{state.names[action.player]} can't play now: "
                            f"it is {state.names[state.turn]}'s turn.")
    return action.player


def use_action(state: PugsState, action: Action, doing: str) -> None:
    """Count `action` as one of the turn's two actions, refused when both are used."""
    if state.actions_used >= ACTIONS_PER_TURN:
        raise IllegalAction(f"{state.names[state.turn]} has used both actions; {doing} is not possible now. "
                            "End the turn.")
    state.this_turn.append(action.type)


def read_kind(action: Action, key: str, allowed: tuple[str, ...]) -> str:
    kind = action.get(key)
    if kind not in allowed:
        raise IllegalAction(f"{key} must be one of: {', '.join(label(k) for k in allowed)} (got {kind!r}).")
    return str(kind)


def is_seat(state: PugsState, target: object) -> bool:
    return isinstance(target, int) and not isinstance(target, bool) and 0 <= target < state.players


def read_target(state: PugsState, action: Action) -> int:
    target = action.get("target")
    if not is_seat(state, target):
        raise IllegalAction("Pick which player this is aimed at.")
    assert isinstance(target, int)
    if target == action.player:
        raise IllegalAction(f"{state.names[target]} can't aim this at themselves; pick another player.")
    return target


def spend_from_hand(state: PugsState, me: int, cards: Counter[str], what: str) -> None:
    """Move cards from the player's hand face up onto the discard pile, if the counts allow it."""
    name = state.names[me]
    if state.hands[me] < sum(cards.values()):
        raise IllegalAction(f"{name} holds {only_counted(state.hands[me], 'card')}, "
                            f"not enough for {what}.")
    for kind, count in cards.items():
        if state.outside_discard(kind) < count:
            made, discarded = state.counts[kind], state.discard[kind]
            raise IllegalAction(f"Only {counted(made, label(kind) + ' card')} {noun(made, 'exists', 'exist')} and "
                                f"{discarded} {noun(discarded, 'is', 'are')} already discarded, so {name} can't "
                                f"have {what}. Check the cards.")
    state.hands[me] -= sum(cards.values())
    for kind, count in cards.items():
        state.discard[kind] += count


def check_exists(state: PugsState, kind: str, what: str) -> None:
    if state.outside_discard(kind) < 1:
        made = state.counts[kind]
        every = "The only" if made == 1 else f"All {made}"
        raise IllegalAction(f"{every} {noun(made, label(kind) + ' card')} {noun(made, 'is', 'are')} on the discard pile, "
                            f"so {what} can't be one. Check the cards.")
