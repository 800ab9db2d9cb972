"""Typing on the touchscreen: a field that looks like a text box and, when tapped, a full-screen box
with the text in large type over big on-screen keys. The kiosk has no keyboard and its Kivy config
shows no keyboard of Kivy's own, so every typed word in the app goes through here; a PC keyboard types
into the same box, so the app behaves alike on both.

The keys are made once for the whole app and handed from one typing box to the next; each page of
them (letters, capitals, accents, symbols) has its labels made the first time it shows and kept, so a
letter typed or a page turned changes what is shown without drawing a key again."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Sequence

from kivy.core.image import Image
from kivy.core.window import Window
from kivy.graphics import BorderImage, Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    OptionProperty,
    StringProperty,
)
from kivy.resources import resource_find
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.vkeyboard import VKeyboard
from kivy.utils import escape_markup, get_hex_from_color

from companion.glyphs import in_words, undrawable, why_nothing_shows
from companion.players import same_form
from ui import theme
from ui.widgets.basics import BigButton, Panel, fitted
from ui.widgets.hiding import covers_the_screen
from ui.widgets.kv import load_kv
from ui.widgets.lists import Row, RowList
from ui.widgets.offer_bar import Headline
from ui.widgets.text import font_to_fit, text_texture, text_width

# Long enough for "Great-Grandma Jo"; the player tiles in the game screens shorten anything longer.
NAME_LENGTH = 20

Key = list[Any]   # [shown, typed, key name, width in columns], as VKeyboard reads a layout
KeyBox = tuple[float, float, float, float]   # (x, y, width, height) of a key on the window


def _keys(chars: str) -> list[Key]:
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
ACCENT_CAPITALS = (ACCENT_PAGE[0].upper(), ACCENT_PAGE[1].upper(), ACCENT_PAGE[2].upper())


def accented(letter: str) -> list[str]:
    """The accented forms of `letter`, in its case. A capital leaves out forms with no one-letter
    capital of their own (ß) and those whose capital is the plain letter (ı)."""
    forms = ACCENTS.get(letter.lower(), "")
    if not letter.isupper():
        return list(forms)
    return [form.upper() for form in forms if len(form.upper()) == 1 and form.upper() != letter]


# Every mode has the same key widths, because VKeyboard keeps one geometry and only the labels change
# with the mode.
_SHIFT: Key = ["\u21e7", None, "shift", 1.5]
_BACKSPACE: Key = ["\u232b", None, "backspace", 1.5]
_SPACE: Key = ["space", " ", "spacebar", 3.5]
_DONE: Key = ["Done", None, "enter", 2.5]
_TO_SYMBOLS: Key = ["123", None, "symbols", 1.5]
_TO_ACCENTS: Key = ["\u00e0\u00e9\u00fc", None, "accents", 1.5]
_TO_LETTERS: Key = ["ABC", None, "letters", 1.5]


def _page(first: str, second: str, third: str, bottom: list[Key]) -> dict[str, list[Key]]:
    return {"1": _keys(first), "2": _keys(second), "3": [_SHIFT, *_keys(third), _BACKSPACE], "4": bottom}


def _modes(**pages: dict[str, list[Key]]) -> dict[str, list[Key]]:
    return {f"{mode}_{line}": keys for mode, page in pages.items() for line, keys in page.items()}


LAYOUT: dict[str, Any] = {
    "title": "Names",
    "description": "Letters for names, their accented forms, and the few marks names use; digits one tap away.",
    "cols": 10,
    "rows": 4,
    **_modes(
        normal=_page("qwertyuiop", "asdfghjkl'", "zxcvbnm", [_TO_SYMBOLS, _TO_ACCENTS, *_keys("-"), _SPACE, _DONE]),
        shift=_page("QWERTYUIOP", "ASDFGHJKL'", "ZXCVBNM", [_TO_SYMBOLS, _TO_ACCENTS, *_keys("-"), _SPACE, _DONE]),
        accents=_page(*ACCENT_PAGE, [_TO_SYMBOLS, _TO_LETTERS, *_keys("-"), _SPACE, _DONE]),
        accents_shift=_page(*ACCENT_CAPITALS, [_TO_SYMBOLS, _TO_LETTERS, *_keys("-"), _SPACE, _DONE]),
        special={"1": _keys("1234567890"), "2": _keys("-'.,&()!?/"),
                 "3": [["+", "+", "+", 1.5], *_keys(":;*=@_#"), _BACKSPACE],
                 "4": [_TO_LETTERS, _TO_ACCENTS, *_keys("."), _SPACE, _DONE]},
    ),
}
LAYOUT_NAME = "companion_names"
# VKeyboard starts repeating a key held this long; a letter held as long offers its accented forms.
LONG_PRESS_S = 0.5
# The keys of each page of the typing box (letters, accents, symbols), in small letters and capitals.
PAGE_MODES = {"letters": ("normal", "shift"), "accents": ("accents", "accents_shift"), "symbols": ("special", "special")}


class Keys(VKeyboard):
    """Kivy's VKeyboard with the app's layout, docked across the bottom of its popup at scale 1 (the
    stock dock scales the keyboard to the window, which blurs the labels). A letter held down fires
    on_key_hold(typed, (x, y, width, height) of its key on the window)."""

    # VKeyboard's three modes, and the accents page in small letters and capitals.
    layout_mode = OptionProperty("normal", options=("normal", "shift", "accents", "accents_shift", "special"))
    __events__ = ("on_key_hold",)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("docked", True)
        kwargs.setdefault("size_hint", (1, 1))   # the whole of the room its typing box gives it
        kwargs.setdefault("margin_hint", [0.02, 0.004, 0.02, 0.004])
        kwargs.setdefault("key_margin", [dp(3)] * 4)
        kwargs.setdefault("font_size", theme.FONT_TITLE)
        # Kivy's grey key images, darkened towards the app's surfaces so white labels read clearly.
        kwargs.setdefault("background_color", (0.45, 0.47, 0.54, 1))
        kwargs.setdefault("key_background_color", (0.62, 0.65, 0.74, 1))
        super().__init__(**kwargs)
        # A key's words are drawn from a texture made once for them (see key_face), over the keys and
        # the one held down; a page turned only hands the same rectangles other textures.
        with self.canvas.after:
            Color(1, 1, 1, 1)
            self._faces = [Rectangle() for _ in LAYOUT["normal_1"] + LAYOUT["normal_2"] + LAYOUT["normal_3"]
                           + LAYOUT["normal_4"]]
        self.available_layouts[LAYOUT_NAME] = LAYOUT
        self.layout = LAYOUT_NAME
        # Drawn now rather than on the next frame, so a tap straight after opening finds its key.
        self.refresh(True)
        self.bind(size=lambda *_: self.refresh(False))

    def setup_mode_dock(self, *_: Any) -> None:
        self.do_translation = False
        self.do_rotation = False
        self.do_scale = False
        self.rotation = 0
        self.scale = 1

    def _update_layout_mode(self, *_: Any) -> None:
        # The popup sets the mode itself: VKeyboard's shift lasts only while a finger holds it down,
        # which a one-finger typist cannot do while tapping the letter.
        pass

    def draw_keys(self) -> None:
        """The keys' backgrounds as VKeyboard draws them, then the current mode's words: VKeyboard
        would make a label for every key again at each page and each size."""
        layout_geometry = self.layout_geometry
        self.background_key_layer.clear()
        board = Image(resource_find(self.background_disabled if self.disabled else self.background), mipmap=True)
        key = Image(resource_find(self.key_background_disabled_normal if self.disabled else self.key_background_normal),
                    mipmap=True)
        with self.background_key_layer:
            Color(*self.background_color)
            BorderImage(texture=board.texture, size=self.size, border=self.background_border)
            Color(*self.key_background_color)
            for line in range(1, LAYOUT["rows"] + 1):
                for pos, size in layout_geometry[f"LINE_{line}"]:
                    BorderImage(texture=key.texture, pos=pos, size=size, border=self.key_border)
        self._show_faces()

    def _show_faces(self) -> None:
        mode = self.layout_mode
        keys = [key for line in range(1, LAYOUT["rows"] + 1) for key in LAYOUT[f"{mode}_{line}"]]
        boxes = [box for line in range(1, LAYOUT["rows"] + 1) for box in self.layout_geometry.get(f"LINE_{line}", ())]
        for face, key, ((x, y), (width, height)) in zip(self._faces, keys, boxes):
            texture = key_face(key[0], self.font_size, self.font_name)
            face.texture, face.size = texture, texture.size
            face.pos = (x + (width - texture.width) / 2, y + (height - texture.height) / 2)

    @property
    def faces(self) -> list[Texture]:
        """What each key shows now, as drawn: the textures of its words."""
        return [face.texture for face in self._faces]

    def _start_repeat_key(self, *args: Any) -> None:
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

    def on_key_hold(self, typed: str, key_box: KeyBox) -> None:
        pass

    def window_box(self, line: int, index: int) -> KeyBox:
        """(x, y, width, height) of a key on the window."""
        (x, y), (width, height) = self.layout_geometry[f"LINE_{line}"][index]
        left, bottom = self.to_window(*self.to_parent(x, y))
        return left, bottom, width, height

    def show_mode(self, mode: str, shift_lit: bool) -> None:
        """A page of keys (letters, accents, symbols; the first two in capitals with "_shift"), with
        the shift key drawn held down while capitals are on."""
        if mode != self.layout_mode:
            self.layout_mode = mode
            self._show_faces()
        lit = find_key(self, "shift")[0] if shift_lit else None
        if self.active_keys.get(-1) != lit:
            self.active_keys.pop(-1, None)
            if lit is not None:
                self.active_keys[-1] = lit
            self.refresh_active_keys_layer()


@lru_cache(maxsize=256)
def key_face(words: str, font_size: float, font_name: str) -> Texture:
    """The words of a key, drawn once for the whole run: every page of keys shows them from here."""
    return text_texture(words, font_size, font_name=font_name)


# The keys not in use by a typing box: made once, and handed to the next box that opens.
_spare_keys: list[Keys] = []


def find_key(keys: VKeyboard, label: str) -> tuple[tuple[int, int], tuple[tuple[float, float], tuple[float, float]]]:
    """((line, index), (pos, size)) of the key showing `label` in the current mode, else the key with
    that key name ("backspace", "enter", "shift", "space"...), else the letter in either case."""
    layout = keys.available_layouts[keys.layout]
    rows = [(line, layout[f"{keys.layout_mode}_{line}"]) for line in range(1, layout["rows"] + 1)]
    tests: tuple[Callable[[Key], bool], ...] = (
        lambda key: bool(key[0] == label),
        lambda key: bool(key[2] == label or (label == "space" and key[2] == "spacebar")),
        lambda key: bool(key[0].casefold() == label.casefold()))
    for test in tests:
        for line, row in rows:
            for index, key in enumerate(row):
                if test(key):
                    return (line, index), keys.layout_geometry[f"LINE_{line}"][index]
    raise KeyError(f"no key {label!r} on the keyboard in {keys.layout_mode} mode")


def key_center(keys: VKeyboard, label: str) -> tuple[float, float]:
    """Where on the window the key showing `label` is drawn: the spot a finger (or a test) taps."""
    _, ((x, y), (width, height)) = find_key(keys, label)
    center_x, center_y = keys.to_window(*keys.to_parent(x + width / 2, y + height / 2))
    return center_x, center_y


class AccentStrip(ModalView):
    """The accented forms of a letter held down, in one row of keys as big as the keyboard's just above
    the held key, as phones offer them, or over the header rather than over the typed text. A touch
    anywhere else closes the strip and still reaches what it touched: a finger that only rested on a
    letter costs nothing."""

    def __init__(self, letters: Sequence[str], key_box: KeyBox, keep_clear: tuple[float, float],
                 on_chosen: Callable[[str], None], **kwargs: Any) -> None:
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
            key.bind(on_release=lambda _key, chosen=letter: self._choose(chosen))
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

    def on_touch_down(self, touch: Any) -> bool:
        if self.panel.collide_point(*touch.pos):
            return bool(super().on_touch_down(touch))
        self.dismiss(animation=False)
        return False


class NameChip(Row, BigButton):
    """A name typed before, offered above the keys: one tap puts it in the box and closes it."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("kind", "quiet")
        kwargs.setdefault("once", True)
        super().__init__(**kwargs)

    def on_release(self) -> None:
        node = self.parent
        while node is not None and not isinstance(node, TypingPopup):
            node = node.parent
        if node is not None:
            node.choose(self.text)


