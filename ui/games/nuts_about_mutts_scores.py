"""Between hands and at the end of the evening: the score table (a row per hand, a column per
player, the running totals) with the top dog named, and the deal of the next hand."""

from __future__ import annotations

from kivy.core.window import Window
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.actions import Action
from ui import theme
from ui.games.nuts_about_mutts_pads import Hint
from ui.games.nuts_about_mutts_parts import Choice, Filled, Fonts, Shape, Sizes, Tag, Wrapped
from ui.games.nuts_about_mutts_table import lines_needed, line_height
from ui.widgets.basics import Panel, fitted

CELL_GAP = dp(4)
VISIBLE_HANDS = 3   # the publisher's evening; an open-ended one scrolls


class Cell(Filled, BoxLayout):
    def __init__(self, text: str, fill=theme.SURFACE, bold=False, font_size=None, ring=None, **kwargs):
        super().__init__(padding=[dp(4), 0], **kwargs)
        self.paint(fill, ring, ring_width=dp(2))
        self.label = fitted(text, font_size or Fonts.body(), bold=bold)
        self.add_widget(self.label)


class PlayerHeader(BoxLayout):
    """A column's head: the player's shape (and TOP DOG beside it), then the whole name, wrapped."""

    def __init__(self, player, top_dog: bool, name_lines: int, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(2), **kwargs)
        marks = BoxLayout(size_hint_y=None, height=Sizes.wide(dp(24)), spacing=dp(4))
        marks.add_widget(Widget())
        identity = player.identity
        marks.add_widget(Shape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb), size_hint=(None, None),
                               size=(Sizes.wide(dp(22)), Sizes.wide(dp(22))), pos_hint={"center_y": 0.5}))
        self.tag = None
        if top_dog:
            self.tag = Tag("TOP DOG", theme.OK, font_size=Fonts.small(), pos_hint={"center_y": 0.5})
            marks.add_widget(self.tag)
        marks.add_widget(Widget())
        self.add_widget(marks)
        self.name = Wrapped(text=player.name, font_size=Fonts.small(), bold=top_dog, halign="center",
                            size_hint_y=None, height=line_height(Fonts.small()) * name_lines)
        self.add_widget(self.name)
        self.height = marks.height + self.spacing + self.name.height


class ScoresView(BoxLayout):
    def __init__(self, controller, summary: dict, **kwargs):
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        self.controller = controller
        players = controller.players
        names = [player.name for player in players]
        scores = summary["scores"]
        top_dog = set(summary["top_dog"])
        over = summary["evening_over"]
        winner = summary["hand_winner"]

        if over:
            leaders = " and ".join(names[seat] for seat in sorted(top_dog))
            text = f"The evening is over. Top dog: {leaders}!"
        else:
            text = f"Hand {summary['hand']} is over: {names[winner]} went out."
        self.heading = Wrapped(text=text, font_size=Fonts.title(), bold=True, size_hint_y=None)
        self.heading.bind(texture_size=lambda label, size: setattr(label, "height", size[1]))
        self.add_widget(self.heading)

        panel = Panel(orientation="vertical", padding=dp(6), spacing=CELL_GAP)
        self.cells: dict[tuple, Cell] = {}
        self.headers: list[PlayerHeader] = []
        self._names = names
        header = self._row(None)
        header.add_widget(Cell("Hand", font_size=Fonts.small(), bold=True))
        for seat, player in enumerate(players):
            column = PlayerHeader(player, seat in top_dog, 1)
            self.headers.append(column)
            header.add_widget(column)
        self.header_row = header
        panel.add_widget(header)

        rows = BoxLayout(orientation="vertical", size_hint_y=None, spacing=CELL_GAP)
        rows.bind(minimum_height=rows.setter("height"))
        for result in scores["hands"]:
            row = self._row(Sizes.hand_row())
            row.add_widget(Cell(f"{result['hand']}", font_size=Fonts.small()))
            for seat, score in enumerate(result["scores"]):
                went_out = seat == result["winner"]
                cell = Cell(f"{score}  out" if went_out else str(score), bold=went_out)
                self.cells[(result["hand"], seat)] = cell
                row.add_widget(cell)
            rows.add_widget(row)
        # Only an open-ended evening has more hands than fit; the list then scrolls, newest at the bottom.
        shown = min(len(scores["hands"]), VISIBLE_HANDS if Window.height < 600 else 2 * VISIBLE_HANDS)
        self.hand_rows = ScrollView(do_scroll_x=False, bar_width=dp(4), scroll_y=0, size_hint_y=None,
                                    height=max(0, shown * (Sizes.hand_row() + CELL_GAP) - CELL_GAP))
        self.hand_rows.add_widget(rows)
        panel.add_widget(self.hand_rows)
        totals = self._row(line_height(Fonts.title()) + dp(6))
        totals.add_widget(Cell("Total", font_size=Fonts.small(), bold=True))
        for seat, total in enumerate(scores["totals"]):
            best = seat in top_dog
            cell = Cell(f"{total}", fill=theme.OK if best else theme.SURFACE_HIGH, bold=True,
                        font_size=Fonts.title(), ring=theme.TEXT if best else None)
            cell.label.color = theme.readable_text_on(theme.OK) if best else theme.TEXT
            self.cells[("total", seat)] = cell
            totals.add_widget(cell)
        panel.add_widget(totals)
        self.rows = len(scores["hands"]) + 2
        self.panel = panel
        panel.size_hint_y = None
        self._fixed_rows = [self.hand_rows, totals]
        self.add_widget(panel)
        self.add_widget(Hint("Fewest cards left over is best: the lowest total is the top dog."))

        self.deal_button = None
        self.end_button = None
        if not over:
            buttons = BoxLayout(size_hint_y=None, height=Sizes.primary(), spacing=theme.GAP)
            dealer = summary["to_act"]["next_dealer"]
            self.deal_button = Choice(f"Deal the next hand ({names[dealer]} deals)", kind="primary",
                                      height=Sizes.primary())
            self.deal_button.bind(on_release=lambda *_: controller.perform(Action("deal")))
            buttons.add_widget(self.deal_button)
            self.end_button = Choice("End the evening", height=Sizes.primary(), size_hint_x=0.45)
            self.end_button.bind(on_release=lambda *_: controller.perform(Action("end_evening")))
            buttons.add_widget(self.end_button)
            self.add_widget(buttons)
        self.add_widget(Widget())  # the table and its buttons sit at the top
        self.bind(width=self._fit_names)

    def _row(self, height) -> BoxLayout:
        return BoxLayout(size_hint_y=None, height=height or 0, spacing=CELL_GAP)

    def _fit_names(self, *_):
        """Every column as tall as the longest name needs: names wrap, they are never cut."""
        columns = len(self._names) + 1
        width = (self.width - 2 * dp(6) - CELL_GAP * (columns - 1)) / columns
        lines = max(lines_needed(name, Fonts.small(), width) for name in self._names)
        for column in self.headers:
            column.name.height = line_height(Fonts.small()) * lines
            column.height = column.children[-1].height + column.spacing + column.name.height
        self.header_row.height = max(column.height for column in self.headers)
        parts = [self.header_row, *self._fixed_rows]
        self.panel.height = (sum(part.height for part in parts) + self.panel.spacing * (len(parts) - 1)
                             + self.panel.padding[1] + self.panel.padding[3])
