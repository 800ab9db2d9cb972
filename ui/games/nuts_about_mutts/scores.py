"""Between hands and at the end of the evening: the score table (a row per player, a column per hand,
the running totals) with the top dog named, and beside it the deal of the next hand.

Laid out once (scores.kv); the table's cells are made again only when it gains a hand's column, and
the deal's buttons step aside once the game is over."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.actions import Action
from companion.games.nuts_about_mutts import GAME
from companion.games.nuts_about_mutts.state import ActionType
from companion.games.nuts_about_mutts.summary import MuttsSummary
from companion.outcome import Outcome
from companion.players import Player
from ui import theme
from ui.controller import GameController
from ui.games.nuts_about_mutts.model import top_dogs
from ui.widgets.basics import Panel
from ui.widgets.choice import Choice
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge, Tag  # noqa: F401  (Tag named in scores.kv)
from ui.widgets.sizes import sizes
from ui.widgets.text import line_height, text_width

CELL_GAP = dp(4)
VISIBLE_HANDS = GAME.default_options()["hands"]   # the publisher's evening; an open-ended one shows its last hands


class ScoreCell(Panel):
    """One cell of the score table: a number or a heading, on its fill, ringed where it stands out."""

    text = StringProperty("")
    bold = BooleanProperty(False)
    ink = ListProperty(theme.TEXT)
    halign = StringProperty("center")
    font_size = NumericProperty(0)   # 0: the table's type

    def __init__(self, text: str, fill: Any = None, ring: Any = None, **kwargs: Any) -> None:
        super().__init__(text=text, fill=fill or theme.palette.surface, ring=ring or [0, 0, 0, 0],
                         padding=[dp(4), 0], **kwargs)
        self.ink = theme.readable_text_on(self.fill)


class NameCell(Panel):
    """A player's shape and whole name at the head of their row."""

    def __init__(self, player: Player, top_dog: bool, **kwargs: Any) -> None:
        super().__init__(fill=theme.palette.surface, padding=[dp(4), 0], **kwargs)
        self.badge = SeatBadge(player=player, bold=top_dog, font_size=sizes.font_table,
                               symbol_size=sizes.wide(dp(24)))
        self.add_widget(self.badge)


