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
