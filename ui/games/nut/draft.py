"""The Nut draft: the three columns as big buttons (tap the column the card came from), the deck,
whose pick it is, and under a heading of its own a row saying what kind of card it was. Made once for
the game; a pick changes what the columns, the deck, the picks and the kinds say."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.actions import Action
from companion.games.nut.state import KINDS, STANDARD, ActionType
from ui.controller import GameController
from ui.games.nut.model import NutModel
from ui.games.nut.pads import DraftColumn
from ui.games.nut.widgets import DraftPickRow
from ui.widgets.basics import Panel, Text  # noqa: F401  (named in draft.kv)
from ui.widgets.choice import Choice
from ui.widgets.count import Count
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge
from ui.widgets.sizes import sizes

# Wide enough for the longest seat row: its shape, a long name in table type and two digits picked.
INFO_WIDTH = dp(330)


class DraftPad(BoxLayout):
    model = ObjectProperty(None)
    # The kind of card the next pick is recorded as; None records it unlabelled.
    kind = ObjectProperty(STANDARD, allownone=True)

    def __init__(self, controller: GameController, model: NutModel, **kwargs: Any) -> None:
        super().__init__(model=model, **kwargs)
        self.controller = controller
        self.columns: list[DraftColumn] = []
        for column in model.columns:
            button = DraftColumn(column)
            button.bind(on_release=lambda b: self.pick(b.number))
            self.columns.append(button)
            self.ids["columns"].add_widget(button)
        self.kind_buttons: dict[str, Choice] = {}
        for kind in KINDS:
            kind_button = Choice(text=kind.capitalize(), font_size=sizes.font_small, height=sizes.touch)
            kind_button.bind(on_release=lambda _, k=kind: self.choose_kind(k))
            self.kind_buttons[kind] = kind_button
            self.ids["kinds"].add_widget(kind_button)
        for seat in model.seats:
            self.ids["picks"].add_widget(DraftPickRow(seat))
        self.ids["picks"].add_widget(Widget())
        model.fbind("kinds_left", self._show_kinds)
        model.fbind("kind_refusals", self._show_kinds)
        self.fbind("kind", self._show_kinds)
        self._show_kinds()

    @property
    def pick_rows(self) -> list[DraftPickRow]:
        return [row for row in self.ids["picks"].children if isinstance(row, DraftPickRow)][::-1]

    @property
    def turn_badge(self) -> SeatBadge:
        """Whose pick it is: the name on the lit row."""
        row = next((row for row in self.pick_rows if row.seat.picking), self.pick_rows[0])
        badge: SeatBadge = row.ids["badge"]
        return badge

    @property
    def deck(self) -> Count:
        return self.ids["deck"]

    @property
    def round_label(self) -> Text:
        return self.ids["round_label"]

    # ----- taps ----------------------------------------------------------------------------
    def pick(self, column: int) -> bool:
        turn = self.controller.session.state.turn
        if turn is None:
            return False  # a tap landing after the last pick: the draft is over, nothing to record
        args: dict[str, Any] = {"column": column}
        if self.kind is not None:
            args["kind"] = self.kind
        done = self.controller.perform(Action(ActionType.PICK, turn, args))
        if done:
            # The next card is most likely a standard one again: a sticky "squirrel" would mislabel it.
            self.kind = self._usual_kind()
        return done

    def choose_kind(self, kind: str) -> None:
        refusal = self.model.kind_refusals.get(kind)
        if refusal:
            # Every card of that kind is drafted: say so, and leave the kind chosen as it was.
            self.controller.explain(refusal)
            return
        self.kind = kind
        self.controller.taken()

    def _usual_kind(self) -> str | None:
        """Standard, while any standard card is left to draft; after that no kind until one is tapped,
        so a pick is recorded without a kind rather than as one it cannot be."""
        return None if STANDARD in self.model.kind_refusals else STANDARD

    # ----- showing -------------------------------------------------------------------------
    def _show_kinds(self, *_: Any) -> None:
        refusals = self.model.kind_refusals
        if self.kind in refusals:
            # A pick redone under the pad drafted the last card of the kind chosen.
            self.kind = self._usual_kind()
            return
        for kind, button in self.kind_buttons.items():
            button.note = f"{self.model.kinds_left.get(kind, 0)} left"
            button.disabled_reason = refusals.get(kind, "")
            button.selected = kind == self.kind
            # The chosen kind is a setting, not the next thing to do: it takes the colour of chosen
            # toggles, and the column to tap keeps the primary one.
            button.kind = "ok" if button.selected else "normal"


load_kv(__file__)
