"""Resuming a long game night, and undoing in it: the app's replay (kept states every few moves, one
working copy per run of moves) beside the reference, a full replay that copies the state for every
move and keeps one state per move, as the app did before. Same log, same machine, one run.

    python bench/resume.py [--entries N]

A Pi 4 is taken as five times slower than this machine (stated as an estimate, not a measurement).
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.playthrough import table_of  # noqa: E402
from companion.registry import load_game  # noqa: E402
from companion.session import DO, REDO, UNDO, Session  # noqa: E402

PI_FACTOR = 5


def game_night(entries: int, seed: int = 1):
    """A Nuts about Mutts evening with no set end, six players, played at random with undos."""
    rng = random.Random(seed)
    game = load_game("nuts_about_mutts")
    players = table_of(6)
    options = game.check_options({"hands": 0})
    log: list = []
    session = Session(game, players, options, persist=lambda kind, action, state: log.append((kind, action)))
    while len(log) < entries:
        if rng.random() < 0.05 and session.can_undo:
            session.undo()
        elif rng.random() < 0.02 and session.can_redo:
            session.redo()
        else:
            # The family plays on: the evening is never ended, so hands keep coming.
            moves = [action for action in game.legal_actions(session.state, rng) if action.type != "end_evening"]
            session.perform(rng.choice(moves))
    return game, players, options, log


def full_replay(game, players, options, log):
    """The reference: one deep copy per move and every state kept (undo pops, redo re-applies)."""
    states, actions, redo = [game.start(players, options)], [], []
    for kind, action in log:
        if kind == DO:
            states.append(game.apply(copy.deepcopy(states[-1]), action))
            actions.append(action)
            redo.clear()
        elif kind == UNDO:
            states.pop()
            redo.append(actions.pop())
        elif kind == REDO:
            action = redo.pop()
            states.append(game.apply(copy.deepcopy(states[-1]), action))
            actions.append(action)
    return states


def measured(run):
    """(result, seconds, peak MiB): timed on its own, then run again under tracemalloc for the memory,
    since tracing every allocation slows the run several times over."""
    started = time.perf_counter()
    result = run()
    seconds = time.perf_counter() - started
    tracemalloc.start()
    run()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return result, seconds, peak / 2**20


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=10_000)
    args = parser.parse_args()
    game, players, options, log = game_night(args.entries)
    fresh, _, fresh_mib = measured(lambda: Session(game, players, options))

    def resume():
        session = Session(game, players, options)
        session.replay_entries(log)
        return session

    session, app_s, app_mib = measured(resume)
    states, reference_s, reference_mib = measured(lambda: full_replay(game, players, options, log))
    assert session.state == states[-1], "the app's resume differs from a full replay"

    undo_ms = []
    for _ in range(200):
        started = time.perf_counter()
        session.undo()
        undo_ms.append((time.perf_counter() - started) * 1000)

    print(f"log: {len(log)} entries ({len(session.actions) + 200} moves in effect), Nuts about Mutts, 6 players")
    print(f"resume, app:          {app_s:6.3f} s   peak memory {app_mib:7.1f} MiB")
    print(f"resume, full replay:  {reference_s:6.3f} s   peak memory {reference_mib:7.1f} MiB")
    print(f"ratio app / full:     {app_s / reference_s:6.2f} x time   {app_mib / reference_mib:5.2f} x memory")
    print(f"fresh session:        {fresh_mib:7.3f} MiB; resumed session keeps {len(session._snapshots)} states")
    print(f"undo, 200 in a row:   median {statistics.median(undo_ms):.2f} ms, worst {max(undo_ms):.2f} ms")
    print(f"Pi 4 estimate (x{PI_FACTOR}): resume {app_s * PI_FACTOR:.2f} s, worst undo {max(undo_ms) * PI_FACTOR:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
