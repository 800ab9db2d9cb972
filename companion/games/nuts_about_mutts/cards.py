"""The deck an edition uses, and what a played card looks like once the family has told the app
about it. The app never knows the breeds, so a breed match is something the player declares."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.rulecards import load_rulecard

from .state import CARD_KINDS, CARD_NAMES, DOG, KEY, WILDS, TopCard


@dataclass(frozen=True)
class Edition:
    key: str
    colours: tuple[str, ...]
    numbers: int
    copies_of_each_dog: int
    deck_size: int   # every card that is dealt or drawn; bones are laid on the table instead
    bones: int
    min_players: int
    max_players: int
    deal_sizes: tuple[tuple[int, int, int], ...]  # (fewest players, most players, cards each)
    first_card: str  # "from_hand" or "flip"

    def hand_size(self, players: int) -> int:
        for low, high, size in self.deal_sizes:
            if low <= players <= high:
                return size
        raise BadOption(f"the {self.key} edition has no deal for {players} players")


@lru_cache(maxsize=None)
def edition(key: str) -> Edition:
    editions = load_rulecard(KEY)["editions"]
    if key not in editions:
        raise BadOption(f"Nuts about Mutts has no edition {key!r}; choose one of: {', '.join(editions)}")
    card = editions[key]
    deal_sizes: list[tuple[int, int, int]] = []
    for span, size in card["deal"].items():
        low, _, high = span.partition("-")
        deal_sizes.append((int(low), int(high or low), size))
    return Edition(key, tuple(card["colours"]), card["numbers"], card["copies_of_each_dog"],
                   sum(card["cards"].values()), card["bones"],
                   card["players"]["min"], card["players"]["max"], tuple(deal_sizes), card["first_card"])


@dataclass(frozen=True)
class PlayedCard:
    """A card as the family reported it: colour and number of a dog are optional, a wild names the
    colour to follow and, for some wilds, a player."""

    kind: str
    colour: str | None = None
    number: int | None = None
    same_breed: bool = False
    target: int | None = None     # Dog House: who goes in; Fire Hydrant: who swaps (None = no swap)
    breed: str | None = None      # Pedigree: the announced breed, kept for the history only

    @property
    def is_wild(self) -> bool:
        return self.kind in WILDS

    def as_top(self) -> TopCard:
        if self.is_wild:
            return {"card": self.kind}
        return {"card": DOG, "colour": self.colour, "number": self.number}


def read_card(action: Action, kind_field: str, ed: Edition, players: int, last_card: bool = False) -> PlayedCard:
    """Parse the card fields of a `play`, `draw` (then_play) or `dog_house_turn` action. A wild that is
    the player's `last_card` ends the hand and does nothing more, so it needs no colour or player."""
    kind = action.get(kind_field, DOG)
    if kind not in CARD_KINDS:
        raise IllegalAction(f"{kind!r} is not a Nuts about Mutts card; the cards are: {', '.join(CARD_KINDS)}.")
    colour = action.get("colour")
    if colour is not None and colour not in ed.colours:
        raise IllegalAction(f"{colour!r} is not a colour in this deck; the colours are {', '.join(ed.colours)}.")
    if kind == DOG:
        return PlayedCard(DOG, colour, _read_number(action.get("number"), ed), bool(action.get("same_breed", False)))
    if colour is None and not last_card:
        raise IllegalAction(f"Whoever plays a {CARD_NAMES[kind]} chooses the colour to follow: "
                            f"say {', '.join(ed.colours[:-1])} or {ed.colours[-1]}.")
    target = None
    if kind == "dog_house" and not (last_card and action.get("target") is None):
        target = _read_seat(action.get("target"), players, "Say who goes in the dog house (their seat number).")
    elif kind == "fire_hydrant" and action.get("swap_with") is not None:
        target = _read_seat(action.get("swap_with"), players, "Say whose hand to swap with, or leave it out for no swap.")
    breed = action.get("breed") if kind == "pedigree" else None
    if breed is not None and not isinstance(breed, str):
        raise IllegalAction("The announced breed should be a name, like \"Beagle\".")
    return PlayedCard(kind, colour, None, False, target, breed)


def _read_number(number: Any, ed: Edition) -> int | None:
    if number is None:
        return None
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= ed.numbers:
        raise IllegalAction(f"Dog numbers go from 1 to {ed.numbers}, not {number!r}.")
    return number


def _read_seat(seat: Any, players: int, missing: str) -> int:
    if seat is None:
        raise IllegalAction(missing)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise IllegalAction(f"There is no player in seat {seat!r}; seats go from 0 to {players - 1}.")
    return seat


def card_label(card: PlayedCard | TopCard | None) -> str:
    """'a red 7', 'a dog', 'a Flea' for the history and for refusals."""
    if card is None:
        return "nothing"
    if isinstance(card, PlayedCard):
        kind, colour, number = card.kind, card.colour, card.number
    else:
        kind, colour, number = card["card"], card.get("colour"), card.get("number")
    if kind != DOG:
        return f"a {CARD_NAMES[kind]}"
    words = [w for w in (colour, str(number) if number is not None else None) if w]
    if not words:
        return "a dog"
    text = " ".join(words)
    return f"an {text}" if text[0] in "aeiou8" or text in ("11",) else f"a {text}"
