"""A saved games file damaged as a failing card damages one: a page's first bytes overwritten."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def damage_table(path: Path, table: str) -> bytes:
    """The first bytes of `table`'s first page overwritten: the file still opens, and only a read of
    that page finds the damage. Returns the damaged file's bytes."""
    connection = sqlite3.connect(path)
    ((root,),) = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchall()
    (page_size,) = connection.execute("PRAGMA page_size").fetchone()
    connection.close()
    with open(path, "r+b") as file:
        file.seek((root - 1) * page_size)
        file.write(b"\xff" * 64)
    return path.read_bytes()
