"""Pieces of the That's Ruff! table: the card suits drawn as symbols (blue dish, red hydrant, black paw,
the Wild Dog's bone), cards to tap (kit choices in their suit's colour) and cards lying on the table,
the shaded counts, a player with what the table waits for them to do, and each dog's path as a strip
of its spaces and the dog house.

The paths are drawn many times over, so their drawings are painted once into textures (ui/widgets/
baked.py): a strip is a handful of rectangles (its spaces, a disc on each space that has one, the dog),
and a card played moves the dog's rectangle rather than drawing the strip again."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics import Color, Ellipse, InstructionGroup, Line, Rectangle, RoundedRectangle
from kivy.graphics.texture import Texture
from kivy.metrics import dp, sp
from kivy.properties import (
    AliasProperty,
    BooleanProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.games.thats_ruff.state import COLOURS, DOGS, HOUSE, SHADED, SPACES, WILD, Card
from companion.players import Identity
from ui import theme
from ui.games.thats_ruff.model import BoardModel
from ui.widgets.baked import baked
from ui.widgets.basics import BigButton
from ui.widgets.choice import Choice
from ui.widgets.count import DIGIT_WIDTH, Count
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge
from ui.widgets.symbols import draw_shape, fan
from ui.widgets.text import line_height, text_texture, text_width

RGBA = Sequence[float]

# Card colours are never shown alone: each suit also has a word and a drawn symbol that no player has.
# The Wild Dog's plum stays apart from the blue for the common kinds of colour blindness too.
SUIT_FILL = {"blue": (0.16, 0.38, 0.78, 1), "red": (0.80, 0.16, 0.16, 1), "black": (0.06, 0.06, 0.07, 1),
             "wild": (0.47, 0.17, 0.37, 1)}
SUIT_SYMBOL = {"blue": "dish", "red": "hydrant", "black": "paw", WILD: "bone"}
# What the card pad calls each suit, the colours in the rule card's order, the Wild Dog last.
SUIT_WORDS = {"blue": "Blue dish", "red": "Red hydrant", "black": "Black paw", WILD: "Wild Dog"}
DISC = (0.98, 0.80, 0.20, 1)
DISC_EDGE = (0.35, 0.22, 0.0, 1)
HOUSE_FILL = (0.55, 0.36, 0.20, 1)
HOUSE_FILL_TAKEN = (0.75, 0.52, 0.28, 1)
TILE = (0.33, 0.35, 0.41, 1)
CHOSEN_EDGE = (1, 0.85, 0.2, 1)
WHITE = (1, 1, 1, 1)
NAMES_WIDTH = dp(206)        # "Bartholomew" or "Jean-Baptiste" in table type on one line beside a shape
STACKED_HEIGHT = dp(72)      # tall enough for the names and the dog on a line of their own above the path
NAME_SYMBOL = dp(26)
CHIP_WORD_LINE = 1.3         # a card's word line, as tall as this times its type


def readable() -> float:
    """The smallest type anything read across the table is drawn in: a space number, a disc count, a
    name (3.5 mm capitals on the 7" panel), as big as the setting makes type now."""
    return float(theme.FONT_TABLE)


def path_type() -> float:
    """The type of the paths' names and numbers, and of the names on the bars under them: the table's,
    but on the 7" panel, where four paths share the height with the head and the pad, the least a word
    read from the seats takes (the same without Larger text)."""
    return float(min(readable(), theme.LEAST_TABLE) if compact() else readable())


def thin_unless(shown: bool, width: float) -> float:
    """A line's width: a line wider than a pixel is drawn through the stencil, slow to paint even when it
    shows nothing, so a line kept for when it shows is a pixel wide meanwhile."""
    return width if shown else 1.0


# ----- sizes -------------------------------------------------------------------------------------------
def compact() -> bool:
    """The 7" panel (800x480): every millimetre is spent on what the family reads and taps."""
    return bool(Window.height < dp(600))


def row_height() -> float:
    """A pad row: the least target (9 mm) on the 7" panel, where the head over the paths needs every
    pixel left, or two lines of the smallest type if taller (a suit's words, with Larger text); a
    child's fingertip on a bigger screen."""
    return float(max(theme.TARGET, 2 * line_height(theme.FONT_SMALL) + dp(2)) if compact() else theme.TOUCH_BIG)


def primary_height() -> float:
    """The button for the expected next step: over 12 mm on the 7" panel."""
    return float(dp(66) if compact() else theme.TOUCH_BIG)


def name_font() -> float:
    """Names on buttons and in popups, read up close by the finger about to tap."""
    return float(theme.FONT_SMALL if compact() else theme.FONT_BODY)


def chip_size() -> tuple[float, float]:
    """A card to tap: over 9 mm each way on the 7" panel, bigger where there is room, wide enough for
    the longest word under its number (a dog's name) whole in the smallest type, and tall enough for
    the number over that word in the smallest type at least (widgets.kv)."""
    words = max(text_width(word, theme.FONT_SMALL, bold=True) for word in (*DOGS, *COLOURS, "wild")) + dp(10)
    tall = dp(5) + theme.FONT_SMALL * CHIP_WORD_LINE + line_height(theme.FONT_SMALL)
    return (max(dp(52), words), max(dp(58), tall)) if compact() else (max(dp(76), words), max(dp(86), tall))


def turn_height() -> float:
    """The line saying whose turn it is: a name in table type beside its shape."""
    return float(max(line_height(readable()), NAME_SYMBOL))


def head_height() -> float:
    """The row over the paths: room for the count and the discs kept as key numbers (10 mm on the 7"
    panel)."""
    return float(dp(90) if compact() else dp(120))


def stacked_height() -> float:
    """The lowest a strip can be with its names on a line of their own above its path."""
    return max(STACKED_HEIGHT, line_height(path_type()) + lowest_strip() + 2 * strip_padding())


def strip_padding() -> float:
    return float(dp(1.5) if compact() else dp(3))


def narrowest_path() -> float:
    """The narrowest a path can be with every space's number whole in table type and a little room
    between two numbers."""
    return float(SPACES * (text_width("13", path_type(), bold=True) + dp(4)))


def lowest_strip() -> float:
    """The lowest a path strip can be with its space numbers and its names in table type, whole."""
    return max(float(dp(33) if compact() else dp(40)), line_height(path_type()) + dp(2))


def fit_popup(popup: ModalView, panel: BoxLayout) -> Callable[..., None]:
    """A popup as tall as what it shows, so the table stays in sight around a short one. Returns the
    fitting, for a popup whose rows change."""
    def fit(*_: Any) -> None:
        rows = panel.children
        height = (sum(row.height for row in rows) + panel.spacing * max(0, len(rows) - 1)
                  + panel.padding[1] + panel.padding[3])
        popup.height = min(Window.height * 0.94, height)

    popup.size_hint_y = None
    for row in panel.children:
        row.bind(height=fit)
    fit()
    return fit


# ----- cards -------------------------------------------------------------------------------------------
def card_suit(card: Card | None) -> str:
    if not card:
        return WILD
    return WILD if card.get("wild") else card["colour"]


def card_text(card: Card | None) -> str:
    """What a card shows large: the number, W for a Wild Dog not yet declared, ? for a hidden card."""
    if card is None:
        return "?"
    if card.get("wild"):
        return str(card["number"]) if "number" in card else "W"
    return str(card["number"])


def card_word(card: Card | None) -> str:
    """What a card says under its number: an 8 names its dog (its colour is in its fill and symbol),
    so two 8s of one colour are told apart."""
    if card is None:
        return "?"
    return "wild" if card.get("wild") else card.get("dog") or card["colour"]


# ----- drawings, each painted once into a texture ------------------------------------------------------
def draw_suit(suit: str, x: float, y: float, size: float, rgba: RGBA = WHITE) -> None:
    """Draw the suit's symbol into the canvas being built, inside the square (x, y, size)."""
    Color(*rgba)
    s = size
    if suit == "blue":            # a dog's dish: a bowl with a rim
        Ellipse(segments=theme.CIRCLE_SEGMENTS, pos=(x + s * 0.08, y + s * 0.12), size=(s * 0.84, s * 0.7), angle_start=90, angle_end=270)
        Rectangle(pos=(x + s * 0.02, y + s * 0.44), size=(s * 0.96, s * 0.1))
        Rectangle(pos=(x + s * 0.3, y + s * 0.1), size=(s * 0.4, s * 0.08))
    elif suit == "red":           # a fire hydrant: cap, body, side nozzles, base
        Ellipse(segments=theme.CIRCLE_SEGMENTS, pos=(x + s * 0.28, y + s * 0.6), size=(s * 0.44, s * 0.34), angle_start=-90, angle_end=90)
        Rectangle(pos=(x + s * 0.3, y + s * 0.14), size=(s * 0.4, s * 0.64))
        Rectangle(pos=(x + s * 0.12, y + s * 0.44), size=(s * 0.76, s * 0.14))
        Rectangle(pos=(x + s * 0.2, y + s * 0.04), size=(s * 0.6, s * 0.12))
    elif suit == "black":         # a paw print: one pad, four toes
        Ellipse(segments=theme.CIRCLE_SEGMENTS, pos=(x + s * 0.24, y + s * 0.06), size=(s * 0.52, s * 0.44))
        for cx, cy in ((0.14, 0.52), (0.36, 0.72), (0.64, 0.72), (0.86, 0.52)):
            Ellipse(segments=theme.CIRCLE_SEGMENTS, pos=(x + s * (cx - 0.11), y + s * (cy - 0.12)), size=(s * 0.22, s * 0.26))
    else:                         # a Wild Dog: a bone
        draw_shape(SUIT_SYMBOL[WILD], x + s / 2, y + s / 2, s * 0.5, rgba, (0, 0, 0, 0))


def draw_disc(cx: float, cy: float, radius: float) -> None:
    Color(*DISC)
    Ellipse(segments=theme.CIRCLE_SEGMENTS, pos=(cx - radius, cy - radius), size=(2 * radius, 2 * radius))
    Color(*DISC_EDGE)
    Line(circle=(cx, cy, radius), width=1.3)
    Line(circle=(cx, cy, radius * 0.55), width=1)


def draw_house(cx: float, cy: float, size: float, occupied: bool) -> None:
    """A dog house centred on (cx, cy), `size` across: walls and a roof."""
    half = size / 2
    Color(*(HOUSE_FILL_TAKEN if occupied else HOUSE_FILL))
    RoundedRectangle(segments=theme.CORNER_SEGMENTS, pos=(cx - half * 0.8, cy - half), size=(size * 0.8, size * 0.62), radius=[dp(2)])
    fan(cx, cy + half * 0.55, [(cx - half, cy + half * 0.2), (cx, cy + half), (cx + half, cy + half * 0.2)])


def draw_identity(shape: str, cx: float, cy: float, radius: float, rgba: RGBA) -> None:
    """A player's identity shape, exactly as everywhere else in the app, at any point of a canvas."""
    draw_shape(shape, cx, cy, radius, rgba, (0, 0, 0, 0.9))


def draw_text(text: str, font_size: float, rgba: RGBA, cx: float, cy: float, bold: bool = True) -> None:
    """Words centred on (cx, cy) in the canvas being built."""
    texture = text_texture(text, font_size, bold=bold, color=rgba)
    Color(1, 1, 1, 1)
    Rectangle(texture=texture, pos=(cx - texture.width / 2, cy - texture.height / 2), size=texture.size)


def suit_picture(suit: str, side: float) -> Texture:
    return baked(("suit", suit), side, side, lambda canvas, w, h: _paint(canvas, lambda: draw_suit(suit, 0, 0, w)))


def disc_picture(space: int, side: float, font: float) -> Texture:
    """A disc lying on a space, with the space's number over it."""
    def paint(canvas: Any, w: float, h: float) -> None:
        def draw() -> None:
            draw_disc(w / 2, h / 2, min(w, h) / 2 - 1)
            draw_text(str(space), font, DISC_EDGE, w / 2, h / 2)
        _paint(canvas, draw)
    return baked(("disc", space, round(font)), side, side, paint)


def token_picture(identity: Identity, initial: str, side: float, font: float) -> Texture:
    """A dog on its path: its player's shape with the dog's initial."""
    def paint(canvas: Any, w: float, h: float) -> None:
        def draw() -> None:
            radius = min(w, h) / 2 - dp(2)
            draw_identity(identity.symbol, w / 2, h / 2, radius, theme.with_alpha(identity.rgb))
            draw_text(initial, font, theme.readable_text_on(identity.rgb), w / 2, h / 2 - radius * 0.05)
        _paint(canvas, draw)
    return baked(("token", identity.key, initial, round(font), theme.high_contrast), side, side, paint)


def _paint(canvas: Any, draw: Callable[[], None]) -> None:
    with canvas:
        draw()


# ----- cards to tap, cards lying on the table -----------------------------------------------------------
def _suit_fill(suit: str, state: str, dimmed: bool) -> list[float]:
    fill = list(SUIT_FILL[suit])
    if dimmed:
        return [channel * 0.55 for channel in fill[:3]] + [1.0]
    if state == "down":
        return theme.pressed(fill)
    return fill


class SuitButton(Choice):
    """A suit on the card pad: its colour's fill, its symbol and its word, so the colour is never the
    only clue. `selected` rings the suit chosen."""

    suit = StringProperty(WILD)
    symbol_texture = ObjectProperty(None, allownone=True)

    def _fill_of_suit(self) -> list[float]:
        return _suit_fill(self.suit, self.state, False)

    fill = AliasProperty(_fill_of_suit, bind=["suit", "state"], cache=False)

    def _symbol_side(self) -> float:
        return float(max(1.0, min(self.height * 0.55, self.width * 0.26)))

    symbol_side = AliasProperty(_symbol_side, bind=["width", "height"], cache=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("text", SUIT_WORDS[kwargs.get("suit", WILD)])
        kwargs.setdefault("font_size", theme.FONT_SMALL)
        kwargs.setdefault("halign", "left")
        super().__init__(**kwargs)
        self.fbind("symbol_side", self._bake)
        self.fbind("suit", self._bake)
        self.fbind("width", self._word_for_width)
        self._bake()

    def _bake(self, *_: Any) -> None:
        self.symbol_texture = suit_picture(self.suit, self.symbol_side)

    def _word_for_width(self, *_: Any) -> None:
        # Narrower than the suit's words need (the 7" panel with Larger text, where the numbers keep
        # their 9 mm): the colour word alone beside the symbol, still never the colour alone.
        whole = self.width >= self.narrowest(self.height)
        self.text = SUIT_WORDS[self.suit] if whole else SUIT_WORDS[self.suit].split()[0]

    @staticmethod
    def narrowest(height: float, colour_word_only: bool = False) -> float:
        """The narrowest a suit `height` tall can be with each word of every suit whole in the smallest
        type beside its symbol (the padding of widgets.kv); or only the colour word, with
        `colour_word_only`."""
        words = max(text_width(word, theme.FONT_SMALL, bold=True) for suit in SUIT_WORDS.values()
                    for word in (suit.split()[:1] if colour_word_only else suit.split()))
        return float(height * 0.55 + dp(10) + words + dp(2) + dp(3))


class CardChip(Choice):
    """A card to tap, in its suit's colour with its symbol: the number large, under it the word (the
    colour, or the dog of an 8). `selected` rings it while it takes part in what the player is doing;
    `dimmed` darkens one that can't take part now, which a tap still explains."""

    card = ObjectProperty(None, allownone=True)
    word = StringProperty("")
    dimmed = BooleanProperty(False)
    symbol_texture = ObjectProperty(None, allownone=True)

    def _card_fill(self) -> list[float]:
        if self.card is None:
            return list(theme.palette.surface_high)
        return _suit_fill(card_suit(self.card), self.state, self.dimmed)

    fill = AliasProperty(_card_fill, bind=["card", "state", "dimmed"], cache=False)

    def _symbol_side(self) -> float:
        return float(max(1.0, min(self.width, self.height) * 0.3))

    symbol_side = AliasProperty(_symbol_side, bind=["width", "height"], cache=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint", (None, None))
        kwargs.setdefault("size", chip_size())
        kwargs.setdefault("halign", "left")
        super().__init__(**kwargs)
        self.fbind("card", self._show)
        self.fbind("symbol_side", self._show)
        self._show()

    def _show(self, *_: Any) -> None:
        card = self.card
        self.text, self.word = card_text(card), card_word(card)
        self.symbol_texture = None if card is None else suit_picture(card_suit(card), self.symbol_side)


class CardFace(Widget):
    """A card as it lies entered (laying out, turning up, a card from the hand): painted once, number
    large, its word under it and its suit's symbol, so a row of them is a rectangle each."""

    card = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint", (None, None))
        kwargs.setdefault("size", chip_size())
        super().__init__(**kwargs)
        with self.canvas:
            Color(1, 1, 1, 1)
            self._picture = Rectangle()
        self.fbind("pos", self._place)
        self.fbind("size", self._draw)
        self.fbind("card", self._draw)
        self._draw()

    def _place(self, *_: Any) -> None:
        self._picture.pos = self.pos

    def _draw(self, *_: Any) -> None:
        card, (w, h) = self.card, self.size
        if card is None or w < 2 or h < 2:
            self._picture.size = (0, 0)
            return
        key = ("card", card_text(card), card_word(card), card_suit(card))
        self._picture.texture = baked(key, w, h, lambda canvas, w, h: _paint(canvas, lambda: _draw_card(card, w, h)))
        self._picture.size = self.size
        self._place()


def _draw_card(card: Card, w: float, h: float) -> None:
    fill = SUIT_FILL[card_suit(card)]
    Color(*fill)
    RoundedRectangle(segments=theme.CORNER_SEGMENTS, pos=(0, 0), size=(w, h), radius=[dp(6)])
    Color(*(0.7 + 0.3 * part for part in fill[:3]), 1)
    Line(rounded_rectangle=(1, 1, w - 2, h - 2, dp(6)), width=1.2)
    symbol = min(w, h) * 0.3
    draw_suit(card_suit(card), w - symbol - dp(4), h - symbol - dp(4), symbol)
    word = theme.FONT_SMALL * 1.25
    number = round(max(readable(), min(h - word, h * 0.45)))
    draw_text(card_text(card), number, WHITE, dp(4) + text_width(card_text(card), number, True) / 2,
              word + (h - word) / 2 - dp(2))
    draw_text(card_word(card), theme.FONT_SMALL, WHITE, w / 2, word / 2 + dp(1), bold=False)


# ----- the shaded counts -------------------------------------------------------------------------------
class ShadedCounts(Widget):
    """The shaded counts 1, 2, 4, 8, 16 and 32 in rows of `per_row`: reaching one moves the dog 2. The
    one just reached is lit, the next one ahead is outlined. Drawn once; the count recolours it."""

    count = NumericProperty(0)
    per_row = NumericProperty(3)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tiles: list[tuple[Color, RoundedRectangle]] = []
        with self.canvas.before:
            for _ in SHADED:
                self.tiles.append((Color(), RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[dp(5)])))
            # The count ahead: an outline of the accent, drawn as the tile over a slightly bigger one.
            self._ahead_colour = Color(0, 0, 0, 0)
            self._ahead = RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[dp(5)])
            self._ahead_fill = Color(0, 0, 0, 0)
            self._ahead_tile = RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[dp(4)])
        self.labels = [Label(text=str(value), bold=True, halign="center", valign="middle", size_hint=(None, None))
                       for value in SHADED]
        for label in self.labels:
            self.add_widget(label)
        self._arrange_soon = Clock.create_trigger(self._arrange, -1)
        self.fbind("pos", self._arrange_soon)
        self.fbind("size", self._arrange_soon)
        self.fbind("per_row", self._arrange_soon)
        self.fbind("count", self._light)
        theme.palette.bind(version=self._light)
        self._arrange()

    def _boxes(self) -> list[tuple[float, float, float, float]]:
        gap, per_row = dp(4), int(self.per_row)
        rows = -(-len(SHADED) // per_row)
        w = (self.width - gap * (per_row - 1)) / per_row
        h = (self.height - gap * (rows - 1)) / rows
        boxes = []
        for index in range(len(SHADED)):
            row, col = divmod(index, per_row)
            boxes.append((self.x + col * (w + gap), self.top - (row + 1) * h - row * gap, w, h))
        return boxes

    def _arrange(self, *_: Any) -> None:
        for (x, y, w, h), (_, tile), label in zip(self._boxes(), self.tiles, self.labels):
            tile.pos, tile.size = (x, y), (w, h)
            label.font_size = round(max(readable(), min(h * 0.55, w * 0.4)))
            label.pos, label.size = (x, y), (w, h)
            label.text_size = (w, h)
        self._light()

    def _light(self, *_: Any) -> None:
        ahead = next((index for index, value in enumerate(SHADED) if value > self.count), None)
        for (colour, _), label, value in zip(self.tiles, self.labels, SHADED):
            reached = value == self.count
            colour.rgba = CHOSEN_EDGE if reached else (0.38, 0.40, 0.46, 1)
            label.color = theme.ACCENT_TEXT if reached else (theme.TEXT if value > self.count else theme.TEXT_DIM)
        if ahead is None:
            self._ahead_colour.rgba = self._ahead_fill.rgba = (0, 0, 0, 0)
            return
        x, y, w, h = self._boxes()[ahead]
        self._ahead_colour.rgba = theme.palette.accent
        self._ahead_fill.rgba = self.tiles[ahead][0].rgba
        self._ahead.pos, self._ahead.size = (x, y), (w, h)
        self._ahead_tile.pos, self._ahead_tile.size = (x + dp(2), y + dp(2)), (w - dp(4), h - dp(4))


# ----- players ------------------------------------------------------------------------------------------
class SeatDoing(BoxLayout):
    """A player (their shape and whole name) with what the table waits for them to do, dimmed: beside
    the name where it fits, else under it (`beside` False). A long name keeps its room in full; what the
    player is doing gives way to it."""

    player = ObjectProperty(None, allownone=True)
    doing = StringProperty("")
    font_size = NumericProperty(readable())
    beside = BooleanProperty(True)
    name_width = NumericProperty(0)
    doing_shown = BooleanProperty(True)

    def _symbol_size(self) -> float:
        return float(min(NAME_SYMBOL, self.font_size * 1.2))

    symbol_size = AliasProperty(_symbol_size, bind=["font_size"], cache=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name in ("player", "doing", "font_size", "width", "beside"):
            self.fbind(name, self._fit)
        self._fit()

    def _fit(self, *_: Any) -> None:
        self.name_width = min(self.width, SeatBadge.width_for([self.player.name] if self.player else [], self.font_size, self.symbol_size))
        room = self.width - self.name_width - dp(6)
        self.doing_shown = not self.beside or room >= text_width(self.doing, self.font_size) + dp(2)


# ----- a dog's path ------------------------------------------------------------------------------------
class BoardStrip(Widget):
    """One dog's path as a strip: spaces 0..13 then the dog house (after which the dog walks on to 0),
    the dog's token (its player's shape and the dog's initial) and the discs on the path. The names
    and the dog's stand at the left, or above the path where the strip is tall enough; the strip of the
    player the table is waiting for is outlined. The discs kept in the house are counted apart
    (KeptHouse).

    Its spaces and numbers are one baked picture (two: the dog house empty and taken), each disc and
    the dog another: a card played moves the dog's picture and, for a disc fetched, drops one."""

    board: BoardModel
    number_font = NumericProperty(readable())
    # The names' column beside the path when they share its line: the same for every strip, so the paths
    # line up (0 for NAMES_WIDTH); whether the dog's name follows its players' there, and whether their
    # shapes go before their names (the token on the path carries them too). The view gives all three
    # (ThatsRuffView._fit_names).
    names_width = NumericProperty(0)
    dog_beside = BooleanProperty(False)
    shapes_beside = BooleanProperty(True)

    def __init__(self, board: BoardModel, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board
        self.names = BoxLayout(spacing=dp(6))
        self.badges = [SeatBadge(player=player, bold=True, font_size=path_type(), symbol_size=NAME_SYMBOL, size_hint_x=None,
                                 width=SeatBadge.width_for([player.name], path_type(), NAME_SYMBOL))
                       for player in board.players]
        for badge in self.badges:
            self.names.add_widget(badge)
        self.dog_label = Label(text=f"· {board.dog}", font_size=path_type(), color=theme.TEXT_DIM, halign="left",
                               valign="middle", size_hint_x=None, width=text_width(f"· {board.dog}", path_type()) + dp(4))
        self.names.add_widget(BoxLayout())
        self.add_widget(self.names)
        with self.canvas.before:
            # Outlined while the table waits for it: its colour shows round the strip drawn over it.
            self._edge_colour = Color(0, 0, 0, 0)
            self._edge = RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[dp(8)])
            self._back_colour = Color()
            self._back = RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[dp(7)])
            Color(1, 1, 1, 1)
            self._path = Rectangle()
            self._discs = InstructionGroup()
            Color(1, 1, 1, 1)
            self._token = Rectangle()
        self.geometry = _PathGeometry()
        self._arrange_soon = Clock.create_trigger(self._arrange, -1)
        self.fbind("pos", self._arrange_soon)
        self.fbind("size", self._arrange_soon)
        for name in ("names_width", "dog_beside", "shapes_beside"):
            self.fbind(name, self._arrange_soon)
        board.fbind("position", self._show_token)
        board.fbind("discs", self._show_discs)
        board.fbind("in_house", self._show_path)
        board.fbind("active", self._outline)
        theme.palette.bind(version=self._outline)
        self._outline()

    def names_room(self, shapes: bool, dog: bool = True) -> float:
        """How wide its players' names (with their shapes or without) and its dog's name (or not) are
        side by side on one line."""
        badges = sum(SeatBadge.width_for([player.name], path_type(), NAME_SYMBOL if shapes else 0)
                     for player in self.board.players)
        # And a gap before the path, whose dog reaches a little to the left of space 0.
        return badges + self.names.spacing * len(self.badges) + (self.dog_label.width if dog else 0) + dp(8)

    @property
    def stacked(self) -> bool:
        """Names above the path when the strip is tall enough, so the path gets the whole width."""
        return bool(self.height >= stacked_height())

    def _arrange(self, *_: Any) -> None:
        x, y, w, h = self.x, self.y, self.width, self.height
        pad = strip_padding()
        if self.stacked:
            name_h = min(max(dp(44), line_height(path_type())), max(line_height(path_type()), h * 0.4))
            self._show_dog(True, True)
            self.names.pos, self.names.size = (x + pad * 2, self.top - name_h - pad), (w - 4 * pad, name_h)
            track = (x + pad * 2, y + pad, w - 4 * pad, h - name_h - 2 * pad)
        else:
            # One line of table type: the dog's name after its players' where the column holds it, else
            # the dog goes by the initial on its token.
            names_w = self.names_width or max(NAMES_WIDTH, w * 0.18)
            self._show_dog(self.dog_beside, self.shapes_beside)
            self.names.pos, self.names.size = (x + pad * 2, y + 1), (names_w, h - 2)
            track = (x + pad * 3 + names_w, y + pad, w - names_w - 5 * pad, h - 2 * pad)
        self.geometry = _PathGeometry(*track)
        self.number_font = self.geometry.number_font
        self._edge.pos, self._edge.size = self.pos, self.size
        self._back.pos, self._back.size = (x + dp(2), y + dp(2)), (w - dp(4), h - dp(4))
        self._show_path()
        self._show_discs()
        self._show_token()

    def _show_dog(self, dog: bool, shapes: bool) -> None:
        if dog and self.dog_label.parent is None:
            self.names.add_widget(self.dog_label, index=1)
        elif not dog and self.dog_label.parent is not None:
            self.names.remove_widget(self.dog_label)
        for badge, player in zip(self.badges, self.board.players):
            badge.symbol_size = NAME_SYMBOL if shapes else 0
            badge.width = SeatBadge.width_for([player.name], path_type(), badge.symbol_size)

    def _outline(self, *_: Any) -> None:
        active = self.board.active
        self._back_colour.rgba = theme.palette.surface_high if active else theme.palette.surface
        self._edge_colour.rgba = theme.palette.accent if active else theme.palette.surface

    def _show_path(self, *_: Any) -> None:
        g = self.geometry
        if g.pitch <= 1:
            self._path.size = (0, 0)
            return
        self._path.texture = g.path_picture(self.board.in_house)
        self._path.pos, self._path.size = (g.x, g.y), self._path.texture.size

    def _show_discs(self, *_: Any) -> None:
        g = self.geometry
        self._discs.clear()
        if g.pitch <= 1:
            return
        side = g.disc_side
        for space in self.board.discs:
            cx = g.centre(space)
            self._discs.add(Rectangle(texture=disc_picture(space, side, g.number_font),
                                      pos=(cx - side / 2, g.cy - side / 2), size=(side, side)))

    def _show_token(self, *_: Any) -> None:
        g = self.geometry
        if g.pitch <= 1:
            self._token.size = (0, 0)
            return
        board = self.board
        player = board.players[0]
        # A shape a little bigger than a space, so the dog stands out, yet inside the strip.
        side = g.token_side
        cx = max(g.centre(int(board.position)), self.x + side / 2 + 1)
        self._token.texture = token_picture(player.identity, board.dog[:1], side, g.number_font)
        self._token.pos, self._token.size = (cx - side / 2, g.cy - side / 2), (side, side)


class DogPlace(Label):
    """Where a dog stands, in table type ("· Sage on 7", "· Sage home"): for planning Collecting while
    its path is out of sight. As wide as its words."""

    def __init__(self, board: BoardModel, **kwargs: Any) -> None:
        super().__init__(font_size=readable(), color=theme.TEXT_DIM, halign="left", valign="middle", size_hint_x=None,
                         **kwargs)
        self.board = board
        board.fbind("position", self._show)
        self._show()

    def _show(self, *_: Any) -> None:
        position = int(self.board.position)
        self.text = f"· {self.board.dog} {'home' if position == HOUSE else f'on {position}'}"
        self.width = text_width(self.text, readable()) + dp(4)


class PathDiscs(Widget):
    """The discs on a dog's path while the path is out of sight, each a disc with its space's number as
    on the path, in the order of the path: as many as the width holds, and "+2" for the rest."""

    def __init__(self, board: BoardModel, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board
        with self.canvas:
            self._drawn = InstructionGroup()
        self._arrange_soon = Clock.create_trigger(self._arrange, -1)
        for name in ("pos", "size"):
            self.fbind(name, self._arrange_soon)
        board.fbind("discs", self._arrange_soon)

    @property
    def side(self) -> float:
        return float(min(self.height, dp(34)))

    @property
    def shown(self) -> list[int]:
        """The spaces whose discs are drawn."""
        spaces = sorted(self.board.discs)
        side = self.side
        fits = int((self.width + dp(3)) // (side + dp(3))) if side >= 1 else 0
        return spaces if len(spaces) <= fits else spaces[:max(0, fits - 1)]   # the last place says how many more

    def _arrange(self, *_: Any) -> None:
        drawn, side = self._drawn, self.side
        drawn.clear()
        spaces, shown = sorted(self.board.discs), self.shown
        x, y = self.x, self.center_y - side / 2
        drawn.add(Color(1, 1, 1, 1))
        for space in shown:
            drawn.add(Rectangle(texture=disc_picture(space, side, readable()), pos=(x, y), size=(side, side)))
            x += side + dp(3)
        if len(shown) < len(spaces):
            more = text_texture(f"+{len(spaces) - len(shown)}", readable(), bold=True, color=theme.TEXT_DIM)
            drawn.add(Rectangle(texture=more, pos=(x, self.center_y - more.height / 2), size=more.size))


class _PathGeometry:
    """Where a path's spaces lie in its track (x, y, width, height), and how big they are drawn."""

    def __init__(self, x: float = 0, y: float = 0, width: float = 0, height: float = 0) -> None:
        self.x, self.y, self.width, self.height = x, y, width, height
        self.pitch = width / SPACES
        self.tile_w = max(1.0, self.pitch - dp(2))
        self.tile_h = max(1.0, min(height, self.pitch * 1.3, dp(64)))
        self.cy = y + height / 2
        self.number_font = float(round(max(path_type(), min(self.tile_w * 0.82, self.tile_h * 0.62, theme.type_scaled(sp(34))))))
        self.disc_side = min(self.tile_w, self.tile_h)
        self.token_side = 2 * min(self.pitch * 0.56, self.tile_h * 0.56) + dp(4)

    def centre(self, space: int) -> float:
        return self.x + self.pitch * (space + 0.5)

    def path_picture(self, in_house: bool) -> Texture:
        """Every space with its number, and the dog house: the same for every dog's path."""
        tile_w, tile_h, pitch, font = self.tile_w, self.tile_h, self.pitch, self.number_font

        def draw(canvas: Any, w: float, h: float) -> None:
            def spaces() -> None:
                cy = h / 2
                for space in range(SPACES):
                    cx = pitch * (space + 0.5)
                    if space == HOUSE:
                        draw_house(cx, cy, min(tile_w * 1.1, tile_h), in_house)
                        continue
                    Color(*TILE)
                    RoundedRectangle(segments=theme.CORNER_SEGMENTS, pos=(cx - tile_w / 2, cy - tile_h / 2),
                                     size=(tile_w, tile_h), radius=[dp(4)])
                    draw_text(str(space), font, theme.TEXT, cx, cy)
            _paint(canvas, spaces)

        key = ("path", round(tile_w, 1), round(tile_h, 1), round(font), in_house, theme.high_contrast)
        return baked(key, self.width, self.height, draw)


class KeptHouse(Widget):
    """One dog's kept discs on a dog house's brown: its players' shapes (about as big as those beside the
    names on the paths, so a colour-blind player finds their own by its shape) over a disc at the left, the
    number beside them a key number (10 mm on the 7" panel), and under both, where the row has room
    (`named`), its players' names. Outlined while the table waits for it."""

    board: BoardModel
    named = BooleanProperty(False)

    def __init__(self, board: BoardModel, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint_x", None)
        super().__init__(**kwargs)
        self.board = board
        self.side = kept_shape_side()
        self.disc_side = dp(14) if compact() else dp(22)
        with self.canvas.before:
            self._edge_colour = Color(*HOUSE_FILL)
            self._edge = RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[dp(6)])
            Color(*HOUSE_FILL)
            self._fill = RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[dp(5)])
            self._marks = InstructionGroup()
        self.count = Count(beside=True, caption_room=0, value=board.kept)
        self.add_widget(self.count)
        # White on the brown, as the number is.
        self.names = Label(text=board.names, font_size=readable(), bold=True, color=WHITE, halign="center",
                           valign="middle", size_hint=(None, None), opacity=0)
        self.add_widget(self.names)
        board.fbind("kept", self._show)
        board.fbind("active", self._outline)
        self.fbind("named", self._show)
        theme.palette.bind(version=self._outline)
        self._arrange_soon = Clock.create_trigger(self._arrange, -1)
        self.fbind("pos", self._arrange_soon)
        self.fbind("size", self._arrange_soon)
        self._show()
        self._outline()

    def width_for(self, named: bool) -> float:
        """Room for the shapes and the digits' ink at a key number's size, and no more (four dogs share
        the row with the count and whose turn it is); named, at least the names' room."""
        # The digits' own side bearing keeps their ink off the edge at the right.
        bare = dp(3) + self.side + text_width(str(self.board.kept), theme.FONT_KEY_NUMBER, bold=True) + dp(2)
        return max(bare, text_width(self.board.names, readable(), bold=True) + dp(10)) if named else bare

    def _show(self, *_: Any) -> None:
        digits = len(str(self.board.kept))
        self.count.digits = digits
        self.count.show(self.board.kept)
        # The count's box, kept for its widest digits, reaches over the shapes.
        self.count.width = DIGIT_WIDTH * theme.FONT_KEY_NUMBER * digits + dp(6)
        self.names.opacity = 1 if self.named else 0
        self.width = self.width_for(self.named)
        self._arrange_soon()

    def _outline(self, *_: Any) -> None:
        self._edge_colour.rgba = theme.palette.accent if self.board.active else HOUSE_FILL

    def _arrange(self, *_: Any) -> None:
        x, y, w, h = self.x, self.y, self.width, self.height
        side = self.side
        self._edge.pos, self._edge.size = self.pos, self.size
        self._fill.pos, self._fill.size = (x + dp(2), y + dp(2)), (w - dp(4), h - dp(4))
        under = line_height(readable()) if self.named else 0.0
        self.names.size = (w, under)
        self.names.text_size = (w, under)
        self.names.pos = (x, y + dp(2))
        bottom = y + under
        self.count.pos, self.count.height = (x + w - dp(1) - self.count.width, bottom), h - under
        self._marks.clear()
        left = x + dp(3)
        # The players' shapes from the top, the disc at the bottom where it fits under them: whose
        # discs, and that they are discs.
        top = self.top - dp(5)
        for player in self.board.players:
            self._marks.add(Color(1, 1, 1, 1))
            self._marks.add(Rectangle(texture=identity_picture(player.identity, side), pos=(left, top - side),
                                      size=(side, side)))
            top -= side + dp(3)
        disc = self.disc_side
        if top - disc >= bottom + dp(2):
            self._marks.add(Color(1, 1, 1, 1))
            self._marks.add(Rectangle(texture=disc_picture_plain(disc), pos=(left + (side - disc) / 2, bottom + dp(4)),
                                      size=(disc, disc)))


def kept_shape_side() -> float:
    """A player's shape on the discs kept: as big as beside a name on the paths, or bigger."""
    return float(dp(20) if compact() else dp(34))


def identity_picture(identity: Identity, side: float) -> Texture:
    def paint(canvas: Any, w: float, h: float) -> None:
        _paint(canvas, lambda: draw_identity(identity.symbol, w / 2, h / 2, min(w, h) / 2 - 1,
                                             theme.with_alpha(identity.rgb)))
    return baked(("identity", identity.key), side, side, paint)


def disc_picture_plain(side: float) -> Texture:
    return baked(("disc",), side, side, lambda canvas, w, h: _paint(canvas, lambda: draw_disc(w / 2, h / 2, min(w, h) / 2 - 1)))


class SpaceButton(BigButton):
    """A numbered space of one dog's path to tap (moving a disc): a disc lying there is drawn behind
    the number, and the dog's own space carries its player's shape and the dog's initial, as on the
    path strip."""

    space = NumericProperty(0)
    selected = BooleanProperty(False)
    disc = BooleanProperty(False)
    dog = ObjectProperty(None, allownone=True)   # (identity, initial) on the dog's own space

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("height", row_height())
        super().__init__(**kwargs)
        with self.canvas.before:
            Color(1, 1, 1, 1)
            self._mark = Rectangle()
            self._ring_colour = Color(0, 0, 0, 0)
            self._ring = Line(width=dp(3))
        for name in ("pos", "size", "disc", "dog", "selected", "space"):
            self.fbind(name, self._mark_space)
        self._mark_space()

    def _mark_space(self, *_: Any) -> None:
        side = min(self.width, self.height) * 0.84
        self.text = self.dog[1] if self.dog is not None else str(self.space)
        if self.dog is not None:
            identity = self.dog[0]
            self._mark.texture = identity_picture(identity, side)
            self.color = theme.readable_text_on(identity.rgb)
        elif self.disc:
            self._mark.texture = disc_picture_plain(side)
            self.color = DISC_EDGE
        else:
            self._mark.texture = None
        shown = self.dog is not None or self.disc
        self._mark.size = (side, side) if shown else (0, 0)
        self._mark.pos = (self.center_x - side / 2, self.center_y - side / 2)
        self._ring_colour.rgba = CHOSEN_EDGE if self.selected else (0, 0, 0, 0)
        self._ring.width = thin_unless(self.selected, dp(3))
        self._ring.rounded_rectangle = (self.x + 1, self.y + 1, self.width - 2, self.height - 2, theme.RADIUS)

    def _redraw(self, *_: Any) -> None:
        super()._redraw()
        if getattr(self, "_mark", None) is not None and (self.dog is not None or self.disc):
            self.color = theme.readable_text_on(self.dog[0].rgb) if self.dog is not None else DISC_EDGE


load_kv(__file__)
