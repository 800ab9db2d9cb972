"""Demo scenes for Pugs in Mugs: a busy five-player table, the steal, discard and greyed-choice
pickers, and the winner."""

from __future__ import annotations

import random
from typing import cast

from companion.actions import Action
from companion.games.pugs_in_mugs.state import ActionType
from companion.players import Player
from companion.session import Session
from ui.games.pugs_in_mugs.table import PugsInMugsView
from ui.navigation import Navigator
from ui.scenes import FAMILY, example_session, open_game
from ui.screenshots import scene
from ui.services import Services

KEY = "pugs_in_mugs"


def _busy_table(services: Services, players: int = 4, moves: int = 90) -> Session:
    """A seeded table mid-game, leaning towards exchanges and steals so the shelves fill up."""
    extra = [*FAMILY, Player("Nan", "pink", 5)]
    session = services.store.new_session(KEY, extra[:players], {})
    rng = random.Random(7)
    for _ in range(moves):
        legal = session.game.legal_actions(session.state, rng)
        keen = [a for a in legal if a.type in (ActionType.EXCHANGE, ActionType.STEAL)]
        choice = keen[0] if keen else rng.choice(legal)
        session.perform(choice)
        if session.is_over:
            break
    return session


@scene("pugs-table", "Pugs in Mugs: Mug shelves with colour and pattern, hands, deck, actions left")
def pugs_table(services: Services, navigator: Navigator) -> None:
    open_game(services, navigator, _busy_table(services, 5, 60))


@scene("pugs-steal", "Pugs in Mugs: the steal picker, target chosen, legal Mugs offered")
def pugs_steal(services: Services, navigator: Navigator) -> None:
    view = cast(PugsInMugsView, open_game(services, navigator, example_session(services, KEY, 2, 15)).view)
    view.open(ActionType.STEAL)
    view.choose(0)


@scene("pugs-discard", "Pugs in Mugs: ending a turn over the hand limit, tapping the discards")
def pugs_discard(services: Services, navigator: Navigator) -> None:
    view = cast(PugsInMugsView, open_game(services, navigator, example_session(services, KEY, 2, 54)).view)
    view.open(ActionType.END_TURN)
    view.choose("purple")


@scene("pugs-greyed", "Pugs in Mugs: Surprise whom? with an empty-handed player greyed and the reason shown")
def pugs_greyed(services: Services, navigator: Navigator) -> None:
    session = services.store.new_session(KEY, FAMILY[:3], {})
    no_luck = {"target": 0, "named": "red", "handed_over": False}
    for action in (Action("draw", 0), Action("draw", 0), Action("end_turn", 0, {"discards": []}),
                   Action("gimme", 1, no_luck), Action("gimme", 1, no_luck), Action("end_turn", 1, {"discards": []}),
                   Action("draw", 2), Action("draw", 2), Action("end_turn", 2, {"discards": []})):
        session.perform(action)
    view = cast(PugsInMugsView, open_game(services, navigator, session).view)
    view.open(ActionType.SURPRISE)
    view.choices["1"].dispatch("on_release")


@scene("pugs-end", "Pugs in Mugs: the winner with a Mug of every colour")
def pugs_end(services: Services, navigator: Navigator) -> None:
    open_game(services, navigator, example_session(services, KEY, 2))
