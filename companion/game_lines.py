"""The ledger read from what the store keeps of each game: one short line a game (its result, points,
races by seat, who took the first turn, its time at the table) and the times of its moves, so reading ten
thousand games reads ten thousand lines, not every move, race log and result summary again.

A line is worked out from the game's saved rows the first time it is read, by the same code that reads
a game afresh (companion/ledger.py), and kept until the game changes: the store's triggers drop it with
any change to the game's row, its moves or its races (companion/store.py, schema 8). It holds the
names as they were saved; the family's corrections (renames, merges, a seat renamed, a game deleted)
are applied as it is read, as they are to the saved games themselves, so a correction changes no line.
A game finished before results were saved whole is replayed under today's names each time, as before.
`ledger.worked_out_afresh` reads every game afresh: tests/test_many_games.py holds the two equal.
"""

from __future__ import annotations

import array
import json
import sys
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Sequence

from .clock import Moment
from .errors import BadDocument, CompanionError
from .evenings import Evening, GameResult, game_result, tonight_of
from .ledger import Ledger, PlayedGame, Race, evenings_of, played_game
from .names import DELETE, UNDO, Change, deleted, seated_and_merged
from .outcome import Outcome
from .players import Player, check_table
from .registry import game_entry

if TYPE_CHECKING:  # the store is opened only by the commands that need it
    from .store import SessionRecord, Store

# The shape of a line: a line of another shape (kept by another version) is worked out again.
SHAPE = 3


@dataclass(frozen=True)
class Played:
    """Every saved game that can be read back, oldest first, and (number, what is wrong) of the others."""

    games: tuple[PlayedGame, ...]
    unreadable: tuple[tuple[int, str], ...]


def read_ledger(store: Store, played: Played | None = None) -> Ledger:
    """Everything the records are worked out from (companion/ledger.py); `played`: the games read already."""
    return Ledger((played or played_games(store)).games, tuple(store.roster()), store.clock_history())


def evenings(store: Store) -> list[Evening]:
    """Every evening, newest first."""
    return evenings_of(played_games(store).games, store.clock_history())


def tonight(store: Store, now: float | None = None) -> Evening | None:
    """The newest evening if a game started `now` would join it, else None."""
    return tonight_of(evenings(store), now)


def played_games(store: Store) -> Played:
    rows = store.game_rows()
    changes = store.changes()
    gone = deleted(changes)
    renames = [change for change in changes if change.kind not in (DELETE, UNDO)]
    seatings: dict[str, tuple[Player, ...]] = {}
    found: dict[int, PlayedGame | str] = {}
    for row in rows:
        if row[0] not in gone and _kept(row[6]):
            try:
                found[row[0]] = _from_line(row, renames, seatings)
            except (CompanionError, ValueError, TypeError, KeyError, IndexError):
                pass   # a line that cannot be read is worked out again, as a missing one is
    found.update(_worked_out(store, [row[0] for row in rows if row[0] not in gone and row[0] not in found], renames))
    games = [game for row in rows if isinstance(game := found.get(row[0]), PlayedGame)]
    return Played(tuple(games), tuple((row[0], problem) for row in rows if isinstance(problem := found.get(row[0]), str)))


def _kept(line: str | None) -> bool:
    return line is not None and line.startswith(f"[{SHAPE},")


def _worked_out(store: Store, numbers: Sequence[int], renames: Sequence[Change]) -> dict[int, PlayedGame | str]:
    """Games `numbers` worked out from their saved rows (each game, or what is wrong with it), their
    lines kept for the next reading where the game did not change meanwhile."""
    if not numbers:
        return {}
    token = store.claim(numbers)   # before reading them: a change from now on drops the claim
    entries, races = store.entry_times_of(numbers), store.races_of(numbers)

    def game_of(record: SessionRecord) -> PlayedGame:
        return played_game(record, game_result(store, record), entries.get(record.id, []), races.get(record.id, []))

    found: dict[int, PlayedGame | str] = {}
    lines: dict[int, tuple[str, bytes]] = {}
    for record in store.read_back(numbers, as_saved=True):
        if not isinstance(record, tuple) and _whole(record):
            game = game_of(record)
            lines[record.id] = _line(game)
            try:
                found[record.id] = _renamed(game, record.players, renames)
            except CompanionError as problem:
                found[record.id] = str(problem)
    # The others are read back as the saved games are: a game replayed under the names now in use (its
    # result was not saved whole), or one readable only with the corrections (its seats told apart).
    for record in store.read_back([number for number in numbers if number not in lines]):
        if isinstance(record, tuple):
            found[record[0]] = record[1]
        else:
            found[record.id] = game_of(record)
    store.keep_lines(token, lines)
    return found


