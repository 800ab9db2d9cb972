"""Each player's record across every saved game: games played and won by game, win rates, winning
streaks, time at the table, head to head with everyone they played (with their rival, nemesis, buddy and minion), and
how they do in the buzzer races.

A game is won when the player is among its winners (a shared win counts). A streak is wins in a row
over the player's finished games in the order they finished, whatever the game. A race is won by the
player whose press counted first (a claim's winner, the first bone); the reaction time is from the
cue to the counted press and is taken from bone races only, since a claim race has no cue of its own
(its start is put just before the first press). A player's time at the table is the time of the
games they sat at, each game's own (companion/table_time.py).

Everything is worked out from the saved games as they now stand (companion/ledger.py); the screens
keep one reading for each change of the store (`Store.revision`).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from .achievements import Achievement, achievements
from .buzzer_records import TrendPoint, reaction_trends
from .calendar_records import Month, YearInReview, months, year_in_review
from .errors import BadDocument
from .evenings import GameResult
from .game_lines import read_ledger
from .head_to_head import HeadToHead, Pairings
from .ledger import Ledger, PlayedGame
from .names import OwnColours
from .outcome import ScoreOrder
from .players import name_key

if TYPE_CHECKING:  # the store is opened only by the commands that need it
    from .store import Store


@dataclass(frozen=True)
class GameRecord:
    """One game's line in a player's record. `best` is the highest score for games where the most
    wins, the lowest where the fewest wins; `average` the mean final score (None before any);
    `win_rate` the share of the games won, from 0 to 1."""

    game: str
    title: str
    played: int
    won: int
    best: int | None
    average: float | None
    win_rate: float | None = None


@dataclass(frozen=True)
class RaceRecord:
    """A player's buzzer races, each counted by what it was for: `won` the races that got the player
    a bone or the claim, `bones_missed` the bone races that left them without one. The closest win
    and loss are at the line that decided each race (companion/ledger.py's `deciding_finish`)."""

    races: int = 0
    won: int = 0
    bones_missed: int = 0
    median_reaction_ms: float | None = None
    false_starts: int = 0
    closest_win_ms: float | None = None
    closest_loss_ms: float | None = None


@dataclass(frozen=True)
class PlayerRecord:
    """A player's record. The sections without enough to say are None: `win_rate` before a finished
    game, `reaction_trend` before bone races on two evenings. `rival`, `nemesis`, `buddy` and `minion`
    are empty until someone meets their rule, and hold several where players tie on it (see
    companion/head_to_head.py). `opponents` is head to head with everyone they finished a game with,
    most games together first."""

    name: str
    colour: str
    games: tuple[GameRecord, ...]
    played: int
    won: int
    current_streak: int
    longest_streak: int
    races: RaceRecord
    win_rate: float | None = None
    seconds_at_table: float = 0.0
    rival: tuple[HeadToHead, ...] = ()
    nemesis: tuple[HeadToHead, ...] = ()
    opponents: tuple[HeadToHead, ...] = ()
    reaction_trend: tuple[TrendPoint, ...] | None = None
    buddy: tuple[HeadToHead, ...] = ()
    minion: tuple[HeadToHead, ...] = ()
    achievements: tuple[Achievement, ...] = ()   # in the order earned (companion/achievements.py)


@dataclass
class _Tally:
    name: str
    colour: str
    results: list[tuple[GameResult, int]] = field(default_factory=list)  # finished games and the seat
    seconds_at_table: float = 0.0
    races: int = 0
    race_wins: int = 0
    bones_missed: int = 0
    reactions: list[float] = field(default_factory=list)
    false_starts: int = 0
    win_margins: list[float] = field(default_factory=list)
    loss_margins: list[float] = field(default_factory=list)

    def record(self, figures: Records) -> PlayerRecord:
        by_game: dict[str, list[tuple[GameResult, int]]] = {}
        for result, seat in self.results:
            by_game.setdefault(result.game, []).append((result, seat))
        games = sorted((_game_record(results) for results in by_game.values()), key=lambda g: (-g.played, g.title))
        ordered = sorted(self.results, key=lambda item: (item[0].finished_at or 0.0, item[0].session_id))
        current = longest = 0
        for result, seat in ordered:
            current = current + 1 if seat in result.outcome.winners else 0
            longest = max(longest, current)
        races = RaceRecord(
            races=self.races, won=self.race_wins, bones_missed=self.bones_missed,
            median_reaction_ms=round(statistics.median(self.reactions), 3) if self.reactions else None,
            false_starts=self.false_starts,
            closest_win_ms=min(self.win_margins) if self.win_margins else None,
            closest_loss_ms=min(self.loss_margins) if self.loss_margins else None)
        won = sum(seat in result.outcome.winners for result, seat in self.results)
        pairings = figures.pairings
        return PlayerRecord(self.name, self.colour, tuple(games), len(self.results), won, current, longest, races,
                            _rate(won, len(self.results)), round(self.seconds_at_table, 3),
                            pairings.rival(self.name), pairings.nemesis(self.name), pairings.opponents(self.name),
                            figures.trends.get(self.name.casefold()), pairings.buddy(self.name),
                            pairings.minion(self.name), figures.achievements.get(self.name.casefold(), ()))


def _rate(won: int, played: int) -> float | None:
    return round(won / played, 4) if played else None


def _game_record(results: list[tuple[GameResult, int]]) -> GameRecord:
    first = results[0][0]
    scores = [score for result, seat in results if (score := result.outcome.standings[seat].score) is not None]
    best: int | None = None
    if scores:
        best = min(scores) if first.outcome.order is ScoreOrder.LOW_WINS else max(scores)
    won = sum(seat in result.outcome.winners for result, seat in results)
    return GameRecord(first.game, first.title, len(results), won, best,
                      round(statistics.fmean(scores), 2) if scores else None, _rate(won, len(results)))


class Records:
    """Every figure of the records, from one ledger: each worked out when first asked for."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger

    @cached_property
    def trends(self) -> dict[str, tuple[TrendPoint, ...]]:
        """Every player's reaction trend, by their name in lower case."""
        return reaction_trends(self.ledger)

    @cached_property
    def achievements(self) -> dict[str, tuple[Achievement, ...]]:
        """Every player's achievements, by their name in lower case."""
        return achievements(self.ledger)

    @cached_property
    def pairings(self) -> Pairings:
        return Pairings(game.result for game in self.ledger.games)

    @cached_property
    def _tallies(self) -> dict[str, _Tally]:
        tallies: dict[str, _Tally] = {}
        colours = OwnColours()
        for game in self.ledger.games:
            result = game.result
            for seat, name in enumerate(result.names):
                tally = tallies.setdefault(name.casefold(), _Tally(name, result.colours[seat]))
                tally.name = name  # the latest game's spelling and colour
                colours.seen(name, result.colours[seat], seat in result.merged)
                tally.colour = colours.of(name)
                if result.finished:
                    tally.results.append((result, seat))
                tally.seconds_at_table += game.seconds_at_table
            _count_races(game, tallies)
        for player in self.ledger.roster:  # the roster keeps the newest name and colour, and those never played
            tally = tallies.setdefault(player.name.casefold(), _Tally(player.name, player.colour))
            tally.name, tally.colour = player.name, player.colour
        return tallies

    @cached_property
    def players(self) -> tuple[PlayerRecord, ...]:
        """Every remembered or played name, most games first."""
        records = [tally.record(self) for tally in self._tallies.values()]
        return tuple(sorted(records, key=lambda record: (-record.played, record.name.casefold())))

    def player(self, name: str) -> PlayerRecord:
        """The record of one player; the name matches whatever its capitals."""
        found = self._tallies.get(name_key(name))
        if found is None:
            known = ", ".join(tally.name for tally in self._tallies.values())
            hint = f"the players are: {known}" if known else "no games have been played and no names remembered yet"
            raise BadDocument(f"there is no player called {name.strip()!r}; check the spelling ({hint})")
        return found.record(self)

    def head_to_head(self, player: str, opponent: str) -> HeadToHead:
        """Two players against each other; each name must be one in the records."""
        first, second = self.player(player).name, self.player(opponent).name
        if first.casefold() == second.casefold():
            raise BadDocument(f"head to head takes two different players, not {first} twice")
        return self.pairings.between(first, second)

    @cached_property
    def months(self) -> tuple[Month, ...]:
        return months(self.ledger)

    def year(self, year: int) -> YearInReview | None:
        return year_in_review(self.ledger, year)

    @cached_property
    def seconds_at_table(self) -> float:
        """Every evening's time at the table, all together."""
        return round(sum(month.seconds_at_table for month in self.months), 3)


def player_record(store: Store, name: str) -> PlayerRecord:
    """The record of one player; the name matches whatever its capitals."""
    return Records(read_ledger(store)).player(name)


def all_records(store: Store) -> list[PlayerRecord]:
    """Every remembered or played name, most games first."""
    return list(Records(read_ledger(store)).players)


def _count_races(game: PlayedGame, tallies: dict[str, _Tally]) -> None:
    names = game.result.names
    for race in game.races:
        line = race.deciding_finish
        for seat in race.seats:
            tally = tallies[names[seat].casefold()]
            tally.races += 1
            tally.false_starts += seat in race.false_starts
            reaction = race.reaction_ms(seat)
            if reaction is not None:
                tally.reactions.append(reaction)
            if seat in race.winners:
                tally.race_wins += 1
            elif race.kind == "bones":
                tally.bones_missed += 1
            if line is not None and seat == line[0]:
                tally.win_margins.append(line[2])
            elif line is not None and seat == line[1]:
                tally.loss_margins.append(line[2])
