"""The layout check run on every screen a family sees during the play-throughs.

What it refuses, each a defect a player would notice at the table:
- text that does not fit its widget: wider or taller than the box, glyphs cut, a word broken in the
  middle, a name shortened with an ellipsis;
- a widget drawn outside its parent (outside the visible part of a scrolled list is fine);
- two tappable widgets that overlap (a finger cannot say which it meant);
- on the 7" display (800x480, about 5.2 px per mm): key numbers under 10 mm tall (the number of every
  Count, ui/widgets/count.py, unless it says why it is a secondary figure, and any label marked
  `key_number`), primary targets under
  12 mm, any other target under 9 mm (the cells of a grid a tap paints, a widget's `target_cell`,
  included), any text under 2.6 mm (capital height; 3.2 mm with Larger text), and on the game tables
  laid out for it, text players read from their seats (not fine print, not a button's words) under 3.5 mm;
- a screen whose key numbers are under 14 mm while it leaves a block of its room beside them empty (a
  quarter of the window's width by a quarter of its height, or more, level with one of them): the numbers
  the table reads from afar should have had it.
A problem names the screen, the widget (its class and text) and the sizes."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from kivy.core.text import Label as CoreLabel
from kivy.graphics.instructions import Canvas, InstructionGroup, VertexInstruction
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput
from kivy.uix.vkeyboard import VKeyboard
from kivy.uix.widget import Widget

from ui.widgets.count import Count

SEVEN_INCH_PANEL_MM = 154.2   # the official display's active width, 800 px across
KEY_NUMBER_MM = 10
SECONDARY_TEXT_MM = 3.5
# The game tables laid out for reading from every seat: on these, any text that is neither fine print
# nor a button's words has capitals at least SECONDARY_TEXT_MM tall.
TABLES_READ_FROM_THE_SEATS: frozenset[str] = frozenset({"MixTheMuttsView", "MuttsView", "NutView", "PugsInMugsView",
                                                        "ThatsRuffView"})
READ_UP_CLOSE_LAYERS = ("RulesPopup", "HistoryPopup", "OptionsPopup", "TypingPopup", "TonightPopup")
# The floor for any text, even fine print read up close (the app's smallest type, 19 px at 800x480),
# and with Larger text on.
FINE_PRINT_MM = 2.6
LARGER_FINE_PRINT_MM = 3.2
PRIMARY_TARGET_MM = 12
TARGET_MM = 9
SLACK_PX = 1.5
_MARKUP = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]")


@dataclass(frozen=True)
class Problem:
    screen: str
    widget: str
    what: str

    def __str__(self) -> str:
        return f"{self.screen}: {self.widget}: {self.what}"


def fine_print_mm() -> float:
    """The least capital height of any text, as the app's type is set now."""
    from ui import theme

    return LARGER_FINE_PRINT_MM if theme.larger_text else FINE_PRINT_MM


def px_per_mm(window_width: float) -> float | None:
    """Physical sizes are judged on the 7" panel only; a 1280x720 window stands for some other screen."""
    return window_width / SEVEN_INCH_PANEL_MM if round(window_width) == 800 else None


def describe(widget: Widget) -> str:
    text = getattr(widget, "text", "")
    shown = f" {plain(text)[:40]!r}" if isinstance(text, str) and text else ""
    return f"{type(widget).__name__}{shown}"


def plain(text: str) -> str:
    return _MARKUP.sub("", text)


def read_across_the_table(screen_name: str) -> bool:
    """A table screen whose words players read from their seats, and not a card of small print over it."""
    view = re.search(r"GameScreen/(\w+)", screen_name)
    return (view is not None and view.group(1) in TABLES_READ_FROM_THE_SEATS
            and not any(screen_name.endswith(layer) for layer in READ_UP_CLOSE_LAYERS))


def read_up_close(widget: Widget) -> bool:
    """Words on a button are read by the finger about to tap them; fine print is marked as such."""
    return any(getattr(node, "fine_print", False) or is_tappable(node) for node in (widget, *ancestors(widget)))


def is_tappable(widget: Widget) -> bool:
    return isinstance(widget, (ButtonBehavior, TextInput, VKeyboard))


