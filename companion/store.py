"""Everything the app keeps, in one SQLite file: sessions and their action logs, the family roster,
finished games and race logs.

Durability: WAL journal with synchronous=FULL, and one transaction per acknowledged action, so once
the screen shows an action it survives a pulled plug; a transaction cut short by power loss is rolled
back on the next start and the action was never shown as done.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import sqlite3
import threading
import time
import weakref
from dataclasses import dataclass, replace
from pathlib import Path
from types import TracebackType
from typing import Any, Callable, Iterable, Literal, Mapping, Sequence

from . import __version__, clock
from .actions import Action, Fix
from .clock import BootClock, ClockHistory, Moment, Reading
from .errors import BadDocument, CompanionError, StorageProblem
from .names import MERGE, RENAME, RENAME_SEAT, UNDO, Change, deleted, remembered_name, seated, seated_and_merged
from .outcome import Outcome
from .paths import data_dir_state
from .players import MAX_NAME_LENGTH, Player, check_table, same_form
from .registry import game_entry, load_game
from .session import DO, FIX, Session, collector_paused

DB_NAME = "companion.sqlite3"
SCHEMA_VERSION = 8

# The first version's tables. Every later version is a migration below, which a new file goes through
# as well, so the path an old file takes is the one every test takes.
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS roster (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    colour TEXT NOT NULL,
    button INTEGER,
    last_played REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    started_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    finished_at REAL,
    result TEXT
);
CREATE TABLE IF NOT EXISTS entries (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('do', 'undo', 'redo')),
    action TEXT,
    at REAL NOT NULL,
    PRIMARY KEY (session_id, seq)
);
CREATE TABLE IF NOT EXISTS races (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER REFERENCES sessions(id),
    log TEXT NOT NULL,
    at REAL NOT NULL
);
"""

# What each schema version adds to the one before. A file from an older version is brought up to date
# in one transaction when it is opened; nothing already saved in it is changed.
# A step is an SQL statement, or a function given the connection for what SQL cannot say.
MIGRATIONS: dict[int, tuple[str | Callable[[sqlite3.Connection], None], ...]] = {
    # The evenings and the players' records read the games in time order and each game's races.
    2: ("CREATE INDEX IF NOT EXISTS sessions_by_start ON sessions (started_at)",
        "CREATE INDEX IF NOT EXISTS races_by_session ON races (session_id)"),
    # Fixing an earlier move is an entry of its own. SQLite cannot change a CHECK, so the table is copied.
    3: ("""CREATE TABLE entries_v3 (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            seq INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('do', 'undo', 'redo', 'fix')),
            action TEXT,
            at REAL NOT NULL,
            PRIMARY KEY (session_id, seq))""",
        "INSERT INTO entries_v3 (session_id, seq, kind, action, at) SELECT session_id, seq, kind, action, at FROM entries",
        "DROP TABLE entries",
        "ALTER TABLE entries_v3 RENAME TO entries"),
    # The family's corrections (companion/names.py): a rename, a merge, a deleted game, each a row, and
    # Undo a row naming the one it takes back, so no game's own rows are ever rewritten.
    4: ("""CREATE TABLE changes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL CHECK (kind IN ('rename', 'merge', 'rename_seat', 'delete', 'undo')),
            session_id INTEGER REFERENCES sessions(id),
            seat INTEGER,
            old_name TEXT,
            new_name TEXT,
            through INTEGER,
            undoes INTEGER REFERENCES changes(id),
            at REAL NOT NULL)""",),
    # What a game's pads hold that is no move yet (a Nut layout being painted), one row a game.
    5: ("""CREATE TABLE IF NOT EXISTS drafts (
            session_id INTEGER PRIMARY KEY REFERENCES sessions(id),
            doc TEXT NOT NULL,
            at REAL NOT NULL)""",),
    # Where each game's start and last move were on a clock no setting moves, and what was seen of the
    # wall clock in each boot (companion/clock.py): the evenings are placed in real time with them.
    6: ("ALTER TABLE sessions ADD COLUMN start_boot TEXT",
        "ALTER TABLE sessions ADD COLUMN start_since_boot REAL",
        "ALTER TABLE sessions ADD COLUMN last_boot TEXT",
        "ALTER TABLE sessions ADD COLUMN last_since_boot REAL",
        """CREATE TABLE boots (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            boot TEXT NOT NULL UNIQUE,
            clock_offset REAL NOT NULL,
            known_true INTEGER NOT NULL,
            first_seen REAL NOT NULL)""",
        """CREATE TABLE clock_steps (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            boot TEXT NOT NULL,
            since_boot REAL NOT NULL,
            shift REAL NOT NULL,
            at REAL NOT NULL)"""),
    # Names compared in one form: two seats of a game whose names differ only in their form are told apart.
    7: (lambda db: _tell_apart_seats_of_one_name(db),),   # (defined below, with the corrections' reading)
    # What is worked out of the saved games, kept until they change: each game's line for the evenings
    # and the records and its moves' key for the imports (see Store.game_rows), dropped by these
    # triggers whenever the game's row, its moves or its races change (the moves' key indexed: an import
    # finds a game saved already without reading them all); and the answers of `companion stats`, each
    # with the revision of the saved games it was worked out from (see Store.saved_revision).
    8: ("""CREATE TABLE game_lines (
            session_id INTEGER PRIMARY KEY,
            token INTEGER,
            line TEXT,
            moments BLOB,
            moves_key TEXT)""",
        "CREATE INDEX game_lines_by_moves ON game_lines (moves_key)",
        "CREATE TABLE answers (question TEXT PRIMARY KEY, revision TEXT NOT NULL, answer TEXT NOT NULL)",
        *(f"""CREATE TRIGGER game_lines_{table}_{event} AFTER {event.upper()} ON {table} BEGIN
                DELETE FROM game_lines WHERE session_id IN ({", ".join(rows)}); END"""
          for table, key in (("sessions", "id"), ("entries", "session_id"), ("races", "session_id"))
          for event, rows in (("update", [f"OLD.{key}", f"NEW.{key}"]), ("delete", [f"OLD.{key}"]))
          + ((("insert", [f"NEW.{key}"]),) if table != "sessions" else ()))),
}

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameToImport:
    """A game read from a file and checked move by move, with when it was played (None: now) and the
    logs of its buzzer races. `set_aside` keeps an unfinished game from being offered for Resume."""

    session: Session
    started_at: float | None = None
    last_played_at: float | None = None
    set_aside: bool = False
    races: Sequence[Sequence[dict[str, Any]]] = ()
    moves_at: Sequence[float] | None = None


@dataclass(frozen=True)
class SessionRecord:
    id: int
    game: str
    players: tuple[Player, ...]
    options: dict[str, Any]
    started_at: float
    updated_at: float
    finished_at: float | None
    result: dict[str, Any] | None
    entry_count: int
    merged: frozenset[int] = frozenset()   # seats whose name came to them by a merge (companion/names.py)
    start_boot: str | None = None
    start_since_boot: float | None = None
    last_boot: str | None = None
    last_since_boot: float | None = None

    @property
    def began(self) -> Moment:
        """The start on this table's clock (companion/clock.py)."""
        return Moment(self.started_at, self.start_boot, self.start_since_boot)

    @property
    def last_moved(self) -> Moment:
        return Moment(self.updated_at, self.last_boot, self.last_since_boot)

    @property
    def outcome(self) -> Outcome | None:
        """How a finished game ended; None while unfinished, once set aside, or for a game finished
        before results were kept in this shape (its `result` is the game's summary alone)."""
        doc = (self.result or {}).get("outcome")
        return None if doc is None else Outcome.from_json(doc)


