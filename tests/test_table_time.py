"""Time at the table, worked out by hand: from the times of the moves in effect, leaving out every
pause longer than the evening gap (four hours), and an evening's games counted once where they
overlap."""

from __future__ import annotations

import random

import pytest
from counting_game import CountingGame
from records_support import HOUR, MINUTE, T0, ledger, played

from companion.actions import Action
from companion.calendar_records import months
from companion.evenings import EVENING_GAP_S
from companion.players import Player
from companion.records import Records
from companion.session import DO, FIX, REDO, UNDO, Session
from companion.table_time import moves_at, time_at_table, time_at_table_of

ANN_BEN = [Player("Ann", "orange", 1), Player("Ben", "sky", 2)]


def test_a_pause_longer_than_the_evening_gap_does_not_count():
    # Started 19:00, moves at 19:10 and 19:40; left overnight; moves at 10:00 and 10:20 the next day.
    moments = [T0, T0 + 10 * MINUTE, T0 + 40 * MINUTE, T0 + 15 * HOUR, T0 + 15 * HOUR + 20 * MINUTE]
    assert time_at_table(moments, EVENING_GAP_S) == 60 * MINUTE          # 10 + 30 + 20 minutes
    # A pause of exactly four hours is still the evening (as a game started then would be).
    assert time_at_table([T0, T0 + 4 * HOUR, T0 + 4 * HOUR + MINUTE], EVENING_GAP_S) == 4 * HOUR + MINUTE
    assert time_at_table([T0, T0 + 4 * HOUR + 1, T0 + 4 * HOUR + 1 + MINUTE], EVENING_GAP_S) == MINUTE
    assert time_at_table([T0], EVENING_GAP_S) == 0


def test_the_moves_in_effect_keep_the_time_they_were_told_and_an_undone_one_is_gone():
    entries = [(DO, 10.0), (DO, 20.0), (UNDO, 30.0),      # move 2 undone: [10]
               (REDO, 35.0), (UNDO, 36.0), (DO, 40.0),    # redone at 35, undone again, a new move 2 at 40: [10, 40]
               (FIX, 50.0), (UNDO, 60.0), (REDO, 70.0),   # a fix of move 1, taken back, made again: times as they were
               (UNDO, 80.0),                              # the fix taken back again
               (UNDO, 90.0), (REDO, 95.0), (REDO, 96.0)]  # move 2 undone and redone at 95, then the fix again
    assert moves_at(entries) == [10.0, 95.0]
    assert moves_at([(DO, 5.0), (FIX, 600_000.0)]) == [5.0]   # a fix a week later adds no time


def test_the_times_follow_the_same_moves_as_the_session_whatever_the_undos_redos_and_fixes():
    rng = random.Random(28)
    for _ in range(40):
        entries: list[tuple[str, float]] = []

        def logged(kind, action, state, entries=entries):
            entries.append((kind, float(len(entries) + 1)))   # the log's clock: one second an entry

        session = Session(CountingGame(), ANN_BEN, {"target": 500}, persist=logged)
        for _ in range(rng.randrange(5, 40)):
            choice = rng.random()
            if choice < 0.55 or not session.actions:
                session.perform(Action("add", len(session.actions) % 2, {"amount": rng.choice((1, 2, 3))}))
            elif choice < 0.75:
                session.undo()
            elif choice < 0.9 and session.can_redo:
                session.redo()
            else:
                move = rng.randrange(1, len(session.actions) + 1)
                was = session.actions[move - 1]
                amount = next(n for n in (1, 2, 3) if n != was.get("amount"))
                session.fix(move, Action("add", was.player, {"amount": amount}))
        times = moves_at(entries)
        assert len(times) == len(session.actions)
        told = {at for kind, at in entries if kind in (DO, REDO)}
        assert set(times) <= told and times == sorted(times)


