"""Updates from a USB stick, for a kiosk with no network, as appliances that families trust take them:
signed or refused, installed where the app cannot change them, and switched back from without losing a
game.

- `format`: the update file (a manifest, its signature, the program's wheel) and `make update`'s writer.
- `keys`: the public keys the kiosk trusts (root's, read-only) and the check of a signature; with no
  key every update is refused: there is no unsigned mode.
- `reading`: the file read as a stream, signature first, bounded before anything is trusted.
- `installing`: the checked program unpacked, compiled and renamed into `versions/<version>`.
- `service`: on the kiosk, the small service (its own user) that alone writes `versions/`, and the
  kiosk's way to ask it; elsewhere the app installs in its own process.
- `start`: which version a start runs, a pending one tried once, and the saved games copied before a
  new version first opens them and put back if it never started.

The threat model, in plain words, is in docs/reliability.md.
"""

from __future__ import annotations

import os
from pathlib import Path

from . import machine, service
from .format import APP, SUFFIX, VERSION_PATTERN, UpdateRefused, version_key
from .installing import install as install_from
from .keys import TrustedKeys
from .machine import UPDATES_ENV, running_version, updates_folder
from .reading import Checked, open_bundle
from .reading import check as check_file
from .start import SWITCHED_BACK_ENV, Start, State, choose_start, confirm_started, mark_pending, read_state

__all__ = ["APP", "SUFFIX", "SWITCHED_BACK_ENV", "UPDATES_ENV", "VERSION_PATTERN", "Checked", "Start", "State",
           "TrustedKeys", "UpdateRefused", "bundles_on", "machine", "check", "choose_start", "confirm_started", "install",
           "read_state", "running_version", "updates_folder", "version_key"]

def bundles_on(stick: Path) -> list[Path]:
    """The update files at the top of a stick, the newest version first (by the number in the name, which
    only orders them: the version installed is the one the signature covers)."""
    found = []
    try:
        with os.scandir(stick) as entries:
            for entry in entries:
                name = entry.name
                if name.startswith(".") or not name.lower().endswith(SUFFIX):
                    continue
                stem = name[: -len(SUFFIX)].removeprefix(f"{APP}-")
                key = version_key(stem) if VERSION_PATTERN.match(stem) else ()
                found.append((key, Path(entry.path)))
    except OSError:
        return []   # pulled out while it was read
    return [path for _, path in sorted(found, key=lambda pair: (pair[0], pair[1].name), reverse=True)]


def check(path: Path, running: str | None = None, keys: TrustedKeys | None = None) -> Checked:
    """The update at `path` checked in full (signature, version, program); UpdateRefused saying why."""
    return check_file(path, running or running_version(), keys or machine.KEYS)


def install(checked: Checked, folder: Path, keys: TrustedKeys | None = None, running: str | None = None) -> str:
    """Installs the update at `checked.path` (read and checked again from its first byte) and makes it the
    version the next start tries; the version installed. On the kiosk the update service installs it."""
    where = service.service_socket()
    if where is not None:
        version = service.ask_to_install(checked.path, where)
    else:
        with open_bundle(checked.path) as source:
            version = install_from(source, checked.path, folder, running or running_version(), keys or machine.KEYS).version
    mark_pending(folder, version)
    return version
