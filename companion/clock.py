"""The table's clock: what it says now, and how far what it said can be trusted.

A Raspberry Pi has no clock that runs while it is switched off. Without a network it starts at the time
the system last saved (or at the day its image was built), and the family or network time may set it
right later, in the middle of an evening. So the wall clock can jump, forward or back, between two
games, and the clocks of two boots may have nothing to do with each other.

With each game the store therefore keeps where it was played on a clock that no setting moves: the
boot (the kernel's boot id) and the seconds since that boot (CLOCK_BOOTTIME) at its start and at its
last move. For each boot it keeps how the wall clock stood against the time since boot, each step of
the clock seen during the boot, and whether the clock was known true during it (network time had
synchronised it, or it was set: a step was seen). A game's own times are never rewritten: the
`Timeline` places them in real time when the evenings are worked out (docs/evenings.md, "The clock").
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping, Protocol

# A difference between the wall clock and the time since boot that grew or shrank by more than this
# is a step of the clock (set by hand or by network time), not its drift.
STEP_S = 60.0
# Drift (a few seconds a day without network time) is written down once it passes this, so that a
# later step is measured from how the clock stood just before it.
DRIFT_S = 1.0


@dataclass(frozen=True)
class Moment:
    """A time this table recorded: the wall clock then, and the boot and seconds since it (None where
    not known: a game saved before they were kept, or imported from another table)."""

    wall: float
    boot: str | None = None
    since_boot: float | None = None


@dataclass(frozen=True)
class Reading:
    """The clock now, and whether network time has synchronised it since the boot."""

    wall: float
    boot: str | None = None
    since_boot: float | None = None
    synced: bool = False

    @property
    def moment(self) -> Moment:
        return Moment(self.wall, self.boot, self.since_boot)

    @property
    def offset(self) -> float | None:
        """How the wall clock stands against the time since boot; a step changes it."""
        return None if self.since_boot is None else self.wall - self.since_boot


class ClockSource(Protocol):
    def read(self) -> Reading: ...


class SystemClock:
    """This machine's clock. The boot id and CLOCK_BOOTTIME are Linux's; elsewhere a reading has the
    wall clock alone, and the games are placed by it, as before boots were kept."""

    BOOT_ID = Path("/proc/sys/kernel/random/boot_id")
    # systemd-timesyncd creates this once network time has synchronised the clock; /run is emptied
    # at every boot, so it speaks for this boot only.
    SYNCED = Path("/run/systemd/timesync/synchronized")

    def __init__(self) -> None:
        self._boot: str | None = None
        self._synced = False   # once synchronised, the clock stays known true for the boot
        try:
            self._boot = self.BOOT_ID.read_text(encoding="ascii").strip() or None
        except (OSError, UnicodeDecodeError):
            pass

    def read(self) -> Reading:
        wall = time.time()
        if self._boot is None:
            return Reading(wall)
        self._synced = self._synced or self.SYNCED.exists()
        return Reading(wall, self._boot, time.clock_gettime(time.CLOCK_BOOTTIME), self._synced)


# Where every reading comes from. Tests put a clock of their own here; on a PC, Settings' pretend
# clock setter shifts it (companion/clock_setting.py), since the app never sets a PC's own clock.
source: ClockSource = SystemClock()


def read() -> Reading:
    return source.read()


def now() -> float:
    return source.read().wall


def at(wall: float) -> Reading:
    """The clock as it will read (or read) at `wall`, in this boot and with no step between."""
    reading = source.read()
    since = None if reading.since_boot is None else reading.since_boot + wall - reading.wall
    return Reading(wall, reading.boot, since, reading.synced)


# ----- what the store knows of the clock, and the games placed in real time ---------------------------

@dataclass(frozen=True)
class BootClock:
    """The clock during one boot: whether it was known true, and each step seen (seconds since the
    boot when it was seen, seconds the clock moved)."""

    known_true: bool = False
    steps: tuple[tuple[float, float], ...] = ()

    def moved_after(self, since_boot: float) -> float:
        """How far the clock moved after `since_boot`: what a time recorded then lacks to be read on
        the clock as it was last set."""
        return sum(shift for seen, shift in self.steps if seen > since_boot)


@dataclass(frozen=True)
class ClockHistory:
    """Every boot the store saw, in the order it first saw them (the order they happened)."""

    boots: Mapping[str, BootClock] = field(default_factory=dict)


class Timeline:
    """This table's moments placed in real time as far as it can be known, without changing them.

    - In a boot whose clock was known true, a moment is read on the clock as it was last set: a time
      recorded before the clock was set right is moved by the steps that came after it.
    - A boot whose clock was never known true gives times that only say how long after each other
      things happened. Its moments are placed no earlier than the end of the boots before it (as a
      clock saved at shutdown would have them), and compared with no other boot's.
    - A moment with no boot (saved before boots were kept, or another table's) is taken at its word,
      as every time was before boots were kept.
    """

    def __init__(self, history: ClockHistory, moments: Iterable[Moment] = ()) -> None:
        self.history = history
        spans: dict[str, tuple[float, float]] = {}   # each boot's first and last moment, on its own clock
        for moment in moments:
            if moment.boot is not None:
                read = self._read(moment)
                first, last = spans.get(moment.boot, (read, read))
                spans[moment.boot] = (min(first, read), max(last, read))
        # Each boot in the order it happened: one never known true is put after the ones before it.
        self._later_by: dict[str, float] = {}
        self._end = float("-inf")
        for boot, known in history.boots.items():
            if boot not in spans:
                continue
            first, last = spans[boot]
            later_by = 0.0 if known.known_true else max(0.0, self._end - first)
            self._later_by[boot] = later_by
            self._end = max(self._end, last + later_by)

    def _read(self, moment: Moment) -> float:
        """`moment` on its boot's clock as it was last set."""
        known = self.history.boots.get(moment.boot or "")
        if known is None or moment.since_boot is None:
            return moment.wall
        return moment.wall + known.moved_after(moment.since_boot)

    def trusted(self, boot: str) -> bool:
        """Whether times of `boot` can be compared with another boot's: its clock was known true."""
        known = self.history.boots.get(boot)
        return known is not None and known.known_true

    def place(self, moment: Moment, synced: bool = False) -> float:
        """Where `moment` falls in real time (seconds since 1970), as far as this table can tell. A
        moment of a boot with no game yet (the clock now, after a restart) and never known true is
        put after everything before it."""
        read = self._read(moment)
        if moment.boot is None:
            return read
        if moment.boot in self._later_by:
            return read + self._later_by[moment.boot]
        return read if synced or self.trusted(moment.boot) else max(read, self._end)

    def comparable(self, earlier: Moment, later: Moment, later_synced: bool = False) -> bool:
        """Whether the real time between two moments can be known: the same boot, a moment taken at its
        word (no boot), or two boots whose clocks were both known true (a clock synchronised now is
        true for the moments it gives)."""
        if earlier.boot is None or later.boot is None or earlier.boot == later.boot:
            return True
        return self.trusted(earlier.boot) and (later_synced or self.trusted(later.boot))
