"""The Pugs in Mugs table the family reads from their seats: every player's five Mug places (colour,
pattern and word), hand sizes, the deck and the discard pile, whose turn with the actions left as
pips, and beside it the buttons for what the active player did (pads.py); a choice (colour, target,
card) opens a picker in place of the table. At the end, the winner over everyone's Mugs.

Laid out once (table.kv) and bound to the view model (model.py): a move sets the model's properties
and the widgets showing them follow."""

from __future__ import annotations

from typing import Any, cast

from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.pugs_in_mugs.state import ACTIONS_PER_TURN, COLOURS
from companion.games.pugs_in_mugs.summary import PugsSummary
from ui import theme
from ui.controller import GameController
from ui.games.pugs_in_mugs.model import PugsModel, SeatModel, actions_words
from ui.games.pugs_in_mugs.mugs import MugShelf
from ui.games.pugs_in_mugs.pads import ACTIONS_COLUMNS, ACTIONS_LEAST_HEIGHT, ACTIONS_SPACING, BUTTONS, Pads
from ui.games.pugs_in_mugs.widgets import Pips  # noqa: F401  (named in table.kv)
from ui.games.view import TableView
from ui.widgets.basics import Panel
from ui.widgets.count import Count, Number
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge
from ui.widgets.text import line_height, text_width

SYMBOL = dp(26)
NAME_GAP = dp(6)


class PlayerRow(Panel):
    """One player: the whole name, the hand size (a key number) and the five Mug places. Where the
    Mugs are held back by the row's width (few players), the name goes above them and they get the
    whole width. At the end the hands no longer matter, so the winner screen leaves them out."""

    seat = ObjectProperty(None)
    name_room = NumericProperty(dp(150))

    def __init__(self, seat: SeatModel, name_room: float, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", padding=[dp(6), dp(3)], spacing=dp(2), seat=seat,
                         name_room=name_room, **kwargs)
        # Read when the row is made, so the type as it is now (Larger text or not) has its room.
        self.name_height = theme.FONT_TABLE * 1.4
        self.name = SeatBadge(player=seat.player, font_size=theme.FONT_TABLE, size_hint_x=None, width=name_room,
                              symbol_size=SYMBOL, spacing=NAME_GAP)
        self.line = BoxLayout(spacing=dp(6))
        self.line.add_widget(self.name)
        # Captions keep the room of "cards", so the counts line up whether a hand is one card or more.
        self.hand: Count | None = Count(seat.hand_words, seat.hand, beside=True, size_hint_x=None,
                                        caption_room=text_width("cards", theme.FONT_TABLE) + dp(4))
        self.line.add_widget(self.hand)
        self.shelf = MugShelf(COLOURS)
        self.line.add_widget(self.shelf)
        self.add_widget(self.line)
        self.stacked = False
        self._hand = self.hand
        seat.bind(hand=self._show, hand_words=self._show, mugs=self._show, active=self._show, winner=self._show)
        self.bind(size=self._arrange)
        self._show()

    def _show(self, *_: Any) -> None:
        seat = self.seat
        self.lit = self.name.bold = seat.active or seat.winner
        self._hand.show(seat.hand, seat.hand_words)
        self.shelf.held = seat.mugs

    def show_hand(self, shown: bool, digits: int) -> None:
        """At the end the hands no longer matter: the winner screen leaves them out."""
        hand = self._hand
        hand.digits = digits
        hand.width = Count.width_beside("cards", digits)
        if shown and hand.parent is None:
            self.line.add_widget(hand, index=1)
        elif not shown and hand.parent is not None:
            self.line.remove_widget(hand)
        self.hand = hand if shown else None
        self._arrange()

    def _arrange(self, *_: Any) -> None:
        beside = (self.width - self.padding[0] - self.padding[2]
                  - (self._hand.width + self.line.spacing if self.hand else 0))
        tall = self.height - self.padding[1] - self.padding[3]
        inline = self.shelf.mug_width(beside - self.name_room - self.line.spacing, tall)
        stacked = self.shelf.mug_width(beside, tall - self.name_height - self.spacing) > inline
        if stacked == self.stacked:
            return
        self.stacked = stacked
        self.name.parent.remove_widget(self.name)
        if stacked:
            self.name.size_hint, self.name.height = (1, None), self.name_height
            self.add_widget(self.name, index=len(self.children))
        else:
            self.name.size_hint, self.name.width = (None, 1), self.name_room
            self.line.add_widget(self.name, index=len(self.line.children))


