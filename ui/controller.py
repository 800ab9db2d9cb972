"""The link between a screen and a saved session. Kivy-free, so the crash-test driver and the tests
use exactly the path a tap takes: every action goes through `perform`, refusals become messages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from companion.actions import Action
from companion.errors import CompanionError
from companion.outcome import Outcome
from companion.players import Player
from companion.session import Session
from companion.store import Store


@dataclass(frozen=True)
class Notice:
    """What listeners are told besides a change: a message (a refusal, or what a change did), or with no
    text, that a tap was taken with nothing recorded yet (a picker opened, a choice made on it)."""

    text: str
    problem: bool


class GameController:
    """`race_runner`, when the app has one, referees buzzer races for the game views:
    `race_runner.run(kind, seats, on_result)` with kind "bones" or "claim" and the seats taking part;
    it shows the cue and the result, and calls `on_result(decision)` on the Kivy thread once the family
    accepts it, where `decision` is a dict in seat numbers: winners (in order), losers, ties,
    false_starts, stuck, margins_ms, plus the race log. A view without a runner asks who lost instead."""

    def __init__(self, session: Session, race_runner: Any = None, store: Store | None = None):
        self.session = session
        self.race_runner = race_runner
        self._store = store   # where the pads' draft is kept: none for a table in memory only (a fix)
        self._listeners: list[Callable[[Notice | None], None]] = []

    @property
    def players(self) -> tuple[Player, ...]:
        return self.session.players

    @property
    def outcome(self) -> Outcome:
        """Who won, each seat's score and place: what a view shows of the result, in the one shape
        every game shares (the summary is for the rest of a game's own table)."""
        return self.session.outcome

    def subscribe(self, listener: Callable[[Notice | None], None]) -> None:
        """`listener(notice)` runs after every change (notice None), every refusal (a Notice), and every tap
        taken without a move (a Notice with no text)."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[Notice | None], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _tell(self, notice: Notice | None) -> None:
        for listener in list(self._listeners):
            listener(notice)

    def perform(self, action: Action) -> bool:
        """True once the action is saved and shown; False (with a message) when it was refused."""
        return self._attempt(lambda: self.session.perform(action))

    def explain(self, reason: str) -> None:
        """Say why a greyed choice can't be taken, the way a refusal would; nothing is recorded."""
        self._tell(Notice(reason, problem=True))

    def taken(self) -> None:
        """A tap on the pads was taken with nothing recorded yet: a refusal still shown answered an
        earlier tap, and is stale now."""
        self._tell(Notice("", problem=False))

    @property
    def draft(self) -> dict[str, Any] | None:
        """What the pads held, told but no move yet, when the game was last on screen (a layout half
        painted), or None."""
        if self._store is None or self.session.id is None:
            return None
        return self._store.draft(self.session.id)

    def keep_draft(self, doc: dict[str, Any] | None) -> None:
        """Saved as a move is, before it counts as shown; where it cannot be (a failing card) the family
        is told, and the pads keep it on screen all the same."""
        if self._store is None or self.session.id is None:
            return
        try:
            self._store.keep_draft(self.session.id, doc)
        except CompanionError as problem:
            self._tell(Notice(str(problem), problem=True))

    def undo(self) -> bool:
        undone = self.session.next_undo_text
        return self._attempt(self.session.undo, success=f"Undone: {undone}" if undone else None)

    def redo(self) -> bool:
        return self._attempt(self.session.redo, success=lambda _: f"Redone: {self.session.last_line}")

    def fix(self, move: int, action: Action) -> bool:
        """Move `move` told again; every total after it follows. False (with the reason) if refused."""
        # Said from the fix's own line, not the whole history: the lines after the fixed move are written
        # anew only when the history is next read.
        before = self.outcome.scores
        return self._attempt(lambda: self.session.fix(move, action),
                             success=lambda line: f"{line.text}. {self._scores_changed(before)}")

    def _scores_changed(self, before: tuple[int | None, ...]) -> str:
        """Which scores a fix changed, as they now stand: mid-hand a table may show no totals at all."""
        changed = [f"{player.name} {now} (was {was})" for player, was, now in zip(self.players, before, self.outcome.scores)
                   if was != now and was is not None and now is not None]
        return f"Scores now: {', '.join(changed)}." if changed else "No score changed."

    def _attempt(self, change: Callable[[], Any], success: str | Callable[[Any], str] | None = None) -> bool:
        """`success` is the message once the change is made, or what writes it from what the change returned."""
        try:
            done = change()
        except CompanionError as refusal:
            self._tell(Notice(str(refusal), problem=True))
            return False
        text = success(done) if callable(success) else success
        self._tell(Notice(text, problem=False) if text else None)
        return True
