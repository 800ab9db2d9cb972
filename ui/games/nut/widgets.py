"""The small pieces of the Nut table that are Nut's own: a player's picks in the draft, a paint to
choose, and what one colour of a scored layout was worth. Players, counts, counters and the kinds of
card are the kit's (SeatBadge, Count, Stepper, Choice); cells are drawn in cells.py."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from ui import theme
from ui.games.nut.cells import NutCell  # noqa: F401  (named in widgets.kv)
from ui.games.nut.model import SeatModel
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge  # noqa: F401  (named in widgets.kv)

# Wide enough for "10/10" picked in table type.
PICKED_WIDTH = dp(76)


class DraftPickRow(BoxLayout):
    """A player and how many cards they have picked of the cards each picks."""

    seat = ObjectProperty(None)

    def __init__(self, seat: SeatModel, **kwargs: Any) -> None:
        super().__init__(seat=seat, **kwargs)


class PaintSwatch(ButtonBehavior, BoxLayout):
    """A paint to choose: the cell as it will look with its word under it, so a narrow column of
    paints leaves the grid most of the screen. The chosen one is lit."""

    value = StringProperty("R")
    caption = StringProperty("")
    selected = BooleanProperty(False)
    fill = ListProperty(theme.SURFACE_HIGH)


class ColourPoints(BoxLayout):
    """What one colour was worth: its cell, its points (read from the seats) and, when squirrels
    doubled them, the working (read up close by whoever checks the sum)."""

    letter = StringProperty("R")
    points = NumericProperty(0)
    working = StringProperty("")


load_kv(__file__)
