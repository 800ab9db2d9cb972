"""Buzzer races: who pressed first, decided fairly on edge timestamps (pure Python; no kivy, no GPIO)."""

from .arbiter import Arbiter
from .debounce import LeadingEdgeDebouncer, debounce
from .errors import BadRace, RaceRefused
from .model import Arm, Edge, RaceDecision, RaceSettings, TieDraw, ms_to_ns, ns_to_ms
from .racelog import RaceLog, parse

__all__ = [
    "Arbiter", "Arm", "BadRace", "Edge", "LeadingEdgeDebouncer", "RaceDecision", "RaceLog",
    "RaceRefused", "RaceSettings", "TieDraw", "debounce", "ms_to_ns", "ns_to_ms", "parse",
]