class Store:
    # How long a read waits for another program's lock on the file before it counts as a failure, and
    # how often opening is tried: a card's passing read error or a backup reading the file is ridden
    # out, and only then reported. Never a reason to set the file aside.
    busy_timeout = 3.0
    open_attempts = 3
    retry_pause = 0.3

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self._lock = threading.RLock()
        self._closed = False
        # Whether every page was read once without damage (see prove_whole): nothing is written before.
        self._proving = threading.RLock()
        self._proven = False
        self.moved_aside: tuple[Path, str] | None = None  # (where a file the app could not use went, why)
        self._forget_reads()
        self._open_file()

    def _open_file(self) -> None:
        """The file connected, checked and brought to this version's form; closed again if it cannot be."""
        self._db = self._connect()
        try:
            self._check_usable()
            self._prepare()
        except BaseException as error:
            self._db.close()
            if isinstance(error, RefusedWrite):
                error = error.error   # a refused write while preparing the file: why, in open's words
            if isinstance(error, sqlite3.Error):
                raise SavedGamesUnavailable.because(self.path, error) from None
            raise

    def _forget_reads(self) -> None:
        """What the store remembers of the file it reads: nothing yet."""
        self.last_entry: tuple[int, int] | None = None  # (session, seq) of the newest committed entry
        # Each saved game read back, by number, with the row it was read from: a list read again (Home,
        # after a game) parses only the games whose row changed since.
        self._read: dict[int, tuple[Sequence[Any], SessionRecord]] = {}
        self._read_with: list[Change] = []
        # (boot, how its clock stands, known true) as last written in `boots`: see _note_clock.
        self._clock_seen: tuple[str, float, bool] | None = None
        self._kept_changes = 0   # rows written to keep what was worked out of the games (see `revision`)

    def _connect(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            if not self.path.exists():
                # Readable by this user alone, whatever the umask; SQLite gives its journal the same mode.
                os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
            # isolation_level=None: transactions are explicit, so each acknowledged action is exactly one.
            return sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False,
                                   timeout=self.busy_timeout)
        except (OSError, sqlite3.Error) as error:
            raise SavedGamesUnavailable.because(self.path, error) from None

    def _prepare(self) -> None:
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        if self._up_to_date():
            # Nothing to write (its pages are read through later, off the start's path), but a card
            # that cannot be written is said now, at the start, not at the family's first move.
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', '1')")   # changes nothing
            finally:
                self._db.execute("ROLLBACK")
            return
        if not self._proven:
            # A migration (or the first start of a new version) writes: the pages are read first, and
            # a damaged file is left to `open` to set aside, as one found by the reads above.
            problem = self._read_through(1)
            if problem is not None:
                raise Unusable(problem)
            self._proven = True
        with self._transaction():
            # One statement at a time: executescript() would COMMIT on its own, outside this transaction.
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            self._db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', '1')")
            (version,) = self._db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            for newer in range(int(version) + 1, SCHEMA_VERSION + 1):
                for step in MIGRATIONS[newer]:
                    if callable(step):
                        step(self._db)
                    else:
                        self._db.execute(step)
            self._db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))
            # Which version last opened the file: an older one started on it later (an update taken back)
            # names it when it cannot read the file's newer form. Written only when it changes: a full
            # card must still open the file.
            written_by = self._db.execute("SELECT value FROM meta WHERE key = 'written_by'").fetchone()
            if written_by != (__version__,):
                self._db.execute("INSERT OR REPLACE INTO meta VALUES ('written_by', ?)", (__version__,))

    def _up_to_date(self) -> bool:
        """The file is in this version's form and was last opened by this version: opening writes nothing."""
        tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "meta" not in tables:
            return False
        rows = dict(self._db.execute("SELECT key, value FROM meta WHERE key IN ('schema', 'written_by')").fetchall())
        return rows == {"schema": str(SCHEMA_VERSION), "written_by": __version__}

    def _check_usable(self) -> None:
        """Unusable only when the file is proven unusable: read without an error, it is another
        program's, or a newer version's. Whether its pages are whole is prove_whole's to find (before
        anything is written). A read that fails (an I/O error, a lock held elsewhere) raises the
        sqlite3 error instead."""
        newer = written_by_newer(self._db)
        if newer is not None:
            raise WrittenByNewerVersion(self.path, newer)
        problem = usability_problem(self._db, every_page=False)
        if problem is None:
            return
        if problem.startswith(DAMAGED) and not proven_damaged(self.path, self.busy_timeout):
            raise _passing_damage()
        raise Unusable(problem)

    def prove_whole(self) -> None:
        """Every page of the file read once without damage (SQLite's quick_check), on a connection of
        its own, so that reads on this store go on meanwhile: on ten thousand games it reads 150 MB,
        which no start should wait for. It is done once, before the first write (which waits for it);
        the app does it just after its first frame. A file found damaged on two reads is moved aside
        and a new one begun, as when it is found at opening, and `moved_aside` says so. A read that
        fails (an I/O error, another program's lock) is tried again, then raised as
        SavedGamesUnavailable, and the next write tries again."""
        with self._proving:
            if self._proven:
                return
            problem = self._read_through(self.open_attempts)
            self._proven = True
            if problem is not None:
                self._begin_anew(problem)

    def _read_through(self, attempts: int) -> str | None:
        """Why the file cannot be used, its every page read; None when it can."""
        for attempt in range(1, attempts + 1):
            try:
                problem = _every_page_problem(self.path, self.busy_timeout)
                if problem is not None and not proven_damaged(self.path, self.busy_timeout):
                    raise _passing_damage()
                return problem
            except sqlite3.Error as error:
                unavailable = SavedGamesUnavailable.because(self.path, error)
                if not unavailable.passing or attempt == attempts:
                    raise unavailable from None
                log.warning("reading the saved games through, attempt %d of %d: %s", attempt, attempts, unavailable)
                time.sleep(self.retry_pause)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _begin_anew(self, problem: str) -> None:
        """The file moved aside and a new one begun under this same store, once no call is using it."""
        with self._lock:
            self._check_open()
            self._db.close()
            try:
                aside = _move_aside(self.path)
            except OSError as error:
                self._closed = True
                raise SavedGamesUnavailable.because(self.path, error) from None
            log.warning("the saved games file %s is damaged (%s): kept aside as %s, a new one begun",
                        self.path, problem, aside)
            self._forget_reads()
            self.moved_aside = (aside, problem)
            try:
                self._open_file()
            except BaseException:
                self._closed = True   # no file to write into: every call says so rather than write elsewhere
                raise

    @classmethod
    def open(cls, data_dir: Path | str) -> "Store":
        """The data directory's saved games. A file proven unusable (damaged, someone else's, or from a
        newer version) is never deleted and never stops the start: it is moved aside under a dated name
        and a new file is begun; `moved_aside` then says where it went and why. A file that cannot be
        read just now (a read error, another program's lock) is tried again, then left where it is and
        reported as SavedGamesUnavailable: one read error never hides the family's history."""
        path = Path(data_dir) / DB_NAME
        for attempt in range(1, cls.open_attempts + 1):
            try:
                return cls(path)
            except Unusable as problem:
                try:
                    aside = _move_aside(path)
                except OSError as error:
                    raise SavedGamesUnavailable.because(path, error) from None
                log.warning("the saved games file %s could not be used (%s): kept aside as %s, a new one begun",
                            path, problem, aside)
                store = cls(path)
                store.moved_aside = (aside, str(problem))
                return store
            except SavedGamesUnavailable as problem:
                if not problem.passing or attempt == cls.open_attempts:
                    log.error("%s [%s]", problem, data_dir_state(Path(data_dir)))
                    raise
                log.warning("opening the saved games, attempt %d of %d: %s", attempt, cls.open_attempts, problem)
                time.sleep(cls.retry_pause)
        raise AssertionError("unreachable: the last attempt returns or raises")

    # The saved games file has one connection, shared by the screen's thread and the worker threads (a
    # USB stick's games imported, the records read, the count at start-up), and `_lock` lets one call
    # use it at a time: a write holds it for its whole transaction (`_transaction`), so another
    # thread's statements never enter it; a read holds it while it fetches its rows (`_rows`); `close`
    # waits for a call under way on another thread (closing the connection under a running query
    # crashes the interpreter).
    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._db.close()
                self._closed = True

    def _check_open(self) -> None:
        if self._closed:
            # Work still running on another thread as the app stops: said in words, not a traceback.
            raise StorageProblem("The saved games file is closed: the app is stopping.")

    def _rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        """A read's rows, fetched while no other thread uses the file; what is made of them is made after.
        A damaged page met on the way is said in words, and nothing more is written into the file
        before its pages are read through again (prove_whole), which sets it aside."""
        with self._lock:
            self._check_open()
            try:
                return self._db.execute(sql, parameters).fetchall()
            except sqlite3.DatabaseError as error:
                if not is_damage(error):
                    raise
                self._proven = False
                raise StorageProblem(
                    f"The saved games file {self.path} is damaged ({error}). Nothing more is written into it: "
                    "it is kept aside and a new one begun at the next move or the next start.") from None

    def _transaction(self) -> _Transaction:
        """A write: only into a file proven whole (prove_whole waits for or does the reading of it).
        Never begun while this thread holds `_lock`: a file found damaged is moved aside under it."""
        self.prove_whole()
        return _Transaction(self._db, self._lock, self._check_open)

    # ----- sessions ------------------------------------------------------------------------
    def new_session(self, game_key: str, players: Sequence[Player], options: dict[str, Any] | None = None) -> Session:
        """A saved session: validated first, so a refused set-up writes nothing."""
        session = Session(load_game(game_key), players, options)
        reading = clock.read()
        now = reading.wall
        with self._transaction():
            seen = self._note_clock(reading)
            cursor = self._db.execute(
                "INSERT INTO sessions (game, players, options, started_at, updated_at, start_boot, start_since_boot, "
                "last_boot, last_since_boot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_key, json.dumps([p.to_json() for p in session.players]), json.dumps(session.options), now, now,
                 reading.boot, reading.since_boot, reading.boot, reading.since_boot))
            session.id = _row_id(cursor)
            self._remember(session.players, now)
        self._clock_seen = seen
        self._attach(session)
        return session

    def import_session(self, checked: Session, started_at: float | None = None,
                       last_played_at: float | None = None, set_aside: bool = False,
                       races: Sequence[Sequence[dict[str, Any]]] = ()) -> Session:
        """A whole game, already checked action by action, saved in one transaction: a power cut in the
        middle of an import leaves none of it, never a part offered for Resume. Played now unless
        `started_at` and `last_played_at` say when; `set_aside` keeps an unfinished game from being
        offered for Resume; `races` are its race logs."""
        return self.import_sessions([GameToImport(checked, started_at, last_played_at, set_aside, races)])[0]

    def import_sessions(self, games: Sequence[GameToImport], each: Callable[[], None] | None = None) -> list[Session]:
        """Several checked games, as `import_session` saves one, all in one transaction: an evening is
        imported whole or not at all. `each()` is called after each game is written; if it raises
        (the family cancelled), nothing is saved."""
        reading = clock.read()
        now = reading.wall
        numbers = []
        with self._transaction():
            seen = self._note_clock(reading)
            for game in games:
                checked = game.session
                started = now if game.started_at is None else game.started_at
                last = max(started, now if game.last_played_at is None else game.last_played_at)
                # A game played now is on this boot's clock; one played when its file says, on another's.
                here = reading if game.started_at is None else Reading(started)
                result = None
                if checked.is_over:
                    result = json.dumps({**checked.summary(), "outcome": checked.outcome.to_json()})
                elif game.set_aside:
                    result = json.dumps({"set_aside": True})
                cursor = self._db.execute(
                    "INSERT INTO sessions (game, players, options, started_at, updated_at, finished_at, result, "
                    "start_boot, start_since_boot, last_boot, last_since_boot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (checked.game.key, json.dumps([p.to_json() for p in checked.players]),
                     json.dumps(checked.options), started, last, last if result is not None else None, result,
                     here.boot, here.since_boot, here.boot, here.since_boot))
                number = _row_id(cursor)
                count = len(checked.actions)
                # At the times the file gives; a file without them spreads the moves evenly from the
                # start to the last move, so their order and span hold.
                moments = game.moves_at if game.moves_at is not None else [
                    last if count == 1 else started + (last - started) * (seq - 1) / (count - 1)
                    for seq in range(1, count + 1)]
                self._db.executemany(
                    "INSERT INTO entries (session_id, seq, kind, action, at) VALUES (?, ?, ?, ?, ?)",
                    [(number, seq, DO, json.dumps(action.to_json()), at)
                     for seq, (action, at) in enumerate(zip(checked.actions, moments, strict=True), start=1)])
                self._db.executemany("INSERT INTO races (session_id, log, at) VALUES (?, ?, ?)",
                                     [(number, _race_text(lines), last) for lines in game.races])
                self._remember(checked.players, now)
                numbers.append(number)
                if each is not None:
                    each()
        self._clock_seen = seen
        # The checked sessions are the games as saved: each replayed every move already.
        for game, number in zip(games, numbers):
            game.session.id = number
            self._attach(game.session)
        return [game.session for game in games]

    def resume(self, session_id: int) -> Session:
        """Saved game `session_id` as it was left; a log that no longer replays or cannot be read (an
        entry that is no JSON, empty, nested too deep) is a CompanionError saying so."""
        try:
            record = self.session_record(session_id)
            session = Session(load_game(record.game), record.players, record.options)
            session.id = record.id
            with collector_paused():
                session.replay_entries(self.entries(session_id))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as error:
            if isinstance(error, CompanionError):
                raise
            raise BadDocument(f"saved game {session_id} cannot be read back ({error or type(error).__name__})") from None
        self._attach(session)
        return session

    def _attach(self, session: Session) -> None:
        # The session is reached through a weak reference: a session holding a hook that holds the
        # session would be a cycle, left to the cycle collector (with every state the session kept)
        # instead of freed the moment the game is closed.
        saved = weakref.ref(session)

        def persist(kind: str, action: Action | Fix | None, resulting_state: Any) -> None:
            session = saved()
            if session is None:   # never: only the session itself calls its hook
                raise ValueError("a game no longer open was asked to save a move")
            self._append(session, kind, action, resulting_state)

        session._persist = persist

    def _append(self, session: Session, kind: str, action: Action | Fix | None, resulting_state: Any) -> None:
        reading = clock.read()
        now = reading.wall
        over = session.game.is_over(resulting_state)
        result = None
        if over:
            result = json.dumps({**session.game.summary(resulting_state),
                                 "outcome": session.game.outcome(resulting_state).to_json()})
        # Undo, Redo and a fix change what a game says, not when it was played: a game told again a day
        # later (its winning move undone from Saved games, a miscount fixed) stays in its own evening,
        # finished when its last move was made, and no later evening is joined to it.
        correction = kind != DO
        with self._transaction():
            seen = self._note_clock(reading)
            (seq,) = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM entries WHERE session_id = ?", (session.id,)).fetchone()
            self._db.execute(
                "INSERT INTO entries (session_id, seq, kind, action, at) VALUES (?, ?, ?, ?, ?)",
                (session.id, seq, kind, json.dumps(action.to_json()) if action else None, now))
            self._db.execute(
                "UPDATE sessions SET finished_at = CASE WHEN ? THEN COALESCE(finished_at, CASE WHEN ? THEN "
                "updated_at ELSE ? END) END, updated_at = CASE WHEN ? THEN updated_at ELSE ? END, result = ?, "
                "last_boot = CASE WHEN ? THEN last_boot ELSE ? END, "
                "last_since_boot = CASE WHEN ? THEN last_since_boot ELSE ? END WHERE id = ?",
                (over, correction, now, correction, now, result, correction, reading.boot, correction,
                 reading.since_boot, session.id))
        self._clock_seen = seen
        self.last_entry = (_saved_id(session), seq)

    def entries(self, session_id: int) -> list[tuple[str, Action | Fix | None]]:
        rows = self._rows("SELECT seq, kind, action FROM entries WHERE session_id = ? ORDER BY seq", (session_id,))
        # The whole log parsed at once: a long game's entries read several times faster than one by one.
        # Anything that does not parse as one value per entry is read again entry by entry, to name it.
        try:
            docs = json.loads("[" + ",".join("null" if text is None else text for _, _, text in rows) + "]")
        except ValueError:
            docs = None
        if docs is None or len(docs) != len(rows):
            docs = [None if text is None else _parsed(text, f"session {session_id} entry {seq}")
                    for seq, _, text in rows]
        return [(kind, _entry_payload(kind, doc, f"session {session_id} entry {seq}"))
                for (seq, kind, _), doc in zip(rows, docs)]

    def entry_times(self, session_id: int | None = None) -> dict[int, list[tuple[str, float]]]:
        """(kind, time) of each entry of saved game `session_id`, or of every game, in log order: what
        the time at the table is worked out from (companion/table_time.py)."""
        found: dict[int, list[tuple[str, float]]] = {}
        for number, kind, at in self._rows(
                "SELECT session_id, kind, at FROM entries WHERE session_id IS ? OR ? IS NULL ORDER BY session_id, seq",
                (session_id, session_id)):
            found.setdefault(number, []).append((kind, at))
        return found

    def entry_times_of(self, numbers: Iterable[int]) -> dict[int, list[tuple[str, float]]]:
        """`entry_times` of saved games `numbers` alone."""
        found: dict[int, list[tuple[str, float]]] = {}
        for number, kind, at in self._rows(
                "SELECT session_id, kind, at FROM entries WHERE session_id IN (SELECT value FROM json_each(?)) "
                "ORDER BY session_id, seq", (json.dumps(list(numbers)),)):
            found.setdefault(number, []).append((kind, at))
        return found

    def session_record(self, session_id: int) -> SessionRecord:
        found = self._rows(
            "SELECT s.id, s.game, s.players, s.options, s.started_at, s.updated_at, s.finished_at, s.result, "
            f"(SELECT COUNT(*) FROM entries e WHERE e.session_id = s.id), {_CLOCK_COLUMNS} FROM sessions s WHERE s.id = ?",
            (session_id,))
        if not found:
            raise BadDocument(f"there is no saved game number {session_id}")
        row = found[0]
        changes = self.changes()
        if session_id in deleted(changes):
            raise BadDocument(f"saved game number {session_id} was deleted")
        return _record(row, changes)

    def sessions(self, *, unfinished: bool | None = None, limit: int = 50) -> list[SessionRecord]:
        """The newest saved games that can be read back; one that cannot is left out (see `unreadable`),
        so a single damaged or foreign record never stops the app from starting."""
        return [record for record in self._read_rows(unfinished) if isinstance(record, SessionRecord)][:limit]

    def history(self) -> list[SessionRecord]:
        """Every saved game that can be read back, oldest first by when it started (evenings, records)."""
        read = [record for record in self._read_rows(None) if isinstance(record, SessionRecord)]
        return sorted(read, key=lambda record: (record.started_at, record.id))

    def game_count(self) -> int:
        """How many games are saved, counted without reading any of them back."""
        return int(self._rows("SELECT COUNT(*) FROM sessions")[0][0])

    def unreadable(self) -> list[tuple[int, str]]:
        """(game number, what is wrong with it) for every saved game the app cannot read back."""
        return [problem for problem in self._read_rows(None) if not isinstance(problem, SessionRecord)]

    def _read_rows(self, unfinished: bool | None) -> list[SessionRecord | tuple[int, str]]:
        where = {None: "", True: "WHERE s.finished_at IS NULL", False: "WHERE s.finished_at IS NOT NULL"}[unfinished]
        with self._lock:
            rows = self._rows(
                "SELECT s.id, s.game, s.players, s.options, s.started_at, s.updated_at, s.finished_at, s.result, "
                f"(SELECT COUNT(*) FROM entries e WHERE e.session_id = s.id), {_CLOCK_COLUMNS} FROM sessions s {where} "
                "ORDER BY s.updated_at DESC, s.id DESC")
            changes = self.changes()
            if changes != self._read_with:
                self._read, self._read_with = {}, changes
            # Games read back go into the cache of these corrections, even should another thread begin
            # a new one meanwhile: reading them back takes no lock.
            cache = self._read
        gone = deleted(changes)
        read: list[SessionRecord | tuple[int, str]] = []
        for row in rows:
            if row[0] in gone:
                continue
            known = cache.get(row[0])
            if known is not None and known[0] == row:
                read.append(known[1])
                continue
            found = _checked_record(row, changes)
            if isinstance(found, SessionRecord):
                cache[row[0]] = (row, found)
            read.append(found)
        return read

    def read_back(self, numbers: Iterable[int], *, as_saved: bool = False) -> list[SessionRecord | tuple[int, str]]:
        """Saved games `numbers` (deleted ones left out), each read back as `sessions` reads it or
        with what is wrong with it; `as_saved`: as saved, no correction applied (a deleted one too)."""
        with self._lock:
            rows = self._rows(
                "SELECT s.id, s.game, s.players, s.options, s.started_at, s.updated_at, s.finished_at, s.result, "
                f"(SELECT COUNT(*) FROM entries e WHERE e.session_id = s.id), {_CLOCK_COLUMNS} FROM sessions s "
                "WHERE s.id IN (SELECT value FROM json_each(?)) ORDER BY s.id", (json.dumps(list(numbers)),))
            changes = [] if as_saved else self.changes()
        gone = deleted(changes)
        return [_checked_record(row, changes) for row in rows if row[0] not in gone]

    def unfinished(self) -> SessionRecord | None:
        """The game to offer on the next start, if the last one was left unfinished."""
        found = self.sessions(unfinished=True, limit=1)
        return found[0] if found else None

    def set_aside(self, session_id: int) -> None:
        """The family chose not to resume: keep the log, but stop offering it."""
        with self._transaction():
            self._db.execute(
                "UPDATE sessions SET finished_at = ?, result = ? WHERE id = ? AND finished_at IS NULL",
                (time.time(), json.dumps({"set_aside": True}), session_id))

    def bring_back(self, session_id: int) -> None:
        """Undo a set-aside: the game is offered for Resume again."""
        with self._transaction():
            self._db.execute(
                "UPDATE sessions SET finished_at = NULL, result = NULL, updated_at = ? WHERE id = ? AND result = ?",
                (time.time(), session_id, json.dumps({"set_aside": True})))

    # ----- what the pads hold that is no move yet ----------------------------------------------
    def draft(self, session_id: int) -> dict[str, Any] | None:
        """What game `session_id`'s pads held when last kept (a Nut layout half painted), or None."""
        rows = self._rows("SELECT doc FROM drafts WHERE session_id = ?", (session_id,))
        if not rows:
            return None
        try:
            doc = json.loads(rows[0][0])
        except ValueError:
            return None   # no move was ever made of it: the pads start empty rather than the game not opening
        return doc if isinstance(doc, dict) else None

    def keep_draft(self, session_id: int, doc: dict[str, Any] | None) -> None:
        """Kept in one transaction, as a move is, so what the pads show survives a pulled plug; None
        forgets it."""
        with self._transaction():
            if doc is None:
                self._db.execute("DELETE FROM drafts WHERE session_id = ?", (session_id,))
            else:
                self._db.execute("INSERT OR REPLACE INTO drafts (session_id, doc, at) VALUES (?, ?, ?)",
                                 (session_id, json.dumps(doc), time.time()))

    # ----- roster --------------------------------------------------------------------------
    def roster(self) -> list[Player]:
        """The remembered names, newest first, as the family now calls them (see companion/names.py):
        two remembered names now one person are offered once."""
        rows = self._rows("SELECT name, colour, button, last_played FROM roster ORDER BY last_played DESC, name")
        changes = self.changes()
        offered: dict[str, tuple[Player, bool]] = {}
        for name, colour, button, last_played in rows:
            called = remembered_name(same_form(name), last_played, changes)
            own = called == same_form(name)
            # The newest, but a name put with another's never gives that person its colour.
            known = offered.get(called.casefold())
            if known is None or (own and not known[1]):
                offered[called.casefold()] = (Player(called, colour, button), own)
        return [player for player, _ in offered.values()]

    def _remember(self, players: Iterable[Player], now: float) -> None:
        # Each later seat a millisecond earlier: the roster, newest first, then lists the family of the
        # last game in its seat order, so the next game's set-up seats them the way they sat.
        for seat, player in enumerate(players):
            self._db.execute(
                "INSERT INTO roster (name, colour, button, last_played) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(name) DO UPDATE SET colour = excluded.colour, button = excluded.button, "
                "last_played = excluded.last_played", (player.name, player.colour, player.button, now - seat / 1000))

    def forget_player(self, name: str) -> None:
        with self._transaction():
            self._db.execute("DELETE FROM roster WHERE name = ?", (name,))

    # ----- corrections ---------------------------------------------------------------------
    def changes(self) -> list[Change]:
        """The family's corrections in effect (renames, merges, deleted games), oldest first."""
        return [_change(row) for row in self._rows(_CHANGES_IN_EFFECT, (UNDO,))]

    def add_change(self, kind: str, *, old_name: str | None = None, new_name: str | None = None,
                   session_id: int | None = None, seat: int | None = None) -> Change:
        """One correction, saved before it shows. A rename or a merge in the records reaches every game
        saved so far, and no game saved after it."""
        now = time.time()
        with self._transaction():
            through = None
            if kind in (RENAME, MERGE):
                (through,) = self._db.execute("SELECT COALESCE(MAX(id), 0) FROM sessions").fetchone()
            cursor = self._db.execute(
                "INSERT INTO changes (kind, session_id, seat, old_name, new_name, through, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)", (kind, session_id, seat, old_name, new_name, through, now))
            number = _row_id(cursor)
        return Change(number, kind, now, old_name, new_name, session_id, seat, through)

    def undo_change(self, change_id: int) -> None:
        """Take a correction back with a row of its own; the correction's row stays."""
        with self._transaction():
            self._db.execute("INSERT INTO changes (kind, undoes, at) VALUES (?, ?, ?)", (UNDO, change_id, time.time()))

    def seatings(self) -> list[tuple[int, str, float, tuple[Player, ...]]]:
        """(game number, game, start, players as first saved) of every saved game that can be read,
        deleted ones too: what a correction is checked against."""
        found = []
        for number, game, started_at, players in self._rows("SELECT id, game, started_at, players FROM sessions ORDER BY id"):
            try:
                found.append((number, game, started_at,
                              tuple(Player.from_json(doc, seat=seat) for seat, doc in enumerate(json.loads(players)))))
            except (CompanionError, ValueError, TypeError):
                continue
        return found

    # ----- races ---------------------------------------------------------------------------
    def save_race(self, session_id: int | None, log_lines: Sequence[dict[str, Any]]) -> int:
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO races (session_id, log, at) VALUES (?, ?, ?)",
                (session_id, _race_text(log_lines), time.time()))
            return _row_id(cursor)

    def mark_race_raced_again(self, race_id: int) -> None:
        """The table ran saved race `race_id` again instead of accepting it: its log is kept, marked so."""
        from .races.racelog import RACED_AGAIN_LINE  # here: the races' modules are no part of the app's start

        with self._transaction():
            self._db.execute("UPDATE races SET log = log || ? WHERE id = ?",
                             ("\n" + json.dumps(RACED_AGAIN_LINE, sort_keys=True), race_id))

    def races(self, session_id: int | None = None) -> list[list[dict[str, Any]]]:
        rows = self._rows("SELECT log FROM races WHERE session_id IS ? OR ? IS NULL ORDER BY id", (session_id, session_id))
        return [[json.loads(line) for line in text.splitlines()] for (text,) in rows]

    def races_by_game(self) -> dict[int, list[list[dict[str, Any]]]]:
        """Every game's race logs, oldest first, in one read (the records read them all)."""
        found: dict[int, list[list[dict[str, Any]]]] = {}
        for number, text in self._rows("SELECT session_id, log FROM races WHERE session_id IS NOT NULL ORDER BY id"):
            found.setdefault(number, []).append([json.loads(line) for line in text.splitlines()])
        return found

    def races_of(self, numbers: Iterable[int]) -> dict[int, list[list[dict[str, Any]]]]:
        """`races_by_game` of saved games `numbers` alone."""
        found: dict[int, list[list[dict[str, Any]]]] = {}
        for number, text in self._rows("SELECT session_id, log FROM races WHERE session_id IN "
                                       "(SELECT value FROM json_each(?)) ORDER BY id", (json.dumps(list(numbers)),)):
            found.setdefault(number, []).append([json.loads(line) for line in text.splitlines()])
        return found

    # ----- what is kept of each game for the evenings, the records and the imports -------------------
    # A game's line (companion/game_lines.py) and its moves' key (companion/gamelog.py) are worked out
    # from its rows, and kept until the triggers of schema 8 drop them: any change to the game's row, its
    # moves or its races. Working one out takes no lock: the games are first claimed with a token of
    # this reading, and what was worked out is kept only where the claim still stands, so a game changed
    # meanwhile (its claim dropped by a trigger) or claimed by another reading keeps nothing stale.
    def game_rows(self) -> list[tuple[int, str, str, float, float, float | None, str | None, bytes | None,
                                      str | None, float | None, str | None, float | None]]:
        """(number, game, players as saved, started_at, updated_at, finished_at, kept line or None, its
        moves' times or None, then its start's and last move's boot and time since it: see
        SessionRecord) of every saved game, oldest first (by start, then number)."""
        return self._rows(
            "SELECT s.id, s.game, s.players, s.started_at, s.updated_at, s.finished_at, l.line, l.moments, "
            "s.start_boot, s.start_since_boot, s.last_boot, s.last_since_boot "
            "FROM sessions s LEFT JOIN game_lines l ON l.session_id = s.id ORDER BY s.started_at, s.id")

    def claim(self, numbers: Sequence[int]) -> int | None:
        """Games `numbers` claimed for keeping what is worked out of them next; the claim's token, or
        None where the storage keeps nothing (read-only: it is worked out again at each reading)."""
        token = int.from_bytes(os.urandom(8), "big") >> 2   # 62 random bits, as secrets.randbits (see files.py)
        try:
            self._keeping(
                "INSERT INTO game_lines (session_id, token) SELECT value, ? FROM json_each(?) WHERE true "
                "ON CONFLICT (session_id) DO UPDATE SET token = excluded.token", (token, json.dumps(list(numbers))))
        except StorageProblem:
            return None
        return token

    def keep_lines(self, token: int | None, lines: Mapping[int, tuple[str, bytes]]) -> None:
        """Each game's line and its moves' times, kept where `token`'s claim still stands."""
        self._keep(token, "line = ?, moments = ?", [(line, moments, number) for number, (line, moments) in lines.items()])

    def keep_moves_keys(self, token: int | None, keys: Mapping[int, str]) -> None:
        """Each game's moves' key ("" for a game whose moves cannot be read back), where the claim stands."""
        self._keep(token, "moves_key = ?", [(key, number) for number, key in keys.items()])

    def without_moves_key(self) -> list[int]:
        """The saved games whose moves' key is not kept."""
        return [number for (number,) in self._rows(
            "SELECT s.id FROM sessions s LEFT JOIN game_lines l ON l.session_id = s.id "
            "WHERE l.moves_key IS NULL ORDER BY s.id")]

    def with_moves_key(self, key: str) -> list[int]:
        """The saved games whose moves' key is `key` (found through its index)."""
        return [number for (number,) in self._rows(
            "SELECT session_id FROM game_lines WHERE moves_key = ? ORDER BY session_id", (key,))]

    def started_at(self, game: str, moment: float) -> list[int]:
        """The saved games of `game` started at `moment` (found through the start's index)."""
        return [number for (number,) in self._rows(
            "SELECT id FROM sessions WHERE started_at = ? AND game = ? ORDER BY id", (moment, game))]

    def saved_revision(self) -> str:
        """Changes with every change the app makes to what the records are worked out from, read in
        a few milliseconds, here or by another program: a new game, move, undo, fix or race (each a
        new row), a race run again (its log grows), a game finished, set aside or brought back (its
        finish or last move changes), a correction and its Undo (new rows), a name remembered or
        forgotten."""
        return json.dumps(self._rows(
            "SELECT (SELECT MAX(rowid) FROM entries), (SELECT MAX(id) FROM changes), "
            "(SELECT json_array(MAX(id), TOTAL(updated_at), TOTAL(finished_at)) FROM sessions), "
            "(SELECT json_array(MAX(id), TOTAL(length(log))) FROM races), "
            "(SELECT json_array(COUNT(*), TOTAL(last_played), group_concat(colour || COALESCE(button, '-'), '')) FROM roster)")[0])

    def kept_answer(self, question: str) -> str | None:
        """The answer kept for `question`, if it was worked out from the saved games as they are now."""
        found = self._rows("SELECT answer FROM answers WHERE question = ? AND revision = ?",
                           (question, self.saved_revision()))
        return found[0][0] if found else None

    def keep_answer(self, question: str, revision: str, answer: str) -> None:
        """`answer`, worked out from the saved games at `revision`, kept for `question` (and the answers
        of older revisions dropped); nothing is kept where the storage refuses."""
        try:
            with self._transaction():
                self._db.execute("DELETE FROM answers WHERE revision != ?", (revision,))
                self._db.execute("INSERT OR REPLACE INTO answers VALUES (?, ?, ?)", (question, revision, answer))
        except StorageProblem:
            pass

    def _keep(self, token: int | None, columns: str, rows: list[tuple[Any, ...]]) -> None:
        if token is None or not rows:
            return
        try:
            self._keeping(f"UPDATE game_lines SET {columns} WHERE session_id = ? AND token = ?",
                          [(*row, token) for row in rows], many=True)
        except StorageProblem:
            pass   # not kept: worked out again at the next reading

    def _keeping(self, sql: str, parameters: Any, many: bool = False) -> None:
        """A write of what is kept of the games alone: it changes nothing saved, so `revision` does not
        move for it (what was read need not be worked out again)."""
        with self._transaction():
            before = self._db.total_changes
            (self._db.executemany if many else self._db.execute)(sql, parameters)
            self._kept_changes += self._db.total_changes - before

    @property
    def revision(self) -> tuple[int, int]:
        """Changes whenever anything saved changes, here or by another program (an import from the
        command line): figures worked out from the saved games are worked out again only then."""
        with self._lock:
            ((others,),) = self._rows("PRAGMA data_version")
            return self._db.total_changes - self._kept_changes, int(others)

    # ----- the clock (companion/clock.py) -------------------------------------------------------
    def clock_history(self) -> ClockHistory:
        """Every boot the saved games were played in, in the order they happened, with their steps."""
        steps: dict[str, list[tuple[float, float]]] = {}
        for boot, since_boot, shift in self._rows("SELECT boot, since_boot, shift FROM clock_steps ORDER BY id"):
            steps.setdefault(boot, []).append((since_boot, shift))
        return ClockHistory({boot: BootClock(bool(known_true), tuple(steps.get(boot, ())))
                             for boot, known_true in self._rows("SELECT boot, known_true FROM boots ORDER BY id")})

    def note_clock(self, set_here: bool = False) -> None:
        """Write down how the clock stands now, when that is news (a new boot, a step, network time
        synchronised): after the clock was set, and before the evenings are read, so a step is known
        before the next move. Nothing is written, and the file is not touched, when nothing changed.
        `set_here`: the family has just set the clock, so it is known true from now on (even when no
        step shows, as after a setting made before the boot's first game)."""
        reading = clock.read()
        if set_here:
            reading = replace(reading, synced=True)
        if reading.offset is None:
            return
        seen = self._clock_seen
        if seen is None:
            rows = self._rows("SELECT clock_offset, known_true FROM boots WHERE boot = ?", (reading.boot,))
            if rows:
                seen = self._clock_seen = (str(reading.boot), float(rows[0][0]), bool(rows[0][1]))
        if seen is not None and self._clock_change(reading, seen) is None:
            return
        with self._transaction():
            seen = self._note_clock(reading)
        self._clock_seen = seen

    def _note_clock(self, reading: Reading) -> tuple[str, float, bool] | None:
        """Inside a write: the boot and how its clock stands, written when new or changed; a step of the
        clock is written as a step. What was written is returned for `_clock_seen`, set once the
        transaction is committed."""
        if reading.boot is None or reading.offset is None:
            return None
        seen = self._clock_seen
        if seen is None or seen[0] != reading.boot:
            row = self._db.execute("SELECT clock_offset, known_true FROM boots WHERE boot = ?", (reading.boot,)).fetchone()
            if row is None:
                self._db.execute("INSERT INTO boots (boot, clock_offset, known_true, first_seen) VALUES (?, ?, ?, ?)",
                                 (reading.boot, reading.offset, reading.synced, reading.wall))
                return reading.boot, reading.offset, reading.synced
            seen = (reading.boot, float(row[0]), bool(row[1]))
        change = self._clock_change(reading, seen)
        if change is None:
            return seen
        moved, known_true = change
        if moved:
            self._db.execute("INSERT INTO clock_steps (boot, since_boot, shift, at) VALUES (?, ?, ?, ?)",
                             (reading.boot, reading.since_boot, moved, reading.wall))
            log.warning("the clock was set %+.0f seconds, to %s", moved,
                        time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(reading.wall)))
        self._db.execute("UPDATE boots SET clock_offset = ?, known_true = ? WHERE boot = ?",
                         (reading.offset, known_true, reading.boot))
        return reading.boot, reading.offset, known_true

    @staticmethod
    def _clock_change(reading: Reading, seen: tuple[str, float, bool]) -> tuple[float, bool] | None:
        """(how far the clock stepped, 0 for none; known true) when `reading` is news against `seen`."""
        if reading.offset is None or reading.boot != seen[0]:
            return (0.0, reading.synced) if reading.offset is not None else None
        moved = reading.offset - seen[1]
        if abs(moved) > clock.STEP_S:
            return moved, True
        if abs(moved) > clock.DRIFT_S or (reading.synced and not seen[2]):
            return 0.0, seen[2] or reading.synced
        return None

    # ----- health --------------------------------------------------------------------------
    def integrity_ok(self) -> bool:
        return bool(self._rows("PRAGMA integrity_check")[0][0] == "ok")

    def copy_bytes(self) -> bytes:
        """The whole saved games file as it stands, as the bytes of a database file: a consistent copy
        made by SQLite's backup API, whatever is being written meanwhile (it waits for a move under way)."""
        with self._lock:
            self._check_open()
            copy = sqlite3.connect(":memory:")
            try:
                self._db.backup(copy)
                return copy.serialize()
            finally:
                copy.close()


