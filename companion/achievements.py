"""Achievements a child cares about, each earned once, worked out from the saved games like every other
record (companion/ledger.py):

- **First win**: the first finished game won (a shared win counts).
- **Three in a row**: three finished games won one after another, in the order they finished.
- **Photo finish**: a race won at its deciding line by under 5 ms (companion/ledger.py's
  `deciding_finish`: the last to get a bone, or a claim's winner, ahead of the first left out).
- **A clean evening**: an evening of at least three races, each raced without a false start.

Each carries when it was earned and in which game, so the page can say "First win: Nut, Sat 21 Nov".
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from .ledger import Ledger, PlayedGame
from .players import name_key

PHOTO_FINISH_MS = 5.0
CLEAN_EVENING_RACES = 3
THREE_IN_A_ROW = 3


@dataclass(frozen=True)
class Achievement:
    title: str
    game: str        # the title of the game it was earned in
    earned_at: float


def achievements(ledger: Ledger) -> dict[str, tuple[Achievement, ...]]:
    """Each player's achievements (by name, whatever its capitals), in the order they were earned."""
    earned: dict[str, dict[str, Achievement]] = defaultdict(dict)

    def earn(name: str, title: str, game: PlayedGame, at: float) -> None:
        earned[name_key(name)].setdefault(title, Achievement(title, game.result.title, at))

    in_a_row: dict[str, int] = defaultdict(int)
    for game in ledger.finished:
        result = game.result
        at = result.finished_at or result.started_at
        for seat, name in enumerate(result.names):
            if seat not in result.outcome.winners:
                in_a_row[name_key(name)] = 0
                continue
            earn(name, "First win", game, at)
            in_a_row[name_key(name)] += 1
            if in_a_row[name_key(name)] >= THREE_IN_A_ROW:
                earn(name, "Three in a row", game, at)
        for race in game.races:
            finish = race.deciding_finish
            if finish is not None and finish[2] < PHOTO_FINISH_MS:
                earn(result.names[finish[0]], "Photo finish won by under 5 ms", game, at)
    for _evening, games in ledger.evenings:
        raced: dict[str, list[bool]] = defaultdict(list)   # player -> for each race, whether they jumped
        last: dict[str, PlayedGame] = {}
        for game in games:
            for race in game.races:
                for seat in race.seats:
                    raced[game.result.names[seat]].append(seat in race.false_starts)
                    last[game.result.names[seat]] = game
        for name, jumps in raced.items():
            if len(jumps) >= CLEAN_EVENING_RACES and not any(jumps):
                game = last[name]
                earn(name, "A whole evening of races without a false start", game,
                     game.result.finished_at or game.last_played_at)
    return {key: tuple(sorted(found.values(), key=lambda item: item.earned_at)) for key, found in earned.items()}
