"""Pugs in Mugs: trade Pugs for Mugs, steal Mugs, make mischief; one Mug of each colour wins.

Hands stay hidden, so the app keeps each hand as a count and trusts the player about what they
played. Everything played goes face up on the discard pile, so its contents are known by kind; that
is what lets the app check a Dig, and check that nobody claims more cards of a kind than exist
outside the discard pile. Colours, patterns and the default deck come from seeds/pugs_in_mugs.json.
"""

from .rules import GAME, PugsInMugs

__all__ = ["GAME", "PugsInMugs"]
