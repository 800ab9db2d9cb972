"""The family's settings checked before the table is set up: partnerships, which dog each seat takes,
the colour of each dog's 8, the laid-out face and the disc numbers."""

from __future__ import annotations

from typing import Any

from companion.errors import BadOption

from .state import COLOURS, COPIES_PER_COLOUR, DEFAULT_EIGHTS, DOGS, FACES


def check_simple_options(options: dict[str, Any], count: int) -> None:
    if options["partnerships"] and count != 4:
        raise BadOption("Partnerships need exactly four players (seats 1 and 3 against seats 2 and 4).")
    if options["laid_out_face"] not in FACES:
        raise BadOption(f"laid_out_face must be one of {', '.join(FACES)}, not {options['laid_out_face']!r}.")
    if options["count_discs"] < 0 or options["disc_supply"] < 0:
        raise BadOption("Disc numbers cannot be negative.")


def dogs_by_board(chosen: dict[str, Any], board_of_seat: list[int]) -> list[str]:
    boards = max(board_of_seat) + 1
    picked: dict[int, str] = {}
    for seat_text, dog in chosen.items():
        if not str(seat_text).isdigit() or int(seat_text) >= len(board_of_seat):
            raise BadOption(f"dogs: {seat_text!r} is not a seat at this table (0 to {len(board_of_seat) - 1}).")
        if dog not in DOGS:
            raise BadOption(f"dogs: the dogs are {', '.join(DOGS)}, not {dog!r}.")
        board = board_of_seat[int(seat_text)]
        if picked.get(board, dog) != dog:
            raise BadOption(f"Partners share one dog; seat {int(seat_text) + 1} asked for {dog} but their partner has {picked[board]}.")
        picked[board] = dog
    if len(set(picked.values())) != len(picked):
        raise BadOption("Each player or partnership needs a different dog.")
    spare = [dog for dog in DOGS if dog not in picked.values()]
    return [picked.get(board) or spare.pop(0) for board in range(boards)]


def eights(chosen: dict[str, Any]) -> dict[str, str]:
    """Every dog's 8 colour, the family's choices over the defaults. Each colour has as many 8s as
    copies of its cards, and each of those 8s shows a different dog."""
    unknown = sorted(set(chosen) - set(DOGS))
    if unknown:
        raise BadOption(f"eights: the dogs are {', '.join(DOGS)}, not {unknown[0]!r}.")
    colours: dict[str, str] = {**DEFAULT_EIGHTS, **chosen}
    for dog, colour in colours.items():
        if colour not in COLOURS or colour == "black":
            raise BadOption(f"eights: {dog}'s 8 must be blue or red, not {colour!r} (the black 8 is Pappy's).")
    for colour, copies in COPIES_PER_COLOUR.items():
        dogs = [dog for dog, shown in colours.items() if shown == colour]
        if len(dogs) > copies:
            raise BadOption(f"eights: {', '.join(dogs[:-1])} and {dogs[-1]} can't all show on the {_count(copies)} "
                            f"{colour} 8s: give each colour at most {copies} dogs.")
    return colours


def _count(number: int) -> str:
    return {1: "one", 2: "two", 3: "three"}.get(number, str(number))
