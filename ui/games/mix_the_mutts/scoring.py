"""After a tile is connected: the scoring grid, where each player taps the new dogs they score
and the active player taps *Finish turn*."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.actions import Action
from companion.games.mix_the_mutts.state import ActionType
from ui import theme
from ui.games.mix_the_mutts.widgets import points_word
from ui.widgets.basics import BigButton, Panel
from ui.widgets.symbols import SymbolShape

SCORE, SCORED = "Score", "Scored"
# The grid's rows, top down: names (as tall as the Finish turn button beside them), hand sizes (key
# numbers), points; then one row per new dog.
NAME_ROW = theme.TOUCH_BIG
HAND_ROW = dp(88)
POINTS_ROW = dp(36)


def dog_pair(head: str, tail: str) -> str:
    """A new dog as the two breeds its cards show, one a line: short enough for the grid's first column."""
    return f"purebreed\n{head}" if head == tail else f"{head}\n+ {tail}"


class ScoringGrid(BoxLayout):
    """After a tile: one row per new dog, one column per player; a tap records that player scoring
    it. The first column holds *Finish turn* and says what each header row counts, like a score
    sheet, so every column has its whole width for the player's whole name, table-sized."""

    def __init__(self, controller, summary: dict, on_finish, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(6), **kwargs)
        players = controller.players
        entries = summary["players"]
        scores = controller.outcome.scores
        junior = summary["scoring"].startswith("junior")
        label_width = dp(124)
        header = BoxLayout(size_hint_y=None, height=NAME_ROW + HAND_ROW + POINTS_ROW + dp(4), spacing=dp(4))
        self.header = header
        corner = BoxLayout(orientation="vertical", size_hint_x=None, width=label_width, padding=[0, dp(2)])
        self.finish_button = BigButton(text="Finish turn", kind="primary", height=NAME_ROW)
        self.finish_button.bind(on_release=lambda *_: on_finish())
        corner.add_widget(self.finish_button)
        for caption, height in (("cards in hand", HAND_ROW), (points_word(junior, 2), POINTS_ROW)):
            label = Label(text=caption, font_size=theme.FONT_TABLE, color=theme.TEXT_DIM, halign="right",
                          valign="middle", size_hint_y=None, height=height)
            label.bind(size=lambda lab, size: setattr(lab, "text_size", size))
            corner.add_widget(label)
        header.add_widget(corner)
        self.hands: list[Label] = []
        self.totals: list[Label] = []
        self.columns: list[Panel] = []
        for seat, entry in enumerate(entries):
            active = seat == summary["turn"]
            column = Panel(orientation="vertical", padding=[dp(2), dp(2)], spacing=0)
            if active:
                column.fill = theme.SURFACE_HIGH
            name = Label(text=players[seat].name, font_size=theme.FONT_TABLE, bold=active, color=theme.TEXT,
                         halign="center", valign="middle", size_hint_y=None, height=NAME_ROW)
            name.bind(size=lambda lab, size: setattr(lab, "text_size", (size[0], None)))
            column.add_widget(name)
            hand_row = BoxLayout(size_hint_y=None, height=HAND_ROW, spacing=dp(4))
            identity = players[seat].identity
            hand_row.add_widget(Widget())
            hand_row.add_widget(SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb),
                                            size_hint=(None, None), size=(dp(26), dp(26)),
                                            pos_hint={"center_y": 0.5}))
            hand = Label(text=str(entry["hand"]), font_size=theme.FONT_KEY_NUMBER, bold=True, color=theme.TEXT,
                         halign="center", valign="middle", size_hint_x=None)
            hand.key_number = True
            hand.bind(texture_size=lambda lab, size: setattr(lab, "width", size[0]))
            hand_row.add_widget(hand)
            hand_row.add_widget(Widget())
            column.add_widget(hand_row)
            total = Label(text=str(scores[seat]), font_size=theme.FONT_TITLE, bold=True, color=theme.TEXT,
                          halign="center", valign="middle", size_hint_y=None, height=POINTS_ROW)
            column.add_widget(total)
            self.hands.append(hand)
            self.totals.append(total)
            self.columns.append(column)
            header.add_widget(column)
        self.add_widget(header)
        rows = GridLayout(cols=1, size_hint_y=None, spacing=dp(6))
        rows.bind(minimum_height=rows.setter("height"))
        self.rows = rows
        self.buttons: dict[tuple[int, int], BigButton] = {}
        for index, (head, tail) in enumerate(summary["new_dogs"]):
            row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=dp(4))
            # Read by whoever is about to tap Score in this row; the dogs are on the tile itself too.
            name = Label(text=dog_pair(head, tail), font_size=theme.FONT_BODY, color=theme.TEXT, halign="left",
                         valign="middle", size_hint_x=None, width=label_width)
            name.fine_print = True
            name.bind(size=lambda lab, size: setattr(lab, "text_size", size))
            row.add_widget(name)
            for seat, entry in enumerate(entries):
                done = sum(1 for dog in entry["scored_this_turn"] if dog == [head, tail]) > \
                    sum(1 for other in summary["new_dogs"][:index] if other == [head, tail])
                # The label says what a tap does until it is done, then that it is done.
                button = BigButton(text=SCORED if done else SCORE, kind="ok" if done else "normal",
                                   font_size=theme.FONT_BODY)
                button.bind(on_release=lambda _, s=seat, h=head, t=tail:
                            controller.perform(Action(ActionType.SCORE, s, {"head": h, "tail": t})))
                self.buttons[(index, seat)] = button
                row.add_widget(button)
            rows.add_widget(row)
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(rows)
        self.add_widget(scroll)
        self.bind(height=self._fit)

    def _fit(self, *_):
        """A bigger screen gives the dogs' rows more room; the 7" panel keeps two of them under the
        header, more scroll."""
        rows = self.rows.children
        room = (self.height - self.header.height - self.spacing) / max(2, len(rows)) - self.rows.spacing[1]
        for row in rows:
            row.height = max(theme.TOUCH, min(room, dp(88)))
