"""The That's Ruff! table the family reads from their seats: the count big beside the shaded counts, whose
turn it is and what the last card did, the discs each dog keeps, every dog's path, and under them the
pad for what happens now (counting) or the bar (staying, dealing, the winner). Laying out and turning
up have their own table of names and cards (EntryPad), and so has Collecting (collecting.py); the pads
are in pads.py, the tricks menu in tricks.py, the drawings in widgets.py.

Laid out once (table.kv) and bound to the view model (model.py): a card played sets the model's
properties and the widgets showing them follow. The parts that come and go with the phase of a hand
are made once and swapped."""

from __future__ import annotations

from typing import Any, cast

from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.actions import Action
from companion.games.thats_ruff.state import ActionType, Phase
from companion.games.thats_ruff.summary import RuffSummary
from ui import theme
from ui.controller import GameController
from ui.games.thats_ruff.collecting import CollectPad
from ui.games.thats_ruff.model import BoardModel, RuffModel
from ui.games.thats_ruff.pads import CountingPad, EntryPad
from ui.games.thats_ruff.widgets import (  # noqa: F401  (ShadedCounts and SeatDoing are named in table.kv)
    NAMES_WIDTH,
    BoardStrip,
    KeptHouse,
    SeatDoing,
    ShadedCounts,
    head_height,
    lowest_strip,
    narrowest_path,
    readable,
    stacked_height,
    strip_padding,
    turn_height,
)
from ui.games.view import TableView
from ui.widgets.basics import BigButton, Text  # noqa: F401  (named in table.kv)
from ui.widgets.count import Count, Number
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge
from ui.widgets.text import line_height, lines_needed, text_width

RESULT_GAP = dp(6)
# What a card played did takes two lines beside the count: its reasons, as long as these, on the first.
REASONS = "+2 for reaching 16, +1 for matching red;"


def info_room(counting: bool) -> float:
    """The least room beside the discs kept for whose turn it is and what happened: a name and what it
    does, and while cards are counted a card's reasons on a line of the smallest type."""
    room = float(NAMES_WIDTH + dp(30))
    return max(room, text_width(REASONS, theme.FONT_SMALL)) if counting else room


def counting_head_height() -> float:
    """The head's height while counting: the turn, the card to match and two lines of the last move."""
    return float(turn_height() + line_height(theme.FONT_TABLE) + 2 * line_height(theme.FONT_SMALL))


class InfoLine(ScrollView):
    """Whose turn it is, the card to match, and what the last move did, or each dog's result once the
    hand is collected (laid out in table.kv)."""

    turn = ObjectProperty(None)     # a SeatDoing
    row = ObjectProperty(None)
    line = ObjectProperty(None)     # what the last move did
    results = ObjectProperty(None)  # a ResultLine a dog


class ShownLine(Label):
    """A line of the table that takes no room while it has nothing to say (the card to match, outside
    Counting)."""

    shown = BooleanProperty(False)
    fine_print = BooleanProperty(False)


class ResultLine(ShownLine):
    """One dog's part in the result of the hand: who, how far back, for what and where to."""

    board = ObjectProperty(None, allownone=True)


class KeptDiscs(BoxLayout):
    """The discs each dog keeps in its dog house, in the order of the paths: a row of them over the
    paths, each house as tall as the row over the paths, so its number is never cut."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(spacing=dp(4), size_hint_x=None, **kwargs)
        self.houses: list[KeptHouse] = []

    def show_boards(self, boards: list[BoardModel]) -> None:
        self.houses = [KeptHouse(board) for board in boards]
        for house in self.houses:
            house.bind(width=self._fit)
            self.add_widget(house)
        self._fit()

    def row_width(self, named: bool | None = None) -> float:
        """The row's width as it stands, or with the names under the numbers or without them."""
        widths = [house.width if named is None else house.width_for(named) for house in self.houses]
        return sum(widths) + self.spacing * (len(self.houses) - 1)

    def names_fit_under(self) -> bool:
        """Whether a line of names fits under the digits, the digits keeping their key number's size."""
        return bool(self.height - line_height(readable()) >= Number.height_for(theme.FONT_KEY_NUMBER))

    def show_names(self, named: bool) -> None:
        for house in self.houses:
            house.named = named

    def _fit(self, *_: Any) -> None:
        self.width = self.row_width()


