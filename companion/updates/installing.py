"""Installing a checked update beside the running version, where only the installer of updates writes.

On the kiosk this runs in its own small service (`companion.updates.service`), as a user of its own
that owns the versions folder; the kiosk's user can read and run what is there but change none of it,
so what runs is what was verified. The wheel is read again from the start of the update file, through
the same signature-first reader as the offer, into a folder of its own; it is unpacked there with
bounds on every entry, compiled, and renamed into place only when whole. A folder left half-made by a
power cut is removed at the next install, and at every boot (`tidy`).
"""

from __future__ import annotations

import compileall
import logging
import os
import shutil
import stat
import tempfile
import zipfile
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from ..files import flush_folder
from .format import APP, PROGRAM_FILE, WHEEL_PREFIX, UpdateRefused, version_key
from .keys import TrustedKeys
from .reading import Checked, read

log = logging.getLogger(__name__)

VERSIONS = "versions"
PARTIAL_PREFIX = ".partial-"
UNPACKED_LIMIT = 256 * 1024 * 1024
ENTRY_LIMIT = 20_000
# A zip entry may shrink text by a factor of about ten; a thousand is a bomb, not a program.
RATIO_LIMIT = 200
# Versions kept: the one just installed and the two before it, so that a switch back has somewhere to go.
KEEP = 3


def versions_folder(folder: Path) -> Path:
    return folder / VERSIONS


def install(source: BinaryIO, path: Path, folder: Path, running: str, keys: TrustedKeys) -> Checked:
    """Reads the update from `source` (checked in full as it is read) and unpacks it in
    `folder/versions/<version>`; UpdateRefused saying why otherwise, with nothing left behind."""
    versions = versions_folder(folder)
    versions.mkdir(mode=0o755, parents=True, exist_ok=True)
    tidy(folder)
    partial = Path(tempfile.mkdtemp(prefix=PARTIAL_PREFIX, dir=versions))
    try:
        wheel = partial / "program.whl"
        with open(wheel, "xb") as sink:
            checked = read(source, path, running, keys, sink)
            sink.flush()
        tree = partial / checked.version
        _unpack(path.name, wheel, tree, checked.version)
        wheel.unlink()
        _compile(tree)
        _flush_tree(tree)
        target = versions / checked.version
        if target.exists():
            # The same version installed again (after it failed to start, say): the new copy replaces it.
            os.rename(target, partial / "replaced")
        os.rename(tree, target)
        flush_folder(versions)
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    _forget_old(folder, keep={checked.version, running})
    log.warning("version %s installed from %s (signed by %s)", checked.version, path.name, checked.signed_by)
    return checked


def tidy(folder: Path) -> None:
    """Removes what an install cut short left in the versions folder."""
    versions = versions_folder(folder)
    try:
        entries = list(os.scandir(versions))
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(PARTIAL_PREFIX):
            log.warning("removing %s, left by an install that did not finish", entry.name)
            shutil.rmtree(entry.path, ignore_errors=True)


def installed_versions(folder: Path) -> list[str]:
    """The whole versions in the versions folder, the newest first."""
    try:
        names = [entry.name for entry in os.scandir(versions_folder(folder)) if entry.is_dir(follow_symlinks=False)]
    except OSError:
        return []
    whole = [name for name in names if not name.startswith(".") and _is_version(name)]
    return sorted(whole, key=version_key, reverse=True)


def _is_version(name: str) -> bool:
    try:
        version_key(name)
    except UpdateRefused:
        return False
    return True


def _forget_old(folder: Path, keep: set[str]) -> None:
    for number, version in enumerate(installed_versions(folder)):
        if number >= KEEP and version not in keep:
            shutil.rmtree(versions_folder(folder) / version, ignore_errors=True)


def _unpack(name: str, wheel: Path, tree: Path, version: str) -> None:
    """The wheel unpacked into `tree`, every entry bounded and checked; UpdateRefused otherwise."""
    laid_out_wrongly = UpdateRefused(f"{name} is not a table companion update (its program is laid out wrongly)")
    try:
        with zipfile.ZipFile(wheel) as archive:
            entries = archive.infolist()
            names = {entry.filename for entry in entries}
            if len(entries) > ENTRY_LIMIT or PROGRAM_FILE not in names:
                raise laid_out_wrongly
            if sum(entry.file_size for entry in entries) > UNPACKED_LIMIT:
                raise laid_out_wrongly
            for entry in entries:
                mode = entry.external_attr >> 16
                if _leaves(entry.filename) or stat.S_ISLNK(mode) or (
                        entry.file_size > 1024 * 1024 and entry.file_size > RATIO_LIMIT * max(entry.compress_size, 1)):
                    raise laid_out_wrongly
            metadata_name = f"{WHEEL_PREFIX}{version}.dist-info/METADATA"
            metadata = archive.read(metadata_name).decode("utf-8", "replace") if metadata_name in names else ""
            if f"\nName: {APP}\n" not in metadata or f"\nVersion: {version}\n" not in metadata:
                raise UpdateRefused(f"{name} is not a table companion update (its program is another one)")
            tree.mkdir(mode=0o755)
            for entry in entries:
                _extract(archive, entry, tree)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, KeyError, EOFError, ValueError):
        raise UpdateRefused(f"{name} is damaged: its program cannot be unpacked") from None


def _extract(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, tree: Path) -> None:
    """One entry written as a plain file (or folder) readable by all and writable by this user alone,
    never more bytes than it declares (zipfile checks the size and the CRC as it reads)."""
    target = tree.joinpath(*PurePosixPath(entry.filename).parts)
    if entry.is_dir():
        target.mkdir(mode=0o755, parents=True, exist_ok=True)
        return
    target.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
    with archive.open(entry) as unpacked, open(target, "xb") as written:
        shutil.copyfileobj(unpacked, written, 256 * 1024)
    os.chmod(target, 0o644)


def _leaves(entry: str) -> bool:
    path = PurePosixPath(entry)
    return path.is_absolute() or ".." in path.parts or "\\" in entry or not entry.strip("/")


def _compile(tree: Path) -> None:
    """Every module compiled now, as the user who owns the folder: the kiosk's user can write nothing
    there, so without this Python would compile the whole program again at every start."""
    if not compileall.compile_dir(str(tree), quiet=2, workers=1):
        log.warning("some modules of %s did not compile; they compile as they are imported", tree.name)
    for folder, subfolders, files in os.walk(tree):
        for entry in subfolders:
            os.chmod(os.path.join(folder, entry), 0o755)
        for entry in files:
            os.chmod(os.path.join(folder, entry), 0o644)


def _flush_tree(root: Path) -> None:
    for path in sorted(root.rglob("*")):
        if path.is_file():
            with open(path, "rb") as unpacked:
                os.fsync(unpacked.fileno())
    flush_folder(root)
