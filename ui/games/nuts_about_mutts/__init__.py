"""The Nuts about Mutts table view: seats, the table's facts, the action pad and the score table."""

from .table import MuttsView

VIEW = MuttsView

__all__ = ["VIEW", "MuttsView"]
