"""Pieces of the That's Ruff! table: the card suits drawn as symbols (blue dish, red hydrant, black paw),
cards as tappable chips, the shaded counts, players' names beside their shapes, and each dog's path as a
strip of its spaces and the dog house."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics import Canvas, Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.thats_ruff.state import HOUSE, SHADED, SPACES, WILD, Card
from ui import theme
from ui.widgets.basics import BigButton
from ui.widgets.symbols import SymbolShape, draw_shape, fan

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
WHITE = (1, 1, 1, 1)
# The smallest type anything read across the table is drawn in: a space number, a disc count, a name
# (3.5 mm capitals on the 7" panel).
READABLE = theme.FONT_TABLE
NAMES_WIDTH = dp(206)        # "Bartholomew" or "Jean-Baptiste" in table type on one line beside a shape
STRIP_HEIGHT = dp(34)        # a path strip with the names on one line beside it
STACKED_HEIGHT = dp(72)      # tall enough for the names and the dog on a line of their own above the path


# ----- sizes -------------------------------------------------------------------------------------------
def compact() -> bool:
    """The 7" panel (800x480): every millimetre is spent on what the family reads and taps."""
    return Window.height < dp(600)


def row_height() -> float:
    """A pad row: over 9 mm on the 7" panel, a child's fingertip on a bigger screen."""
    return dp(50) if compact() else theme.TOUCH_BIG


def primary_height() -> float:
    """The button for the expected next step: over 12 mm on the 7" panel."""
    return dp(66) if compact() else theme.TOUCH_BIG


def name_font() -> float:
    """Names on buttons and in popups, read up close by the finger about to tap."""
    return theme.FONT_SMALL if compact() else theme.FONT_BODY


def chip_size() -> tuple[float, float]:
    """A card to tap: over 9 mm each way on the 7" panel, bigger where there is room."""
    return (dp(52), dp(58)) if compact() else (dp(76), dp(86))


def fit_popup(popup, panel) -> None:
    """A popup as tall as what it shows, so the table stays in sight around a short one."""
    def fit(*_):
        rows = panel.children
        height = (sum(row.height for row in rows) + panel.spacing * max(0, len(rows) - 1)
                  + panel.padding[1] + panel.padding[3])
        popup.height = min(Window.height * 0.94, height)

    popup.size_hint_y = None
    for row in panel.children:
        row.bind(height=fit)
    fit()


# ----- cards -------------------------------------------------------------------------------------------
def card_suit(card: Card | None) -> str:
    if not card:
        return "wild"
    return "wild" if card.get("wild") else card["colour"]


def card_text(card: Card | None) -> str:
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
    else:                         # a Wild Dog: a bone
        draw_shape(SUIT_SYMBOL["wild"], x + s / 2, y + s / 2, s * 0.5, rgba, (0, 0, 0, 0))


def draw_disc(cx: float, cy: float, radius: float) -> None:
    Color(*DISC)
    Ellipse(pos=(cx - radius, cy - radius), size=(2 * radius, 2 * radius))
    Color(*DISC_EDGE)
    Line(circle=(cx, cy, radius), width=1.3)
    Line(circle=(cx, cy, radius * 0.55), width=1)


def draw_house(cx: float, cy: float, size: float, occupied: bool) -> None:
    """A dog house centred on (cx, cy), `size` across: walls and a roof."""
    half = size / 2
    Color(*(HOUSE_FILL_TAKEN if occupied else HOUSE_FILL))
    RoundedRectangle(pos=(cx - half * 0.8, cy - half), size=(size * 0.8, size * 0.62), radius=[dp(2)])
    fan(cx, cy + half * 0.55, [(cx - half, cy + half * 0.2), (cx, cy + half), (cx + half, cy + half * 0.2)])


def placed_label(parent: Widget, font_size, bold=False, color=theme.TEXT) -> Label:
    label = Label(font_size=font_size, bold=bold, color=color, halign="center", valign="middle",
                  size_hint=(None, None))
    parent.add_widget(label)
    return label


