"""The That's Ruff! table view: the count big beside every dog's path, and under them the pad for what
happens now (counting, staying, dealing). Laying out and turning up have their own table of names and
cards (EntryPad), and so has Collecting (collecting.py); the pads are in pads.py, the tricks menu in
tricks.py, the drawings in widgets.py."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from companion.actions import Action
from companion.games.thats_ruff.paths import space_name
from companion.games.thats_ruff.state import ActionType, Phase
from ui import theme
from ui.games.thats_ruff.collecting import CollectPad
from ui.games.thats_ruff.pads import CountingPad, EntryPad
from ui.games.thats_ruff.widgets import (
    NAMES_WIDTH,
    BoardStrip,
    KeptDiscs,
    NameTag,
    ShadedCounts,
    compact,
    primary_height,
)
from ui.widgets.basics import BigButton, Panel, Text


def head_height() -> float:
    """The row over the paths: room for the count and the discs kept as key numbers (10 mm on the 7"
    panel)."""
    return dp(90) if compact() else dp(120)


def lowest_strip() -> float:
    """The lowest a path strip can be with its space numbers in table type, whole."""
    return dp(33) if compact() else dp(40)


class CountPanel(BoxLayout):
    """The count read from across the table, beside the shaded counts."""

    def __init__(self, controller, **kwargs):
        super().__init__(spacing=theme.GAP, size_hint_x=None, **kwargs)
        self.controller = controller
        self.count_label = Label(text="0", font_size=theme.FONT_KEY_NUMBER, bold=True, color=theme.TEXT,
                                 size_hint_x=None, width=dp(90) if compact() else dp(150))
        self.count_label.key_number = True
        self.count_label.bind(size=self._scale)
        self.add_widget(self.count_label)
        self.shaded = ShadedCounts(per_row=3, size_hint_x=None, width=dp(120) if compact() else dp(200),
                                   height=dp(84) if compact() else dp(110), pos_hint={"center_y": 0.5})
        self.add_widget(self.shaded)
        self.width = self.count_label.width + self.spacing + self.shaded.width

    def _scale(self, label, size):
        # The count never drops under the key-number size; spare room at 1280x720 makes it bigger.
        width, height = size
        if compact():
            label.font_size = theme.FONT_KEY_NUMBER
        else:
            # Two digits of bold type are about 1.15 times as wide as the type is big.
            label.font_size = max(theme.FONT_KEY_NUMBER, min(theme.FONT_HUGE * 3, height * 0.8, (width - dp(12)) / 1.2))

    def show(self, summary: dict) -> None:
        self.count_label.text = str(summary["count"])
        self.shaded.count = summary["count"]


class InfoLine(ScrollView):
    """Whose turn it is (their shape and name) and the card the next one must match, in table type;
    under them what the last move did, in fine print (the history keeps it too). Outside Counting the
    banner under the paths says what the table waits for, so the line is only what happened, and the
    view makes room for all of it. Should it still need more than its room, it scrolls."""

    def __init__(self, **kwargs):
        super().__init__(do_scroll_x=False, bar_width=dp(4), **kwargs)
        self.row = BoxLayout(orientation="vertical", spacing=dp(2), size_hint_y=None)
        self.turn = NameTag(font_size=theme.FONT_TABLE, beside=True, size_hint_y=None, height=dp(32))
        self.head = Text(text="", font_size=theme.FONT_TABLE)
        self.text = Text(text="", font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, fine_print=True)
        for label in (self.head, self.text):
            label.bind(height=self._fit, opacity=self._fit)
        for widget in (self.turn, self.head, self.text):
            self.row.add_widget(widget)
        self.add_widget(self.row)

    def _fit(self, *_):
        shown = [widget for widget in self.row.children if widget.height > 0 and widget.opacity > 0]
        self.row.height = sum(widget.height for widget in shown) + self.row.spacing * max(0, len(shown) - 1)

    def show(self, summary: dict, players) -> None:
        counting = summary["phase"] == Phase.COUNTING
        if counting:
            player = players[summary["turn"]]
            self.turn.set([player.identity], player.name, "to play")
            self.head.text = f"match {summary['last_card_name']}" if summary["last_card"] else "nothing to match"
        else:
            self.turn.set([], "")
            self.head.text = ""
        over = " over" if summary["phase"] == Phase.HAND_OVER else ""
        self.text.text = f"Hand {summary['hand']}{over} · {summary['last_move']}"
        self.turn.height, self.turn.opacity = (dp(32), 1) if counting else (0, 0)
        self.head.opacity = 1 if counting else 0
        self._fit()


class ThatsRuffView(BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(4) if compact() else theme.GAP, **kwargs)
        self.controller = controller
        identities = [player.identity for player in controller.players]
        self.table = BoxLayout(orientation="vertical", spacing=dp(4))
        self.head = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=head_height())
        self.count_panel = CountPanel(controller)
        self.info = InfoLine()
        self.head.add_widget(self.info)
        boards = controller.session.summary()["boards"]
        self.kept = KeptDiscs(identities, len(boards), size_hint_y=None, height=head_height(), pos_hint={"top": 1})
        self.head.add_widget(self.kept)
        self.table.add_widget(self.head)
        self.boards_column = BoxLayout(orientation="vertical", spacing=dp(2) if compact() else dp(4))
        self.boards = []
        for _ in boards:
            board = BoardStrip(identities)
            self.boards.append(board)
            self.boards_column.add_widget(board)
        self.table.add_widget(self.boards_column)
        self.info.row.bind(height=self._fit_head)
        self.table.bind(height=self._fit_head)
        self.counting = CountingPad(controller)
        self.entry = EntryPad(controller)
        self.collecting: CollectPad | None = None
        self.banner: BoxLayout | None = None
        self.shown = None
        self.phase = None

    @property
    def last_move(self) -> Label:
        return self.info.text

    def _fit_head(self, *_) -> None:
        """The row over the paths grows to show the whole of what the last move did, taking room from
        the paths down to the lowest strip that keeps its numbers whole."""
        boards = len(self.boards)
        room = (self.table.height - self.table.spacing - boards * lowest_strip()
                - self.boards_column.spacing * (boards - 1))
        self.head.height = max(head_height(), min(self.info.row.height, room))

    def _show(self, *widgets) -> None:
        if self.shown == widgets:
            return
        self.clear_widgets()
        for widget in widgets:
            self.add_widget(widget)
        self.shown = widgets

    def _show_count(self, shown: bool) -> None:
        """The count stands beside the paths only while it is being counted."""
        if shown and self.count_panel.parent is None:
            self.head.add_widget(self.count_panel, index=len(self.head.children))
        elif not shown and self.count_panel.parent is not None:
            self.head.remove_widget(self.count_panel)

    def refresh(self) -> None:
        summary = self.controller.session.summary()
        self.phase = phase = summary["phase"]
        if phase == Phase.COLLECTING:
            self.collecting = self.collecting or CollectPad(self.controller)
            self._show(self.collecting)
            self.collecting.refresh(summary)
            return
        if phase in (Phase.LAYING_OUT, Phase.REVEALING):
            self._show(self.entry)
            self.entry.refresh(summary)
            return
        self.count_panel.show(summary)
        self._show_count(phase == Phase.COUNTING)
        self.info.show(summary, self.controller.players)
        # Outlined: the paths of the players the table waits for, or the winner's.
        outcome = self.controller.outcome
        seats = outcome.winners if outcome.finished else summary["waiting_for"]
        waiting = {summary["players"][seat]["board"] for seat in seats}
        for index, (widget, board) in enumerate(zip(self.boards, summary["boards"])):
            widget.show(board, active=index in waiting)
        self.kept.show(summary["boards"], waiting)
        if phase == Phase.COUNTING:
            self._show(self.table, self.counting)
            self.counting.refresh(summary)
        else:
            self.banner = self._banner(summary)
            self._show(self.table, self.banner)

    def _banner(self, summary: dict) -> BoxLayout:
        players = self.controller.players
        row = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=primary_height())
        outcome = self.controller.outcome
        if outcome.finished:
            # Partners share their dog, so every winner stands on the same board.
            board = summary["boards"][summary["players"][outcome.winners[0]]["board"]]
            panel = Panel(fill=theme.OK, padding=[dp(10), dp(4)], spacing=theme.GAP)
            names = " & ".join(outcome.winner_names)
            on_ok = theme.readable_text_on(theme.OK)
            row.height = dp(80) if compact() else dp(110)
            tag = NameTag([players[seat].identity for seat in outcome.winners], names, font_size=theme.FONT_TABLE,
                          color=on_ok, size_hint_x=0.32)
            panel.add_widget(tag)
            kept = board["discs_in_house"]
            text = Label(text=f"{board['dog']} wins! Home in the dog house with every disc fetched "
                              f"({kept} kept).", bold=True, font_size=theme.FONT_TABLE, color=on_ok,
                         halign="left", valign="middle", size_hint_x=0.68)
            text.bind(size=lambda lab, size: setattr(lab, "text_size", size))
            panel.add_widget(text)
            self.winner_text = text.text
            row.add_widget(panel)
        elif summary["phase"] == Phase.MOVING:
            seat = summary["waiting_for"][0]
            board = summary["boards"][summary["players"][seat]["board"]]
            choice = board["stay_choice"]
            dog = board["dog"]
            row.add_widget(NameTag([players[seat].identity], players[seat].name, f"{dog} chooses",
                                   font_size=theme.FONT_TABLE, size_hint_x=None, width=NAMES_WIDTH + dp(30)))
            cost = choice["cost"]
            where = space_name(choice["moves_on_to"])
            # Both are fair choices, so neither is drawn as the expected one.
            for stay, text in ((True, f"{dog} stays in the dog house: pays {cost} of {choice['discs']} "
                                      f"disc{'s' if choice['discs'] != 1 else ''}"),
                               (False, f"{dog} moves on to {where}")):
                button = BigButton(text=text, font_size=theme.FONT_SMALL if compact() else theme.FONT_BODY,
                                   height=primary_height())
                button.bind(on_release=lambda _, s=stay: self.controller.perform(
                    Action(ActionType.CHOOSE_STAY, seat, {"stay": s})))
                row.add_widget(button)
        else:
            dealer = summary["next_dealer"]
            row.add_widget(NameTag([players[dealer].identity], players[dealer].name, "deals next",
                                   font_size=theme.FONT_TABLE, size_hint_x=None, width=NAMES_WIDTH + dp(30)))
            button = BigButton(text=f"Deal hand {summary['hand'] + 1} ({summary['deal_size']} cards each)",
                               kind="primary", height=primary_height())
            button.bind(on_release=lambda *_: self.controller.perform(Action(ActionType.DEAL, dealer)))
            row.add_widget(button)
        return row