class ScoresView(BoxLayout):
    """A row per player (read from the seats: the whole name, the last hands' scores, the total), and
    beside the table the deal of the next hand. The top dog's total is filled and ringed."""

    heading_text = StringProperty("")
    leaders = StringProperty("")
    over = BooleanProperty(False)
    table = ObjectProperty(None, allownone=True)

    def __init__(self, controller: GameController, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        self.cells: dict[tuple[Any, int], ScoreCell] = {}
        self._shape: tuple[int, ...] | None = None
        # Held here, not only by the layout: the evening's end takes them off the screen.
        self.deal: Choice = self.ids["deal"].__self__
        self.end: Choice = self.ids["end"].__self__
        self._widths = (0.0, 0.0)   # the table but its totals, and the totals' narrowest
        self.total_heading: ScoreCell | None = None
        self.ids["table_place"].bind(height=self._fit_rows)
        self.deal.bind(on_release=lambda *_: controller.perform(Action(ActionType.DEAL)))
        self.end.bind(on_release=lambda *_: controller.perform(Action(ActionType.END_EVENING)))

    @property
    def heading(self) -> Any:
        return self.ids["heading"]

    @property
    def tag(self) -> Tag:
        return self.ids["tag"]

    @property
    def deal_button(self) -> Choice | None:
        return None if self.over else self.deal

    def show(self, summary: MuttsSummary, outcome: Outcome) -> None:
        names = [player.name for player in self.controller.players]
        best = sorted(top_dogs(outcome))
        self.over = over = outcome.finished
        if over:
            self.heading_text = f"The game is over. Top dog: {' and '.join(names[seat] for seat in best)}!"
        else:
            winner = summary["hand_winner"]
            self.heading_text = f"Hand {summary['hand']} is over: {names[winner] if winner is not None else ''} went out."
            self.deal.text = f"Deal the next hand ({names[summary['to_act'].get('next_dealer', 0)]} deals)"
        self.leaders = ", ".join(names[seat] for seat in best)
        side = self.ids["side"]
        for button in (self.deal, self.end):
            if over and button.parent is not None:
                side.remove_widget(button)
            elif not over and button.parent is None:
                side.add_widget(button, index=len(side.children) - 1)
        went_out = [result["winner"] for result in summary["scores"]["hands"]]
        shape = (len(outcome.hands), *went_out, *best, *(score or 0 for score in outcome.scores))
        if shape != self._shape:
            # A hand's column was added (or taken back): the table is made again, once per hand.
            self._shape = shape
            self._make_table(summary, outcome, set(best))

    def _make_table(self, summary: MuttsSummary, outcome: Outcome, best: set[int]) -> None:
        players = self.controller.players
        went_out = [result["winner"] for result in summary["scores"]["hands"]]
        # An open-ended evening shows its last hands; the totals count them all.
        hands = list(enumerate(outcome.hands, start=1))[-VISIBLE_HANDS:]
        font = sizes.font_table
        row_height = line_height(font) + dp(4)
        symbol = sizes.wide(dp(24))
        # The name beside its shape, in the cell's padding.
        name_width = SeatBadge.width_for((player.name for player in players), font, symbol) + dp(6)
        cell_width = text_width("000", font) + dp(8)
        total_width = text_width("Total", font, True) + dp(12)
        palette = theme.palette
        self.cells = {}
        grid = GridLayout(cols=len(hands) + 2, spacing=CELL_GAP, size_hint=(None, None), row_force_default=True,
                          row_default_height=row_height, pos_hint={"x": 0, "top": 1})
        corner = ScoreCell("Hand", fill=palette.background, halign="right", size_hint_x=None, width=name_width)
        grid.add_widget(corner)
        for number, _ in hands:
            grid.add_widget(ScoreCell(str(number), fill=palette.background, size_hint_x=None, width=cell_width))
        self.total_heading = ScoreCell("Total", fill=palette.background, bold=True, size_hint_x=None, width=total_width)
        grid.add_widget(self.total_heading)
        for seat, player in enumerate(players):
            grid.add_widget(NameCell(player, seat in best, size_hint_x=None, width=name_width))
            for number, scores in hands:
                out = went_out[number - 1] == seat
                # Who went out: bold and ringed (the heading says it in words).
                cell = ScoreCell(str(scores[seat]), bold=out, ring=palette.accent if out else None,
                                 size_hint_x=None, width=cell_width)
                self.cells[(number, seat)] = cell
                grid.add_widget(cell)
            top = seat in best
            cell = ScoreCell(str(outcome.scores[seat]), fill=palette.ok if top else palette.surface_high, bold=True,
                             ring=palette.text if top else None, size_hint_x=None, width=total_width)
            self.cells[("total", seat)] = cell
            grid.add_widget(cell)
        self._widths = (name_width + len(hands) * cell_width + (len(hands) + 1) * CELL_GAP, total_width)
        place = self.ids["table_place"]
        place.clear_widgets()
        place.add_widget(grid)
        self.table = grid
        self._fit_rows()

    def _fit_rows(self, *_: Any) -> None:
        """The rows as tall as the room under the heading allows, up to a number's size, and the totals
        in the largest type that fits them: read from across the table, not only from beside it."""
        grid, heading = self.table, self.total_heading
        if grid is None or heading is None:
            return
        rows = len(self.controller.players) + 1
        room = (self.ids["table_place"].height - (rows - 1) * CELL_GAP) / rows
        smallest, largest = line_height(sizes.font_table) + dp(4), line_height(sizes.font_number) + dp(4)
        grid.row_default_height = row_height = max(smallest, min(largest, room))
        font = max(sizes.font_table, min(sizes.font_number, sizes.font_table * (row_height - dp(4))
                                         / line_height(sizes.font_table)))
        rest, total_width = self._widths
        total_width = max(total_width, text_width("000", font, True) + dp(12))
        for seat in range(rows - 1):
            cell = self.cells[("total", seat)]
            cell.font_size, cell.width = font, total_width
        heading.width = total_width
        grid.width = rest + total_width
        grid.height = rows * row_height + (rows - 1) * CELL_GAP
        self.ids["table_place"].width = grid.width


load_kv(__file__)
