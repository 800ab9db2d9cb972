"""Nuts about Mutts: the rules core (counts, turns, wild effects, scores across an evening)."""

from .game import GAME, NutsAboutMutts

__all__ = ["GAME", "NutsAboutMutts"]
