"""Errors the race arbiter raises. They subclass the core's errors (and so ValueError)."""

from __future__ import annotations

from ..errors import BadOption, IllegalAction


class BadRace(BadOption):
    """A race that cannot be run as described: unknown kind, no players, a player listed twice."""


class RaceRefused(IllegalAction):
    """A race action that does not fit the race's state, e.g. arming a race twice. Nothing changes."""
