"""Small pieces of the Nuts about Mutts view: card colours that always carry a word and a shape,
player names that wrap instead of being cut, tags, choice buttons, a stepper, the fine-print hint,
the sizes the table is laid out with and the text measuring that keeps names whole."""

from __future__ import annotations

from functools import lru_cache

from kivy.core.text import Label as CoreLabel
from kivy.core.window import Window
from kivy.graphics import Color, Line, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui import theme
from ui.widgets.basics import fitted
from ui.widgets.symbols import SymbolShape

# The rule card's colour names are placeholders a family may rename, so unknown names still get a
# distinct fill and shape by their position in the deck's list. The shapes are ones no player has, and
# the fills stay apart for the common kinds of colour blindness too.
_LOOKS = {"red": ((0.84, 0.22, 0.20), "bone"), "blue": ((0.22, 0.47, 0.93), "drop"),
          "green": ((0.30, 0.72, 0.50), "leaf")}
_SPARE = (((0.88, 0.56, 0.10), "moon"), ((0.50, 0.26, 0.52), "club"), ((0.5, 0.5, 0.5), "spade"))
# A card other than a dog (a wild) on top of the home pile.
SPECIAL_SHAPE = "paw"


def colour_look(name: str | None, colours=()) -> tuple[tuple, str | None]:
    """(rgb, shape) for a card colour; grey and no shape when the colour isn't known."""
    if name in _LOOKS:
        return _LOOKS[name]
    if name in colours:
        return _SPARE[list(colours).index(name) % len(_SPARE)]
    return (0.45, 0.46, 0.5), None


class Sizes:
    """Heights on the 7" panel (800x480, about 5.2 px per mm): 48 px is a 9 mm target, 64 px a 12 mm
    primary one, and a 74 px bold number has digits 10 mm tall (54 px of an 87 px line). Taller
    windows scale them up, so 1280x720 gets bigger targets and numbers rather than empty space."""

    @staticmethod
    def scale() -> float:
        return max(1.0, min(1.5, Window.height / 480))

    @classmethod
    def row(cls) -> float:
        return dp(48) * cls.scale()

    @classmethod
    def primary(cls) -> float:
        return dp(64) * cls.scale()

    @classmethod
    def hand_row(cls) -> float:
        return dp(32) * cls.scale()

    @classmethod
    def wide(cls, width: float) -> float:
        """A fixed width (a Back button, a shape) grown with the window."""
        return width * cls.scale()

    @classmethod
    def count_font(cls) -> float:
        return dp(74) * cls.scale()

    @classmethod
    def gap(cls) -> float:
        """Between the table's parts: narrow, so the seats and the pad both fit on the 7" panel."""
        return dp(4) * cls.scale()


class Fonts:
    """The theme's type sizes, grown with the window like the targets (unchanged on the 7" panel)."""

    @staticmethod
    def small() -> float:
        return theme.FONT_SMALL * Sizes.scale()

    @staticmethod
    def body() -> float:
        return theme.FONT_BODY * Sizes.scale()

    @staticmethod
    def table() -> float:
        """Words read from the seats: names, tags, the top card, whose step it is (3.5 mm capitals)."""
        return theme.FONT_TABLE * Sizes.scale()

    @staticmethod
    def title() -> float:
        return theme.FONT_TITLE * Sizes.scale()

    @staticmethod
    def number() -> float:
        return theme.FONT_NUMBER * Sizes.scale()


# A player's or a colour's shape: drawn from its own box and moved with it (see SymbolShape).
Shape = SymbolShape


class Filled:
    """Paints a rounded fill (and an outline when `ring` is set) behind a widget. RING_OUTSIDE draws the
    outline just outside the widget's edge, clear of what it holds."""

    RING_OUTSIDE = False

    def paint(self, fill, ring=None, ring_width=None):
        ring_width = dp(3) if ring_width is None else ring_width
        if not hasattr(self, "_fill"):
            with self.canvas.before:
                self._fill_colour = Color(*fill)
                self._fill = RoundedRectangle(radius=[theme.RADIUS])
                self._ring_colour = Color(0, 0, 0, 0)
                self._ring = Line(width=ring_width)
            self._ring_width = ring_width
            self.bind(pos=self._place, size=self._place)
        self._fill_colour.rgba = fill
        self._ring_colour.rgba = ring or (0, 0, 0, 0)
        self._place()

    def _place(self, *_):
        self._fill.pos, self._fill.size = self.pos, self.size
        inset = -self._ring_width if self.RING_OUTSIDE else self._ring_width
        self._ring.rounded_rectangle = (self.x + inset, self.y + inset, max(0, self.width - 2 * inset),
                                        max(0, self.height - 2 * inset), theme.RADIUS)


