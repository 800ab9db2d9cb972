"""A game as one JSON document: `{"game": ..., "players": [...], "options": {...}, "actions": [...]}`.

Exported from a saved session (only the actions in effect: undone ones are left out) and replayed by
`companion replay-game`, which prints the resulting state so a disputed evening can be checked.
A saved game's export also says when it was played, `"played": {"started_at", "last_played_at",
"set_aside"}` (seconds since 1970), so an import lands in the same evening; a log without it is
imported as played now. It carries the game's buzzer race logs too, `"races": [[line, ...], ...]`, every
race decided on the buttons whether or not its result was taken, so the players' race records come
across whole; a log without them gives the races its moves carry."""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from .actions import Action
from .errors import BadDocument, IllegalAction
from .files import read_text, write_atomic
from .glyphs import check_drawable_name
from .paths import default_data_dir
from .players import Player
from .registry import load_game
from .session import Session

if TYPE_CHECKING:  # the store is opened only by the commands that need it
    from .store import Store

_KEYS = {"game", "players", "options", "actions", "played", "races"}
_PLAYED_KEYS = {"started_at", "last_played_at", "set_aside"}
# One race's log: its lines as the app wrote them (see companion/races/racelog.py).
RaceLines = list[dict[str, Any]]
# Times outside these years are a mistake in the file, not a game night (and would not fit a date).
_EARLIEST, _LATEST = 0.0, 32503680000.0   # 1970 to 3000


@dataclass(frozen=True)
class Played:
    """When a saved game was played: its start and its last move (seconds since 1970), and whether
    the family set it aside unfinished."""

    started_at: float
    last_played_at: float
    set_aside: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"started_at": self.started_at, "last_played_at": self.last_played_at, "set_aside": self.set_aside}


def export_document(session: Session, played: Played | None = None,
                    races: Sequence[RaceLines] | None = None) -> dict[str, Any]:
    document: dict[str, Any] = {
        "game": session.game.key,
        "players": [player.to_json() for player in session.players],
        "options": dict(session.options),
        "actions": [action.to_json() for action in session.actions],
    }
    if played is not None:
        document["played"] = played.to_json()
    if races is not None:
        document["races"] = [list(lines) for lines in races]
    return document


def export_saved(store: Store, number: int) -> dict[str, Any]:
    """Saved game `number` as a game log, with when it was played and its race logs."""
    record = store.session_record(number)
    played = Played(record.started_at, record.updated_at, bool((record.result or {}).get("set_aside")))
    return export_document(store.resume(number), played, store.races(number))


def races_from_document(document: dict[str, Any], session: Session) -> list[RaceLines]:
    """The race logs to save with an imported game: the log's `races`, or, in a log written before
    they were exported, the logs its moves carry (the races whose result was taken)."""
    races = document.get("races")
    if races is not None:
        return _checked_races(races)
    carried = (action.get("race") for action in session.actions)
    return [race["log"] for race in carried if isinstance(race, dict) and _is_race_log(race.get("log")) and race["log"]]


def _checked_races(races: Any) -> list[RaceLines]:
    if not isinstance(races, list):
        raise BadDocument("\"races\" must be a list of race logs, each a list of its lines, as export-game writes it")
    for index, lines in enumerate(races):
        if not _is_race_log(lines) or not lines:
            raise BadDocument(f"races[{index}] must be a race log: a list of its lines, each a JSON object "
                              "with an \"event\", as export-game writes it")
    return races


def _is_race_log(lines: Any) -> bool:
    return isinstance(lines, list) and all(isinstance(line, dict) and isinstance(line.get("event"), str)
                                           for line in lines)


def played_from_document(document: Any) -> Played | None:
    """The log's `played` times, or None when it has none; anything else there is a BadDocument."""
    if not isinstance(document, dict) or document.get("played") is None:
        return None
    played = document["played"]
    if not isinstance(played, dict) or not {"started_at", "last_played_at"} <= set(played):
        raise BadDocument("\"played\" must be an object with \"started_at\" and \"last_played_at\" "
                          "(seconds since 1970)")
    unknown = set(played) - _PLAYED_KEYS
    if unknown:
        raise BadDocument(f"\"played\" has no field {sorted(unknown)[0]!r}; the fields are: {', '.join(sorted(_PLAYED_KEYS))}")
    started, last = (_moment(played, key) for key in ("started_at", "last_played_at"))
    if last < started:
        raise BadDocument("\"played\": last_played_at is before started_at; the last move cannot come before the start")
    set_aside = played.get("set_aside", False)
    if not isinstance(set_aside, bool):
        raise BadDocument(f"\"played\": set_aside must be true or false, not {json.dumps(set_aside)[:40]}")
    return Played(started, last, set_aside)


