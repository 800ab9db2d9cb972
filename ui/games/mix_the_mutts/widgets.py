"""The small pieces of the Mix-the-Mutts table: a player's whole name with their shape, a scoring
stack by breed, a player's card (counts are ui/widgets' Count).

Sized for the 7" panel with four players and long names: names wrap instead of being cut, hand
sizes, the card pile and the tiles are key numbers (about 10 mm tall), points are secondary."""

from __future__ import annotations

from kivy.graphics import Color, Line
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.words import counted, noun
from ui import theme
from ui.widgets.basics import Panel
from ui.widgets.count import DIGIT_WIDTH, Count
from ui.widgets.symbols import SymbolShape
from ui.widgets.text import text_width

# Why a player's points are not a key number: no turn acts on them, and the end screen gives every
# total and how it was made.
POINTS_ARE_SECONDARY = "points are added up for the end; hands and the card pile are what a turn acts on"


def stack_line(stack: dict[str, int]) -> str:
    held = [f"{breed} {count}" for breed, count in stack.items() if count]
    return " · ".join(held) if held else "no dogs yet"


def stack_count(stack: dict[str, int]) -> str:
    cards = sum(stack.values())
    breeds = sum(1 for count in stack.values() if count)
    if not cards:
        return "no dogs yet"
    return f"{counted(cards, 'card')} of {counted(breeds, 'breed')}"


def points_word(junior: bool, count: int) -> str:
    return noun(count, "card" if junior else "point")


class SeatName(BoxLayout):
    """A player's shape in their colour beside their whole name. A long name wraps onto a second
    line rather than being cut, so give it room for two lines where names can be long."""

    def __init__(self, player, *, font_size=theme.FONT_TABLE, bold: bool = False, symbol: float = dp(28),
                 halign: str = "left", **kwargs):
        kwargs.setdefault("spacing", dp(6))
        super().__init__(**kwargs)
        self.player = player
        identity = player.identity
        self.symbol = SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb), size_hint=(None, None),
                                  size=(symbol, symbol), pos_hint={"center_y": 0.5})
        self.label = Label(text=player.name, font_size=font_size, bold=bold, color=theme.TEXT, halign=halign,
                           valign="middle")
        self.label.bind(width=lambda label, width: setattr(label, "text_size", (width, None)))
        self.add_widget(self.symbol)
        self.add_widget(self.label)


class StackLine(Label):
    """A scoring stack by breed; where the breeds do not fit the room, how many cards of how many
    breeds (never a cut line)."""

    def __init__(self, stack: dict[str, int], full: str | None = None, **kwargs):
        kwargs.setdefault("font_size", theme.FONT_TABLE)
        kwargs.setdefault("color", theme.TEXT_DIM)
        kwargs.setdefault("halign", "center")
        kwargs.setdefault("valign", "middle")
        cards = sum(stack.values())
        fewest = counted(cards, "card") if cards else stack_count(stack)
        self.forms = (full or stack_line(stack), stack_count(stack), fewest)
        super().__init__(text=self.forms[0], **kwargs)
        self.bind(size=self._fit)

    def _fit(self, *_):
        self.text_size = (self.width, None)
        for form in self.forms:
            self.text = form
            self.texture_update()
            if self.texture_size[1] <= self.height:
                return


class PlayerCard(Panel):
    """One seat: the player's whole name, their hand size (a key number) with its caption beside it,
    their points (`total`, from the game's outcome), and their scoring stack by breed, all read from across the table. The seat whose
    turn it is is lit and outlined, so the turn is seen on the seat itself. On a big card (few
    players, a big screen) the numbers stay together in its middle."""

    NUMBERS_AT_MOST = dp(200)
    # Well under the hand size, well over the captions.
    POINTS_FONT = sp(36)

    def __init__(self, player, entry: dict, total: int, *, active: bool, junior: bool, **kwargs):
        super().__init__(orientation="vertical", padding=dp(6), spacing=0, **kwargs)
        if active:
            self.fill = theme.SURFACE_HIGH
            with self.canvas.after:
                Color(*theme.ACCENT)
                self._outline = Line(width=dp(2))
            self.bind(pos=self._draw_outline, size=self._draw_outline)
        self.name = SeatName(player, bold=active, size_hint_y=None, height=dp(34))
        self.name.label.bind(texture_size=self._fit)
        self.add_widget(self.name)
        self.add_widget(Widget())
        self.numbers = BoxLayout(spacing=dp(4), size_hint_y=None)
        self.hand = Count("in hand", entry["hand"], beside=True)
        word = points_word(junior, total)
        self.total = Count(word, total, secondary=POINTS_ARE_SECONDARY, font_size=self.POINTS_FONT,
                           size_hint_x=None, width=max(text_width(word, theme.FONT_TABLE),
                                                       DIGIT_WIDTH * self.POINTS_FONT * len(str(total))) + dp(6))
        self.numbers.add_widget(self.hand)
        self.numbers.add_widget(self.total)
        self.add_widget(self.numbers)
        self.add_widget(Widget())
        self.stack = StackLine(entry["scoring_stack"], size_hint_y=None, height=dp(33))
        self.add_widget(self.stack)
        self.bind(height=self._fit)

    def _draw_outline(self, *_):
        self._outline.rounded_rectangle = (self.x + dp(1), self.y + dp(1), self.width - dp(2), self.height - dp(2),
                                           theme.RADIUS)

    def _fit(self, *_):
        # A name too long for one line takes a second one; the numbers have the rest.
        self.name.height = max(dp(34), self.name.label.texture_size[1] + dp(2))
        room = self.height - self.padding[1] - self.padding[3] - self.name.height - self.stack.height
        self.numbers.height = max(0, min(room, self.NUMBERS_AT_MOST))
