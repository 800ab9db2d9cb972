"""The Pugs in Mugs table the family reads from their seats: every player's five Mug places (colour,
pattern and word), hand sizes, the deck and the discard pile, whose turn with the actions left as
pips, and beside it the buttons for what the active player did (pads.py); a choice (colour, target,
card) opens a picker in place of the table."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.games.pugs_in_mugs.state import ACTIONS_PER_TURN
from companion.words import counted, noun
from ui import theme
from ui.games.pugs_in_mugs.mugs import MugShelf
from ui.games.pugs_in_mugs.pads import Pads
from ui.games.pugs_in_mugs.widgets import KindButton, Pips, SeatName
from ui.widgets.basics import BigButton, Panel, Text
from ui.widgets.count import Count
from ui.widgets.text import text_width

SYMBOL = dp(26)
NAME_GAP = dp(6)
# The deck and the discard pile: digits 10 mm tall on the 7" panel over a caption read from the seats.
PILES_HEIGHT = theme.FONT_KEY_NUMBER * 0.76 + theme.FONT_TABLE * 1.25 + dp(4)


def name_width(players) -> float:
    """A name column as wide as the longest whole name in bold (the seat whose turn it is), so every
    name reads on one line at the size read from the seats and the counts line up under each other."""
    return SYMBOL + NAME_GAP + max(text_width(player.name, theme.FONT_TABLE, bold=True) for player in players) + dp(4)


class PlayerRow(Panel):
    """One player: the whole name, the hand size (a key number) and the five Mug places. Where the
    Mugs are held back by the row's width (few players), the name goes above them and they get the
    whole width. At the end the hands no longer matter, so the winner screen leaves them out."""

    NAME_HEIGHT = theme.FONT_TABLE * 1.4

    def __init__(self, player, entry: dict, colours, *, active: bool, winner: bool = False, hand: bool = True,
                 name_room: float = dp(150), hand_room: float = dp(120), digits: int = 1, **kwargs):
        super().__init__(orientation="vertical", padding=[dp(6), dp(3)], spacing=dp(2), **kwargs)
        if active or winner:
            self.fill = theme.SURFACE_HIGH
        self.name_room = name_room
        self.name = SeatName(player, bold=active or winner, font_size=theme.FONT_TABLE, size_hint_x=None,
                             width=name_room, symbol=SYMBOL, spacing=NAME_GAP)
        self.line = BoxLayout(spacing=dp(6))
        self.line.add_widget(self.name)
        self.hand = None
        if hand:
            # Captions keep the room of "cards", so the counts line up whether a hand is one card or more.
            self.hand = Count(noun(entry["hand"], "card"), entry["hand"], beside=True, digits=digits,
                              caption_room=text_width("cards", theme.FONT_TABLE) + dp(4), size_hint_x=None,
                              width=hand_room)
            self.line.add_widget(self.hand)
        self.shelf = MugShelf(colours, entry["mugs"])
        self.line.add_widget(self.shelf)
        self.add_widget(self.line)
        self.stacked = False
        self.bind(size=self._arrange)

    def _arrange(self, *_):
        beside = self.width - self.padding[0] - self.padding[2] - (self.hand.width + self.line.spacing if self.hand else 0)
        tall = self.height - self.padding[1] - self.padding[3]
        inline = self.shelf.mug_width(beside - self.name_room - self.line.spacing, tall)
        stacked = self.shelf.mug_width(beside, tall - self.NAME_HEIGHT - self.spacing) > inline
        if stacked == self.stacked:
            return
        self.stacked = stacked
        self.name.parent.remove_widget(self.name)
        if stacked:
            self.name.size_hint, self.name.height = (1, None), self.NAME_HEIGHT
            self.add_widget(self.name, index=len(self.children))
        else:
            self.name.size_hint, self.name.width = (None, 1), self.name_room
            self.line.add_widget(self.name, index=len(self.line.children))


class PugsInMugsView(Pads, BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(spacing=theme.GAP, **kwargs)
        self.controller = controller
        # An open picker's choices so far; kept here so a refused tap or a refresh never loses them.
        self.flow: dict | None = None
        self.flow_moves = 0
        self.rows: list[PlayerRow] = []
        # Rows kept from the last refresh by what they show: most moves change one row, and
        # building a row (five patterned Mugs, their words) is the slow part of a refresh.
        self._built_rows: dict[tuple, PlayerRow] = {}
        self.choices: dict[str, KindButton] = {}
        self.buttons: dict[str, BigButton] = {}
        self.headline = None

    def refresh(self) -> None:
        summary = self.controller.session.summary()
        self.clear_widgets()
        self.rows, self.choices, self.buttons, self.headline = [], {}, {}, None
        self.orientation = "vertical" if summary["over"] else "horizontal"
        # A move taken back or put again under an open picker (Undo, Redo) may change whose turn it is.
        if summary["over"] or len(self.controller.session.actions) != self.flow_moves:
            self.flow = None
        if summary["over"]:
            self._winner(summary)
            return
        side = Panel(orientation="vertical", size_hint_x=None, width=dp(240), padding=[dp(6), dp(4)], spacing=dp(4))
        self._status(side, summary)
        if self.flow is None:
            self.add_widget(self._table(summary))
            self.action_buttons(side, summary)
        else:
            # The picker takes the table's room: eight card kinds need it, and each choice says
            # what it means (a target's Mugs, a colour's pattern) so the shelves are not needed.
            picker = Panel(orientation="vertical", padding=dp(8), spacing=dp(6))
            self.picker(picker, side, summary)
            self.add_widget(picker)
        self.add_widget(side)

    def _table(self, summary: dict, winner: int | None = None) -> BoxLayout:
        colours = [entry["colour"] for entry in summary["colours"]]
        table = BoxLayout(orientation="vertical", spacing=dp(4))
        built = {}
        name_room = name_width(self.controller.players)
        digits = max(len(str(entry["hand"])) for entry in summary["players"])
        hand_room = Count.width_beside("cards", digits)
        for entry in summary["players"]:
            seat = entry["seat"]
            shows = (seat, entry["hand"], tuple(entry["mugs"]), seat == summary["turn"], seat == winner,
                     winner is None, hand_room)
            row = self._built_rows.get(shows)
            if row is None:
                row = PlayerRow(self.controller.players[seat], entry, colours, active=shows[3], winner=shows[4],
                                hand=shows[5], name_room=name_room, hand_room=hand_room, digits=digits)
            elif row.parent is not None:
                row.parent.remove_widget(row)
            built[shows] = row
            self.rows.append(row)
            table.add_widget(row)
        self._built_rows = built
        return table

    def _status(self, side, summary: dict) -> None:
        # Whose turn and the actions left (dots and words) a line each at the size read from the seats,
        # then the deck and the discard pile side by side, key numbers over their captions.
        line = theme.FONT_TABLE * 1.2
        self.turn_badge = SeatName(self.controller.players[summary["turn"]], bold=True, font_size=theme.FONT_TABLE,
                                   size_hint_y=None, height=line)
        side.add_widget(self.turn_badge)
        left = summary["actions_left"]
        actions = BoxLayout(size_hint_y=None, height=line, spacing=dp(6))
        actions.add_widget(Pips(left, ACTIONS_PER_TURN, size_hint_x=None, width=dp(66)))
        self.actions_left = Label(text=f"{counted(left, 'action')} left", font_size=theme.FONT_TABLE,
                                  color=theme.TEXT, halign="left", valign="middle")
        self.actions_left.bind(size=lambda label, size: setattr(label, "text_size", size))
        actions.add_widget(self.actions_left)
        side.add_widget(actions)
        piles = BoxLayout(size_hint_y=None, height=PILES_HEIGHT, spacing=dp(4))
        self.deck = Count("deck", summary["deck"], digits=2)
        self.discard = Count("discards", summary["discard_total"], digits=2)
        piles.add_widget(self.deck)
        piles.add_widget(self.discard)
        side.add_widget(piles)

    def _winner(self, summary: dict) -> None:
        outcome = self.controller.outcome
        column = BoxLayout(orientation="vertical", spacing=dp(6))
        self.headline = Text(text=f"{outcome.winner_names[0]} has a Mug of every colour and wins!",
                             font_size=theme.FONT_TITLE, bold=True, color=theme.OK, halign="center")
        column.add_widget(self.headline)
        column.add_widget(self._table(summary, winner=outcome.winners[0]))
        self.add_widget(column)
