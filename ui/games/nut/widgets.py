"""The small pieces of the Nut table that are Nut's own: a player's picks in the draft (a count read
from the seats, the picker's row lit), a paint to choose, and what one colour of a scored layout was
worth. Players, counts, counters and the kinds of card are the kit's (SeatBadge, Count, Stepper,
Choice); cells are drawn in cells.py."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from ui import theme
from ui.games.nut.cells import NutCell  # noqa: F401  (named in widgets.kv)
from ui.games.nut.model import SeatModel
from ui.widgets.basics import Panel
from ui.widgets.count import Count
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge  # noqa: F401  (named in widgets.kv)

# A pick count's two digits at a key number's least size (10 mm), with Larger text too: the name beside
# it takes the rest of the row.
PICKED_WIDTH = Count.width_under("", 2, theme.LEAST_KEY_NUMBER)
PICK_ROW = dp(58)


class DraftPickRow(Panel):
    """A player and how many cards they have picked (of the cards each picks, said above the rows), lit
    while it is their pick."""

    seat = ObjectProperty(None)

    def __init__(self, seat: SeatModel, **kwargs: Any) -> None:
        # A Panel's padding and spacing are given as it is made (its own defaults would win over KV's).
        super().__init__(seat=seat, padding=[dp(4), 0], spacing=dp(4), **kwargs)


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
