"""Pieces of the That's Ruff! table: the card suits drawn as symbols (blue dish, red hydrant, black
paw), cards as tappable chips, the shaded counts, and each dog's loop of 15 spaces."""

from __future__ import annotations

import math

from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme
from ui.widgets.symbols import draw_shape, fan, polygon_points

# Card colours are never shown alone: each suit also has a word and a drawn symbol.
SUIT_FILL = {"blue": (0.16, 0.38, 0.78, 1), "red": (0.80, 0.16, 0.16, 1), "black": (0.06, 0.06, 0.07, 1),
             "wild": (0.45, 0.30, 0.62, 1)}
DISC = (0.98, 0.80, 0.20, 1)
DISC_EDGE = (0.35, 0.22, 0.0, 1)
WHITE = (1, 1, 1, 1)
SHADED = (1, 2, 4, 8, 16, 32)
SPACES, HOUSE = 15, 14


def card_suit(card: dict | None) -> str:
    if not card:
        return "wild"
    return "wild" if card.get("wild") else card["colour"]


def card_text(card: dict | None) -> str:
    """What a chip prints large: the number, or W for a Wild Dog not yet declared."""
    if card is None:
        return "?"
    if card.get("wild"):
        return str(card["number"]) if "number" in card else "W"
    return str(card["number"])


def draw_suit(suit: str, x: float, y: float, size: float, rgba=WHITE) -> None:
    """Draw the suit's symbol into the current canvas inside the square (x, y, size)."""
    Color(*rgba)
    s = size
    if suit == "blue":            # a dog's dish: a bowl with a rim
        Ellipse(pos=(x + s * 0.08, y + s * 0.12), size=(s * 0.84, s * 0.7), angle_start=90, angle_end=270)
        Rectangle(pos=(x + s * 0.02, y + s * 0.44), size=(s * 0.96, s * 0.1))
        Rectangle(pos=(x + s * 0.3, y + s * 0.1), size=(s * 0.4, s * 0.08))
    elif suit == "red":           # a fire hydrant: cap, body, side nozzles, base
        Ellipse(pos=(x + s * 0.28, y + s * 0.6), size=(s * 0.44, s * 0.34), angle_start=-90, angle_end=90)
        Rectangle(pos=(x + s * 0.3, y + s * 0.14), size=(s * 0.4, s * 0.64))
        Rectangle(pos=(x + s * 0.12, y + s * 0.44), size=(s * 0.76, s * 0.14))
        Rectangle(pos=(x + s * 0.2, y + s * 0.04), size=(s * 0.6, s * 0.12))
    elif suit == "black":         # a paw print: one pad, four toes
        Ellipse(pos=(x + s * 0.24, y + s * 0.06), size=(s * 0.52, s * 0.44))
        for cx, cy in ((0.14, 0.52), (0.36, 0.72), (0.64, 0.72), (0.86, 0.52)):
            Ellipse(pos=(x + s * (cx - 0.11), y + s * (cy - 0.12)), size=(s * 0.22, s * 0.26))
    else:                         # a Wild Dog: a star
        fan(x + s / 2, y + s / 2, polygon_points(x + s / 2, y + s / 2, s * 0.5, 5, inner=0.45))


def draw_disc(cx: float, cy: float, radius: float) -> None:
    Color(*DISC)
    Ellipse(pos=(cx - radius, cy - radius), size=(2 * radius, 2 * radius))
    Color(*DISC_EDGE)
    Line(circle=(cx, cy, radius), width=1.3)
    Line(circle=(cx, cy, radius * 0.55), width=1)


def draw_identity(shape: str, cx: float, cy: float, radius: float, rgba) -> None:
    """A player's identity shape, exactly as everywhere else in the app, at any point of a canvas."""
    draw_shape(shape, cx, cy, radius, rgba, (0, 0, 0, 0.9))


def placed_label(parent: Widget, font_size, bold=False, color=theme.TEXT) -> Label:
    label = Label(font_size=font_size, bold=bold, color=color, halign="center", valign="middle",
                  size_hint=(None, None))
    parent.add_widget(label)
    return label


