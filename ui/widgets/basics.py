"""The app's building blocks: big buttons, labels that wrap, player badges, a message bar, counts."""

import math
import re
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Line, RoundedRectangle, SmoothLine
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme
from ui.widgets.repeat_taps import OnceBehavior
from ui.widgets.shared_fills import drawn_by, fills_changed, fills_of
from ui.widgets.text import breakable, font_to_fit, text_width

_MARKUP = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]")


class Panel(BoxLayout):
    """A rounded surface that groups related things. A `lit` panel stands out on the higher surface
    (whose turn it is, the winner's row); a panel given a `fill` of its own keeps it, lit or not. A
    `ring` colour outlines it (whose turn it is, a score picked out), inside its edge or, with
    `ring_outside`, just outside it, clear of what it holds."""

    fill = ListProperty(theme.SURFACE)
    lit = BooleanProperty(False)
    ring = ListProperty([0, 0, 0, 0])
    ring_width = NumericProperty(dp(2))
    ring_outside = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("padding", theme.PAD)
        kwargs.setdefault("spacing", theme.GAP)
        # The palette is read now, not when this module was imported, and again when it is switched.
        self._custom_fill = "fill" in kwargs
        kwargs.setdefault("fill", theme.SURFACE)
        super().__init__(**kwargs)
        with self.canvas.before:
            self._colour = Color(*self.fill)
            self._shape = RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[theme.RADIUS])
        # The ring's outline is drawn only once a panel has had one: most never do.
        self._ring: tuple[Color, Line] | None = None
        self.bind(pos=self._move_fill, size=self._move_fill, fill=self._fill_changed, ring=self._ring_changed,
                  ring_width=self._move_fill, ring_outside=self._move_fill, lit=self._refill)
        theme.palette.bind(version=self._refill)
        self._refill()
        if self.ring[3]:
            self._ring_changed()

    def _refill(self, *_: Any) -> None:
        if not self._custom_fill:
            self.fill = theme.SURFACE_HIGH if self.lit else theme.SURFACE

    def _fill_changed(self, *_: Any) -> None:
        self._colour.rgba = self.fill

    def _ring_changed(self, *_: Any) -> None:
        if self._ring is None:
            self._ring = Color(), Line()
            self._move_fill()
        self._ring[0].rgba = self.ring
        # A ring put away (the turn moved on) leaves the canvas: drawn see-through it would still cost.
        drawn = self.canvas.before.indexof(self._ring[1]) >= 0
        if bool(self.ring[3]) != drawn:
            for part in self._ring:
                (self.canvas.before.remove if drawn else self.canvas.before.add)(part)

    def _move_fill(self, *_: Any) -> None:
        self._shape.pos, self._shape.size = self.pos, self.size
        if self._ring is not None:
            line, width = self._ring[1], self.ring_width
            inset = -width if self.ring_outside else width
            line.width = width
            line.rounded_rectangle = (self.x + inset, self.y + inset, max(0, self.width - 2 * inset),
                                      max(0, self.height - 2 * inset), theme.RADIUS)


class FitsWords:
    """Put before Label in a label's bases: words too big for its room take smaller type, down to
    `least_font()`, rather than break mid-word or spill (a long name, Larger text). The size asked for
    (font_size, in KV or in Python) is kept, and given back where the words fit again."""

    font_size: Any

    def keep_words_whole(self) -> None:
        """Called once it is made (its KV rule applied): the size asked for is the one it has now."""
        label: Any = self
        self._asked_font: float = self.font_size
        self._fitting = False
        label.fbind("font_size", self._font_asked)
        for name in ("text", "bold", "size"):
            label.fbind(name, self.fit_words)

    def least_font(self) -> float:
        return 0.0

    def words_room(self) -> tuple[float, float]:
        label: Any = self
        return label.width, label.height

    def _font_asked(self, *_: Any) -> None:
        if not self._fitting:
            self._asked_font = self.font_size
            self.fit_words()

    def fit_words(self, *_: Any) -> None:
        label: Any = self
        least = self.least_font()
        words = _MARKUP.sub("", label.text) if label.markup else label.text
        width, height = self.words_room()
        if not least or width <= 0 or not words.strip() or not hasattr(self, "_asked_font"):
            return
        asked = self._asked_font
        font = font_to_fit(words, asked, min(asked, least), width, height, label.bold)
        if font != self.font_size:
            self._fitting = True
            self.font_size = font
            self._fitting = False


