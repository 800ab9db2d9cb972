"""The Nut table view: the column draft, then painting and scoring each layout, then the results
with the cluster that counts for each colour outlined. The pads live in nut_draft, nut_scoring,
nut_results; the pieces they share in nut_parts."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout

from ui import theme
from ui.games.nut_draft import DraftPad
from ui.games.nut_results import EndView
from ui.games.nut_scoring import ScoringPad
from ui.screenshots import scene


class NutView(BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(spacing=theme.GAP, **kwargs)
        self.controller = controller
        self.draft: DraftPad | None = None
        self.scoring: ScoringPad | None = None
        self.end: EndView | None = None
        self.phase = None

    @property
    def pad(self):
        return {"draft": self.draft, "scoring": self.scoring, "over": self.end}.get(self.phase)

    def refresh(self) -> None:
        summary = self.controller.session.summary()
        phase = summary["phase"]
        if phase != self.phase:
            self.clear_widgets()
            self.phase = phase
            if phase == "draft":
                self.draft = self.draft or DraftPad(self.controller)
                self.add_widget(self.draft)
            elif phase == "scoring":
                # Kept across an undo from the results, so nobody has to paint their layout again.
                self.scoring = self.scoring or ScoringPad(self.controller)
                self.add_widget(self.scoring)
            else:
                self.end = None
        if phase == "draft":
            self.draft.refresh(summary)
        elif phase == "scoring":
            self.scoring.refresh(summary)
        else:
            self.clear_widgets()
            self.end = EndView(self.controller, summary)
            self.add_widget(self.end)


VIEW = NutView


# ----- screenshot scenes ------------------------------------------------------------------------
def _example_session(services, players: int = 2):
    import json
    from pathlib import Path

    from companion.actions import Action
    from ui.scenes import FAMILY

    doc = json.loads((Path(__file__).resolve().parents[2] / "docs" / "examples" / "nut.json").read_text())
    session = services.store.new_session("nut", FAMILY[:players], doc["options"])
    actions = [Action.from_json(entry) for entry in doc["actions"]]
    return session, actions


def _open(services, navigator, session):
    from ui.screens.game import open_game_screen

    screen = open_game_screen(services, navigator, session)
    # The first draw of a full table is slow on a software renderer; finishing the switch now means
    # the picture never catches the previous screen still fading out underneath.
    navigator.transition.stop()
    return screen


@scene("nut-draft", "Nut: the three columns mid-draft, whose pick, the deck")
def nut_draft(services, navigator):
    session, actions = _example_session(services)
    for action in actions[:7]:
        session.perform(action)
    _open(services, navigator, session)


PAINTED = ["RRWB", "SR.B", "RYGG", ".YY."]


@scene("nut-paint", "Nut: painting a layout grid, one player already scored")
def nut_paint(services, navigator):
    session, actions = _example_session(services)
    for action in actions[:31]:
        session.perform(action)
    screen = _open(services, navigator, session)
    pad = screen.view.scoring
    pad.choose_paint("Y")
    for row, line in enumerate(PAINTED):
        for column, value in enumerate(line):
            if value != ".":
                pad.paint_cell(row, column, value)


@scene("nut-end", "Nut: final scores with the cluster that counts for each colour outlined")
def nut_end(services, navigator):
    session, actions = _example_session(services)
    for action in actions:
        session.perform(action)
    _open(services, navigator, session)
