"""The Nuts about Mutts table view: the seats along the top (every hand size, whose turn), and under
them the table's facts (hand, dealer, piles, top card) beside the action pad for whatever the table
is waiting for; between hands and at the end of the evening, the score table. Pieces live in
nuts_about_mutts_table, _pads, _scores and _parts."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout

from ui.games.nuts_about_mutts_pads import ActionPad
from ui.games.nuts_about_mutts_parts import Sizes
from ui.games.nuts_about_mutts_scores import ScoresView
from ui.games.nuts_about_mutts_table import TablePanel
from ui.screenshots import scene

BETWEEN_HANDS = ("hand_over", "evening_over")


class MuttsView(BoxLayout):
    BIG_BUTTON_HELP = "Your big button: tap = played a card, hold = drew"

    def __init__(self, controller, **kwargs):
        super().__init__(orientation="vertical", spacing=Sizes.gap(), **kwargs)
        self.controller = controller
        self.table: TablePanel | None = None
        self.pad = ActionPad(controller, size_hint_x=0.75)
        self.scores: ScoresView | None = None

    def refresh(self) -> None:
        summary = self.controller.session.summary()
        if summary["phase"] in BETWEEN_HANDS:
            self.clear_widgets()
            self.table = None
            self.scores = ScoresView(self.controller, summary)
            self.add_widget(self.scores)
            return
        if self.table is not None:
            # The table stays on screen from move to move: only its numbers and tags change.
            self.table.update(summary)
            self.pad.refresh(summary)
            return
        self.clear_widgets()
        if self.pad.parent is not None:
            self.pad.parent.remove_widget(self.pad)
        self.scores = None
        self.table = TablePanel(self.controller, summary)
        self.add_widget(self.table.strip)
        below = BoxLayout(spacing=Sizes.gap())
        below.add_widget(self.table.info)
        self.pad.refresh(summary)
        below.add_widget(self.pad)
        self.add_widget(below)

    CLAIM_HELP = "Match or Run? Slam your big button: first press wins"

    def show_big_button_help(self) -> None:
        advanced = self.controller.session.options.get("advanced")
        self.pad.button_help = self.CLAIM_HELP if advanced else self.BIG_BUTTON_HELP

    def claim_seats_open(self) -> list[int]:
        return self.pad.claims_open() if self.pad.summary else []

    def on_claim_won(self, decision: dict) -> None:
        self.pad.won_claim(decision)

    def on_big_button(self, seat: int, long_press: bool) -> None:
        """A player's own button records the two commonest turns; anything richer is tapped."""
        if self.controller.session.options.get("advanced"):
            return  # in the advanced game the buttons are claim buttons only, as the screen says
        to_act = self.controller.session.summary()["to_act"]
        if to_act.get("kind") != "turn" or to_act.get("seat") != seat or self.pad.step != "main":
            return  # not their turn, or the pad is mid-way through a detailed entry
        if long_press:
            self.pad.drew()
        else:
            self.pad.choose_card("dog")


VIEW = MuttsView


# ----- screenshot scenes ------------------------------------------------------------------------
def _example(services, players: int = 3, options: dict | None = None):
    import json
    from pathlib import Path

    from companion.actions import Action
    from ui.scenes import FAMILY

    doc = json.loads((Path(__file__).resolve().parents[2] / "docs" / "examples" / "nuts_about_mutts.json").read_text())
    session = services.store.new_session("nuts_about_mutts", FAMILY[:players], options or doc["options"])
    return session, [Action.from_json(entry) for entry in doc["actions"]]


def _open(services, navigator, session):
    from ui.screens.game import open_game_screen

    screen = open_game_screen(services, navigator, session)
    navigator.transition.stop()
    return screen


def _replay(services, count: int, players: int = 3, options: dict | None = None):
    session, actions = _example(services, players, options)
    for action in actions[:count]:
        session.perform(action)
    return session


@scene("mutts-turn", "Nuts about Mutts: a normal turn, hand sizes around the table, the colour to follow")
def mutts_turn(services, navigator):
    from companion.actions import Action

    session = _replay(services, 0, players=4, options={"dealer": 0, "hands": 3, "advanced": True})
    for action in (Action("play", 1, {"colour": "red", "number": 5}), Action("play", 2, {"card": "flea", "colour": "blue"}),
                   Action("draw", 3), Action("play", 0, {"colour": "blue", "number": 3})):
        session.perform(action)
    _open(services, navigator, session)


@scene("mutts-dog-house", "Nuts about Mutts: a player in the dog house draws until playable")
def mutts_dog_house(services, navigator):
    session = _replay(services, 10)
    screen = _open(services, navigator, session)
    screen.view.pad.stepper.step(1)
    screen.view.pad.stepper.step(1)


@scene("mutts-pedigree", "Nuts about Mutts: the guided pedigree round in progress")
def mutts_pedigree(services, navigator):
    session = _replay(services, 13)
    _open(services, navigator, session)


@scene("mutts-bone-race", "Nuts about Mutts: a Mutt is down, the bone race is pending")
def mutts_bone_race(services, navigator):
    session = _replay(services, 7)
    _open(services, navigator, session)


@scene("mutts-scores", "Nuts about Mutts: end-of-hand score table with the top dog and the next deal")
def mutts_scores(services, navigator):
    from companion.actions import Action

    session, actions = _example(services, options={"dealer": 0, "hands": 3, "advanced": True})
    for action in actions:
        session.perform(action)
    session.perform(Action("deal"))
    # A quick second hand: Ann goes out on a run of plays while the others draw.
    for seat, card in ((2, {"colour": "red", "number": 4}),):
        session.perform(Action("play", seat, card))
    for _ in range(7):
        session.perform(Action("play", 0, {"colour": "red"}))
        if session.state.phase != "play":
            break
        session.perform(Action("draw", 1))
        session.perform(Action("draw", 2))
    _open(services, navigator, session)
