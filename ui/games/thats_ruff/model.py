"""What the That's Ruff! table shows, as properties its widgets are bound to, filled from the game's
summary and outcome after every change. Setting a property to the value it has changes nothing, so a
card played redraws what it changed: the count, a dog, whose turn, the line saying what happened."""

from __future__ import annotations

import re
from typing import Sequence

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty

from companion.games.thats_ruff.paths import space_name
from companion.games.thats_ruff.state import Phase
from companion.games.thats_ruff.summary import BoardSummary, RuffSummary
from companion.outcome import Outcome
from companion.players import Player
from companion.words import counted


def unbroken(card_name: str) -> str:
    """A card's name with its colour and number kept on one line ("Wild Dog as blue 6" may wrap, but
    never before its 6)."""
    return re.sub(r"\b(blue|red|black) (\d+)", "\\1\u00a0\\2", card_name)


class BoardModel(EventDispatcher):
    """One dog's path: its players (partners share one), where the dog is, the discs on its path and
    those kept in its dog house."""

    players = ListProperty([])
    names = StringProperty("")
    dog = StringProperty("")
    position = NumericProperty(0)
    discs = ListProperty([])         # the spaces holding a disc
    in_house = BooleanProperty(False)
    kept = NumericProperty(0)
    active = BooleanProperty(False)  # the table waits for its player, or its dog has won
    result = StringProperty("")      # once the hand is collected: how far the dog moved back and why

    def update(self, board: BoardSummary, active: bool, result: str) -> None:
        self.result = result
        self.position = board["position"]
        self.discs = board["discs_on_path"]
        self.in_house = board["in_dog_house"]
        self.kept = board["discs_in_house"]
        self.active = active


class RuffModel(EventDispatcher):
    phase = StringProperty(Phase.LAYING_OUT)
    counting = BooleanProperty(False)
    count = NumericProperty(0)
    turn_player = ObjectProperty(None, allownone=True)
    match_words = StringProperty("")      # the card the next one is matched against
    last_move = StringProperty("")        # what the last move did (outside Counting, after the hand it was in)
    results_shown = BooleanProperty(False)  # the hand is collected: each dog's result instead of the line
    # The bar under the paths once the cards are collected: the next deal, a dog's choice to stay, or
    # the winner.
    dealer = ObjectProperty(None, allownone=True)
    deal_words = StringProperty("")
    chooser = ObjectProperty(None, allownone=True)
    chooser_doing = StringProperty("")
    stay_words = StringProperty("")
    move_on_words = StringProperty("")
    over = BooleanProperty(False)
    winners = ListProperty([])
    winner_words = StringProperty("")

    def __init__(self, players: Sequence[Player], boards: Sequence[BoardSummary], **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.players = list(players)
        self.boards = [BoardModel(players=[self.players[seat] for seat in board["seats"]],
                                  names=" & ".join(board["names"]), dog=board["dog"]) for board in boards]

    def update(self, summary: RuffSummary, outcome: Outcome) -> None:
        phase = summary["phase"]
        players = self.players
        # Outlined: the paths of the players the table waits for, or the winner's.
        seats = outcome.winners if outcome.finished else summary["waiting_for"]
        waiting = {summary["players"][seat]["board"] for seat in seats}
        results = summary["hand_result"] or [""] * len(self.boards)
        for index, (model, shown, result) in enumerate(zip(self.boards, summary["boards"], results)):
            model.update(shown, index in waiting, result)
        self.results_shown = bool(summary["hand_result"])
        self.phase = phase
        self.counting = phase == Phase.COUNTING
        self.count = summary["count"]
        turn = summary["turn"]
        self.turn_player = players[turn] if turn is not None and self.counting else None
        last = summary["last_card_name"]
        self.match_words = f"match {unbroken(last)}" if last else "nothing to match"
        # While counting, the count and whose turn it is stand beside the line, and the hand is said
        # as counting starts: the line says the rest, in the two lines it has on the 7" panel. Once the
        # hand is collected, each dog's result says it instead, read from the seats.
        self.last_move = (summary["last_move_short"] if self.counting
                          else "" if self.results_shown else f"Hand {summary['hand']} · {summary['last_move']}")
        self.dealer = players[summary["next_dealer"]]
        self.deal_words = f"Deal hand {summary['hand'] + 1} ({summary['deal_size']} cards each)"
        self._show_stay_choice(summary)
        self.over = outcome.finished
        self.winners = [players[seat] for seat in outcome.winners]
        if outcome.finished:
            # Who won in words, the players before their dog: the discs kept beside the paths are no score,
            # and a child reading "0 2" there must not take the 2 for the winner.
            board = summary["boards"][summary["players"][outcome.winners[0]]["board"]]
            names = board["names"]
            self.winner_words = (f"{' & '.join(names)} {'win' if len(names) > 1 else 'wins'}! {board['dog']} is home "
                                 f"with every disc fetched ({board['discs_in_house']} kept).")

    def _show_stay_choice(self, summary: RuffSummary) -> None:
        """A dog moving back that could pay to stay in its dog house: what staying costs and where it
        goes instead. Both are fair choices, so neither is drawn as the expected one."""
        if summary["phase"] != Phase.MOVING:
            return
        seat = summary["waiting_for"][0]
        board = summary["boards"][summary["players"][seat]["board"]]
        choice = board["stay_choice"]
        assert choice is not None, "the table waits on a dog with a choice to make"
        dog = board["dog"]
        self.chooser = self.players[seat]
        self.chooser_doing = f"{dog} chooses"
        self.stay_words = f"{dog} stays in the dog house: pays {choice['cost']} of {counted(choice['discs'], 'disc')}"
        self.move_on_words = f"{dog} moves on to {space_name(choice['moves_on_to'])}"
