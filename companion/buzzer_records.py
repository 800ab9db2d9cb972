"""The buzzer's records: the fastest reactions and the closest finishes among some games' races, and
a player's reaction trend.

Races count as the players' records count them (companion/ledger.py): decided on the buttons and put
in the game; a race the family ran again counted for nothing. A race belongs to its game, and so to
the month and the evening the game was played in, which an import keeps.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Iterable, Sequence

from .ledger import Ledger, PlayedGame
from .players import name_key

SHOWN = 5
# A trend is a line between evenings: one evening is a point, not a trend.
FEWEST_TREND_POINTS = 2


@dataclass(frozen=True)
class Reaction:
    """A player's reaction in a bone race: cue to counted press, in the game `title` started at
    `played_at` (no game number: a number is this table's own, and the records read the same on every
    table an evening is imported into)."""

    name: str
    ms: float
    title: str
    played_at: float


@dataclass(frozen=True)
class CloseFinish:
    """A race decided by `margin_ms` at its line: in a bone race between the last to get a bone
    (`winner`) and the first who pressed and got none (`runner_up`); in a claim race between the
    winner and the next press."""

    winner: str
    runner_up: str
    margin_ms: float
    title: str
    played_at: float


@dataclass(frozen=True)
class TrendPoint:
    """One evening's median reaction over its bone races (what a small chart plots, oldest first)."""

    evening_started_at: float
    median_ms: float
    races: int


def fastest_reactions(games: Iterable[PlayedGame], shown: int = SHOWN) -> tuple[Reaction, ...]:
    found = [Reaction(game.result.names[seat], round(ms, 3), game.result.title,
                      game.result.started_at)
             for game in games for race in game.races for seat in race.seats
             if (ms := race.reaction_ms(seat)) is not None]
    return tuple(sorted(found, key=lambda reaction: (reaction.ms, reaction.played_at))[:shown])


def closest_finishes(games: Iterable[PlayedGame], shown: int = SHOWN) -> tuple[CloseFinish, ...]:
    found = []
    for game in games:
        for race in game.races:
            finish = race.deciding_finish
            if finish is None:
                continue
            ahead, behind, margin = finish
            found.append(CloseFinish(game.result.names[ahead], game.result.names[behind], margin,
                                     game.result.title, game.result.started_at))
    return tuple(sorted(found, key=lambda finish: (finish.margin_ms, finish.played_at))[:shown])


def reaction_trend(ledger: Ledger, name: str) -> tuple[TrendPoint, ...] | None:
    """The player's median reaction evening by evening, oldest first; None before two evenings of
    bone races."""
    return reaction_trends(ledger).get(name_key(name))


def reaction_trends(ledger: Ledger) -> dict[str, tuple[TrendPoint, ...]]:
    """Every player's trend, by their name in lower case, from one pass over the evenings: a player
    with bone races on fewer than two evenings has none."""
    points: dict[str, list[TrendPoint]] = {}
    for evening, games in ledger.evenings:
        for key, reactions in _reactions(games).items():
            points.setdefault(key, []).append(
                TrendPoint(evening.started_at, round(statistics.median(reactions), 3), len(reactions)))
    return {key: tuple(found) for key, found in points.items() if len(found) >= FEWEST_TREND_POINTS}


def _reactions(games: Sequence[PlayedGame]) -> dict[str, list[float]]:
    """Each player's reactions in these games' bone races, by their name in lower case."""
    found: dict[str, list[float]] = {}
    for game in games:
        for race in game.races:
            for seat in race.seats:
                if (ms := race.reaction_ms(seat)) is not None:
                    found.setdefault(game.result.names[seat].casefold(), []).append(ms)
    return found
