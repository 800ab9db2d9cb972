"""A noun that agrees with the number in front of it, for every line the family reads: "1 card",
"2 cards", "0 cards"; a list as it is said, "a, b and c"; and a month by its name. Pure text, so the
rules' messages, the screens and the command line say it the same way."""

from __future__ import annotations

import time
from typing import Sequence


def noun(count: int, singular: str, plural: str | None = None) -> str:
    """`singular` for exactly one, else `plural` (by default the singular with an "s")."""
    return singular if count == 1 else (plural if plural is not None else singular + "s")


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """The number and its noun: counted(1, "card") is "1 card", counted(3, "card") is "3 cards"."""
    return f"{count} {noun(count, singular, plural)}"


def only_counted(count: int, singular: str, plural: str | None = None) -> str:
    """A count short of what is needed: "no cards", "only 1 card", "only 2 cards"."""
    return f"no {noun(0, singular, plural)}" if count == 0 else f"only {counted(count, singular, plural)}"


def listed(words: Sequence[str]) -> str:
    """Words as they are said: "a", "a and b", "a, b and c" ("" for none)."""
    return " and ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} and {words[-1]}"


def month_name(year: int, month: int) -> str:
    """"March 2026"."""
    return time.strftime("%B %Y", (year, month, 1, 0, 0, 0, 0, 1, -1))
