"""Nut's table view: the column draft, painting and scoring each layout, and the results."""

from .table import NutView

VIEW = NutView

__all__ = ["VIEW", "NutView"]
