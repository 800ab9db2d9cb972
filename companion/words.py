"""A noun that agrees with the number in front of it, for every line the family reads: "1 card",
"2 cards", "0 cards". Pure text, so the rules' messages and the screens say it the same way."""

from __future__ import annotations


def noun(count: int, singular: str, plural: str | None = None) -> str:
    """`singular` for exactly one, else `plural` (by default the singular with an "s")."""
    return singular if count == 1 else (plural if plural is not None else singular + "s")


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """The number and its noun: counted(1, "card") is "1 card", counted(3, "card") is "3 cards"."""
    return f"{count} {noun(count, singular, plural)}"