DAMAGED = "it is damaged"
_CLOCK_COLUMNS = "s.start_boot, s.start_since_boot, s.last_boot, s.last_since_boot"


def usability_problem(db: sqlite3.Connection, every_page: bool = True) -> str | None:
    """Why a saved games file cannot be used as it is, in words for the family; None when it can
    (`every_page`: its pages read through for damage too). A read that fails for another reason than
    damage (an I/O error, a lock held by another program, a file that cannot be opened) raises its
    sqlite3 error: that is no reason to set the file aside."""
    try:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and "meta" not in tables:
            return "it is not the app's saved games file"
        if "meta" in tables:
            row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if row is not None and (not str(row[0]).isdigit() or int(row[0]) > SCHEMA_VERSION):
                return f"it was written by a newer version of the app (form {row[0]})"
        if every_page and db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            return DAMAGED
    except sqlite3.DatabaseError as error:
        if is_damage(error):
            return f"{DAMAGED} ({error})"
        raise
    return None


def is_damage(error: sqlite3.Error) -> bool:
    """Whether SQLite read the file and found it damaged or no database, rather than failing to read it."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
    text = str(error).lower()
    return "malformed" in text or "not a database" in text


def _passing_damage() -> sqlite3.OperationalError:
    """A first read said damaged and a second, clean one did not: a passing fault of the card, tried
    again like any read error, never a reason to set the file aside."""
    return sqlite3.OperationalError("disk I/O error (a read gave a damaged page once, then a good one)")


def _every_page_problem(path: Path, timeout: float) -> str | None:
    """usability_problem with every page read, on a read-only connection of its own."""
    db = sqlite3.connect(read_only_uri(path), uri=True, timeout=timeout)
    try:
        return usability_problem(db)
    finally:
        db.close()


def proven_damaged(path: Path, timeout: float = 3.0) -> bool:
    """The full integrity check on a fresh, read-only connection fails without a read error."""
    try:
        db = sqlite3.connect(read_only_uri(path), uri=True, timeout=timeout)
    except sqlite3.Error:
        return False
    try:
        return bool(db.execute("PRAGMA integrity_check").fetchone()[0] != "ok")
    except sqlite3.DatabaseError as error:
        return is_damage(error)
    finally:
        db.close()


def read_only_uri(path: Path) -> str:
    return Path(os.path.abspath(path)).as_uri() + "?mode=ro"


def written_by_newer(db: sqlite3.Connection) -> str | None:
    """The version that wrote the file, when its form is newer than this version reads; else None.
    A read that fails raises its sqlite3 error."""
    try:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "meta" not in tables:
            return None
        rows = dict(db.execute("SELECT key, value FROM meta WHERE key IN ('schema', 'written_by')").fetchall())
    except sqlite3.DatabaseError as error:
        if is_damage(error):
            return None   # damage is usability_problem's to say
        raise
    schema = str(rows.get("schema", "1"))
    if schema.isdigit() and int(schema) <= SCHEMA_VERSION:
        return None
    return str(rows.get("written_by") or f"a newer version (its saved games are in form {schema[:10]})")


class WrittenByNewerVersion(StorageProblem):
    """The saved games were written by a newer version of the app (an update later taken back, or an
    older version installed over a newer one). They are left exactly where they are: this version cannot
    read them, and the version that wrote them shows them again once it is installed."""

    def __init__(self, path: Path, version: str) -> None:
        super().__init__(f"These saved games were written by version {version} of the table companion, which is "
                         f"newer than this version ({__version__}). They are kept as they are, in {path}: install "
                         f"version {version} again to see them.")
        self.version = version


class Unusable(Exception):
    """The saved games file cannot be used as it is (the reason is the message)."""


class SavedGamesUnavailable(StorageProblem):
    """The saved games file cannot be opened just now; it was left as it is. `passing` is True when
    trying again may help (a read error, another program's lock), False when something must be done
    first (read-only or full storage, no permission)."""

    def __init__(self, message: str, passing: bool, what_to_do: str) -> None:
        super().__init__(message)
        self.passing, self.what_to_do = passing, what_to_do

    @classmethod
    def because(cls, path: Path, error: BaseException) -> "SavedGamesUnavailable":
        why, what_to_do, passing = _open_failure(error, path.parent)
        return cls(f"The saved games file {path} cannot be opened: {why}. It was left as it is, so nothing "
                   f"saved is lost; {what_to_do}.", passing, what_to_do)


def _open_failure(error: BaseException, folder: Path) -> tuple[str, str, bool]:
    """(why, what to do, whether trying again may help) for a failure to open the saved games. SQLite
    often says only that it could not open the file; the folder then tells why."""
    text = str(error).lower()
    if getattr(error, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_CANTOPEN or "unable to open" in text:
        text += " " + _folder_trouble(folder)
    code = getattr(error, "sqlite_errorcode", None)
    primary = code & 0xFF if code is not None else None
    number = getattr(error, "errno", None)
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in text or "busy" in text:
        return ("another program is using it (a second copy of the app, or a backup reading it)",
                "close that program, then try again", True)
    if primary == sqlite3.SQLITE_READONLY or "readonly" in text or "read-only" in text or number == errno.EROFS:
        return ("the storage is read-only",
                "check how the card is mounted (or the lock switch on its side), then try again", False)
    if primary == sqlite3.SQLITE_FULL or "full" in text or number in (errno.ENOSPC, errno.EDQUOT):
        return "the storage is full", "free some space on the card, then try again", False
    if primary == sqlite3.SQLITE_IOERR or "i/o" in text or number == errno.EIO or (
            isinstance(error, sqlite3.Error) and is_damage(error)):
        return ("the card reported a read error",
                "try again; if it keeps happening the card may be failing: run companion doctor, and copy "
                "the data directory to a new card", True)
    if "permission" in text or number in (errno.EACCES, errno.EPERM):
        return ("this user may not write the data directory",
                f"give it to them (sudo chown -R $USER {folder}), or start with another --data-dir", False)
    if isinstance(error, OSError) and error.strerror:
        return (f"the data directory cannot be used ({error.strerror})",
                "check that it is a folder this user may write, or start with another --data-dir", False)
    return (f"SQLite could not open it ({error})",
            "check that the data directory exists and this user may write it, then try again", False)


def _move_aside(path: Path) -> Path:
    """Rename the file and its write-ahead log together, so the pair can still be examined later."""
    stamp, number = time.strftime("%Y%m%d-%H%M%S"), 1
    aside = path.with_name(f"{path.name}.unusable-{stamp}")
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.name}.unusable-{stamp}-{number}")
    for suffix in ("", "-wal", "-shm"):
        part = path.with_name(path.name + suffix)
        if part.exists():
            part.rename(aside.with_name(aside.name + suffix))
    return aside


def _folder_trouble(folder: Path) -> str:
    """"read-only", "full" or "permission" where the folder is so, else nothing."""
    try:
        status = os.statvfs(folder)
    except (OSError, AttributeError):
        return ""
    if status.f_flag & os.ST_RDONLY:
        return "read-only"
    if status.f_bavail == 0:
        return "full"
    return "" if os.access(folder, os.W_OK) else "permission"


class _Transaction:
    """One write, all or nothing. A write the storage refuses (full, read-only, failing) becomes a
    StorageProblem the family can read, and the transaction is rolled back."""

    def __init__(self, db: sqlite3.Connection, lock: threading.RLock, check_open: Callable[[], None]) -> None:
        self._db, self._lock, self._check_open = db, lock, check_open

    def __enter__(self) -> sqlite3.Connection:
        # The store's lock for the whole transaction, so no other thread's statement lands inside it.
        self._lock.acquire()
        try:
            self._check_open()
            try:
                # IMMEDIATE takes the write lock up front, so a second process fails fast instead of mid-way.
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as error:
                raise _storage_problem(error) from None
        except BaseException:
            self._lock.release()   # not begun: __exit__ will not run to release it
            raise
        return self._db

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> Literal[False]:
        try:
            return self._finish(kind, value)
        finally:
            self._lock.release()

    def _finish(self, kind: type[BaseException] | None, value: BaseException | None) -> Literal[False]:
        if kind is None:
            try:
                self._db.execute("COMMIT")
                return False
            except sqlite3.OperationalError as error:
                kind, value = type(error), error
        try:
            self._db.execute("ROLLBACK")
        except sqlite3.OperationalError:
            pass  # nothing was begun or it was already rolled back by SQLite itself
        if isinstance(value, sqlite3.OperationalError):
            raise _storage_problem(value) from None
        return False


class RefusedWrite(StorageProblem):
    """A write the storage refused, with what SQLite said (`error`)."""

    def __init__(self, message: str, error: sqlite3.Error) -> None:
        super().__init__(message)
        self.error = error


def _storage_problem(error: sqlite3.OperationalError) -> StorageProblem:
    text = str(error).lower()
    if "full" in text:
        why = "the storage is full"
    elif "readonly" in text or "read-only" in text:
        why = "the storage is read-only"
    elif "locked" in text or "busy" in text:
        why = "another program is writing the saved games"
    else:
        why = f"the storage refused the write ({error})"
    return RefusedWrite(f"Not saved: {why}. Nothing already saved is lost; free some space or fix the "
                        "storage, then try again.", error)


def _parsed(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as error:
        raise BadDocument(f"{where}: the saved entry cannot be read ({error})") from None


def _entry_payload(kind: str, doc: Any, where: str) -> Action | Fix | None:
    if doc is None:
        return None
    return Fix.from_json(doc, where=where) if kind == FIX else Action.from_json(doc, where=where)


_CHANGES_IN_EFFECT = ("SELECT id, kind, at, old_name, new_name, session_id, seat, through FROM changes c WHERE kind != ? "
                      "AND NOT EXISTS (SELECT 1 FROM changes u WHERE u.undoes = c.id) ORDER BY id")


def _change(row: Sequence[Any]) -> Change:
    """A correction as saved, its names in the one form whatever form they were saved in."""
    id_, kind, at, old, new, session_id, seat, through = row
    return Change(id_, kind, at, None if old is None else same_form(old), None if new is None else same_form(new),
                  session_id, seat, through)


_BEFORE_EVERY_GAME = 0.0


def _tell_apart_seats_of_one_name(db: sqlite3.Connection) -> None:
    """Schema 6 compares names in one form (companion/players.py, same_form). Two seats of one game
    given one name in two forms ("José" typed with the letter é, and with e and an accent) were two
    names until then, and would now be one name twice: the later seat is renamed in that game alone,
    as the family renames a seat, to the name and its seat's number ("José 2"). No game's own row is
    rewritten; the rename is one of the corrections, and the family can rename the seat again. It is
    dated before every game, so it renames no remembered name: the name is still the other seat's."""
    changes = [_change(row) for row in db.execute(_CHANGES_IN_EFFECT, (UNDO,))]
    for number, players in db.execute("SELECT id, players FROM sessions ORDER BY id").fetchall():
        try:
            seats = list(seated([Player.from_json(doc, seat=seat) for seat, doc in enumerate(json.loads(players))],
                                number, changes))
        except (CompanionError, ValueError, TypeError, RecursionError):
            continue   # a game that cannot be read back is left as it is
        for seat, player in enumerate(seats):
            taken = {other.name.casefold() for other in seats[:seat]}
            if player.name.casefold() not in taken:
                continue
            taken |= {other.name.casefold() for other in seats[seat + 1:]}
            free = next(name for count in range(seat + 1, seat + 2 + len(seats))
                        if (name := f"{player.name[:MAX_NAME_LENGTH - 3]} {count}").casefold() not in taken)
            db.execute("INSERT INTO changes (kind, session_id, seat, old_name, new_name, at) VALUES (?, ?, ?, ?, ?, ?)",
                       (RENAME_SEAT, number, seat, player.name, free, _BEFORE_EVERY_GAME))
            seats[seat] = Player(free, player.colour, player.button)


def _race_text(lines: Sequence[dict[str, Any]]) -> str:
    return "\n".join(json.dumps(line, sort_keys=True) for line in lines)


def _row_id(cursor: sqlite3.Cursor) -> int:
    """The id SQLite gave the row just inserted (always set after an INSERT)."""
    if cursor.lastrowid is None:
        raise StorageProblem("Not saved: the storage gave the new row no number. Try again.")
    return cursor.lastrowid


def _saved_id(session: Session) -> int:
    if session.id is None:
        raise ValueError("this game was never saved, so it has no number in the saved games")
    return session.id


def _checked_record(row: Sequence[Any], changes: Sequence[Change]) -> SessionRecord | tuple[int, str]:
    """The saved game of `row`, or (its number, what is wrong with it) when it cannot be read back."""
    try:
        record = _record(row, changes)
        # The rule cards know every game: nothing of a game's rules is imported to list it.
        game_entry(record.game)
        check_table(record.players)
    except (CompanionError, ValueError, TypeError) as problem:
        return row[0], str(problem)
    return record


def _record(row: Sequence[Any], changes: Sequence[Change]) -> SessionRecord:
    """A saved game as the family now calls its players: the names changed since are put in its
    players and in its result."""
    id_, game, players, options, started, updated, finished, result, count, *on_clock = row
    saved = tuple(Player.from_json(doc, seat=seat) for seat, doc in enumerate(json.loads(players)))
    seats, merged = seated_and_merged(saved, id_, changes)
    outcome = json.loads(result) if result else None
    if seats != saved and isinstance(outcome, dict) and isinstance(outcome.get("outcome"), dict):
        outcome["outcome"] = _renamed_outcome(outcome["outcome"], seats)
    return SessionRecord(
        id=id_, game=game, players=seats, options=json.loads(options), started_at=started, updated_at=updated,
        finished_at=finished, result=outcome, entry_count=count, merged=merged, start_boot=on_clock[0],
        start_since_boot=on_clock[1], last_boot=on_clock[2], last_since_boot=on_clock[3])


def _renamed_outcome(doc: dict[str, Any], seats: Sequence[Player]) -> dict[str, Any]:
    """A saved Outcome's names, seat by seat, as the players are now called; anything unreadable is
    left for Outcome.from_json to refuse."""
    def name(seat: Any, was: Any) -> Any:
        return seats[seat].name if isinstance(seat, int) and 0 <= seat < len(seats) else was

    standings = doc.get("standings")
    if not isinstance(standings, list):
        return doc
    renamed = [{**line, "name": name(line.get("seat"), line.get("name"))} if isinstance(line, dict) else line
               for line in standings]
    winners = doc.get("winners")
    names = [name(seat, None) for seat in winners] if isinstance(winners, list) else doc.get("winner_names")
    return {**doc, "standings": renamed, "winner_names": names}
