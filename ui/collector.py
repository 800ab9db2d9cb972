"""Python's cycle collector kept away from the family's touches. A full collection walks every object
the app holds (a That's Ruff! table alone is some 90,000): 35 ms on a desktop and a sixth of a second on
a Pi 4, at whichever touch it happens to fall on, and during play one falls every dozen touches or so.
So a little while after a screen has been changed, while the family looks at the new one, the garbage is
collected and everything left is frozen: the collections during play then walk only what play has made
since, and the next change of screen frees what the last one left behind."""

from __future__ import annotations

import gc

# How long after a change of screen: a family reads the new screen for longer than this before tapping,
# and quick changes in a row (Home, Saved games, a game) are collected once.
AFTER_A_CHANGE_S = 1.5


def collect_and_freeze() -> None:
    gc.unfreeze()
    gc.collect()
    gc.freeze()
