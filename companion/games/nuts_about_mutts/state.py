"""The table as the app tracks it: counts, not cards. Plain data only, so a state can be compared,
copied and replayed; with it the phases, the action types and the names of the cards."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypedDict

KEY = "nuts_about_mutts"


class Phase(StrEnum):
    """Exactly one of them is true at a time, and each says who must act next."""

    FIRST_CARD = "first_card"   # the player left of the dealer starts the home pile (or the top card is flipped)
    PLAY = "play"               # normal turns (and, in the advanced game, claims)
    BONE_RACE = "bone_race"     # a Mutt is down: waiting for the race result
    PEDIGREE = "pedigree"       # the guided pedigree round
    HAND_OVER = "hand_over"     # someone went out; waiting for the next deal
    EVENING_OVER = "evening_over"


class ActionType(StrEnum):
    PLAY = "play"
    DRAW = "draw"
    DOG_HOUSE_TURN = "dog_house_turn"
    MATCH = "match"
    RUN = "run"
    PASS = "pass"
    BONE_RACE = "bone_race"
    PEDIGREE_PLAY = "pedigree_play"
    PEDIGREE_DRAW = "pedigree_draw"
    NAME_TOP_CARD = "name_top_card"
    RESHUFFLE = "reshuffle"
    FLIP = "flip"
    DEAL = "deal"
    NEW_HAND = "new_hand"
    END_EVENING = "end_evening"

# What each action says besides its type and player. Anything else is refused, so a misspelt field is
# never quietly ignored.
# A card played: its kind ("card", or "then_play" after a draw), a dog's colour and number, and what
# a wild card aims at.
_CARD = frozenset({"colour", "number", "same_breed", "target", "swap_with", "breed"})
FIELDS: dict[str, frozenset[str]] = {
    ActionType.PLAY: _CARD | {"card"},
    ActionType.DRAW: _CARD | {"then_play"},
    ActionType.DOG_HOUSE_TURN: _CARD | {"card", "drawn", "played"},
    ActionType.MATCH: frozenset({"race"}),
    ActionType.RUN: frozenset({"number", "race"}),
    ActionType.PASS: frozenset(),
    ActionType.BONE_RACE: frozenset({"losers", "loser", "race"}),
    ActionType.PEDIGREE_PLAY: frozenset({"count"}),
    ActionType.PEDIGREE_DRAW: frozenset({"played"}),
    ActionType.NAME_TOP_CARD: frozenset({"colour", "number"}),
    ActionType.RESHUFFLE: frozenset(),
    ActionType.FLIP: frozenset({"wilds_flipped", "colour", "number"}),
    ActionType.DEAL: frozenset(),
    ActionType.NEW_HAND: frozenset(),
    ActionType.END_EVENING: frozenset(),
}


# The cards: numbered dogs (the app never knows their breeds) and the wild cards.
DOG = "dog"
WILDS = ("mutt", "flea", "fire_hydrant", "pedigree", "dog_house")
CARD_KINDS = (DOG, *WILDS)
CARD_NAMES = {DOG: "dog", "mutt": "Mutt", "flea": "Flea", "fire_hydrant": "Fire Hydrant",
              "pedigree": "Pedigree", "dog_house": "Dog House"}
FIRST_CARD_FLIPPED = "flip"   # an edition whose first home-pile card comes from the draw pile ("from_hand" otherwise)


class _Card(TypedDict):
    card: str   # DOG or one of WILDS


class TopCard(_Card, total=False):
    """The top of the home pile: a wild is just its kind; a dog has a colour and number, None until told.
    (Optional keys by inheritance: NotRequired is not seen in postponed annotations on Python 3.11.)"""

    colour: str | None
    number: int | None


class PendingRace(TypedDict):
    mutt_player: int


class PedigreeRound(TypedDict):
    player: int            # who played the Pedigree
    breed: str | None      # the announced breed, for the history only
    order: list[int]       # the seats in step order, the Pedigree's player last
    step: int
    played: int            # breed cards put down so far


class HandResult(TypedDict):
    hand: int
    dealer: int
    winner: int
    scores: list[int]      # cards left in each hand


@dataclass
class MuttsState:
    names: list[str]
    edition: str
    colours: list[str]
    numbers: int
    copies_of_each_dog: int
    deck_size: int
    bones: int
    hand_size: int
    first_card_rule: str
    advanced: bool
    hands_in_evening: int            # 0 = open-ended
    false_start_loses: bool
    dealer: int
    hand_number: int = 1
    phase: Phase = Phase.FIRST_CARD
    turn: int = 0
    hands: list[int] = field(default_factory=list)
    draw_pile: int = 0
    home_pile: int = 0
    top: TopCard | None = None
    # The dogs known to be on the home pile (colour and number told), by dog_name: how many of the
    # edition's copies of each are already down, since the last reshuffle or deal.
    known_on_home_pile: dict[str, int] = field(default_factory=dict)
    colour_to_follow: str | None = None
    dog_house: list[int] = field(default_factory=list)   # seats with a dog house card in front of them
    claimed_on_turn: bool = False     # advanced: the turn player already played a Match/Run this turn
    race: PendingRace | None = None          # pending bone race
    pedigree: PedigreeRound | None = None
    last_race: dict[str, Any] | None = None  # the arbiter's decision of the last race, for the log (as reported)
    reshuffles: int = 0               # home pile reshuffled into the draw pile, this evening
    hand_results: list[HandResult] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.names)

    def clone(self) -> MuttsState:
        # Field by field because the generic deepcopy dominated the time of random playthroughs.
        fields = dict(self.__dict__)
        pedigree = self.pedigree
        fields.update(
            names=list(self.names), colours=list(self.colours), hands=list(self.hands),
            top=None if self.top is None else self.top.copy(), dog_house=list(self.dog_house),
            known_on_home_pile=dict(self.known_on_home_pile),
            race=None if self.race is None else self.race.copy(),
            pedigree=None if pedigree is None else PedigreeRound(
                player=pedigree["player"], breed=pedigree["breed"], order=list(pedigree["order"]),
                step=pedigree["step"], played=pedigree["played"]),
            last_race=copy.deepcopy(self.last_race),
            # A hand's result is never changed once recorded, so the copies share them: a clone costs
            # the same in the tenth hand as in the first.
            hand_results=list(self.hand_results))
        twin = object.__new__(MuttsState)
        twin.__dict__.update(fields)
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> MuttsState:
        return self.clone()

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    @property
    def totals(self) -> list[int]:
        return [sum(result["scores"][seat] for result in self.hand_results) for seat in range(self.players)]

    @property
    def cards_accounted(self) -> int:
        return sum(self.hands) + self.draw_pile + self.home_pile + len(self.dog_house)