class Text(FitsWords, Label):
    """A label that wraps to its width and grows to its text, so nothing is clipped at 800x480.
    `fine_print` marks words read up close (a hint, an explanation) rather than from across the table.
    With `fit_down_to`, a text given its height (a title in a bar) takes smaller type, down to that
    size, where its words would not fit the box."""

    fine_print = BooleanProperty(False)
    fit_down_to = NumericProperty(0)
    # A line that only sometimes has something to say (a footnote) takes no room while it says nothing;
    # other texts keep a line's room, so what is under them does not jump when their words come.
    gone_when_empty = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("font_size", theme.FONT_BODY)
        kwargs.setdefault("color", theme.TEXT)
        kwargs.setdefault("halign", "left")
        kwargs.setdefault("valign", "middle")
        kwargs.setdefault("size_hint_y", None)
        super().__init__(**kwargs)
        self.bind(width=self._wrap, texture_size=self._grow, text=self._grow, gone_when_empty=self._grow)
        self._wrap()
        self.keep_words_whole()
        self.fbind("fit_down_to", self.fit_words)

    def least_font(self) -> float:
        return float(self.fit_down_to)

    def words_room(self) -> tuple[float, float]:
        return self.width, self.height if self.size_hint_y is not None else math.inf

    def _wrap(self, *_: Any) -> None:
        self.text_size = (self.width, None)

    def _grow(self, *_: Any) -> None:
        if self.gone_when_empty and not self.text.strip():
            self.height = 0
            return
        self.height = max(self.texture_size[1], self.font_size * 1.3)


class BigButton(OnceBehavior, ButtonBehavior, FitsWords, Label):
    """A large rounded button. `kind` picks its colour: primary, normal, danger, quiet. A button whose
    job ends what it is on (closes its popup, changes the screen) is made with `once=True`: a double
    tap on it does its job once (ui/widgets/repeat_taps.py). Words too big for the button (a long name,
    Larger text) take smaller type, down to the app's smallest, rather than break or spill."""

    kind = StringProperty("normal")
    disabled_reason = StringProperty("")
    fill = ListProperty(theme.SURFACE_HIGH)

    _FILL_NAMES = {"primary": "ACCENT", "normal": "SURFACE_HIGH", "danger": "DANGER", "ok": "OK",
                   "quiet": "SURFACE"}

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("font_size", theme.FONT_BODY)
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", theme.TOUCH)
        kwargs.setdefault("halign", "center")
        kwargs.setdefault("valign", "middle")
        kwargs.setdefault("bold", True)
        super().__init__(**kwargs)
        with self.canvas.before:
            self._colour = Color()
            self._shape = RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[theme.RADIUS])
        # The outline is drawn only while the palette has one (high contrast): a line with nothing to
        # show is still a draw call, one of a screen's hundred.
        self._outline_colour = Color(0, 0, 0, 0)
        self._outline = Line(width=dp(1.5))
        self._outlined = False
        self.bind(pos=self._move_fill, size=self._move_fill, state=self._redraw, kind=self._redraw,
                  disabled=self._redraw, fill=self._redraw, disabled_reason=self._redraw)
        self.bind(size=self._wrap)
        # In a row or grid the fill is drawn by the row, with its neighbours' (ui/widgets/shared_fills.py).
        self.shared_fill: list[float] | None = None
        self._sharing_with: Widget | None = None
        self.bind(parent=self._parent_changed, opacity=self._shared_fill_moved)
        theme.palette.bind(version=self._redraw)
        self._redraw()
        self._move_fill()
        self.keep_words_whole()

    def least_font(self) -> float:
        return float(theme.FONT_SMALL)

    def words_room(self) -> tuple[float, float]:
        return self.width - theme.GAP * 2, self.height

    def _wrap(self, *_: Any) -> None:
        self.text_size = (self.width - theme.GAP * 2, None)

    def _redraw(self, *_: Any) -> None:
        fill = self.fill if self.kind == "custom" else getattr(theme, self._FILL_NAMES.get(self.kind, "SURFACE_HIGH"))
        # With a disabled_reason the button looks disabled but still takes the tap, so the screen
        # can say why instead of nothing happening.
        greyed = self.disabled or bool(self.disabled_reason)
        if greyed:
            fill = theme.DISABLED
        elif self.state == "down":
            fill = theme.pressed(fill)
        self._colour.rgba = fill
        if self._sharing_with is not None:
            self.shared_fill = list(fill)
            self._shared_fill_moved()
        self.color = theme.readable_text_on(fill) if not greyed else theme.TEXT_DIM
        self._outline_colour.rgba = theme.palette.outline
        outlined = bool(theme.palette.outline[3])
        if outlined != self._outlined:
            self._outlined = outlined
            for part in (self._outline_colour, self._outline):
                (self.canvas.before.add if outlined else self.canvas.before.remove)(part)

    def _move_fill(self, *_: Any) -> None:
        self._shape.pos, self._shape.size = self.pos, self.size
        self._outline.rounded_rectangle = (self.x, self.y, self.width, self.height, theme.RADIUS)
        self._shared_fill_moved()

    def _shared_fill_moved(self, *_: Any) -> None:
        if self._sharing_with is None:
            return
        # The row that draws it may be higher now (its row was put in a plain row since).
        row = drawn_by(self)
        if row is not self._sharing_with and row is not None:
            fills_changed(self._sharing_with)
            self._sharing_with = row
        fills_of(self._sharing_with).changed()

    def _parent_changed(self, *_: Any) -> None:
        fills_changed(self._sharing_with)
        row = drawn_by(self)
        self._sharing_with = row
        drawn_here = self.canvas.before.indexof(self._shape) >= 0
        if row is None and not drawn_here:
            self.canvas.before.insert(0, self._shape)
            self.canvas.before.insert(0, self._colour)
        elif row is not None and drawn_here:
            self.canvas.before.remove(self._colour)
            self.canvas.before.remove(self._shape)
        self.shared_fill = list(self._colour.rgba) if row is not None else None
        self._shared_fill_moved()


