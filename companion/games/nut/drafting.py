"""The Nut column draft: three face-up columns of one card per player. The player holding the deck
refills any short column, takes a card from one column, and every other player in turn takes a card
from that same column; then the deck passes left."""

from __future__ import annotations

from typing import Any

from companion.actions import Action
from companion.errors import IllegalAction

from .state import COLUMNS, KINDS, UNKNOWN, NutState, Phase


def pick(state: NutState, action: Action, seat: int) -> NutState:
    name = state.names[seat]
    if state.phase != Phase.DRAFT or state.turn is None:
        raise IllegalAction(f"Every card has been drafted, {name}: now score each layout.")
    if seat != state.turn:
        raise IllegalAction(f"{name} can't pick now: it is {state.names[state.turn]}'s pick.")
    column = action.get("column")
    if isinstance(column, bool) or column not in range(1, COLUMNS + 1):
        raise IllegalAction(f"{name}, say which column you took a card from: 1, 2 or 3.")
    if state.round_column is not None and column != state.round_column:
        raise IllegalAction(f"This round's cards come from column {state.round_column}: "
                            f"{name} must pick from column {state.round_column} too.")
    if state.columns[column - 1] == 0:
        others = [str(number) for number, cards in enumerate(state.columns, start=1) if cards]
        raise IllegalAction(f"Column {column} is empty: {name} can pick from column {' or '.join(others)}.")
    kind = _checked_kind(state, action.get("kind"), name)
    state.columns[column - 1] -= 1
    state.picks[seat] += 1
    state.kinds[seat][kind] += 1
    state.round_column = column
    state.round_picks += 1
    if state.round_picks == state.seats or state.columns[column - 1] == 0:
        _pass_deck(state)
    else:
        state.turn = (state.turn + 1) % state.seats
    return state


def kinds_left(state: NutState) -> list[str]:
    """The kinds of card some of which are still to be drafted."""
    return [kind for kind, left in cards_left_by_kind(state).items() if left > 0]


def kind_refusals(state: NutState) -> dict[str, str]:
    """Each kind the card being picked now cannot be, with the words a pick of it would be refused
    with: every card of that kind is already drafted."""
    if state.phase != Phase.DRAFT or state.turn is None:
        return {}
    refusals = {}
    for kind in KINDS:
        try:
            _checked_kind(state, kind, state.names[state.turn])
        except IllegalAction as refused:
            refusals[kind] = str(refused)
    return refusals


def cards_left_by_kind(state: NutState) -> dict[str, int]:
    """How many cards of each kind are still to be drafted (picks of an unsaid kind not taken off)."""
    return {kind: state.kind_totals[kind] - sum(drafted[kind] for drafted in state.kinds) for kind in KINDS}


def pickable_columns(state: NutState) -> list[int]:
    """The columns (1-based) the card being picked now may come from: this round's, once its holder
    chose one, else any with cards in it; none once the draft is over."""
    if state.phase != Phase.DRAFT or state.turn is None:
        return []
    if state.round_column is not None:
        return [state.round_column]
    return [number for number, cards in enumerate(state.columns, start=1) if cards]


def refill(state: NutState) -> None:
    """The holder deals into each short column until it holds one card per player, or the deck runs out."""
    state.refilled = [0] * COLUMNS
    for index, cards in enumerate(state.columns):
        dealt = min(state.seats - cards, state.deck)
        state.columns[index] += dealt
        state.deck -= dealt
        state.refilled[index] = dealt


def _checked_kind(state: NutState, kind: Any, name: str) -> str:
    if kind is None:
        return UNKNOWN
    if kind not in KINDS:
        raise IllegalAction(f"A Nut card is standard, squirrel or wild, not {kind!r}.")
    drafted = sum(kinds[kind] for kinds in state.kinds)
    if drafted >= state.kind_totals[kind]:
        others = " or ".join(other for other in KINDS if other != kind)
        raise IllegalAction(f"All {state.kind_totals[kind]} {kind} cards are already drafted; "
                            f"check {name}'s card: is it {others}?")
    return str(kind)


def _pass_deck(state: NutState) -> None:
    state.holder = (state.holder + 1) % state.seats
    state.round += 1
    state.round_column = None
    state.round_picks = 0
    refill(state)
    if state.deck == 0 and not any(state.columns):
        state.phase, state.turn = Phase.SCORING, None
    else:
        state.turn = state.holder
