"""A game's history: every move as it now stands (newest first), each fix listed where it was made, and
the photo finish of every buzzer race. A move tapped here can be fixed: a miscount found later.

The popup is laid out once for its game screen and shown again with the moves as they now stand; the
moves and races are long lists, of which only the rows in sight are drawn."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.utils import escape_markup

from companion.races.model import RaceDecision
from companion.races.racelog import logged_decision, was_raced_again
from companion.session import HistoryLine
from ui import theme
from ui.controller import GameController
from ui.race_text import headline, result_rows
from ui.screens.race import PhotoFinishRow
from ui.widgets.basics import BigButton, Panel  # noqa: F401  (named in history.kv)
from ui.widgets.hiding import covers_the_screen
from ui.widgets.kv import load_kv
from ui.widgets.lists import Row, RowList
from ui.widgets.symbols import SymbolShape  # noqa: F401  (named in history.kv)
from ui.widgets.text import line_height, lines_needed

RACE_KINDS = {"bones": "Bone race", "claim": "Match! claim"}
NUMBER_WIDTH, SHAPE_WIDTH = dp(44), dp(32)
RACE_ROW = dp(40)


class MoveRow(Row, ButtonBehavior, BoxLayout):
    """One line of the history. A move can be tapped to choose it for fixing; a fix cannot."""

    line = ObjectProperty(None, allownone=True)
    number = StringProperty("")
    text = StringProperty("")
    fix = BooleanProperty(False)
    symbol = StringProperty("")
    rgba = ListProperty([0, 0, 0, 0])

    def on_release(self) -> None:
        popup = self.popup
        if popup is not None and not self.fix:
            popup.choose(self.index)

    @property
    def popup(self) -> HistoryPopup | None:
        node = self.parent
        while node is not None and not isinstance(node, HistoryPopup):
            node = node.parent
        return node


class RaceCard(Row, BoxLayout):
    """One race: what it was and how it ended, then everyone's line of its photo finish."""

    title = StringProperty("")
    rows = ListProperty([])           # (ResultRow, Player) in finishing order
    slowest = NumericProperty(0)
    name_width = NumericProperty(0)
    detail_width = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # The list hands a card its race one field at a time, the rows before the widths they are drawn
        # in: the lines are made once all of them are in, on the next frame.
        self._show_rows = Clock.create_trigger(self._make_rows, -1)
        for field in ("rows", "slowest", "name_width", "detail_width"):
            self.fbind(field, self._show_rows)

    def _make_rows(self, *_: Any) -> None:
        finish = self.ids["finish"]
        finish.clear_widgets()
        for row, player in self.rows:
            # In the type and height the widths were measured for (PhotoFinishRow.measure).
            finish.add_widget(PhotoFinishRow(row, player, self.slowest,
                                             row_height=PhotoFinishRow.height_for(len(self.rows), RACE_ROW),
                                             font_size=PhotoFinishRow.row_font(len(self.rows)),
                                             name_width=self.name_width, detail_width=self.detail_width))


