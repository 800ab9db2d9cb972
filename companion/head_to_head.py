"""Head to head: how two players did against each other in every finished game both sat at.

The rules:

- In each game you beat everyone placed below you, whatever the number of players: a four-player game
  is one result against each of the other three. Between two players each game is exactly one of: one
  above the other, the other above, or level in the same place, so the counts add up to the games
  together. Neither needs to have won the game: third place beats fourth.
- Two players sharing the win (a shared top dog, partners, equal totals) are level: a shared win, which
  neither beat the other in. Level in a place below first is a draw.
- Your **nemesis** beat you at least `MIN_BEATEN` (3) times and in more than half of the games decided
  between you (one of you above the other; the games finished level decide nothing); your **minion** is
  the other way round. Your **rival** is the one whose record against you is closest (the fewest wins
  between you), your **buddy** the one you finished most games with, each after at least `MIN_SHARED`
  (3) games together. Where two are equal, the order is stated with each, its last word the one played
  with most recently; those still equal (they sat at the same games) are named together as tied, never
  one chosen by name.

Players are one person whatever their capitals, as everywhere in the records.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Iterable

from .evenings import GameResult
from .outcome import Standing
from .players import name_key

MIN_SHARED = 3   # games together before anyone is your rival or your buddy
MIN_BEATEN = 3   # times one beat the other before they are a nemesis and a minion


@dataclass(frozen=True)
class GameHeadToHead:
    """Head to head in one game (Nut, say), from the player's side: `together` is `wins` (the player
    above) + `opponent_wins` (the opponent above) + `shared` (level: a shared win or a draw)."""

    game: str
    title: str
    together: int
    wins: int
    opponent_wins: int
    shared: int


@dataclass(frozen=True)
class HeadToHead:
    """`player` against `opponent`: finished games together, which add up to the games each finished
    above the other (`wins`, `opponent_wins`), the wins they shared (`shared_wins`) and the places below
    first they shared (`draws`); and the same by game, most played first."""

    player: str
    opponent: str
    together: int
    wins: int
    opponent_wins: int
    shared_wins: int
    draws: int
    by_game: tuple[GameHeadToHead, ...]
    last_together_at: float = 0.0

    @property
    def shared(self) -> int:
        """The games they finished level: a shared win or a draw."""
        return self.shared_wins + self.draws


@dataclass
class _Tally:
    together: int = 0
    wins: int = 0
    opponent_wins: int = 0
    shared_wins: int = 0
    draws: int = 0
    last_at: float = 0.0
    by_game: dict[str, list[int]] = field(default_factory=dict)   # game -> [together, wins, opponent wins, shared]


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
        winners = set(result.outcome.winners)
        # Each seat's name, its lower case and its rank, worked out once for all its pairs.
        seats = [(standing.seat, standing.name, standing.name.casefold(), _rank(standing, winners))
                 for standing in result.outcome.standings]
        at = result.finished_at or 0.0
        for mine, name, my_key, my_rank in seats:
            self._names[my_key] = name
            for theirs, _, their_key, their_rank in seats:
                if theirs == mine:
                    continue
                tally = self._tallies.get((my_key, their_key))
                if tally is None:
                    tally = self._tallies[my_key, their_key] = _Tally()
                won, lost, level = my_rank < their_rank, my_rank > their_rank, my_rank == their_rank
                tally.together += 1
                tally.wins += won
                tally.opponent_wins += lost
                tally.shared_wins += level and mine in winners
                tally.draws += level and mine not in winners
                tally.last_at = at
                game = tally.by_game.get(result.game)
                if game is None:
                    game = tally.by_game[result.game] = [0, 0, 0, 0]
                game[0] += 1
                game[1] += won
                game[2] += lost
                game[3] += level

    def between(self, player: str, opponent: str) -> HeadToHead:
        """`player` against `opponent`; all zeros when they never finished a game together."""
        key = (name_key(player), name_key(opponent))
        tally = self._tallies.get(key, _Tally())
        by_game = sorted((GameHeadToHead(game, self._titles[game], *counts) for game, counts in tally.by_game.items()),
                         key=lambda line: (-line.together, line.title))
        return HeadToHead(self._names.get(key[0], player.strip()), self._names.get(key[1], opponent.strip()),
                          tally.together, tally.wins, tally.opponent_wins, tally.shared_wins, tally.draws,
                          tuple(by_game), tally.last_at)

    def opponents(self, player: str) -> tuple[HeadToHead, ...]:
        """`player` against everyone they finished a game with, most games together first."""
        mine = name_key(player)
        found = [self.between(player, self._names[theirs]) for key, theirs in self._tallies if key == mine]
        return tuple(sorted(found, key=lambda line: (-line.together, line.opponent.casefold())))

    def rival(self, player: str) -> tuple[HeadToHead, ...]:
        """The player whose record against `player` is closest, over at least MIN_SHARED games
        together; of equally close ones, the one with the most games together, then the most recent
        (those still equal, tied). Empty before anyone has three games with `player`."""
        return _most(self.opponents(player), lambda line: (-abs(line.wins - line.opponent_wins), line.together,
                                                           line.last_together_at))

    def buddy(self, player: str) -> tuple[HeadToHead, ...]:
        """The player `player` finished most games with, at least MIN_SHARED; of equal ones, the most
        recent."""
        return _most(self.opponents(player), lambda line: (line.together, line.last_together_at))

    def nemesis(self, player: str) -> tuple[HeadToHead, ...]:
        """The player who beat `player` at least MIN_BEATEN times and in more than half of the games
        decided between them; of several, the one who beat them most often, then in the larger share of
        those games, then the most recent."""
        return _dominant(self.opponents(player))

    def minion(self, player: str) -> tuple[HeadToHead, ...]:
        """The player `player` beat at least MIN_BEATEN times and in more than half of the games decided
        between them; of several, as for a nemesis."""
        return _dominant(self.opponents(player), beaten_by_player=True)


def _rank(standing: Standing, winners: set[int]) -> float:
    """Where a seat finished, the lower the better: the winners level and first whatever their places
    say (an imported result may place them otherwise), then the others by place, a seat without one last."""
    if standing.seat in winners:
        return 0
    return math.inf if standing.place is None else standing.place


def _most(lines: Iterable[HeadToHead], key: Callable[[HeadToHead], tuple[float, ...]]) -> tuple[HeadToHead, ...]:
    return _best([line for line in lines if line.together >= MIN_SHARED], key)


def _dominant(lines: Iterable[HeadToHead], *, beaten_by_player: bool = False) -> tuple[HeadToHead, ...]:
    """The line of the opponent who beat the player (or, `beaten_by_player`, whom the player beat) at
    least MIN_BEATEN times and in more than half of the games decided between them."""
    def beats(line: HeadToHead) -> tuple[int, int]:
        return (line.wins, line.opponent_wins) if beaten_by_player else (line.opponent_wins, line.wins)

    eligible = [line for line in lines if beats(line)[0] >= MIN_BEATEN and beats(line)[0] > beats(line)[1]]
    return _best(eligible, lambda line: (beats(line)[0], beats(line)[0] / sum(beats(line)), line.last_together_at))


def _best(lines: list[HeadToHead], key: Callable[[HeadToHead], tuple[float, ...]]) -> tuple[HeadToHead, ...]:
    """The line with the highest key, or the lines tied on it (equal in every way the rule states, as
    everyone is who always sits at the same table), in the order of `lines`: none is chosen by name."""
    if not lines:
        return ()
    best = max(key(line) for line in lines)
    return tuple(line for line in lines if key(line) == best)
