"""Reads the rule cards in seeds/: each game's deck composition, player range, values and every
default chosen where the printed sheet is silent, each with its one-line reason.

Also reads the help cards in seeds/help/: each game's rules in plain words for the table (goal,
turn, what every card does, the end, what to tell the app) and the words the settings are shown
with (a label, one line on what it does, and a word for each value)."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

# What a help card must say, in the order the rules popup shows it.
HELP_PARTS = ("goal", "setup", "turn", "cards", "end", "app", "settings")


@lru_cache(maxsize=None)
def load_rulecard(key: str) -> dict[str, Any]:
    text = resources.files("seeds").joinpath(f"{key}.json").read_text(encoding="utf-8")
    card: dict[str, Any] = json.loads(text)
    return card


def load_example(name: str) -> dict[str, Any]:
    """A worked example game from seeds/examples/ (a game log as `companion replay-game` reads it),
    e.g. "nut" or "rules/nut-largest-cluster". Read fresh each time: callers replay and change it."""
    text = resources.files("seeds").joinpath(f"examples/{name}.json").read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


@lru_cache(maxsize=None)
def load_help(key: str) -> dict[str, Any]:
    text = resources.files("seeds").joinpath(f"help/{key}.json").read_text(encoding="utf-8")
    card: dict[str, Any] = json.loads(text)
    return card


def card_kinds(key: str) -> list[str]:
    """Every kind of card or table piece the rule card lists, under the name its help entry uses.
    The rule cards describe their decks in the shape each game needs, so each shape is read here."""
    card = load_rulecard(key)
    kinds: list[str] = []

    def add(*names: str) -> None:
        kinds.extend(name for name in names if name not in kinds)

    for edition in card.get("editions", {}).values():
        add(*edition.get("cards", {}))
        if edition.get("bones"):
            add("bone")
    if isinstance(card.get("cards"), dict):
        add(*card["cards"])
    if card.get("tiles"):
        add("tile")
    deck = card.get("deck", {})
    if deck.get("pugs_per_colour"):
        add("pug")
    add(*card.get("mischief", {}))
    if card.get("mugs_per_colour"):
        add("mug")
    if deck.get("wild_dogs"):
        add("wild_dog")
    if card.get("dogs"):
        add("eight")
    if card.get("black_eight_dog"):
        add("black_eight")
    path = card.get("path", {})
    if "first_disc_on" in path:
        add("disc")
    if "dog_house" in path:
        add("dog_house")
    return kinds


def help_entry_kinds(entry: dict[str, Any]) -> list[str]:
    """The card kinds one help entry explains: one `kind`, or `kinds` for cards that only differ in
    a number (Mix-the-Mutts' breeds)."""
    return list(entry.get("kinds", [])) + ([entry["kind"]] if "kind" in entry else [])


def value_key(value: Any) -> str:
    """How a setting's value is written as a key of its words: JSON spelling, bare for text."""
    if isinstance(value, str):
        return value
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def setting_words(key: str, option: str) -> dict[str, Any]:
    """The label and one-line explanation of a game's setting; a readable stand-in when a setting
    has no words yet, so the settings never show a raw key."""
    words: dict[str, Any] | None = load_help(key).get("settings", {}).get(option)
    if words is None:
        return {"label": option.replace("_", " ").capitalize(), "explain": ""}
    return words


def first_seat_words(key: str) -> tuple[str, str]:
    """How set-up marks the seat the game starts from, and offers that place to another seat, in the
    game's own words: a game with a dealer says "Deals first" and "Deal instead", a game whose first
    player is chosen another way (the youngest, who stroked an animal last) says who plays first."""
    seat = setting_words(key, "dealer")["seat"]
    return str(seat["chosen"]), str(seat["instead"])


def value_words(key: str, option: str, value: Any) -> str:
    """A setting's value in plain words: the help card's word for it, else the value itself read
    out (a table of numbers as 'name number, ...')."""
    words = setting_words(key, option)
    named = words.get("values", {})
    if value_key(value) in named:
        return str(named[value_key(value)])
    if isinstance(value, bool):
        return "On" if value else "Off"
    if isinstance(value, dict):
        parts = words.get("parts", {})
        text = ", ".join(f"{parts.get(name, name.replace('_', ' '))} {value_words(key, option, inner)}"
                         for name, inner in value.items())
        return text[:1].upper() + text[1:] if text else "None"
    if isinstance(value, (list, tuple)):
        return ", ".join(value_words(key, option, inner) for inner in value) or "None"
    return str(value).replace("_", " ")
