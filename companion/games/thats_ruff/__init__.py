"""That's Ruff!: count to 32 and fetch the flying discs. Each hand the players lay out the cards they
will not keep, then count up to 32 with the rest, their dogs stepping clockwise for shaded counts,
matches and 8s, and a player who can't play says "That's Ruff!" and tosses a disc onto their path;
then they collect sets from the centre with the laid-out cards and the dogs walk back for what they
collected. A dog home in its dog house with every disc on its path fetched wins. The app turns the
cards the players enter into dog moves, disc tosses and the winner."""

from .rules import GAME, ThatsRuff

__all__ = ["GAME", "ThatsRuff"]
