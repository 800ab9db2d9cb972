"""The characters the app's screens can draw. Every label is set in the app's one font (the Roboto that
ships with the GUI toolkit, whose regular and bold faces hold the same characters): all the accented
letters of the Latin alphabet, Greek and Cyrillic, digits and the usual signs. A name holding any other
character (an emoji, Chinese, Hebrew...) would show an empty box at every seat, so a typed or imported
name that holds one is refused, the character named in words. tests/test_glyphs.py checks this list
against the font files."""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from typing import Iterable

from .errors import BadDocument

# (first, last) code points of each run of printable characters the font draws.
DRAWN: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E), (0x00A1, 0x00AC), (0x00AE, 0x017F), (0x018F, 0x018F), (0x0192, 0x0192),
    (0x01A0, 0x01A1), (0x01AF, 0x01B0), (0x01F0, 0x01F0), (0x01FA, 0x01FF), (0x0218, 0x021B),
    (0x0237, 0x0237), (0x0259, 0x0259), (0x02BC, 0x02BC), (0x02C6, 0x02C7), (0x02C9, 0x02C9),
    (0x02D8, 0x02DD), (0x02F3, 0x02F3), (0x0300, 0x0301), (0x0303, 0x0303), (0x0309, 0x0309),
    (0x030F, 0x030F), (0x0323, 0x0323), (0x0384, 0x038A), (0x038C, 0x038C), (0x038E, 0x03A1),
    (0x03A3, 0x03CE), (0x03D1, 0x03D2), (0x03D6, 0x03D6), (0x0400, 0x0486), (0x0488, 0x0513),
    (0x1E00, 0x1E01), (0x1E3E, 0x1E3F), (0x1E80, 0x1E85), (0x1EA0, 0x1EF9), (0x1F4D, 0x1F4D),
    (0x2010, 0x2011), (0x2013, 0x2015), (0x2017, 0x201E), (0x2020, 0x2022), (0x2025, 0x2027),
    (0x2030, 0x2030), (0x2032, 0x2033), (0x2039, 0x203A), (0x203C, 0x203C), (0x2044, 0x2044),
    (0x2074, 0x2074), (0x207F, 0x207F), (0x20A3, 0x20A4), (0x20A6, 0x20AC), (0x20B1, 0x20B1),
    (0x20B9, 0x20BA), (0x20BC, 0x20BD), (0x2105, 0x2105), (0x2113, 0x2113), (0x2116, 0x2116),
    (0x2122, 0x2122), (0x2126, 0x2126), (0x212E, 0x212E), (0x215B, 0x215E), (0x2202, 0x2202),
    (0x2206, 0x2206), (0x220F, 0x220F), (0x2211, 0x2212), (0x221A, 0x221A), (0x221E, 0x221E),
    (0x222B, 0x222B), (0x2248, 0x2248), (0x2260, 0x2260), (0x2264, 0x2265), (0x25CA, 0x25CA),
    (0xFB01, 0xFB04), (0xFFFC, 0xFFFD),
)
_FIRSTS = [first for first, _ in DRAWN]


def drawn(character: str) -> bool:
    run = bisect_right(_FIRSTS, ord(character)) - 1
    return run >= 0 and ord(character) <= DRAWN[run][1]


def undrawable(text: str) -> list[str]:
    """The characters of `text` the screens cannot draw, each once, in the order they come."""
    found: list[str] = []
    for character in text:
        if not drawn(character) and character not in found:
            found.append(character)
    return found


def in_words(characters: Iterable[str]) -> str:
    """Characters named, each once, so a message can say which they are without drawing them:
    "grinning face"."""
    return ", ".join(unicodedata.name(character, f"U+{ord(character):04X}").lower()
                     for character in dict.fromkeys(characters))


def why_nothing_shows(text: str) -> str | None:
    """Why `text` would show nothing at a seat, in words, when no letter, digit, sign or mark of it can
    be seen (only spaces, accents with no letter under them, invisible characters); None when something
    of it shows."""
    kinds = {unicodedata.category(character)[0] for character in text}
    if kinds & set("LNPS"):   # letters, numbers, punctuation, symbols: each shows on its own
        return None
    if "M" in kinds:
        return "an accent shows only over a letter, and there is none"
    if "C" in kinds:
        return "it is only invisible characters"
    return "it is only spaces"


def check_drawable_name(name: str, where: str) -> None:
    """Refuse a name the screens could not draw or that would show nothing, saying why and what to do."""
    missing = undrawable(name)
    if missing:
        shown = "".join("?" if character in missing else character for character in name)
        raise BadDocument(f"{where}: the name {shown!r} has a sign the screen cannot show ({in_words(missing)}); "
                          "write the name with letters and digits")
    nothing = why_nothing_shows(name)
    if nothing is not None:
        raise BadDocument(f"{where}: the name would show nothing at the table ({in_words(name)}): "
                          f"{nothing}; write the name with letters and digits")