class Wrapped(Label):
    """Text that wraps at spaces within its width and is centred in its height: a long name takes a
    second line rather than being cut or shortened."""

    def __init__(self, **kwargs):
        kwargs.setdefault("color", theme.TEXT)
        kwargs.setdefault("halign", "left")
        kwargs.setdefault("valign", "middle")
        super().__init__(**kwargs)
        self.bind(width=lambda label, width: setattr(label, "text_size", (width, None)))
        if "width" in kwargs:
            self.text_size = (self.width, None)


class KeyNumber(Label):
    """A count the family acts on, in digits 10 mm tall on the 7" panel (the layout check measures every
    label marked key_number). Digits have no descenders and no accents, so the box holds only the band
    they are drawn in: the font's empty line space above and below them is cut off, and a seat or a
    pile is as tall as its number rather than its font's line."""

    key_number = True

    def __init__(self, **kwargs):
        kwargs.setdefault("font_size", Sizes.count_font())
        kwargs.setdefault("bold", True)
        kwargs.setdefault("color", theme.TEXT)
        super().__init__(**kwargs)

    def texture_update(self, *largs):
        super().texture_update(*largs)
        line = self.texture
        if line is None:
            return
        top, height = digit_band(self.font_size, self.bold, self.font_name)
        # A region counts its rows from the bottom of the line.
        self.texture = line.get_region(0, line.height - top - height, line.width, height)
        self.texture_size = [line.width, height]

    @staticmethod
    def height_for(font_size: float, bold: bool = True, font_name: str = "Roboto") -> float:
        return digit_band(font_size, bold, font_name)[1]


class _Rendered(CoreLabel):
    """A text label that keeps the pixels it rendered, so the rows its glyphs fill can be read."""

    rendered = None

    def _render_end(self):
        self.rendered = super()._render_end()
        return self.rendered


@lru_cache(maxsize=32)
def digit_band(font_size: float, bold: bool, font_name: str) -> tuple[int, int]:
    """(first row, rows) of a line of text that any digit fills at this size."""
    label = _Rendered(text="0123456789", font_size=font_size, bold=bold, font_name=font_name)
    label.refresh()
    label.render(real=True)
    image = label.rendered
    if image is None or not image.height:
        return 0, int(line_height(font_size))
    row_bytes = len(image.data) // image.height
    inked = [row for row in range(image.height)
             if any(alpha > 40 for alpha in image.data[row * row_bytes + 3:(row + 1) * row_bytes:4])]
    return (inked[0], inked[-1] - inked[0] + 1) if inked else (0, image.height)


TAG_PADDING = dp(10)


class MuttsTag(Filled, Label):
    """A short word on a coloured chip, as tall as its line of text: TURN, DOG HOUSE, DEALS, TOP DOG."""

    def __init__(self, text: str, fill, **kwargs):
        kwargs.setdefault("font_size", Fonts.table())
        kwargs.setdefault("bold", True)
        super().__init__(text=text, size_hint=(None, None), color=theme.readable_text_on(fill), **kwargs)
        self.paint(fill)
        self.bind(texture_size=self._fit, font_size=self._fit)
        self._fit()

    def _fit(self, *_):
        self.texture_update()
        self.size = (self.texture_size[0] + TAG_PADDING, self.texture_size[1])


class MuttsChoice(Filled, ButtonBehavior, BoxLayout):
    """A big button with an optional shape beside its words (colours, players, card kinds). The words
    wrap at spaces, never inside a word. `selected` draws a thick ring, so a chosen option never
    depends on colour."""

    kind = StringProperty("normal")
    selected = BooleanProperty(False)
    text = StringProperty("")
    rgba = ListProperty([])
    # Why the rules would refuse this choice now: it looks disabled but still takes the tap, so the
    # screen can say why instead of nothing happening.
    disabled_reason = StringProperty("")

    _FILLS = {"primary": theme.ACCENT, "normal": theme.SURFACE_HIGH, "danger": theme.DANGER,
              "ok": theme.OK, "quiet": theme.SURFACE}

    def __init__(self, text: str, shape: str | None = None, rgb=None, font_size=None, **kwargs):
        if "size_hint" not in kwargs:
            kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", Sizes.row())
        kwargs.setdefault("padding", [dp(8), dp(2)])
        super().__init__(spacing=dp(6), **kwargs)
        font_size = font_size or Fonts.body()
        self.symbol = None
        if shape:
            self.symbol = Shape(shape=shape, rgba=theme.with_alpha(rgb or (1, 1, 1)), size_hint_x=None)
            self.bind(height=self._size_symbol)
            self._size_symbol()
            self.add_widget(self.symbol)
        self.label = Label(text=text, font_size=font_size, bold=True, halign="center" if not shape else "left",
                           valign="middle")
        self.label.bind(size=lambda lab, size: setattr(lab, "text_size", size))
        self.add_widget(self.label)
        self.text = text
        self.bind(text=lambda *_: setattr(self.label, "text", self.text))
        self.bind(kind=self._redraw, selected=self._redraw, state=self._redraw, disabled=self._redraw,
                  disabled_reason=self._redraw)
        self._redraw()

    def _size_symbol(self, *_):
        self.symbol.width = min(dp(30) * Sizes.scale(), self.height * 0.5)

    def _redraw(self, *_):
        fill = self._FILLS.get(self.kind, theme.SURFACE_HIGH)
        greyed = self.disabled or bool(self.disabled_reason)
        if greyed:
            fill = theme.DISABLED
        elif self.state == "down":
            fill = tuple(min(1, c + 0.15) for c in fill[:3]) + (1,)
        self.paint(fill, theme.TEXT if self.selected else None)
        self.label.color = theme.readable_text_on(fill) if not greyed else theme.TEXT_DIM


