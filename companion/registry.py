"""The five games the companion knows, in the order the home screen lists them."""

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
    module: str
    tagline: str

    @property
    def player_range(self) -> str:
        return f"{self.min_players}-{self.max_players} players"

    def load(self) -> Game:
        return importlib.import_module(self.module).GAME


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
