"""Exporting games and evenings to a USB stick (or, with none plugged in, the data directory), and
importing the game logs and evenings found on a stick.

A stick is a drive the desktop mounted for the user: Raspberry Pi OS (udisks2) puts it under
/media/<user>/<LABEL>, other systems under /run/media/<user>/<LABEL>. It is found in the mount table
(/proc/mounts) by where it is mounted and by a file system a stick carries, so the SD card's own
partitions are never taken for one.

Each export is a JSON file (the document `companion import-game` or `import-evening` reads), a CSV
file with one row per player per hand, and, when it holds a finished game, a `.bgstats.json` file of
the finished games as plays for the BG Stats app (companion/bgstats.py) with a `.bgstats.html` page of
their links and QR codes (companion/play_codes.py), named for what it holds and the day it was
played. Both JSON files carry a manifest (companion/manifest.py). A file is never overwritten (a
second export of the same evening is `evening-2026-11-22-2.json`), and each one is written under a
temporary name and renamed only once all are complete, so a full or pulled stick never
holds half an export.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from .bgstats import plays_document
from .errors import BadDocument, CompanionError, StorageProblem
from .evenings import Evening, evening_csv, evening_document, game_alone, import_evening
from .files import FileProblem, create_flushed, flush_folder, remove_quietly
from .game_lines import evenings
from .gamelog import clock_note, dated, export_saved, import_document, is_evening_document, played_from_document, read_document
from .ledger import read_games
from .manifest import EVENING, GAME, stamped, why_not_here
from .play_codes import play_codes, plays_page
from .progress import Cancelled, Task
from .registry import game_entry
from .session import collector_paused

if TYPE_CHECKING:
    from .session import Session
    from .store import Store

# Read when a stick is looked for, not when this module is imported, so a test can point them elsewhere.
ROOTS: tuple[Path, ...] = (Path("/media"), Path("/run/media"))
MOUNTS = Path("/proc/mounts")
# Set by the kiosk's unit: the file whose creation asks the system to unmount the sticks, which the
# kiosk's sandboxed user may not do itself (deploy/eject-sticks.in). Unset on a PC, whose desktop
# offers its own "eject".
RELEASE_ENV = "TABLE_COMPANION_EJECT"
RELEASE_WAIT_S = 30.0
STICK_FILESYSTEMS = frozenset({"vfat", "exfat", "ntfs", "ntfs3", "fuseblk", "ext2", "ext3", "ext4"})
EXPORTS_FOLDER = "exports"
LISTED = 40
BGSTATS_SUFFIX = ".bgstats.json"
BGSTATS_PAGE_SUFFIX = ".bgstats.html"


@dataclass(frozen=True)
class Stick:
    """A mounted removable drive. `read_only` when it is mounted so or this user may not write it."""

    path: Path
    read_only: bool

    @property
    def label(self) -> str:
        return self.path.name


def sticks(roots: Sequence[Path] | None = None, mounts: Path | None = None) -> list[Stick]:
    """The mounted sticks under `roots` (default `ROOTS`), in the order of their mount points."""
    roots = ROOTS if roots is None else roots
    try:
        table = (MOUNTS if mounts is None else mounts).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []   # no mount table (not Linux): no stick can be found, and the data directory is used
    rows = [fields for fields in (line.split() for line in table.splitlines()) if len(fields) >= 4]
    # What the system itself runs from is never a stick: the kiosk's service sees its writable
    # /media/<user> as a bind mount of the SD card's own folder, listed under the root's device.
    system_devices = {fields[0] for fields in rows if fields[1] == "/"}
    found = []
    for fields in rows:
        if fields[2] not in STICK_FILESYSTEMS or fields[0] in system_devices:
            continue
        where = Path(_unescape(fields[1]))
        if not any(where != root and where.is_relative_to(root) for root in roots) or not where.is_dir():
            continue
        read_only = "ro" in fields[3].split(",") or not os.access(where, os.W_OK)
        found.append(Stick(where, read_only))
    return sorted(found, key=lambda stick: str(stick.path))


def _unescape(field: str) -> str:
    """The mount table writes a space in a stick's label as \\040 (and a tab, newline, backslash so)."""
    return re.sub(r"\\([0-7]{3})", lambda match: chr(int(match.group(1), 8)), field)


