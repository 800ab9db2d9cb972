"""Mix-the-Mutts: connect head-and-tail tiles, then score the new dogs with matching cards. The app
never sees the cards: it keeps the counts the family loses track of (tiles left, the card pile, each
hand's size, each scoring stack by breed) and refuses what the counts or the rules rule out. Breed
names, counts and default values come from the rule card seeds/mix_the_mutts.json."""

from .rules import GAME, MixTheMutts

__all__ = ["GAME", "MixTheMutts"]