class CardFace(Widget):
    """A card as it lies on the table: number large, suit symbol and word small."""

    selected = BooleanProperty(False)
    dimmed = BooleanProperty(False)

    def __init__(self, card: Card | None = None, **kwargs):
        kwargs.setdefault("size_hint", (None, None))
        kwargs.setdefault("size", chip_size())
        super().__init__(**kwargs)
        self.card = card
        self.suit = card_suit(card)
        self.number = placed_label(self, sp(24), bold=True)
        self.number.text = card_text(card)
        self.word = placed_label(self, theme.FONT_SMALL)
        # An 8 says which dog it shows (its colour is in its fill and symbol), so two 8s of one colour
        # are told apart.
        self.word.text = "?" if card is None else ("wild" if card.get("wild") else card.get("dog") or card["colour"])
        self.number.bind(texture_size=self.number.setter("size"))
        # Drawn once per frame, however many of its properties a layout pass changes.
        self.redraw = Clock.create_trigger(self._draw, -1)
        self.bind(pos=self.redraw, size=self.redraw, selected=self.redraw, dimmed=self.redraw)
        self.number.bind(size=self.redraw)
        if "state" in self.properties():
            self.bind(state=self.redraw)
        self._draw()

    def _draw(self, *_):
        x, y = self.pos
        w, h = self.size
        self.canvas.before.clear()
        fill = SUIT_FILL[self.suit] if self.card is not None else theme.SURFACE_HIGH
        with self.canvas.before:
            Color(*fill)
            RoundedRectangle(pos=self.pos, size=self.size, radius=[dp(6)])
            # The edge is opaque: a see-through line thicker than 1 px is drawn through the stencil, which
            # lets cards scrolled out of a list show through as stray dots.
            edge = (1, 0.85, 0.2, 1) if self.selected else (*(0.7 + 0.3 * part for part in fill[:3]), 1)
            Color(*edge)
            Line(rounded_rectangle=(x + 1, y + 1, w - 2, h - 2, dp(6)), width=dp(3) if self.selected else 1.2)
            if self.card is not None:
                symbol = min(w, h) * 0.3
                draw_suit(self.suit, x + w - symbol - dp(4), y + h - symbol - dp(4), symbol)
            if self.dimmed:
                Color(0, 0, 0, 0.45)
                RoundedRectangle(pos=self.pos, size=self.size, radius=[dp(6)])
        # A chip too short for the word under the number shows the number alone, larger.
        # A card nobody taps is read from the seats: its number alone, in table type, with the symbol
        # (never the colour alone) saying the suit.
        small = h < dp(52) or not isinstance(self, ButtonBehavior)
        self.word.opacity = 0 if small else 1
        # A big card (a face-up card to play) has a number to match.
        self.number.font_size = round(max(READABLE, min(max(sp(30), h * 0.4), h * (0.5 if small else 0.4))))
        word_h = self.word.font_size * 1.25
        above_word = y + word_h + max(0, (h - word_h - self.number.height) / 2 - dp(4))
        self.number.pos = (x + dp(3), y + (h - self.number.height) / 2 if small else above_word)
        self.word.size = (w, word_h)
        self.word.text_size = (w - dp(4), None)
        self.word.pos = (x, y + dp(1))


class CardChip(ButtonBehavior, CardFace):
    """A card to tap: it is selected while it takes part in what the player is doing."""

    def __init__(self, card: Card | None, **kwargs):
        super().__init__(card=card, **kwargs)


class SuitButton(ButtonBehavior, Widget):
    """A colour button for the card pad: fill, symbol and word, so the colour is never the only clue."""

    chosen = BooleanProperty(False)

    def __init__(self, suit: str, text: str, **kwargs):
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", row_height())
        font_size = kwargs.pop("font_size", theme.FONT_SMALL)
        super().__init__(**kwargs)
        self.suit = suit
        self.label = placed_label(self, font_size, bold=True)
        self.label.text = text
        self.label.halign = "left"
        self.redraw = Clock.create_trigger(self._draw, -1)
        self.bind(pos=self.redraw, size=self.redraw, chosen=self.redraw, state=self.redraw)
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
        symbol = min(h * 0.55, w * 0.26)
        with self.canvas.before:
            Color(*fill)
            RoundedRectangle(pos=self.pos, size=self.size, radius=[theme.RADIUS])
            Color(*((1, 0.85, 0.2, 1) if self.chosen else (1, 1, 1, 0.5)))
            Line(rounded_rectangle=(x + 2, y + 2, w - 4, h - 4, theme.RADIUS),
                 width=dp(4) if self.chosen else 1.2)
            draw_suit(self.suit, x + dp(7), y + (h - symbol) / 2, symbol)
        self.label.size = (max(0, w - symbol - dp(16)), h)
        self.label.text_size = self.label.size
        self.label.pos = (x + symbol + dp(12), y)


