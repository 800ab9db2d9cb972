"""A driver that plays random legal moves through the real app, one per frame, printing each action
the moment it is acknowledged (saved). The crash test kills the app at random moments and checks
that every printed action is in the database. Hidden option: `companion --autoplay N`."""

from __future__ import annotations

import json
import random
import sys
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.clock import Clock

from companion.actions import Action, Fix
from companion.playthrough import table_of
from ui.controller import GameController
from ui.screens.game import open_game_screen
from ui.services import Services

if TYPE_CHECKING:
    from ui.navigation import Navigator

UNDO_CHANCE, REDO_CHANCE, FIX_CHANCE = 0.08, 0.05, 0.04


def start_autoplay(services: Services, navigator: Navigator, count: int, game: str) -> None:
    store = services.store
    rng = random.Random()

    def open_session() -> GameController:
        record = store.unfinished()
        if record is not None:
            session = store.resume(record.id)
            _say("resumed", session=session.id, entries=record.entry_count)
        else:
            session = store.new_session(game, table_of(random.choice([2, 3])))
            _say("started", session=session.id, game=game)
        return open_game_screen(services, navigator, session).controller

    controller: GameController | None = None
    done = 0

    def step(_dt: float) -> bool | None:
        nonlocal controller, done
        if controller is None or controller.session.is_over:
            controller = open_session()
        session = controller.session
        action: Action | Fix | None
        roll = rng.random()
        if roll < UNDO_CHANCE and session.can_undo:
            acknowledged, kind, action = controller.undo(), "undo", None
        elif roll < UNDO_CHANCE + REDO_CHANCE and session.can_redo:
            acknowledged, kind, action = controller.redo(), "redo", None
        elif roll < UNDO_CHANCE + REDO_CHANCE + FIX_CHANCE and session.actions:
            # An earlier move told again: accepted, or refused when a later move no longer fits.
            move = rng.randrange(1, len(session.actions) + 1)
            told = rng.choice(session.game.legal_actions(session.state_after(move - 1), rng))
            action = Fix(move, told)
            acknowledged, kind = controller.fix(move, told), "fix"
        else:
            played = rng.choice(session.game.legal_actions(session.state, rng))
            acknowledged, kind, action = controller.perform(played), "do", played
        if acknowledged and store.last_entry is not None:
            session_id, seq = store.last_entry
            _say("ack", session=session_id, seq=seq, kind=kind, action=action.to_json() if action else None)
            done += 1
        if done >= count:
            App.get_running_app().stop()
            return False
        return None

    Clock.schedule_interval(step, 0)


def _say(event: str, **fields: Any) -> None:
    sys.stdout.write(json.dumps({"event": event, **fields}) + "\n")
    sys.stdout.flush()
