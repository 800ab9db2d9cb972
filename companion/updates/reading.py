"""Reading an update file as a stream, the signature first.

Nothing of an update is trusted, held or unpacked before its signature is checked: the reader takes at
most a few kilobytes (the manifest and its signature) until the signature is good, then exactly the
wheel the signed manifest names, at the size it gives, hashing it on the way. So a forged file costs
the kiosk a few kilobytes and one call of gpgv, whatever it claims inside: no sparse member, huge
header, zip bomb or false size gets further. The same reader serves the offer on the screen (the wheel
is hashed and dropped) and the install (the wheel is copied where it is unpacked), each from the start
of the file, so what is installed is what was checked then, not what was on the stick a minute before.
"""

from __future__ import annotations

import hashlib
import json
import tarfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, BinaryIO, Callable

from ..files import FileProblem, open_regular
from .format import (
    APP,
    BUNDLE_LIMIT,
    FORMAT,
    MANIFEST,
    MANIFEST_LIMIT,
    SIGNATURE,
    SIGNATURE_LIMIT,
    VERSION_PATTERN,
    UpdateRefused,
    version_key,
    wheel_name,
)
from .keys import TrustedKeys

# Before the signature is checked, the reader takes no more than this: the two small members and their
# tar headers fit in it many times over.
BEFORE_SIGNATURE = 4 * 512 + MANIFEST_LIMIT + SIGNATURE_LIMIT
# After the wheel: its padding, the end-of-archive blocks and the tar writer's last record.
TRAILER = 32 * 1024
CHUNK = 256 * 1024


@dataclass(frozen=True)
class Checked:
    """An update file whose signature, version and program checksum passed."""

    path: Path
    version: str
    signed_by: str   # the fingerprint of the trusted key that signed it


class _Bounded:
    """A stream that gives at most `limit` bytes; asked for more, it refuses the update."""

    def __init__(self, source: BinaryIO, limit: int, name: str) -> None:
        self.source, self.limit, self.name, self.taken = source, limit, name, 0

    def read(self, size: int = -1) -> bytes:
        allowed = self.limit - self.taken
        if size < 0 or size > allowed:
            if allowed <= 0:
                raise UpdateRefused(f"{self.name} is not a table companion update (it holds more than its "
                                    "signed contents)")
            size = allowed
        data = self.source.read(size)
        self.taken += len(data)
        return data


def check(path: Path, running: str, keys: TrustedKeys) -> Checked:
    """The update at `path`, checked in full against the running version and the trusted keys;
    UpdateRefused saying why otherwise. Nothing is kept of it but the answer."""
    with open_bundle(path) as source:
        return read(source, path, running, keys, sink=None)


def open_bundle(path: Path) -> BinaryIO:
    try:
        return open_regular(path, BUNDLE_LIMIT, what="update file", follow_links=False)
    except FileProblem as problem:
        raise UpdateRefused(str(problem).replace(str(path), path.name)) from None


def read(source: BinaryIO, path: Path, running: str, keys: TrustedKeys, sink: IO[bytes] | None) -> Checked:
    """Reads the update from `source`: its manifest and signature, checked with `keys`, then its wheel,
    written to `sink` (when given) as it is hashed. Refuses a version not newer than `running`."""
    name = path.name
    stream = _Bounded(source, BEFORE_SIGNATURE, name)
    try:
        with tarfile.open(fileobj=stream, mode="r|") as archive:  # type: ignore[call-overload]
            manifest_bytes = _small_member(archive, name, MANIFEST, MANIFEST_LIMIT)
            signature = _small_member(archive, name, SIGNATURE, SIGNATURE_LIMIT)
            signed_by = keys.verify(manifest_bytes, signature, name)
            manifest = _manifest(name, manifest_bytes)
            version = manifest["version"]
            if version_key(version) <= version_key(running):
                raise UpdateRefused(f"{name} holds version {version}, and this table companion already has version "
                                    f"{running}: there is nothing to update")
            stream.limit = stream.taken + 512 + manifest["size"] + TRAILER
            digest = _wheel(archive, name, manifest, sink)
            if archive.next() is not None:
                raise UpdateRefused(f"{name} is not a table companion update (it holds more than its program)")
    except (tarfile.TarError, EOFError, OSError):
        raise UpdateRefused(f"{name} is cut short or damaged (it is not a whole update file). "
                            "Copy the update onto the stick again") from None
    if digest != manifest["sha256"]:
        raise UpdateRefused(f"{name} is damaged or was changed: its program does not match its checksum. "
                            "Copy the update onto the stick again")
    return Checked(path, version, signed_by)


