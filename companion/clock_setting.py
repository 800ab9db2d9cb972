"""Setting the table's date, time and time zone, for Settings' *Date and time*.

On the table (a Raspberry Pi) the clock is the system's: the app asks systemd-timedated over D-Bus through
`timedatectl`, which a polkit rule of the table's system lets the kiosk's user do for exactly these
actions (set-time, set-timezone, set-ntp). On a PC, and in the tests, the app only pretends: it moves
its own reading of the clock (companion.clock.source) and its own time zone, never the computer's.

Every refusal (no timedated, polkit says no, network time keeps the clock) is a ClockRefused saying why
and what to do, and nothing was changed.
"""

from __future__ import annotations

import functools
import os
import subprocess
import time
import zoneinfo
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Protocol

from . import clock
from .clock import ClockSource, Reading
from .errors import CompanionError

# The regions a family picks from before their city, as the time zone database names them.
REGIONS = ("Europe", "America", "Africa", "Asia", "Australia", "Pacific", "Atlantic", "Indian", "Antarctica")
UTC = "UTC"


class ClockRefused(CompanionError):
    """The clock or the time zone could not be set; the message says why, and nothing was changed."""


@dataclass(frozen=True)
class ClockState:
    """The clock as the system tells it: the time now, the time zone, whether network time is switched
    on, and whether it has set the clock right (then it keeps it so, and it is not set by hand).
    `pretend`: the app only moves its own reading of the clock (a PC)."""

    now: float
    zone: str
    network_time: bool = False
    synchronized: bool = False
    pretend: bool = False


class ClockSetter(Protocol):
    def state(self) -> ClockState: ...

    def set_time(self, moment: float) -> None: ...

    def set_zone(self, zone: str) -> None: ...


@functools.cache
def zones() -> dict[str, list[str]]:
    """The time zones a family can pick, region by region, each sorted by the names it is picked by.
    Read once (the time zone database is some six hundred files)."""
    found: dict[str, list[str]] = {region: [] for region in REGIONS}
    for zone in zoneinfo.available_timezones():
        region = zone.split("/", 1)[0]
        if region in found and "/" in zone:
            found[region].append(zone)
    return {region: sorted(names, key=zone_words) for region, names in found.items() if names}


def zone_words(zone: str) -> str:
    """`America/Argentina/Buenos_Aires` as the family reads it: `America / Argentina / Buenos Aires`."""
    return zone.replace("_", " ").replace("/", " / ")


def check_zone(zone: str) -> None:
    if zone != UTC and zone not in {name for names in zones().values() for name in names}:
        raise ClockRefused(f"{zone[:40]!r} is not a time zone this table knows; pick one from the list")


# ----- the table's own clock, through systemd-timedated ------------------------------------------------

Run = Callable[..., "subprocess.CompletedProcess[str]"]


class Timedated:
    """The system's clock and time zone, through `timedatectl` (systemd-timedated over D-Bus)."""

    def __init__(self, run: Run = subprocess.run) -> None:
        self._run = run

    def state(self) -> ClockState:
        shown = self._timedatectl("show", "-p", "Timezone", "-p", "NTP", "-p", "NTPSynchronized")
        values = dict(line.split("=", 1) for line in shown.splitlines() if "=" in line)
        return ClockState(clock.now(), values.get("Timezone") or UTC, values.get("NTP") == "yes",
                          values.get("NTPSynchronized") == "yes")

    def set_time(self, moment: float) -> None:
        now = self.state()
        if now.synchronized:
            raise ClockRefused("network time keeps this clock right, so it is not set by hand")
        # timedated refuses to set a clock that network time may set: it is switched off for the
        # moment, and on again at once, so that a network found later still puts the clock right.
        if now.network_time:
            self._timedatectl("set-ntp", "false")
        try:
            self._timedatectl("set-time", f"@{int(moment)}")
        finally:
            if now.network_time:
                self._timedatectl("set-ntp", "true")

    def set_zone(self, zone: str) -> None:
        check_zone(zone)
        self._timedatectl("set-timezone", zone)
        time.tzset()   # the app's own local time follows the system's new zone

    def _timedatectl(self, *args: str) -> str:
        try:
            done = self._run(["timedatectl", *args], capture_output=True, text=True, timeout=20, check=False)
        except FileNotFoundError:
            raise ClockRefused("this system has no timedatectl (systemd-timedated), which sets the clock") from None
        except subprocess.TimeoutExpired:
            raise ClockRefused("the system's clock service (systemd-timedated) did not answer; try again") from None
        if done.returncode != 0:
            raise ClockRefused(_why(done.stderr))
        return done.stdout


def _why(said: str) -> str:
    """What timedatectl's refusal means, for the family."""
    text = said.strip().splitlines()[-1] if said.strip() else "it gave no reason"
    lower = text.lower()
    if "automatic time synchronization is enabled" in lower:
        return "network time keeps this clock, so it is not set by hand"
    if any(words in lower for words in ("access denied", "not authorized", "interactive authentication",
                                        "permission denied")):
        return ("the system did not allow the table companion to set the clock (the table's system lacks "
                "its permission: update the table's system)")
    if any(words in lower for words in ("failed to connect to bus", "failed to create bus", "was not provided",
                                        "not found", "no such file")):
        return "the system's clock service (systemd-timedated) is not running here"
    return f"the system's clock service said: {text[:120]}"


# ----- a PC, and the tests: the app's own reading of the clock moved ---------------------------------

@dataclass(frozen=True)
class ShiftedClock:
    """`inner`, read `by` seconds later (earlier when negative)."""

    inner: ClockSource
    by: float

    def read(self) -> Reading:
        reading = self.inner.read()
        return replace(reading, wall=reading.wall + self.by)


class PretendClock:
    """On a PC and in the tests: setting the clock moves what the app reads of it, and setting the time
    zone the app's own local time, so the whole of it can be tried without changing the computer's."""

    def __init__(self) -> None:
        self.zone = os.environ.get("TZ", "").lstrip(":") or _system_zone()

    def state(self) -> ClockState:
        return ClockState(clock.now(), self.zone, pretend=True)

    def set_time(self, moment: float) -> None:
        base = clock.source.inner if isinstance(clock.source, ShiftedClock) else clock.source
        clock.source = ShiftedClock(base, moment - base.read().wall)

    def set_zone(self, zone: str) -> None:
        check_zone(zone)
        os.environ["TZ"] = zone
        time.tzset()
        self.zone = zone


def _system_zone() -> str:
    """This computer's time zone by name, from where /etc/localtime leads (UTC when it cannot tell)."""
    try:
        target = os.path.realpath("/etc/localtime")
    except OSError:
        return UTC
    parts = Path(target).parts
    return "/".join(parts[parts.index("zoneinfo") + 1:]) if "zoneinfo" in parts else UTC
