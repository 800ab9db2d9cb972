"""Between hands and at the end of the evening: the score table (a row per hand, a column per
player, the running totals) with the top dog named, and the deal of the next hand."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.actions import Action
from ui import theme
from ui.games.nuts_about_mutts_parts import Choice, Filled, Tag
from ui.widgets.basics import fitted
from ui.widgets.basics import Panel, PlayerBadge


class Cell(Filled, BoxLayout):
    def __init__(self, text: str, fill=theme.SURFACE, bold=False, font_size=theme.FONT_BODY, ring=None, **kwargs):
        super().__init__(padding=[dp(4), 0], **kwargs)
        self.paint(fill, ring, ring_width=dp(2))
        self.label = fitted(text, font_size, bold=bold)
        self.add_widget(self.label)


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

        heading = BoxLayout(size_hint_y=None, height=dp(44), spacing=theme.GAP)
        if over:
            leaders = " and ".join(names[seat] for seat in sorted(top_dog))
            text = f"The evening is over. Top dog: {leaders}!"
        else:
            text = f"Hand {summary['hand']} is over: {names[winner]} went out."
        self.heading = fitted(text, theme.FONT_TITLE, bold=True, halign="left")
        heading.add_widget(self.heading)
        self.add_widget(heading)

        panel = Panel(orientation="vertical", padding=dp(8), spacing=dp(4))
        self.cells: dict[tuple, Cell] = {}
        rows = len(scores["hands"]) + 2
        grid = GridLayout(cols=len(players) + 1, spacing=dp(4))
        grid.add_widget(Cell("Hand", font_size=theme.FONT_SMALL, bold=True))
        self.headers = []
        for seat, player in enumerate(players):
            column = BoxLayout(orientation="vertical", spacing=dp(2))
            column.add_widget(PlayerBadge(player, font_size=theme.FONT_SMALL, height=dp(30),
                                          highlighted=seat in top_dog))
            if seat in top_dog:
                holder = BoxLayout(size_hint_y=None, height=dp(26))
                holder.add_widget(Tag("TOP DOG", theme.OK))
                column.add_widget(holder)
            self.headers.append(column)
            grid.add_widget(column)
        for result in scores["hands"]:
            grid.add_widget(Cell(f"{result['hand']}", font_size=theme.FONT_SMALL))
            for seat, score in enumerate(result["scores"]):
                went_out = seat == result["winner"]
                cell = Cell(f"{score}  out" if went_out else str(score), bold=went_out)
                self.cells[(result["hand"], seat)] = cell
                grid.add_widget(cell)
        grid.add_widget(Cell("Total", font_size=theme.FONT_SMALL, bold=True))
        for seat, total in enumerate(scores["totals"]):
            best = seat in top_dog
            cell = Cell(f"{total}", fill=theme.OK if best else theme.SURFACE_HIGH, bold=True,
                        font_size=theme.FONT_NUMBER * 0.8, ring=theme.TEXT if best else None)
            cell.label.color = theme.readable_text_on(theme.OK) if best else theme.TEXT
            self.cells[("total", seat)] = cell
            grid.add_widget(cell)
        self.rows = rows
        panel.add_widget(grid)
        self.add_widget(panel)
        self.add_widget(fitted("Fewest cards left over is best: the lowest total is the top dog.",
                               theme.FONT_SMALL, color=theme.TEXT_DIM, halign="left", size_hint_y=None, height=dp(22)))

        buttons = BoxLayout(size_hint_y=None, height=theme.TOUCH_BIG, spacing=theme.GAP)
        self.deal_button = None
        self.end_button = None
        if not over:
            dealer = summary["to_act"]["next_dealer"]
            self.deal_button = Choice(f"Deal the next hand ({names[dealer]} deals)", kind="primary",
                                      height=theme.TOUCH_BIG)
            self.deal_button.bind(on_release=lambda *_: controller.perform(Action("deal")))
            buttons.add_widget(self.deal_button)
            self.end_button = Choice("End the evening", height=theme.TOUCH_BIG, size_hint_x=0.45)
            self.end_button.bind(on_release=lambda *_: controller.perform(Action("end_evening")))
            buttons.add_widget(self.end_button)
        else:
            buttons.add_widget(Widget())
        self.add_widget(buttons)
