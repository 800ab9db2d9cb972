"""What the Nut table shows, as properties its widgets are bound to, filled from the game's summary and
outcome after every change. Setting a property to the value it has changes nothing, so a pick redraws
the columns, the deck and the picks it changed, and a score the tab it changed."""

from __future__ import annotations

from typing import Sequence

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, DictProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty

from companion.games.nut.state import COLUMNS, Phase
from companion.games.nut.summary import NutSummary
from companion.outcome import Outcome
from companion.players import Player
from companion.words import counted, listed, noun


class ColumnModel(EventDispatcher):
    """One face-up column of the draft: its cards, what the holder dealt into it, and whether the card
    being picked may come from it."""

    number = NumericProperty(1)
    cards = NumericProperty(0)
    caption = StringProperty("cards")
    pickable = BooleanProperty(False)
    chosen = BooleanProperty(False)   # this round's column
    says = StringProperty("")         # what a tap on it records, or why it records nothing
    says_short = StringProperty("")   # the same without the picker's name, where the name has no room

    def __init__(self, number: int, **kwargs: object) -> None:
        super().__init__(number=number, **kwargs)


class SeatModel(EventDispatcher):
    player = ObjectProperty(None)
    picks = NumericProperty(0)        # cards picked so far (of the model's picks_each)
    picking = BooleanProperty(False)  # whose pick it is
    score = ObjectProperty(None, allownone=True)   # None until the layout is scored
    layout = ObjectProperty(None, allownone=True)  # the scored layout (LayoutSummary)
    winner = BooleanProperty(False)

    def __init__(self, player: Player, **kwargs: object) -> None:
        super().__init__(player=player, **kwargs)


class NutModel(EventDispatcher):
    phase = StringProperty(Phase.DRAFT.value)
    round_text = StringProperty("")
    picker = ObjectProperty(None, allownone=True)
    deck = NumericProperty(0)
    picks_each = NumericProperty(0)   # the cards each player picks in the game
    kinds_left = DictProperty({})
    kind_refusals = DictProperty({})  # kind the card picked now cannot be -> why
    to_act = ListProperty([])         # the seats whose layout is still to score
    headline = StringProperty("")
    winners = ListProperty([])

    def __init__(self, players: Sequence[Player], **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.players = list(players)
        self.seats = [SeatModel(player) for player in players]
        self.columns = [ColumnModel(number) for number in range(1, COLUMNS + 1)]

    def update(self, summary: NutSummary, outcome: Outcome) -> None:
        draft = summary["draft"]
        turn = draft["turn"]
        picker = None if turn is None else self.players[turn]
        self.picker = picker
        self.deck = draft["deck"]
        self.picks_each = draft["picks_each"]
        self.kinds_left = draft["kinds_left"]
        self.kind_refusals = draft["kind_refusals"]
        # The picker's row is lit under this line, so the line only says which column is open.
        opened = draft["round_column"]
        self.round_text = f"Round {draft['round']}: " + ("any column" if opened is None else f"column {opened}")
        for column, entry in zip(self.columns, draft["columns"]):
            cards = entry["cards"]
            dealt = entry["dealt_this_round"]
            column.cards = cards
            column.caption = noun(cards, "card") + (f"  (+{dealt} dealt)" if dealt else "") if cards else "empty"
            column.pickable = entry["pickable"]
            column.chosen = opened == entry["column"]
            if entry["pickable"] and picker is not None:
                # What a tap here will record, said before it happens.
                column.says = f"Tap when {picker.name} takes one"
                column.says_short = "Tap when the card is taken"
            else:
                column.says = column.says_short = "not this round" if cards else "nothing to take"
        for seat, (model, picks) in enumerate(zip(self.seats, draft["picks"])):
            model.picks = picks
            model.picking = seat == turn
            model.score = summary["scores"][seat]
            model.layout = summary["layouts"][seat]
            model.winner = seat in outcome.winners
        self.to_act = summary["to_act"]
        self.winners = list(outcome.winners)
        self.headline = self._headline(summary, outcome)
        self.phase = summary["phase"]

    def _headline(self, summary: NutSummary, outcome: Outcome) -> str:
        if not outcome.finished or not outcome.winners:
            return ""
        names = listed(outcome.winner_names)
        best = max(score for score in outcome.scores if score is not None)
        if len(outcome.winners) > 1:
            return f"{names} share the win with {best}: same score, same largest cluster"
        if outcome.tie_break:
            layout = summary["layouts"][outcome.winners[0]]
            largest = layout["largest"] if layout is not None else 0
            return f"{names} wins with {best}: tied on points, won on the largest cluster ({largest})"
        return f"{names} wins with {counted(best, 'point')}"