class ThatsRuffView(TableView, BoxLayout):
    model = ObjectProperty(None)
    head_room = NumericProperty(head_height())
    result_spacing = NumericProperty(RESULT_GAP)   # between two dogs' results
    # The lowest a path strip may be: its numbers whole, and where its names share no line with the
    # path (partners' two long names), their own line above it.
    least_strip = NumericProperty(lowest_strip())
    # The room kept free under the paths while cards are counted (_fit_head).
    room_under_paths = NumericProperty(0)

    def __init__(self, controller: GameController, **kwargs: Any) -> None:
        self.controller = controller
        summary = cast(RuffSummary, controller.session.summary())
        super().__init__(model=RuffModel(controller.players, summary["boards"]), **kwargs)
        ids = self.ids
        self.boards = [BoardStrip(board) for board in self.model.boards]
        for strip in self.boards:
            ids["boards"].add_widget(strip)
        self.boards[0].bind(width=self._fit_names)
        ids["kept"].show_boards(self.model.boards)
        for board in self.model.boards:
            ids["results"].add_widget(ResultLine(board=board))
        self.counting = CountingPad(controller)
        self.entry = EntryPad(controller)
        self.collecting: CollectPad | None = None
        # Held here, not only by the layout's weak ids: each is out of the view while another phase shows.
        self.parts: dict[str, Widget] = {name: ids[name].__self__ for name in ("table", "count_panel", "boards", "kept")}
        self.bars: dict[str, Widget] = {Phase.MOVING: ids["stay_bar"].__self__, Phase.HAND_OVER: ids["deal_bar"].__self__,
                                        Phase.WON: ids["win_bar"].__self__}
        self.clear_widgets()
        self.shown: tuple[Widget, ...] = ()
        self.summary = summary
        self.phase: str | None = None
        self.moves: int | None = None   # the moves in effect when last shown
        ids["info_row"].bind(height=self._fit_head)
        ids["table"].bind(size=self._fit_head)
        ids["kept"].bind(width=self._fit_head)
        self.model.bind(results_shown=self._fit_head)
        for board in self.model.boards:
            board.bind(result=self._fit_head)
        self.model.bind(winners=self._show_winners)
        theme.palette.bind(version=self._show_winners)

    # ----- what the tests and the family read --------------------------------------------------------
    @property
    def table(self) -> BoxLayout:
        return cast(BoxLayout, self.ids["table"])

    @property
    def count(self) -> Count:
        return cast(Count, self.ids["count"])

    @property
    def count_panel(self) -> BoxLayout:
        return cast(BoxLayout, self.ids["count_panel"])

    @property
    def info(self) -> InfoLine:
        return cast(InfoLine, self.ids["info"])

    @property
    def kept(self) -> KeptDiscs:
        return cast(KeptDiscs, self.ids["kept"])

    @property
    def last_move(self) -> Text:
        return cast(Text, self.ids["info_line"])

    @property
    def banner(self) -> Widget | None:
        """The bar under the paths once the cards are collected, if one is shown."""
        return self.bars.get(self.phase or "")

    # ----- showing -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.summary = summary = cast(RuffSummary, self.controller.session.summary())
        self.model.update(summary, self.controller.outcome)
        moves = len(self.controller.session.actions)
        # A move told, undone or redone: what a pad holds half-entered belongs to the state before it.
        changed, self.moves = moves != self.moves, moves
        phase = summary["phase"]
        if phase != self.phase:
            self.phase = phase
            self._fit_head()
        self._arrange(phase)
        if phase == Phase.COUNTING:
            self.counting.show(summary, changed)
        elif phase in (Phase.LAYING_OUT, Phase.REVEALING):
            self.entry.show(summary, changed)
        elif phase == Phase.COLLECTING:
            assert self.collecting is not None
            self.collecting.show(summary, changed)

    def _arrange(self, phase: str) -> None:
        """The parts this phase shows, swapped in only when the phase changes."""
        table = self.parts["table"]
        if phase in (Phase.LAYING_OUT, Phase.REVEALING):
            wanted: tuple[Widget, ...] = (self.entry,)
        elif phase == Phase.COLLECTING:
            self.collecting = self.collecting or CollectPad(self.controller, self.model.boards)
            wanted = (self.collecting,)
        elif phase == Phase.COUNTING:
            wanted = (table, self.counting)
        else:
            wanted = (table, self.bars[phase])
        if wanted != self.shown:
            self.clear_widgets()
            for widget in wanted:
                self.add_widget(widget)
            self.shown = wanted
        # The count stands beside the paths only while it is being counted.
        head, panel = self.ids["head"], self.parts["count_panel"]
        counting = phase == Phase.COUNTING
        if counting and panel.parent is None:
            head.add_widget(panel, index=len(head.children))
        elif not counting and panel.parent is not None:
            head.remove_widget(panel)
        # Once the hand is handed over, the discs kept stand beside the deal, so each dog's result has
        # the head's whole width over the paths: the tally is read on them.
        kept, deal_bar = self.parts["kept"], self.bars[Phase.HAND_OVER]
        home = deal_bar if phase == Phase.HAND_OVER else head.__self__
        if kept.parent is not home:
            cast(BoxLayout, kept.parent).remove_widget(kept)
            home.add_widget(kept, index=len(home.children) if home is deal_bar else 0)
            kept.height = deal_bar.height if home is deal_bar else head_height()
            self._fit_head()

    def _fit_head(self, *_: Any) -> None:
        """The row over the paths grows to show the whole of what the last move did, taking room from
        the paths down to the lowest strip that keeps its numbers whole. While cards are counted it is
        kept at what a turn, the card to match and two lines of the last move take, whatever the last
        move says: the paths stay put card after card instead of jumping with the length of a line (and
        nothing is laid out again but the line). Once the hand is collected, each dog's result takes
        the room the paths leave (beside the discs kept, or the whole width once they stand beside the
        deal), and scrolls there should it need more: the paths stay in sight, for the tally is read on
        them."""
        boards = len(self.boards)
        table, column = self.ids["table"], self.ids["boards"]
        kept = self.kept
        room = table.height - table.spacing - boards * self.least_strip - column.spacing * (boards - 1)
        results = self.model.results_shown   # only once a hand is collected, never while counting
        kept.show_names(self._names_fit(room, results))
        if self.phase == Phase.COUNTING:
            wanted = counting_head_height()
        elif results:
            wanted = self._results_height(self._results_width(), RESULT_GAP)
        else:
            wanted = self.ids["info_row"].height
        self.head_room = max(head_height() if self._kept_in_head() else 0.0, min(wanted, room))
        # While cards are counted, up to a line of the smallest type stays free under the paths: a
        # message's second line takes it from there, and the paths stay put.
        left_over = max(0.0, room - self.head_room)
        self.room_under_paths = min(left_over, line_height(theme.FONT_SMALL)) if self.phase == Phase.COUNTING else 0.0
        # The gaps between the dogs' lines close up before the lines scroll.
        gaps = len(self.boards) - 1
        spare = self.head_room - self._results_height(self._results_width(), 0)
        self.result_spacing = max(0.0, min(RESULT_GAP, spare / gaps)) if results else RESULT_GAP

    def _results_width(self, named: bool | None = None) -> float:
        """The width the dogs' results wrap in: the head's, less the discs kept where they stand in it."""
        head, kept = self.ids["head"], self.kept
        return float(head.width - (kept.row_width(named) + head.spacing if self._kept_in_head() else 0))

    def _kept_in_head(self) -> bool:
        return bool(self.kept.parent is self.ids["head"].__self__)

    def _names_fit(self, room: float, results: bool) -> bool:
        """Each dog's discs kept say whose they are in words where the row leaves what happens room for
        a name and what it does, and the hand's results, wrapped beside them, still fit over the paths
        (where they would not without the names either, the names stay); else the players' shapes say
        it alone."""
        head, kept = self.ids["head"], self.kept
        beside = head.width - head.spacing - (self.parts["count_panel"].width + head.spacing
                                              if self.phase == Phase.COUNTING else 0)
        if beside - kept.row_width(named=True) < info_room(self.phase == Phase.COUNTING) or not kept.names_fit_under():
            return False
        if not results:
            return True
        named = self._results_height(self._results_width(named=True), RESULT_GAP)
        bare = self._results_height(self._results_width(named=False), RESULT_GAP)
        return named <= room or bare > room

    def _results_height(self, width: float, gap: float) -> float:
        """How tall the dogs' results stand wrapped in `width`, `gap` between two dogs."""
        lines = sum(lines_needed(board.result, theme.FONT_TABLE, width) for board in self.model.boards)
        return lines * line_height(theme.FONT_TABLE) + gap * (len(self.boards) - 1)

    def _fit_names(self, *_: Any) -> None:
        """One column of names beside the paths, so the paths line up, wide enough for each dog's name
        after its players' where the paths keep their numbers whole: with the players' shapes before
        their names if they fit too, else without (the token on the path has the shape), else the dog
        goes by the initial on its token; and where even the players' names alone are too wide, they
        stand on a line of their own above the path, the strips as tall as that takes."""
        strips = self.boards
        most = strips[0].width - 5 * strip_padding() - narrowest_path()
        shapes = max(strip.names_room(shapes=True) for strip in strips) <= most
        bare = max(strip.names_room(shapes=False) for strip in strips)
        dog = shapes or bare <= most
        # Without the dog's name, the shapes stay before the players' names where they fit.
        shapes = shapes if dog else max(strip.names_room(shapes=True, dog=False) for strip in strips) <= most
        beside = dog or max(strip.names_room(shapes=False, dog=False) for strip in strips) <= most
        least = lowest_strip() if beside else stacked_height()
        if least != self.least_strip:
            self.least_strip = least
            self._fit_head()
        column = max(strip.names_room(shapes=shapes, dog=dog) for strip in strips) if beside else 0
        for strip in strips:
            strip.dog_beside, strip.shapes_beside = dog, shapes
            strip.names_width = max(column, NAMES_WIDTH) if beside else 0

    def _show_winners(self, *_: Any) -> None:
        """The winners' names (partners share their dog) in the dark of the text on the good news' colour."""
        box = self.ids["winner_badges"]
        box.clear_widgets()
        ink = theme.readable_text_on(theme.palette.ok)
        for player in self.model.winners:
            badge = SeatBadge(player=player, bold=True, font_size=theme.FONT_TABLE)
            badge.label.color = ink
            box.add_widget(badge)

    # ----- the bars' buttons -------------------------------------------------------------------------
    def deal(self) -> bool:
        return self.controller.perform(Action(ActionType.DEAL, self.summary["next_dealer"]))

    def choose_stay(self, stay: bool) -> bool:
        seat = self.summary["waiting_for"][0]
        return self.controller.perform(Action(ActionType.CHOOSE_STAY, seat, {"stay": stay}))


load_kv(__file__)