class TypingPopup(ModalView):
    """The whole screen for one short text: what is typed so far in large type, Cancel and Done, the
    names typed before (one tap each: most families type each name once, ever), and the keys.
    `on_done(text)` is called with the text (spaces trimmed) on Done; Cancel changes nothing."""

    text = StringProperty("")
    hint = StringProperty("")
    page = OptionProperty("letters", options=tuple(PAGE_MODES))
    shifted = BooleanProperty(True)    # capitals: at the start of each word, or for one letter after shift
    suggested = ListProperty([])

    def __init__(self, prompt: str, on_done: Callable[[str], None], text: str = "", hint: str = "",
                 max_length: int = NAME_LENGTH, suggestions: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        covers_the_screen(self)
        self._on_done, self.hint, self.max_length = on_done, hint, max_length
        self.strip: AccentStrip | None = None
        # A refusal shows over the prompt, so the typing box and the keys keep their size.
        self.headline = Headline(fitted(prompt, theme.FONT_TITLE, bold=True), reserve=theme.TOUCH_BIG)
        self.message = self.headline.message
        self.ids["header"].add_widget(self.headline, index=1)
        self.keys = _spare_keys.pop() if _spare_keys else Keys()
        self.keys.bind(on_textinput=self._key_typed, on_key_hold=self._offer_accents,
                       on_key_down=self._on_screen_key_down, on_key_up=self._on_screen_key_up)
        self.ids["keys_place"].add_widget(self.keys)
        self.suggested = list(suggestions)
        self.suggestions.data = [{"viewclass": "NameChip", "text": name,
                                  "row_size": (text_width(name, theme.FONT_BODY, True) + theme.PAD * 3, None)}
                                 for name in suggestions]
        for name in ("text", "hint"):
            self.fbind(name, self._show)
        self.display.fbind("size", self._show)
        self.fbind("page", self._show_mode)
        self.fbind("shifted", self._show_mode)
        self.text = text[:max_length]
        self._follow_text()
        self._show()
        self._show_mode()

    @property
    def display(self) -> Label:
        return self.ids["display"]

    @property
    def done_button(self) -> BigButton:
        return self.ids["done_button"]

    @property
    def cancel_button(self) -> BigButton:
        return self.ids["cancel_button"]

    @property
    def suggestions(self) -> RowList:
        return self.ids["suggestions"]

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
        if self.message.text:
            self.message.clear()
        self._close_strip()
        # In the one form names are kept in: an accent typed after its letter joins it (e and ´ are é).
        self.text = same_form(self.text + typed)[: self.max_length]
        self._follow_text()

    def backspace(self) -> None:
        self._close_strip()
        self.text = self.text[:-1]
        self._follow_text()

    def toggle_shift(self) -> None:
        self.shifted = not self.shifted

    def show_page(self, page: str) -> None:
        """"letters", "accents" (the commonest accented letters) or "symbols"."""
        self.page = page
        self._follow_text()

    def _key_typed(self, _keys: Keys, typed: str) -> None:
        self.type_text(typed)

    def _offer_accents(self, _keys: Keys, typed: str, key_box: KeyBox) -> None:
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
        """The text typed, unless something was typed of which nothing would show (accents with no
        letter under them): that is refused, with why, and the keys stay."""
        typed = self.text.strip()
        nothing = why_nothing_shows(typed) if typed else None
        if nothing is not None:
            self.message.show(f"Nothing of \u201c{in_words(typed)}\u201d would show: {nothing}. "
                              "Type the name with letters and digits.", problem=True)
            return
        self.dismiss(animation=False)
        self._on_done(typed)

    def cancel(self) -> None:
        self.dismiss(animation=False)

    def _follow_text(self) -> None:
        # A capital at the start of each word, as names are written, without a trip to the shift key.
        self.shifted = not self.text or self.text[-1] in " -"

    def _show_mode(self, *_: Any) -> None:
        capitals = self.shifted and self.page != "symbols"
        self.keys.show_mode(PAGE_MODES[self.page][capitals], shift_lit=capitals)

    def _on_screen_key_down(self, _keys: Keys, name: str | None, typed: str | None, _modifiers: Any) -> None:
        if typed:  # window providers other than SDL2 send letters here rather than as text input
            self.type_text(typed)
        elif name == "backspace":
            self.backspace()
        elif name == "shift":
            self.toggle_shift()
        elif name in PAGE_MODES:
            self.show_page(name)

    def _on_screen_key_up(self, _keys: Keys, name: str | None, _typed: str | None, _modifiers: Any) -> None:
        # Done on release, like the buttons: the finger lifting off must not land on the screen below.
        if name == "enter":
            self.done()

    # ----- a PC keyboard --------------------------------------------------------------------------
    def on_pre_open(self) -> None:
        Window.bind(on_key_down=self._window_key_down, on_textinput=self._window_text)

    def on_dismiss(self) -> None:
        self._close_strip()
        Window.unbind(on_key_down=self._window_key_down, on_textinput=self._window_text)
        # The keys go back for the next typing box to use.
        keys = self.keys
        keys.unbind(on_textinput=self._key_typed, on_key_hold=self._offer_accents,
                    on_key_down=self._on_screen_key_down, on_key_up=self._on_screen_key_up)
        if keys.parent is not None:
            keys.parent.remove_widget(keys)
        if keys not in _spare_keys:
            _spare_keys.append(keys)

    def _window_text(self, _window: Any, typed: str) -> bool:
        self.type_text(typed)
        return True

    def _window_key_down(self, _window: Any, key: int, _scancode: Any = None, _codepoint: Any = None,
                         _modifiers: Any = None) -> bool:
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
    @staticmethod
    def share_height(height: float, offered: bool) -> float:
        """The keys' height: most of it (at 800x480 each row is about 13 mm tall), with room kept above
        for the header and one line of large type, and the names offered where there are any."""
        above = theme.PAD * 2 + theme.TOUCH_BIG + theme.GAP + dp(64)
        if offered:
            above += theme.TOUCH + theme.GAP
        return float(max(0, min(height - above, height * 0.62)))

    def _show(self, *_: Any) -> None:
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
    font_size = NumericProperty(0)   # 0: body type, as big as the setting makes it
    max_length = NumericProperty(NAME_LENGTH)
    suggestions = ListProperty([])

    def on_kv_post(self, base_widget: Any) -> None:
        # Its own label exists once its rule is applied, which for a field laid out in a screen's rule
        # is after this widget was made.
        for name in ("text", "hint_text", "font_size"):
            self.fbind(name, self._fit)
        self.label.fbind("size", self._fit)
        self._fit()

    @property
    def label(self) -> Label:
        return self.ids["label"]

    def _fit(self, *_: Any) -> None:
        # A long name gets smaller type rather than an ellipsis: the whole name is what tells players apart.
        # Never under the app's smallest type: a name too long for one line there takes two, at a space.
        label = self.label
        font = self.font_size or theme.FONT_BODY
        label.text = self.text or self.hint_text
        label.font_size = font
        label.text_size = label.size
        label.shorten = True
        if label.width <= 0 or not label.text:
            return
        needed = text_width(label.text, font)
        if needed <= label.width:
            return
        one_line = font * label.width / needed * 0.97
        if one_line >= theme.FONT_SMALL:
            label.font_size = one_line
        else:
            label.shorten = False
            label.font_size = font_to_fit(label.text, font, theme.FONT_SMALL, label.width, label.height)

    def on_release(self) -> None:
        self.open_keyboard()

    def open_keyboard(self) -> TypingPopup:
        popup = TypingPopup(self.prompt or self.hint_text, on_done=self._typed, text=self.text, hint=self.hint_text,
                            max_length=int(self.max_length), suggestions=self.suggestions)
        popup.open()
        return popup

    def _typed(self, text: str) -> None:
        self.text = text


load_kv(__file__)