class CardChip(ButtonBehavior, Widget):
    """A card as it lies on the table: number large, suit symbol and word small. Tap to select."""

    selected = BooleanProperty(False)
    dimmed = BooleanProperty(False)

    def __init__(self, card: dict | None, **kwargs):
        kwargs.setdefault("size_hint", (None, None))
        kwargs.setdefault("size", (dp(58), dp(64)))
        super().__init__(**kwargs)
        self.card = card
        self.suit = card_suit(card)
        self.number = placed_label(self, sp(24), bold=True)
        self.number.text = card_text(card)
        self.word = placed_label(self, sp(12))
        self.word.text = "face down" if card is None else ("wild" if card.get("wild") else card["colour"])
        self.bind(pos=self._draw, size=self._draw, selected=self._draw, dimmed=self._draw, state=self._draw)
        self._draw()

    def _draw(self, *_):
        x, y = self.pos
        w, h = self.size
        self.canvas.before.clear()
        fill = SUIT_FILL[self.suit] if self.card is not None else theme.SURFACE_HIGH
        with self.canvas.before:
            Color(*fill)
            RoundedRectangle(pos=self.pos, size=self.size, radius=[dp(6)])
            Color(*((1, 0.85, 0.2, 1) if self.selected else (1, 1, 1, 0.7)))
            Line(rounded_rectangle=(x + 1, y + 1, w - 2, h - 2, dp(6)), width=dp(3) if self.selected else 1.2)
            if self.card is not None:
                symbol = min(w, h) * 0.3
                draw_suit(self.suit, x + w - symbol - dp(4), y + h - symbol - dp(4), symbol)
            if self.dimmed:
                Color(0, 0, 0, 0.45)
                RoundedRectangle(pos=self.pos, size=self.size, radius=[dp(6)])
        small = h < dp(52)
        self.word.opacity = 0 if small else 1
        self.number.font_size = max(sp(14), min(sp(26), h * (0.5 if small else 0.4)))
        self.number.text_size = (None, None)
        self.number.texture_update()
        self.number.size = self.number.texture_size
        self.number.pos = (x + dp(3), y + (h * 0.08 if small else h * 0.36))
        self.word.size = (w, h * 0.3)
        self.word.text_size = (w - dp(4), None)
        self.word.pos = (x, y + dp(2))


class SuitButton(ButtonBehavior, Widget):
    """A colour button for the card pad: fill, symbol and word, so the colour is never the only clue."""

    chosen = BooleanProperty(False)

    def __init__(self, suit: str, text: str, **kwargs):
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", theme.TOUCH)
        super().__init__(**kwargs)
        self.suit = suit
        self.label = placed_label(self, theme.FONT_SMALL, bold=True)
        self.label.text = text
        self.bind(pos=self._draw, size=self._draw, chosen=self._draw, state=self._draw)
        self._draw()

    @property
    def text(self) -> str:
        return self.label.text

    def _draw(self, *_):
        x, y = self.pos
        w, h = self.size
        self.canvas.before.clear()
        fill = SUIT_FILL[self.suit]
        if self.state == "down":
            fill = tuple(min(1, c + 0.15) for c in fill[:3]) + (1,)
        with self.canvas.before:
            Color(*fill)
            RoundedRectangle(pos=self.pos, size=self.size, radius=[theme.RADIUS])
            Color(*((1, 0.85, 0.2, 1) if self.chosen else (1, 1, 1, 0.5)))
            Line(rounded_rectangle=(x + 2, y + 2, w - 4, h - 4, theme.RADIUS),
                 width=dp(4) if self.chosen else 1.2)
            symbol = min(h * 0.55, w * 0.3)
            draw_suit(self.suit, x + dp(8), y + (h - symbol) / 2, symbol)
        self.label.size = (w - symbol - dp(18), h)
        self.label.text_size = self.label.size
        self.label.pos = (x + symbol + dp(14), y)
        self.label.halign = "left"


class ShadedCounts(Widget):
    """The shaded counts 1, 2, 4, 8, 16 and 32: reaching one moves the dog 2. The one just reached
    is lit, the next one ahead is outlined."""

    count = NumericProperty(0)

    def __init__(self, **kwargs):
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", dp(30))
        super().__init__(**kwargs)
        self.labels = [placed_label(self, sp(15), bold=True) for _ in SHADED]
        for label, value in zip(self.labels, SHADED):
            label.text = str(value)
        self.bind(pos=self._draw, size=self._draw, count=self._draw)
        self._draw()

    def _draw(self, *_):
        self.canvas.before.clear()
        gap = dp(4)
        w = (self.width - gap * (len(SHADED) - 1)) / len(SHADED)
        ahead = next((value for value in SHADED if value > self.count), None)
        with self.canvas.before:
            for index, value in enumerate(SHADED):
                x = self.x + index * (w + gap)
                reached = value == self.count
                Color(*((1, 0.85, 0.2, 1) if reached else (0.38, 0.40, 0.46, 1)))
                RoundedRectangle(pos=(x, self.y), size=(w, self.height), radius=[dp(5)])
                if value == ahead:
                    Color(*theme.ACCENT)
                    Line(rounded_rectangle=(x + 1, self.y + 1, w - 2, self.height - 2, dp(5)), width=dp(2))
                label = self.labels[index]
                label.color = theme.ACCENT_TEXT if reached else (theme.TEXT if value > self.count else theme.TEXT_DIM)
                label.pos, label.size = (x, self.y), (w, self.height)


