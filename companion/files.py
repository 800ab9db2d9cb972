"""The one safe way to read a file and to write one. A file the app reads may be anything a family, a
script or a failing card leaves under that name: a named pipe (reading it would wait forever), a link
to a device that never ends, a folder, a link that leads nowhere or round in a circle. A file it writes
may have a link planted in its place. So:

- `read_regular` opens without waiting (O_NONBLOCK), reads only what fstat says is a regular file, and
  no more than a limit;
- `write_atomic` writes a new file created exclusively beside the target without following links,
  flushes it to the card, renames it over the target (replacing a link, never writing through it)
  and flushes the folder, so a power cut leaves the old file or the new one, never half of either.

Every failure is a `FileProblem`: one sentence naming the file, what was wrong and what to do.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

from .errors import CompanionError

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class FileProblem(CompanionError, OSError):
    """A file that cannot be read or written as asked; the message says which, why and what to do."""


def read_regular(path: Path | str, limit: int, *, what: str = "file", follow_links: bool = True) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them. `what` names the file in the
    message ("settings file", "game log"). A link is followed to its file unless `follow_links` is
    False; either way, only a regular file is read."""
    path = Path(path)
    with open_regular(path, limit, what=what, follow_links=follow_links) as opened:
        chunks, size = [], 0
        try:
            # Read to the end rather than trusting st_size: a file still being written can grow.
            while True:
                chunk = opened.read(min(1 << 20, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
                if size > limit:
                    raise FileProblem(f"{path} grew past {limit:,} bytes while it was read, more than any {what}: "
                                      f"check that it is the right file")
        except FileProblem:
            raise
        except OSError as error:
            raise _problem(path, what, error, reading=True, follow_links=follow_links) from None
        return b"".join(chunks)


def open_regular(path: Path | str, limit: int, *, what: str = "file", follow_links: bool = True) -> BinaryIO:
    """The regular file at `path` opened for reading, once it is known to hold at most `limit` bytes:
    for a file read as a stream (an update checked piece by piece). The same checks as `read_regular`;
    the caller bounds what it reads, since a file can grow after it was opened."""
    path = Path(path)
    flags = os.O_RDONLY | _NONBLOCK | _NOCTTY | _CLOEXEC | (0 if follow_links else _NOFOLLOW)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise _problem(path, what, error, reading=True, follow_links=follow_links) from None
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise FileProblem(f"{path} is {_kind(status.st_mode)}, not a {what}: "
                              f"give the path of a {what} itself")
        if status.st_size > limit:
            raise FileProblem(f"{path} is {status.st_size:,} bytes, more than any {what} ({limit:,} at most): "
                              f"check that it is the right file")
        return os.fdopen(descriptor, "rb")
    except FileProblem:
        os.close(descriptor)
        raise
    except OSError as error:
        os.close(descriptor)
        raise _problem(path, what, error, reading=True, follow_links=follow_links) from None


def read_text(path: Path | str, limit: int, *, what: str = "file", follow_links: bool = True) -> str:
    """`read_regular` as UTF-8 text; bytes that are not UTF-8 are a FileProblem naming the first."""
    data = read_regular(path, limit, what=what, follow_links=follow_links)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileProblem(f"{path} is not UTF-8 text (byte {error.start} cannot be read), so it is no {what}: "
                          f"check that it is the right file") from None


def write_atomic(path: Path | str, data: bytes, *, mode: int = 0o600, what: str = "file") -> None:
    """`data` as the whole of the file at `path`, readable by `mode`: the old file or the new one
    survives a power cut, never half of either. A link at `path` is replaced, never written through."""
    path = Path(path)
    # os.urandom is what secrets.token_hex reads; secrets itself brings hmac and OpenSSL's hashes into
    # every start of the app, which reaches this module before its first frame.
    temporary = path.with_name(f".{path.name}.{os.urandom(4).hex()}.tmp")
    try:
        create_flushed(temporary, data, mode=mode)
    except FileExistsError as error:
        raise _problem(path, what, error, reading=False) from None
    except OSError as error:
        remove_quietly(temporary)
        raise _problem(path, what, error, reading=False) from None
    try:
        # rename() replaces whatever is at `path` (a file, a link, a pipe) by the new file; a folder
        # there makes it fail, and the folder is left alone.
        os.replace(temporary, path)
    except OSError as error:
        remove_quietly(temporary)
        raise _problem(path, what, error, reading=False) from None
    flush_folder(path.parent)


def create_flushed(path: Path | str, data: bytes, *, mode: int = 0o600) -> None:
    """A new file at `path` holding `data`, on the drive itself before this returns (a stick is pulled
    out as soon as the screen says it is done). Created exclusively, never through a link: anything
    already at `path` is an OSError (FileExistsError), as is every failure to write; a file begun is
    left for the caller to remove."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _NOCTTY | _CLOEXEC, mode)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view):]
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def flush_folder(folder: Path | str) -> None:
    """The folder's entries (a rename, a new file) on the card too, where its file system can flush a
    folder (FAT sticks cannot; the file itself is flushed either way)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY | _CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def describe(error: OSError) -> str:
    """Any OSError in the same words as the FileProblems above: one sentence naming the file."""
    if isinstance(error, CompanionError) or not error.filename:
        return str(error)
    return str(_problem(Path(os.fsdecode(error.filename)), "file", error, reading=True))


def remove_quietly(path: Path | str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (reading it would wait for another program)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _problem(path: Path, what: str, error: OSError, *, reading: bool, follow_links: bool = True) -> FileProblem:
    """One sentence for the family: what was wrong with `path` and what to do."""
    code = error.errno
    if code == errno.ENOENT:
        if reading:
            if os.path.islink(path):
                return FileProblem(f"{path} is a link to {os.readlink(path)}, which does not exist: "
                                   f"point it at the {what}, or give the {what}'s own path")
            return FileProblem(f"no such file: {path}; check the name and the folder")
        return FileProblem(f"{path} cannot be written: the folder {path.parent} does not exist")
    if code == errno.ELOOP:
        if not follow_links:
            return FileProblem(f"{path} is a link, and the app does not follow links there: put the {what} "
                               f"itself in its place")
        return FileProblem(f"{path} is a link that leads round in a circle: point it at the {what}")
    if code in (errno.EACCES, errno.EPERM):
        if reading:
            return FileProblem(f"{path} cannot be read by this user: give them read access (chmod u+r) "
                               f"or copy the {what} somewhere they can read")
        return FileProblem(f"{path} cannot be written by this user: give them the folder "
                           f"(sudo chown -R $USER {path.parent})")
    if code in (errno.EISDIR, errno.ENOTEMPTY, errno.EEXIST) and not reading:
        return FileProblem(f"{path} is a folder, so the {what} cannot be written there: move the folder away")
    if code == errno.EISDIR:
        return FileProblem(f"{path} is a folder, not a {what}: give the path of a {what} itself")
    if code == errno.ENXIO:
        return FileProblem(f"{path} is a socket or a device, not a {what}: give the path of a {what} itself")
    if code == errno.ENOTDIR:
        return FileProblem(f"{path} cannot be reached: a part of the path before the last is a file, "
                           f"not a folder")
    if code == errno.ENAMETOOLONG:
        return FileProblem(f"{str(path)[:80]}... is too long a name: give a shorter path")
    if code in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return FileProblem(f"{path} cannot be written: the storage is full. Free some space, then try again")
    if code == errno.EROFS:
        return FileProblem(f"{path} cannot be written: the storage is read-only. Check how it is mounted "
                           f"(or the lock switch on a card or stick)")
    if code == errno.EIO:
        doing = "read" if reading else "written"
        return FileProblem(f"{path} could not be {doing}: the storage reported an input/output error, so the "
                           f"card or stick may be failing. Try again; if it keeps happening, copy what you "
                           f"can to another one")
    doing = "read" if reading else "written"
    return FileProblem(f"{path} cannot be {doing} ({error.strerror or error}): check the file and the storage "
                       f"it is on")