class PugsInMugsView(TableView, Pads, BoxLayout):
    model = ObjectProperty(None)
    actions_per_turn = ACTIONS_PER_TURN
    side_width = NumericProperty(0)
    side_font = NumericProperty(0)   # whose turn and the actions left: the size read from the seats, or less
    turn_shown = BooleanProperty(True)   # whose turn is said in the side as well as by the lit row

    SIDE_LEAST_WIDTH = dp(240)
    SIDE_PADDING = (dp(6), dp(4))
    SIDE_SPACING = dp(4)
    PIPS_WIDTH = dp(66)
    PIPS_GAP = dp(6)

    def __init__(self, controller: GameController, **kwargs: Any) -> None:
        self.controller = controller
        super().__init__(model=PugsModel(controller.players), side_width=self.fitting_side_width(),
                         side_font=theme.FONT_TABLE, **kwargs)
        self.ids["side"].fbind("height", self._fit_side_font)
        self.summary = cast(PugsSummary, controller.session.summary())
        self.make_pads()
        name_room = SeatBadge.width_for((player.name for player in controller.players), theme.FONT_TABLE, SYMBOL, NAME_GAP)
        self.rows = [PlayerRow(seat, name_room) for seat in self.model.seats]
        for row in self.rows:
            self.ids["rows"].add_widget(row)
        self.ids["controls"].add_widget(self.actions)
        self._showing_picker = False
        self._over: bool | None = None

    @classmethod
    def fitting_side_width(cls) -> float:
        """The side at its usual width, or wider where its widest line needs it in the type as it is
        now (Larger text): the deck's and the discard pile's counts side by side, each caption whole
        on its line; two buttons a row, each one's words whole in the smallest type; the dots and the
        words of the actions left in the size read from the seats."""
        counts = 2 * Count.width_under("discards", 2) + cls.SIDE_SPACING
        words = max(text_width(text, theme.FONT_SMALL, bold=True) for _, text in BUTTONS)
        buttons = ACTIONS_COLUMNS * (words + 2 * theme.GAP) + (ACTIONS_COLUMNS - 1) * ACTIONS_SPACING
        actions = cls.PIPS_WIDTH + cls.PIPS_GAP + max(text_width(actions_words(left), theme.FONT_TABLE)
                                                      for left in range(ACTIONS_PER_TURN + 1)) + dp(4)
        return max(cls.SIDE_LEAST_WIDTH, max(counts, buttons, actions) + 2 * cls.SIDE_PADDING[0])

    @staticmethod
    def counts_height() -> float:
        """The deck's and the discard pile's row: a key number's digits over a caption's line."""
        return Number.height_for(theme.FONT_KEY_NUMBER) + line_height(theme.FONT_TABLE) + dp(4)

    def _fit_side_font(self, *_: Any) -> None:
        """Whose turn and the actions left in the size read from the seats where the side is tall
        enough for them over the counts and the buttons, each button a whole target; else in smaller
        type, down to the least a name read from the seats takes (Larger text on the 7" panel). Where
        even that is too tall (a message of two lines under the table), whose turn gives its line to
        the buttons: the lit row and its bold name still say it."""
        side = self.ids["side"]
        room = (side.height - 2 * self.SIDE_PADDING[1] - 3 * self.SIDE_SPACING - self.counts_height()
                - ACTIONS_LEAST_HEIGHT)
        lines = 2 if 2 * self.side_line(theme.LEAST_TABLE) <= room else 1
        font = theme.FONT_TABLE
        while font > theme.LEAST_TABLE and lines * self.side_line(font) > room:
            font = max(theme.LEAST_TABLE, font - 1)
        self.side_font, self.turn_shown = font, lines == 2

    @staticmethod
    def side_line(font_size: float) -> float:
        return line_height(font_size) + dp(2)

    @property
    def turn_badge(self) -> SeatBadge:
        return self.ids["turn_badge"]

    @property
    def actions_left(self) -> Any:
        return self.ids["actions_left"]

    @property
    def deck(self) -> Count:
        return self.ids["deck"]

    @property
    def discard(self) -> Count:
        return self.ids["discard"]

    @property
    def headline(self) -> Any:
        return self.ids["headline"] if self.model.over else None

    def refresh(self) -> None:
        session = self.controller.session
        self.summary = summary = cast(PugsSummary, session.summary())
        self.model.update(summary, self.controller.outcome)
        # A move taken back or put again under an open picker (Undo, Redo) may change whose turn it is.
        if summary["over"] or len(session.actions) != self.flow_moves:
            self.flow = None
        if summary["over"] != self._over:
            self._over = summary["over"]
            for row in self.rows:
                row.show_hand(not summary["over"], self.model.hand_digits)
        elif not summary["over"]:
            for row in self.rows:
                if row._hand.digits != self.model.hand_digits:
                    row.show_hand(True, self.model.hand_digits)
        self.show_flow()

    def show_flow(self) -> None:
        """The table or the open picker in the main place, and the buttons that go with it."""
        picking = self.flow is not None
        if picking != self._showing_picker:
            self._showing_picker = picking
            main, controls = self.ids["main"], self.ids["controls"]
            main.clear_widgets()
            controls.clear_widgets()
            # The picker takes the table's room: eight card kinds need it, and each choice says what it
            # means (a target's Mugs, a colour's pattern) so the shelves are not needed meanwhile.
            main.add_widget(self.picker if picking else self.ids["rows"])
            controls.add_widget(self.picker_controls if picking else self.actions)
        if self.summary["over"]:
            return
        if picking:
            self.show_picker()
        else:
            self.show_actions()


load_kv(__file__)
