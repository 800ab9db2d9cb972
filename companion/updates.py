"""Updates from a USB stick, for a kiosk with no network.

An update is one file at the top of a stick, `table-companion-<version>.tcupdate`: a tar holding
`manifest.json` (the program, the version, the wheel's name, size and SHA-256), the program's wheel,
and, where the maker signs updates, `manifest.json.sig` (an OpenPGP signature of the manifest, so
of the wheel's checksum too). Everything is checked before anything is written: a cut-short, altered,
older, unsigned (where a key is configured) or foreign file is refused with the reason, and nothing
changes.

A checked update is unpacked beside the running version, in `versions/<version>` of the updates
folder (never in the data directory: the saved games are not touched), and marked *pending*. The
kiosk's start (`companion.launch`) runs a pending version once; the app, once its first screen is
drawn, confirms it, and from then on it is the version started. A pending version that never
confirmed (it crashed, or the power went before it drew) is dropped at the next start, and the
version before it starts again: a failed start switches back by itself.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
import zipfile
from dataclasses import asdict, dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any

from .errors import CompanionError
from .files import FileProblem, read_regular, write_atomic

log = logging.getLogger(__name__)

APP = "table-companion"
WHEEL_PREFIX = "table_companion-"
PROGRAM_FILE = "table_companion.py"  # the program's entry, which every version unpacked must carry
SUFFIX = ".tcupdate"
MANIFEST = "manifest.json"
SIGNATURE = "manifest.json.sig"
FORMAT = 1
# A bundle holds the program only (about 1 MB), never its libraries: far below this.
BUNDLE_LIMIT = 64 * 1024 * 1024
UNPACKED_LIMIT = 256 * 1024 * 1024
# Set by the kiosk's unit: where versions are unpacked and which is started. Unset (a PC), the app
# offers no updates; it is updated as it was installed.
UPDATES_ENV = "TABLE_COMPANION_UPDATES"
# Where the kiosk keeps the public keys it takes updates signed with; no file, no signature needed.
KEYRING = Path("/etc/table-companion/update-keys.gpg")
STATE = "state.json"
VERSIONS = "versions"
VERSION_PATTERN = re.compile(r"^(0|[1-9][0-9]{0,3})(\.(0|[1-9][0-9]{0,3})){1,3}$")


class UpdateRefused(CompanionError):
    """An update file that cannot be installed; the message says why, in the family's words."""


def version_key(version: str) -> tuple[int, ...]:
    """`0.10.1` after `0.9.2`: versions compare by their numbers."""
    if not VERSION_PATTERN.match(version):
        raise UpdateRefused(f"{version[:20]!r} is not a version number")
    return tuple(int(part) for part in version.split("."))


def running_version() -> str:
    """The version of the code running now: an unpacked update carries its own metadata, found first."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(APP)
    except PackageNotFoundError:
        from . import __version__

        return __version__


def updates_folder() -> Path | None:
    configured = os.environ.get(UPDATES_ENV)
    return Path(configured) if configured else None


# ----- finding and checking -------------------------------------------------------------------------

def bundles_on(stick: Path) -> list[Path]:
    """The update files at the top of a stick, the newest version first (a name says its version)."""
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


@dataclass(frozen=True)
class Checked:
    """An update file that passed every check, with the wheel it carries."""

    path: Path
    version: str
    wheel_name: str
    wheel: bytes
    signed: bool


def check(path: Path, running: str, keyring: Path | None = KEYRING) -> Checked:
    """The update at `path`, checked in full against the running version; UpdateRefused otherwise.
    `keyring`: the trusted keys; when that file exists, only a bundle signed by one of them passes."""
    name = path.name
    try:
        data = read_regular(path, BUNDLE_LIMIT, what="update file", follow_links=False)
    except FileProblem as problem:
        raise UpdateRefused(str(problem).replace(str(path), name)) from None
    members = _members(name, data)
    manifest_bytes = members.get(MANIFEST)
    if manifest_bytes is None:
        raise UpdateRefused(f"{name} is not a table companion update (it has no {MANIFEST})")
    manifest = _manifest(name, manifest_bytes)
    version = manifest["version"]
    wheel_name = manifest["wheel"]
    wheel = members.get(wheel_name)
    if wheel is None:
        raise UpdateRefused(f"{name} is cut short or damaged: the program {wheel_name} is missing from it. "
                            "Copy the update onto the stick again")
    if len(wheel) != manifest["size"] or hashlib.sha256(wheel).hexdigest() != manifest["sha256"]:
        raise UpdateRefused(f"{name} is damaged or was changed: its program does not match its checksum. "
                            "Copy the update onto the stick again")
    signed = _check_signature(name, manifest_bytes, members.get(SIGNATURE), keyring)
    _check_wheel(name, wheel, version)
    if version_key(version) <= version_key(running):
        raise UpdateRefused(f"{name} holds version {version}, and this table companion already has version "
                            f"{running}: there is nothing to update")
    return Checked(path, version, wheel_name, wheel, signed)


def _members(name: str, data: bytes) -> dict[str, bytes]:
    """The bundle's files by name. Only plain files at its top are read; anything else is refused."""
    members: dict[str, bytes] = {}
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:") as bundle:
            for member in bundle:
                if not member.isfile() or "/" in member.name.strip("./"):
                    raise UpdateRefused(f"{name} is not a table companion update (it holds {member.name[:40]!r})")
                extracted = bundle.extractfile(member)
                if extracted is None:
                    raise UpdateRefused(f"{name} is cut short or damaged")
                members[member.name.removeprefix("./")] = extracted.read()
    except (tarfile.TarError, EOFError, OSError):
        raise UpdateRefused(f"{name} is cut short or damaged (it is not a whole update file). "
                            "Copy the update onto the stick again") from None
    return members