class ShadedCounts(Widget):
    """The shaded counts 1, 2, 4, 8, 16 and 32, in rows of `per_row`: reaching one moves the dog 2.
    The one just reached is lit, the next one ahead is outlined."""

    count = NumericProperty(0)

    def __init__(self, per_row: int = 6, **kwargs):
        self.per_row = per_row
        rows = -(-len(SHADED) // per_row)
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", rows * dp(30) + (rows - 1) * dp(4))
        super().__init__(**kwargs)
        self.labels = [placed_label(self, READABLE, bold=True) for _ in SHADED]
        for label, value in zip(self.labels, SHADED):
            label.text = str(value)
        self.redraw = Clock.create_trigger(self._draw, -1)
        self.bind(pos=self.redraw, size=self.redraw, count=self.redraw)
        self._draw()

    def _draw(self, *_):
        self.canvas.before.clear()
        gap = dp(4)
        rows = -(-len(SHADED) // self.per_row)
        w = (self.width - gap * (self.per_row - 1)) / self.per_row
        h = (self.height - gap * (rows - 1)) / rows
        ahead = next((value for value in SHADED if value > self.count), None)
        with self.canvas.before:
            for index, value in enumerate(SHADED):
                row, col = divmod(index, self.per_row)
                x = self.x + col * (w + gap)
                y = self.top - (row + 1) * h - row * gap
                reached = value == self.count
                Color(*((1, 0.85, 0.2, 1) if reached else (0.38, 0.40, 0.46, 1)))
                RoundedRectangle(pos=(x, y), size=(w, h), radius=[dp(5)])
                if value == ahead:
                    Color(*theme.ACCENT)
                    Line(rounded_rectangle=(x + 1, y + 1, w - 2, h - 2, dp(5)), width=dp(2))
                label = self.labels[index]
                label.font_size = round(max(READABLE, min(h * 0.55, w * 0.4)))
                label.color = theme.ACCENT_TEXT if reached else (theme.TEXT if value > self.count else theme.TEXT_DIM)
                label.pos, label.size = (x, y), (w, h)


# ----- players' names ----------------------------------------------------------------------------------
class NameTag(BoxLayout):
    """Players' shapes in their colours beside their names, written in full (a long name wraps, it is
    never shortened), and what they are doing under the names, dimmed; or beside them with `beside`."""

    def __init__(self, identities=(), name: str = "", detail: str = "", font_size=theme.FONT_SMALL,
                 beside: bool = False, color=theme.TEXT, **kwargs):
        kwargs.setdefault("spacing", dp(6))
        super().__init__(**kwargs)
        self.beside = beside
        self.shapes = BoxLayout(size_hint_x=None, spacing=dp(2))
        self.add_widget(self.shapes)
        self.words = BoxLayout(orientation="horizontal" if beside else "vertical", size_hint_y=None,
                               pos_hint={"center_y": 0.5}, spacing=dp(6) if beside else 0)
        self.name_label = Label(font_size=font_size, bold=True, color=color, halign="left", valign="middle",
                                size_hint_y=None)
        self.detail_label = Label(font_size=font_size, color=theme.TEXT_DIM if color == theme.TEXT else color,
                                  halign="left", valign="middle", size_hint_y=None)
        for label in (self.name_label, self.detail_label):
            label.bind(texture_size=self._fit)
            self.words.add_widget(label)
        self.add_widget(self.words)
        self.bind(height=self._size_shapes, width=self._fit)
        self.set(identities, name, detail)

    @property
    def text(self) -> str:
        return " ".join(part for part in (self.name_label.text, self.detail_label.text) if part)

    def set(self, identities, name: str, detail: str = "") -> None:
        self.name_label.text, self.detail_label.text = name, detail
        self.detail_label.opacity = 1 if detail else 0
        if [getattr(shape, "identity", None) for shape in self.shapes.children[::-1]] != list(identities):
            self.shapes.clear_widgets()
            for identity in identities:
                shape = SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb),
                                    size_hint=(None, None))
                shape.identity = identity
                self.shapes.add_widget(shape)
            self._size_shapes()
        self._fit()

    def _fit(self, *_):
        room = max(0, self.width - self.shapes.width - self.spacing)
        name, detail = self.name_label, self.detail_label
        if self.beside:
            name.text_size = detail.text_size = (None, None)
            name.size_hint_x = detail.size_hint_x = None
            name.width, detail.width = name.texture_size[0], detail.texture_size[0]
            name.height = detail.height = max(name.texture_size[1], detail.texture_size[1])
            self.words.height = name.height
            # A long name keeps its room in full; what the player is doing gives way to it.
            fits = name.width + self.words.spacing + detail.width <= room
            detail.opacity = 1 if detail.text and fits else 0
            if not fits:
                detail.width = 0
            return
        # A tag drawn beside its names before (a taller path strip) gives the labels their width back.
        name.size_hint_x = detail.size_hint_x = 1
        name.text_size = detail.text_size = (room, None)
        name.height = name.texture_size[1]
        detail.height = detail.texture_size[1] if detail.text else 0
        self.words.height = name.height + detail.height

    def _size_shapes(self, *_):
        # As big as the name's capitals or a little more, never taller than the tag.
        side = min(dp(30), self.height * 0.8, max(dp(14), self.name_label.font_size * 1.2))
        for shape in self.shapes.children:
            shape.size = (side, side)
            shape.pos_hint = {"center_y": 0.5}
        count = len(self.shapes.children)
        self.shapes.width = count * side + max(0, count - 1) * dp(2)
        self._fit()


