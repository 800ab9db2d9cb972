"""A game session: an append-only log of actions whose replay is the game state.

The log holds three kinds of entry: `do` (an action the players told the app), `undo` and `redo`.
Undo is itself logged rather than deleting anything, so a crash between any two entries resumes to
exactly the state the players last saw, and the history can say what was taken back.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .actions import Action
from .errors import IllegalAction, NothingToUndo
from .game import Game
from .outcome import Outcome
from .players import Player, check_table

DO, UNDO, REDO = "do", "undo", "redo"
# Moves between two kept states: undo replays at most this many.
SNAPSHOT_EVERY = 32


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

    def __init__(self, game: Game[Any], players: Sequence[Player], options: dict[str, Any] | None = None,
                 *, persist: Callable[[str, Action | None, Any], None] | None = None) -> None:
        self.game = game
        self.players: tuple[Player, ...] = tuple(players)
        self.options = game.check_options(options)
        game.check_players(self.players, self.options)
        check_table(self.players)
        self._persist = persist or _forget
        self.id: int | None = None  # the store's session number once saved
        start = game.start(self.players, self.options)
        self._state = start
        # States after 0, N, 2N... actions: undo replays at most N actions from the nearest one, and a
        # long evening keeps a handful of states instead of one per move. States are never changed
        # once made (every move works on a copy), so keeping a reference is keeping the state.
        self._snapshots: dict[int, Any] = {0: start}
        self._actions: list[Action] = []
        # A history line per move; None for moves replayed at resume, written when first read.
        self._lines: list[str | None] = []
        self._redo: list[Action] = []

    # ----- reading -------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._state

    def state_before_last(self) -> Any:
        """The state before the last move: what Undo would go back to."""
        return self.state_after(len(self._actions) - 1)

    def state_after(self, moves: int) -> Any:
        """The state after the first `moves` moves in effect, replayed from the nearest snapshot."""
        if moves == len(self._actions):
            return self._state
        start = self._nearest_snapshot(moves)
        state = self._snapshots[start]
        if start == moves:
            return state
        state = copy.deepcopy(state)
        for action in self._actions[start:moves]:
            state = self.game.apply(state, action)
        return state

    def _nearest_snapshot(self, moves: int) -> int:
        return max(index for index in self._snapshots if index <= moves)

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
        return self._line(len(self._actions) - 1) if self._actions else None

    @property
    def next_redo(self) -> Action | None:
        return self._redo[-1] if self._redo else None

    def history(self) -> list[HistoryLine]:
        self._write_missing_lines()
        return [HistoryLine(index + 1, self._line(index), action.player) for index, action in enumerate(self._actions)]

    def _line(self, index: int) -> str:
        line = self._lines[index]
        if line is None:
            before = self.state_after(index)
            after = self.state_after(index + 1)
            line = self._lines[index] = self.game.describe(before, self._actions[index], after, self.players)
        return line

    def _write_missing_lines(self) -> None:
        """Every line not yet written, in one walk from the nearest kept state before the first."""
        missing = [index for index, line in enumerate(self._lines) if line is None]
        if not missing:
            return
        start = self._nearest_snapshot(missing[0])
        state = self._snapshots[start]
        for index in range(start, missing[-1] + 1):
            action = self._actions[index]
            after = self.game.apply(copy.deepcopy(state), action)
            if self._lines[index] is None:
                self._lines[index] = self.game.describe(state, action, after, self.players)
            state = after

    def summary(self) -> Mapping[str, object]:
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
        return self._apply(copy.deepcopy(self.state), action)

    def _apply(self, state: Any, action: Action) -> Any:
        """`action` applied to `state`, which the rules may change in place: only ever a private copy."""
        if action.player is not None and not 0 <= action.player < len(self.players):
            raise IllegalAction(f"There is no player in seat {action.player}.")
        return self.game.apply(state, action)

    # ----- changing ------------------------------------------------------------------------
    def perform(self, action: Action) -> Any:
        new_state = self.check(action)
        line = self.game.describe(self.state, action, new_state, self.players)
        self._persist(DO, action, new_state)
        self._push(action, new_state, line)
        self._redo.clear()
        return new_state

    def undo(self) -> Action:
        if not self._actions:
            raise NothingToUndo("Nothing to undo yet.")
        previous = self.state_before_last()
        self._persist(UNDO, None, previous)
        return self._pop(previous)

    def redo(self) -> Action:
        if not self._redo:
            raise NothingToUndo("Nothing to redo.")
        action = self._redo[-1]
        # Re-checked because a redo must obey the same rules as the first time.
        new_state = self.check(action)
        line = self.game.describe(self.state, action, new_state, self.players)
        self._persist(REDO, None, new_state)
        self._redo.pop()
        self._push(action, new_state, line)
        return action

    def _push(self, action: Action, state: Any, line: str | None) -> None:
        self._actions.append(action)
        self._lines.append(line)
        self._state = state
        if len(self._actions) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(self._actions)] = state

    def _pop(self, previous: Any) -> Action:
        self._snapshots.pop(len(self._actions), None)
        action = self._actions.pop()
        self._lines.pop()
        self._state = previous
        self._redo.append(action)
        return action

    # ----- rebuilding from a log -----------------------------------------------------------
    def replay_entries(self, entries: Sequence[tuple[str, Action | None]]) -> None:
        """Rebuild from stored entries without persisting them again. A run of moves is applied to one
        working copy, copied only at each snapshot, so a long evening resumes in time proportional to
        its length rather than to its length times the size of the state."""
        saved, self._persist = self._persist, _forget
        working = None  # a private copy of the current state, changed in place by a run of moves
        try:
            for kind, action in entries:
                if kind == DO:
                    if action is None:
                        raise ValueError("a move in the log has no action")
                    if working is None:
                        if self.is_over:
                            raise IllegalAction("This game is over. Start a new game from the home screen.")
                        working = copy.deepcopy(self._state)
                    elif self.game.is_over(working):
                        raise IllegalAction("This game is over. Start a new game from the home screen.")
                    working = self._apply(working, action)
                    self._actions.append(action)
                    self._lines.append(None)
                    self._redo.clear()
                    if len(self._actions) % SNAPSHOT_EVERY == 0:
                        self._snapshots[len(self._actions)] = copy.deepcopy(working)
                    continue
                if working is not None:
                    self._state, working = working, None
                if kind == UNDO:
                    self.undo()
                elif kind == REDO:
                    self.redo()
                else:
                    raise ValueError(f"unknown log entry kind {kind!r}")
            if working is not None:
                self._state = working
        finally:
            self._persist = saved


def _forget(kind: str, action: Action | None, state: Any) -> None:
    """The persist hook of a session kept only in memory (tests, replay-game)."""