def _manifest(name: str, text: bytes) -> dict[str, Any]:
    try:
        manifest = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise UpdateRefused(f"{name} is damaged: its {MANIFEST} cannot be read") from None
    if not isinstance(manifest, dict) or manifest.get("app") != APP:
        app = manifest.get("app") if isinstance(manifest, dict) else None
        raise UpdateRefused(f"{name} is an update for another program ({str(app)[:40]!r}), not the table companion")
    if manifest.get("format") != FORMAT:
        raise UpdateRefused(f"{name} is in an update format this version cannot read "
                            f"({manifest.get('format')!r}); install the update in between first")
    version = manifest.get("version")
    wheel = manifest.get("wheel")
    if not isinstance(version, str) or not VERSION_PATTERN.match(version):
        raise UpdateRefused(f"{name} is damaged: its version {str(version)[:20]!r} is not a version number")
    if wheel != f"{WHEEL_PREFIX}{version}-py3-none-any.whl":
        raise UpdateRefused(f"{name} is not a table companion update for this kind of machine "
                            f"(it carries {str(wheel)[:60]!r})")
    if not isinstance(manifest.get("size"), int) or not isinstance(manifest.get("sha256"), str):
        raise UpdateRefused(f"{name} is damaged: its {MANIFEST} has no checksum")
    return manifest


def _check_signature(name: str, manifest: bytes, signature: bytes | None, keyring: Path | None) -> bool:
    """Whether the manifest is signed by a trusted key. Only where a keyring is configured is a
    signature required; then a missing or wrong one refuses the update."""
    if keyring is None or not keyring.exists():
        return False
    if signature is None:
        raise UpdateRefused(f"{name} is not signed, and this table companion takes signed updates only")
    gpgv = shutil.which("gpgv")
    if gpgv is None:
        raise UpdateRefused(f"{name} cannot be checked: this system has no gpgv to check signatures with")
    with tempfile.TemporaryDirectory(prefix="table-companion-update-") as folder:
        manifest_path, signature_path = Path(folder, MANIFEST), Path(folder, SIGNATURE)
        manifest_path.write_bytes(manifest)
        signature_path.write_bytes(signature)
        result = subprocess.run([gpgv, "--keyring", str(keyring), str(signature_path), str(manifest_path)],
                                capture_output=True, timeout=60, check=False)
    if result.returncode != 0:
        raise UpdateRefused(f"{name} is not signed by the key this table companion trusts: it was changed, "
                            "or it comes from someone else")
    return True


def _check_wheel(name: str, wheel: bytes, version: str) -> None:
    """The wheel is a whole zip of this program at the manifest's version, with no path leaving its folder."""
    try:
        with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
            if archive.testzip() is not None:
                raise zipfile.BadZipFile
            names = archive.namelist()
            metadata_name = f"{WHEEL_PREFIX}{version}.dist-info/METADATA"
            metadata = archive.read(metadata_name).decode("utf-8", "replace") if metadata_name in names else ""
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, zipfile.LargeZipFile, KeyError, OSError, EOFError):
        raise UpdateRefused(f"{name} is damaged: its program cannot be unpacked") from None
    if f"\nName: {APP}\n" not in metadata or f"\nVersion: {version}\n" not in metadata:
        raise UpdateRefused(f"{name} is not a table companion update (its program is another one)")
    if PROGRAM_FILE not in names or unpacked > UNPACKED_LIMIT or any(_leaves(entry) for entry in names):
        raise UpdateRefused(f"{name} is not a table companion update (its program is laid out wrongly)")


def _leaves(entry: str) -> bool:
    path = PurePosixPath(entry)
    return path.is_absolute() or ".." in path.parts or "\\" in entry