def _whole(record: SessionRecord) -> bool:
    """Whether the game's line depends on no name now in use: its result was saved whole, or it has
    none yet (not finished, or set aside). One finished before results were saved whole is replayed
    under the names now in use (companion/evenings.py), at each reading."""
    try:
        if record.outcome is not None:
            return True
    except BadDocument:
        pass
    return record.finished_at is None or bool((record.result or {}).get("set_aside"))


# ----- a line, written and read --------------------------------------------------------------------

def _line(game: PlayedGame) -> tuple[str, bytes]:
    """The game's line (names as saved) and the times of its moves, as little-endian doubles."""
    result = game.result
    races = [[race.kind, list(race.seats), list(race.winners), race.cue_ns, sorted(race.presses_ns.items()),
              sorted(race.false_starts)] for race in game.races]
    line = json.dumps([SHAPE, result.outcome.to_json(), list(result.points), races, game.first_turn,
                       game.seconds_at_table], separators=(",", ":"))
    moments = array.array("d", game.moves_at)
    if sys.byteorder == "big":
        moments.byteswap()
    return line, moments.tobytes()


def _from_line(row: Sequence[Any], renames: Sequence[Change], seatings: dict[str, tuple[Player, ...]]
               ) -> PlayedGame | str:
    """The game of a kept line, as the family now calls its players, or why it cannot be read back
    (a seating the corrections leave with one name twice); a line that cannot be read raises."""
    number, game, players, started_at, updated_at, finished_at, line, moments, *clock_at = row
    start_boot, start_since_boot, last_boot, last_since_boot = clock_at
    _, outcome_doc, points, races, first_turn, seconds = json.loads(line)
    saved = seatings.get(players)
    if saved is None:   # a family sits the same way game after game: each seating is read once
        saved = seatings[players] = tuple(Player.from_json(doc, seat=seat) for seat, doc in enumerate(json.loads(players)))
    outcome = Outcome.from_json(outcome_doc)
    times = array.array("d")
    times.frombytes(moments)
    if sys.byteorder == "big":
        times.byteswap()
    result = GameResult(number, game, game_entry(game).title, tuple(player.name for player in saved), outcome,
                        started_at, (finished_at or updated_at) if outcome.finished else None, tuple(points),
                        tuple(player.colour for player in saved), Moment(started_at, start_boot, start_since_boot),
                        Moment(updated_at, last_boot, last_since_boot))
    played = PlayedGame(result, updated_at, tuple(times),
                        tuple(Race(kind, tuple(seats), tuple(winners), cue, dict(presses), frozenset(false_starts))
                              for kind, seats, winners, cue, presses, false_starts in races), first_turn)
    played.__dict__["seconds_at_table"] = seconds   # worked out when the line was, from these same moments
    try:
        return _renamed(played, saved, renames)
    except CompanionError as problem:
        return str(problem)


def _renamed(game: PlayedGame, saved: Sequence[Player], renames: Sequence[Change]) -> PlayedGame:
    """The game with its players as the family now calls them (as the store reads a saved game back:
    the result's names, seat by seat); a seating the corrections would leave with one name twice is
    refused as the store refuses it."""
    if not renames:
        return game
    seats, merged = seated_and_merged(saved, game.result.session_id, renames)
    if seats == tuple(saved) and not merged:
        return game
    check_table(seats)
    outcome = game.result.outcome
    standings = tuple(replace(standing, name=seats[standing.seat].name) if 0 <= standing.seat < len(seats)
                      else standing for standing in outcome.standings)
    result = replace(game.result, names=tuple(player.name for player in seats),
                     outcome=replace(outcome, standings=standings), merged=merged)
    renamed = replace(game, result=result)
    renamed.__dict__["seconds_at_table"] = game.seconds_at_table
    return renamed
