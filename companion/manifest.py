"""The manifest every export carries: which version of the export format wrote it, which version of the
app, and what it holds. An import reads it before anything else.

    "manifest": {"format": 2, "app": "0.1.0", "holds": "evening", "games": 3}

`holds` is "game" (one game's log, `companion export-game`), "evening" (`export-evening`) or
"bgstats_plays" (the finished games as plays for the BG Stats app, which this app does not import);
`games` is how many games (or plays) the file holds.

Format 1 is every export written before manifests: such a file has none and imports as it always
did. Format 2 added the manifest and the time of each move (`played.moves_at`). A file from a newer
format than this app knows is refused with the reason, before any of it is read: it may hold what
this app would misread.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import BadDocument

FORMAT = 2
GAME, EVENING, BGSTATS_PLAYS = "game", "evening", "bgstats_plays"
HOLDS = {GAME: "one game", EVENING: "an evening", BGSTATS_PLAYS: "plays for the BG Stats app"}
_KEYS = {"format", "app", "holds", "games"}


def app_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("table-companion")
    except PackageNotFoundError:
        return "unknown"   # run from a source folder that was never installed


def manifest(holds: str, games: int) -> dict[str, Any]:
    if holds not in HOLDS:
        raise ValueError(f"an export holds one of {', '.join(HOLDS)}, not {holds!r}")
    return {"format": FORMAT, "app": app_version(), "holds": holds, "games": games}


def stamped(document: dict[str, Any], holds: str, games: int) -> dict[str, Any]:
    """The document with its manifest first."""
    return {"manifest": manifest(holds, games), **document}


def unstamped(document: Any, expected: str) -> Any:
    """The document without its manifest, once the manifest says it is a file this app reads and holds
    what the import expects (`expected`: GAME or EVENING); a document without a manifest is an export
    from before manifests, and is returned as it is. Anything else is a BadDocument saying why."""
    if not isinstance(document, dict) or "manifest" not in document:
        return document
    found = document["manifest"]
    if not isinstance(found, dict):
        raise BadDocument("\"manifest\" must be an object saying the format, the app and what the file holds")
    version = found.get("format")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise BadDocument(f"\"manifest\": format must be a whole number from 1, not {json.dumps(version)[:40]}")
    if version > FORMAT:
        app = found.get("app")
        by = f" (app {str(app)[:20]})" if isinstance(app, str) else ""
        raise BadDocument(f"this file was written by a newer version of the app{by} in export format {version}, "
                          f"and this app reads format {FORMAT} at most: update the app on this table, then "
                          "import it again")
    unknown = set(found) - _KEYS
    if unknown:
        raise BadDocument(f"\"manifest\" has no field {sorted(unknown)[0]!r}; the fields are: {', '.join(sorted(_KEYS))}")
    holds = found.get("holds")
    if holds not in HOLDS:
        raise BadDocument(f"\"manifest\": holds must be one of {', '.join(HOLDS)}, not {json.dumps(holds)[:40]}")
    if holds == BGSTATS_PLAYS:
        raise BadDocument("this file holds the games as plays for the BG Stats app, to add there; to bring the games "
                          "to this table, import the .json file of the same name without .bgstats")
    if holds != expected:
        raise BadDocument(f"the manifest says this file holds {HOLDS[holds]}, not {HOLDS[expected]}: "
                          f"import it as {HOLDS[holds]}")
    rest = {key: value for key, value in document.items() if key != "manifest"}
    _check_count(found.get("games"), rest, holds)
    return rest


def why_not_here(document: Any) -> str | None:
    """In a few words, for the list of a stick's files, why this table would not import the file its
    manifest is in (plays for BG Stats, or a newer format); None for anything else."""
    found = document.get("manifest") if isinstance(document, dict) else None
    if not isinstance(found, dict):
        return None
    version = found.get("format")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT:
        return "from a newer version of the app: update this one to import it"
    if found.get("holds") == BGSTATS_PLAYS:
        plays = document.get("plays")
        count = len(plays) if isinstance(plays, list) else 0
        return f"{count} play{'s' if count != 1 else ''} for the BG Stats app, to add there"
    return None


def _check_count(said: Any, document: dict[str, Any], holds: str) -> None:
    """The number of games the manifest gives is the number the file holds: a file edited or cut
    after it was written is refused rather than imported in part."""
    if isinstance(said, bool) or not isinstance(said, int):
        raise BadDocument(f"\"manifest\": games must be how many games the file holds, not {json.dumps(said)[:40]}")
    games = document.get("games")
    held = (len(games) if isinstance(games, list) else 0) if holds == EVENING else 1
    if said != held:
        raise BadDocument(f"the manifest says {said} game{'s' if said != 1 else ''} but the file holds {held}: it was "
                          "changed after it was exported; export it again from the table that played it")