class NameButton(BigButton):
    """A player to choose: their shape at the left, their name in full (wrapping if long). The chosen
    one is filled with the player's colour."""

    chosen = BooleanProperty(False)

    def __init__(self, player, **kwargs):
        kwargs.setdefault("font_size", theme.FONT_SMALL)
        kwargs.setdefault("halign", "left")
        super().__init__(**kwargs)
        self.player = player
        identity = player.identity
        self.symbol = SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb), size_hint=(None, None))
        self.add_widget(self.symbol)
        self.bind(pos=self._place, size=self._place, chosen=self._choose)
        self._choose()

    def _choose(self, *_):
        rgb = self.player.identity.rgb
        self.kind = "custom" if self.chosen else "normal"
        self.fill = theme.with_alpha(rgb)
        # On the player's own colour the shape needs a white outline to stand out.
        self.symbol.outline = (1, 1, 1, 1) if self.chosen else (0, 0, 0, 0.85)

    def _symbol_side(self) -> float:
        return min(self.height * 0.5, dp(28))

    def _wrap(self, *_):
        # The text wraps inside the button less its padding, which keeps the shape clear of the words.
        side = self._symbol_side()
        self.padding = [side + theme.GAP * 1.5, 0, theme.GAP, 0]
        self.text_size = (self.width, None)

    def _place(self, *_):
        side = self._symbol_side()
        self.symbol.size = (side, side)
        self.symbol.pos = (self.x + theme.GAP, self.center_y - side / 2)


class SpaceButton(BigButton):
    """A numbered space of one dog's path to tap: a disc lying there is drawn behind the number, and the
    dog's own space carries its player's shape and the dog's initial, as on the path strip."""

    selected = BooleanProperty(False)

    def __init__(self, space: int, **kwargs):
        kwargs.setdefault("font_size", theme.FONT_BODY)
        kwargs.setdefault("height", row_height())
        self.marks = Canvas()
        super().__init__(text=str(space), **kwargs)
        # Above the button's fill, under its number.
        self.canvas.before.add(self.marks)
        self.space = space
        self.disc = False
        self.identity = None
        self.bind(selected=self._redraw)

    def show(self, disc: bool, identity=None, dog: str = "") -> None:
        self.disc, self.identity = disc, identity
        self.text = dog[:1] if identity is not None else str(self.space)
        self._redraw()

    def _redraw(self, *_):
        super()._redraw()
        self.marks.clear()
        cx, cy = self.center
        radius = min(self.width, self.height) * 0.42
        with self.marks:
            if getattr(self, "identity", None) is not None:
                draw_identity(self.identity.symbol, cx, cy, radius, theme.with_alpha(self.identity.rgb))
                self.color = theme.readable_text_on(self.identity.rgb)
            elif getattr(self, "disc", False):
                draw_disc(cx, cy, radius)
                self.color = DISC_EDGE
            if self.selected:
                Color(1, 0.85, 0.2, 1)
                Line(rounded_rectangle=(self.x + 1, self.y + 1, self.width - 2, self.height - 2, theme.RADIUS),
                     width=dp(3))


