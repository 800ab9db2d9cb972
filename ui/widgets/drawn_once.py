"""Words measured and drawn once. Kivy lays a label out by measuring every word of it in the font, and
draws the label's texture afresh whenever any of its properties is set, even back to what it was
before: a table redrawn after a move measured some 540 words and drew words identical to what they
showed, and a list's rows handed the lines of their neighbours (a history one line longer) drew every
line again.

`install()` puts two caches under every label in the app:
- each measurement of a piece of text, kept by the text and everything of the font that changes its
  size (file, size, bold, italic, outline, hinting, kerning), so "Larger text" measures anew;
- each label's picture, kept by its words and every option it is drawn with (colour and the room it
  wraps in included): a label shown again with words and style it had before (here or on another
  label) takes the picture already made, and nothing is laid out or drawn.
Both are bounded, the oldest entries going first."""

from __future__ import annotations

from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Rectangle
from kivy.uix.label import Label

MEASUREMENTS = 20000
PICTURE_PIXELS = 2_000_000   # about 8 MB of RGBA, a few hundred labels' worth

_installed = False


def install() -> None:
    global _installed
    if _installed:
        return
    _installed = True
    _measure_once()
    _draw_once()


def _measure_once() -> None:
    measure = CoreLabel.get_extents
    known: dict[tuple[Any, ...], Any] = {}

    def get_extents(self: CoreLabel, text: str) -> Any:
        options = self.options
        key = (text, options["font_size"], options.get("font_name_r"), options["bold"], options["italic"],
               options.get("outline_width"), options.get("font_hinting"), options.get("font_kerning"),
               options.get("font_context"), options.get("font_features"))
        found = known.get(key)
        if found is None:
            if len(known) >= MEASUREMENTS:
                del known[next(iter(known))]
            found = known[key] = measure(self, text)
        return found

    CoreLabel.get_extents = get_extents


class _Pictures:
    """Label pictures by what they show, the most recently used last."""

    def __init__(self) -> None:
        self.found: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        self.pixels = 0

    def get(self, key: tuple[Any, ...]) -> tuple[Any, ...] | None:
        picture = self.found.pop(key, None)
        if picture is not None:
            self.found[key] = picture
        return picture

    def keep(self, key: tuple[Any, ...], picture: tuple[Any, ...]) -> None:
        self.found[key] = picture
        self.pixels += _pixels(picture)
        while self.pixels > PICTURE_PIXELS and len(self.found) > 1:
            self.pixels -= _pixels(self.found.pop(next(iter(self.found))))


def _pixels(picture: tuple[Any, ...]) -> int:
    width, height = picture[1]
    return int(width * height)


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _draw_once() -> None:
    draw = Label.texture_update
    pictures = _Pictures()

    def texture_update(self: Label, *largs: Any) -> None:
        core = self._label
        _show_words(self, bool(self.text))
        if not self.text:
            draw(self, *largs)
            return
        key = (type(core), self.text, self.disabled, _frozen(core.usersize),
               tuple(sorted((name, _frozen(value)) for name, value in core.options.items())))
        picture = pictures.get(key)
        if picture is None:
            draw(self, *largs)
            texture = core.texture
            if texture is None:
                return
            # Drawn now, while the label still holds these words (Kivy draws a label's texture the
            # first time it is shown), and no longer the label's own: its next words get a texture
            # of their own instead of being drawn over these.
            texture.bind()
            core.texture = None
            # The label's refs and anchors are copied: Kivy's own dicts hold the label they belong to,
            # and would keep its whole screen alive for as long as the picture is kept.
            picture = (texture, tuple(self.texture_size), self.is_shortened,
                       dict(getattr(self, "refs", {})), dict(getattr(self, "anchors", {})))
            pictures.keep(key, picture)
            return
        texture, size, shortened, refs, anchors = picture
        self.texture = texture
        self.texture_size = list(size)
        self.is_shortened = shortened
        if refs or anchors:
            self.refs, self.anchors = refs, anchors

    Label.texture_update = texture_update


def _show_words(label: Label, shown: bool) -> None:
    """The rectangle Label's own rule draws its words with (the first on its canvas) taken off the
    canvas while it has none to show, and put back in its place when it has."""
    aside: tuple[int, Rectangle] | None = label.__dict__.get("_words_aside")
    if shown and aside is not None:
        index, rectangle = aside
        label.canvas.insert(index, rectangle)
        del label.__dict__["_words_aside"]
    elif not shown and aside is None:
        canvas = label.canvas
        index, rectangle = next(((index, part) for index, part in enumerate(canvas.children)
                                 if isinstance(part, Rectangle)), (-1, None))
        if rectangle is not None:
            canvas.remove(rectangle)
            label.__dict__["_words_aside"] = (index, rectangle)
