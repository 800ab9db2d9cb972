"""What the Pugs in Mugs table shows, as properties its widgets are bound to, filled from the game's
summary and outcome after every change. Setting a property to the value it has changes nothing, so a
move redraws only what it changed: a hand, the deck, a Mug."""

from __future__ import annotations

from typing import Sequence

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty

from companion.games.pugs_in_mugs.summary import PugsSummary
from companion.outcome import Outcome
from companion.players import Player
from companion.words import counted, noun


def actions_words(left: int) -> str:
    """What the side says beside the dots of the actions left: "1 action left"."""
    return f"{counted(left, 'action')} left"


class SeatModel(EventDispatcher):
    """One player's row: their hand and their Mugs."""

    player = ObjectProperty(None)
    hand = NumericProperty(0)
    hand_words = StringProperty("cards")
    mugs = ListProperty([])
    active = BooleanProperty(False)   # their turn
    winner = BooleanProperty(False)

    def __init__(self, player: Player, **kwargs: object) -> None:
        super().__init__(player=player, **kwargs)


class PugsModel(EventDispatcher):
    turn_player = ObjectProperty(None, allownone=True)
    actions_left = NumericProperty(0)
    actions_words = StringProperty("")
    deck = NumericProperty(0)
    discard = NumericProperty(0)
    over = BooleanProperty(False)
    headline = StringProperty("")
    hand_digits = NumericProperty(1)   # the widest hand, so the rows' counts line up

    def __init__(self, players: Sequence[Player], **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.players = list(players)
        self.seats = [SeatModel(player) for player in players]

    def update(self, summary: PugsSummary, outcome: Outcome) -> None:
        over = summary["over"]
        turn = summary["turn"]
        winners = set(outcome.winners)
        for seat, entry in zip(self.seats, summary["players"]):
            seat.hand = entry["hand"]
            seat.hand_words = noun(entry["hand"], "card")
            seat.mugs = entry["mugs"]
            seat.active = not over and entry["seat"] == turn
            seat.winner = entry["seat"] in winners
        self.hand_digits = max(len(str(entry["hand"])) for entry in summary["players"])
        self.turn_player = None if turn is None else self.players[turn]
        self.actions_left = summary["actions_left"]
        self.actions_words = actions_words(summary["actions_left"])
        self.deck = summary["deck"]
        self.discard = summary["discard_total"]
        self.headline = f"{outcome.winner_names[0]} has a Mug of every colour and wins!" if over else ""
        self.over = over
