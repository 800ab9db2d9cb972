"""Everything a table keeps, copied to a USB stick and brought back: the Maintenance page's *Export
everything* and *Restore from a stick*.

A backup is one folder at the top of the stick, `table-companion-backup-2026-11-21-2015`, holding
- `companion.sqlite3`: the saved games, a consistent copy made by SQLite's backup API while the app runs;
- `config.json`: the settings, when the table has its own;
- `journal.txt`: what the table's journal (or the app's own log) said lately, for whoever helps;
- `backup.json`: what it is: the app, the version that made it, when, how many games, and each file's
  size and SHA-256.
It is written under a hidden name and renamed once every file is on the stick, so a stick pulled out
half way holds nothing that looks like a whole backup.

A restore checks everything before anything changes: each file against its checksum, the saved games'
integrity and schema (a newer version's file is refused), the settings as a start would check them.
Only then are the table's own files kept aside in the data directory, in a dated folder (never
deleted), and the backup's put in their place; the app then starts again on them.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from . import clock, config
from .errors import CompanionError, StorageProblem
from .files import FileProblem, create_flushed, flush_folder, read_regular
from .gamelog import dated
from .manifest import app_version
from .progress import Task
from .store import DB_NAME, SavedGamesUnavailable, Store, Unusable

PREFIX = "table-companion-backup-"
MANIFEST = "backup.json"
JOURNAL = "journal.txt"
HOLDS = "table-companion backup"
# A family's years of games are some tens of MB: anything past this is no backup of this app.
LARGEST_FILE = 1024 ** 3
# The files a restore puts back, and where the table's own go first.
RESTORED = (DB_NAME, config.CONFIG_NAME)
ASIDE_PREFIX = "before-restore-"


class RestoreRefused(CompanionError):
    """A backup that cannot be restored; the message says why, and nothing was changed."""


@dataclass(frozen=True)
class Backup:
    """A backup found on a stick, as its manifest describes it."""

    folder: Path
    made_at: float
    version: str
    games: int
    files: Mapping[str, tuple[int, str]]   # name: (size, SHA-256)

    @property
    def when(self) -> str:
        return dated(self.made_at, "%a %d %b %Y %H:%M")

    @property
    def words(self) -> str:
        """`Sat 21 Nov 2026 20:15: 212 games (version 0.1.0)`"""
        return f"{self.when}: {self.games:,} game{'s' if self.games != 1 else ''} (version {self.version})"


# ----- making one --------------------------------------------------------------------------------------

def make(store: Store, data_dir: Path, stick: Path, journal_text: str, task: Task | None = None) -> Path:
    """Everything the table keeps as a new backup folder at the top of `stick`; the folder. A stick that
    fails (full, read-only, pulled out) is left with no part of it, and an OSError says why."""
    if task is not None:
        task.begin("Copying the saved games")
    files: dict[str, bytes] = {DB_NAME: store.copy_bytes()}
    try:
        files[config.CONFIG_NAME] = read_regular(Path(data_dir) / config.CONFIG_NAME, config.LARGEST_FILE,
                                                 what="settings file")
    except FileProblem:
        pass   # no settings of its own (the usual ones), or none that can be read: the backup goes without
    files[JOURNAL] = journal_text.encode("utf-8")
    made_at = clock.now()
    manifest = {"holds": HOLDS, "format": 1, "version": app_version(), "made_at": made_at,
                "games": store.game_count(),
                "files": {name: {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
                          for name, data in files.items()}}
    files[MANIFEST] = (json.dumps(manifest, indent=2) + "\n").encode("utf-8")
    name = _free(stick, PREFIX + time.strftime("%Y-%m-%d-%H%M", time.localtime(made_at)))
    partial = stick / f".{name}.partial"
    partial.mkdir()
    try:
        if task is not None:
            task.begin("Writing to the stick", len(files))
        for file, data in files.items():
            create_flushed(partial / file, data, mode=0o644)
            if task is not None:
                task.advance()
        os.rename(partial, stick / name)
    except (OSError, CompanionError):   # the stick failed, or the family cancelled
        shutil.rmtree(partial, ignore_errors=True)
        raise
    flush_folder(stick)
    return stick / name


def _free(stick: Path, name: str) -> str:
    candidate, number = name, 1
    while (stick / candidate).exists() or (stick / f".{candidate}.partial").exists():
        number += 1
        candidate = f"{name}-{number}"
    return candidate


# ----- finding them on a stick ---------------------------------------------------------------------------

def backups_on(stick: Path) -> list[Backup | tuple[Path, str]]:
    """The backups at the top of `stick`, newest first; a folder that looks like one but cannot be read
    comes as (folder, why)."""
    found: list[Backup | tuple[Path, str]] = []
    try:
        folders = [Path(entry.path) for entry in os.scandir(stick)
                   if entry.name.startswith(PREFIX) and entry.is_dir(follow_symlinks=False)]
    except OSError:
        return []   # pulled out while it was read
    for folder in folders:
        try:
            found.append(read_backup(folder))
        except CompanionError as problem:
            found.append((folder, str(problem)))
    whole = sorted((item for item in found if isinstance(item, Backup)), key=lambda backup: -backup.made_at)
    return [*whole, *(item for item in found if not isinstance(item, Backup))]


def read_backup(folder: Path) -> Backup:
    """The backup in `folder`, from its manifest; RestoreRefused saying why it is none."""
    try:
        manifest = json.loads(read_regular(folder / MANIFEST, 1024 * 1024, what="backup's description",
                                           follow_links=False))
    except FileProblem:
        raise RestoreRefused(f"{folder.name} is not a whole backup (it has no readable {MANIFEST})") from None
    except ValueError:
        raise RestoreRefused(f"{folder.name} is damaged: its {MANIFEST} cannot be read") from None
    try:
        if manifest["holds"] != HOLDS:
            raise ValueError
        files = {str(name): (int(about["size"]), str(about["sha256"])) for name, about in manifest["files"].items()}
        backup = Backup(folder, float(manifest["made_at"]), str(manifest["version"]), int(manifest["games"]), files)
    except (KeyError, TypeError, ValueError, AttributeError):
        raise RestoreRefused(f"{folder.name} is not a table companion backup this version can read") from None
    if DB_NAME not in files:
        raise RestoreRefused(f"{folder.name} holds no saved games")
    return backup


# ----- restoring one ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Checked:
    """A backup that passed every check, its files ready in `staging` (in the data directory), and how
    many saved games it holds."""

    backup: Backup
    staging: Path
    games: int


def check(backup: Backup, data_dir: Path, task: Task | None = None) -> Checked:
    """Copy the backup's files beside the table's own and check them all; RestoreRefused saying why
    otherwise, and nothing is left behind."""
    staging = Path(data_dir) / f".restoring-{secrets.token_hex(4)}"
    staging.mkdir(mode=0o700)
    try:
        for name in RESTORED:
            if name not in backup.files:
                continue
            if task is not None:
                task.begin(f"Checking {name}")
            create_flushed(staging / name, _checked_file(backup, name))
        if config.CONFIG_NAME in backup.files:
            _check_settings(staging / config.CONFIG_NAME)
        games = _check_saved_games(staging / DB_NAME)
    except RestoreRefused:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    except OSError as error:
        shutil.rmtree(staging, ignore_errors=True)
        raise RestoreRefused(f"the backup could not be copied onto the table's card ({error.strerror or error})") from None
    return Checked(backup, staging, games)


def _checked_file(backup: Backup, name: str) -> bytes:
    size, digest = backup.files[name]
    try:
        data = read_regular(backup.folder / name, LARGEST_FILE, what="backup file", follow_links=False)
    except FileProblem as problem:
        raise RestoreRefused(str(problem).replace(str(backup.folder / name), name)) from None
    if len(data) != size or hashlib.sha256(data).hexdigest() != digest:
        raise RestoreRefused(f"{name} in the backup is damaged or was changed (it does not match its checksum)")
    return data


def _check_settings(path: Path) -> None:
    try:
        config.load(path.parent)
    except CompanionError as problem:
        raise RestoreRefused(f"the backup's settings cannot be used ({problem})") from None


def _check_saved_games(path: Path) -> int:
    """The number of saved games in the file, once it opens as the app's own and passes SQLite's full
    integrity check."""
    try:
        store = Store(path)
    except Unusable as problem:
        raise RestoreRefused(f"the backup's saved games cannot be used: {problem}") from None
    except (SavedGamesUnavailable, StorageProblem) as problem:
        raise RestoreRefused(f"the backup's saved games cannot be opened ({problem})") from None
    try:
        if not store.integrity_ok():
            raise RestoreRefused("the backup's saved games are damaged (SQLite's integrity check fails)")
        return len(store.history())
    finally:
        store.close()


def restore(checked: Checked, data_dir: Path) -> Path:
    """The table's saved games (and settings, where the backup has some) kept aside in a dated folder of
    the data directory, and the backup's put in their place; the folder they were kept in. The app
    must not have the saved games open. Storage that refuses a step puts back what was moved."""
    data_dir = Path(data_dir)
    aside = data_dir / (ASIDE_PREFIX + time.strftime("%Y%m%d-%H%M%S", time.localtime(clock.now())))
    while aside.exists():
        aside = aside.with_name(aside.name + "-2")
    coming = [name for name in RESTORED if (checked.staging / name).exists()]
    going = [name for name in (*coming, f"{DB_NAME}-wal", f"{DB_NAME}-shm") if os.path.lexists(data_dir / name)]
    moved: list[tuple[Path, Path]] = []
    try:
        aside.mkdir(mode=0o700)
        for name in going:
            os.rename(data_dir / name, aside / name)
            moved.append((aside / name, data_dir / name))
        for name in coming:
            os.rename(checked.staging / name, data_dir / name)
            moved.append((data_dir / name, checked.staging / name))
    except OSError as error:
        for there, back in reversed(moved):
            os.replace(there, back)
        raise StorageProblem(f"Not restored: the card refused to move the files ({error.strerror or error}); "
                             "the table's own saved games are where they were.") from None
    flush_folder(data_dir)
    shutil.rmtree(checked.staging, ignore_errors=True)
    return aside


def discard(checked: Checked) -> None:
    """A checked backup the family chose not to restore."""
    shutil.rmtree(checked.staging, ignore_errors=True)