def can_release() -> bool:
    return bool(os.environ.get(RELEASE_ENV))


def release(stick: Stick, mounts: Path | None = None, wait_s: float | None = None) -> bool:
    """Ask the system to unmount the sticks, and wait until `stick` has left the mount table: then
    everything written is on it and it can be pulled out. False if it is still mounted after
    `wait_s` (busy, or no one answered the request)."""
    request = os.environ.get(RELEASE_ENV)
    if not request:
        return False
    try:
        Path(request).touch()
    except OSError:
        return False
    deadline = time.monotonic() + (RELEASE_WAIT_S if wait_s is None else wait_s)
    while True:
        if all(found.path != stick.path for found in sticks([stick.path.parent], mounts)):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.25)


# ----- exporting ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Exported:
    """Where an export went: `stick` is None when it went to the data directory, and then `problem`
    says why a stick that was found could not take it."""

    files: tuple[Path, ...]
    stick: Stick | None = None
    problem: str | None = None

    @property
    def folder(self) -> Path:
        return self.files[0].parent

    @property
    def names(self) -> str:
        """`evening-2026-11-22.json, .csv and .bgstats.json`"""
        first, *rest = self.files
        named = [first.name] + [path.name[len(first.stem):] for path in rest]
        return ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]

    @property
    def message(self) -> str:
        if self.stick is not None:
            return f"Saved to the USB stick {self.stick.label}: {self.names}"
        if self.problem is None:
            return f"No USB stick found: saved {self.names} in {self.folder}"
        return f"{self.problem}: saved {self.names} in {self.folder} instead."


def export_evening(store: Store, data_dir: Path, evening: Evening, number: int,
                   roots: Sequence[Path] | None = None, mounts: Path | None = None) -> Exported:
    """The evening as JSON (every game, with when it was played) and CSV, on a stick if there is one."""
    return export(data_dir, f"evening-{_day(evening.started_at)}", evening_files(store, evening, number), roots, mounts)


def export_game(store: Store, data_dir: Path, session_id: int,
                roots: Sequence[Path] | None = None, mounts: Path | None = None) -> Exported:
    """One saved game as its game log and its rows of its evening's CSV, on a stick if there is one."""
    number, alone = game_alone(evenings(store), session_id)
    game = alone.games[0]
    return export(data_dir, f"{slug(game.title)}-{_day(game.started_at)}", game_files(store, number, alone), roots,
                  mounts)


def evening_files(store: Store, evening: Evening, number: int) -> list[tuple[str, str]]:
    """(suffix, text) of each file of an evening's export."""
    document = stamped(evening_document(store, evening), EVENING, len(evening.games))
    return _with_plays(store, evening, [(".json", _json(document)), (".csv", evening_csv(number, evening))])


def game_files(store: Store, number: int, alone: Evening) -> list[tuple[str, str]]:
    """(suffix, text) of each file of one game's export; `alone` is the game as an evening of its own,
    `number` the number of the evening it was played in."""
    document = stamped(export_saved(store, alone.games[0].session_id), GAME, 1)
    return _with_plays(store, alone, [(".json", _json(document)), (".csv", evening_csv(number, alone))])


