"""The end of the game: the winner or winners, every total and how it was made."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from ui import theme
from ui.games.mix_the_mutts.widgets import SeatName, points_word
from ui.widgets.basics import Panel, Text
from ui.widgets.count import Count


def breakdown(stack: dict[str, int], values: dict[str, int], junior: bool) -> str:
    """How a total was made, breed by breed, with the values the game was played with ("3 pug × 3 =
    9"). The spaces inside one breed's sum are non-breaking, so a line only breaks between breeds."""
    held = [(breed, count) for breed, count in stack.items() if count]
    if not held:
        return "No dogs scored"
    if junior:
        return "One point per card: " + "\u00a0· ".join(f"{count}\u00a0{breed}" for breed, count in held)
    # The dot keeps to the breed before it, so a wrapped line never starts with one.
    sums = (f"{count} {breed} × {values[breed]} = {count * values[breed]}" for breed, count in held)
    return "\u00a0\u00a0·  ".join(text.replace(" ", "\u00a0") for text in sums)


class EndView(BoxLayout):
    """Totals, biggest first, with the winner or winners (a tie shares the win) said in words, and
    how each total was made: the cards of each breed times that breed's value, so the values the game
    was played with (the family's own, if they changed them) are there to check. Every row is on
    screen at once when the sums fit; a long one makes its row taller and the rows scroll, never cut."""

    def __init__(self, controller, summary: dict, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(6), **kwargs)
        players = controller.players
        junior = summary["scoring"].startswith("junior")
        outcome = controller.outcome
        names = outcome.winner_names
        if len(names) == 1:
            headline = f"{names[0]} wins!"
        else:
            headline = f"{' and '.join(names)} share the win!"
        self.headline = Text(text=headline, font_size=theme.FONT_TITLE * 1.1, bold=True, color=theme.OK,
                             halign="center")
        self.add_widget(self.headline)
        # Best place first; seats sharing a place keep their seat order.
        ranked = sorted(outcome.standings, key=lambda standing: standing.place)
        self.list = BoxLayout(orientation="vertical", spacing=dp(6), size_hint_y=None)
        self.rows: dict[int, Panel] = {}
        self.details: dict[int, Label] = {}
        for standing in ranked:
            seat = standing.seat
            entry = summary["players"][seat]
            won = seat in outcome.winners
            row = Panel(padding=[dp(8), dp(4)], spacing=dp(8), size_hint_y=None)
            if won:
                row.fill = theme.SURFACE_HIGH
            row.add_widget(SeatName(players[seat], bold=won, size_hint_x=0.27))
            row.add_widget(Count(points_word(junior, standing.score), standing.score, beside=True, size_hint_x=0.19,
                                 secondary="the game is over: the totals are read once, beside how each was made"))
            # The sums are there to check a total up close; the names and totals are read from the seats.
            detail = Label(text=breakdown(entry["scoring_stack"], summary["card_values"], junior),
                           font_size=theme.FONT_SMALL, color=theme.TEXT, halign="left", valign="middle",
                           size_hint_x=0.54)
            detail.fine_print = True
            detail.bind(width=lambda label, width: setattr(label, "text_size", (width, None)),
                        texture_size=self._fit)
            row.add_widget(detail)
            self.rows[seat] = row
            self.details[seat] = detail
            self.list.add_widget(row)
        self.scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        self.scroll.add_widget(self.list)
        self.scroll.bind(height=self._fit)
        self.add_widget(self.scroll)

    def _fit(self, *_):
        """Rows share the room evenly; a row whose sums need more lines grows to them."""
        rows = list(self.rows.values())
        gaps = self.list.spacing * (len(rows) - 1)
        share = (self.scroll.height - gaps) / max(1, len(rows))
        for seat, row in self.rows.items():
            needed = self.details[seat].texture_size[1] + row.padding[1] + row.padding[3] + dp(4)
            row.height = max(share, needed, theme.TOUCH)
        self.list.height = sum(row.height for row in rows) + gaps
