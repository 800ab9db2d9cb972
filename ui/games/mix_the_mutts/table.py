"""The Mix-the-Mutts table view: the tiles and the card pile, whose turn, every hand and scoring
stack; one tap for "drew two", a breed pad for a connected tile's new dogs (pads.py), then a scoring
grid (player by new dog, scoring.py) and the final totals (results.py). Small pieces are in widgets.py.

Laid out once (table.kv) and bound to the view model (model.py): a move sets the model's properties
and the widgets showing them follow. The table, the breed pad, the scoring grid and the end are each
made once and swapped as the turn moves on."""

from __future__ import annotations

from typing import Any, cast

from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.actions import Action
from companion.games.mix_the_mutts.choices import dog_scored, score_refusal
from companion.games.mix_the_mutts.state import ActionType, Phase
from companion.games.mix_the_mutts.summary import MuttsSummary
from ui.controller import GameController
from ui.games.mix_the_mutts.model import MuttsModel
from ui.games.mix_the_mutts.pads import BreedPad
from ui.games.mix_the_mutts.results import MixEnd
from ui.games.mix_the_mutts.scoring import MixScoringGrid
from ui.games.mix_the_mutts.widgets import MixSeatCard
from ui.games.view import TableView
from ui.widgets.basics import BigButton, Panel  # noqa: F401  (Panel is named in table.kv)
from ui.widgets.count import Count
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge


class MixTheMuttsView(TableView, BoxLayout):
    model = ObjectProperty(None)

    def __init__(self, controller: GameController, **kwargs: Any) -> None:
        self.controller = controller
        summary = cast(MuttsSummary, controller.session.summary())
        junior = summary["scoring"].startswith("junior")
        super().__init__(model=MuttsModel(controller.players, junior, summary["card_values"]), **kwargs)
        # The ids are weak: the view holds the table itself while a pad or the end is shown instead.
        self.table: Widget = self.ids["table"].__self__
        self.cards = [MixSeatCard(seat) for seat in self.model.seats]
        for card in self.cards:
            self.ids["seats"].add_widget(card)
        self.breed_pad = BreedPad(junior, summary["card_values"])
        self.breed_pad.bind(on_record=lambda *_: self.record_tile(), on_cancel=lambda *_: self.close_pad())
        self.scoring_grid = MixScoringGrid(self.model)
        self.scoring_grid.bind(on_finish=lambda *_: self.finish_turn(),
                               on_score=lambda _, seat, index: self.score(seat, index))
        self._end: MixEnd | None = None
        # Whether the breed pad is open, and at which move it was opened: a move taken back or put again
        # under it (Undo, Redo) closes it, as the tile may then be somebody else's.
        self.entering = False
        self.pad_moves = 0

    # ----- what is on screen -----------------------------------------------------------------
    @property
    def shown(self) -> Widget:
        return self.children[0]

    @property
    def pad(self) -> BreedPad | None:
        return self.breed_pad if self.shown is self.breed_pad else None

    @property
    def scoring(self) -> MixScoringGrid | None:
        return self.scoring_grid if self.shown is self.scoring_grid else None

    @property
    def end(self) -> MixEnd | None:
        return self._end if self._end is not None and self.shown is self._end else None

    @property
    def finish_button(self) -> BigButton:
        return self.scoring_grid.finish_button

    @property
    def turn_badge(self) -> SeatBadge:
        return self.ids["turn_badge"]

    @property
    def pile(self) -> Count:
        return self.ids["pile"]

    @property
    def tile_counts(self) -> dict[str, Label]:
        return {"on_table": self.ids["tiles_down"].number, "face_down": self.ids["tiles_in_stack"].number}

    @property
    def connect_button(self) -> BigButton:
        return self.ids["connect_button"]

    @property
    def draw_button(self) -> BigButton:
        return self.ids["draw_button"]

    # ----- what the players tell the app ---------------------------------------------------------
    def _turn(self) -> int:
        turn = cast(MuttsSummary, self.controller.session.summary())["turn"]
        assert turn is not None, "the pads are shown only while the game goes on"
        return turn

    def drew_two(self) -> bool:
        return self.controller.perform(Action(ActionType.DRAW, self._turn()))

    def open_pad(self) -> None:
        summary = cast(MuttsSummary, self.controller.session.summary())
        turn = summary["turn"]
        if turn is None:
            return
        self.breed_pad.start(self.controller.players[turn].name, summary["new_dogs_per_tile"]["min"],
                             summary["new_dogs_per_tile"]["max"])
        self.entering = True
        self.pad_moves = len(self.controller.session.actions)
        self._place()

    def close_pad(self) -> None:
        self.entering = False
        self._place()

    def tap_breed(self, breed: str) -> None:
        self.breed_pad.tap_breed(breed)

    def record_tile(self) -> bool:
        combinations = [{"head": head, "tail": tail} for head, tail in self.breed_pad.dogs]
        return self.controller.perform(Action(ActionType.CONNECT, self._turn(), {"combinations": combinations}))

    def score(self, seat: int, index: int) -> bool:
        cell = self.scoring_grid.buttons[(index, seat)]
        # A greyed cell says why and records nothing, so it is never a dead tap.
        if cell.disabled_reason:
            self.controller.explain(cell.disabled_reason)
            return False
        head, tail = self.model.new_dogs[index]
        return self.controller.perform(Action(ActionType.SCORE, seat, {"head": head, "tail": tail}))

    def finish_turn(self) -> bool:
        return self.controller.perform(Action(ActionType.FINISH_TURN, self._turn()))

    def start_from(self, action: Action) -> None:
        """A score being fixed is marked on the grid and brought into sight, so the family sees which
        cell it says was tapped (see ui/games/view.py)."""
        index = dog_scored(self.controller.session.state, action)
        if index is not None and action.player is not None:
            self.scoring_grid.mark_told(index, action.player)

    # ----- showing ---------------------------------------------------------------------------
    def refresh(self) -> None:
        session = self.controller.session
        summary = cast(MuttsSummary, session.summary())
        self.model.update(summary, self.controller.outcome)
        if summary["phase"] != Phase.CHOOSING or len(session.actions) != self.pad_moves:
            self.entering = False
        if summary["phase"] == Phase.SCORING:
            state = session.state
            self.scoring_grid.show([[score_refusal(state, seat, index) for index in range(len(summary["new_dogs"]))]
                                    for seat in range(len(summary["players"]))])
        self._place()

    def _place(self) -> None:
        """The table, the breed pad, the scoring grid or the end, as the turn stands."""
        phase = self.model.phase
        part: Widget
        if phase == Phase.OVER:
            if self._end is None:
                self._end = MixEnd(self.model)
            self._end.show()
            part = self._end
        elif self.entering:
            part = self.breed_pad
        elif phase == Phase.SCORING:
            part = self.scoring_grid
        else:
            part = self.table
        if not self.children or self.shown is not part:
            self.clear_widgets()
            self.add_widget(part)


load_kv(__file__)
