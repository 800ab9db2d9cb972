"""Resume, undo and fixes work from kept states instead of one state per move; what they give must be
exactly what replaying every move from the start gives, for every game, on long sessions full of undos
and corrections of earlier moves."""

import copy
import random

import pytest

from companion.errors import IllegalAction
from companion.playthrough import table_of
from companion.registry import GAMES, load_game
from companion.session import DO, FIX, REDO, SNAPSHOT_EVERY, UNDO, Session


def from_the_start(game, players, options, actions):
    """The reference: every move applied in turn to a fresh copy, as the app once did for each one."""
    state = game.start(players, options)
    for action in actions:
        state = game.apply(copy.deepcopy(state), action)
    return state


def long_session(key, seats, seed, moves):
    """A session played at random with undos and redos mixed in, and the log it would store."""
    rng = random.Random(seed)
    game = load_game(key)
    players = table_of(seats)
    log = []
    session = Session(game, players, persist=lambda kind, action, state: log.append((kind, action)))
    while len(log) < moves and not session.is_over:
        roll = rng.random()
        if roll < 0.12 and session.can_undo:
            for _ in range(rng.choice([1, 1, 2, SNAPSHOT_EVERY + 3])):
                if session.can_undo:
                    session.undo()
        elif roll < 0.18 and session.can_redo:
            session.redo()
        elif roll < 0.24 and session.actions:
            try_a_fix(session, rng)
        else:
            session.perform(rng.choice(game.legal_actions(session.state, rng)))
    return session, log


def try_a_fix(session, rng):
    """An earlier move told differently: accepted, or refused with nothing changed."""
    move = rng.randrange(1, len(session.actions) + 1)
    before = session.state_after(move - 1)
    unchanged = (copy.deepcopy(session.state), session.actions, session.history())
    try:
        session.fix(move, rng.choice(session.game.legal_actions(copy.deepcopy(before), rng)))
    except IllegalAction:
        assert (session.state, session.actions, session.history()) == unchanged


@pytest.mark.parametrize("key", [entry.key for entry in GAMES])
def test_resume_and_undo_give_exactly_what_a_full_replay_gives(key):
    entry = next(entry for entry in GAMES if entry.key == key)
    for seed in range(3):
        session, log = long_session(key, entry.max_players, seed, moves=300)
        game, players, options = session.game, session.players, session.options
        assert session.state == from_the_start(game, players, options, session.actions)

        resumed = Session(game, players, options)
        resumed.replay_entries(log)
        assert resumed.state == session.state
        assert resumed.actions == session.actions
        assert [line.text for line in resumed.history()] == [line.text for line in session.history()]

        rng = random.Random(seed)
        for moves in sorted(rng.sample(range(len(session.actions) + 1), min(6, len(session.actions) + 1))):
            assert resumed.state_after(moves) == from_the_start(game, players, options, session.actions[:moves])

        # Undo all the way back (fixes too), each step checked, then redo every one of those changes.
        undone = 0
        while resumed.can_undo:
            resumed.undo()
            undone += 1
            assert resumed.state == from_the_start(game, players, options, resumed.actions)
        for _ in range(undone):
            resumed.redo()
        assert (resumed.state, resumed.actions) == (session.state, session.actions)


def test_a_resumed_session_keeps_only_a_few_states():
    session, log = long_session("nuts_about_mutts", 6, seed=11, moves=400)
    resumed = Session(session.game, session.players, session.options)
    resumed.replay_entries(log)
    assert len(resumed._snapshots) <= len(resumed.actions) // SNAPSHOT_EVERY + 1
    assert [kind for kind, _ in log].count(DO) > 0 and {UNDO, REDO, FIX} <= {kind for kind, _ in log}


@pytest.mark.parametrize("key, seats", [("nuts_about_mutts", 6), ("pugs_in_mugs", 5)])
def test_resuming_applies_each_move_in_effect_once_however_many_undos_and_fixes(key, seats, monkeypatch):
    """The work of a resume follows the moves in effect, not the undos and fixes on the way (counted in
    rule applications, not seconds, so the test means the same on any machine)."""
    session, log = evening_with_corrections(key, seats, seed=5, entries=1500)
    kinds = [kind for kind, _ in log]
    assert kinds.count(FIX) >= 5 and kinds.count(UNDO) >= 50 and len(session.actions) >= 600
    game = session.game
    applied = []
    real_apply = type(game).apply
    monkeypatch.setattr(type(game), "apply", lambda self, state, action: (applied.append(1), real_apply(self, state, action))[1])
    resumed = Session(game, session.players, session.options)
    resumed.replay_entries(log)
    assert len(applied) <= len(session.actions)
    assert resumed.state == session.state


def evening_with_corrections(key, seats, seed, entries):
    """Mostly moves, as a family plays, with undos, redos and fixes of earlier moves among them; a game
    that ends is taken back a move and played on, so the log reaches its length."""
    rng = random.Random(seed)
    game = load_game(key)
    log = []
    options = {"hands": 0} if key == "nuts_about_mutts" else None
    session = Session(game, table_of(seats), options, persist=lambda kind, action, state: log.append((kind, action)))
    while len(log) < entries:
        roll = rng.random()
        if session.is_over or (roll < 0.05 and session.can_undo):
            session.undo()
        elif roll < 0.07 and session.can_redo:
            session.redo()
        elif roll < 0.09 and session.actions:
            try_a_fix(session, rng)
        else:
            moves = [action for action in game.legal_actions(session.state, rng) if action.type != "end_evening"]
            session.perform(rng.choice(moves))
    return session, log
