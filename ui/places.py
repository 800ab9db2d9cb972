"""The places a family can go in the app. Screens ask the navigator for a place, never for another
screen's class, so no screen imports another (ui/routes.py is the one module that knows them all)."""

from __future__ import annotations

from enum import Enum, auto
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from companion.session import Session

    # Where a player's records go back to: the evening they were opened from (its start; None for
    # tonight's), or the game being played, whose Tonight opened them.
    BackTo = Union[float, Session, None]


class Place(Enum):
    HOME = auto()
    SETUP = auto()          # with the GameEntry chosen
    GAME = auto()           # with the Session to show
    SAVED_GAMES = auto()
    BUTTON_TEST = auto()
    SETTINGS = auto()
    EVENING = auto()        # with the evening's start time, or none for tonight's (the newest)
    PROFILE = auto()        # with the player's name and where Back goes (BackTo)
    RECORDS = auto()        # a player's head to head: their name and where their records go back to
    YEAR = auto()           # a year in review: the year (none for this one) and the head to head to go back to
    START_PROBLEM = auto()  # with why the app cannot start and what Try again calls; no services yet
    MAINTENANCE = auto()    # for a parent: reached by holding Settings' version row
