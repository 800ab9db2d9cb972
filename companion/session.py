"""A game session: an append-only log of actions whose replay is the game state.

The log holds three kinds of entry: `do` (an action the players told the app), `undo` and `redo`.
Undo is itself logged rather than deleting anything, so a crash between any two entries resumes to
exactly the state the players last saw, and the history can say what was taken back.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .actions import Action
from .errors import IllegalAction, NothingToUndo
from .game import Game
from .outcome import Outcome
from .players import Player, check_table

DO, UNDO, REDO = "do", "undo", "redo"


@dataclass(frozen=True)
class HistoryLine:
    number: int
    text: str
    player: int | None


class Session:
    """Applies actions through the game's rules and persists each one before acknowledging it.

    `persist(kind, action, resulting_state)` is called after the rules accept an action and before
    the session changes; if it raises, the action is not acknowledged and the state stays as it was.
    """

    def __init__(self, game: Game, players: Sequence[Player], options: dict[str, Any] | None = None,
                 *, persist: Callable[[str, Action | None, Any], None] | None = None):
        self.game = game
        self.players: tuple[Player, ...] = tuple(players)
        self.options = game.check_options(options)
        game.check_players(self.players, self.options)
        check_table(self.players)
        self._persist = persist or _forget
        self.id: int | None = None  # the store's session number once saved
        self._states: list[Any] = [game.start(self.players, self.options)]
        self._actions: list[Action] = []
        self._lines: list[str] = []
        self._redo: list[Action] = []

    # ----- reading -------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    @property
    def can_undo(self) -> bool:
        return bool(self._actions)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def next_undo_text(self) -> str | None:
        return self._lines[-1] if self._lines else None

    @property
    def next_redo(self) -> Action | None:
        return self._redo[-1] if self._redo else None

    def history(self) -> list[HistoryLine]:
        return [HistoryLine(number, text, action.player)
                for number, (text, action) in enumerate(zip(self._lines, self._actions), start=1)]

    def summary(self) -> dict[str, Any]:
        return self.game.summary(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def outcome(self) -> Outcome:
        return self.game.outcome(self.state)

    def check(self, action: Action) -> Any:
        """The state `action` would lead to, without recording it; raises IllegalAction if refused."""
        if self.is_over:
            raise IllegalAction("This game is over. Start a new game from the home screen.")
        if action.player is not None and not 0 <= action.player < len(self.players):
            raise IllegalAction(f"There is no player in seat {action.player}.")
        return self.game.apply(copy.deepcopy(self.state), action)

    # ----- changing ------------------------------------------------------------------------
    def perform(self, action: Action) -> Any:
        new_state = self.check(action)
        line = self.game.describe(self.state, action, self.players)
        self._persist(DO, action, new_state)
        self._push(action, new_state, line)
        self._redo.clear()
        return new_state

    def undo(self) -> Action:
        if not self._actions:
            raise NothingToUndo("Nothing to undo yet.")
        self._persist(UNDO, None, self._states[-2])
        return self._pop()

    def redo(self) -> Action:
        if not self._redo:
            raise NothingToUndo("Nothing to redo.")
        action = self._redo[-1]
        # Re-checked because a redo must obey the same rules as the first time.
        new_state = self.check(action)
        line = self.game.describe(self.state, action, self.players)
        self._persist(REDO, None, new_state)
        self._redo.pop()
        self._push(action, new_state, line)
        return action

    def _push(self, action: Action, state: Any, line: str) -> None:
        self._actions.append(action)
        self._states.append(state)
        self._lines.append(line)

    def _pop(self) -> Action:
        action = self._actions.pop()
        self._states.pop()
        self._lines.pop()
        self._redo.append(action)
        return action

    # ----- rebuilding from a log -----------------------------------------------------------
    def replay_entries(self, entries: Sequence[tuple[str, Action | None]]) -> None:
        """Rebuild from stored entries without persisting them again."""
        saved, self._persist = self._persist, _forget
        try:
            for kind, action in entries:
                if kind == DO:
                    self.perform(action)
                elif kind == UNDO:
                    self.undo()
                elif kind == REDO:
                    self.redo()
                else:
                    raise ValueError(f"unknown log entry kind {kind!r}")
        finally:
            self._persist = saved


def _forget(kind: str, action: Action | None, state: Any) -> None:
    """The persist hook of a session kept only in memory (tests, replay-game)."""
