"""Time at the table, from the times the moves were told.

A game's moments are its start and the time of each move in effect (the move as it now stands in the
log: an undone move is gone, a redone one counts from its redo, a fixed one keeps the time it was
first told). The time at the table is the sum of the gaps between moments that follow each other,
leaving out every gap longer than the evening gap (evenings.EVENING_GAP_S, four hours): a game left
overnight and finished the next day counts the playing, not the night. An evening's time is the time
any of its games was being played: the games' own times, the breaks between them left out (so a
player at every game has the evening's time), and two games on the go at once counted once.

Only the moves in effect count, and an export carries their times (`played.moves_at`), so a game
imported elsewhere has exactly these moments and the same time at the table.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

from .session import DO, FIX, REDO, UNDO


def moves_at(entries: Sequence[tuple[str, float]]) -> list[float]:
    """The time of each move in effect, in move order, from a saved log's (kind, time) entries.

    Followed the way Session._follow follows the moves themselves: a fix made after every move now in
    effect is what an undo takes back first, and a new move or a fix empties the redo list."""
    times: list[float] = []
    fixes: list[int] = []        # for each fix in effect, how many moves there were when it was made
    redo: list[bool] = []        # what Redo would bring back, newest last: True for a fix, False for a move
    for kind, at in entries:
        if kind == DO:
            times.append(at)
            redo.clear()
        elif kind == UNDO:
            if fixes and fixes[-1] == len(times):
                fixes.pop()
                redo.append(True)
            elif times:
                times.pop()
                redo.append(False)
        elif kind == REDO:
            if not redo:
                continue   # a log the session itself would refuse; the times ignore it
            if redo.pop():   # a fix leaves every move's time as it was
                fixes.append(len(times))
            else:
                times.append(at)
        elif kind == FIX:
            fixes.append(len(times))
            redo.clear()
    return times


def time_at_table(moments: Iterable[float], longest_gap: float) -> float:
    """Seconds at the table over `moments` (in any order): each gap between one moment and the next,
    when it is no longer than `longest_gap` (the evening gap)."""
    ordered = sorted(moments)
    return sum(gap for earlier, later in zip(ordered, ordered[1:]) if (gap := later - earlier) <= longest_gap)


# Every time from 2004 to 2038 is, as a double, a whole multiple of 2**-22 s (they share the binade
# [2**30, 2**31)); so is every gap between two of them, and a double holds any sum of such gaps under
# 2**31 s exactly, whatever order they are added in.
EXACT_FROM, EXACT_UNTIL = 2.0 ** 30, 2.0 ** 31


def time_at_table_of(parts: Sequence[tuple[Sequence[float], float]], longest_gap: float) -> float:
    """Seconds at the table over several parts (an evening's games), each given as its moments and its
    own time at the table: the time any of them was being played, as `time_at_table` counts each. The
    break between one game and the next is no one's play, so a player who sat every game of an evening
    has exactly the evening's time, and a game deleted from the middle takes its time with it. Parts
    that follow each other add their own times up exactly; two on the go at once count once."""
    spans = sorted((min(moments), max(moments), seconds) for moments, seconds in parts if moments)
    if all(EXACT_FROM <= first and last < EXACT_UNTIL for first, last, _ in spans) and all(
            earlier[1] <= later[0] for earlier, later in zip(spans, spans[1:])):
        return sum(seconds for _, _, seconds in spans)
    stretches = sorted((earlier, later) for moments, _ in parts
                       for earlier, later in zip(sorted(moments), sorted(moments)[1:]) if later - earlier <= longest_gap)
    total, covered_until = 0.0, -math.inf
    for start, end in stretches:
        if end > covered_until:
            total += end - max(start, covered_until)
            covered_until = end
    return total
