"""The table as the app tracks it: counts, not cards. Plain data only, so a state can be compared,
copied and replayed."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

# Phases: exactly one of them is true at a time, and each says who must act next.
FIRST_CARD = "first_card"   # the player left of the dealer starts the home pile (or the top card is flipped)
PLAY = "play"               # normal turns (and, in the advanced game, claims)
BONE_RACE = "bone_race"     # a Mutt is down: waiting for the race result
PEDIGREE = "pedigree"       # the guided pedigree round
HAND_OVER = "hand_over"     # someone went out; waiting for the next deal
EVENING_OVER = "evening_over"


@dataclass
class MuttsState:
    names: list[str]
    edition: str
    colours: list[str]
    numbers: int
    deck_size: int
    bones: int
    hand_size: int
    first_card_rule: str
    advanced: bool
    hands_in_evening: int            # 0 = open-ended
    false_start_loses: bool
    dealer: int
    hand_number: int = 1
    phase: str = FIRST_CARD
    turn: int = 0
    hands: list[int] = field(default_factory=list)
    draw_pile: int = 0
    home_pile: int = 0
    top: dict[str, Any] | None = None
    colour_to_follow: str | None = None
    dog_house: list[int] = field(default_factory=list)   # seats with a dog house card in front of them
    claimed_on_turn: bool = False     # advanced: the turn player already played a Match/Run this turn
    race: dict[str, Any] | None = None       # pending bone race: {"mutt_player": seat}
    pedigree: dict[str, Any] | None = None   # {"player", "breed", "order": [seats], "step", "played"}
    last_race: dict[str, Any] | None = None  # the arbiter's decision of the last race, for the log
    reshuffles: int = 0               # home pile reshuffled into the draw pile, this evening
    hand_results: list[dict[str, Any]] = field(default_factory=list)  # {"hand", "dealer", "winner", "scores"}

    @property
    def players(self) -> int:
        return len(self.names)

    def clone(self) -> "MuttsState":
        # Field by field because the generic deepcopy dominated the time of random playthroughs.
        fields = dict(self.__dict__)
        fields.update(
            names=list(self.names), colours=list(self.colours), hands=list(self.hands),
            top=None if self.top is None else dict(self.top), dog_house=list(self.dog_house),
            race=None if self.race is None else dict(self.race),
            pedigree=None if self.pedigree is None else {**self.pedigree, "order": list(self.pedigree["order"])},
            last_race=copy.deepcopy(self.last_race),
            # A hand's result is never changed once recorded, so the copies share them: a clone costs
            # the same in the tenth hand as in the first.
            hand_results=list(self.hand_results))
        twin = object.__new__(MuttsState)
        twin.__dict__.update(fields)
        return twin

    def __deepcopy__(self, memo: dict) -> "MuttsState":
        return self.clone()

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    @property
    def totals(self) -> list[int]:
        return [sum(result["scores"][seat] for result in self.hand_results) for seat in range(self.players)]

    @property
    def cards_accounted(self) -> int:
        return sum(self.hands) + self.draw_pile + self.home_pile + len(self.dog_house)


def deal_hand(state: MuttsState, dealer: int) -> None:
    """Reset the table for a new hand dealt by `dealer`."""
    state.dealer = dealer
    state.hands = [state.hand_size] * state.players
    state.draw_pile = state.deck_size - state.hand_size * state.players
    state.home_pile = 0
    state.top = None
    state.colour_to_follow = None
    state.dog_house = []
    state.claimed_on_turn = False
    state.race = None
    state.pedigree = None
    state.phase = FIRST_CARD
    state.turn = state.next_seat(dealer)
