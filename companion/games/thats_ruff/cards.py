"""Cards as the players enter them, read into small plain dicts (`Card`, in state.py): reading one
from an action, naming it aloud, finding it among the cards on the table, and what an 8 is worth."""

from __future__ import annotations

from typing import Any, Mapping

from companion.errors import IllegalAction

from .state import COLOURS, COPIES_PER_COLOUR, DOGS, HIGHEST, LOWEST, PAPPY, WILD, WILD_DOGS, Card


def copies_in_deck() -> dict[str, int]:
    """How many of each card identity one deck holds, keyed like `identity`."""
    copies = {f"{colour} {number}": count
              for colour, count in COPIES_PER_COLOUR.items()
              for number in range(LOWEST, HIGHEST + 1)}
    copies[WILD] = WILD_DOGS
    return copies


def identity(card: Card) -> str:
    return WILD if card.get("wild") else f"{card['colour']} {card['number']}"


def name(card: Card) -> str:
    """How the card is read aloud: "red 5", "blue 8 (Nicky)", "Wild Dog as red 5"."""
    if card.get("wild"):
        declared = " ".join(str(card[key]) for key in ("colour", "number") if key in card)
        return f"Wild Dog as {declared}" if declared else "Wild Dog"
    text = f"{card['colour']} {card['number']}"
    if card["number"] == 8:
        dog = PAPPY if card["colour"] == "black" else card.get("dog")
        if dog:
            text += f" ({dog})"
    return text


def read_card(doc: Any, *, what: str, wild_number: bool = False, wild_colour: bool = False) -> Card:
    """A card from an action. `wild_number` / `wild_colour` say what a Wild Dog must declare here."""
    if not isinstance(doc, Mapping):
        raise IllegalAction(f"Tell me the {what} as a number and a colour, or say it is a Wild Dog.")
    if doc.get("wild"):
        card: Card = {"wild": True}
        if wild_number:
            card["number"] = _number(doc.get("number"), what="number the Wild Dog stands for")
        if wild_colour:
            card["colour"] = _colour(doc.get("colour"), what="colour the Wild Dog stands for")
        return card
    card = {"number": _number(doc.get("number"), what=what), "colour": _colour(doc.get("colour"), what=what)}
    dog = doc.get("dog")
    if dog is not None:
        if card["number"] != 8 or card["colour"] == "black":
            raise IllegalAction(f"Only the blue and red 8s show a dog's name; the {name(card)} has none.")
        if dog not in DOGS:
            raise IllegalAction(f"The 8s show {', '.join(DOGS)}; there is no dog called {dog!r}.")
        card["dog"] = dog
    return card


def _number(value: Any, *, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not LOWEST <= value <= HIGHEST:
        raise IllegalAction(f"The {what} needs a number from {LOWEST} to {HIGHEST}.")
    return value


def _colour(value: Any, *, what: str) -> str:
    if value not in COLOURS:
        raise IllegalAction(f"The {what} needs a colour: {', '.join(COLOURS)}.")
    colour: str = value
    return colour


def on_table(card: Card) -> Card:
    """The card as it lies face up after play: a Wild Dog's declaration only lasted for its play."""
    return {"wild": True} if card.get("wild") else card.copy()


def same_card(entered: Card, lying: Card) -> bool:
    """Whether the card a player names is this card on the table (a dog name, if both give one, must agree)."""
    if entered.get("wild") or lying.get("wild"):
        return bool(entered.get("wild")) and bool(lying.get("wild"))
    if (entered["number"], entered["colour"]) != (lying["number"], lying["colour"]):
        return False
    return entered.get("dog") is None or lying.get("dog") is None or entered["dog"] == lying["dog"]


def find_card(entered: Card, cards: list[Card | None]) -> int | None:
    """Index of the card a player named, preferring an exact match (same dog) over a loose one."""
    loose = None
    for index, lying in enumerate(cards):
        if lying is None or not same_card(entered, lying):
            continue
        if entered.get("dog") == lying.get("dog"):
            return index
        loose = index if loose is None else loose
    return loose


def eight_bonus(card: Card, dog: str, eight_colour: str) -> str | None:
    """Why this card moves `dog` one space (its own 8, or Pappy), or None. Wild Dogs show no dog."""
    if card.get("wild") or card["number"] != 8:
        return None
    if card["colour"] == "black":
        return f"{PAPPY}'s 8"
    if card["colour"] == eight_colour and card.get("dog") in (None, dog):
        return f"{dog}'s own 8"
    return None