def bundle(version: str, wheel: bytes, signature: bytes | None = None) -> bytes:
    """The update file for `wheel` (this program at `version`): what `make update` writes."""
    wheel_name = f"{WHEEL_PREFIX}{version}-py3-none-any.whl"
    manifest = manifest_for(version, wheel)
    output = io.BytesIO()
    with tarfile.open(fileobj=output, mode="w", format=tarfile.PAX_FORMAT) as archive:
        files = [(MANIFEST, manifest), (wheel_name, wheel)] + ([(SIGNATURE, signature)] if signature else [])
        for name, data in files:
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o644
            archive.addfile(info, io.BytesIO(data))
    return output.getvalue()


def manifest_for(version: str, wheel: bytes) -> bytes:
    """The manifest of an update (the part a signature covers)."""
    return (json.dumps({"format": FORMAT, "app": APP, "version": version,
                        "wheel": f"{WHEEL_PREFIX}{version}-py3-none-any.whl", "size": len(wheel),
                        "sha256": hashlib.sha256(wheel).hexdigest()}, indent=2) + "\n").encode("utf-8")


# ----- installing beside the running version, and switching -----------------------------------------

@dataclass(frozen=True)
class State:
    """Which unpacked version starts. `current`: the confirmed one (None: the version the installer
    put in). `pending`: one installed and not yet confirmed; `tried` once a start ran it.
    `failed`: the last version that was dropped because it never confirmed."""

    current: str | None = None
    pending: str | None = None
    tried: bool = False
    failed: str | None = None


def read_state(folder: Path) -> State:
    try:
        saved = json.loads((folder / STATE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return State()   # none yet, or unreadable: the installed version starts, which is always safe
    if not isinstance(saved, dict):
        return State()
    fields = State.__dataclass_fields__
    return State(**{key: value for key, value in saved.items() if key in fields})


def _write_state(folder: Path, state: State) -> None:
    write_atomic(folder / STATE, (json.dumps(asdict(state), indent=2) + "\n").encode("utf-8"),
                 mode=0o644, what="update state")


def install(checked: Checked, folder: Path) -> Path:
    """Unpack the checked update in `folder/versions/<version>` and make it the pending version, which
    the next start runs. The unpacking goes to a temporary folder renamed only when complete, so a
    power cut leaves either nothing or the whole version."""
    versions = folder / VERSIONS
    versions.mkdir(parents=True, exist_ok=True)
    target = versions / checked.version
    if not target.is_dir():
        partial = Path(tempfile.mkdtemp(prefix=f".{checked.version}-", dir=versions))
        try:
            with zipfile.ZipFile(io.BytesIO(checked.wheel)) as archive:
                archive.extractall(partial)
            os.chmod(partial, 0o755)
            _flush_tree(partial)
            os.rename(partial, target)
        except OSError:
            shutil.rmtree(partial, ignore_errors=True)
            raise
    state = read_state(folder)
    _write_state(folder, replace(state, pending=checked.version, tried=False))
    log.info("version %s installed from %s; it starts at the next start", checked.version, checked.path.name)
    return target


def _flush_tree(root: Path) -> None:
    for path in sorted(root.rglob("*")):
        if path.is_file():
            with open(path, "rb") as unpacked:
                os.fsync(unpacked.fileno())


def choose_start(folder: Path, installed: str) -> Path | None:
    """At the kiosk's start: the unpacked version to run (its folder goes first on the import path),
    or None for the version the installer put in. A pending version is run once; if that start never
    confirmed, it is dropped and the version before it runs again."""
    state = read_state(folder)
    if state.pending is not None:
        if not state.tried and _usable(folder, state.pending, installed):
            _write_state(folder, replace(state, tried=True))
            log.warning("starting version %s for the first time", state.pending)
            return folder / VERSIONS / state.pending
        log.warning("version %s did not start; switching back to version %s", state.pending,
                    state.current or installed)
        state = replace(state, pending=None, tried=False, failed=state.pending)
        _write_state(folder, state)
    if state.current is not None and _usable(folder, state.current, installed):
        return folder / VERSIONS / state.current
    return None


def _usable(folder: Path, version: str, installed: str) -> bool:
    """An unpacked version that is there and newer than what the installer put in since (an upgrade by
    the installer wins over an older update from a stick)."""
    try:
        newer = version_key(version) > version_key(installed)
    except UpdateRefused:
        return False
    return newer and (folder / VERSIONS / version / PROGRAM_FILE).is_file()


def confirm_started(folder: Path, running: str) -> bool:
    """Called once the app has drawn its first screen: a pending version that got this far is the
    version from now on. True if this start confirmed an update."""
    state = read_state(folder)
    if state.pending != running:
        return False
    _write_state(folder, State(current=running, failed=None))
    log.warning("version %s started and is the version from now on", running)
    return True
