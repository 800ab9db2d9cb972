"""What the Mix-the-Mutts table shows, as properties its widgets are bound to, filled from the game's
summary and outcome after every change. Setting a property to the value it has changes nothing, so a
move redraws only what it changed: a hand, the pile, a stack, whose turn."""

from __future__ import annotations

from typing import Sequence

from kivy.event import EventDispatcher
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)

from companion.games.mix_the_mutts.state import DRAW, Phase
from companion.games.mix_the_mutts.summary import MuttsSummary
from companion.outcome import Outcome
from companion.players import Player
from companion.words import noun

# The draw button says how many cards a draw takes, in words: "Drew two".
COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def points_word(junior: bool, count: int) -> str:
    """What a total counts: points, or in the junior game the cards themselves."""
    return noun(count, "card" if junior else "point")


class SeatModel(EventDispatcher):
    """One player: their hand, their scoring stack and its total, and what they scored of the last tile."""

    player = ObjectProperty(None)
    hand = NumericProperty(0)
    total = NumericProperty(0)
    points_word = StringProperty("points")
    stack = DictProperty({})          # breed -> cards in the scoring stack
    scored_dogs = ListProperty([])    # the last tile's new dogs this player scored, by their place
    active = BooleanProperty(False)   # their turn
    winner = BooleanProperty(False)
    place = NumericProperty(0)        # 1 for the best total, once the game is over

    def __init__(self, player: Player, **kwargs: object) -> None:
        super().__init__(player=player, **kwargs)


class MuttsModel(EventDispatcher):
    phase = StringProperty(Phase.CHOOSING.value)
    turn_player = ObjectProperty(None, allownone=True)
    pile = NumericProperty(0)
    pile_caption = StringProperty("cards in the pile")
    tiles_down = NumericProperty(0)      # tiles on the table
    face_down = NumericProperty(0)
    can_draw = BooleanProperty(True)
    draw_text = StringProperty("")
    new_dogs = ListProperty([])       # [head, tail] of each dog the last tile made
    new_dog_points = ListProperty([])  # what scoring each of them adds to a total
    fewest_new_dogs = NumericProperty(2)
    most_new_dogs = NumericProperty(2)
    headline = StringProperty("")
    over = BooleanProperty(False)

    def __init__(self, players: Sequence[Player], junior: bool, card_values: dict[str, int],
                 **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.players = list(players)
        # Fixed for the whole game: the settings it was started with.
        self.junior = junior
        self.card_values = dict(card_values)
        self.seats = [SeatModel(player) for player in players]

    def update(self, summary: MuttsSummary, outcome: Outcome) -> None:
        turn = summary["turn"]
        for seat, entry in zip(self.seats, summary["players"]):
            seat.hand = entry["hand"]
            seat.total = entry["total"]
            seat.points_word = points_word(self.junior, entry["total"])
            seat.stack = entry["scoring_stack"]
            seat.scored_dogs = entry["scored_dogs"]
            seat.active = entry["seat"] == turn
            seat.winner = entry["seat"] in outcome.winners
            seat.place = outcome.standings[entry["seat"]].place or 0
        self.turn_player = None if turn is None else self.players[turn]
        self.pile = summary["card_pile"]
        self.pile_caption = f"{noun(summary['card_pile'], 'card')} in the pile"
        self.tiles_down = summary["tiles"]["on_table"]
        self.face_down = summary["tiles"]["face_down"]
        self.can_draw = summary["can_draw"]
        self.draw_text = f"Drew {COUNT_WORDS[DRAW]}" if summary["card_pile"] else "Pile empty: no drawing"
        self.new_dogs = summary["new_dogs"]
        self.new_dog_points = summary["new_dog_points"]
        self.fewest_new_dogs = summary["new_dogs_per_tile"]["min"]
        self.most_new_dogs = summary["new_dogs_per_tile"]["max"]
        names = outcome.winner_names
        if not outcome.finished or not names:
            self.headline = ""
        elif len(names) == 1:
            self.headline = f"{names[0]} wins!"
        else:
            self.headline = f"{' and '.join(names)} share the win!"
        self.phase = summary["phase"].value
        self.over = summary["phase"] == Phase.OVER
