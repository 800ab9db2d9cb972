"""Telling short presses from long ones on the players' big buttons, from the edges' own timestamps
(so a slow frame never turns a short press into a long one). Kivy-free."""

from __future__ import annotations

from dataclasses import dataclass


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
