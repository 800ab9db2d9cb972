"""The small pieces of the Mix-the-Mutts table: a player's whole name with their shape, counts with
their captions, a scoring stack by breed, a player's card.

Sized for the 7" panel with four players and long names: names wrap instead of being cut, hand
sizes and the card pile are key numbers (about 10 mm tall), points are secondary."""

from __future__ import annotations

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme
from ui.widgets.basics import Panel
from ui.widgets.symbols import SymbolShape

# A bold digit is about 0.6 of its font size wide; a number's box is sized from that.
DIGIT_WIDTH = 0.62
# A caption beside a number keeps at least this much width when the number grows (a table-sized
# "in hand" on one line).
CAPTION_ROOM = dp(90)


def stack_line(stack: dict[str, int]) -> str:
    held = [f"{breed} {count}" for breed, count in stack.items() if count]
    return " · ".join(held) if held else "no dogs yet"


def stack_count(stack: dict[str, int]) -> str:
    cards = sum(stack.values())
    breeds = sum(1 for count in stack.values() if count)
    if not cards:
        return "no dogs yet"
    return f"{cards} cards of {breeds} breed{'s' if breeds != 1 else ''}"


def points_word(junior: bool, count: int) -> str:
    if junior:
        return "card" if count == 1 else "cards"
    return "point" if count == 1 else "points"


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


class Figure(BoxLayout):
    """A count with its caption beside it (or under it). A key figure is one the family acts on (hand
    sizes, the card pile): key-number size on the 7" panel, bigger where there is room. The number's
    box is always as tall as its digits need and as wide as its digits, so it is never cut."""

    def __init__(self, caption: str, value, *, key: bool = True, font_size=None, under: bool = False,
                 caption_font=theme.FONT_TABLE, caption_halign: str = "left", **kwargs):
        super().__init__(orientation="vertical" if under else "horizontal", spacing=dp(2 if under else 6), **kwargs)
        self.base = font_size or (theme.FONT_KEY_NUMBER if key else theme.FONT_NUMBER)
        self.number = Label(text=str(value), font_size=self.base, bold=True, color=theme.TEXT,
                            halign="center" if under else "right", valign="middle")
        self.number.key_number = key
        self.caption = Label(text=caption, font_size=caption_font, color=theme.TEXT_DIM,
                             halign="center" if under else caption_halign, valign="middle")
        self.caption.bind(size=lambda label, size: setattr(label, "text_size", (size[0], None)))
        if under:
            # The digits sit on their caption; spare height goes above them.
            self.caption.size_hint_y, self.caption.height = None, caption_font * 1.35
            self.number.size_hint_y = None
            self.add_widget(Widget())
        else:
            self.number.size_hint_x = None
        self.add_widget(self.number)
        self.add_widget(self.caption)
        self.bind(size=self._scale)
        self.number.bind(size=self._scale)
        self._scale()

    def _scale(self, *_):
        label = self.number
        digits = max(1, len(label.text))
        under = self.orientation == "vertical"
        # Spare room (1280x720, few players) goes into the number so it reads from further away.
        tall = self.height - self.caption.height - 2 * self.spacing if under else label.height
        across = label.width if under else self.width - CAPTION_ROOM
        room = min(tall * 0.8, self.base * 1.8, (across - dp(6)) / (DIGIT_WIDTH * digits))
        label.font_size = max(self.base, room)
        if under:
            label.height = max(0, min(tall, label.font_size * 1.25))
        else:
            label.width = DIGIT_WIDTH * label.font_size * digits + dp(6)
        label.text_size = label.size


class StackLine(Label):
    """A scoring stack by breed; where the breeds do not fit the room, how many cards of how many
    breeds (never a cut line)."""

    def __init__(self, stack: dict[str, int], full: str | None = None, **kwargs):
        kwargs.setdefault("font_size", theme.FONT_TABLE)
        kwargs.setdefault("color", theme.TEXT_DIM)
        kwargs.setdefault("halign", "center")
        kwargs.setdefault("valign", "middle")
        cards = sum(stack.values())
        fewest = f"{cards} card{'s' if cards != 1 else ''}" if cards else stack_count(stack)
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
    # Points are read, not acted on: well under the hand size, well over the captions.
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
        self.hand = Figure("in hand", entry["hand"])
        word = points_word(junior, total)
        self.total = Figure(word, total, key=False, under=True, font_size=self.POINTS_FONT,
                            size_hint_x=None, width=max(text_width(word, theme.FONT_TABLE),
                                                        DIGIT_WIDTH * self.POINTS_FONT * len(str(total)))
                            + dp(6))
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


def text_width(text: str, font_size) -> float:
    """How wide a one-line text is drawn, so a box can be sized to hold it whole."""
    label = CoreLabel(text=text, font_size=font_size)
    label.refresh()
    return label.texture.size[0] if label.texture else 0
