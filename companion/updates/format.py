"""The update file's format: what `make update` writes and every check reads.

An update is one file at the top of a stick, `table-companion-<version>.tcupdate`: a tar holding, in
this order, `manifest.json` (the program, the version, the wheel's name, size and SHA-256),
`manifest.json.sig` (an OpenPGP signature of the manifest by the maker's key) and the program's wheel.
The signature comes before the wheel so that a reader checks it having read a few kilobytes, before
it reads, holds or unpacks anything of the program; the manifest it covers pins the version and the
wheel's checksum, so an update cannot claim more than its signature says.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import tarfile

from ..errors import CompanionError

APP = "table-companion"
WHEEL_PREFIX = "table_companion-"
PROGRAM_FILE = "table_companion.py"  # the program's entry, which every version unpacked must carry
SUFFIX = ".tcupdate"
MANIFEST = "manifest.json"
SIGNATURE = "manifest.json.sig"
FORMAT = 1
# A bundle holds the program only (about 1 MB), never its libraries: far below these.
BUNDLE_LIMIT = 64 * 1024 * 1024
MANIFEST_LIMIT = 64 * 1024
SIGNATURE_LIMIT = 16 * 1024
VERSION_PATTERN = re.compile(r"^(0|[1-9][0-9]{0,3})(\.(0|[1-9][0-9]{0,3})){1,3}$")


class UpdateRefused(CompanionError):
    """An update file that cannot be installed; the message says why, in the family's words."""


def version_key(version: str) -> tuple[int, ...]:
    """`0.10.1` after `0.9.2`: versions compare by their numbers."""
    if not VERSION_PATTERN.match(version):
        raise UpdateRefused(f"{version[:20]!r} is not a version number")
    return tuple(int(part) for part in version.split("."))


def wheel_name(version: str) -> str:
    return f"{WHEEL_PREFIX}{version}-py3-none-any.whl"


def manifest_for(version: str, wheel: bytes) -> bytes:
    """The manifest of an update (the part a signature covers)."""
    return (json.dumps({"format": FORMAT, "app": APP, "version": version, "wheel": wheel_name(version),
                        "size": len(wheel), "sha256": hashlib.sha256(wheel).hexdigest()}, indent=2) + "\n").encode()


def bundle(version: str, wheel: bytes, signature: bytes, manifest: bytes | None = None) -> bytes:
    """The update file for `wheel` (this program at `version`) with the signature of its manifest:
    what `make update` writes."""
    output = io.BytesIO()
    with tarfile.open(fileobj=output, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        files = [(MANIFEST, manifest if manifest is not None else manifest_for(version, wheel)),
                 (SIGNATURE, signature), (wheel_name(version), wheel)]
        for name, data in files:
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o644
            archive.addfile(info, io.BytesIO(data))
    return output.getvalue()
