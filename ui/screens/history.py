"""A game's history: every move as it now stands (newest first), each fix listed where it was made, and
the photo finish of every buzzer race. A move tapped here can be fixed: a miscount found later."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from kivy.metrics import dp
from kivy.uix.anchorlayout import AnchorLayout
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.utils import escape_markup

from companion.players import Player
from companion.races.model import RaceDecision
from companion.races.racelog import logged_decision, was_raced_again
from companion.session import HistoryLine
from ui import theme
from ui.controller import GameController
from ui.race_text import headline, result_rows
from ui.screens.race import PhotoFinishRow, text_width
from ui.widgets.basics import BigButton, Panel, Text
from ui.widgets.symbols import SymbolShape

RACE_KINDS = {"bones": "Bone race", "claim": "Match! claim"}
PAGE = 25  # history lines laid out at a time: three screens full at 800x480


class MoveRow(ButtonBehavior, Panel):
    """One line of the history. A move can be tapped to choose it for fixing; a fix cannot."""

    def __init__(self, line: HistoryLine, players: Sequence[Player], **kwargs):
        super().__init__(orientation="horizontal", size_hint_y=None, height=theme.TARGET, padding=[dp(4), dp(2)],
                         spacing=theme.GAP, fill=theme.BACKGROUND, **kwargs)
        self.line = line
        dim = theme.TEXT_DIM
        self.number = Text(text="" if line.fix else str(line.number), size_hint_x=None, width=dp(44), color=dim,
                           halign="right", pos_hint={"center_y": 0.5})
        self.add_widget(self.number)
        holder = AnchorLayout(size_hint_x=None, width=dp(32))
        if line.player is not None:
            identity = players[line.player].identity
            holder.add_widget(SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb),
                                          size_hint=(None, None), size=(dp(26), dp(26))))
        self.add_widget(holder)
        # A fix reads as a note about the past, in italics, rather than as a move of its own.
        self.words = Text(text=line.text, italic=line.fix, color=dim if line.fix else theme.TEXT)
        self.add_widget(self.words)
        self.words.bind(height=lambda _, height: setattr(self, "height", max(theme.TARGET, height + dp(8))))

    def show_chosen(self, chosen: bool) -> None:
        self.fill = theme.OK if chosen else theme.BACKGROUND
        ink = theme.readable_text_on(theme.OK) if chosen else theme.TEXT
        self.words.color = self.number.color = ink
        self.number.bold = chosen


class HistoryPopup(ModalView):
    """`races` are the game's stored race logs, oldest first; `on_fix(move)`, when given, is called with
    the number of the move the family chose to fix; `on_names()`, when given, opens the names at the
    table (a name mistyped is put right like a move)."""

    def __init__(self, controller: GameController, races: Sequence[list[dict[str, Any]]] = (),
                 on_fix: Callable[[int], None] | None = None, on_names: Callable[[], None] | None = None,
                 **kwargs):
        super().__init__(size_hint=(0.94, 0.94), **kwargs)
        self.controller, self.on_fix, self.on_names = controller, on_fix, on_names
        # Each decided race, and whether the table ran it again instead of accepting it.
        self.decisions = [(decision, was_raced_again(lines)) for lines in races
                          if (decision := logged_decision(lines)) is not None]
        self.chosen: MoveRow | None = None
        panel = Panel(orientation="vertical")
        panel.add_widget(self._header())
        self.body = BoxLayout(orientation="vertical")
        panel.add_widget(self.body)
        # Fixing is what the family came here for once a move is chosen: the size of a next action.
        self.fix_button = BigButton(text="Tap a move to fix it", disabled=True, height=theme.TOUCH_PRIMARY)
        self.fix_button.bind(on_release=lambda *_: self._fix_chosen())
        self.footer = BoxLayout(size_hint_y=None, height=theme.TOUCH_PRIMARY)
        if on_fix is not None and controller.session.actions:
            self.footer.add_widget(self.fix_button)
            panel.add_widget(self.footer)
        self.add_widget(panel)
        self.show_moves()

    def _header(self) -> BoxLayout:
        header = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        header.add_widget(Text(text="What happened", font_size=theme.FONT_TITLE, bold=True, size_hint_y=1))
        if self.decisions:
            self.moves_tab = BigButton(text="Moves", size_hint_x=None, width=dp(110))
            self.moves_tab.bind(on_release=lambda *_: self.show_moves())
            self.races_tab = BigButton(text=f"Races ({len(self.decisions)})", size_hint_x=None, width=dp(140))
            self.races_tab.bind(on_release=lambda *_: self.show_races())
            header.add_widget(self.moves_tab)
            header.add_widget(self.races_tab)
        if self.on_names is not None:
            names = BigButton(text="Names", size_hint_x=None, width=dp(110), once=True)
            names.bind(on_release=lambda *_: self._names())
            header.add_widget(names)
        close = BigButton(text="Close", size_hint_x=None, width=dp(120), once=True)
        close.bind(on_release=lambda *_: self.dismiss())
        header.add_widget(close)
        return header

    def _tabs(self, moves: bool) -> None:
        if self.decisions:
            self.moves_tab.kind, self.races_tab.kind = ("ok", "normal") if moves else ("normal", "ok")
        # The races are read, not changed: the fix button gives its room to them.
        self.footer.opacity, self.footer.disabled = (1, False) if moves else (0, True)
        self.footer.height = theme.TOUCH_PRIMARY if moves else 0

    def _scrolling(self, rows: BoxLayout) -> None:
        rows.bind(minimum_height=rows.setter("height"))
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(rows)
        self.body.clear_widgets()
        self.body.add_widget(scroll)

    def show_moves(self) -> None:
        self._tabs(moves=True)
        self.chosen = None
        self._show_choice()
        self.rows = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(2))
        self.unshown = list(self.controller.session.history())
        if not self.unshown:
            self.rows.add_widget(Text(text="Nothing yet.", color=theme.TEXT_DIM))
        self.earlier_button = BigButton()
        self.earlier_button.bind(on_release=lambda *_: self.show_earlier())
        self.show_earlier()
        self._scrolling(self.rows)

    def show_earlier(self) -> None:
        """The next page of moves, newest first: a long evening's hundreds of lines would take seconds
        to lay out, and what the family looks for is usually recent."""
        rows = self.rows
        if self.earlier_button.parent is rows:
            rows.remove_widget(self.earlier_button)
        page, self.unshown = self.unshown[-PAGE:], self.unshown[:-PAGE]
        for line in reversed(page):
            row = MoveRow(line, self.controller.players)
            if not line.fix:
                row.bind(on_release=self._choose)
            rows.add_widget(row)
        if self.unshown:
            self.earlier_button.text = f"Earlier moves ({len(self.unshown)} more)"
            rows.add_widget(self.earlier_button)

    def show_races(self) -> None:
        self._tabs(moves=False)
        rows = BoxLayout(orientation="vertical", size_hint_y=None, spacing=theme.GAP)
        for number, (decision, raced_again) in reversed(list(enumerate(self.decisions, start=1))):
            rows.add_widget(self._race(number, decision, raced_again))
        self._scrolling(rows)

    def _race(self, number: int, decision: RaceDecision, raced_again: bool = False) -> Panel:
        players = self.controller.players
        seat_of = {player.button: seat for seat, player in enumerate(players) if player.button is not None}

        def name(button: int) -> str:
            return players[seat_of[button]].name if button in seat_of else f"Button {button}"

        panel = Panel(orientation="vertical", size_hint_y=None, fill=theme.BACKGROUND, spacing=dp(2))
        panel.bind(minimum_height=panel.setter("height"))
        # A race run again counted for nothing: said first, so its photo finish is not taken for the result.
        again = "  -  raced again, not counted" if raced_again else ""
        panel.add_widget(Text(text=f"[b]Race {number}: {RACE_KINDS.get(decision.kind, decision.kind)}[/b]{again}"
                                   f"  -  {headline(decision, lambda button: escape_markup(name(button)))}",
                              markup=True))
        rows = [row for row in result_rows(decision, name) if row.player in seat_of]
        slowest = max((row.margin_ms for row in rows if row.margin_ms), default=0.0)
        names = max((text_width(name(row.player), theme.FONT_TABLE) for row in rows), default=0)
        details = max((text_width(row.detail, theme.FONT_TABLE) for row in rows if row.margin_ms is not None),
                      default=0)
        for row in rows:
            panel.add_widget(PhotoFinishRow(row, players[seat_of[row.player]], slowest, row_height=dp(40),
                                            name_width=names + dp(4), detail_width=details + dp(4)))
        return panel

    def _choose(self, row: MoveRow) -> None:
        if self.chosen is not None:
            self.chosen.show_chosen(False)
        self.chosen = None if row is self.chosen else row
        if self.chosen is not None:
            self.chosen.show_chosen(True)
        self._show_choice()

    def _show_choice(self) -> None:
        chosen = self.chosen
        self.fix_button.disabled = chosen is None
        self.fix_button.kind = "primary" if chosen else "normal"
        self.fix_button.text = f"Fix move {chosen.line.number}..." if chosen else "Tap a move to fix it"

    def _names(self) -> None:
        if self.on_names is not None:
            self.dismiss()
            self.on_names()

    def _fix_chosen(self) -> None:
        if self.chosen is not None and self.on_fix is not None:
            move = self.chosen.line.number
            self.dismiss()
            self.on_fix(move)
