"""One choice on a pad or a picker: a big button with an optional shape (a player's, a card colour's)
or swatch beside its words, an optional note under them, a ring when it is the chosen one (so being
chosen never depends on colour), and a reason when the rules would refuse it: it is then drawn
greyed but still takes the tap, so the screen can say why instead of nothing happening. Words too big
for it take smaller type, down to the app's smallest, as a BigButton's do."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from kivy.clock import Clock
from kivy.graphics import Color, InstructionGroup, Line, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import AliasProperty, BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from ui import theme
from ui.widgets.kv import load_kv
from ui.widgets.sizes import sizes
from ui.widgets.symbols import SymbolShape  # noqa: F401  (named in choice.kv)
from ui.widgets.text import font_to_fit, line_height, lines_needed, text_width

if TYPE_CHECKING:
    from companion.players import Identity

# Padding both sides and the spacing beside the shape (none is still a widget, with its spacing): choice.kv.
CHOICE_FRAME = dp(16) + dp(6)
FILL_NAMES = {"primary": "accent", "normal": "surface_high", "danger": "danger", "ok": "ok", "quiet": "surface"}


class Choice(ButtonBehavior, BoxLayout):
    text = StringProperty("")
    note = StringProperty("")
    kind = StringProperty("normal")
    shape = StringProperty("")          # a shape drawn left of the words, in `shape_rgba`
    shape_rgba = ListProperty([1, 1, 1, 1])
    selected = BooleanProperty(False)
    edge_rgba = ListProperty([0, 0, 0, 0])   # a faint edge round a fill that would be lost in the dark room
    ring_rgba = ListProperty([])      # the chosen ring's colour ([]: the palette's text)
    ring_inset = NumericProperty(dp(3))   # how far inside the edge the chosen ring runs (a small card: at it)
    disabled_reason = StringProperty("")
    font_size = NumericProperty(0)
    shown_font = NumericProperty(0)     # the words' type: font_size, or less where they would not fit
    note_font = NumericProperty(0)      # the note's: the small type, but never bigger than the words it notes
    halign = StringProperty("center")
    tint = ListProperty([])             # a fill of its own (a player's colour) instead of its kind's

    def _greyed(self) -> bool:
        return bool(self.disabled or self.disabled_reason)

    greyed = AliasProperty(_greyed, bind=["disabled", "disabled_reason"], cache=True)

    def _fill(self) -> list[float]:
        if self.greyed:
            return list(theme.palette.disabled)
        fill = list(self.tint) or list(getattr(theme.palette, FILL_NAMES.get(self.kind, "surface_high")))
        if self.state == "down":
            fill = theme.pressed(fill)
        return fill

    fill = AliasProperty(_fill, bind=["greyed", "kind", "state", "tint"], cache=False)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("font_size", sizes.font_body)
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", sizes.row)
        super().__init__(**kwargs)
        self._make_drawing()
        theme.palette.bind(version=self._recolour)
        for name in ("text", "note", "font_size"):
            self.fbind(name, self._fit_words)

    def _make_drawing(self) -> None:
        """Its fill, and only what shows of its edge, its chosen ring and the palette's outline: each
        of those drawn see-through or at no size would still be a draw call at every frame, three of a
        choice's five. They go first on the canvas, under what a kind of choice adds of its own."""
        self._edge = Color(), RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[dp(10)])
        self._body = Color(), RoundedRectangle(segments=theme.CORNER_SEGMENTS)
        self._ring = Color(), Line()
        self._outline = Color(), Line(width=dp(1.5))
        self._drawing = InstructionGroup()
        self._drawn: tuple[Any, ...] = ()
        self.canvas.before.insert(0, self._drawing)
        self._redraw = Clock.create_trigger(self._draw, -1)
        for name in ("pos", "size", "fill", "edge_rgba", "selected", "ring_rgba", "ring_inset"):
            self.fbind(name, self._redraw)
        self._draw()

    def _draw(self, *_: Any) -> None:
        (x, y), (width, height) = self.pos, self.size
        edged = bool(self.edge_rgba[3])
        parts: list[Any] = []
        if edged:
            # The edge is the fill of a rectangle under the fill's, not a line: cheaper to paint.
            self._edge[0].rgba = self.edge_rgba
            self._edge[1].pos, self._edge[1].size = self.pos, self.size
            parts += self._edge
            inset = dp(1.5)
            self._body[1].pos, self._body[1].size = (x + inset, y + inset), (max(0, width - 2 * inset),
                                                                              max(0, height - 2 * inset))
            self._body[1].radius = [dp(9)]
        else:
            self._body[1].pos, self._body[1].size, self._body[1].radius = self.pos, self.size, [dp(10)]
        self._body[0].rgba = self.fill
        parts += self._body
        if self.selected:
            inset = self.ring_inset
            self._ring[0].rgba = self.ring_rgba or theme.palette.text
            self._ring[1].width = dp(3)
            self._ring[1].rounded_rectangle = (x + inset, y + inset, max(0, width - 2 * inset),
                                               max(0, height - 2 * inset), dp(10))
            parts += self._ring
        if theme.palette.outline[3]:
            self._outline[0].rgba = theme.palette.outline
            self._outline[1].rounded_rectangle = (x, y, width, height, dp(10))
            parts += self._outline
        if tuple(parts) != self._drawn:
            self._drawn = tuple(parts)
            self._drawing.clear()
            for part in parts:
                self._drawing.add(part)

    def on_kv_post(self, base_widget: Any) -> None:
        self.ids["label"].fbind("size", self._fit_words)
        self._fit_words()

    def _fit_words(self, *_: Any) -> None:
        label = self.ids.get("label")
        if label is None or label.width <= 1 or not self.text.strip():
            self.shown_font, self.note_font = self.font_size, sizes.font_small
            return
        note_font = sizes.font_small
        font = self._font_beside_note(label.width, label.height, note_font)
        if self.note and font < note_font:
            # Words made smaller to leave the note its line: the note is made as small as them, and the
            # words then take what that smaller note leaves them (the note never bigger than they are).
            note_font = max(font, theme.FONT_SMALL)
            font = max(note_font, self._font_beside_note(label.width, label.height, note_font))
        self.shown_font, self.note_font = font, note_font

    def _font_beside_note(self, width: float, height: float, note_font: float) -> float:
        """The words' type where they share `height` with the note's line in `note_font`."""
        note = line_height(note_font) if self.note else 0.0
        return font_to_fit(self.text, self.font_size, min(self.font_size, theme.FONT_SMALL), width,
                           max(height - note, line_height(theme.FONT_SMALL)), bold=True)

    def _shape_side(self) -> float:
        return min(dp(30) * sizes.scale, self.height * 0.5) if self.shape else 0.0

    def _words_room(self, width: float) -> float:
        """The words' width in a choice `width` wide: less its padding, the shape and the spacing."""
        return max(1.0, width - CHOICE_FRAME - self._shape_side())

    def least_width(self, notes: Sequence[str] = ()) -> float:
        """The narrowest it may be with each of its words whole in the smallest type, and each of
        `notes` (the notes it may show) whole on its one line under them."""
        lines = [text_width(note, sizes.font_small, bold=True) + CHOICE_FRAME for note in notes]
        return max([least_choice_width(self.text), *lines]) + self._shape_side()

    def words_fit(self, width: float) -> bool:
        """Whether at `width` every word of it is whole on its line, in the smallest type at least."""
        room = self._words_room(width)
        return all(text_width(word, theme.FONT_SMALL, bold=True) <= room for word in self.text.split())

    def height_for(self, width: float) -> float:
        """How tall it must be at `width` for its words at its size (the least it may take), its note
        under them and its padding, on as many lines as they need."""
        room = self._words_room(width)
        font = min(self.font_size, max(theme.FONT_SMALL, font_to_fit(self.text, self.font_size, theme.FONT_SMALL,
                                                                     room, bold=True)))
        note = line_height(sizes.font_small) if self.note else 0.0
        return lines_needed(self.text, font, room, bold=True) * line_height(font) + note + dp(4)

    def _recolour(self, *_: Any) -> None:
        self.property("fill").dispatch(self)
        self._redraw()

    def ink(self, fill: list[float]) -> Sequence[float]:
        return theme.palette.text_dim if self.greyed else theme.readable_text_on(fill)


