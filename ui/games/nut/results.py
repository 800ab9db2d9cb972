"""A scored Nut layout as the family sees it: the total, the grid with the cluster that counts for
each colour outlined (everything that did not count is dimmed), and what each colour was worth."""

from __future__ import annotations

from kivy.graphics import Color, RoundedRectangle
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.nut.clusters import DOUBLE_ONCE
from companion.games.nut.state import Colour, ColourResult
from companion.games.nut.summary import LayoutSummary, NutSummary
from companion.words import counted
from ui import theme
from ui.games.nut.cells import LayoutGrid, MiniCell
from ui.games.nut.widgets import SeatTag, fit_text
from ui.widgets.basics import Text
from ui.widgets.symbols import SymbolShape


def colour_working(entry: ColourResult, doubling: str) -> str:
    """How a colour's points came about, when squirrels doubled them: "(6 x2)"."""
    size, squirrels = entry["size"], entry.get("squirrels", 0)
    if not size or not squirrels:
        return ""
    times = "x2" if doubling == DOUBLE_ONCE else f"x{2 ** squirrels}"
    return f"({size} {times})"


# A card's side padding: three cards side by side on the 7" panel leave each 244 px inside, enough for
# a long name in table type beside its shape and the total.
CARD_SIDE = dp(6)
TOTAL_WIDTH = dp(48)
LINE = theme.FONT_TABLE * 1.2


class ResultCard(BoxLayout):
    """One player's scored layout. `winner` frames the card so the winner stands out from afar."""

    def __init__(self, player, layout: LayoutSummary, colours: list[Colour], doubling: str, *, winner: bool = False,
                 **kwargs):
        super().__init__(orientation="vertical", padding=[CARD_SIDE, dp(8)], spacing=dp(4), **kwargs)
        with self.canvas.before:
            Color(*(theme.OK if winner else theme.SURFACE))
            self._back = RoundedRectangle(radius=[theme.RADIUS])
            Color(*theme.SURFACE)
            self._inner = RoundedRectangle(radius=[theme.RADIUS])
        self.bind(pos=self._redraw, size=self._redraw)

        # Two lines of the name's type: a long name with a space wraps rather than pushing the total off.
        header = BoxLayout(size_hint_y=None, height=max(dp(56), theme.FONT_TABLE * 2.4), spacing=dp(4))
        header.add_widget(SeatTag(player, font_size=theme.FONT_TABLE, bold=winner, symbol_size=dp(24),
                                  spacing=dp(4)))
        self.total = fit_text(Label(text=str(layout["total"]), font_size=theme.FONT_NUMBER * 0.9, bold=True,
                                size_hint_x=None, width=TOTAL_WIDTH, halign="right", valign="middle"))
        header.add_widget(self.total)
        self.add_widget(header)

        if layout["grid"]:
            clusters = {letter: entry["cells"] for letter, entry in layout["colours"].items() if entry["cells"]}
            self.grid = LayoutGrid(rows=list(layout["grid"]), editable=False, clusters=clusters, max_cell=dp(60),
                                   size_hint_y=None)
            self.add_widget(self.grid)
        else:
            self.grid = None
            by_hand = BoxLayout(orientation="vertical")
            by_hand.add_widget(Label())
            by_hand.add_widget(Text(text="Counted by hand", font_size=theme.FONT_TABLE, color=theme.TEXT_DIM,
                                    halign="center"))
            by_hand.add_widget(Text(text="(no grid painted)", font_size=theme.FONT_SMALL, color=theme.TEXT_DIM,
                                    halign="center", fine_print=True))
            by_hand.add_widget(Label())
            self.add_widget(by_hand)

        # Each colour's points are read from the seats; the squirrels' doubling beside them is the
        # working, read up close by whoever checks the sum.
        lines = GridLayout(cols=2, size_hint_y=None, height=2 * LINE + dp(4), spacing=dp(4))
        for colour in colours:
            entry = layout["colours"][colour["letter"]]
            item = BoxLayout(spacing=dp(4))
            item.add_widget(MiniCell(colour["letter"], size=(dp(24), dp(24)), pos_hint={"center_y": 0.5}))
            points = Label(text=str(entry["points"]), font_size=theme.FONT_TABLE, bold=True, size_hint_x=None,
                           color=theme.TEXT if entry["points"] else theme.TEXT_DIM)
            points.bind(texture_size=lambda lab, size: setattr(lab, "width", size[0]))
            item.add_widget(points)
            working = fit_text(Label(text=colour_working(entry, doubling), font_size=theme.FONT_SMALL,
                                 color=theme.TEXT_DIM, halign="left", valign="middle"))
            working.fine_print = True
            item.add_widget(working)
            lines.add_widget(item)
        self.add_widget(lines)
        if self.grid is not None:
            # The grid takes no more height than its cells need, so on a tall card each colour's
            # points sit right under the layout instead of drifting to the bottom edge.
            self.add_widget(Widget())
            self._fixed = header.height + lines.height + 2 * dp(8) + 3 * dp(4)
            self.bind(height=self._fit_grid)
            self._fit_grid()

    def _fit_grid(self, *_):
        rows = len(self.grid.rows)
        self.grid.height = max(0, min(rows * self.grid.max_cell, self.height - self._fixed))

    def _redraw(self, *_):
        self._back.pos, self._back.size = self.pos, self.size
        ring = dp(4)
        self._inner.pos = (self.x + ring, self.y + ring)
        self._inner.size = (self.width - 2 * ring, self.height - 2 * ring)


def joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class EndView(BoxLayout):
    """Game over: who won and why in one sentence beside the winners' shapes, then every player's
    card side by side."""

    def __init__(self, controller, summary: NutSummary, **kwargs):
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        players = controller.players
        outcome = controller.outcome
        banner = BoxLayout(size_hint_y=None, height=dp(48), spacing=theme.GAP)
        for seat in outcome.winners:
            identity = players[seat].identity
            banner.add_widget(SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb),
                                          size_hint=(None, None), size=(dp(40), dp(40)), pos_hint={"center_y": 0.5}))
        names = joined(list(outcome.winner_names))
        best = max(score for score in outcome.scores if score is not None)
        if len(outcome.winners) > 1:
            text = f"{names} share the win with {best}: same score, same largest cluster"
        elif outcome.tie_break:
            largest = summary["layouts"][outcome.winners[0]]["largest"]
            text = f"{names} wins with {best}: tied on points, won on the largest cluster ({largest})"
        else:
            text = f"{names} wins with {counted(best, 'point')}"
        # The names lead the sentence and it wraps onto a second line rather than lose its end.
        self.headline = Label(text=text, font_size=theme.FONT_TABLE, bold=True, halign="left", valign="middle")
        self.headline.bind(width=lambda label, width: setattr(label, "text_size", (width, None)))
        # The banner is as tall as the sentence: one line for a single winner, two for a shared win.
        self.headline.bind(texture_size=lambda label, size: setattr(banner, "height", max(dp(48), size[1])))
        self.headline_names = list(outcome.winner_names)
        banner.add_widget(self.headline)
        self.add_widget(banner)
        cards = BoxLayout(spacing=theme.GAP)
        for seat, player in enumerate(players):
            layout = summary["layouts"][seat]
            if layout is not None:
                cards.add_widget(ResultCard(player, layout, summary["colours"], summary["squirrel_doubling"],
                                            winner=seat in outcome.winners))
        self.add_widget(cards)