def tapped_cell(widget: Widget) -> float:
    """The side of each cell a tap on this widget acts on (a grid painted cell by cell), 0 for none."""
    return float(getattr(widget, "target_cell", 0) or 0)


def is_shown(widget: Widget) -> bool:
    if any(getattr(node, "opacity", 1) <= 0 for node in (widget, *ancestors(widget))):
        return False
    return widget.width > 0 and widget.height > 0


def is_squeezed(widget: Widget) -> bool:
    """Words in sight given no width: Kivy still draws them, a letter a line or at their own size, over
    whatever is beside them."""
    return (isinstance(widget, Label) and bool(plain(widget.text).strip()) and widget.width < 1
            and widget.height > 0 and widget.texture_size[0] > 1
            and all(getattr(node, "opacity", 1) > 0 for node in (widget, *ancestors(widget))))


def window_box(widget: Widget) -> tuple[float, float, float, float]:
    x0, y0 = widget.to_window(widget.x, widget.y)
    return x0, y0, x0 + widget.width, y0 + widget.height


def intersect(a, b):
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None


def viewport(widget: Widget, window) -> tuple[float, float, float, float] | None:
    """The part of `widget` a player can see: inside the window and every scrolled list around it."""
    box = intersect(window_box(widget), (0, 0, window.width, window.height))
    for node in ancestors(widget):
        if box is None:
            break
        if isinstance(node, ScrollView):
            box = intersect(box, window_box(node))
    return box


@lru_cache(maxsize=4096)
def text_extent(text: str, font_size: float, bold: bool, font_name: str) -> tuple[int, int]:
    label = CoreLabel(text=text, font_size=font_size, bold=bold, font_name=font_name)
    label.refresh()
    return label.texture.size if label.texture else (0, 0)


INKED_ALPHA = 40   # fainter pixels are anti-aliasing at a glyph's edge, not ink a player sees
# Each alpha value mapped to 1 where it is ink, so the first and last inked byte are found in C.
_INK_MASK = bytes(1 if alpha > INKED_ALPHA else 0 for alpha in range(256))


class _RenderedLabel(CoreLabel):
    """A text label that keeps the pixels its provider rendered in memory: reading them back from the
    texture goes through the GPU (an off-screen buffer and a pipeline flush), 20 ms a label."""

    rendered = None

    def _render_end(self):
        self.rendered = super()._render_end()
        return self.rendered


@lru_cache(maxsize=1024)
def ink_height(text: str, font_size: float, bold: bool, font_name: str) -> int:
    """How tall the glyphs themselves are (no line spacing): what a player sees of a number."""
    label = _RenderedLabel(text=text, font_size=font_size, bold=bold, font_name=font_name)
    label.refresh()        # measures, and leaves the drawing to when the texture is first used
    label.render(real=True)
    image = label.rendered
    if image is None or not image.height:
        return 0
    pixels = image.data
    row_bytes = len(pixels) // image.height
    inked = pixels[3::4].translate(_INK_MASK)   # RGBA: every fourth byte is alpha, row by row
    first, last = inked.find(1), inked.rfind(1)
    return last * 4 // row_bytes - first * 4 // row_bytes + 1 if first >= 0 else 0


def label_problems(label: Label) -> list[str]:
    text = plain(label.text).strip()
    if not text:
        return []
    problems = []
    bold = label.bold or "[b]" in label.text
    font = (label.font_size, bold, label.font_name)
    left, top, right, bottom = label.padding
    room_w = label.text_size[0] if label.text_size[0] else label.width - left - right
    room_h = label.height - top - bottom
    tex_w, tex_h = label.texture_size
    if tex_w > label.width + SLACK_PX:
        problems.append(f"text is {tex_w:.0f} px wide in a {label.width:.0f} px box")
    if tex_h > label.height + SLACK_PX:
        problems.append(f"text is {tex_h:.0f} px tall in a {label.height:.0f} px box")
    first_line = text.splitlines()[0]
    glyphs = ink_height(first_line, *font)
    if glyphs > room_h + SLACK_PX:
        problems.append(f"glyphs {glyphs} px tall cut by a {room_h:.0f} px box")
    widest_word = max(text.split(), key=lambda word: text_extent(word, *font)[0])
    if text_extent(widest_word, *font)[0] > room_w + SLACK_PX:
        problems.append(f"the word {widest_word!r} ({text_extent(widest_word, *font)[0]} px) is broken "
                        f"or cut in a {room_w:.0f} px line")
    elif label.shorten and any(text_extent(line, *font)[0] > room_w + SLACK_PX for line in text.splitlines()):
        problems.append(f"text shortened to fit a {room_w:.0f} px line")
    return problems


