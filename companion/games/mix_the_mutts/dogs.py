"""The dogs a tile makes: how many a new tile can make, reading them (and a breed) from an action,
and saying a dog's name."""

from __future__ import annotations

from typing import Any, Mapping

from companion.actions import Action
from companion.errors import IllegalAction

from .state import BREED_COUNTS, BREEDS, MAX_NEW_DOGS, MIN_NEW_DOGS


def dog_name(head: str, tail: str) -> str:
    if head == tail:
        return f"purebreed {head}"
    return f"{head}-head {tail}-tail mutt"


def most_new_dogs(tiles_on_table: int) -> int:
    """Two hexagons share at most one edge, so a tile makes at most one dog per tile it touches: never
    more than the tiles already down, and never more than its six sides."""
    return min(MAX_NEW_DOGS, tiles_on_table)


def read_breed(action: Action, key: str, fields: Mapping[str, Any] | None = None) -> str:
    breed = (action.args if fields is None else fields).get(key)
    if not isinstance(breed, str) or breed not in BREED_COUNTS:
        raise IllegalAction(f"The {key} must be one of the breeds: {', '.join(BREEDS)} (got {breed!r}).")
    return breed


def read_new_dogs(action: Action, tiles_on_table: int) -> list[list[str]]:
    dogs = action.get("combinations")
    if not isinstance(dogs, list) or len(dogs) < MIN_NEW_DOGS:
        raise IllegalAction(f"A new tile touches at least {MIN_NEW_DOGS} tiles, so it makes at least "
                            f"{MIN_NEW_DOGS} new dogs: list each one's head and tail.")
    most = most_new_dogs(tiles_on_table)
    if len(dogs) > most:
        if most == MAX_NEW_DOGS:
            reason = f"A tile has six sides, so it makes at most {most} new dogs, not {len(dogs)}."
        else:
            reason = (f"With {tiles_on_table} tiles on the table the new tile can touch each of them along one "
                      f"edge only, so it makes at most {most} new dogs, not {len(dogs)}.")
        raise IllegalAction(reason + " Check the tile and list each new dog once.")
    read = []
    for dog in dogs:
        if not isinstance(dog, dict):
            raise IllegalAction('Give each new dog as {"head": breed, "tail": breed}.')
        read.append([read_breed(action, "head", dog), read_breed(action, "tail", dog)])
    return read
