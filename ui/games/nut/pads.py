"""What a player taps on the Nut table to say what happened: the column a card came from and the
kind of card it was in the draft; whose layout to score. The counters of a count by hand are the
kit's Stepper."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ListProperty, ObjectProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui import theme
from ui.games.nut.model import ColumnModel, SeatModel
from ui.widgets.count import Count
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge
from ui.widgets.text import text_width


class DraftColumn(ButtonBehavior, BoxLayout):
    """One face-up column: its number, how many cards lie in it (a key number) and what a tap on it
    records: the card the player whose pick it is takes from it. This round's column is ringed and in
    the primary colour; a column a pick cannot come from now is dimmed."""

    column = ObjectProperty(None)
    fill = ListProperty(theme.SURFACE_HIGH)
    ink = ListProperty(theme.TEXT)

    def __init__(self, column: ColumnModel, **kwargs: Any) -> None:
        super().__init__(column=column, **kwargs)
        self.fbind("state", self._recolour)
        column.fbind("pickable", self._recolour)
        column.fbind("chosen", self._recolour)
        theme.palette.bind(version=self._recolour)
        self._recolour()

    @staticmethod
    def name_fits(width: float, says: str) -> bool:
        return all(text_width(word, theme.FONT_SMALL, bold=True) <= width for word in says.split())

    @property
    def number(self) -> int:
        return int(self.column.number)

    @property
    def marked(self) -> bool:
        return bool(self.column.chosen)

    @property
    def count(self) -> Count:
        return self.ids["count"]

    @property
    def action_text(self) -> Label:
        return self.ids["action_text"]

    def _recolour(self, *_: Any) -> None:
        column = self.column
        fill = list(theme.palette.accent if column.chosen else
                    theme.palette.surface_high if column.pickable else theme.palette.surface)
        self.fill = theme.pressed(fill) if self.state == "down" else fill
        self.ink = list(theme.readable_text_on(self.fill))
        # The count's labels take the column's ink, whatever the palette gives a Count.
        for label in (self.count.number, self.count.caption):
            label.color = self.ink


class ScoringTab(ButtonBehavior, BoxLayout):
    """A player to score: their shape, their whole name (wrapping if long) and, once scored, their
    total in bold at the right."""

    seat = ObjectProperty(None)
    chosen = BooleanProperty(False)
    fill = ListProperty(theme.SURFACE_HIGH)
    ink = ListProperty(theme.TEXT)

    def __init__(self, seat: SeatModel, **kwargs: Any) -> None:
        super().__init__(seat=seat, **kwargs)
        self.fbind("chosen", self._recolour)
        theme.palette.bind(version=self._recolour)
        self._recolour()

    @property
    def badge(self) -> SeatBadge:
        return self.ids["badge"]

    @property
    def label(self) -> Label:
        return self.ids["badge"].label

    @property
    def score(self) -> Label:
        return self.ids["score"]

    def _recolour(self, *_: Any) -> None:
        self.fill = list(theme.palette.ok if self.chosen else theme.palette.surface_high)
        self.ink = list(theme.readable_text_on(self.fill))
        self.label.color = self.ink


load_kv(__file__)