class BoardWidget(Widget):
    """One dog's loop: spaces 0..13 and the dog house, clockwise from the house at the top. Shows the
    dog's token (its player's shape and the dog's initial), the discs on the path and the discs
    kept in the house."""

    board = ListProperty([])  # [summary board dict] so a change of any field redraws

    def __init__(self, identities, **kwargs):
        super().__init__(**kwargs)
        self.identities = identities  # per seat: players' Identity
        self.space_labels = [placed_label(self, sp(12), bold=True, color=theme.TEXT_DIM) for _ in range(14)]
        self.house_label = placed_label(self, sp(11), bold=True)
        self.house_label.text = "house"
        self.dog_label = placed_label(self, sp(17), bold=True)
        self.names_label = placed_label(self, sp(13), color=theme.TEXT_DIM)
        self.discs_label = placed_label(self, sp(14), bold=True)
        self.token_label = placed_label(self, sp(15), bold=True, color=theme.ACCENT_TEXT)
        self.bind(pos=self._draw, size=self._draw, board=self._draw)

    def show(self, board: dict) -> None:
        self.board = [board]

    def space_centre(self, space: int, radius: float) -> tuple[float, float]:
        # The house sits at the top; the dogs walk clockwise from it through 0, 1, ... 13.
        angle = math.pi / 2 - 2 * math.pi * (space + 1) / SPACES
        return self.center_x + radius * math.cos(angle), self.center_y + radius * math.sin(angle)

    def _draw(self, *_):
        self.canvas.before.clear()
        if not self.board:
            return
        board = self.board[0]
        ring = max(dp(20), min(self.width, self.height) / 2 - dp(4))
        dot = min(ring * math.sin(math.pi / SPACES) * 0.92, dp(22))
        ring -= dot
        identity = self.identities[board["seats"][0]]
        with self.canvas.before:
            Color(0.30, 0.32, 0.37, 1)
            Line(circle=(self.center_x, self.center_y, ring), width=dp(2))
            for space in range(SPACES):
                cx, cy = self.space_centre(space, ring)
                if space == HOUSE:
                    self._draw_house(cx, cy, dot * 1.2, board["in_dog_house"])
                    continue
                Color(*theme.SURFACE_HIGH)
                Ellipse(pos=(cx - dot, cy - dot), size=(2 * dot, 2 * dot))
                if space in board["discs_on_path"]:
                    draw_disc(cx, cy, dot)
            cx, cy = self.space_centre(board["position"], ring)
            draw_identity(identity.symbol, cx, cy, dot * 1.25, theme.with_alpha(identity.rgb))
            house_discs = min(board["discs_in_house"], 6)
            small = min(dp(11), ring * 0.09)
            for index in range(house_discs):
                draw_disc(self.center_x + (index - (house_discs - 1) / 2) * small * 2.3,
                          self.center_y - ring * 0.45, small)
        for space, label in enumerate(self.space_labels):
            cx, cy = self.space_centre(space, ring)
            label.text = "" if space == board["position"] else str(space)
            label.color = DISC_EDGE if space in board["discs_on_path"] else theme.TEXT
            label.font_size = max(sp(9), min(sp(15), dot * 1.05))
            label.size = (dot * 2, dot * 2)
            label.center = (cx, cy)
        hx, hy = self.space_centre(HOUSE, ring)
        self.house_label.text = "" if board["in_dog_house"] else "house"
        self.house_label.font_size = max(sp(8), min(sp(12), dot * 0.7))
        self.house_label.size = (dot * 3, dot)
        self.house_label.center = (hx, hy - dot * 0.35)
        tx, ty = self.space_centre(board["position"], ring)
        self.token_label.text = board["dog"][0]
        self.token_label.color = theme.readable_text_on(identity.rgb)
        self.token_label.font_size = max(sp(10), min(sp(18), dot * 1.2))
        self.token_label.size = (dot * 2, dot * 2)
        self.token_label.center = (tx, ty - dot * 0.08)
        inner = 2 * (ring - dot) * 0.95
        for label, text, y in ((self.dog_label, board["dog"], 0.3), (self.names_label, " & ".join(board["names"]), 0.06),
                               (self.discs_label, _house_line(board), -0.2)):
            label.text = text
            label.size = (inner, ring * 0.3)
            label.text_size = (inner, None)
            label.shorten = True
            label.center = (self.center_x, self.center_y + ring * y)
        self.dog_label.font_size = max(sp(11), min(sp(22), ring * 0.24))
        self.names_label.font_size = max(sp(10), min(sp(16), ring * 0.16))
        self.discs_label.font_size = max(sp(10), min(sp(16), ring * 0.16))

    def _draw_house(self, cx, cy, size, occupied):
        Color(*((0.55, 0.36, 0.20, 1) if not occupied else (0.75, 0.52, 0.28, 1)))
        RoundedRectangle(pos=(cx - size, cy - size * 0.9), size=(2 * size, size * 1.3), radius=[dp(3)])
        fan(cx, cy + size * 0.4, [(cx - size * 1.2, cy + size * 0.4), (cx, cy + size * 1.2),
                                   (cx + size * 1.2, cy + size * 0.4)])


def _house_line(board: dict) -> str:
    kept = board["discs_in_house"]
    return f"{kept} in house"