# ----- a dog's path ------------------------------------------------------------------------------------
class BoardStrip(Widget):
    """One dog's path as a strip: spaces 0..13 then the dog house (after which the dog walks on to 0),
    the dog's token (its player's shape and the dog's initial) and the discs on the path. The names
    stand at the left, or above the path where the strip is tall enough; the strip of the player the
    table is waiting for is outlined. The discs kept in the house are counted in `KeptDiscs`."""

    board = ListProperty([])   # [summary board dict], so a change of any field redraws
    active = BooleanProperty(False)

    def __init__(self, identities, **kwargs):
        super().__init__(**kwargs)
        self.identities = identities  # per seat: the players' Identity
        self.names = NameTag(font_size=READABLE, size_hint=(None, None))
        self.add_widget(self.names)
        self.space_labels = [placed_label(self, READABLE, bold=True) for _ in range(HOUSE)]
        self.token_label = placed_label(self, READABLE, bold=True, color=theme.ACCENT_TEXT)
        self.redraw = Clock.create_trigger(self._draw, -1)
        self.bind(pos=self.redraw, size=self.redraw, board=self.redraw, active=self.redraw)

    def show(self, board: dict, active: bool = False) -> None:
        self.board = [board]
        self.active = active

    @property
    def stacked(self) -> bool:
        """Names above the path when the strip is tall enough, so the path gets the whole width."""
        return self.height >= STACKED_HEIGHT

    def _draw(self, *_):
        self.canvas.before.clear()
        if not self.board:
            return
        board = self.board[0]
        x, y, w, h = self.x, self.y, self.width, self.height
        pad = dp(1.5) if compact() else dp(3)
        seat_identities = [self.identities[seat] for seat in board["seats"]]
        names = " & ".join(board["names"])
        if self.stacked:
            name_h = min(dp(44), max(dp(32), h * 0.4))
            self.names.beside = True
            self.names.words.orientation, self.names.words.spacing = "horizontal", dp(6)
            self.names.set(seat_identities, names, f"· {board['dog']}")
            self.names.pos, self.names.size = (x + pad * 2, self.top - name_h - pad), (w - 4 * pad, name_h)
            track = (x + pad * 2, y + pad, w - 4 * pad, h - name_h - 2 * pad)
        else:
            # One line of table type: the dog goes by the initial on its token.
            names_w = max(NAMES_WIDTH, w * 0.18)
            self.names.beside = True
            self.names.words.orientation, self.names.words.spacing = "horizontal", dp(6)
            self.names.set(seat_identities, names, "")
            self.names.pos, self.names.size = (x + pad * 2, y + 1), (names_w, h - 2)
            track = (x + pad * 3 + names_w, y + pad, w - names_w - 5 * pad, h - 2 * pad)
        tx, ty, tw, th = track
        pitch = tw / SPACES
        tile_w = pitch - dp(2)
        tile_h = min(th, pitch * 1.3, dp(64))
        cy = ty + th / 2
        centres = [tx + pitch * (space + 0.5) for space in range(SPACES)]
        identity = seat_identities[0]
        with self.canvas.before:
            Color(*(theme.SURFACE_HIGH if self.active else theme.SURFACE))
            RoundedRectangle(pos=self.pos, size=self.size, radius=[dp(8)])
            if self.active:
                Color(*theme.ACCENT)
                Line(rounded_rectangle=(x + 1, y + 1, w - 2, h - 2, dp(8)), width=dp(2))
            for space in range(SPACES):
                cx = centres[space]
                if space == HOUSE:
                    draw_house(cx, cy, min(tile_w * 1.1, tile_h), board["in_dog_house"])
                    continue
                Color(*(0.33, 0.35, 0.41, 1))
                RoundedRectangle(pos=(cx - tile_w / 2, cy - tile_h / 2), size=(tile_w, tile_h), radius=[dp(4)])
                if space in board["discs_on_path"]:
                    draw_disc(cx, cy, min(tile_w, tile_h) / 2)
            token = centres[board["position"]]
            # A shape a little bigger than a space, so the dog stands out, yet inside the strip.
            radius = min(pitch * 0.56, tile_h * 0.56)
            draw_identity(identity.symbol, max(token, x + radius + 1), cy, radius, theme.with_alpha(identity.rgb))
        number_font = round(max(READABLE, min(tile_w * 0.82, tile_h * 0.62, sp(34))))
        for space, label in enumerate(self.space_labels):
            label.text = "" if space == board["position"] else str(space)
            label.color = DISC_EDGE if space in board["discs_on_path"] else theme.TEXT
            label.font_size = number_font
            label.size = (pitch, tile_h)
            label.center = (centres[space], cy)
        self.token_label.text = board["dog"][0]
        self.token_label.color = theme.readable_text_on(identity.rgb)
        self.token_label.font_size = number_font
        self.token_label.size = (pitch, tile_h)
        self.token_label.center = (token, cy - tile_h * 0.03)


