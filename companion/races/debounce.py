"""Leading-edge debounce: the first edge of a press is the true time of the press.

A trailing-edge debounce (waiting for the contacts to stop bouncing, as gpiozero's bounce_time does on
lgpio) would stamp each press with how long *that* switch happened to bounce, which is unfair. Here
a press counts at its first edge, and every edge of the same button within the hold-off after it is
bounce.

Releases are the other way round, because their timing decides nothing: a release only counts once
the button has stayed open for the hold-off. An opening shorter than that (a worn switch chattering
while held) is not a release, so it can never make a second press. Since only edges are seen, a
release is confirmed when the next press arrives at least a hold-off after it, and is then reported
with its own timestamp, just before that press.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from .model import Edge


class LeadingEdgeDebouncer:
    """Filters one button's edges, fed in the order they happened."""

    def __init__(self, holdoff_ns: int, *, down: bool = False):
        self.holdoff_ns = holdoff_ns
        self.down = down                      # debounced: pressed and not yet confirmed released
        self._press_ns: int | None = None
        self._open_since_ns: int | None = None   # a release waiting to be confirmed
        self.ignored = 0

    @property
    def holding(self) -> bool:
        """Down as far as anyone can tell now: pressed, with no release seen since."""
        return self.down and self._open_since_ns is None

    def feed(self, pressed: bool, t_ns: int) -> list[tuple[bool, int]]:
        """The real changes this edge reveals, as (pressed, t_ns) in time order: usually none or one;
        a press after a confirmed release gives the release and the press."""
        if not self.down:
            if not pressed:
                self.ignored += 1
                return []
            self.down, self._press_ns, self._open_since_ns = True, t_ns, None
            return [(True, t_ns)]
        if not pressed:
            # Opened: maybe a bounce, maybe chatter, maybe a real release. Only time will tell.
            if self._open_since_ns is None:
                self._open_since_ns = t_ns
            self.ignored += 1
            return []
        opened, self._open_since_ns = self._open_since_ns, None
        bouncing = self._press_ns is not None and t_ns - self._press_ns < self.holdoff_ns
        if opened is None or bouncing or t_ns - opened < self.holdoff_ns:
            self.ignored += 1
            return []
        self._press_ns = t_ns
        return [(False, opened), (True, t_ns)]


def debounce(edges: Iterable[Edge], holdoff_ns: int, *, down: bool = False) -> Iterator[Edge]:
    """The real changes of one button. Sorted by timestamp first (stable), so a late-delivered edge of
    the same button is still judged in the order it happened."""
    debouncer = LeadingEdgeDebouncer(holdoff_ns, down=down)
    for edge in sorted(edges, key=lambda e: e.t_ns):
        for pressed, t_ns in debouncer.feed(edge.pressed, edge.t_ns):
            yield Edge(edge.player, pressed, t_ns)