def _with_plays(store: Store, evening: Evening, contents: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """`contents` and, with a finished game, its plays for BG Stats: the file, and a page of their links
    and codes to open on the phone that has BG Stats (or on a PC, to scan)."""
    games = read_games(store, evening.finished_games)
    plays = plays_document(games)
    if plays is None:
        return contents
    page = plays_page(play_codes(games), f"Plays for BG Stats: the evening of {_day(evening.started_at)}")
    return contents + [(BGSTATS_SUFFIX, _json(plays)), (BGSTATS_PAGE_SUFFIX, page)]


def export(data_dir: Path, stem: str, contents: Sequence[tuple[str, str]],
           roots: Sequence[Path] | None = None, mounts: Path | None = None) -> Exported:
    """Write `contents` (suffix, text) as new files named `stem` plus each suffix: on the first writable
    stick, else in the data directory's exports folder. A stick that is read-only or fills up is left
    as it was, the files go to the data directory, and `problem` says what was wrong with the stick."""
    found = sticks(roots, mounts)
    problem = None
    writable = [stick for stick in found if not stick.read_only]
    if writable:
        try:
            return Exported(write_new(writable[0].path, stem, contents), writable[0])
        except OSError as error:
            problem = f"The USB stick {writable[0].label} {_why(error)}, so nothing was left on it"
    elif found:
        problem = f"The USB stick {found[0].label} is read-only (is the lock switch on its side on?)"
    folder = Path(data_dir) / EXPORTS_FOLDER
    try:
        return Exported(write_new(folder, stem, contents), None, problem)
    except OSError as error:
        stick_too = f"{problem}, and " if problem else ""
        raise StorageProblem(f"Not exported: {stick_too}the folder {folder} {_why(error)}. Nothing was written; "
                             "free some space or plug in a USB stick, then export again.") from None


def write_new(folder: Path, stem: str, contents: Sequence[tuple[str, str]]) -> tuple[Path, ...]:
    """Each text as a new file `stem + suffix` in `folder` (`stem-2`, `-3` when taken), all or none:
    each is written and flushed to the drive under a temporary name, and renamed once all are."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = _free_stem(folder, stem, [suffix for suffix, _ in contents])
    temporary = [folder / f".{stem}{suffix}.partial" for suffix, _ in contents]
    final = [folder / f"{stem}{suffix}" for suffix, _ in contents]
    renamed: list[Path] = []
    try:
        for path, (_, text) in zip(temporary, contents):
            create_flushed(path, text.encode("utf-8"), mode=0o644)
        for source, target in zip(temporary, final):
            os.rename(source, target)
            renamed.append(target)
        flush_folder(folder)
    except OSError:
        for path in temporary + renamed:
            remove_quietly(path)
        raise
    return tuple(final)


def _free_stem(folder: Path, stem: str, suffixes: Sequence[str]) -> str:
    """`stem`, or `stem-2`, `-3`...: the first with none of its files there, nor a temporary one left by
    an export cut short (the stick pulled out mid-write)."""
    candidate, number = stem, 1
    while any((folder / name).exists() for suffix in suffixes
              for name in (f"{candidate}{suffix}", f".{candidate}{suffix}.partial")):
        number += 1
        candidate = f"{stem}-{number}"
    return candidate


def _why(error: OSError) -> str:
    if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return "is full"
    if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return "is read-only"
    return f"could not be written ({error.strerror or error})"


def slug(title: str) -> str:
    """A file name's words from a title: `That's Ruff!` is `thats-ruff`."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower().replace("'", "")).strip("-") or "game"


def _day(moment: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(moment))


def _json(document: Any) -> str:
    return json.dumps(document, indent=2) + "\n"


# ----- importing ----------------------------------------------------------------------------------

def stick_entries(stick: Stick) -> list[Path]:
    """The .json names at the top of the stick, where exports are written, newest first: listed
    without opening any, so a stick of large or strange files lists at once. Folders, pipes and
    links are listed too, and `describe` says why they cannot be read."""
    dated = []
    try:
        with os.scandir(stick.path) as entries:
            for entry in entries:
                if not entry.name.lower().endswith(".json") or entry.name.startswith("."):
                    continue
                try:
                    changed = entry.stat(follow_symlinks=False).st_mtime
                except OSError:
                    changed = 0.0   # gone since it was listed: describing it will say so
                dated.append((changed, Path(entry.path)))
    except OSError:
        return []   # the stick was pulled out while it was read
    return [path for _, path in sorted(dated, key=lambda pair: (-pair[0], pair[1].name))][:LISTED]


def describe(path: Path, task: Task | None = None) -> str:
    """What a file holds, for the family to choose by: `Nut, Sat 21 Nov 2026: Ann, Ben`, `An evening
    of Sat 21 Nov 2026: 3 games`, or why it is no game log. Read as an import reads it (the same
    limit, no link followed off the stick), so what the list says is what a tap will find."""
    try:
        with collector_paused():   # see import_file
            document = read_document(path, task, within=path.parent)
            try:
                return _words_for(document)
            finally:
                _let_go(document)
    except Cancelled:
        raise
    except FileProblem as problem:
        return str(problem).replace(str(path), path.name)
    except CompanionError:
        return "not a game log (it cannot be read)"


def _words_for(document: Any) -> str:
    refused = why_not_here(document)
    if refused is not None:
        return refused
    said = _what_it_holds(document)
    evening = is_evening_document(document)
    note = clock_note(_starts(document["games"] if evening else [document]))
    return f"{said}. {note}" if note and not said.startswith("not ") else said


def _starts(games: Any) -> list[float]:
    """When the games of a file say they started, where that is a number (the import checks the rest)."""
    found = []
    for game in games if isinstance(games, list) else []:
        played = game.get("played") if isinstance(game, dict) else None
        started = played.get("started_at") if isinstance(played, dict) else None
        if isinstance(started, (int, float)) and not isinstance(started, bool) and math.isfinite(started):
            found.append(float(started))
    return found


def _what_it_holds(document: Any) -> str:
    if is_evening_document(document):
        games = document["games"]
        header = document["evening"]
        count = len(games) if isinstance(games, list) else 0
        started = header.get("started_at") if isinstance(header, dict) else None
        day = f" of {dated(started)}" if isinstance(started, (int, float)) else ""
        return f"An evening{day}: {count:,} game{'s' if count != 1 else ''}"
    if isinstance(document, dict) and isinstance(document.get("game"), str):
        try:
            title = game_entry(document["game"]).title
        except CompanionError:
            return f"not a game this app plays ({document['game'][:30]!r})"
        players = document.get("players")
        names = ", ".join(_name(player) for player in players[:6]) if isinstance(players, list) else ""
        played = document.get("played")
        started = played.get("started_at") if isinstance(played, dict) else None
        day = f", {dated(started)}" if isinstance(started, (int, float)) else ""
        return f"{title}{day}: {names}"
    return "not a game log"


def _name(player: Any) -> str:
    name = player.get("name") if isinstance(player, dict) else player
    return str(name)[:40]


@dataclass(frozen=True)
class Imported:
    """What an import saved: the saved games' numbers and a sentence saying what they are."""

    session_ids: tuple[int, ...]
    message: str


def import_file(store: Store, path: Path, task: Task | None = None) -> Imported:
    """Import a game log or an evening, checked in full first. A refused file is a CompanionError
    naming the file and what was wrong (the game and the action), and nothing is saved. A link is
    followed only to a file in the same folder (on the same stick). `task` hears how far the import
    got; once it is cancelled, nothing is saved.

    Python's cycle collector is held off meanwhile: it would walk the file's million objects again
    and again, stopping every thread (the screen's too) for a tenth of a second each time. They need
    no collector, and are freed as soon as the import returns, before the collector is back."""
    try:
        with collector_paused():
            return _imported(store, path, task)
    except BadDocument as problem:
        text = str(problem)
        if not text.startswith(str(path)):
            text = f"{path.name}: {text}"
        if "nothing was imported" not in text:
            text += "; nothing was imported"
        raise BadDocument(text) from None


def _imported(store: Store, path: Path, task: Task | None) -> Imported:
    document = read_document(path, task, within=path.parent)
    try:
        if is_evening_document(document):
            evening = import_evening(store, document, task)
            imported = Imported(tuple(_number(session) for session in evening.sessions), evening.text)
            while evening.sessions:
                evening.sessions.pop()   # one game's moves and states at a time: see _let_go
            return imported
        session = import_document(store, document, task)
        played = played_from_document(document)
    finally:
        _let_go(document)
    names = ", ".join(player.name for player in session.players)
    if session.is_over:
        winners = [session.players[seat].name for seat in session.outcome.winners]
        state = f"won by {' and '.join(winners)}" if winners else "finished"
    else:
        state = "ready to resume"
    note = clock_note([played.started_at] if played is not None else [])
    return Imported((_number(session),), f"Imported {session.game.title} ({names}) as game {session.id}: {state}."
                                         + (f" {note}" if note else ""))


def _let_go(document: Any) -> None:
    """The document freed a part at a time. Freed in one go, the million objects of a large file
    would hold every thread, the screen's too, for most of a tenth of a second."""
    parts = [document] if isinstance(document, (list, dict)) else []
    while parts:
        whole = parts.pop()
        while whole:
            part = whole.pop() if isinstance(whole, list) else whole.popitem()[1]
            if isinstance(part, (list, dict)):
                parts.append(part)


def _number(session: Session) -> int:
    if session.id is None:
        raise StorageProblem("Not saved: the storage gave the imported game no number. Try again.")
    return session.id