def button_width(text: str, least: float = 0, font_size: float = 0) -> float:
    """As wide as a BigButton must be for `text` on one line in its bold type (the body type unless
    given), and no narrower than `least`: buttons in a row keep their words whole with Larger text."""
    return max(least, text_width(text, font_size or theme.FONT_BODY, bold=True) + 2 * theme.GAP + dp(2))


# The mark at the left of a message: a cross for a refusal, a tick for what was done, so the two are
# told apart without their colours.
MARK = dp(18)
MARK_ROOM = MARK + dp(12)


class MessageBar(Label):
    """One line of feedback at the bottom of a screen: refusals in red with a cross, confirmations in
    the calm colour with a tick. It stays until replaced or cleared, so a child has time to have it
    read aloud. With `reserve` the bar keeps that height while empty, and a long message takes a
    smaller font before it takes more room, so what is above it does not jump."""

    # Read by the player who just acted, up close.
    fine_print = True
    font_size: Any   # Kivy's property: a long message steps it down, a new one puts it back

    def __init__(self, reserve: float = 0, **kwargs: Any) -> None:
        kwargs.setdefault("font_size", theme.FONT_BODY)
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", reserve)
        kwargs.setdefault("halign", "center")
        kwargs.setdefault("valign", "middle")
        super().__init__(**kwargs)
        self.reserve = reserve
        self.problem = False   # what it shows is a refusal
        self._base_font: float = self.font_size
        with self.canvas.before:
            self._colour = Color(0, 0, 0, 0)
            self._shape = RoundedRectangle(segments=theme.CORNER_SEGMENTS, radius=[theme.RADIUS])
        with self.canvas.after:
            self._mark_colour = Color(0, 0, 0, 0)
            # A SmoothLine is a mesh: a Line wider than a pixel would be drawn through the stencil.
            self._strokes = (SmoothLine(width=dp(2.2)), SmoothLine(width=dp(2.2)))
        # An empty bar draws nothing: its bar and mark leave the canvas until it shows a message (a
        # see-through shape is still three draw calls a frame on every screen).
        self._drawn = True
        self._draw_bar(False)
        self.bind(pos=self._redraw, size=self._redraw)
        # Room for the mark on both sides, so the words stay in the middle; a message shown before the bar
        # had its width (as a screen opens) is fitted again to the lines it then takes.
        self.bind(width=self._rewrap)
        self._clear_event = None

    def _rewrap(self, *_: Any) -> None:
        self.text_size = (self.width - 2 * (theme.PAD + MARK_ROOM), None)
        if self.text:
            self._fit()

    def _redraw(self, *_: Any) -> None:
        self._shape.pos, self._shape.size = self.pos, self.size
        # Not `center_y`: when the bar grows, its size is told before center_y has followed it, and
        # the mark would stay where the middle of the empty bar was.
        x, y, h = self.x + theme.PAD + MARK / 2, self.y + self.height / 2, MARK / 2
        if self.problem:
            first, second = [x - h, y - h, x + h, y + h], [x - h, y + h, x + h, y - h]
        else:
            first, second = [x - h, y, x - h / 3, y - h * 0.7, x + h, y + h * 0.8], []
        self._strokes[0].points, self._strokes[1].points = first, second

    def _draw_bar(self, drawn: bool) -> None:
        if drawn == self._drawn:
            return
        self._drawn = drawn
        for canvas, parts in ((self.canvas.before, (self._colour, self._shape)),
                              (self.canvas.after, (self._mark_colour, *self._strokes))):
            for part in parts:
                (canvas.add if drawn else canvas.remove)(part)

    def show(self, text: str, *, problem: bool = False, seconds: float | None = 8) -> None:
        self._draw_bar(True)
        self.text = breakable(text)
        self.problem = problem
        fill = theme.DANGER if problem else theme.OK
        self._colour.rgba = fill
        self.color = theme.readable_text_on(fill)
        self._mark_colour.rgba = self.color
        self._redraw()
        self._fit()
        if self._clear_event is not None:
            self._clear_event.cancel()
        if seconds:
            self._clear_event = Clock.schedule_once(lambda dt: self.clear(), seconds)

    def _fit(self) -> None:
        """A long message takes a smaller font, then the bar's own margin, before it takes more room."""
        self.font_size = self._base_font
        self.texture_update()
        bar = max(self.reserve, theme.TOUCH * 0.8)
        while self.texture_size[1] > bar - theme.GAP and self.font_size > theme.FONT_SMALL:
            self.font_size = max(theme.FONT_SMALL, self.font_size - 2)
            self.texture_update()
        tall = self.texture_size[1]
        self.height = bar if tall + dp(2) <= bar else tall + theme.GAP

    def clear(self) -> None:
        self.text = ""
        self.problem = False
        self.height = self.reserve
        self._colour.rgba = (0, 0, 0, 0)
        self._mark_colour.rgba = (0, 0, 0, 0)
        self._draw_bar(False)