def _next_file(archive: tarfile.TarFile, name: str, what: str) -> tarfile.TarInfo:
    member = archive.next()
    if member is None:
        raise UpdateRefused(f"{name} is cut short or damaged: the {what} is missing from it. "
                            "Copy the update onto the stick again")
    # Only plain files: a sparse member claims more than it holds, a link or device is no part of an update.
    if member.type not in (tarfile.REGTYPE, tarfile.AREGTYPE) or member.issparse():
        raise UpdateRefused(f"{name} is not a table companion update (it holds {member.name[:40]!r}, "
                            "which is not a plain file)")
    return member


def _small_member(archive: tarfile.TarFile, name: str, expected: str, limit: int) -> bytes:
    member = _next_file(archive, name, expected)
    if member.name.removeprefix("./") != expected:
        if expected == SIGNATURE:
            raise UpdateRefused(f"{name} is not signed, and this table companion takes signed updates only. "
                                "Ask for the signed update file")
        raise UpdateRefused(f"{name} is not a table companion update (it has no {MANIFEST})")
    if member.size > limit:
        raise UpdateRefused(f"{name} is not a table companion update (its {expected} is far too big)")
    extracted = archive.extractfile(member)
    data = extracted.read() if extracted is not None else b""
    if len(data) != member.size:
        raise EOFError
    return data


def _manifest(name: str, text: bytes) -> dict[str, Any]:
    try:
        manifest = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise UpdateRefused(f"{name} is damaged: its {MANIFEST} cannot be read") from None
    if not isinstance(manifest, dict) or manifest.get("app") != APP:
        app = manifest.get("app") if isinstance(manifest, dict) else None
        raise UpdateRefused(f"{name} is an update for another program ({str(app)[:40]!r}), not the table companion")
    if manifest.get("format") != FORMAT:
        raise UpdateRefused(f"{name} is in an update format this version cannot read "
                            f"({str(manifest.get('format'))[:20]!r}); install the update in between first")
    version = manifest.get("version")
    if not isinstance(version, str) or not VERSION_PATTERN.match(version):
        raise UpdateRefused(f"{name} is damaged: its version {str(version)[:20]!r} is not a version number")
    if manifest.get("wheel") != wheel_name(version):
        raise UpdateRefused(f"{name} is not a table companion update for this kind of machine "
                            f"(it carries {str(manifest.get('wheel'))[:60]!r})")
    size, digest = manifest.get("size"), manifest.get("sha256")
    if not isinstance(size, int) or isinstance(size, bool) or not isinstance(digest, str):
        raise UpdateRefused(f"{name} is damaged: its {MANIFEST} has no checksum")
    if not 0 < size <= BUNDLE_LIMIT:
        raise UpdateRefused(f"{name} is not a table companion update (its program would be {size:,} bytes)")
    return manifest


def _wheel(archive: tarfile.TarFile, name: str, manifest: dict[str, Any], sink: IO[bytes] | None) -> str:
    member = archive.next()
    if member is None or member.name.removeprefix("./") != manifest["wheel"]:
        raise UpdateRefused(f"{name} is cut short or damaged: the program {manifest['wheel']} is missing from it. "
                            "Copy the update onto the stick again")
    if member.type not in (tarfile.REGTYPE, tarfile.AREGTYPE) or member.issparse() or member.size != manifest["size"]:
        raise UpdateRefused(f"{name} is damaged or was changed: its program does not match its checksum. "
                            "Copy the update onto the stick again")
    extracted = archive.extractfile(member)
    if extracted is None:
        raise EOFError
    digest = hashlib.sha256()
    write: Callable[[bytes], Any] = sink.write if sink is not None else (lambda _chunk: None)
    left = member.size
    while left:
        chunk = extracted.read(min(CHUNK, left))
        if not chunk:
            raise EOFError
        digest.update(chunk)
        write(chunk)
        left -= len(chunk)
    return digest.hexdigest()
