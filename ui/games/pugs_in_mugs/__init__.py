"""The Pugs in Mugs table view: Mug shelves, hands, deck and discard pile, and the action pads."""

from .table import PugsInMugsView

VIEW = PugsInMugsView

__all__ = ["VIEW", "PugsInMugsView"]
