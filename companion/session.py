"""A game session: an append-only log of actions whose replay is the game state.

The log holds four kinds of entry: `do` (an action the players told the app), `undo`, `redo` and `fix`
(an earlier move corrected, every move after it replayed on top). Undo is itself logged rather than
deleting anything, so a crash between any two entries resumes to exactly the state the players last
saw, and the history can say what was taken back and what was corrected.
"""

from __future__ import annotations

import contextlib
import copy
import gc
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator, Mapping, Sequence

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
    """A fix in effect: made after the first `after` moves; `was` is what the move said before, for Undo.
    `line` is None for a fix read back at resume until History first needs it."""

    after: int
    move: int
    was: Action
    now: Action
    line: HistoryLine | None


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
    def last_line(self) -> str | None:
        """The newest line of the history, without writing every line before it (a table shows it
        after each move)."""
        if self._last_fix() is not None:
            return self.history()[-1].text
        return self._line(len(self._actions) - 1) if self._actions else None

    @property
    def next_redo(self) -> Action | Fix | None:
        return self._redo[-1] if self._redo else None

    def history(self) -> list[HistoryLine]:
        """Every move in effect, as it now stands, with each fix in effect listed where it was made."""
        self._write_missing_lines()
        self._write_missing_fix_lines()
        lines: list[HistoryLine] = []
        fixes = iter(self._fixes)
        pending = next(fixes, None)
        for index, action in enumerate(self._actions):
            while pending is not None and pending.after == index:
                lines.append(_written(pending))
                pending = next(fixes, None)
            lines.append(HistoryLine(index + 1, self._line(index), action.player))
        while pending is not None:
            lines.append(_written(pending))
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

    def _write_missing_fix_lines(self) -> None:
        """The lines of fixes read back at resume, each said as it was when the fix was made: from the
        moves in effect then, which are the moves now in effect with every later fix taken back. The
        fixes are walked newest first, taking each back once its line is written, so the states are
        worked out once for all of them from the kept states of the moves now in effect."""
        if all(fixed.line is not None for fixed in self._fixes):
            return
        moves = list(self._actions)
        snapshots = dict(self._snapshots)
        known = len(moves)   # the kept states are those of `moves` up to here
        for number in range(len(self._fixes) - 1, -1, -1):
            fixed = self._fixes[number]
            index = fixed.move - 1
            if fixed.line is None:
                start = max(at for at in snapshots if at <= min(index, known))
                before = snapshots[start]
                if start < index:
                    before = copy.deepcopy(before)
                    for at in range(start, index):
                        before = self.game.apply(before, moves[at])
                        if (at + 1) % SNAPSHOT_EVERY == 0:
                            snapshots[at + 1] = copy.deepcopy(before)
                    known = max(known, index)
                was_text = self._said(before, fixed.was)
                now_text = self._said(before, fixed.now)
                text = f'Fixed move {fixed.move}: it said "{was_text}"; now "{now_text}"'
                self._fixes[number] = replace(fixed, line=HistoryLine(fixed.move, text, fixed.now.player, fix=True))
            moves[index] = fixed.was
            known = min(known, index)
            snapshots = {at: state for at, state in snapshots.items() if at <= index}

    def _said(self, before: Any, action: Action) -> str:
        return self.game.describe(before, action, self.game.apply(copy.deepcopy(before), action), self.players)

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
                raise IllegalAction(self._no_longer_fits(index, at, replacement, refusal)) from None
            if (at + 1) % SNAPSHOT_EVERY == 0 and at + 1 > index:
                snapshots[at + 1] = copy.deepcopy(state)
        return state, snapshots

    def _no_longer_fits(self, index: int, at: int, replacement: Action, refusal: IllegalAction) -> str:
        """Why move `index` (from 0) can't be `replacement`: move `at` after it no longer fits. A fix
        replaces a move and never takes one out, so a move that did not happen at all is taken out
        by Undo back to the move before it."""
        undo = f"Undo back to move {index}" if index else "Undo back to the start"
        if at == index + 1 and replacement == self._actions[at]:
            # The move told is the one that came next: the move being fixed did not happen at all.
            again = f"move {at + 1}" if at + 1 == len(self._actions) else f"moves {at + 1} to {len(self._actions)}"
            return (f'Move {at + 1} already says "{self._line(at)}", so move {index + 1} can\'t say it too. If '
                    f"move {index + 1} did not happen at all, tap Cancel, then {undo} and tell {again} again.")
        return (f'Move {index + 1} cannot be changed that way: move {at + 1} ("{self._line(at)}") would no longer '
                f"fit ({str(refusal).rstrip('.')}). Tell move {index + 1} another way, or tap Cancel, then {undo} "
                "and tell again from there.")

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
    def replay_entries(self, entries: Sequence[tuple[str, Action | Fix | None]],
                       on_move: Callable[[int], None] | None = None) -> None:
        """Rebuild from stored entries without persisting them again, in time proportional to the moves
        in effect, however many undos and fixes the log holds. The entries are first followed as
        changes to the list of moves alone (an undo takes a move off, a fix puts another in its place),
        noting the first move whose state they leave unknown; the moves in effect from there are then
        replayed once, each checked by the rules, copying the state only at each kept state. The moves
        in effect are exactly those every step would have left, and every one was checked when it was
        made, so the result is what replaying step by step gives. A fix's history line is written when
        History first asks (see `_write_missing_fix_lines`). `on_move(index)` is told of each move
        before it is replayed (a long import's progress, and which move a refusal was about)."""
        with collector_paused():
            self._replay_from(self._follow(entries), on_move)

    def _follow(self, entries: Sequence[tuple[str, Action | Fix | None]]) -> int:
        """The entries followed as changes to the list of moves alone; returns how many moves from the
        start still have their states known."""
        known = len(self._actions)   # the states are known up to this many moves
        for kind, payload in entries:
            if kind == DO:
                if not isinstance(payload, Action):
                    raise ValueError("a move in the log has no action")
                self._actions.append(payload)
                self._lines.append(None)
                self._redo.clear()
            elif kind == UNDO:
                known = min(known, self._undone_in_the_log())
            elif kind == REDO:
                if not self._redo:
                    raise NothingToUndo("Nothing to redo.")
                entry = self._redo.pop()
                if isinstance(entry, Fix):
                    known = min(known, self._fixed_in_the_log(entry))
                else:
                    self._actions.append(entry)
                    self._lines.append(None)
            elif kind == FIX:
                if not isinstance(payload, Fix):
                    raise ValueError("a fix in the log does not say which move became what")
                count = len(self._actions)
                if not 1 <= payload.move <= count:
                    raise IllegalAction(f"There is no move {payload.move} to fix: the moves are 1 to {count}.")
                known = min(known, self._fixed_in_the_log(payload))
                self._redo.clear()
            else:
                raise ValueError(f"unknown log entry kind {kind!r}")
        return known

    def _undone_in_the_log(self) -> int:
        """Undo as the log says, the moves alone; returns the first move whose state it changed."""
        fixed = self._last_fix()
        if fixed is not None:
            index = fixed.move - 1
            self._actions[index] = fixed.was
            self._lines[index:] = [None] * (len(self._lines) - index)
            self._fixes.pop()
            self._redo.append(Fix(fixed.move, fixed.now))
            return index
        if not self._actions:
            raise NothingToUndo("Nothing to undo yet.")
        self._redo.append(self._actions.pop())
        self._lines.pop()
        return len(self._actions)

    def _fixed_in_the_log(self, fix: Fix) -> int:
        """A fix as the log says, the moves alone, its line written later; returns its move's index."""
        index = fix.move - 1
        was = self._actions[index]
        if was == fix.action:
            raise IllegalAction(f"Move {fix.move} already says that, so there is nothing to fix.")
        self._actions[index] = fix.action
        self._lines[index:] = [None] * (len(self._lines) - index)
        self._fixes.append(_Fixed(len(self._actions), fix.move, was, fix.action, None))
        return index

    def _replay_from(self, known: int, on_move: Callable[[int], None] | None = None) -> None:
        """The states after the first `known` moves are kept already: every later move in effect is
        applied once to one working copy, each refused as at the table if it no longer fits."""
        self._snapshots = {at: state for at, state in self._snapshots.items() if at <= known}
        start = self._nearest_snapshot(known)
        state = self._snapshots[start]
        if start < len(self._actions):
            state = copy.deepcopy(state)
            for at in range(start, len(self._actions)):
                if on_move is not None:
                    on_move(at)
                if self.game.is_over(state):
                    raise IllegalAction("This game is over. Start a new game from the home screen.")
                state = self._apply(state, self._actions[at])
                if (at + 1) % SNAPSHOT_EVERY == 0:
                    self._snapshots[at + 1] = copy.deepcopy(state)
        self._state = state


def moves_in_effect(game: Game[Any], players: Sequence[Player], options: dict[str, Any] | None,
                    entries: Sequence[tuple[str, Action | Fix | None]]) -> tuple[Action, ...]:
    """The moves a saved log leaves in effect, from its entries alone, no rule applied: what a saved
    game is recognised by when a file holding it is imported again."""
    session = Session(game, players, options)
    session._follow(entries)
    return session.actions


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off while a resume builds tens of thousands of small objects and
    frees none: it would walk them all again and again, up to half the time of a long resume."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _written(fixed: _Fixed) -> HistoryLine:
    if fixed.line is None:
        raise ValueError("a fix's history line is read before it was written")
    return fixed.line


def _forget(kind: str, action: Action | Fix | None, state: Any) -> None:
    """The persist hook of a session kept only in memory (tests, replay-game)."""
