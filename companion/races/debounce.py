"""Leading-edge debounce: the first edge of a burst is the true time of the press or release.

A trailing-edge debounce (waiting for the contacts to stop bouncing, as gpiozero's bounce_time does on
lgpio) would stamp each press with how long *that* switch happened to bounce, which is unfair. Here
the first edge counts at once and anything from the same button within the hold-off is ignored, on
both press and release, so a button that chatters while held never produces a second press.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from .model import Edge


class LeadingEdgeDebouncer:
    """Filters one button's edges, given in the order they happened."""

    def __init__(self, holdoff_ns: int, *, down: bool = False):
        self.holdoff_ns = holdoff_ns
        self.down = down
        self._last_accepted_ns: int | None = None
        self.ignored = 0

    def accept(self, pressed: bool, t_ns: int) -> bool:
        """True if this edge is a real change of the button; False for a bounce or a repeat."""
        if pressed == self.down:
            # A repeat of the state we already have: a transition was missed or this is a bounce tail.
            self.ignored += 1
            return False
        if self._last_accepted_ns is not None and t_ns - self._last_accepted_ns < self.holdoff_ns:
            self.ignored += 1
            return False
        self.down = pressed
        self._last_accepted_ns = t_ns
        return True


def debounce(edges: Iterable[Edge], holdoff_ns: int, *, down: bool = False) -> Iterator[Edge]:
    """The accepted edges of one button. Sorted by timestamp first (stable), so a late-delivered edge
    of the same button is still judged in the order it happened."""
    debouncer = LeadingEdgeDebouncer(holdoff_ns, down=down)
    for edge in sorted(edges, key=lambda e: e.t_ns):
        if debouncer.accept(edge.pressed, edge.t_ns):
            yield edge
