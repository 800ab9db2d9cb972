"""Head to head: how two players did against each other in every finished game both sat at.

The rules (those Board Games Companion settled on for its own records):

- In each game you beat everyone placed below you, whatever the number of players: a four-player game
  is one result against each of the other three.
- Two players sharing first place each count it as a win against the other; sharing a place below
  first is a draw.
- A rival is the player you have finished most games with, and a nemesis the player who has beaten you
  most often, each only after at least `MIN_SHARED` (3) games together; before that there is none.

Players are one person whatever their capitals, as everywhere in the records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from .evenings import GameResult
from .outcome import Standing

MIN_SHARED = 3


@dataclass(frozen=True)
class GameHeadToHead:
    """Head to head in one game (Nut, say), from the player's side."""

    game: str
    title: str
    together: int
    wins: int
    opponent_wins: int


@dataclass(frozen=True)
class HeadToHead:
    """`player` against `opponent`: finished games together, the games each won against the other
    (a shared first place counts for both, so it is in `wins`, `opponent_wins` and `shared_wins`),
    draws (a shared place below first), and the same by game, most played first."""

    player: str
    opponent: str
    together: int
    wins: int
    opponent_wins: int
    shared_wins: int
    draws: int
    by_game: tuple[GameHeadToHead, ...]
    last_together_at: float = 0.0


@dataclass
class _Tally:
    together: int = 0
    wins: int = 0
    opponent_wins: int = 0
    shared_wins: int = 0
    last_at: float = 0.0
    by_game: dict[str, list[int]] = field(default_factory=dict)   # game -> [together, wins, opponent wins]


class Pairings:
    """Every pair's head to head, worked out once from the finished games."""

    def __init__(self, results: Iterable[GameResult]) -> None:
        self._tallies: dict[tuple[str, str], _Tally] = {}
        self._names: dict[str, str] = {}
        self._titles: dict[str, str] = {}
        for result in sorted((r for r in results if r.finished), key=lambda r: (r.finished_at or 0.0, r.session_id)):
            self._count(result)

    def _count(self, result: GameResult) -> None:
        self._titles[result.game] = result.title
        standings = result.outcome.standings
        winners = set(result.outcome.winners)
        for mine in standings:
            self._names[mine.name.casefold()] = mine.name
            for theirs in standings:
                if theirs.seat == mine.seat:
                    continue
                tally = self._tallies.setdefault((mine.name.casefold(), theirs.name.casefold()), _Tally())
                won, lost = _beats(mine, theirs, winners), _beats(theirs, mine, winners)
                tally.together += 1
                tally.wins += won
                tally.opponent_wins += lost
                tally.shared_wins += won and lost
                tally.last_at = result.finished_at or 0.0
                game = tally.by_game.setdefault(result.game, [0, 0, 0])
                game[0] += 1
                game[1] += won
                game[2] += lost

    def between(self, player: str, opponent: str) -> HeadToHead:
        """`player` against `opponent`; all zeros when they never finished a game together."""
        key = (player.strip().casefold(), opponent.strip().casefold())
        tally = self._tallies.get(key, _Tally())
        by_game = sorted((GameHeadToHead(game, self._titles[game], *counts) for game, counts in tally.by_game.items()),
                         key=lambda line: (-line.together, line.title))
        return HeadToHead(self._names.get(key[0], player.strip()), self._names.get(key[1], opponent.strip()),
                          tally.together, tally.wins, tally.opponent_wins, tally.shared_wins,
                          tally.together - tally.wins - tally.opponent_wins + tally.shared_wins,
                          tuple(by_game), tally.last_at)

    def opponents(self, player: str) -> tuple[HeadToHead, ...]:
        """`player` against everyone they finished a game with, most games together first."""
        mine = player.strip().casefold()
        found = [self.between(player, self._names[theirs]) for key, theirs in self._tallies if key == mine]
        return tuple(sorted(found, key=lambda line: (-line.together, line.opponent.casefold())))

    def rival(self, player: str) -> HeadToHead | None:
        """The player `player` finished most games with, at least MIN_SHARED; a tie goes to the one
        played with most recently."""
        return _most(self.opponents(player), lambda line: (line.together, line.last_together_at))

    def nemesis(self, player: str) -> HeadToHead | None:
        """The player who has beaten `player` most often, after at least MIN_SHARED games together;
        a tie goes to the one who beat them in the larger share of their games, then the one played
        with most recently."""
        beaten_by = [line for line in self.opponents(player) if line.opponent_wins > 0]
        return _most(beaten_by, lambda line: (line.opponent_wins, line.opponent_wins / line.together,
                                              line.last_together_at))


def _beats(mine: Standing, theirs: Standing, winners: set[int]) -> bool:
    """Placed above them, or sharing the win with them."""
    if mine.seat in winners and theirs.seat in winners:
        return True
    return mine.place is not None and (theirs.place is None or mine.place < theirs.place)


def _most(lines: Iterable[HeadToHead], key: Callable[[HeadToHead], tuple[float, ...]]) -> HeadToHead | None:
    eligible = [line for line in lines if line.together >= MIN_SHARED]
    return max(eligible, key=key, default=None)

