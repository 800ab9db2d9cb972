"""How many touches each recorded move took: the taps and big-button presses since the previous move,
counted against the move the app recorded. Touches that only look back or move about (Undo, Redo,
Home, Resume, History, Rules) belong to no move, so they start the count again instead."""

from __future__ import annotations

from dataclasses import dataclass, field
from statistics import median

# Words on buttons that never make a move; the count restarts after them.
NOT_A_MOVE = frozenset({"Undo", "Redo", "Home", "Resume", "History", "Rules", "Close", "Back to the table"})


@dataclass
class MoveCost:
    taps: list[int] = field(default_factory=list)
    presses: list[int] = field(default_factory=list)

    def as_report(self) -> dict:
        touches = [taps + presses for taps, presses in zip(self.taps, self.presses)]
        return {"count": len(touches), "median_taps": median(self.taps), "median_presses": median(self.presses),
                "median_touches": median(touches), "most_touches": max(touches)}


class MoveTally:
    def __init__(self) -> None:
        self.costs: dict[str, MoveCost] = {}
        self._session_id = None
        self._moves_seen = 0
        self._taps = self._presses = 0

    def pressed(self) -> None:
        """A big button was let go; the move it makes is looked for at the next `check`."""
        self._presses += 1

    def tapped(self, session, label: str = "") -> None:
        self._taps += 1
        self.check(session, label)

    def check(self, session, label: str = "") -> None:
        """After the app has settled: `session` is the game on screen (or None)."""
        if session is None or label in NOT_A_MOVE or session.id != self._session_id:
            self._restart(session)
            return
        moves = len(session.actions)
        if moves > self._moves_seen:
            cost = self.costs.setdefault(session.actions[-1].type, MoveCost())
            cost.taps.append(self._taps)
            cost.presses.append(self._presses)
            self._restart(session)
        elif moves < self._moves_seen:
            self._restart(session)

    def _restart(self, session) -> None:
        self._session_id = None if session is None else session.id
        self._moves_seen = 0 if session is None else len(session.actions)
        self._taps = self._presses = 0

    def report(self) -> dict:
        return {move: cost.as_report() for move, cost in sorted(self.costs.items())}
