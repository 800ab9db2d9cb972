"""Everything the records are worked out from: each saved game with its result, the times of its moves
and its decided buzzer races (by seat), and the remembered names.

The ledger is read again whenever the store changes (`Store.revision`), so a fixed move, a rename, a
deleted game or a re-imported evening changes every figure the way it changes the saved games
themselves. It is read from what the store keeps of each game (companion/game_lines.py), each game's
line worked out here from its saved rows (`played_game`); `worked_out_afresh` reads every game that way.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from .clock import ClockHistory
from .evenings import EVENING_GAP_S, Evening, GameResult, grouped, played
from .players import Player
from .races.racelog import was_raced_again
from .registry import load_game
from .table_time import moves_at, time_at_table

if TYPE_CHECKING:  # the store is opened only by the commands that need it
    from .store import SessionRecord, Store

NS_PER_MS = 1_000_000


@dataclass(frozen=True)
class Race:
    """One buzzer race of a game as the records count it, by seat: the seats that raced, those who got
    what it was for (a bone race: each bone's taker, in order; a claim race: its winner), each counted
    press and who jumped the cue. Only races decided on the buttons and put in the game count: one
    called off, or run again, counted for nothing."""

    kind: str
    seats: tuple[int, ...]
    winners: tuple[int, ...]
    cue_ns: int
    presses_ns: Mapping[int, int]
    false_starts: frozenset[int]

    @property
    def first(self) -> int | None:
        """The seat whose press counted first."""
        return self.winners[0] if self.winners else None

    def reaction_ms(self, seat: int) -> float | None:
        """From the cue to the seat's counted press, in a bone race; a claim race has no cue of its own
        (its start is put just before the first press), so it has no reaction time."""
        press = self.presses_ns.get(seat)
        return None if self.kind != "bones" or press is None else (press - self.cue_ns) / NS_PER_MS

    @property
    def deciding_finish(self) -> tuple[int, int, float] | None:
        """The finish at the line that decided the race: (the last seat in, the first seat out, the
        milliseconds between their presses). In a bone race the last to get a bone and the first who
        pressed and got none; in a claim race the winner and the next press. None without a counted
        press on each side of the line."""
        inside = [seat for seat in self.winners if seat in self.presses_ns]
        outside = [seat for seat in self.presses_ns if seat not in self.winners]
        if not inside or not outside:
            return None
        last_in = max(inside, key=lambda seat: self.presses_ns[seat])
        first_out = min(outside, key=lambda seat: self.presses_ns[seat])
        return last_in, first_out, round(abs(self.presses_ns[first_out] - self.presses_ns[last_in]) / NS_PER_MS, 3)


@dataclass(frozen=True)
class PlayedGame:
    """A saved game: its result (names as the family now calls them), its last move, when each move
    in effect was told, its counted races, and the seat that took the first turn (set-up's *Plays
    first*, or the player after set-up's *Deals first* where the game's rules say so)."""

    result: GameResult
    last_played_at: float
    moves_at: tuple[float, ...]
    races: tuple[Race, ...]
    first_turn: int = 0

    @property
    def moments(self) -> tuple[float, ...]:
        return (self.result.started_at, *self.moves_at)

    @cached_property
    def seconds_at_table(self) -> float:
        return time_at_table(self.moments, EVENING_GAP_S)


@dataclass(frozen=True)
class Ledger:
    """Every saved game that can be read, oldest first, the remembered names (newest first) and what
    the store knows of its clock (to place the evenings in real time)."""

    games: tuple[PlayedGame, ...]
    roster: tuple[Player, ...] = ()
    clock: ClockHistory = ClockHistory()

    @cached_property
    def evenings(self) -> tuple[tuple[Evening, tuple[PlayedGame, ...]], ...]:
        """Each evening with its games, oldest first (as game_lines.evenings groups them)."""
        by_id = {game.result.session_id: game for game in self.games}
        found = evenings_of(self.games, self.clock)
        return tuple((evening, tuple(by_id[result.session_id] for result in evening.games))
                     for evening in reversed(found))

    @cached_property
    def finished(self) -> tuple[PlayedGame, ...]:
        """The finished games in the order they finished."""
        done = [game for game in self.games if game.result.finished]
        return tuple(sorted(done, key=lambda game: (game.result.finished_at or 0.0, game.result.session_id)))


def evenings_of(games: Iterable[PlayedGame], clock: ClockHistory | None = None) -> list[Evening]:
    """The evenings of these games (oldest first), newest first, placed in real time by what the saved
    games know of their `clock` (companion/clock.py)."""
    return grouped([(game.result, game.last_played_at) for game in games], clock)


def played_game(record: SessionRecord, result: GameResult, entries: Sequence[tuple[str, float]],
                race_logs: list[list[dict[str, Any]]]) -> PlayedGame:
    """A saved game's line of the ledger, from its record, its result, the (kind, time) of its log's
    entries and its race logs."""
    return PlayedGame(result, record.updated_at, tuple(moves_at(entries)), tuple(_races(record, race_logs)),
                      _first_turn(record))


def worked_out_afresh(store: Store) -> Ledger:
    """The ledger with every game worked out from its saved rows, none from what is kept of it: what
    the kept lines must give (companion/game_lines.py reads the ledger; the tests and the benchmark
    of ten thousand games compare the two)."""
    entries = store.entry_times()
    races = store.races_by_game()
    return Ledger(tuple(played_game(record, result, entries.get(record.id, []), races.get(record.id, []))
                        for record, result in played(store)), tuple(store.roster()), store.clock_history())


def read_games(store: Store, results: Iterable[GameResult]) -> tuple[PlayedGame, ...]:
    """The ledger's lines of these games alone (an export reads its own games, not the whole history)."""
    found = []
    for result in results:
        record = store.session_record(result.session_id)
        found.append(played_game(record, result, store.entry_times(record.id).get(record.id, []),
                                 store.races(record.id)))
    return tuple(found)


def _first_turn(record: SessionRecord) -> int:
    dealer = record.options.get("dealer", 0)
    dealer = dealer if isinstance(dealer, int) and 0 <= dealer < len(record.players) else 0
    return load_game(record.game).first_turn(dealer, len(record.players))


def _races(record: SessionRecord, logs: list[list[dict[str, Any]]]) -> list[Race]:
    """The game's counted races, by seat: race players are button numbers, each the button of one seat."""
    seat_of = {player.button: seat for seat, player in enumerate(record.players) if player.button is not None}
    found = []
    for log in logs:
        decision = _decision(log)
        if decision is None or was_raced_again(log):
            continue
        kind, buttons, cue, winners, presses, false_starts = decision
        found.append(Race(kind, tuple(seat_of[button] for button in buttons if button in seat_of),
                          tuple(seat_of[button] for button in winners if button in seat_of), cue,
                          {seat_of[button]: at for button, at in presses.items() if button in seat_of},
                          frozenset(seat_of[button] for button in false_starts if button in seat_of)))
    return found


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
