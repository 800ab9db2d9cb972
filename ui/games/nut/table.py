"""The Nut table view: the column draft, then painting and scoring each layout, then the results
with the cluster that counts for each colour outlined. The pads live in draft, scoring and results;
the buttons they are tapped with in pads, the cells in cells.

Bound to the view model (model.py): a pick, a score or a count sets the model's properties and the
widgets showing them follow. The draft, the scoring pad and the results are each made the first time
they are needed and shown again after that."""

from __future__ import annotations

from typing import Any, cast

from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.actions import Action
from companion.games.nut.state import Phase
from companion.games.nut.summary import NutSummary
from ui import theme
from ui.controller import GameController
from ui.games.nut.draft import DraftPad
from ui.games.nut.model import NutModel
from ui.games.nut.results import NutEnd
from ui.games.nut.scoring import NutScoringPad
from ui.games.view import TableView


class NutView(TableView, BoxLayout):
    model = ObjectProperty(None)

    def __init__(self, controller: GameController, **kwargs: Any) -> None:
        self.controller = controller
        super().__init__(model=NutModel(controller.players), spacing=theme.GAP, **kwargs)
        self._draft: DraftPad | None = None
        self._scoring: NutScoringPad | None = None
        self.end: NutEnd | None = None

    @property
    def phase(self) -> str:
        return str(self.model.phase)

    @property
    def draft(self) -> DraftPad:
        if self._draft is None:
            self._draft = DraftPad(self.controller, self.model)
        return self._draft

    @property
    def scoring(self) -> NutScoringPad:
        if self._scoring is None:
            self._scoring = NutScoringPad(self.controller, self.model)
        return self._scoring

    def start_from(self, action: Action) -> None:
        """A score being fixed opens on what was told then (see ui/games/view.py)."""
        if self.phase == Phase.SCORING:
            self.scoring.start_from(action)

    def take_back(self) -> str | None:
        """While layouts are told: the last stroke or count, before the last move (see ui/games/view.py)."""
        return self.scoring.take_back() if self.phase == Phase.SCORING else None

    def refresh(self) -> None:
        summary = cast(NutSummary, self.controller.session.summary())
        self.model.update(summary, self.controller.outcome)
        part: Widget
        if self.phase == Phase.DRAFT:
            part = self.draft
        elif self.phase == Phase.SCORING:
            part = self.scoring
            self.scoring.show()
        else:
            if self.end is None:
                state = self.controller.session.state
                self.end = NutEnd(self.model, state.colours, state.doubling)
            self.end.show()
            part = self.end
        if part.parent is not self:
            self.clear_widgets()
            self.add_widget(part)
