"""A game as one JSON document: `{"game": ..., "players": [...], "options": {...}, "actions": [...]}`.

Exported from a saved session (only the actions in effect: undone ones are left out) and replayed by
`companion replay-game`, which prints the resulting state so a disputed evening can be checked."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .actions import Action
from .errors import BadDocument, IllegalAction
from .paths import default_data_dir
from .players import Player
from .registry import load_game
from .session import Session

if TYPE_CHECKING:  # the store is opened only by the commands that need it
    from .store import Store

_KEYS = {"game", "players", "options", "actions"}


def export_document(session: Session) -> dict[str, Any]:
    return {
        "game": session.game.key,
        "players": [player.to_json() for player in session.players],
        "options": dict(session.options),
        "actions": [action.to_json() for action in session.actions],
    }


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
    session = Session(load_game(document["game"]),
                      [Player.from_json(doc, seat=seat) for seat, doc in enumerate(players)], options)
    for index, doc in enumerate(actions):
        action = Action.from_json(doc, where=f"actions[{index}]")
        try:
            session.perform(action)
        except IllegalAction as refusal:
            raise BadDocument(f"actions[{index}] ({json.dumps(doc)}) was refused: {refusal}") from None
    return session


def read_document(path: Path) -> Any:
    """The JSON document in a file; anything else (a folder, a pipe, bytes that are not UTF-8 text,
    nesting or numbers too big to read) is one BadDocument line naming the file."""
    path = Path(path)
    if path.exists() and not path.is_file():
        raise BadDocument(f"{path} is not a file")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise BadDocument(f"{path}: not valid JSON (line {error.lineno}, column {error.colno}): {error.msg}") from None
    except UnicodeDecodeError as error:
        raise BadDocument(f"{path}: not UTF-8 text (byte {error.start} cannot be read)") from None
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
    """Save a game log as a resumable game. Checked in full first, so a refused log writes nothing."""
    return store.import_session(session_from_document(document))


def main(args: argparse.Namespace) -> int:
    if args.command == "replay-game":
        json.dump(replay_file(args.file), sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    if args.command == "import-game":
        return _import(args)
    return _export(args)


def _import(args: argparse.Namespace) -> int:
    from .store import Store

    document = read_document(args.file)
    store = Store.open(args.data_dir or default_data_dir())
    try:
        session = import_document(store, document)
        state = "finished" if session.is_over else "ready to resume on the home screen"
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
        document = export_document(store.resume(number))
    finally:
        store.close()
    text = json.dumps(document, indent=2) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0
