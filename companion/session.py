"""A game session: an append-only log of actions whose replay is the game state.

The log holds four kinds of entry: `do` (an action the players told the app), `undo`, `redo` and `fix`
(an earlier move corrected, every move after it replayed on top). Undo is itself logged rather than
deleting anything, so a crash between any two entries resumes to exactly the state the players last
saw, and the history can say what was taken back and what was corrected.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .actions import Action, Fix
from .errors import IllegalAction, NothingToUndo
from .game import Game
from .outcome import Outcome
from .players import Player, check_table

DO, UNDO, REDO, FIX = "do", "undo", "redo", "fix"
# Moves between two kept states: undo replays at most this many.
SNAPSHOT_EVERY = 32


@dataclass(frozen=True)
class HistoryLine:
    """A move, numbered from 1; or, with `fix`, the correction of move `number`, listed where it was made."""

    number: int
    text: str
    player: int | None
    fix: bool = False


@dataclass(frozen=True)
class _Fixed:
    """A fix in effect: made after the first `after` moves; `was` is what the move said before, for Undo."""

    after: int
    move: int
    was: Action
    now: Action
    line: HistoryLine


Persist = Callable[[str, "Action | Fix | None", Any], None]


class Session:
    """Applies actions through the game's rules and persists each one before acknowledging it.

    `persist(kind, action, resulting_state)` is called after the rules accept an action and before
    the session changes; if it raises, the action is not acknowledged and the state stays as it was.
    """

    def __init__(self, game: Game[Any], players: Sequence[Player], options: dict[str, Any] | None = None,
                 *, persist: Persist | None = None) -> None:
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
        self._fixes: list[_Fixed] = []
        self._redo: list[Action | Fix] = []

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
        fixed = self._last_fix()
        if fixed is not None:
            return f"the fix of move {fixed.move}"
        return self._line(len(self._actions) - 1) if self._actions else None

    @property
    def next_redo(self) -> Action | Fix | None:
        return self._redo[-1] if self._redo else None

    def history(self) -> list[HistoryLine]:
        """Every move in effect, as it now stands, with each fix in effect listed where it was made."""
        self._write_missing_lines()
        lines: list[HistoryLine] = []
        fixes = iter(self._fixes)
        pending = next(fixes, None)
        for index, action in enumerate(self._actions):
            while pending is not None and pending.after == index:
                lines.append(pending.line)
                pending = next(fixes, None)
            lines.append(HistoryLine(index + 1, self._line(index), action.player))
        while pending is not None:
            lines.append(pending.line)
            pending = next(fixes, None)
        return lines

    def _last_fix(self) -> _Fixed | None:
        """The fix Undo would take back: one made after every move now in effect."""
        if self._fixes and self._fixes[-1].after == len(self._actions):
            return self._fixes[-1]
        return None

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

    def fix(self, move: int, action: Action) -> HistoryLine:
        """Move `move` (1 is the first) was really `action`: every move after it is replayed on top.
        Refused, with nothing changed, when the new move or any later one no longer fits the rules.
        Returns the history's line for the fix."""
        count = len(self._actions)
        if not 1 <= move <= count:
            moves = "there are no moves yet" if not count else f"the moves are 1 to {count}"
            raise IllegalAction(f"There is no move {move} to fix: {moves}.")
        if action == self._actions[move - 1]:
            raise IllegalAction(f"Move {move} already says that, so there is nothing to fix.")
        line = self._fix(Fix(move, action), FIX)
        self._redo.clear()
        return line

    def _fix(self, fix: Fix, kind: str) -> HistoryLine:
        was, was_text = self._refit(fix, kind)
        now_text = self._line(fix.move - 1)
        text = f'Fixed move {fix.move}: it said "{was_text}"; now "{now_text}"'
        line = HistoryLine(fix.move, text, fix.action.player, fix=True)
        self._fixes.append(_Fixed(len(self._actions), fix.move, was, fix.action, line))
        return line

    def _refit(self, fix: Fix, kind: str) -> tuple[Action, str]:
        """Move `fix.move` replaced and every later move replayed on top, persisted as `kind`; returns
        what the move was and said before."""
        index = fix.move - 1
        state, snapshots = self._replayed_with(index, fix.action)
        was, was_text = self._actions[index], self._line(index)
        self._persist(kind, fix if kind == FIX else None, state)
        self._actions[index] = fix.action
        self._snapshots, self._state = snapshots, state
        self._lines[index:] = [None] * (len(self._lines) - index)
        return was, was_text

    def _replayed_with(self, index: int, replacement: Action) -> tuple[Any, dict[int, Any]]:
        """The state after every move with move `index` (from 0) replaced, and the states to keep;
        raises IllegalAction naming the first move that no longer fits."""
        start = self._nearest_snapshot(index)
        snapshots = {at: state for at, state in self._snapshots.items() if at <= index}
        state = copy.deepcopy(self._snapshots[start])
        count = len(self._actions)
        for at in range(start, count):
            if at > index and self.game.is_over(state):
                later = f"move {count} was" if at + 1 == count else f"moves {at + 1} to {count} were"
                raise IllegalAction(f"With move {index + 1} changed that way the game ends after move {at}, yet "
                                    f"{later} played after it. Undo those first if they should not have happened.")
            try:
                state = self._apply(state, replacement if at == index else self._actions[at])
            except IllegalAction as refusal:
                if at == index:
                    raise
                raise IllegalAction(f"Move {index + 1} cannot be changed that way: move {at + 1} "
                                    f'("{self._line(at)}") would no longer fit. {refusal}') from None
            if (at + 1) % SNAPSHOT_EVERY == 0 and at + 1 > index:
                snapshots[at + 1] = copy.deepcopy(state)
        return state, snapshots

    def undo(self) -> Action | Fix:
        fixed = self._last_fix()
        if fixed is not None:
            self._refit(Fix(fixed.move, fixed.was), UNDO)
            self._fixes.pop()
            undone = Fix(fixed.move, fixed.now)
            self._redo.append(undone)
            return undone
        if not self._actions:
            raise NothingToUndo("Nothing to undo yet.")
        previous = self.state_before_last()
        self._persist(UNDO, None, previous)
        return self._pop(previous)

    def redo(self) -> Action | Fix:
        if not self._redo:
            raise NothingToUndo("Nothing to redo.")
        entry = self._redo[-1]
        if isinstance(entry, Fix):
            # Re-checked like any redo; it fits, since every move after it is the same as when it was made.
            self._fix(entry, REDO)
            self._redo.pop()
            return entry
        action = entry
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
    def replay_entries(self, entries: Sequence[tuple[str, Action | Fix | None]]) -> None:
        """Rebuild from stored entries without persisting them again. A run of moves is applied to one
        working copy, copied only at each snapshot, so a long evening resumes in time proportional to
        its length rather than to its length times the size of the state."""
        saved, self._persist = self._persist, _forget
        working = None  # a private copy of the current state, changed in place by a run of moves
        try:
            for kind, action in entries:
                if kind == DO:
                    if not isinstance(action, Action):
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
                elif kind == FIX:
                    if not isinstance(action, Fix):
                        raise ValueError("a fix in the log does not say which move became what")
                    self.fix(action.move, action.action)
                else:
                    raise ValueError(f"unknown log entry kind {kind!r}")
            if working is not None:
                self._state = working
        finally:
            self._persist = saved


def _forget(kind: str, action: Action | Fix | None, state: Any) -> None:
    """The persist hook of a session kept only in memory (tests, replay-game)."""