def is_key_number(label: Label) -> bool:
    """A count the family tracks, read from across the table: every Count's number, unless the Count
    gives the reason it is a secondary figure, and any other label marked `key_number`. The Count is
    asked, not a flag on its number, so a count cannot be left small by a flag forgotten or unset."""
    owner = label.parent
    if isinstance(owner, Count) and label is owner.number:
        return not owner.secondary
    return getattr(label, "key_number", False)


def key_number_mm(label: Label, scale: float) -> float:
    return ink_height(plain(label.text).strip() or "0", label.font_size, label.bold, label.font_name) / scale


CAP_HEIGHT = 0.71   # a capital's height as a share of the font size, for the app's Roboto


@dataclass
class Smallest:
    """The smallest text (capital height) and the smallest target seen on one screen, in mm."""

    text_mm: float = float("inf")
    target_mm: float = float("inf")
    # Every text read from the seats (not fine print, not a button's words) under the secondary minimum,
    # by what it says: where the table is hard to read.
    small_texts: dict[str, float] = field(default_factory=dict)


def measure(roots: list[Widget], window, smallest: Smallest) -> None:
    scale = px_per_mm(window.width)
    if not scale:
        return
    for root in roots:
        for widget in root.walk(restrict=True):
            if not is_shown(widget) or viewport(widget, window) is None:
                continue
            if isinstance(widget, Label) and plain(getattr(widget, "text", "")).strip():
                tall = widget.font_size * CAP_HEIGHT / scale
                smallest.text_mm = min(smallest.text_mm, tall)
                if tall < SECONDARY_TEXT_MM - 0.05 and not read_up_close(widget):
                    smallest.small_texts[describe(widget)] = round(tall, 1)
            if is_tappable(widget) and not isinstance(widget, VKeyboard):
                smallest.target_mm = min(smallest.target_mm, min(widget.width, widget.height) / scale)
            if tapped_cell(widget):
                smallest.target_mm = min(smallest.target_mm, tapped_cell(widget) / scale)


def check(screen_name: str, roots: list[Widget], window) -> list[Problem]:
    scale = px_per_mm(window.width)
    problems: list[Problem] = []
    tappables: list[tuple[Widget, tuple]] = []

    def add(widget, what):
        problems.append(Problem(screen_name, describe(widget), what))

    for root in roots:
        for widget in root.walk(restrict=True):
            if is_squeezed(widget):
                add(widget, f"{plain(widget.text)[:30]!r} is given no width, so it is drawn over what is beside it")
            if not is_shown(widget) or viewport(widget, window) is None:
                continue
            parent = widget.parent
            if parent is not None and parent is not window and not isinstance(parent, (ScrollView, ModalView)):
                inner, outer = window_box(widget), window_box(parent)
                if (inner[0] < outer[0] - SLACK_PX or inner[1] < outer[1] - SLACK_PX
                        or inner[2] > outer[2] + SLACK_PX or inner[3] > outer[3] + SLACK_PX):
                    add(widget, f"drawn at {_box(inner)} outside its {type(parent).__name__} at {_box(outer)}")
            if isinstance(widget, Label) and not isinstance(widget, TextInput):
                for what in label_problems(widget):
                    add(widget, what)
                if scale and is_key_number(widget):
                    tall = key_number_mm(widget, scale)
                    if tall < KEY_NUMBER_MM - 0.05:
                        add(widget, f"key number {tall:.1f} mm tall, needs {KEY_NUMBER_MM} mm"
                                    + _counting(widget))
                elif scale and plain(widget.text).strip():
                    tall = widget.font_size * CAP_HEIGHT / scale
                    if tall < fine_print_mm() - 0.05:
                        add(widget, f"text {tall:.1f} mm tall, the smallest allowed is {fine_print_mm()} mm")
                    elif read_across_the_table(screen_name) and tall < SECONDARY_TEXT_MM - 0.05 \
                            and not read_up_close(widget):
                        add(widget, f"text {tall:.1f} mm tall, read from the seats it needs {SECONDARY_TEXT_MM} mm "
                                    "(or is it fine print?)")
            if is_tappable(widget):
                tappables.append((widget, viewport(widget, window)))
                if scale and not isinstance(widget, VKeyboard):
                    need = PRIMARY_TARGET_MM if getattr(widget, "kind", "") == "primary" else TARGET_MM
                    short = min(widget.width, widget.height) / scale
                    if short < need - 0.05:
                        add(widget, f"target {widget.width / scale:.1f} x {widget.height / scale:.1f} mm, "
                                    f"needs {need} mm")
            if scale and tapped_cell(widget) and tapped_cell(widget) / scale < TARGET_MM - 0.05:
                add(widget, f"cells a tap acts on are {tapped_cell(widget) / scale:.1f} mm, need {TARGET_MM} mm")
    if scale:
        problems += [Problem(screen_name, describe(root), what) for root in roots
                     for what in unused_room(root, window, scale)]
    for index, (first, first_box) in enumerate(tappables):
        for second, second_box in tappables[index + 1:]:
            if _nested(first, second):
                continue
            overlap = intersect(first_box, second_box)
            if overlap and (overlap[2] - overlap[0]) > SLACK_PX and (overlap[3] - overlap[1]) > SLACK_PX:
                add(first, f"overlaps the target {describe(second)} at {_box(overlap)}")
    return problems


