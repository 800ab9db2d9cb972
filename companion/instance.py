"""One running app per data directory. Two copies on one directory (the kiosk and someone starting
`companion` by hand) would both append to the same game and leave a log neither can resume, so the
second one is refused, told who holds the directory."""

from __future__ import annotations

import os
import time
from pathlib import Path
from types import ModuleType

from .errors import CompanionError

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # not POSIX: no lock is taken (the Pi and the supported PCs are POSIX)
    fcntl = None

LOCK_NAME = "companion.lock"

# Directories this process already holds: opening the app again in the same process (tests, a
# restart of the window) is the same instance, not a second one.
_held: dict[Path, int] = {}


class DataDirInUse(CompanionError, RuntimeError):
    """Another running copy of the app holds the data directory."""


def hold_data_dir(data_dir: Path | str) -> None:
    """Take the data directory for this process until it exits; the lock goes with the process, so
    a killed app never leaves it behind."""
    if fcntl is None:
        return
    path = Path(data_dir).resolve()
    if path in _held:
        return
    path.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(descriptor, 200).decode("utf-8", "replace").strip() or "another process"
        os.close(descriptor)
        raise DataDirInUse(f"the data directory {path} is in use by {holder}; close that copy of the app "
                           "first, or give this one its own --data-dir") from None
    os.ftruncate(descriptor, 0)
    os.write(descriptor, f"process {os.getpid()}, started {time.strftime('%Y-%m-%d %H:%M:%S')}".encode())
    _held[path] = descriptor
