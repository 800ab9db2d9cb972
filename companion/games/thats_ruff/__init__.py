"""That's Ruff!: count to 32 and fetch the flying discs. The app turns the cards the players enter
into dog moves, disc tosses and the winner."""

from .game import ThatsRuff

GAME = ThatsRuff()

__all__ = ["GAME", "ThatsRuff"]
