"""One running app per data directory. Two copies on one directory (the kiosk and someone starting
`companion` by hand) would both append to the same game and leave a log neither can resume, so the
second one is refused, told who holds the directory.

The lock is taken on the data directory itself, opened as a folder: nothing anyone can put in the
folder (a link, a pipe, a folder under the lock's old name) is ever opened for it, and deleting a file
cannot release it. Who holds it is written beside it, in `companion.lock`, only as a note for the
next copy's message; that note is replaced whole, never written through a link or truncated."""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path
from types import ModuleType

from .errors import CompanionError, StorageProblem
from .files import FileProblem, read_text, write_atomic

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # not POSIX: no lock is taken (the Pi and the supported PCs are POSIX)
    fcntl = None

LOCK_NAME = "companion.lock"
_NOTE_LIMIT = 400

log = logging.getLogger(__name__)

# Directories this process already holds: opening the app again in the same process (tests, a
# restart of the window) is the same instance, not a second one.
_held: dict[Path, int] = {}


class DataDirInUse(CompanionError, RuntimeError):
    """Another running copy of the app holds the data directory."""


def hold_data_dir(data_dir: Path | str) -> None:
    """Take the data directory for this process until it exits; the lock goes with the process, so
    a killed app never leaves it behind. A directory that cannot be made or opened is a
    StorageProblem saying why."""
    if fcntl is None:
        return
    try:
        path = Path(data_dir).resolve()
    except (OSError, RuntimeError):  # a link round in a circle
        path = Path(os.path.abspath(data_dir))
    if path in _held:
        return
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as error:
        raise StorageProblem(f"The data directory {path} cannot be used ({error.strerror or error}): check that "
                             "it is a folder this user may write, or give another with --data-dir") from None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        raise DataDirInUse(f"the data directory {path} is in use by {_holder(path)}; close that copy of the app "
                           "first, or give this one its own --data-dir") from None
    _held[path] = descriptor
    note = f"process {os.getpid()}, started {time.strftime('%Y-%m-%d %H:%M:%S')}"
    try:
        write_atomic(path / LOCK_NAME, note.encode(), what="lock note")
    except FileProblem as problem:
        # The lock holds without the note; only the next copy's message is vaguer.
        log.warning("who holds the data directory could not be noted: %s", problem)


def _holder(path: Path) -> str:
    try:
        note = read_text(path / LOCK_NAME, _NOTE_LIMIT, what="lock note", follow_links=False)
    except FileProblem:
        note = ""
    return " ".join(note.split()) or "another process"
