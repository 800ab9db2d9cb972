"""Mix-the-Mutts demo scenes: the table after two turns, the breed pad, the scoring grid and the end
of the worked example."""

from __future__ import annotations

from typing import Any

from companion.actions import Action
from companion.games.mix_the_mutts.state import KEY, ActionType
from companion.session import Session
from ui.games.mix_the_mutts import MixTheMuttsView
from ui.scenes import FAMILY, example_session, open_game
from ui.screenshots import scene

Step = tuple[str, int, dict[str, Any]]


def _family_session(services: Any, count: int) -> Session:
    session: Session = services.store.new_session(KEY, FAMILY[:count], {})
    return session


def _play(session: Session, script: list[Step]) -> None:
    for kind, player, args in script:
        session.perform(Action(kind, player, args))


def _dogs(*pairs: tuple[str, str]) -> dict[str, Any]:
    return {"combinations": [{"head": head, "tail": tail} for head, tail in pairs]}


OPENING: list[Step] = [
    (ActionType.CONNECT, 0, _dogs(("poodle", "schnauzer"), ("beagle", "beagle"))),
    (ActionType.SCORE, 0, {"head": "poodle", "tail": "schnauzer"}),
    (ActionType.SCORE, 2, {"head": "beagle", "tail": "beagle"}),
    (ActionType.FINISH_TURN, 0, {}),
    (ActionType.DRAW, 1, {}),
    (ActionType.CONNECT, 2, _dogs(("chihuahua", "pug"), ("pomeranian", "pomeranian"))),
    (ActionType.SCORE, 2, {"head": "chihuahua", "tail": "pug"}),
    (ActionType.SCORE, 3, {"head": "pomeranian", "tail": "pomeranian"}),
    (ActionType.FINISH_TURN, 2, {}),
]


@scene("mix-table", "Mix-the-Mutts: tiles, card pile, whose turn, hands and scoring stacks")
def mix_table(services: Any, navigator: Any) -> None:
    session = _family_session(services, 4)
    _play(session, OPENING)
    open_game(services, navigator, session)


@scene("mix-pad", "Mix-the-Mutts: entering a connected tile's new dogs on the breed pad")
def mix_pad(services: Any, navigator: Any) -> None:
    session = _family_session(services, 4)
    _play(session, OPENING)
    view = open_game(services, navigator, session).view
    assert isinstance(view, MixTheMuttsView)
    view.open_pad()
    for breed in ("dachshund", "poodle", "beagle", "beagle", "pug"):
        view.tap_breed(breed)


@scene("mix-scoring", "Mix-the-Mutts: after a tile is connected, who scored which new dog")
def mix_scoring(services: Any, navigator: Any) -> None:
    session = _family_session(services, 4)
    _play(session, OPENING + [
        (ActionType.CONNECT, 3, _dogs(("dachshund", "poodle"), ("beagle", "beagle"), ("pug", "schnauzer"))),
        (ActionType.SCORE, 3, {"head": "dachshund", "tail": "poodle"}),
        (ActionType.SCORE, 0, {"head": "beagle", "tail": "beagle"}),
    ])
    open_game(services, navigator, session)


@scene("mix-end", "Mix-the-Mutts: final totals and the winner")
def mix_end(services: Any, navigator: Any) -> None:
    # The worked example played to the end: two players, its own options.
    open_game(services, navigator, example_session(services, KEY, 2))
