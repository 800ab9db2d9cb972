"""The Mix-the-Mutts table: tiles and card pile, every seat's hand and stack, the breed pad, scoring and the end."""

from .table import MixTheMuttsView

VIEW = MixTheMuttsView

__all__ = ["VIEW", "MixTheMuttsView"]
