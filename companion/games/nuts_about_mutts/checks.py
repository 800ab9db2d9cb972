"""Who may act: the seat an action names, whose turn it is, and the refusal that says what the table
is waiting for instead. Every rule calls these first."""

from __future__ import annotations

from typing import NoReturn

from companion.actions import Action
from companion.errors import IllegalAction

from .state import MuttsState, Phase


def seat_of(state: MuttsState, action: Action) -> int:
    if action.player is None:
        raise IllegalAction(f"Say who did it: a {action.type!r} needs the player's seat.")
    return action.player


def refuse_for_phase(state: MuttsState) -> NoReturn:
    """Raise the refusal that explains what the table is waiting for instead."""
    names = state.names
    if state.phase == Phase.BONE_RACE:
        raise IllegalAction("A Mutt is down: first record who lost the bone race.")
    if state.phase == Phase.PEDIGREE and state.pedigree is not None:
        seat = state.pedigree["order"][state.pedigree["step"]]
        raise IllegalAction(f"The pedigree round is on: it is {names[seat]}'s step "
                            f"(play all their cards of the breed, or draw one).")
    if state.phase == Phase.HAND_OVER:
        raise IllegalAction("This hand is over: deal the next hand (or end the game).")
    if state.phase == Phase.EVENING_OVER:
        raise IllegalAction("The game is over. Start a new game from the home screen.")
    raise IllegalAction("That can't happen now.")


def require_turn(state: MuttsState, seat: int, doing: str) -> None:
    if seat != state.turn:
        raise IllegalAction(f"{state.names[seat]} can't {doing} now: it is {state.names[state.turn]}'s turn.")
    if seat in state.dog_house:
        raise IllegalAction(f"{state.names[seat]} is in the dog house: draw until a card can be played, "
                            f"then record it as one dog-house turn.")
