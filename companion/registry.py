"""The five games the companion knows, in the order the home screen lists them. What the home screen
says of each (title, player range, tagline) is read from the game's rule card, so listing the games
imports none of them."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from .errors import BadDocument
from .game import Game
from .rulecards import load_rulecard

KEYS = ("nuts_about_mutts", "thats_ruff", "mix_the_mutts", "nut", "pugs_in_mugs")


@dataclass(frozen=True)
class GameEntry:
    key: str
    title: str
    min_players: int
    max_players: int
    tagline: str
    # What a score of this game stands for, in a sentence shown beside its scores; None where the
    # score is plainly points (or cards) and the winner has the best of them.
    score_means: str | None = None

    @classmethod
    def from_card(cls, card: dict[str, Any]) -> GameEntry:
        return cls(card["game"], card["title"], card["players"]["min"], card["players"]["max"], card["tagline"],
                   card.get("score"))

    @property
    def module(self) -> str:
        return f"companion.games.{self.key}"

    @property
    def player_range(self) -> str:
        return f"{self.min_players}-{self.max_players} players"

    def load(self) -> Game[Any]:
        game: Game[Any] = importlib.import_module(self.module).GAME
        return game


GAMES: tuple[GameEntry, ...] = tuple(GameEntry.from_card(load_rulecard(key)) for key in KEYS)
BY_KEY = {entry.key: entry for entry in GAMES}


def score_meaning(key: str) -> tuple[str, str] | None:
    """The game's title and what its score stands for, where that is not plain points (see
    GameEntry.score_means); None otherwise, and for a game the registry does not hold (a test's own)."""
    entry = BY_KEY.get(key)
    return (entry.title, entry.score_means) if entry is not None and entry.score_means else None


def game_entry(key: str) -> GameEntry:
    try:
        return BY_KEY[key]
    except KeyError:
        raise BadDocument(f"unknown game {key!r}; the games are: {', '.join(BY_KEY)}") from None


def load_game(key: str) -> Game[Any]:
    return game_entry(key).load()