def fitted(text: str, font_size: float, **kwargs: Any) -> Label:
    """A one-line label that shrinks with its box instead of spilling over its neighbours."""
    kwargs.setdefault("color", theme.TEXT)
    kwargs.setdefault("halign", "center")
    label = Label(text=text, font_size=font_size, valign="middle", shorten=True, **kwargs)
    label.bind(size=lambda lab, size: setattr(lab, "text_size", size))
    return label


class PopupHeader(BoxLayout):
    """The top row every information popup shares: its `title`, and a Close button within reach that
    fires `on_close`."""

    title = StringProperty("")
    __events__ = ("on_close",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP, **kwargs)
        self.label = Text(text=self.title, font_size=theme.FONT_TITLE, bold=True, size_hint_y=1,
                          color=theme.palette.text, fit_down_to=theme.FONT_BODY)
        self.fbind("title", self.label.setter("text"))
        theme.palette.bind(text=self._recolour)
        self.add_widget(self.label)
        close = BigButton(text="Close", size_hint_x=None, width=dp(120), once=True)
        close.bind(on_release=lambda *_: self.dispatch("on_close"))
        self.add_widget(close)

    def _recolour(self, *_: Any) -> None:
        self.label.color = theme.palette.text

    def on_close(self) -> None:
        pass
