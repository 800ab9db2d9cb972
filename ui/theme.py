"""Sizes and colours shared by every screen. Sized for a 7-inch 800x480 panel read from across a
table: touch targets at least 56 px (a child's fingertip), body text 20 sp, key numbers 40 sp+.

The colours are also the properties of `palette`, which widgets bind to (in KV: `color: palette.text`),
so switching to high contrast recolours what is on screen at once."""

from typing import Any, Sequence

from kivy.event import EventDispatcher
from kivy.metrics import dp, sp
from kivy.properties import ColorProperty, NumericProperty

BACKGROUND = (0.10, 0.11, 0.14, 1)
SURFACE = (0.17, 0.18, 0.22, 1)
SURFACE_HIGH = (0.24, 0.26, 0.31, 1)
TEXT = (0.96, 0.96, 0.96, 1)
TEXT_DIM = (0.72, 0.74, 0.78, 1)
# The signal colours are none of the players' colours (tests/test_palette.py), so a primary button
# or a refusal is never taken for somebody's turn.
ACCENT = (0.95, 0.95, 0.95, 1)      # near white: the expected next action
ACCENT_TEXT = (0.05, 0.07, 0.10, 1)
DANGER = (0.91, 0.0, 0.043, 1)      # bright red: refusals
OK = (0.824, 0.706, 0.549, 1)       # tan: chosen toggles and confirmations
DISABLED = (0.30, 0.31, 0.35, 1)
OUTLINE = None                      # drawn around buttons when set

PALETTE_NAMES = ("BACKGROUND", "SURFACE", "SURFACE_HIGH", "TEXT", "TEXT_DIM", "ACCENT", "ACCENT_TEXT",
                 "DANGER", "OK", "DISABLED", "OUTLINE")
STANDARD = {name: globals()[name] for name in PALETTE_NAMES}
# config.json display.high_contrast: every text colour at least 7:1 (WCAG AAA) on every surface it is
# drawn on, signal colours still apart from the players' (tests/test_ui_preferences.py), and an outline
# on buttons, whose dark fills alone are hard to tell from the black background.
HIGH_CONTRAST = {
    "BACKGROUND": (0.0, 0.0, 0.0, 1),
    "SURFACE": (0.07, 0.07, 0.08, 1),
    "SURFACE_HIGH": (0.12, 0.12, 0.14, 1),
    "TEXT": (1.0, 1.0, 1.0, 1),
    "TEXT_DIM": (0.88, 0.88, 0.88, 1),
    "ACCENT": (0.95, 0.95, 0.95, 1),
    "ACCENT_TEXT": (0.0, 0.0, 0.0, 1),
    # A red dark enough to read as red is under 7:1 on black, so refusals turn rose.
    "DANGER": (0.975, 0.525, 0.7, 1),
    "OK": (0.824, 0.706, 0.549, 1),
    "DISABLED": (0.22, 0.22, 0.24, 1),
    "OUTLINE": (0.88, 0.88, 0.88, 1),
}
high_contrast = False
NO_OUTLINE = (0, 0, 0, 0)


class Palette(EventDispatcher):
    """The theme's colours as properties (the names of PALETTE_NAMES in lower case). `outline` is
    transparent where buttons have none.

    It lives as long as the app: a widget follows it with `palette.bind(name=self.method)`, which Kivy
    holds weakly. `fbind`, a lambda or a `setter` is held strongly and keeps the widget, and the
    whole screen it is on, for the rest of the evening."""

    background = ColorProperty(BACKGROUND)
    surface = ColorProperty(SURFACE)
    surface_high = ColorProperty(SURFACE_HIGH)
    text = ColorProperty(TEXT)
    text_dim = ColorProperty(TEXT_DIM)
    accent = ColorProperty(ACCENT)
    accent_text = ColorProperty(ACCENT_TEXT)
    danger = ColorProperty(DANGER)
    ok = ColorProperty(OK)
    disabled = ColorProperty(DISABLED)
    outline = ColorProperty(NO_OUTLINE)
    # Goes up at every switch: what is drawn from several colours in Python binds to this one.
    version = NumericProperty(0)

    def use(self, colours: dict[str, Any]) -> None:
        for name in PALETTE_NAMES:
            setattr(self, name.lower(), colours[name] if colours[name] is not None else NO_OUTLINE)
        self.version += 1


palette = Palette()


def use_high_contrast(on: bool) -> None:
    """Switch palettes: the names here for code that reads a colour once, and `palette`'s properties,
    which recolour every widget bound to them at once."""
    global high_contrast
    high_contrast = bool(on)
    colours = HIGH_CONTRAST if on else STANDARD
    globals().update(colours)
    palette.use(colours)

