"""Storage that refuses a write (a full card) refuses the move with a message a family can read, loses
nothing already acknowledged, and takes moves again once there is room."""

import os
import random
import shutil
import sqlite3
import subprocess

import pytest

from companion.errors import StorageProblem
from companion.players import Player
from companion.store import Store

FAMILY = [Player("Ann", "orange"), Player("Ben", "sky"), Player("Cy", "green")]


@pytest.fixture
def small_disk(tmp_path):
    """A real 200 KB filesystem (tmpfs), where the machine lets the tests mount one."""
    where = tmp_path / "small"
    where.mkdir()
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small filesystem needs root")
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(where)],
                      capture_output=True).returncode:
        pytest.skip("this machine does not allow mounting a tmpfs")
    yield where
    subprocess.run(["umount", "-l", str(where)], capture_output=True)


def play_until_refused(store, session, rng):
    acknowledged = []
    while not session.is_over:
        before = (session.state, len(session.actions))
        try:
            session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
        except StorageProblem as problem:
            assert (session.state, len(session.actions)) == before  # nothing changed on screen either
            return acknowledged, problem
        acknowledged.append(session.actions[-1])
    raise AssertionError("the storage never filled up")


def test_a_full_card_refuses_the_move_keeps_everything_saved_and_recovers(small_disk):
    rng = random.Random(7)
    store = Store.open(small_disk)
    session = store.new_session("pugs_in_mugs", FAMILY)
    acknowledged, refusal = play_until_refused(store, session, rng)
    assert isinstance(refusal, OSError) and "storage is full" in str(refusal) and "\n" not in str(refusal)
    assert len(acknowledged) > 5
    assert list(store.resume(session.id).actions) == acknowledged

    subprocess.run(["mount", "-o", "remount,size=20m", str(small_disk)], check=True)  # room again
    session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    store.close()
    reopened = Store.open(small_disk)
    assert len(reopened.resume(session.id).actions) == len(acknowledged) + 1
    reopened.close()


class RefusingWrites:
    """The store's connection, with the disk 'full' from the nth write on (where no filesystem can be
    mounted, this stands in for one)."""

    def __init__(self, connection, writes_allowed):
        self._connection, self.writes_allowed = connection, writes_allowed

    def execute(self, sql, *args):
        if sql.lstrip().upper().startswith("INSERT"):
            if self.writes_allowed <= 0:
                raise sqlite3.OperationalError("database or disk is full")
            self.writes_allowed -= 1
        return self._connection.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._connection, name)


def test_a_refused_write_anywhere_is_the_same_clear_refusal(tmp_path):
    rng = random.Random(3)
    store = Store.open(tmp_path)
    session = store.new_session("nut", FAMILY[:2])
    store._db = RefusingWrites(store._db, writes_allowed=12)
    acknowledged, refusal = play_until_refused(store, session, rng)
    assert len(acknowledged) == 12 and "storage is full" in str(refusal)
    with pytest.raises(StorageProblem):
        store.new_session("nut", FAMILY[:2])
    store._db.writes_allowed = 10**6
    session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    assert len(store.resume(session.id).actions) == len(acknowledged) + 1
    assert [record.id for record in store.sessions()] == [session.id]  # the refused new game left nothing
    store.close()


def test_a_data_directory_that_cannot_hold_the_file_is_one_line(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data directory should be")
    with pytest.raises(StorageProblem) as refused:
        Store.open(blocker)
    assert "cannot be opened" in str(refused.value) and "\n" not in str(refused.value)
