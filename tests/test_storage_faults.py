"""Storage that refuses a write (a full card) refuses the move with a message a family can read, loses
nothing already acknowledged, and takes moves again once there is room. Storage that fails while the
saved games are opened (a read error anywhere, another program's lock, a read-only mount, a full card)
never has the family's history moved aside: it is read once the fault passes, or the open says why and
leaves the file where it is."""

import os
import random
import shutil
import sqlite3
import subprocess
import sys

import pytest

from companion.errors import StorageProblem
from companion.players import Player
from companion.store import SavedGamesUnavailable, Store

FAMILY = [Player("Ann", "orange"), Player("Ben", "sky"), Player("Cy", "green")]


@pytest.fixture
def small_disk(tmp_path):
    """A real 320 KB filesystem (tmpfs), where the machine lets the tests mount one: room for a few
    games' saved games file with its write-ahead log and shared memory, and no more."""
    where = tmp_path / "small"
    where.mkdir()
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small filesystem needs root")
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=320k", "tmpfs", str(where)],
                      capture_output=True).returncode:
        pytest.skip("this machine does not allow mounting a tmpfs")
    yield where
    subprocess.run(["umount", "-l", str(where)], capture_output=True)


def family_history(data_dir, games=3):
    """A data directory holding a few games, and the saved games file's bytes."""
    store = Store.open(data_dir)
    for number in range(games):
        session = store.new_session("nut", [Player(f"Ann{number}", "orange"), Player("Ben", "sky")])
        session.perform(session.game.legal_actions(session.state, random.Random(number))[0])
    store.close()
    return (data_dir / "companion.sqlite3").read_bytes()


def nothing_moved_aside(data_dir):
    return not list(data_dir.glob("*.unusable-*"))


class FaultyReads:
    """sqlite3.connect for the store, with the storage failing on chosen statements (counted over every
    connection the store opens): `faults` maps a statement's number to the error it meets."""

    def __init__(self, monkeypatch, faults):
        self.faults, self.count, self._connect = dict(faults), 0, sqlite3.connect
        monkeypatch.setattr(sqlite3, "connect", self)

    def __call__(self, *args, **kwargs):
        return _FaultyConnection(self, self._connect(*args, **kwargs))


class _FaultyConnection:
    def __init__(self, faults, connection):
        self._faults, self._connection = faults, connection

    def execute(self, sql, *args):
        self._faults.count += 1
        error = self._faults.faults.get(self._faults.count)
        if error is not None:
            raise error
        return self._connection.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._connection, name)


def sqlite_error(kind, message, code):
    error = kind(message)
    error.sqlite_errorcode = code
    return error


READ_ERROR = (sqlite3.OperationalError, "disk I/O error", 266)            # SQLITE_IOERR_READ
BAD_READ = (sqlite3.DatabaseError, "database disk image is malformed", 11)  # a page read back wrong once
LOCKED = (sqlite3.OperationalError, "database is locked", 5)


def statements_in_an_open(tmp_path, monkeypatch):
    counting = FaultyReads(monkeypatch, {})
    Store.open(tmp_path).close()
    monkeypatch.setattr(sqlite3, "connect", counting._connect)
    return counting.count


@pytest.mark.parametrize("fault", [READ_ERROR, BAD_READ, LOCKED], ids=["read error", "bad read", "locked"])
def test_a_passing_fault_anywhere_in_the_open_is_ridden_out_with_the_history_kept(tmp_path, monkeypatch, fault):
    monkeypatch.setattr(Store, "retry_pause", 0)
    history = family_history(tmp_path)
    positions = statements_in_an_open(tmp_path, monkeypatch)
    assert positions >= 8
    for position in range(1, positions + 1):
        FaultyReads(monkeypatch, {position: sqlite_error(*fault)})
        store = Store.open(tmp_path)
        assert len(store.sessions()) == 3, f"a fault at statement {position} hid the history"
        assert store.moved_aside is None and nothing_moved_aside(tmp_path)
        store.close()
    monkeypatch.undo()
    assert len(Store.open(tmp_path).sessions()) == 3 and history


@pytest.mark.parametrize("fault", [READ_ERROR, LOCKED], ids=["read error", "locked"])
def test_a_fault_that_stays_is_reported_and_the_file_left_where_it_is(tmp_path, monkeypatch, fault):
    monkeypatch.setattr(Store, "retry_pause", 0)
    family_history(tmp_path)
    positions = statements_in_an_open(tmp_path, monkeypatch)
    for position in range(1, positions + 1):
        # The same statement fails on every attempt.
        faults = FaultyReads(monkeypatch, {})
        faults.faults = _Always(position, positions, fault)
        with pytest.raises(SavedGamesUnavailable) as refused:
            Store.open(tmp_path)
        assert "left as it is" in str(refused.value) and "\n" not in str(refused.value)
        assert nothing_moved_aside(tmp_path), f"a fault at statement {position} moved the history aside"
    monkeypatch.undo()
    assert len(Store.open(tmp_path).sessions()) == 3


def statements_in_a_reading_through(tmp_path, monkeypatch):
    store = Store.open(tmp_path)
    counting = FaultyReads(monkeypatch, {})
    store.prove_whole()
    monkeypatch.setattr(sqlite3, "connect", counting._connect)
    store.close()
    return counting.count