class HistoryPopup(ModalView):
    """`races` are the game's stored race logs, oldest first; `on_fix(move)`, when given, is called with
    the number of the move the family chose to fix; `on_names()`, when given, opens the names at the
    table (a name mistyped is put right like a move)."""

    showing_moves = BooleanProperty(True)
    has_races = BooleanProperty(False)
    race_count = NumericProperty(0)
    can_fix = BooleanProperty(False)
    chosen_move = NumericProperty(0)   # the chosen move's number, 0 for none
    can_rename = BooleanProperty(False)

    def __init__(self, controller: GameController, races: Sequence[list[dict[str, Any]]] = (),
                 on_fix: Callable[[int], object] | None = None, on_names: Callable[[], object] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        covers_the_screen(self)
        self.controller, self.on_fix, self.on_names = controller, on_fix, on_names
        self.can_rename = on_names is not None
        self.lines: list[HistoryLine] = []
        # Each line's row, oldest first, for the width they were wrapped in: shown again, only the rows
        # from the first line that changed (a move made, undone or fixed since) are written anew.
        self._move_rows: list[dict[str, Any]] = []
        self._rows_room = 0.0
        self.decisions: list[tuple[RaceDecision, bool]] = []
        self.show(races)

    @property
    def rows(self) -> RowList:
        return self.ids["rows"]

    @property
    def fix_button(self) -> BigButton:
        return self.ids["fix_button"]

    @property
    def moves_tab(self) -> BigButton:
        return self.ids["moves_tab"]

    @property
    def races_tab(self) -> BigButton:
        return self.ids["races_tab"]

    @property
    def footer(self) -> BoxLayout:
        return self.ids["footer"]

    def show(self, races: Sequence[list[dict[str, Any]]] = ()) -> None:
        """The moves and races as they stand now, the newest move at the top and none chosen."""
        lines = self.controller.session.history()
        kept = next((index for index, (was, now) in enumerate(zip(self.lines, lines)) if was != now),
                    min(len(self.lines), len(lines)))
        del self._move_rows[kept:]
        self.lines = lines
        # Each decided race, and whether the table ran it again instead of accepting it.
        self.decisions = [(decision, was_raced_again(lines)) for lines in races
                          if (decision := logged_decision(lines)) is not None]
        self.race_count = len(self.decisions)
        self.has_races = bool(self.decisions)
        self.can_fix = self.on_fix is not None and bool(self.controller.session.actions)
        self.show_moves()

    def show_moves(self) -> None:
        self.showing_moves = True
        self.chosen_move = 0
        room = self._text_room()
        if room != self._rows_room:
            self._move_rows, self._rows_room = [], room
        self.rows.data = self._move_data(room)
        self.rows.scroll_y = 1

    def show_races(self) -> None:
        self.showing_moves = False
        self.rows.data = self._race_data()
        self.rows.scroll_y = 1

    def _text_room(self) -> float:
        """The width a move's words wrap in: the popup's, less its margins and the number and shape."""
        width = self.rows.width if self.rows.width > 100 else Window.width * self.size_hint_x - 2 * theme.PAD
        return width - NUMBER_WIDTH - SHAPE_WIDTH - 2 * theme.GAP - dp(8) - dp(8)

    def _move_data(self, room: float) -> list[dict[str, Any]]:
        """The rows of the moves, newest first: those not yet written (or no longer true) are written now."""
        players = self.controller.players
        font, line = theme.FONT_BODY, line_height(theme.FONT_BODY)
        for line_ in self.lines[len(self._move_rows):]:
            identity = players[line_.player].identity if line_.player is not None else None
            tall = max(theme.TARGET, lines_needed(line_.text, font, room) * line + dp(8))
            self._move_rows.append({"viewclass": "MoveRow", "line": line_, "text": line_.text, "fix": line_.fix,
                                    "number": "" if line_.fix else str(line_.number),
                                    "symbol": identity.symbol if identity else "",
                                    "rgba": theme.with_alpha(identity.rgb) if identity else [0, 0, 0, 0],
                                    "row_size": (None, tall)})
        # A fresh dict a row, so that choosing one (see choose) marks nothing in the rows kept.
        data = [{**row, "chosen": False} for row in reversed(self._move_rows)]
        if not data:
            data.append({"viewclass": "MoveRow", "line": None, "text": "Nothing yet.", "fix": True, "number": "",
                         "symbol": "", "rgba": [0, 0, 0, 0], "chosen": False, "row_size": (None, theme.TARGET)})
        return data

    def _race_data(self) -> list[dict[str, Any]]:
        players = self.controller.players
        seat_of = {player.button: seat for seat, player in enumerate(players) if player.button is not None}

        def name(button: int) -> str:
            return players[seat_of[button]].name if button in seat_of else f"Button {button}"

        data = []
        for number, (decision, raced_again) in reversed(list(enumerate(self.decisions, start=1))):
            rows = [row for row in result_rows(decision, name) if row.player in seat_of]
            names, details, slowest = PhotoFinishRow.measure(rows, name)
            # A race the table ran again counted for nothing: said first, so its photo finish is not taken
            # for the result. After a tie only the tied players ran again; the others' places stood.
            again = ("" if not raced_again else "  -  the tie was raced again" if decision.rerace
                     else "  -  raced again, not counted")
            title = (f"[b]Race {number}: {RACE_KINDS.get(decision.kind, decision.kind)}[/b]{again}"
                     f"  -  {headline(decision, lambda button: escape_markup(name(button)))}")
            tall = (line_height(theme.FONT_BODY) * 2 + len(rows) * (PhotoFinishRow.height_for(len(rows), RACE_ROW) + dp(2))
                    + 2 * theme.PAD)
            data.append({"viewclass": "RaceCard", "title": title,
                         "rows": [(row, players[seat_of[row.player]]) for row in rows],
                         "slowest": slowest,
                         "name_width": names, "detail_width": details, "row_size": (None, tall)})
        return data

    def choose(self, index: int) -> None:
        """A tap on a move: chosen for fixing, or no longer chosen if it already was."""
        data = self.rows.data
        move = data[index]["line"].number
        self.chosen_move = 0 if self.chosen_move == move else move
        for item in data:
            item["chosen"] = item["line"] is not None and not item["fix"] and item["line"].number == self.chosen_move
        # The rows in sight are told in place: a full refresh would hand them other lines.
        for shown, view in self.rows.view_adapter.views.items():
            view.chosen = data[shown]["chosen"]

    def names(self) -> None:
        if self.on_names is not None:
            self.dismiss()
            self.on_names()

    def fix_chosen(self) -> None:
        if self.chosen_move and self.on_fix is not None:
            move = self.chosen_move
            self.dismiss()
            self.on_fix(move)


def move_rows(history: HistoryPopup) -> list[MoveRow]:
    """The move rows in sight, top to bottom."""
    rows = [row for row in history.rows.walk(restrict=True) if isinstance(row, MoveRow) and row.line is not None]
    return sorted(rows, key=lambda row: -row.y)


load_kv(__file__)