class MuttsStepper(BoxLayout):
    """[-] N [+] for counts a family says out loud: cards drawn, cards put down."""

    def __init__(self, value: int, low: int, high: int, on_change, **kwargs):
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", Sizes.primary())
        super().__init__(spacing=dp(4), **kwargs)
        self.value, self.low, self.high, self.on_change = value, low, high, on_change
        side = Sizes.row()
        self.minus = MuttsChoice("-", font_size=Fonts.number() * 0.7, size_hint=(None, 1), width=side)
        self.plus = MuttsChoice("+", font_size=Fonts.number() * 0.7, size_hint=(None, 1), width=side)
        self.number = fitted(str(value), Fonts.number(), bold=True)
        self.minus.bind(on_release=lambda *_: self.step(-1))
        self.plus.bind(on_release=lambda *_: self.step(1))
        self.add_widget(self.minus)
        self.add_widget(self.number)
        self.add_widget(self.plus)
        self._show()

    def step(self, delta: int) -> None:
        value = max(self.low, min(self.high, self.value + delta))
        if value != self.value:
            self.value = value
            self._show()
            self.on_change(value)

    def _show(self):
        self.number.text = str(self.value)
        self.minus.disabled = self.value <= self.low
        self.plus.disabled = self.value >= self.high


class ColourMark(BoxLayout):
    """A card colour as shape + word, e.g. the colour to follow after a wild."""

    def __init__(self, colour: str | None, colours=(), font_size=None, prefix: str = "", **kwargs):
        super().__init__(spacing=dp(6), **kwargs)
        font_size = font_size or Fonts.body()
        rgb, shape = colour_look(colour, colours)
        self.symbol = Shape(shape=shape or "", rgba=theme.with_alpha(rgb), size_hint=(None, 1), width=dp(24),
                            opacity=1 if shape else 0)
        self.add_widget(self.symbol)
        self.label = Wrapped(text=f"{prefix}{(colour or '?').upper()}", font_size=font_size, bold=True)
        self.add_widget(self.label)


# ----- measuring text, so a name wraps rather than being cut ------------------------------------
@lru_cache(maxsize=2048)
def text_width(text: str, font_size: float, bold: bool = True) -> float:
    label = CoreLabel(text=text, font_size=font_size, bold=bold)
    label.refresh()
    return label.texture.size[0] if label.texture else 0


@lru_cache(maxsize=64)
def line_height(font_size: float) -> float:
    label = CoreLabel(text="Hg", font_size=font_size)
    label.refresh()
    return label.texture.size[1]


def lines_needed(text: str, font_size: float, width: float, bold: bool = True) -> int:
    """How many lines `text` takes when wrapped at spaces in `width` (a word never breaks)."""
    lines, current = 1, ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and text_width(candidate, font_size, bold) > width:
            lines, current = lines + 1, word
        else:
            current = candidate
    return lines


@lru_cache(maxsize=8)
def tag_height(font_size: float) -> float:
    return MuttsTag("X", theme.SURFACE, font_size=font_size).height


def tag_width(word: str, font_size: float) -> float:
    return text_width(word, font_size) + TAG_PADDING


def count_width() -> float:
    """Room for the widest hand size a seat shows, so a name never reflows when a hand reaches 10."""
    return text_width("88", Sizes.count_font())


class Hint(Wrapped):
    """The pad's last line (the big-button mapping, or the last move), right under the step. It steps
    aside (no height, invisible) when the message bar leaves the pad too little room for it. Fine
    print: the player about to press reads it."""

    fine_print = True

    def __init__(self, text: str, **kwargs):
        kwargs.setdefault("size_hint_y", None)
        super().__init__(text=text, font_size=Fonts.small(), color=theme.TEXT_DIM, **kwargs)
        self.room = float("inf")
        self.bind(texture_size=lambda *_: self.fit(self.room))

    def fit(self, room: float) -> None:
        """Show the hint only if its wrapped text fits in `room`."""
        self.room = room
        wanted = self.texture_size[1]
        shown = 0 < wanted <= room
        self.opacity = 1 if shown else 0
        self.height = wanted if shown else 0
