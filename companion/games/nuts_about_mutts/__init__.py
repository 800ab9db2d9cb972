"""Nuts about Mutts: shed your hand onto the home pile. A dog card follows the colour, the number or
the breed of the one on top; wild cards change the colour and more (a Flea makes everyone else
draw, a Fire Hydrant swaps hands, a Dog House makes a player draw until they can play, a Pedigree
starts a round of one breed, a Mutt starts a race for the bones, with fewer bones than players). In
the advanced game anyone may claim a Match! or a Run! on the top dog, in or out of turn. The app
never sees the cards: it keeps the counts, whose turn it is and the scores, the cards left in hand,
added up over an evening of hands; the lowest total is the top dog."""

from .rules import GAME, NutsAboutMutts

__all__ = ["GAME", "NutsAboutMutts"]