def _moment(played: dict[str, Any], key: str) -> float:
    value = played[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not _EARLIEST <= value <= _LATEST:
        raise BadDocument(f"\"played\": {key} must be a time in seconds since 1970, not {json.dumps(value)[:40]}")
    return float(value)


def session_from_document(document: Any) -> Session:
    """A session holding every action of the document; refused actions name their position."""
    if not isinstance(document, dict):
        raise BadDocument("a game log is a JSON object with \"game\", \"players\", \"options\" and \"actions\"")
    unknown = set(document) - _KEYS
    if unknown:
        raise BadDocument(f"a game log has no field {sorted(unknown)[0]!r}; the fields are: {', '.join(sorted(_KEYS))}")
    if "game" not in document or "players" not in document:
        raise BadDocument("a game log needs at least \"game\" and \"players\"")
    players = document["players"]
    if not isinstance(players, list):
        raise BadDocument("\"players\" must be a list of names or player objects")
    actions = document.get("actions", [])
    if not isinstance(actions, list):
        raise BadDocument("\"actions\" must be a list")
    if not isinstance(document["game"], str):
        raise BadDocument(f"\"game\" must be a game's name such as \"nut\", not {json.dumps(document['game'])[:40]}")
    options = document.get("options", {})
    if not isinstance(options, dict):
        raise BadDocument(f"\"options\" must be an object of settings, not {json.dumps(options)[:40]}")
    played_from_document(document)
    if document.get("races") is not None:
        _checked_races(document["races"])
    seated = [Player.from_json(doc, seat=seat) for seat, doc in enumerate(players)]
    for seat, player in enumerate(seated):
        check_drawable_name(player.name, f"players[{seat}]")
    session = Session(load_game(document["game"]), seated, options)
    for index, doc in enumerate(actions):
        action = Action.from_json(doc, where=f"actions[{index}]")
        try:
            session.perform(action)
        except IllegalAction as refusal:
            raise BadDocument(f"actions[{index}] ({json.dumps(doc)}) was refused: {refusal}") from None
    return session


# A game log of 100,000 moves is about 5 MB; an evening holds several games.
LARGEST_LOG = 64 * 1024 * 1024


def read_document(path: Path) -> Any:
    """The JSON document in a file; anything else (a folder, a pipe, a link leading nowhere or round in
    a circle, a file this user cannot read, bytes that are not UTF-8 text, nesting or numbers too big
    to read) is one line naming the file and what to do."""
    path = Path(path)
    text = read_text(path, LARGEST_LOG, what="game log")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise BadDocument(f"{path}: not valid JSON (line {error.lineno}, column {error.colno}): {error.msg}") from None
    except RecursionError:
        raise BadDocument(f"{path}: nested too deeply to be a game log") from None
    except ValueError as error:
        raise BadDocument(f"{path}: holds a value that cannot be read: {error}") from None


def replay_file(path: Path) -> dict[str, Any]:
    session = session_from_document(read_document(path))
    # The game's own summary for the details, and its Outcome under one key every game shares.
    return {"game": session.game.key, "actions_applied": len(session.actions), "over": session.is_over,
            **session.summary(), "outcome": session.outcome.to_json()}


def import_document(store: Store, document: Any) -> Session:
    """Save a game log as a resumable game, played when its `played` says (else now). Checked in full
    first, so a refused log writes nothing; a log of a game already saved is refused too."""
    session = session_from_document(document)
    played = played_from_document(document)
    races = races_from_document(document, session)
    if played is None:
        return store.import_session(session, races=races)
    already = already_saved(store, session, played)
    if already is not None:
        raise BadDocument(f"this {session.game.title} game is already saved, as game {already}; nothing was imported")
    return store.import_session(session, played.started_at, played.last_played_at, played.set_aside, races)


def already_saved(store: Store, session: Session, played: Played) -> int | None:
    """The number of a saved game of the same game, started at the same moment, with as many players as
    `session`, if there is one: importing the same file twice would count its points twice. The names
    are not compared, since a player may have been renamed since the file was written."""
    for record in store.history():
        if (record.game == session.game.key and record.started_at == played.started_at
                and len(record.players) == len(session.players)):
            return record.id
    return None


def main(args: argparse.Namespace) -> int:
    if args.command == "replay-game":
        json.dump(replay_file(args.file), sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    if args.command == "import-game":
        return _import(args)
    return _export(args)


def is_evening_document(document: Any) -> bool:
    """An evening written by `export-evening` rather than one game's log."""
    return isinstance(document, dict) and "evening" in document and "games" in document


def _import(args: argparse.Namespace) -> int:
    from .store import Store

    document = read_document(args.file)
    if is_evening_document(document):
        raise BadDocument(f"{args.file} holds a whole evening, not one game: import it with "
                          f"companion import-evening {args.file}")
    store = Store.open(args.data_dir or default_data_dir())
    try:
        session = import_document(store, document)
        played = played_from_document(document)
        if session.is_over:
            state = "finished"
        elif played is not None and played.set_aside:
            state = "set aside: Saved games resumes it"
        else:
            state = "ready to resume on the home screen"
        print(f"Imported {session.game.title} as game {session.id} ({len(session.actions)} actions, {state}).")
    finally:
        store.close()
    return 0


def _export(args: argparse.Namespace) -> int:
    from .store import Store

    store = Store.open(args.data_dir or default_data_dir())
    try:
        number = args.session
        if number is None:
            recent = store.sessions(limit=1)
            if not recent:
                raise BadDocument("there are no saved games yet")
            number = recent[0].id
        document = export_saved(store, number)
    finally:
        store.close()
    text = json.dumps(document, indent=2) + "\n"
    if args.output:
        write_atomic(Path(args.output), text.encode("utf-8"), mode=0o644, what="game log")
    else:
        sys.stdout.write(text)
    return 0
