"""Random playthroughs: play a game by picking random legal actions, checking the game's invariants
after every step, that refused actions change nothing, and that undo returns exactly the state
before. Used by the property tests of every game and by the app's crash-test driver."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any, Sequence

from .actions import Action
from .errors import IllegalAction
from .game import Game
from .players import IDENTITIES, Player
from .session import Session


def table_of(count: int) -> list[Player]:
    names = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Finn"]
    return [Player(names[seat], IDENTITIES[seat].key, seat + 1) for seat in range(count)]


@dataclass
class PlaythroughReport:
    steps: int
    refusals_checked: int
    undos_checked: int
    finished: bool
    session: Session


def random_playthrough(game: Game[Any], players: Sequence[Player], options: dict[str, Any] | None = None, *,
                       rng: random.Random, max_steps: int = 2000, probe_every: int = 3,
                       undo_every: int = 7) -> PlaythroughReport:
    session = Session(game, players, options)
    refusals = undos = 0
    for step in range(max_steps):
        if session.is_over:
            break
        legal = game.legal_actions(session.state, rng)
        assert legal, f"{game.title}: no legal action offered at step {step} while the game is not over"
        if step % probe_every == 0:
            refusals += _probe_refusals(session, legal, rng)
        action = rng.choice(legal)
        before = copy.deepcopy(session.state)
        session.perform(action)
        game.check_invariants(session.state)
        if step % undo_every == 0:
            session.undo()
            assert session.state == before, f"{game.title}: undo of {action} did not restore the state"
            session.redo()
            game.check_invariants(session.state)
            undos += 1
    return PlaythroughReport(step + 1, refusals, undos, session.is_over, session)


def _probe_refusals(session: Session, legal: list[Action], rng: random.Random) -> int:
    """Try actions by the wrong player: whatever the rules say, a refusal must leave the state as it was."""
    checked = 0
    seats = len(session.players)
    for action in rng.sample(legal, min(3, len(legal))):
        if action.player is None:
            continue
        other = Action(action.type, (action.player + rng.randrange(1, seats)) % seats, action.args)
        before = copy.deepcopy(session.state)
        try:
            session.check(other)
        except IllegalAction:
            assert session.state == before, f"refused {other} changed the state"
            checked += 1
    return checked
