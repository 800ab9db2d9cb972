"""Long work done off the screen's thread (reading a file from a USB stick, checking and saving its
games): how far it has got, for a progress bar, and the family's Cancel, which the work obeys at its
next step. Nothing here knows about screens; the screen passes in how to hear of progress."""

from __future__ import annotations

import threading
import time
from typing import Callable

from .errors import CompanionError

# Progress is told at most this often: the screen redraws a bar, not every move of a long file.
REPORT_EVERY_S = 0.05

Report = Callable[[str, "float | None"], None]


class Cancelled(CompanionError):
    """The family tapped Cancel; the work stopped and saved nothing."""


class Task:
    """One piece of long work, in stages: `begin` names a stage and how many steps it has, `advance`
    counts them off. Each raises Cancelled once `cancel` was called (from any thread), so the work
    stops at its next step; `report(doing, fraction)` hears where it is (fraction None: unknown)."""

    def __init__(self, report: Report | None = None, cancelled_words: str = "Cancelled: nothing was imported.") -> None:
        self._report = report
        self._cancelled = threading.Event()
        self._words = cancelled_words
        self.doing, self.done, self.total = "", 0, 0
        self._told_at = 0.0

    def cancel(self) -> None:
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def check(self) -> None:
        """Stop here (raise Cancelled) if the family cancelled."""
        if self._cancelled.is_set():
            raise Cancelled(self._words)

    def begin(self, doing: str, total: int = 0) -> None:
        self.doing, self.done, self.total = doing, 0, total
        self._tell(at_once=True)

    def advance(self, steps: int = 1) -> None:
        self.done += steps
        self._tell()

    def _tell(self, at_once: bool = False) -> None:
        self.check()
        if self._report is None:
            return
        now = time.monotonic()
        if not at_once and now - self._told_at < REPORT_EVERY_S:
            return
        self._told_at = now
        self._report(self.doing, min(1.0, self.done / self.total) if self.total > 0 else None)
