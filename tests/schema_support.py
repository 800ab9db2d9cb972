"""A saved games file taken back to what an older version of the app wrote, so that the tests open it
with today's and see every migration from there (companion/store.py, MIGRATIONS)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.store import DB_NAME, SCHEMA_VERSION

# What each schema version added, undone; a version that only changed rows has nothing to undo.
UNDO: dict[int, str] = {
    2: "DROP INDEX sessions_by_start; DROP INDEX races_by_session;",
    3: """CREATE TABLE entries_v2 (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            seq INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('do', 'undo', 'redo')),
            action TEXT,
            at REAL NOT NULL,
            PRIMARY KEY (session_id, seq));
          INSERT INTO entries_v2 SELECT * FROM entries;
          DROP TABLE entries;
          ALTER TABLE entries_v2 RENAME TO entries;""",
    4: "DROP TABLE changes;",
    5: "DROP TABLE drafts;",
    6: "".join(f"ALTER TABLE sessions DROP COLUMN {column};"
               for column in ("start_boot", "start_since_boot", "last_boot", "last_since_boot"))
       + "DROP TABLE boots; DROP TABLE clock_steps;",
    8: "DROP TABLE game_lines; DROP TABLE answers;" + "".join(
        f"DROP TRIGGER IF EXISTS game_lines_{table}_{event};" for table in ("sessions", "entries", "races")
        for event in ("insert", "update", "delete")),
}


def back_to_schema(data_dir: Path, version: int) -> None:
    """The saved games file in `data_dir` as schema `version` left it (it holds nothing a later
    version added: no fixes, corrections or drafts)."""
    connection = sqlite3.connect(Path(data_dir) / DB_NAME)
    try:
        for undone in range(SCHEMA_VERSION, version, -1):
            connection.executescript(UNDO.get(undone, ""))
        connection.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(version),))
        connection.commit()
    finally:
        connection.close()
