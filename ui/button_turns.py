"""Moves from the players' big buttons: short presses told from long ones by the edges' own timestamps
(so a slow frame never turns a short press into a long one), what a table view answers to a press, and
the bases a view declares itself by. Kivy-free."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ButtonPress:
    button: int
    long: bool
    held_ms: float


class PressTimer:
    def __init__(self, long_press_ms: float):
        self.long_press_ns = int(long_press_ms * 1e6)
        self._down_at: dict[int, int] = {}

    def edge(self, button: int, pressed: bool, t_ns: int) -> ButtonPress | None:
        """A finished press when `button` is released, else None."""
        if pressed:
            self._down_at.setdefault(button, t_ns)
            return None
        started = self._down_at.pop(button, None)
        if started is None:
            return None  # released without a press seen (held since before the screen opened)
        held = t_ns - started
        return ButtonPress(button, held >= self.long_press_ns, held / 1e6)


@dataclass(frozen=True)
class ButtonAnswer:
    """What a table view did with a press of a player's own big button. `turn_of` is whose turn it is
    when the press came from someone else; `reason`, after the presser's name, says why a press of the
    right player was not taken."""

    taken: bool
    turn_of: int | None = None
    reason: str | None = None

    @classmethod
    def not_your_turn(cls, turn_of: int) -> ButtonAnswer:
        return cls(False, turn_of=turn_of)

    @classmethod
    def refused(cls, reason: str) -> ButtonAnswer:
        return cls(False, reason=reason)


class TakesTurnButtons:
    """Declared by a table view that records moves from the players' own big buttons (a base class, so
    the game screen asks `isinstance`, never whether a method happens to exist)."""

    def on_big_button(self, seat: int, long_press: bool) -> ButtonAnswer:
        raise NotImplementedError

    def show_big_button_help(self) -> None:
        """Write on screen what a short and a long press record, so nobody has to remember it."""
        raise NotImplementedError


class TakesClaims:
    """Declared by a table view where players claim out of turn by slamming their button (a race)."""

    def claim_seats_open(self) -> list[int]:
        raise NotImplementedError

    def on_claim_won(self, decision: dict[str, Any]) -> None:
        raise NotImplementedError
