"""The Nut draft: the three columns as big buttons (tap the column the card came from), the deck,
whose pick it is, and an optional second row saying what kind of card it was."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.actions import Action
from companion.games.nut.state import COLUMNS, KINDS, STANDARD, ActionType
from companion.games.nut.summary import NutSummary
from ui import theme
from ui.games.nut.pads import ColumnButton, KindButton
from ui.games.nut.widgets import SeatTag
from ui.widgets.basics import Panel, Text
from ui.widgets.count import Count

# Wide enough for the longest seat row in table type: shape, a long name and "10/10" picked.
INFO_WIDTH = dp(300)
PICKED_WIDTH = dp(76)
TURN_FONT = theme.FONT_TABLE * 1.2
# The deck's line: the full line height of its key number, so no digit is drawn outside its box.
KEY_NUMBER_LINE = theme.FONT_KEY_NUMBER * 1.2


class DraftPad(BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(spacing=theme.GAP, **kwargs)
        self.controller = controller
        self.kind: str | None = STANDARD

        # Everything here is read from the seats, so it is all in table type at least; a wider screen
        # gives the panel more room.
        info = Panel(orientation="vertical", size_hint_x=None, width=INFO_WIDTH, spacing=dp(4))
        self.bind(width=lambda pad, width: setattr(info, "width", max(INFO_WIDTH, width * 0.3)))
        self.round_label = Text(font_size=theme.FONT_TABLE, color=theme.TEXT_DIM)
        info.add_widget(self.round_label)
        # Whose pick it is, larger than the rest; room for two lines, so a long name wraps instead of
        # being cut.
        self.turn_badge = SeatTag(size_hint_y=None, height=TURN_FONT * 2.4, font_size=TURN_FONT, bold=True,
                                  symbol_size=dp(40))
        info.add_widget(self.turn_badge)
        self.deck = Count("in the deck", 0, beside=True, digits=2, size_hint_y=None, height=KEY_NUMBER_LINE)
        info.add_widget(self.deck)
        self.picks = BoxLayout(orientation="vertical", spacing=dp(2))
        info.add_widget(self.picks)
        self.add_widget(info)

        right = BoxLayout(orientation="vertical", spacing=theme.GAP)
        columns = BoxLayout(spacing=theme.GAP)
        self.columns = []
        for number in range(1, COLUMNS + 1):
            button = ColumnButton(number)
            button.bind(on_release=lambda _, n=number: self.pick(n))
            columns.add_widget(button)
            self.columns.append(button)
        right.add_widget(columns)
        kinds = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        self.kind_buttons = {}
        for kind in KINDS:
            button = KindButton(text=kind.capitalize(), font_size=theme.FONT_SMALL)
            button.bind(on_release=lambda _, k=kind: self.choose_kind(k))
            kinds.add_widget(button)
            self.kind_buttons[kind] = button
        right.add_widget(kinds)
        self.add_widget(right)

    # ----- taps ----------------------------------------------------------------------------
    def pick(self, column: int) -> bool:
        session = self.controller.session
        turn = session.state.turn
        if turn is None:
            return False  # a tap landing after the last pick: the draft is over, nothing to record
        args = {"column": column}
        if self.kind is not None:
            args["kind"] = self.kind
        done = self.controller.perform(Action(ActionType.PICK, turn, args))
        if done:
            # The next card is most likely a standard one again: a sticky "squirrel" would mislabel it.
            self.kind = STANDARD
            self.refresh(session.summary())
        return done

    def choose_kind(self, kind: str) -> None:
        self.kind = kind
        self.refresh(self.controller.session.summary())

    # ----- showing -------------------------------------------------------------------------
    def _left(self) -> dict[str, int]:
        state = self.controller.session.state
        return {kind: state.kind_totals[kind] - sum(kinds[kind] for kinds in state.kinds) for kind in KINDS}

    def refresh(self, summary: NutSummary) -> None:
        draft = summary["draft"]
        turn = draft["turn"]
        if turn is None:
            # The last pick ends the draft and nobody picks any more: the table has already swapped
            # this pad for scoring, so there is nothing left here to show.
            return
        players = self.controller.players
        picker = players[turn]
        # The badge under this line names the picker, so the line only says which column is open.
        if draft["round_column"] is None:
            self.round_label.text = f"Round {draft['round']}: any column"
        else:
            self.round_label.text = f"Round {draft['round']}: column {draft['round_column']}"
        self.turn_badge.player = picker
        self.deck.show(draft["deck"])
        for button, column in zip(self.columns, draft["columns"]):
            button.show(column["cards"], column["dealt_this_round"], draft["round_column"], picker.name)

        left = self._left()
        if self.kind is not None and left.get(self.kind, 0) <= 0:
            # Every card of that kind is out, so it can't be this one: record it unlabelled rather
            # than have the one-tap pick refused.
            self.kind = None
        for kind, button in self.kind_buttons.items():
            button.text = f"{kind.capitalize()} ({left[kind]} left)"
            button.selected = kind == self.kind

        self.picks.clear_widgets()
        for seat, player in enumerate(players):
            row = BoxLayout(size_hint_y=None, height=theme.FONT_TABLE * 1.3, spacing=dp(4))
            tag = SeatTag(player, font_size=theme.FONT_TABLE, bold=seat == turn, symbol_size=dp(24))
            # A name with a space may wrap: the row grows to hold both lines.
            tag.label.bind(texture_size=lambda lab, size, row=row: setattr(
                row, "height", max(theme.FONT_TABLE * 1.3, size[1])))
            row.add_widget(tag)
            count = Label(text=f"{draft['picks'][seat]}/{draft['picks_each']}", font_size=theme.FONT_TABLE,
                          size_hint_x=None, width=PICKED_WIDTH, halign="right", valign="middle",
                          color=theme.TEXT_DIM)
            count.bind(size=lambda lab, size: setattr(lab, "text_size", size))
            row.add_widget(count)
            self.picks.add_widget(row)
        self.picks.add_widget(Label())
