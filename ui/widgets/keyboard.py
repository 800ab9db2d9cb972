"""Typing on the touchscreen: a field that looks like a text box and, when tapped, a full-screen box
with the text in large type over big on-screen keys. The kiosk has no keyboard and its Kivy config
shows no keyboard of Kivy's own, so every typed word in the app goes through here; a PC keyboard types
into the same box, so the app behaves alike on both."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from kivy.core.text import Label as CoreLabel
from kivy.core.window import Window
from kivy.graphics import Color, Rectangle, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, OptionProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.vkeyboard import VKeyboard
from kivy.utils import escape_markup, get_hex_from_color

from companion.glyphs import in_words, undrawable
from ui import theme
from ui.widgets.basics import BigButton, Headline, Panel, fitted

# Long enough for "Great-Grandma Jo"; the player tiles in the game screens shorten anything longer.
NAME_LENGTH = 20


def text_width(text: str, font_size: float, bold: bool = True) -> float:
    label = CoreLabel(text=text, font_size=font_size, bold=bold)
    label.refresh()
    return label.texture.size[0] if label.texture else 0


def _keys(chars: str) -> list:
    return [[char, char, char.lower(), 1] for char in chars]


# The accented forms a long press on a letter offers, as phone keyboards do: the accented letters of
# most European names, each one the app's font draws (tests/test_ui_keyboard.py).
ACCENTS = {
    "a": "áàâäãåāąăæ", "c": "çćč", "d": "ďđð", "e": "éèêëēėęě", "g": "ğģ", "i": "íìîïīįı", "k": "ķ",
    "l": "łľĺļ", "n": "ñńňņ", "o": "óòôöõøőōœ", "r": "řŕ", "s": "śšşșß", "t": "ťţțþ", "u": "úùûüūůűų",
    "y": "ýÿ", "z": "źżž",
}
# The commonest of them, a page of their own for whoever does not know about the long press.
ACCENT_PAGE = ("áàâäãåçéèê", "ëíîïñóòôöø", "úùûüłšž")


def accented(letter: str) -> list[str]:
    """The accented forms of `letter`, in its case. A capital leaves out forms with no one-letter
    capital of their own (ß) and those whose capital is the plain letter (ı)."""
    forms = ACCENTS.get(letter.lower(), "")
    if not letter.isupper():
        return list(forms)
    return [form.upper() for form in forms if len(form.upper()) == 1 and form.upper() != letter]


# [shown, typed, key name, width in columns]. Every mode has the same key widths, because VKeyboard
# keeps one geometry and only redraws the labels when the mode changes.
_SHIFT = ["\u21e7", None, "shift", 1.5]
_BACKSPACE = ["\u232b", None, "backspace", 1.5]
_SPACE = ["space", " ", "spacebar", 3.5]
_DONE = ["Done", None, "enter", 2.5]
_TO_SYMBOLS = ["123", None, "symbols", 1.5]
_TO_ACCENTS = ["\u00e0\u00e9\u00fc", None, "accents", 1.5]
_TO_LETTERS = ["ABC", None, "letters", 1.5]


def _page(first: str, second: str, third: str, bottom: list) -> dict:
    return {"1": _keys(first), "2": _keys(second), "3": [_SHIFT, *_keys(third), _BACKSPACE], "4": bottom}


def _modes(**pages: dict) -> dict:
    return {f"{mode}_{line}": keys for mode, page in pages.items() for line, keys in page.items()}


LAYOUT = {
    "title": "Names",
    "description": "Letters for names, their accented forms, and the few marks names use; digits one tap away.",
    "cols": 10,
    "rows": 4,
    **_modes(
        normal=_page("qwertyuiop", "asdfghjkl'", "zxcvbnm", [_TO_SYMBOLS, _TO_ACCENTS, *_keys("-"), _SPACE, _DONE]),
        shift=_page("QWERTYUIOP", "ASDFGHJKL'", "ZXCVBNM", [_TO_SYMBOLS, _TO_ACCENTS, *_keys("-"), _SPACE, _DONE]),
        accents=_page(*ACCENT_PAGE, [_TO_SYMBOLS, _TO_LETTERS, *_keys("-"), _SPACE, _DONE]),
        accents_shift=_page(*(row.upper() for row in ACCENT_PAGE), [_TO_SYMBOLS, _TO_LETTERS, *_keys("-"), _SPACE, _DONE]),
        special={"1": _keys("1234567890"), "2": _keys("-'.,&()!?/"),
                 "3": [["+", "+", "+", 1.5], *_keys(":;*=@_#"), _BACKSPACE],
                 "4": [_TO_LETTERS, _TO_ACCENTS, *_keys("."), _SPACE, _DONE]},
    ),
}
LAYOUT_NAME = "companion_names"
# VKeyboard starts repeating a key held this long; a letter held as long offers its accented forms.
LONG_PRESS_S = 0.5


class Keys(VKeyboard):
    """Kivy's VKeyboard with the app's layout, docked across the bottom of its popup at scale 1 (the
    stock dock scales the keyboard to the window, which blurs the labels). A letter held down fires
    on_key_hold(typed, (x, y, width, height) of its key on the window)."""

    # VKeyboard's three modes, and the accents page in small letters and capitals.
    layout_mode = OptionProperty("normal", options=("normal", "shift", "accents", "accents_shift", "special"))
    __events__ = ("on_key_hold",)

    def __init__(self, **kwargs):
        kwargs.setdefault("docked", True)
        kwargs.setdefault("size_hint", (1, None))
        kwargs.setdefault("margin_hint", [0.02, 0.004, 0.02, 0.004])
        kwargs.setdefault("key_margin", [dp(3)] * 4)
        kwargs.setdefault("font_size", theme.FONT_TITLE)
        # Kivy's grey key images, darkened towards the app's surfaces so white labels read clearly.
        kwargs.setdefault("background_color", (0.45, 0.47, 0.54, 1))
        kwargs.setdefault("key_background_color", (0.62, 0.65, 0.74, 1))
        super().__init__(**kwargs)
        self.available_layouts[LAYOUT_NAME] = LAYOUT
        self.layout = LAYOUT_NAME
        # Drawn now rather than on the next frame, so a tap straight after opening finds its key.
        self.refresh(True)
        self.bind(size=lambda *_: self.refresh(False))

    def setup_mode_dock(self, *_):
        self.do_translation = False
        self.do_rotation = False
        self.do_scale = False
        self.rotation = 0
        self.scale = 1

    def _update_layout_mode(self, *_):
        # The popup sets the mode itself: VKeyboard's shift lasts only while a finger holds it down,
        # which a one-finger typist cannot do while tapping the letter.
        pass

    def _start_repeat_key(self, *args):
        # A child resting a finger on a letter means it once; only rubbing out repeats, and a letter
        # with accented forms offers them.
        touch = self.repeat_touch
        pressed = touch.ud.get(self.uid, {}).get("key") if touch is not None else None
        if not pressed:
            return
        (_, typed, name, _), (line, index) = pressed
        if name == "backspace":
            super()._start_repeat_key(*args)
        elif typed and accented(typed):
            self.dispatch("on_key_hold", typed, self.window_box(line, index))

    def on_key_hold(self, typed: str, key_box: tuple) -> None:
        pass

    def window_box(self, line: int, index: int) -> tuple[float, float, float, float]:
        """(x, y, width, height) of a key on the window."""
        (x, y), (width, height) = self.layout_geometry[f"LINE_{line}"][index]
        return (*self.to_window(*self.to_parent(x, y)), width, height)

    def show_mode(self, mode: str, shift_lit: bool) -> None:
        """A page of keys (letters, accents, symbols; the first two in capitals with "_shift"), with
        the shift key drawn held down while capitals are on."""
        if mode != self.layout_mode:
            self.layout_mode = mode
            # Redrawing every label is slow on a Pi, so only when the labels really change.
            self.refresh(False)
        self.active_keys.pop(-1, None)
        if shift_lit:
            self.active_keys[-1] = find_key(self, "shift")[0]
        self.refresh_active_keys_layer()


def find_key(keys: VKeyboard, label: str):
    """((line, index), (pos, size)) of the key showing `label` in the current mode, else the key with
    that key name ("backspace", "enter", "shift", "space"...), else the letter in either case."""
    layout = keys.available_layouts[keys.layout]
    rows = [(line, layout[f"{keys.layout_mode}_{line}"]) for line in range(1, layout["rows"] + 1)]
    tests = (lambda key: key[0] == label, lambda key: key[2] == label or (label == "space" and key[2] == "spacebar"),
             lambda key: key[0].casefold() == label.casefold())
    for test in tests:
        for line, row in rows:
            for index, key in enumerate(row):
                if test(key):
                    return (line, index), keys.layout_geometry[f"LINE_{line}"][index]
    raise KeyError(f"no key {label!r} on the keyboard in {keys.layout_mode} mode")


def key_center(keys: VKeyboard, label: str) -> tuple[float, float]:
    """Where on the window the key showing `label` is drawn: the spot a finger (or a test) taps."""
    _, ((x, y), (width, height)) = find_key(keys, label)
    return keys.to_window(*keys.to_parent(x + width / 2, y + height / 2))


class AccentStrip(ModalView):
    """The accented forms of a letter held down, in one row of keys as big as the keyboard's just above
    the held key, as phones offer them, or over the header rather than over the typed text. A touch
    anywhere else closes the strip and still reaches what it touched: a finger that only rested on a
    letter costs nothing."""

    def __init__(self, letters: Sequence[str], key_box: tuple, keep_clear: tuple, on_chosen: Callable[[str], None],
                 **kwargs):
        super().__init__(size_hint=(1, 1), auto_dismiss=False, background_color=(0, 0, 0, 0),
                         overlay_color=(0, 0, 0, 0.3), **kwargs)
        x, y, width, height = key_box
        # As tall as the keyboard's keys and at least 12 mm: the most forms a letter has (ten for "a")
        # still fit across the 7" display.
        side = min(max(theme.TOUCH_PRIMARY, height), (Window.width - theme.GAP) / len(letters) - theme.GAP)
        self.panel = Panel(fill=theme.SURFACE_HIGH, padding=theme.GAP, size_hint=(None, None),
                           width=len(letters) * (side + theme.GAP) + theme.GAP, height=side + 2 * theme.GAP)
        for letter in letters:
            key = BigButton(text=letter, kind="primary", font_size=theme.FONT_TITLE, size_hint=(None, None),
                            width=side, height=side)
            key.bind(on_release=lambda _, chosen=letter: self._choose(chosen))
            self.panel.add_widget(key)
        area = FloatLayout()
        area.add_widget(self.panel)
        self.add_widget(area)
        self.panel.x = min(max(0, x + width / 2 - self.panel.width / 2), Window.width - self.panel.width)
        self.panel.y = y + height + theme.GAP
        clear_bottom, clear_top = keep_clear
        if self.panel.top > clear_bottom and self.panel.y < clear_top:
            self.panel.top = Window.height
        self._on_chosen = on_chosen

    def _choose(self, letter: str) -> None:
        self.dismiss(animation=False)
        self._on_chosen(letter)

    def on_touch_down(self, touch):
        if self.panel.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        self.dismiss(animation=False)
        return False


class TypingPopup(ModalView):
    """The whole screen for one short text: what is typed so far in large type, Cancel and Done, and
    the keys. `on_done(text)` is called with the text (spaces trimmed) on Done; Cancel changes nothing."""

    text = StringProperty("")

    def __init__(self, prompt: str, on_done: Callable[[str], None], text: str = "", hint: str = "",
                 max_length: int = NAME_LENGTH, suggestions: Sequence[str] = (), **kwargs):
        kwargs.setdefault("size_hint", (1, 1))
        kwargs.setdefault("auto_dismiss", False)
        kwargs.setdefault("background_color", (0, 0, 0, 0))
        super().__init__(**kwargs)
        self._on_done, self.hint, self.max_length = on_done, hint, max_length
        self.shifted = False
        self.page = "letters"
        self.suggestions = None
        self.strip: AccentStrip | None = None
        root = BoxLayout(orientation="vertical")
        with root.canvas.before:
            Color(*theme.BACKGROUND)
            self._fill = Rectangle()
        root.bind(pos=self._cover, size=self._cover)
        top = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        # Done is the primary target here, so the row is tall enough for 12 mm on the 7" display.
        header = BoxLayout(size_hint_y=None, height=theme.TOUCH_BIG, spacing=theme.GAP)
        self.cancel_button = BigButton(text="Cancel", kind="quiet", size_hint_x=None, width=dp(130),
                                       height=theme.TOUCH_BIG)
        self.cancel_button.bind(on_release=lambda *_: self.cancel())
        header.add_widget(self.cancel_button)
        # A refusal shows over the prompt, so the typing box and the keys keep their size.
        self.headline = Headline(fitted(prompt, theme.FONT_TITLE, bold=True), reserve=theme.TOUCH_BIG)
        self.message = self.headline.message
        header.add_widget(self.headline)
        self.done_button = BigButton(text="Done", kind="primary", size_hint_x=None, width=dp(130),
                                     height=theme.TOUCH_BIG)
        self.done_button.bind(on_release=lambda *_: self.done())
        header.add_widget(self.done_button)
        top.add_widget(header)
        field = Panel(fill=theme.SURFACE_HIGH, padding=[theme.PAD, 0])
        self.display = Label(markup=True, color=theme.TEXT, halign="center", valign="middle")
        field.add_widget(self.display)
        top.add_widget(field)
        if suggestions:
            top.add_widget(self._suggestion_row(suggestions))
        root.add_widget(top)
        self.keys = Keys()
        self.keys.bind(on_textinput=lambda _, typed: self.type_text(typed), on_key_hold=self._offer_accents,
                       on_key_down=self._on_screen_key_down, on_key_up=self._on_screen_key_up)
        root.add_widget(self.keys)
        root.bind(height=self._share_height)
        self.add_widget(root)
        self.display.bind(size=self._show)
        self.bind(text=self._show)
        self.text = text[:max_length]
        self._follow_text()

    def _suggestion_row(self, suggestions: Sequence[str]) -> ScrollView:
        """Names typed before, one tap each: most families type each name once, ever."""
        row = BoxLayout(size_hint=(None, 1), spacing=theme.GAP)
        row.bind(minimum_width=row.setter("width"))
        for name in suggestions:
            chip = BigButton(text=name, kind="quiet", size_hint=(None, 1),
                             width=text_width(name, theme.FONT_BODY) + theme.PAD * 3)
            chip.bind(on_release=lambda _, chosen=name: self.choose(chosen))
            row.add_widget(chip)
        scroll = ScrollView(size_hint_y=None, height=theme.TOUCH, do_scroll_y=False, bar_width=dp(4))
        scroll.add_widget(row)
        self.suggestions = row
        return scroll

    def choose(self, name: str) -> None:
        self.text = name[: self.max_length]
        self.done()

    # ----- what the keys do ----------------------------------------------------------------------
    def type_text(self, typed: str) -> None:
        """Add what was typed; a character the screens cannot draw (an emoji from a PC keyboard) is
        refused, with what was typed before kept as it was."""
        typed = "".join(char for char in typed if char.isprintable())
        missing = undrawable(typed)
        if missing:
            self.message.show(f"The screen cannot show \u201c{in_words(missing)}\u201d: "
                              "type the name with letters and digits.", problem=True)
            return
        self.message.clear()
        self._close_strip()
        self.text = (self.text + typed)[: self.max_length]
        self._follow_text()

    def backspace(self) -> None:
        self._close_strip()
        self.text = self.text[:-1]
        self._follow_text()

    def toggle_shift(self) -> None:
        self.shifted = not self.shifted
        self._show_mode()

    def show_page(self, page: str) -> None:
        """"letters", "accents" (the commonest accented letters) or "symbols"."""
        self.page = page
        self._follow_text()

    def _offer_accents(self, _keys, typed: str, key_box: tuple) -> None:
        # The held letter was typed when the finger went down; an accented form takes its place.
        if self.text.endswith(typed):
            self._close_strip()
            shown = self.display.to_window(*self.display.pos)[1]
            self.strip = AccentStrip(accented(typed), key_box, keep_clear=(shown, shown + self.display.height),
                                     on_chosen=self._put_accent)
            self.strip.open(animation=False)

    def _put_accent(self, letter: str) -> None:
        self.strip = None
        self.text = self.text[:-1] + letter
        self._follow_text()

    def _close_strip(self) -> None:
        if self.strip is not None:
            self.strip.dismiss(animation=False)
            self.strip = None

    def done(self) -> None:
        self.dismiss(animation=False)
        self._on_done(self.text.strip())

    def cancel(self) -> None:
        self.dismiss(animation=False)

    def _follow_text(self) -> None:
        # A capital at the start of each word, as names are written, without a trip to the shift key.
        self.shifted = not self.text or self.text[-1] in " -"
        self._show_mode()

    def _show_mode(self) -> None:
        capitals = self.shifted and self.page != "symbols"
        modes = {"letters": ("normal", "shift"), "accents": ("accents", "accents_shift"), "symbols": ("special",) * 2}
        self.keys.show_mode(modes[self.page][capitals], shift_lit=capitals)

    def _on_screen_key_down(self, _keys, name, typed, _modifiers):
        if typed:  # window providers other than SDL2 send letters here rather than as text input
            self.type_text(typed)
        elif name == "backspace":
            self.backspace()
        elif name == "shift":
            self.toggle_shift()
        elif name in ("symbols", "letters", "accents"):
            self.show_page(name)

    def _on_screen_key_up(self, _keys, name, _typed, _modifiers):
        # Done on release, like the buttons: the finger lifting off must not land on the screen below.
        if name == "enter":
            self.done()

    # ----- a PC keyboard --------------------------------------------------------------------------
    def on_pre_open(self):
        Window.bind(on_key_down=self._window_key_down, on_textinput=self._window_text)

    def on_dismiss(self):
        self._close_strip()
        Window.unbind(on_key_down=self._window_key_down, on_textinput=self._window_text)

    def _window_text(self, _window, typed):
        self.type_text(typed)
        return True

    def _window_key_down(self, _window, key, _scancode=None, _codepoint=None, _modifiers=None):
        if key == 8:
            self.backspace()
        elif key in (13, 271):  # Enter, keypad Enter
            self.done()
        elif key == 27:
            self.cancel()
        # Every key is the typist's while the box is open: a digit in a name must not also press a
        # big button through the PC's stand-in keys.
        return True

    # ----- drawing -------------------------------------------------------------------------------
    def _cover(self, root, _):
        self._fill.pos, self._fill.size = root.pos, root.size

    def _share_height(self, root, height):
        # The keys take most of the height (at 800x480 each row is about 13 mm tall); the typing box
        # keeps at least room for one line of large type above them.
        above = theme.PAD * 2 + theme.TOUCH_BIG + theme.GAP + dp(64)
        if self.suggestions is not None:
            above += theme.TOUCH + theme.GAP
        self.keys.height = max(0, min(height - above, height * 0.62))

    def _show(self, *_):
        label = self.display
        cursor = f"[color={get_hex_from_color(theme.ACCENT)}]|[/color]"
        if self.text:
            label.text = escape_markup(self.text) + cursor
        else:
            label.text = cursor + f"[color={get_hex_from_color(theme.TEXT_DIM)}]{escape_markup(self.hint)}[/color]"
        # As large as the box allows, shrunk only as far as a long name needs to stay whole.
        label.font_size = max(theme.FONT_BODY, min(theme.FONT_HUGE, label.height * 0.6))
        label.texture_update()
        if label.texture_size[0] > label.width > 0:
            label.font_size = label.font_size * label.width / label.texture_size[0] * 0.97
            label.texture_update()


class TextField(ButtonBehavior, BoxLayout):
    """Looks like a text box and opens the on-screen keyboard when tapped. `text` is what was typed;
    while it is empty the `hint_text` shows, dimmed."""

    text = StringProperty("")
    hint_text = StringProperty("")
    prompt = StringProperty("")
    font_size = NumericProperty(theme.FONT_BODY)
    max_length = NumericProperty(NAME_LENGTH)
    suggestions = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("padding", [theme.PAD, 0])
        kwargs.setdefault("spacing", theme.GAP)
        super().__init__(**kwargs)
        with self.canvas.before:
            self._colour = Color(*theme.SURFACE_HIGH)
            self._shape = RoundedRectangle(radius=[theme.RADIUS])
            self._line_colour = Color(*theme.ACCENT)
            self._line = Rectangle()
        self.label = Label(halign="left", valign="middle", shorten=True, shorten_from="right")
        self.label.bind(size=self._fit)
        self.add_widget(self.label)
        # DejaVu carries the keyboard sign; the app's Roboto does not.
        sign = Label(text="\u2328", font_name="data/fonts/DejaVuSans.ttf", color=theme.TEXT_DIM,
                     font_size=theme.FONT_BODY * 1.2, size_hint_x=None)
        sign.bind(texture_size=lambda label, size: setattr(label, "width", size[0]))
        self.add_widget(sign)
        self.bind(pos=self._redraw, size=self._redraw, state=self._redraw, text=self._redraw,
                  hint_text=self._redraw, font_size=self._redraw)
        self._redraw()

    def _redraw(self, *_):
        self._colour.rgba = theme.SURFACE if self.state == "down" else theme.SURFACE_HIGH
        self._shape.pos, self._shape.size = self.pos, self.size
        # An underline in the accent colour marks it as a place to type, as text boxes usually are.
        inset = theme.RADIUS
        self._line.pos, self._line.size = (self.x + inset, self.y), (max(0, self.width - 2 * inset), dp(2))
        self.label.text = self.text or self.hint_text
        self.label.color = theme.TEXT if self.text else theme.TEXT_DIM
        self._fit()

    def _fit(self, *_):
        # A long name gets smaller type rather than an ellipsis: the whole name is what tells players apart.
        label = self.label
        label.text_size = label.size
        label.font_size = self.font_size
        width = label.width
        if width <= 0 or not label.text:
            return
        label.text_size = (None, None)
        label.texture_update()
        if label.texture_size[0] > width:
            label.font_size = max(theme.FONT_SMALL * 0.7, self.font_size * width / label.texture_size[0] * 0.97)
        label.text_size = label.size

    def on_release(self):
        self.open_keyboard()

    def open_keyboard(self) -> TypingPopup:
        popup = TypingPopup(self.prompt or self.hint_text, on_done=self._typed, text=self.text, hint=self.hint_text,
                            max_length=int(self.max_length), suggestions=self.suggestions)
        popup.open()
        return popup

    def _typed(self, text: str) -> None:
        self.text = text
