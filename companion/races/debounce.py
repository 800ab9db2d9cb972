"""Leading-edge debounce: the first edge of a press is the true time of the press.

A trailing-edge debounce (waiting for the contacts to stop bouncing, as gpiozero's bounce_time does on
lgpio) would stamp each press with how long *that* switch happened to bounce, which is unfair. Here
a press counts at its first edge, and every edge of the same button within the hold-off after it is
bounce.

Releases are the other way round, because their timing decides nothing: a release only counts once
the button has stayed open for the hold-off. An opening shorter than that (a worn switch chattering
while held, or a release still bouncing) is not a release, so it can never make a second press.

Whether an opening lasted cannot be learnt from edges alone: the edge that would prove it is the one
that never comes. So the owner of the clock asks: `due_ns` is when the pending opening will have
lasted the hold-off, and `confirm_release(now_ns)` reports it from then on. Waiting for the next press
instead would leave a turn that is timed from press to release one press behind. Either way the
release is reported with its own edge's timestamp, so how late the confirmation ran never changes how
long the press was. This module keeps no timer and no thread; the hardware layer drives it.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from .model import Edge


class LeadingEdgeDebouncer:
    """Filters one button's edges, fed in the order they happened. Not thread-safe: one lock per
    debouncer, held around feed() and confirm_release(), is the caller's."""

    def __init__(self, holdoff_ns: int, *, down: bool = False):
        self.holdoff_ns = holdoff_ns
        self.down = down                      # debounced: pressed and not yet confirmed released
        self._open_since_ns: int | None = None   # a release waiting to be confirmed
        self.ignored = 0                      # edges that turned out to be bounce or chatter
        self.presses = 0

    @property
    def holding(self) -> bool:
        """Down as far as anyone can tell now: pressed, with no release seen since."""
        return self.down and self._open_since_ns is None

    @property
    def due_ns(self) -> int | None:
        """When the pending release will have lasted the hold-off, or None if none is pending."""
        return None if self._open_since_ns is None else self._open_since_ns + self.holdoff_ns

    def confirm_release(self, now_ns: int) -> list[tuple[bool, int]]:
        """[(False, release edge's t_ns)] if the button has stayed open for the hold-off by `now_ns`
        (and no edge since says otherwise), else []."""
        opened = self._open_since_ns
        if opened is None or now_ns < opened + self.holdoff_ns:
            return []
        self._open_since_ns, self.down = None, False
        return [(False, opened)]

    def feed(self, pressed: bool, t_ns: int) -> list[tuple[bool, int]]:
        """The real changes this edge reveals, as (pressed, t_ns) in time order: usually none or one;
        a press that comes after an unconfirmed release that had already lasted the hold-off gives the
        release and the press."""
        changes = self.confirm_release(t_ns)
        if not self.down:
            if not pressed:
                self.ignored += 1
                return changes
            self.down, self._open_since_ns = True, None
            self.presses += 1
            changes.append((True, t_ns))
            return changes
        if not pressed:
            # Opened: maybe a bounce, maybe chatter, maybe a real release. Only time will tell.
            if self._open_since_ns is None:
                self._open_since_ns = t_ns
            else:
                self.ignored += 1   # two openings in a row: an edge in between went missing
            return changes
        if self._open_since_ns is not None:
            # Closed again before the hold-off was up: that opening and this closing were bounce.
            self._open_since_ns = None
            self.ignored += 2
        else:
            self.ignored += 1
        return changes


def debounce(edges: Iterable[Edge], holdoff_ns: int, *, down: bool = False,
             end_ns: int | None = None) -> Iterator[Edge]:
    """The real changes of one button. Sorted by timestamp first (stable), so a late-delivered edge of
    the same button is still judged in the order it happened.

    `end_ns` is how far the list reaches in time: a last release is reported if it has lasted the
    hold-off by then. None means the list is the whole story, so nothing followed the last release
    and it stands."""
    debouncer = LeadingEdgeDebouncer(holdoff_ns, down=down)
    player = None
    for edge in sorted(edges, key=lambda e: e.t_ns):
        player = edge.player
        for pressed, t_ns in debouncer.feed(edge.pressed, edge.t_ns):
            yield Edge(player, pressed, t_ns)
    due = debouncer.due_ns
    if due is not None and player is not None:
        for pressed, t_ns in debouncer.confirm_release(due if end_ns is None else end_ns):
            yield Edge(player, pressed, t_ns)
