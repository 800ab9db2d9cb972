"""Nut: draft cards from three columns, then score each painted layout by its best nut clusters."""

from .game import GAME, NutGame
from .state import NutState

__all__ = ["GAME", "NutGame", "NutState"]
