"""Each player's record across every saved game: games played and won by game, winning streaks, and
how they do in the buzzer races.

A game is won when the player is among its winners (a shared win counts). A streak is wins in a row
over the player's finished games in the order they finished, whatever the game. A race is won by the
player whose press counted first (a claim's winner, the first bone); the reaction time is from the
cue to the counted press and is taken from bone races only, since a claim race has no cue of its own
(its start is put just before the first press).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import BadDocument
from .evenings import GameResult, played
from .outcome import ScoreOrder
from .paths import default_data_dir
from .races.racelog import was_raced_again

if TYPE_CHECKING:  # the store is opened only by the commands that need it
    from .store import SessionRecord, Store

_NS_PER_MS = 1_000_000


@dataclass(frozen=True)
class GameRecord:
    """One game's line in a player's record. `best` is the highest score for games where the most
    wins, the lowest where the fewest wins; `average` the mean final score (None before any)."""

    game: str
    title: str
    played: int
    won: int
    best: int | None
    average: float | None


@dataclass(frozen=True)
class RaceRecord:
    races: int = 0
    won: int = 0
    median_reaction_ms: float | None = None
    false_starts: int = 0
    closest_win_ms: float | None = None
    closest_loss_ms: float | None = None


@dataclass(frozen=True)
class PlayerRecord:
    name: str
    colour: str
    games: tuple[GameRecord, ...]
    played: int
    won: int
    current_streak: int
    longest_streak: int
    races: RaceRecord


@dataclass
class _Tally:
    name: str
    colour: str
    results: list[tuple[GameResult, int]] = field(default_factory=list)  # finished games and the seat
    races: int = 0
    race_wins: int = 0
    reactions: list[float] = field(default_factory=list)
    false_starts: int = 0
    win_margins: list[float] = field(default_factory=list)
    loss_margins: list[float] = field(default_factory=list)

    def record(self) -> PlayerRecord:
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
            races=self.races, won=self.race_wins,
            median_reaction_ms=round(statistics.median(self.reactions), 3) if self.reactions else None,
            false_starts=self.false_starts,
            closest_win_ms=min(self.win_margins) if self.win_margins else None,
            closest_loss_ms=min(self.loss_margins) if self.loss_margins else None)
        return PlayerRecord(self.name, self.colour, tuple(games), len(self.results),
                            sum(seat in result.outcome.winners for result, seat in self.results),
                            current, longest, races)


def _game_record(results: list[tuple[GameResult, int]]) -> GameRecord:
    first = results[0][0]
    scores = [score for result, seat in results if (score := result.outcome.standings[seat].score) is not None]
    best: int | None = None
    if scores:
        best = min(scores) if first.outcome.order is ScoreOrder.LOW_WINS else max(scores)
    return GameRecord(first.game, first.title, len(results), sum(seat in result.outcome.winners for result, seat in results),
                      best, round(statistics.fmean(scores), 2) if scores else None)


def player_record(store: Store, name: str) -> PlayerRecord:
    """The record of one player; the name matches whatever its capitals."""
    tallies = _tallies(store)
    found = tallies.get(name.strip().casefold())
    if found is None:
        known = ", ".join(tally.name for tally in tallies.values())
        hint = f"the players are: {known}" if known else "no games have been played and no names remembered yet"
        raise BadDocument(f"there is no player called {name.strip()!r}; check the spelling ({hint})")
    return found.record()


def all_records(store: Store) -> list[PlayerRecord]:
    """Every remembered or played name, most games first."""
    records = [tally.record() for tally in _tallies(store).values()]
    return sorted(records, key=lambda record: (-record.played, record.name.casefold()))


def _tallies(store: Store) -> dict[str, _Tally]:
    tallies: dict[str, _Tally] = {}
    for record, result in played(store):
        for seat, player in enumerate(record.players):
            tally = tallies.setdefault(player.name.casefold(), _Tally(player.name, player.colour))
            tally.name, tally.colour = player.name, player.colour  # the latest game's spelling and colour
            if result.finished:
                tally.results.append((result, seat))
        _count_races(store, record, tallies)
    for player in store.roster():  # the roster keeps the newest name and colour, and those never played
        tally = tallies.setdefault(player.name.casefold(), _Tally(player.name, player.colour))
        tally.name, tally.colour = player.name, player.colour
    return tallies


def _count_races(store: Store, record: SessionRecord, tallies: dict[str, _Tally]) -> None:
    """The races of one game: race players are button numbers, each the button of one seat."""
    seat_of = {player.button: seat for seat, player in enumerate(record.players) if player.button is not None}
    for log in store.races(record.id):
        decision = _decision(log)
        if decision is None or was_raced_again(log):
            continue  # never decided, or run again: that result counted for nothing
        kind, players, cue, winners, presses, false_starts = decision
        first = winners[0] if winners else None
        ranked = sorted(presses.items(), key=lambda item: item[1])
        for button in players:
            if button not in seat_of:
                continue
            tally = tallies[record.players[seat_of[button]].name.casefold()]
            tally.races += 1
            tally.false_starts += button in false_starts
            mine = presses.get(button)
            if kind == "bones" and mine is not None:
                tally.reactions.append((mine - cue) / _NS_PER_MS)
            if button == first:
                tally.race_wins += 1
                others = [t for player, t in ranked if player != button]
                if mine is not None and others:
                    tally.win_margins.append(round(abs(min(others) - mine) / _NS_PER_MS, 3))
            elif mine is not None and first is not None and first in presses:
                tally.loss_margins.append(round(abs(mine - presses[first]) / _NS_PER_MS, 3))


_Decision = tuple[str, list[int], int, list[int], dict[int, int], set[int]]


def _decision(log: list[dict[str, Any]]) -> _Decision | None:
    """(kind, players, cue, winners, counted presses, false starters) from the race's last decision
    line; None for a race that was never decided (cancelled) or a line that cannot be read."""
    lines = [line for line in log if isinstance(line, dict) and line.get("event") == "decision"]
    if not lines:
        return None
    line = lines[-1]
    try:
        return (str(line["kind"]), [int(p) for p in line["players"]], int(line["cue_ns"]),
                [int(p) for p in line["winners"]], {int(p): int(t) for p, t in dict(line.get("press_ns", {})).items()},
                {int(p) for p in line.get("false_starts", [])})
    except (KeyError, TypeError, ValueError):
        return None


# ----- the stats command ----------------------------------------------------------------------------

def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f} ms"


def table_text(records: list[PlayerRecord]) -> str:
    if not records:
        return "No players yet: play a game and everyone at the table shows up here.\n"
    header = ("Player", "Played", "Won", "Longest streak", "Races won", "Median reaction")
    rows = [header] + [(r.name, str(r.played), str(r.won), str(r.longest_streak), f"{r.races.won}/{r.races.races}",
                        _ms(r.races.median_reaction_ms)) for r in records]
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    lines = ["  ".join(cell.ljust(width) if column == 0 else cell.rjust(width)
                       for column, (cell, width) in enumerate(zip(row, widths))).rstrip() for row in rows]
    return "\n".join(lines) + "\n"


def record_text(record: PlayerRecord) -> str:
    races = record.races
    lines = [f"{record.name} ({record.colour})",
             f"Played {record.played}, won {record.won}; winning streak now {record.current_streak}, "
             f"longest {record.longest_streak}"]
    for game in record.games:
        average = "-" if game.average is None else f"{game.average:g}"
        best = "-" if game.best is None else str(game.best)
        lines.append(f"  {game.title}: played {game.played}, won {game.won}, best score {best}, average {average}")
    lines.append(f"Races: {races.races}, won {races.won}, false starts {races.false_starts}, "
                 f"median reaction {_ms(races.median_reaction_ms)}, closest win {_ms(races.closest_win_ms)}, "
                 f"closest loss {_ms(races.closest_loss_ms)}")
    return "\n".join(lines) + "\n"


def main(args: argparse.Namespace) -> int:
    from .store import Store

    store = Store.open(args.data_dir or default_data_dir())
    try:
        if args.name is not None:
            one = player_record(store, args.name)
            text = json.dumps(asdict(one), indent=2) + "\n" if args.json else record_text(one)
        else:
            every = all_records(store)
            text = json.dumps([asdict(r) for r in every], indent=2) + "\n" if args.json else table_text(every)
    finally:
        store.close()
    sys.stdout.write(text)
    return 0
