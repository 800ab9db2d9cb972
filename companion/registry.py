"""The five games the companion knows, in the order the home screen lists them.

A game that is not built yet is listed with its player range and a `Planned` entry, so the home
screen can say so instead of opening an empty table.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from .errors import BadDocument
from .game import Game


@dataclass(frozen=True)
class GameEntry:
    key: str
    title: str
    min_players: int
    max_players: int
    module: str | None  # None while the game is not built yet
    tagline: str

    @property
    def built(self) -> bool:
        return self.module is not None and _module_exists(self.module)

    @property
    def player_range(self) -> str:
        return f"{self.min_players}-{self.max_players} players"

    def load(self) -> Game:
        if not self.built:
            raise BadDocument(f"{self.title} is not built yet; pick another game")
        return importlib.import_module(self.module).GAME


def _module_exists(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


GAMES: tuple[GameEntry, ...] = (
    GameEntry("nuts_about_mutts", "Nuts about Mutts", 2, 6, "companion.games.nuts_about_mutts",
              "Shed your hand; race for the bones"),
    GameEntry("thats_ruff", "That's Ruff!", 2, 4, "companion.games.thats_ruff",
              "Count to 32, fetch the discs"),
    GameEntry("mix_the_mutts", "Mix-the-Mutts", 2, 4, "companion.games.mix_the_mutts",
              "Match heads and tails for points"),
    GameEntry("nut", "Nut", 2, 3, "companion.games.nut",
              "Draft cards, grow nut clusters"),
    GameEntry("pugs_in_mugs", "Pugs in Mugs", 2, 5, "companion.games.pugs_in_mugs",
              "Collect a Mug of every colour"),
)
BY_KEY = {entry.key: entry for entry in GAMES}


def game_entry(key: str) -> GameEntry:
    try:
        return BY_KEY[key]
    except KeyError:
        raise BadDocument(f"unknown game {key!r}; the games are: {', '.join(BY_KEY)}") from None


def load_game(key: str) -> Game:
    return game_entry(key).load()
