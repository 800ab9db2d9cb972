"""A table's clock for the tests, moved by hand as a Raspberry Pi's moves: time passing, the clock set
(forward or back) while the time since boot runs on, and a new boot that starts wherever the system
put the clock."""

from __future__ import annotations

import random

from companion.clock import Reading
from companion.players import IDENTITIES, Player
from companion.session import Session
from companion.store import Store

MINUTE, HOUR, DAY = 60.0, 3600.0, 86400.0
# Fri 27 Nov 2026 20:00 UTC, a family's Friday evening.
FRIDAY_8PM = 1_795_809_600.0
# The day the image was built: where a Pi 4 without network or saved clock starts at every boot.
IMAGE_BUILT = 1_777_248_000.0


class TableClock:
    """What companion.clock reads in a test: a wall clock, a boot, the seconds since it, and whether
    network time has synchronised it."""

    def __init__(self, wall: float, boot: str = "boot-1", synced: bool = False) -> None:
        self.wall, self.boot, self.since_boot, self.synced = wall, boot, 30.0, synced
        self.boots = 1

    def read(self) -> Reading:
        self.wait(0.001)   # as a real clock, never read twice at the same instant
        return Reading(self.wall, self.boot, self.since_boot, self.synced)

    def wait(self, seconds: float) -> None:
        self.wall += seconds
        self.since_boot += seconds

    def set(self, wall: float) -> None:
        """The clock set by hand, which takes a few seconds: the wall clock jumps, the time since boot
        runs on."""
        self.since_boot += 5.0
        self.wall = wall

    def reboot(self, wall: float, synced: bool = False) -> None:
        """Switched off and on again: a new boot, whose clock starts at `wall`."""
        self.boots += 1
        self.boot, self.wall, self.since_boot, self.synced = f"boot-{self.boots}", wall, 30.0, synced


def play_nut(store: Store, table_clock: TableClock, minutes: float, names=("Ann", "Ben"), seed: int = 1,
             set_back_s: float = 0.0) -> Session:
    """A game of Nut played to its end over `minutes` on the table's clock (put back by `set_back_s`
    after its first move)."""
    session = store.new_session("nut", [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in enumerate(names)])
    rng = random.Random(seed)
    session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    table_clock.wait(minutes * MINUTE)
    if set_back_s:
        table_clock.set(table_clock.wall - set_back_s)
    while not session.is_over:
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    return session