# A screen showing key numbers under ROOMY_KEY_NUMBER_MM leaves no empty block this share of its width by
# this share of its height.
EMPTY_SHARE = 0.25
ROOMY_KEY_NUMBER_MM = 14
_CELL = 8   # the room is looked at in squares this many pixels wide


def unused_room(root: Widget, window, scale: float) -> list[str]:
    """An empty block of `root`'s room (nothing drawn in it: no words, no button, no fill) a quarter of
    its width by a quarter of its height or more, level with a key number that could have had it (the
    smallest under ROOMY_KEY_NUMBER_MM): beside the numbers, not under a pad's last row."""
    keys = [widget for widget in root.walk(restrict=True) if isinstance(widget, Label) and is_key_number(widget)
            and is_shown(widget) and viewport(widget, window) is not None and plain(widget.text).strip()]
    if not keys:
        return []
    smallest = min(keys, key=lambda label: key_number_mm(label, scale))
    if key_number_mm(smallest, scale) >= ROOMY_KEY_NUMBER_MM:
        return []
    left, bottom, right, top = intersect(window_box(root), (0, 0, window.width, window.height)) or (0, 0, 0, 0)
    columns, rows = int((right - left) // _CELL), int((top - bottom) // _CELL)
    if columns <= 0 or rows <= 0:
        return []
    covered = [bytearray(columns) for _ in range(rows)]
    for widget in root.walk(restrict=True):
        box = _drawn_box(widget, window)
        if box is None:
            continue
        x0, x1 = max(0, int((box[0] - left) // _CELL)), min(columns, int(-(-(box[2] - left) // _CELL)))
        y0, y1 = max(0, int((box[1] - bottom) // _CELL)), min(rows, int(-(-(box[3] - bottom) // _CELL)))
        for row in covered[y0:y1]:
            row[x0:x1] = b"\x01" * max(0, x1 - x0)
    bands = [(int((box[1] - bottom) // _CELL), int(-(-(box[3] - bottom) // _CELL))) for box in
             (viewport(label, window) for label in keys) if box is not None]
    width, height, at = _largest_empty(covered, EMPTY_SHARE * (right - left) / _CELL,
                                       EMPTY_SHARE * (top - bottom) / _CELL, bands)
    if not width:
        return []
    return [f"an empty block of {width * _CELL} x {height * _CELL} px at ({left + at[0] * _CELL:.0f},"
            f"{bottom + at[1] * _CELL:.0f}): the numbers read from afar ({describe(smallest)}, "
            f"{key_number_mm(smallest, scale):.1f} mm) should have that room"]


def _drawn_box(widget: Widget, window):
    """The part of the window `widget` draws on: a label's words, a button, a filled surface."""
    if not is_shown(widget) or isinstance(widget, (ScrollView, ModalView)):
        return None
    if isinstance(widget, Label):
        if not plain(widget.text).strip():
            return None
        wide, tall = min(widget.texture_size[0], widget.width), min(widget.texture_size[1], widget.height)
        x = {"left": 0, "right": widget.width - wide}.get(widget.halign, (widget.width - wide) / 2)
        y = {"bottom": 0, "top": widget.height - tall}.get(widget.valign, (widget.height - tall) / 2)
        x0, y0 = widget.to_window(widget.x + x, widget.y + y)
        box = (x0, y0, x0 + wide, y0 + tall)
    elif is_tappable(widget) or _paints(widget.canvas):
        box = window_box(widget)
    else:
        return None
    seen = viewport(widget, window)
    return intersect(box, seen) if seen is not None else None


def _paints(canvas) -> bool:
    """Whether a widget's canvas draws anything itself (a shape, a picture), not only sets a colour. Its
    before and after groups are looked into only where they were made (asking for one makes it); its
    children's canvases, which Kivy puts in it, are theirs."""
    groups = [canvas.before] if canvas.has_before else []
    groups += [canvas] + ([canvas.after] if canvas.has_after else [])
    return any(_draws(group) for group in groups)


def _draws(group) -> bool:
    for instruction in group.children:
        if isinstance(instruction, VertexInstruction):
            return True
        if isinstance(instruction, InstructionGroup) and not isinstance(instruction, Canvas) and _draws(instruction):
            return True
    return False


def _largest_empty(covered: list[bytearray], least_wide: float, least_tall: float,
                   bands: list[tuple[int, int]]) -> tuple[int, int, tuple[int, int]]:
    """The largest empty rectangle of cells at least `least_wide` by `least_tall` and level with one of
    the `bands` of rows (width, height and its corner), or widths of 0 where there is none: every
    maximal empty rectangle is met as a bar of the histogram of empty cells above a row is taken off
    the stack."""
    best = (0, 0, (0, 0))
    heights = [0] * len(covered[0])
    for y, row in enumerate(covered):
        heights = [0 if cell else tall + 1 for cell, tall in zip(row, heights)]
        stack: list[int] = []
        for x in range(len(heights) + 1):
            tall = heights[x] if x < len(heights) else 0
            while stack and heights[stack[-1]] >= tall:
                top = heights[stack.pop()]
                start = stack[-1] + 1 if stack else 0
                level = any(low < y + 1 and y - top + 1 < high for low, high in bands)
                if (top >= least_tall and x - start >= least_wide and level
                        and top * (x - start) > best[0] * best[1]):
                    best = (x - start, top, (start, y - top + 1))
            stack.append(x)
    return best


def _counting(label: Label) -> str:
    """What a Count's number counts, so the problem names it."""
    owner = label.parent
    return f" (the count {plain(owner.caption.text)!r})" if isinstance(owner, Count) else ""


def _nested(a: Widget, b: Widget) -> bool:
    return a in ancestors(b) or b in ancestors(a)


def ancestors(widget: Widget):
    node = widget
    while True:
        parent = getattr(node, "parent", None)
        if parent is None or parent is node:   # the Window is its own parent
            return
        yield parent
        node = parent


def _box(box) -> str:
    x0, y0, x1, y1 = box
    return f"({x0:.0f},{y0:.0f} {x1 - x0:.0f}x{y1 - y0:.0f})"


def broken_words(root) -> list[str]:
    """Words a label would break across lines: stricter than the check's slack of a pixel and a half,
    because Kivy breaks a word that is wider than its line by even one pixel."""
    found = []
    for label in root.walk(restrict=True):
        if not isinstance(label, Label) or not label.text or not label.text_size[0] or not is_shown(label):
            continue
        font = (label.font_size, label.bold, label.font_name)
        for word in plain(label.text).split():
            if text_extent(word, *font)[0] > label.text_size[0]:
                found.append(f"{word!r} is wider than its {label.text_size[0]:.0f} px line")
    return found
