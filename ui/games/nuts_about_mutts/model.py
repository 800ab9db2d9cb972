"""What the Nuts about Mutts table shows, as properties its widgets are bound to, filled from the game's
summary and outcome after every change: each seat's hand and marks, the piles, the top card and the
colour to follow, which hand this is. Setting a property to the value it has changes nothing, so a move
redraws only what it changed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty

from companion.games.nuts_about_mutts.state import CARD_NAMES, DOG, Phase
from companion.games.nuts_about_mutts.summary import MuttsSummary
from companion.outcome import Outcome
from companion.players import Player
from ui.games.nuts_about_mutts.widgets import SPECIAL_SHAPE, colour_look

BETWEEN_HANDS = (Phase.HAND_OVER, Phase.EVENING_OVER)


@dataclass(frozen=True)
class Status:
    """A word a seat carries, on a chip of the palette's colour `fill` (high contrast recolours it)."""

    word: str
    fill: str


DOG_HOUSE = Status("DOG HOUSE", "danger")
DEALER = Status("DEALS", "text_dim")
TURN = Status("TURN", "accent")
TOP_DOG = Status("TOP DOG", "ok")
NEXT = Status("NEXT", "surface_high")
# What a family acts on has a place on every seat: the strip keeps room for all of these at once (a
# dealer in the dog house), and whose turn it is is the seat's thick ring. The other words are shown
# where room is left beside them.
ALWAYS = (DOG_HOUSE, DEALER)
WHEN_ROOM = (TURN, TOP_DOG, NEXT)
STATUSES = ALWAYS + WHEN_ROOM


def top_dogs(outcome: Outcome) -> list[int]:
    """The seats on the lowest running total once a hand has been scored (the winners at the end)."""
    if outcome.finished:
        return list(outcome.winners)
    return [standing.seat for standing in outcome.standings if standing.place == 1] if outcome.hands else []


class SeatModel(EventDispatcher):
    """One seat: the cards in hand, whether it is their turn or step, and the words that apply to it."""

    player = ObjectProperty(None)
    hand = NumericProperty(0)
    turn = BooleanProperty(False)
    marks = ListProperty([])   # the Statuses that apply now, in STATUSES' order

    def __init__(self, player: Player, **kwargs: Any) -> None:
        super().__init__(player=player, **kwargs)


class MuttsModel(EventDispatcher):
    between_hands = BooleanProperty(False)
    hand_words = StringProperty("")
    draw_pile = NumericProperty(0)
    home_pile = NumericProperty(0)
    # The top of the home pile as a little card: a caption line ("Top card", "Flea: follow", and the
    # shorter one where that does not fit), then the card or the colour to follow, in words with a
    # shape, on the fill of the colour that matters next ([] for none).
    top_caption = StringProperty("")
    top_caption_short = StringProperty("")
    top_words = StringProperty("")
    top_shape = StringProperty("")
    top_fill = ListProperty([])

    def __init__(self, players: Sequence[Player], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.players = list(players)
        self.seats = [SeatModel(player) for player in players]

    def update(self, summary: MuttsSummary, outcome: Outcome) -> None:
        turn = summary["to_act"]["seat"]
        count = summary["players"]
        best = set(top_dogs(outcome))
        for seat, model in enumerate(self.seats):
            model.hand = summary["hand_sizes"][seat]
            model.turn = turn == seat
            applies = {DOG_HOUSE: seat in summary["dog_house"], DEALER: seat == summary["dealer"],
                       TURN: turn == seat, TOP_DOG: seat in best,
                       NEXT: turn is not None and turn != seat and seat == (turn + 1) % count}
            model.marks = [status for status in STATUSES if applies[status]]
        hands = summary["hands_in_evening"]
        self.hand_words = f"Hand {summary['hand']}{f' of {hands}' if hands else ''}"
        self.draw_pile = summary["draw_pile"]
        self.home_pile = summary["home_pile"]
        self._show_top(summary)
        self.between_hands = summary["phase"] in BETWEEN_HANDS

    def _show_top(self, summary: MuttsSummary) -> None:
        top, follow, colours = summary["top_card"], summary["colour_to_follow"], summary["colours"]
        caption = "Top card"
        fill: Sequence[float] = ()
        if top is None:
            words, shape = "none yet", ""
        elif top["card"] == DOG:
            rgb, shape = colour_look(top.get("colour"), colours)
            known = [str(part) for part in (top.get("colour"), top.get("number")) if part is not None]
            if top.get("colour"):
                fill = rgb
            if known:
                words = " ".join(known)
            elif summary["advanced"]:
                # Played with one tap: only the advanced game needs it named, and its pad offers that.
                caption, words = "Top: a dog", "not named"
            else:
                words = "a dog card"
        else:
            words, shape = CARD_NAMES[top["card"]], SPECIAL_SHAPE
        short = caption
        if follow:
            # After a wild the colour to follow is what the next player needs: the wild names the card,
            # the colour (word and shape) is the big line.
            fill, shape = colour_look(follow, colours)
            caption, short, words = f"{words}: follow", words, follow.upper()
        self.top_caption, self.top_caption_short = caption, short
        self.top_words, self.top_shape = words, shape
        self.top_fill = [*fill[:3], 1] if fill else []
