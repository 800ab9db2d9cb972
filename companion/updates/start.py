"""Which version a kiosk starts, and the saved games kept safe across a switch.

The start state (`start/state.json` in the updates folder, the kiosk user's own) names the confirmed
version (`current`), one installed and not yet confirmed (`pending`, `tried` once a start ran it) and
the last one dropped (`failed`). It can only choose among the versions the update service verified
and installed where the kiosk user cannot write, and only those newer than what the installer put in,
so an installer upgrade always wins.

Before a pending version's first start, the saved games file is copied (SQLite's backup, so a file in
use is copied whole) into `before-update/` in the data directory. A pending version that never confirmed
(it crashed, or the power went before it drew) is dropped at the next start; if it had changed the
file to a form the version before it cannot read, that file is kept beside (never deleted) and the copy
made before it started is put back, so the family sees its history as it was.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import stat
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from ..files import FileProblem, flush_folder, read_regular, write_atomic
from ..store import DB_NAME, read_only_uri
from .format import PROGRAM_FILE, VERSION_PATTERN, UpdateRefused, version_key
from .installing import versions_folder

log = logging.getLogger(__name__)

STATE = Path("start") / "state.json"
STATE_LIMIT = 64 * 1024
SNAPSHOTS = "before-update"
SNAPSHOTS_KEPT = 2
# Set by the kiosk's start for the version it runs when it dropped an update that never started.
SWITCHED_BACK_ENV = "TABLE_COMPANION_SWITCHED_BACK"


@dataclass(frozen=True)
class State:
    """Which unpacked version starts (see the module's text). `snapshot`: the copy of the saved games
    made before `pending` first started, in the data directory's before-update folder."""

    current: str | None = None
    pending: str | None = None
    tried: bool = False
    failed: str | None = None
    snapshot: str | None = None


@dataclass(frozen=True)
class Start:
    """What a start runs: `folder`, an unpacked version (None: the installed one); `switched_back_from`,
    the version dropped by this very start because it never confirmed."""

    folder: Path | None
    switched_back_from: str | None = None


def read_state(folder: Path) -> State:
    """The start state; the installed version's (all None) when there is none or it cannot be used. Only
    a small regular file is read: a pipe, a device or a link in its place is as good as no file."""
    try:
        saved = json.loads(read_regular(folder / STATE, STATE_LIMIT, what="update state", follow_links=False))
    except (FileProblem, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return State()
    if not isinstance(saved, dict):
        return State()
    versions = {}
    for name in ("current", "pending", "failed"):
        value = saved.get(name)
        versions[name] = value if isinstance(value, str) and VERSION_PATTERN.match(value) else None
    snapshot = saved.get("snapshot")
    if not (isinstance(snapshot, str) and snapshot == os.path.basename(snapshot) and snapshot.endswith(".sqlite3")):
        snapshot = None
    return State(tried=saved.get("tried") is True, snapshot=snapshot, **versions)


def write_state(folder: Path, state: State) -> None:
    (folder / STATE).parent.mkdir(mode=0o755, parents=True, exist_ok=True)
    write_atomic(folder / STATE, (json.dumps(asdict(state), indent=2) + "\n").encode(), mode=0o644,
                 what="update state")


def mark_pending(folder: Path, version: str) -> None:
    """An installed version becomes the one the next start tries."""
    write_state(folder, replace(read_state(folder), pending=version, tried=False, snapshot=None))


def choose_start(folder: Path, installed: str, data_dir: Path | None = None, sealed: bool = False) -> Start:
    """At the kiosk's start: the version to run. A pending version is run once, its saved games copied
    first; if that start never confirmed, it is dropped, the saved games it changed are put back, and the
    version before it runs again. `sealed`: run only versions this user cannot change (the kiosk)."""
    state = read_state(folder)
    switched_back_from = None
    if state.pending is not None:
        if not state.tried and usable(folder, state.pending, installed, sealed):
            snapshot = snapshot_saved_games(data_dir, state.current or installed) if data_dir else None
            write_state(folder, replace(state, tried=True, snapshot=snapshot))
            log.warning("starting version %s for the first time", state.pending)
            return Start(versions_folder(folder) / state.pending)
        back_to = state.current if state.current and usable(folder, state.current, installed, sealed) else installed
        log.warning("version %s did not start; switching back to version %s", state.pending, back_to)
        if data_dir is not None and state.snapshot is not None:
            put_back_saved_games(data_dir, state.snapshot, state.pending)
        switched_back_from = state.pending
        state = replace(state, pending=None, tried=False, failed=state.pending, snapshot=None)
        write_state(folder, state)
    if state.current is not None and usable(folder, state.current, installed, sealed):
        return Start(versions_folder(folder) / state.current, switched_back_from)
    return Start(None, switched_back_from)


def confirm_started(folder: Path, running: str) -> bool:
    """Called once the app has drawn its first screen: a pending version that got this far is the
    version from now on. True if this start confirmed an update."""
    state = read_state(folder)
    if state.pending != running or not state.tried:
        return False
    write_state(folder, State(current=running))
    log.warning("version %s started and is the version from now on", running)
    return True


def usable(folder: Path, version: str, installed: str, sealed: bool) -> bool:
    """An unpacked version that is whole, newer than what the installer put in since (an upgrade by the
    installer wins over any update from a stick), and, `sealed`, that this user could not have changed."""
    try:
        newer = version_key(version) > version_key(installed)
    except UpdateRefused:
        return False
    tree = versions_folder(folder) / version
    if not newer or not (tree / PROGRAM_FILE).is_file():
        return False
    if sealed and writable_inside(tree):
        log.error("version %s is not started: its files could have been changed by this user after it was "
                  "checked (they should belong to the update service)", version)
        return False
    return True


def writable_inside(tree: Path) -> bool:
    """Whether this user could change, add or remove anything in `tree`: it owns a part of it, or a part
    may be written by its group or by everyone, or a part is a link (which could lead anywhere)."""
    me = os.geteuid()
    for folder, subfolders, files in os.walk(tree):
        for path in [folder, *(os.path.join(folder, name) for name in [*subfolders, *files])]:
            status = os.lstat(path)
            if status.st_uid == me or status.st_mode & (stat.S_IWGRP | stat.S_IWOTH) or stat.S_ISLNK(status.st_mode):
                return True
    return False


# ----- the saved games, kept across a switch ---------------------------------------------------------

def snapshot_saved_games(data_dir: Path, version: str) -> str | None:
    """A whole copy of the saved games, made before a new version first opens them; its name in the
    before-update folder, or None when there is nothing to copy (or it cannot be copied: the start goes
    on, and the journal says why)."""
    source = data_dir / DB_NAME
    if not source.is_file():
        return None
    folder = data_dir / SNAPSHOTS
    name = f"saved-games-{version}-{time.strftime('%Y%m%d-%H%M%S')}.sqlite3"
    partial = folder / f".{name}.partial"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        original = sqlite3.connect(read_only_uri(source), uri=True, timeout=10)
        try:
            copy = sqlite3.connect(partial)
            try:
                original.backup(copy)
            finally:
                copy.close()
        finally:
            original.close()
        with open(partial, "rb") as written:
            os.fsync(written.fileno())
        os.replace(partial, folder / name)
        flush_folder(folder)
    except (OSError, sqlite3.Error) as error:
        log.error("the saved games could not be copied before the update's first start (%s); starting it anyway",
                  error)
        try:
            partial.unlink()
        except OSError:
            pass
        return None
    _forget_old_snapshots(folder)
    return name


def put_back_saved_games(data_dir: Path, snapshot: str, failed: str) -> None:
    """After `failed` never confirmed: if it changed the saved games to a newer form than the copy made
    before it started, that file is kept beside (in before-update/written-by-<failed>-...) and the copy
    is put back. A file still in the old form is left as it is."""
    live, copy = data_dir / DB_NAME, data_dir / SNAPSHOTS / snapshot
    if not copy.is_file() or not live.is_file() or _form(live) <= _form(copy):
        return
    kept = data_dir / SNAPSHOTS / f"written-by-{failed}-{time.strftime('%Y%m%d-%H%M%S')}"
    try:
        kept.mkdir(mode=0o700, parents=True)
        for suffix in ("", "-wal", "-shm"):
            part = data_dir / f"{DB_NAME}{suffix}"
            if part.exists():
                os.rename(part, kept / part.name)
        flush_folder(kept)
        partial = data_dir / f".{DB_NAME}.restoring"
        if os.path.lexists(partial):
            os.unlink(partial)
        # Created afresh, never through a link left in its place.
        target = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with open(copy, "rb") as source, os.fdopen(target, "wb") as written:
            while chunk := source.read(1 << 20):
                written.write(chunk)
            written.flush()
            os.fsync(written.fileno())
        os.replace(partial, live)
        flush_folder(data_dir)
    except OSError as error:
        log.error("the saved games as they were before version %s could not be put back (%s); they are in %s",
                  failed, error, copy)
        return
    log.warning("version %s changed the saved games and never started: they are kept in %s, and the copy made "
                "before it started is back in use", failed, kept)


def _form(path: Path) -> int:
    """The schema number of a saved games file (0 when it cannot be read)."""
    try:
        db = sqlite3.connect(read_only_uri(path), uri=True, timeout=10)
        try:
            row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return 0
    return int(row[0]) if row and str(row[0]).isdigit() else 0


def _forget_old_snapshots(folder: Path) -> None:
    copies = sorted((entry for entry in os.scandir(folder) if entry.name.startswith("saved-games-")),
                    key=lambda entry: entry.stat().st_mtime, reverse=True)
    for entry in copies[SNAPSHOTS_KEPT:]:
        try:
            os.unlink(entry.path)
        except OSError:
            pass