@pytest.mark.parametrize("fault", [READ_ERROR, BAD_READ, LOCKED], ids=["read error", "bad read", "locked"])
def test_a_passing_fault_while_the_pages_are_read_through_is_ridden_out_with_the_history_kept(tmp_path, monkeypatch,
                                                                                          fault):
    """The app reads every page once after its first frame (Store.prove_whole): a fault on the way
    is tried again, and never taken for damage."""
    monkeypatch.setattr(Store, "retry_pause", 0)
    family_history(tmp_path)
    positions = statements_in_a_reading_through(tmp_path, monkeypatch)
    assert positions >= 3
    for position in range(1, positions + 1):
        store = Store.open(tmp_path)
        faults = FaultyReads(monkeypatch, {position: sqlite_error(*fault)})
        store.prove_whole()
        monkeypatch.setattr(sqlite3, "connect", faults._connect)
        assert len(store.sessions()) == 3, f"a fault at statement {position} hid the history"
        assert store.moved_aside is None and nothing_moved_aside(tmp_path)
        store.close()


@pytest.mark.parametrize("fault", [READ_ERROR, LOCKED], ids=["read error", "locked"])
def test_a_fault_that_stays_while_the_pages_are_read_through_refuses_the_move_and_keeps_the_history(
        tmp_path, monkeypatch, fault):
    """Nothing is written into a file not read through; the move is refused in words, and made once
    the card reads again."""
    monkeypatch.setattr(Store, "retry_pause", 0)
    history = family_history(tmp_path)
    store = Store.open(tmp_path)

    def failing(*_args, **_kwargs):
        raise sqlite_error(*fault)

    monkeypatch.setattr(sqlite3, "connect", failing)
    with pytest.raises(StorageProblem, match="left as it is"):
        store.new_session("nut", [Player("Dee", "orange"), Player("Ben", "sky")])
    assert (tmp_path / "companion.sqlite3").read_bytes() == history and nothing_moved_aside(tmp_path)
    monkeypatch.undo()   # the card reads again
    store.new_session("nut", [Player("Dee", "orange"), Player("Ben", "sky")])
    assert len(store.sessions()) == 4 and store.moved_aside is None and nothing_moved_aside(tmp_path)
    store.close()


class _Always(dict):
    """The statement at `position` of every attempt fails (each attempt runs `per_open` statements,
    give or take the ones a failed attempt never reached)."""

    def __init__(self, position, per_open, fault):
        super().__init__()
        self.position, self.per_open, self.fault, self.seen = position, per_open, fault, 0

    def get(self, count, default=None):
        self.seen += 1
        if self.seen == self.position:
            self.seen = 0
            return sqlite_error(*self.fault)
        return default


def test_a_file_another_program_holds_is_left_where_it_is_and_said(tmp_path, monkeypatch):
    monkeypatch.setattr(Store, "busy_timeout", 0.2)
    monkeypatch.setattr(Store, "retry_pause", 0)
    history = family_history(tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys, time; db = sqlite3.connect(sys.argv[1], isolation_level=None); "
         "db.execute('PRAGMA locking_mode=EXCLUSIVE'); db.execute('BEGIN EXCLUSIVE'); "
         "db.execute('SELECT COUNT(*) FROM sessions').fetchone(); print('held', flush=True); time.sleep(60)",
         str(tmp_path / "companion.sqlite3")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(SavedGamesUnavailable) as refused:
            Store.open(tmp_path)
    finally:
        holder.kill()
        holder.wait()
    assert "another program is using it" in str(refused.value)
    assert nothing_moved_aside(tmp_path) and (tmp_path / "companion.sqlite3").read_bytes() == history
    assert len(Store.open(tmp_path).sessions()) == 3


CUT_SHORT = ("import os, sys; from companion.store import Store; from companion.players import Player; "
             "store = Store.open(sys.argv[1]); store.new_session('nut', [Player('Ann', 'orange'), Player('Ben', 'sky')]); "
             "os._exit(0)")


@pytest.mark.parametrize("stop", ["clean", "power cut"])
def test_a_read_only_card_is_said_and_the_history_left_where_it_is(small_disk, stop):
    history = family_history(small_disk)
    if stop == "power cut":   # the last app stopped without closing: its write-ahead log is still there
        subprocess.run(["mount", "-o", "remount,size=2m", str(small_disk)], check=True)
        subprocess.run([sys.executable, "-c", CUT_SHORT, str(small_disk)], check=True)
        assert (small_disk / "companion.sqlite3-wal").exists()
        # The shared-memory index is rebuilt from the log when opened; a read-only mount cannot.
        (small_disk / "companion.sqlite3-shm").unlink()
        history = (small_disk / "companion.sqlite3").read_bytes()
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    with pytest.raises(SavedGamesUnavailable) as refused:
        Store.open(small_disk)
    assert "read-only" in str(refused.value) and "\n" not in str(refused.value)
    assert nothing_moved_aside(small_disk) and (small_disk / "companion.sqlite3").read_bytes() == history


def test_a_full_card_at_the_start_opens_or_says_so_and_keeps_the_history(small_disk):
    family_history(small_disk)
    filler = small_disk / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(descriptor, b"x" * 4096):
            pass
    except OSError:
        pass   # the card is full
    finally:
        os.close(descriptor)
    try:
        store = Store.open(small_disk)
    except SavedGamesUnavailable as refused:
        assert "full" in str(refused) and "left as it is" in str(refused)
    else:
        assert len(store.sessions()) == 3
        store.close()
    assert nothing_moved_aside(small_disk)
    filler.unlink()
    assert len(Store.open(small_disk).sessions()) == 3


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