def test_an_evenings_games_on_the_go_together_are_counted_once():
    # Game 1 from 19:00 with moves at 19:10 and 19:30; game 2 from 19:20 with moves at 19:25 and 19:50.
    first = played(1, ("Ann", "Ben"), (3, 1), at=T0, moves=(10 * MINUTE, 30 * MINUTE))
    second = played(2, ("Ann", "Cleo"), (1, 3), at=T0 + 20 * MINUTE, moves=(5 * MINUTE, 30 * MINUTE))
    assert (first.seconds_at_table, second.seconds_at_table) == (30 * MINUTE, 30 * MINUTE)
    (month,) = months(ledger(first, second))
    assert month.seconds_at_table == 50 * MINUTE           # 19:00 to 19:50 once, not 30 + 30
    records = Records(ledger(first, second))
    assert records.seconds_at_table == 50 * MINUTE
    # A player's time is the time of each game they sat at.
    assert [(r.name, r.seconds_at_table) for r in records.players] == [
        ("Ann", 60 * MINUTE), ("Ben", 30 * MINUTE), ("Cleo", 30 * MINUTE)]


def test_an_evenings_time_is_the_time_any_of_its_games_was_being_played():
    """Worked by hand: a Nut 19:00-19:30 (a move every ten minutes), a 15-minute break, then a Pugs in
    Mugs 19:45-20:05 and, on the other end of the table at once, a Mix-the-Mutts 19:50-20:10."""
    nut = [T0 + 10 * MINUTE * step for step in range(4)]
    pugs = [T0 + 45 * MINUTE + 10 * MINUTE * step for step in range(3)]
    mix = [T0 + 50 * MINUTE + 10 * MINUTE * step for step in range(3)]

    def evening(*games):
        return time_at_table_of([(game, time_at_table(game, EVENING_GAP_S)) for game in games], EVENING_GAP_S)

    assert evening(nut, pugs, mix) == (30 + 25) * MINUTE        # the break is no one's play; 19:45-20:10 once
    assert evening(nut, pugs) == (30 + 20) * MINUTE              # a player at both games has exactly this
    assert evening(nut, mix) == (30 + 20) * MINUTE
    assert evening(pugs, mix) == 25 * MINUTE                     # the Nut deleted: its half hour goes


def test_an_evenings_time_counts_each_moment_of_play_once_however_the_games_lie():
    """Against the time covered by the games' playing stretches, measured by a sweep over their ends: to
    the last bit where games follow one another, games at once, overnight pauses and odd fractions."""
    rng = random.Random(37)
    for _ in range(2000):
        games, start = [], T0 + rng.uniform(-4e8, 4e8)
        for _ in range(rng.randint(1, 8)):
            start += rng.choice([rng.uniform(-3 * HOUR, 0.0), rng.uniform(0.0, 5 * HOUR), 0.0])   # at once, after, at the end
            moments = [start + rng.uniform(0, 60) * step + rng.random() for step in range(rng.randint(0, 40))]
            if rng.random() < 0.1:
                moments.append(start + rng.uniform(4 * HOUR, 20 * HOUR))   # finished the next day
            games.append([start, *moments])
            start = max(games[-1])
        ends = sorted((at, change) for game in games for earlier, later in zip(sorted(game), sorted(game)[1:])
                      if later - earlier <= EVENING_GAP_S for at, change in ((earlier, 1), (later, -1)))
        covered, playing, since = 0.0, 0, 0.0
        for at, change in ends:
            if playing > 0:
                covered += at - since
            playing, since = playing + change, at
        parts = [(game, time_at_table(game, EVENING_GAP_S)) for game in games]
        assert time_at_table_of(parts, EVENING_GAP_S) == pytest.approx(covered, abs=1e-6)
        if all(max(a) <= min(b) for a, b in zip(games, games[1:])):
            assert time_at_table_of(parts, EVENING_GAP_S) == sum(seconds for _, seconds in parts)