TOUCH = dp(56)
TOUCH_BIG = dp(72)
TARGET = dp(48)          # the smallest target anywhere: 9 mm on the 7" display
TOUCH_PRIMARY = dp(64)   # the expected next action: 12 mm
GAP = dp(8)
PAD = dp(12)
RADIUS = dp(10)
# Straight pieces in a rounded corner and round a circle. Kivy's defaults (10 a corner, 180 a circle)
# cost every frame: painted in software a default circle takes ten times a plain rectangle. These
# stay smooth at the sizes drawn here.
CORNER_SEGMENTS = 5
CIRCLE_SEGMENTS = 36

# The type at its usual size. Larger text (config.json display.larger_text) makes every word and number
# a quarter bigger: `use_larger_text` sets the FONT_ names below, and `type_size` tells what follows it.
# A key number is the exception: read from across the table already (10 mm digits at least), it takes
# whatever room its place has, and the room the words need is not taken from it.
USUAL_TYPE = {
    # Read up close: button words, hints, explanations; the app's smallest type, capitals 2.6 mm tall
    # on the 7" display (3.2 mm with Larger text).
    "FONT_SMALL": sp(19),
    "FONT_BODY": sp(20),
    "FONT_TITLE": sp(28),
    "FONT_NUMBER": sp(44),
    "FONT_HUGE": sp(64),
    # Digits about 10 mm tall on the 7" panel (5.2 px per mm; a bold digit is about 0.72 of the font size).
    "FONT_KEY_NUMBER": sp(74),
    # What players read from their seats on the table screens (names, whose turn, tags, what is on
    # top, the captions of counts): capitals 3.5 mm tall on the 7" panel.
    "FONT_TABLE": sp(26),
}
LARGER_TEXT = 1.25
FONT_SMALL = USUAL_TYPE["FONT_SMALL"]
FONT_BODY = USUAL_TYPE["FONT_BODY"]
FONT_TITLE = USUAL_TYPE["FONT_TITLE"]
FONT_NUMBER = USUAL_TYPE["FONT_NUMBER"]
FONT_HUGE = USUAL_TYPE["FONT_HUGE"]
FONT_KEY_NUMBER = USUAL_TYPE["FONT_KEY_NUMBER"]
FONT_TABLE = USUAL_TYPE["FONT_TABLE"]
# The least a fitted text or number may take, whatever the setting: a name read from the seats (3.5 mm
# capitals) and a key number (10 mm digits) shrink to these, never below, where their room is short.
LEAST_TABLE = USUAL_TYPE["FONT_TABLE"]
LEAST_KEY_NUMBER = USUAL_TYPE["FONT_KEY_NUMBER"]
larger_text = False


class TypeSize(EventDispatcher):
    """How big the type is: `scale` 1, or LARGER_TEXT with Larger text. The kit's sizes follow it
    (ui/widgets/sizes.py); a screen laid out before it changed is laid out again (the navigator's)."""

    scale = NumericProperty(1.0)


type_size = TypeSize()


def type_scaled(size: float) -> float:
    """A size of type chosen outside the FONT_ names, as big as the setting makes type now."""
    return size * type_size.scale


def use_larger_text(on: bool) -> None:
    """Every FONT_ name a quarter bigger, or back to its usual size."""
    global larger_text
    larger_text = bool(on)
    scale = LARGER_TEXT if larger_text else 1.0
    globals().update({name: size * scale for name, size in USUAL_TYPE.items() if name != "FONT_KEY_NUMBER"})
    type_size.scale = scale


MESSAGE_HEIGHT = dp(46)


Colour = Sequence[float]


def with_alpha(rgb: Colour, alpha: float = 1.0) -> tuple[float, ...]:
    return (*rgb[:3], alpha)


def pressed(fill: Colour) -> list[float]:
    """A fill lightened while a finger is on it."""
    return [min(1.0, channel + 0.15) for channel in fill[:3]] + [1.0]


def readable_text_on(rgb: Colour) -> Colour:
    """Dark text on light fills, light text on dark ones (relative luminance), so labels on player
    colours stay readable. High contrast picks whichever of the two contrasts more (WCAG)."""
    if high_contrast:
        return max((ACCENT_TEXT, TEXT), key=lambda text: contrast_ratio(text, rgb))
    r, g, b = rgb[:3]
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return ACCENT_TEXT if luminance > 0.45 else TEXT


def relative_luminance(rgb: Colour) -> float:
    """WCAG 2 relative luminance of an sRGB colour with channels 0..1."""
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: Colour, second: Colour) -> float:
    """WCAG 2 contrast ratio, 1 to 21: 4.5 is AA for body text, 7 is AAA."""
    a, b = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)
