"""Measuring text before it is drawn, so a column can be given the room its words need and a name
wraps at a space instead of being cut. One cached measurement for the whole app; and words drawn into
a texture, for a canvas that shows them without a Label."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

from kivy.core.text import Label as CoreLabel
from kivy.graphics.texture import Texture


def text_texture(text: str, font_size: float, *, bold: bool = False, color: Sequence[float] = (1, 1, 1, 1),
                 font_name: str | None = None) -> Texture:
    """`text` drawn once into a texture (a key's words, a cell's letter, a number on a disc)."""
    fonts = {"font_name": font_name} if font_name else {}
    label = CoreLabel(text=text, font_size=font_size, bold=bold, color=tuple(color), **fonts)
    label.refresh()
    texture: Texture = label.texture
    return texture


@lru_cache(maxsize=4096)
def text_width(text: str, font_size: float, bold: bool = False) -> float:
    """How wide one line of `text` is drawn in the app's font."""
    return float(CoreLabel(text=text, font_size=font_size, bold=bold).get_extents(text)[0])


@lru_cache(maxsize=64)
def line_height(font_size: float) -> float:
    """The height of one line of text in the app's font, ascenders and descenders included."""
    return float(CoreLabel(text="Hg", font_size=font_size).get_extents("Hg")[1])


# Words are measured one by one and cached, so wrapping a long list of lines (a game's history) costs a
# measurement per new word, not per line; a line is taken as its words and spaces side by side, which
# leaves out kerning between words, so a little room is kept back for it.
KERNING_ROOM = 0.98


def lines_needed(text: str, font_size: float, width: float, bold: bool = False) -> int:
    """How many lines `text` takes wrapped at spaces in `width`, each of its own lines ("\n") begun
    afresh: a word is never broken, but one wider than the line goes on after a hyphen of its own
    (as `wrapped_at_hyphens` writes it)."""
    if "\n" in text:
        return sum(lines_needed(line, font_size, width, bold) for line in text.split("\n"))
    room = width * KERNING_ROOM
    space = text_width(" ", font_size, bold)
    lines, used = 1, 0.0
    for word in text.split():
        # A word alone is measured whole, kerning and all: it is broken only where it is wider than the line.
        first, *rest = hyphen_pieces(word, font_size, width, bold)
        wide = text_width(first, font_size, bold)
        if used and used + space + wide > room:
            lines, used = lines + 1, wide
        else:
            used = used + space + wide if used else wide
        # Each piece after a hyphen begins a line of its own, as wrapped_at_hyphens writes it.
        for piece in rest:
            lines, used = lines + 1, text_width(piece, font_size, bold)
    return lines


def font_to_fit(text: str, largest: float, smallest: float, width: float, height: float = math.inf,
                bold: bool = False, step: float = 2.0) -> float:
    """The largest font from `largest` down to `smallest` (in `step`s) at which `text`, wrapped at its
    spaces, fits `width` by `height` with no word wider than the width: a long name written whole in
    the room it has (any number of lines where no height is given). At `smallest` it may still not
    fit; it is never smaller."""
    size = largest
    while size > smallest and (lines_needed(text, size, width, bold) * line_height(size) > height
                               or max(text_width(word, size, bold) for word in text.split() or [""]) > width):
        size = max(smallest, size - step)
    return size


def hyphen_pieces(word: str, font_size: float, width: float, bold: bool = False) -> list[str]:
    """`word` whole where it fits `width`, else in pieces that end at its hyphens, as few as fit (a
    double-barrelled name, "Jean-Baptiste", goes on after its hyphen rather than be cut mid-word). A
    piece with no hyphen to break at may still be wider than the width."""
    if text_width(word, font_size, bold) <= width or "-" not in word[1:-1]:
        return [word]
    parts = [part + "-" for part in word.split("-")]
    parts[-1] = parts[-1][:-1]
    pieces = [parts[0]]
    for part in parts[1:]:
        if text_width(pieces[-1] + part, font_size, bold) <= width:
            pieces[-1] += part
        else:
            pieces.append(part)
    return [piece for piece in pieces if piece]


def wrapped_at_hyphens(text: str, font_size: float, width: float, bold: bool = False) -> str:
    """`text` with each word too wide for `width` broken onto the next line after a hyphen: a label
    wraps only at spaces, and breaks a longer word wherever its line ends."""
    if not text or width <= 1 or "-" not in text:
        return text
    return "\n".join(" ".join("\n".join(hyphen_pieces(word, font_size, width, bold))
                               for word in line.split(" "))
                      for line in text.split("\n"))


def breakable(text: str, longest: int = 40) -> str:
    """`text` with every path longer than `longest` characters broken after a slash: a label wraps only
    at spaces, and a path (a data directory given with --data-dir, where an export went) can be wider than the screen."""
    words = []
    for word in text.split(" "):
        pieces = []
        while len(word) > longest and "/" in word[1:-1]:
            # After the last slash that keeps the piece short enough, else the first one there is.
            cut = (word.rindex("/", 1, longest) if "/" in word[1:longest] else word.index("/", 1)) + 1
            pieces.append(word[:cut])
            word = word[cut:]
        pieces.append(word)
        if "/" in word or len(pieces) > 1:
            # A folder's own name longer than a line has no slash to break at: a path is no word to keep
            # whole, so it goes on every `longest` characters.
            pieces = [piece[at:at + longest] for piece in pieces for at in range(0, len(piece), longest)]
        words.append("\n".join(pieces))
    return " ".join(words)
