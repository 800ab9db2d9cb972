"""Months and years: the games, evenings and winners of each month, and a year in review.

An evening belongs to the month (on this table's clock) its first game was started in, and so does
everything in it: its games, wins, races and time at the table, so an evening across midnight on New
Year's Eve stays whole in December. Only finished
games count, and only evenings with a finished game. A section with nothing to say is None: a year
without races has no closest race, and a winning run is at least two wins in a row (counted whole,
across New Year too).
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from .buzzer_records import CloseFinish, Reaction, closest_finishes, fastest_reactions
from .evenings import EVENING_GAP_S, Evening
from .ledger import Ledger, PlayedGame
from .table_time import time_at_table_of

SHORTEST_RUN = 2


@dataclass(frozen=True)
class MonthWinner:
    """A player's wins in a month: games won (a shared win counts) and evenings won (first place in
    the evening's standings, shared or not)."""

    name: str
    games_won: int
    evenings_won: int


@dataclass(frozen=True)
class Month:
    year: int
    month: int
    games: int
    evenings: int
    seconds_at_table: float
    winners: tuple[MonthWinner, ...]
    fastest_reactions: tuple[Reaction, ...]
    closest_finishes: tuple[CloseFinish, ...]


@dataclass(frozen=True)
class Leaders:
    """Who or what leads, with the count: more than one when they are level."""

    names: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class WinningRun:
    """Wins in a row, in the order the player's games finished, within the year."""

    name: str
    wins: int
    from_at: float
    to_at: float


@dataclass(frozen=True)
class YearInReview:
    year: int
    games: int
    evenings: int
    seconds_at_table: float
    months: tuple[Month, ...]
    most_played: Leaders | None
    most_wins: Leaders | None
    closest_race: CloseFinish | None
    longest_run: WinningRun | None
    # Each game played that year, most played first, with its champion: the most wins at it (those
    # level named together).
    champions: tuple[tuple[str, Leaders], ...] = ()


def year_and_month(moment: float) -> tuple[int, int]:
    local = time.localtime(moment)
    return local.tm_year, local.tm_mon


_Evenings = list[tuple[Evening, tuple[PlayedGame, ...]]]


def months(ledger: Ledger) -> tuple[Month, ...]:
    """Every month with a finished game, oldest first."""
    return tuple(_month(year, month, evenings) for (year, month), evenings in _by_month(ledger).items())


def _by_month(ledger: Ledger) -> dict[tuple[int, int], _Evenings]:
    """The evenings with a finished game, by the month they began in, oldest first."""
    by_month: dict[tuple[int, int], _Evenings] = {}
    for evening, games in ledger.evenings:
        if any(game.result.finished for game in games):
            by_month.setdefault(year_and_month(evening.started_at), []).append((evening, games))
    return by_month


def _month(year: int, month: int, evenings: _Evenings) -> Month:
    games = [game for _, played in evenings for game in played if game.result.finished]
    won = Counter(name for game in games for name in _winner_names(game))
    evenings_won = Counter(standing.name.casefold() for evening, _ in evenings for standing in evening.standings
                           if standing.place == 1 and standing.games)
    names = {name.casefold(): name for game in games for name in game.result.names}
    winners = [MonthWinner(names[key], won[key], evenings_won[key]) for key in names if won[key] or evenings_won[key]]
    winners.sort(key=lambda winner: (-winner.games_won, -winner.evenings_won, winner.name.casefold()))
    seconds = sum(time_at_table_of([(game.moments, game.seconds_at_table) for game in played], EVENING_GAP_S)
                  for _, played in evenings)
    return Month(year, month, len(games), len(evenings), seconds, tuple(winners),
                 fastest_reactions(games), closest_finishes(games))


def year_in_review(ledger: Ledger, year: int) -> YearInReview | None:
    """The year's games, evenings and months, its most played game, most wins, closest race, longest
    winning run and each game's champion; None for a year without a finished game."""
    its_evenings = [(month, evenings) for (its_year, month), evenings in _by_month(ledger).items() if its_year == year]
    if not its_evenings:
        return None
    its_months = tuple(_month(year, month, evenings) for month, evenings in its_evenings)
    numbers = {game.result.session_id for _, evenings in its_evenings for _, played in evenings for game in played}
    games = [game for game in ledger.finished if game.result.session_id in numbers]   # in the order they finished
    closest = closest_finishes(games, shown=1)
    return YearInReview(
        year, sum(month.games for month in its_months), sum(month.evenings for month in its_months),
        sum(month.seconds_at_table for month in its_months), its_months,
        _leaders(Counter(game.result.title for game in games)),
        _leaders(Counter(name for game in games for name in _winner_names(game)), _spellings(games)),
        closest[0] if closest else None, _longest_run(ledger.finished, numbers), _champions(games))


def _champions(games: Sequence[PlayedGame]) -> tuple[tuple[str, Leaders], ...]:
    """Each game's title, most played first, with the most wins at it; a game nobody won has none."""
    played = Counter(game.result.title for game in games)
    found = []
    for title in sorted(played, key=lambda title: (-played[title], title)):
        of_it = [game for game in games if game.result.title == title]
        leaders = _leaders(Counter(name for game in of_it for name in _winner_names(game)), _spellings(of_it))
        if leaders is not None:
            found.append((title, leaders))
    return tuple(found)


def _winner_names(game: PlayedGame) -> list[str]:
    return [game.result.names[seat].casefold() for seat in game.result.outcome.winners]


def _spellings(games: Iterable[PlayedGame]) -> dict[str, str]:
    return {name.casefold(): name for game in games for name in game.result.names}


def _leaders(counts: Counter[str], spelled: dict[str, str] | None = None) -> Leaders | None:
    if not counts:
        return None
    best = max(counts.values())
    names = sorted((spelled or {}).get(key, key) for key, count in counts.items() if count == best)
    return Leaders(tuple(names), best)


def _longest_run(games: Sequence[PlayedGame], of_the_year: set[int]) -> WinningRun | None:
    """The longest run of wins in a row by any player with a win among the year's games (`of_the_year`,
    by number), counted whole over every finished game (`games`, in the order they finished): a run
    across New Year is one run in both years. A tie goes to the run reached first."""
    runs: list[tuple[WinningRun, bool]] = []     # each run as it stands, and whether it won in the year
    running: dict[str, int] = {}                 # player -> their run's place in `runs`
    for game in games:
        winners = set(game.result.outcome.winners)
        at = game.result.finished_at or game.result.started_at
        in_year = game.result.session_id in of_the_year
        for seat, name in enumerate(game.result.names):
            key = name.casefold()
            if seat not in winners:
                running.pop(key, None)
                continue
            if key not in running:
                running[key] = len(runs)
                runs.append((WinningRun(name, 0, at, at), False))
            run, touched = runs[running[key]]
            runs[running[key]] = (WinningRun(name, run.wins + 1, run.from_at, at), touched or in_year)
    best: WinningRun | None = None
    for run, touched in sorted(runs, key=lambda item: item[0].to_at):
        if touched and run.wins >= SHORTEST_RUN and (best is None or run.wins > best.wins):
            best = run
    return best