class KeptDiscs(BoxLayout):
    """The fetched discs each dog keeps in its dog house (to spend on staying there), a key number each,
    10 mm tall on the 7" panel, on a dog house's brown beside its players' shapes and a disc. In the
    order of the paths; the dog the table is waiting for is outlined, as its path is."""

    def __init__(self, identities, boards: int, **kwargs):
        super().__init__(spacing=dp(4), size_hint_x=None, **kwargs)
        self.houses = [KeptHouse(identities) for _ in range(boards)]
        for house in self.houses:
            house.bind(width=self._fit)
            self.add_widget(house)
        self._fit()

    def _fit(self, *_):
        self.width = sum(house.width for house in self.houses) + self.spacing * (len(self.houses) - 1)

    def show(self, boards: list[dict], waiting: set[int]) -> None:
        for index, (house, board) in enumerate(zip(self.houses, boards)):
            house.show(board, active=index in waiting)


class KeptHouse(Widget):
    """One dog's kept discs: its players' shapes over a disc at the left, the number beside them."""

    board = ListProperty([])
    active = BooleanProperty(False)

    def __init__(self, identities, **kwargs):
        kwargs.setdefault("size_hint_x", None)
        super().__init__(**kwargs)
        self.identities = identities
        self.redraw = Clock.create_trigger(self._draw, -1)
        self.count = Label(font_size=theme.FONT_KEY_NUMBER, bold=True, color=WHITE, size_hint=(None, None))
        self.count.key_number = True
        self.count.bind(texture_size=self._fit)
        self.add_widget(self.count)
        self.bind(pos=self.redraw, size=self.redraw, board=self.redraw, active=self.redraw)

    def show(self, board: dict, active: bool = False) -> None:
        self.count.text = str(board["discs_in_house"])
        self.board = [board]
        self.active = active

    def _side(self) -> float:
        return dp(14) if compact() else dp(26)

    def _fit(self, *_):
        self.count.size = self.count.texture_size
        self.width = dp(3) + self._side() + self.count.width + dp(3)
        self.redraw()

    def _draw(self, *_):
        self.canvas.before.clear()
        if not self.board:
            return
        x, y, w, h = self.x, self.y, self.width, self.height
        side = self._side()
        seats = self.board[0]["seats"]
        self.count.pos = (x + dp(3) + side, y + (h - self.count.height) / 2)
        with self.canvas.before:
            Color(*HOUSE_FILL)
            RoundedRectangle(pos=self.pos, size=self.size, radius=[dp(6)])
            if self.active:
                Color(*theme.ACCENT)
                Line(rounded_rectangle=(x + 1, y + 1, w - 2, h - 2, dp(6)), width=dp(2))
            cx = x + dp(3) + side / 2
            radius = side * 0.5
            # The players' shapes from the top, the disc at the bottom: whose discs, and that they are discs.
            for index, seat in enumerate(seats):
                identity = self.identities[seat]
                draw_identity(identity.symbol, cx, self.top - dp(6) - radius - index * (2 * radius + dp(3)),
                              radius, theme.with_alpha(identity.rgb))
            draw_disc(cx, y + dp(6) + radius, radius)


def draw_identity(shape: str, cx: float, cy: float, radius: float, rgba) -> None:
    """A player's identity shape, exactly as everywhere else in the app, at any point of a canvas."""
    draw_shape(shape, cx, cy, radius, rgba, (0, 0, 0, 0.9))
