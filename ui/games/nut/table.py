"""The Nut table view: the column draft, then painting and scoring each layout, then the results
with the cluster that counts for each colour outlined. The pads live in draft, scoring and results;
the buttons they are tapped with in pads, the cells in cells and the pieces they share in widgets."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout

from companion.games.nut.state import Phase
from ui import theme
from ui.games.nut.draft import DraftPad
from ui.games.nut.results import EndView
from ui.games.nut.scoring import ScoringPad


class NutView(BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(spacing=theme.GAP, **kwargs)
        self.controller = controller
        self.draft: DraftPad | None = None
        self.scoring: ScoringPad | None = None
        self.end: EndView | None = None
        self.phase: str | None = None

    @property
    def pad(self):
        return {Phase.DRAFT: self.draft, Phase.SCORING: self.scoring, Phase.OVER: self.end}.get(self.phase)

    def start_from(self, told) -> None:
        """A score being fixed opens on what was told then (see ui/games/__init__.py)."""
        if self.phase == Phase.SCORING:
            self.scoring.start_from(told)

    def refresh(self) -> None:
        summary = self.controller.session.summary()
        phase = summary["phase"]
        if phase != self.phase:
            self.clear_widgets()
            self.phase = phase
            if phase == Phase.DRAFT:
                self.draft = self.draft or DraftPad(self.controller)
                self.add_widget(self.draft)
            elif phase == Phase.SCORING:
                # Kept across an undo from the results, so nobody has to paint their layout again.
                self.scoring = self.scoring or ScoringPad(self.controller)
                self.add_widget(self.scoring)
            else:
                self.end = None
        if phase == Phase.DRAFT:
            self.draft.refresh(summary)
        elif phase == Phase.SCORING:
            self.scoring.refresh(summary)
        else:
            self.clear_widgets()
            self.end = EndView(self.controller, summary)
            self.add_widget(self.end)
