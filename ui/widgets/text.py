"""Measuring text before it is drawn, so a column can be given the room its words need and a name
wraps at a space instead of being cut. One cached measurement for the whole app."""

from __future__ import annotations

from functools import lru_cache

from kivy.core.text import Label as CoreLabel


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
    """How many lines `text` takes wrapped at spaces in `width` (a word is never broken)."""
    room = width * KERNING_ROOM
    space = text_width(" ", font_size, bold)
    lines, used = 1, 0.0
    for word in text.split():
        wide = text_width(word, font_size, bold)
        if used and used + space + wide > room:
            lines, used = lines + 1, wide
        else:
            used = used + space + wide if used else wide
    return lines


def plural(count: int, one: str, many: str | None = None) -> str:
    """'1 card', '2 cards': a count with its noun agreeing."""
    return f"{count} {one if count == 1 else (many or one + 's')}"
