"""Between hands and at the end of the evening: the score table (a row per player, a column per
hand, the running totals) with the top dog named, and beside it the deal of the next hand."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.actions import Action
from companion.games.nuts_about_mutts import GAME
from companion.games.nuts_about_mutts.state import ActionType
from companion.outcome import Outcome
from ui import theme
from ui.games.nuts_about_mutts.widgets import Filled, Fonts, Hint, MuttsChoice, MuttsTag, Shape, Sizes, Wrapped, line_height, text_width
from ui.widgets.basics import fitted

CELL_GAP = dp(4)
VISIBLE_HANDS = GAME.default_options()["hands"]   # the publisher's evening; an open-ended one shows its last hands


def top_dogs(outcome: Outcome) -> list[int]:
    """The seats on the lowest running total once a hand has been scored (the winners at the end)."""
    if outcome.finished:
        return list(outcome.winners)
    return [standing.seat for standing in outcome.standings if standing.place == 1] if outcome.hands else []


class Cell(Filled, BoxLayout):
    def __init__(self, text: str, fill=theme.SURFACE, bold=False, font_size=None, ring=None, **kwargs):
        super().__init__(padding=[dp(4), 0], **kwargs)
        self.paint(fill, ring, ring_width=dp(2))
        self.label = fitted(text, font_size or Fonts.table(), bold=bold)
        self.add_widget(self.label)


class ScoresView(BoxLayout):
    """A row per player (read from the seats: the whole name, the last hands' scores, the total), and
    beside the table the deal of the next hand. The top dog's total is filled and ringed."""

    def __init__(self, controller, summary: dict, **kwargs):
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        self.controller = controller
        players = controller.players
        names = [player.name for player in players]
        outcome = controller.outcome
        went_out = [result["winner"] for result in summary["scores"]["hands"]]
        top_dog = set(top_dogs(outcome))
        over = outcome.finished
        winner = summary["hand_winner"]
        font = Fonts.table()

        if over:
            leaders = " and ".join(names[seat] for seat in sorted(top_dog))
            text = f"The evening is over. Top dog: {leaders}!"
        else:
            text = f"Hand {summary['hand']} is over: {names[winner]} went out."
        self.heading = Wrapped(text=text, font_size=Fonts.title(), bold=True, size_hint_y=None)
        self.heading.bind(texture_size=lambda label, size: setattr(label, "height", size[1]))
        self.add_widget(self.heading)

        # An open-ended evening shows its last hands; the totals count them all.
        hands = [{"hand": number, "winner": went_out[number - 1], "scores": scores}
                 for number, scores in enumerate(outcome.hands, start=1)][-VISIBLE_HANDS:]
        row_height = line_height(font) + dp(4)
        symbol = Sizes.wide(dp(24))
        # The name, its shape, the gap between them and the cell's padding (NameCell).
        name_width = max(text_width(name, font) for name in names) + symbol + dp(6) + 2 * dp(4) + dp(2)
        cell_width = text_width("000", font) + dp(8)
        total_width = text_width("Total", font) + dp(12)
        self.cells: dict[tuple, Cell] = {}
        grid = GridLayout(cols=len(hands) + 2, spacing=CELL_GAP, size_hint=(None, None),
                          row_force_default=True, row_default_height=row_height)
        corner = Cell("Hand", fill=theme.BACKGROUND, size_hint_x=None, width=name_width)
        corner.label.halign = "right"
        grid.add_widget(corner)
        for result in hands:
            grid.add_widget(Cell(str(result["hand"]), fill=theme.BACKGROUND, size_hint_x=None, width=cell_width))
        grid.add_widget(Cell("Total", fill=theme.BACKGROUND, bold=True, size_hint_x=None, width=total_width))
        for seat, player in enumerate(players):
            best = seat in top_dog
            grid.add_widget(NameCell(player, best, size_hint_x=None, width=name_width))
            for result in hands:
                went_out = seat == result["winner"]
                score = result["scores"][seat]
                # Who went out: bold and ringed (the heading says it in words).
                cell = Cell(str(score), bold=went_out, ring=theme.ACCENT if went_out else None, size_hint_x=None,
                            width=cell_width)
                self.cells[(result["hand"], seat)] = cell
                grid.add_widget(cell)
            cell = Cell(str(outcome.scores[seat]), fill=theme.OK if best else theme.SURFACE_HIGH, bold=True,
                        ring=theme.TEXT if best else None, size_hint_x=None, width=total_width)
            cell.label.color = theme.readable_text_on(theme.OK) if best else theme.TEXT
            self.cells[("total", seat)] = cell
            grid.add_widget(cell)
        rows = len(players) + 1
        grid.width = name_width + len(hands) * cell_width + total_width + (len(hands) + 1) * CELL_GAP
        grid.height = rows * row_height + (rows - 1) * CELL_GAP
        self.rows = rows
        self.table = grid

        below = BoxLayout(spacing=theme.GAP)
        below.add_widget(grid)
        side = BoxLayout(orientation="vertical", spacing=theme.GAP)
        leaders = BoxLayout(size_hint_y=None, height=row_height, spacing=dp(6))
        self.tag = MuttsTag("TOP DOG", theme.OK, font_size=font, pos_hint={"center_y": 0.5})
        leaders.add_widget(self.tag)
        said = Wrapped(text=", ".join(names[seat] for seat in sorted(top_dog)), font_size=font, bold=True)
        # A tie for top dog names everyone in it: the row grows rather than cut a name.
        said.bind(texture_size=lambda label, size: setattr(leaders, "height", max(row_height, size[1])))
        leaders.add_widget(said)
        side.add_widget(leaders)
        self.deal_button = None
        self.end_button = None
        if not over:
            dealer = summary["to_act"]["next_dealer"]
            self.deal_button = MuttsChoice(f"Deal the next hand ({names[dealer]} deals)", kind="primary",
                                      height=Sizes.primary())
            self.deal_button.bind(on_release=lambda *_: controller.perform(Action(ActionType.DEAL)))
            side.add_widget(self.deal_button)
            self.end_button = MuttsChoice("End the evening", height=Sizes.row())
            self.end_button.bind(on_release=lambda *_: controller.perform(Action(ActionType.END_EVENING)))
            side.add_widget(self.end_button)
        side.add_widget(Hint("Fewest cards left over is best: the lowest total is the top dog."))
        side.add_widget(Widget())
        below.add_widget(side)
        self.add_widget(below)


class NameCell(Filled, BoxLayout):
    """A player's shape and whole name at the head of their row."""

    def __init__(self, player, top_dog: bool, **kwargs):
        super().__init__(padding=[dp(4), 0], spacing=dp(6), **kwargs)
        self.paint(theme.SURFACE)
        identity = player.identity
        side = Sizes.wide(dp(24))
        self.add_widget(Shape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb), size_hint=(None, None),
                              size=(side, side), pos_hint={"center_y": 0.5}))
        self.name = fitted(player.name, Fonts.table(), bold=top_dog, halign="left")
        self.add_widget(self.name)