def least_choice_width(words: str) -> float:
    """The narrowest a choice of `words` with no shape may be with each word whole in the smallest type."""
    return max([text_width(word, theme.FONT_SMALL, bold=True) for word in words.split()] + [0.0]) + CHOICE_FRAME


class ChoiceRow(BoxLayout):
    """A few options side by side of which one is chosen (a setting's On / Off): the chosen one is
    filled and ringed. `options` are (value, words), given when the row is made; a tap on another
    chooses it and dispatches on_choose(value), and setting `value` from the model marks it without."""

    options = ListProperty([])
    value = ObjectProperty(None, allownone=True)
    font_size = NumericProperty(0)

    __events__ = ("on_choose",)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("font_size", sizes.font_body)
        super().__init__(**kwargs)
        self.buttons: dict[Any, Choice] = {}
        for value, words in self.options:
            button = Choice(text=words, font_size=self.font_size, size_hint_y=1)
            button.bind(on_release=lambda _button, chosen=value: self.choose(chosen))
            self.buttons[value] = button
            self.add_widget(button)
        self.fbind("value", self._mark)
        self._mark()

    def choose(self, value: Any) -> None:
        if value != self.value:
            self.value = value
            self.dispatch("on_choose", value)

    def on_choose(self, value: Any) -> None:
        """A tap chose another option."""

    def _mark(self, *_: Any) -> None:
        for value, button in self.buttons.items():
            button.selected = value == self.value
            button.kind = "ok" if button.selected else "normal"


def player_choice(name: str, identity: Identity, **kwargs: Any) -> Choice:
    """A player's own button: filled with their colour, their shape on it in white, their name."""
    kwargs.setdefault("font_size", theme.FONT_BODY)
    return Choice(text=name, shape=identity.symbol, shape_rgba=[1, 1, 1, 1],
                  tint=list(theme.with_alpha(identity.rgb)), **kwargs)


load_kv(__file__)
