"""That's Ruff!'s table: the count, every dog's path, and the pads for what happens now."""

from .table import ThatsRuffView

VIEW = ThatsRuffView

__all__ = ["VIEW", "ThatsRuffView"]
