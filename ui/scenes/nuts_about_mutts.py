"""Demo scenes of the Nuts about Mutts table, from the worked example in seeds/examples/."""

from __future__ import annotations

from typing import cast

from companion.actions import Action
from companion.games.nuts_about_mutts.state import ActionType, Phase
from ui.games.nuts_about_mutts.table import MuttsView
from ui.navigation import Navigator
from ui.scenes import example_session, open_game
from ui.screenshots import scene
from ui.services import Services

KEY = "nuts_about_mutts"


@scene("mutts-turn", "Nuts about Mutts: a normal turn, hand sizes around the table, the colour to follow")
def mutts_turn(services: Services, navigator: Navigator) -> None:
    session = example_session(services, KEY, 4, upto=0, options={"dealer": 0, "hands": 3, "advanced": True})
    for action in (Action(ActionType.PLAY, 1, {"colour": "red", "number": 5}),
                   Action(ActionType.PLAY, 2, {"card": "flea", "colour": "blue"}),
                   Action(ActionType.DRAW, 3), Action(ActionType.PLAY, 0, {"colour": "blue", "number": 3})):
        session.perform(action)
    open_game(services, navigator, session)


@scene("mutts-dog-house", "Nuts about Mutts: a player in the dog house draws until playable")
def mutts_dog_house(services: Services, navigator: Navigator) -> None:
    screen = open_game(services, navigator, example_session(services, KEY, 3, upto=10))
    stepper = cast(MuttsView, screen.view).pad.stepper
    stepper.step(1)
    stepper.step(1)


@scene("mutts-pedigree", "Nuts about Mutts: the guided pedigree round in progress")
def mutts_pedigree(services: Services, navigator: Navigator) -> None:
    open_game(services, navigator, example_session(services, KEY, 3, upto=13))


@scene("mutts-bone-race", "Nuts about Mutts: a Mutt is down, the bone race is pending")
def mutts_bone_race(services: Services, navigator: Navigator) -> None:
    open_game(services, navigator, example_session(services, KEY, 3, upto=7))


@scene("mutts-scores", "Nuts about Mutts: end-of-hand score table with the top dog and the next deal")
def mutts_scores(services: Services, navigator: Navigator) -> None:
    session = example_session(services, KEY, 3, options={"dealer": 0, "hands": 3, "advanced": True})
    session.perform(Action(ActionType.DEAL))
    # A quick second hand: Ann goes out on a run of plays while the others draw.
    for seat, card in ((2, {"colour": "red", "number": 4}),):
        session.perform(Action(ActionType.PLAY, seat, card))
    for _ in range(7):
        session.perform(Action(ActionType.PLAY, 0, {"colour": "red"}))
        if session.state.phase != Phase.PLAY:
            break
        session.perform(Action(ActionType.DRAW, 1))
        session.perform(Action(ActionType.DRAW, 2))
    open_game(services, navigator, session)
