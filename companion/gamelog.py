"""A game as one JSON document: `{"game": ..., "players": [...], "options": {...}, "actions": [...]}`.

Exported from a saved session (only the actions in effect: undone ones are left out) and replayed by
`companion replay-game`, which prints the resulting state so a disputed evening can be checked.
A saved game's export also says when it was played, `"played": {"started_at", "last_played_at",
"set_aside"}` (seconds since 1970), so an import lands in the same evening; a log without it is
imported as played now. Its `moves_at` gives the time of each move in effect, so the time at the
table comes across too (an older log without it has its moves spread evenly over the game). It
carries the game's buzzer race logs too, `"races": [[line, ...], ...]`, every
race decided on the buttons whether or not its result was taken, so the players' race records come
across whole; a log without them gives the races its moves carry."""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import sys
import time
from dataclasses import dataclass
from json import scanner
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from . import clock
from .actions import Action
from .errors import BadDocument, CompanionError, IllegalAction
from .files import FileProblem, read_text, write_atomic
from .glyphs import check_drawable_name
from .manifest import GAME, stamped, unstamped
from .paths import default_data_dir
from .players import Player, name_key
from .progress import Task
from .races import racelog
from .registry import game_entry, load_game
from .session import DO, Session, moves_in_effect
from .table_time import moves_at

if TYPE_CHECKING:  # the store is opened only by the commands that need it
    from .store import SessionRecord, Store

_KEYS = {"game", "players", "options", "actions", "played", "races"}
_PLAYED_KEYS = {"started_at", "last_played_at", "set_aside", "moves_at"}
# One race's log: its lines as the app wrote them (see companion/races/racelog.py).
RaceLines = list[dict[str, Any]]

# Limits no family reaches, so that no file can hold the table up for long. The longest game is a
# Nuts about Mutts evening played "until the family ends it": four hours at a move every three seconds
# is under 5,000 moves. An exported move with its share of race logs is about 200 bytes, so a whole
# evening of that is about 1 MB.
MOST_MOVES = 20_000
LARGEST_LOG = 8_000_000
# No game played with this app was played before its first version (20 Nov 2026), nor after now. A file
# dated otherwise comes from a table whose clock was wrong (a Raspberry Pi has no clock that runs while
# it is off), or this table's clock is wrong: its games are imported all the same, at the times the file
# gives, and the family is told (`clock_note`). Two tables' clocks may disagree a little.
FIRST_VERSION = 1_795_132_800.0
CLOCK_ALLOWANCE_S = 3600.0
# 31 Dec 9999, the last day a calendar shows: a number past it, or before 1970, is no time at all.
LAST_TIME = 253_402_300_799.0


def checked_time(value: Any, what: str) -> float:
    """`value` as a time a game was played (seconds since 1970), or a BadDocument when it is no time at
    all. A time no game of this app can have been played at is kept: see `clock_note`."""
    if (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value)
            or not 0 <= value <= LAST_TIME):
        raise BadDocument(f"{what} must be a time in seconds since 1970, not {json.dumps(value)[:40]}")
    return float(value)


def clock_note(starts: Sequence[float]) -> str | None:
    """A sentence for the family when games about to be imported started where no game of this app can
    have: before its first version (the other table's clock was wrong), or later than now on this
    table's clock (one of the two was). None when every start is possible."""
    now = clock.now()
    odd = sorted(moment for moment in starts if not FIRST_VERSION <= moment <= now + CLOCK_ALLOWANCE_S)
    if not odd:
        return None
    days = dated(odd[0]) if dated(odd[0]) == dated(odd[-1]) else f"{dated(odd[0])} to {dated(odd[-1])}"
    they, them, keep = ("it", "it", "It keeps its") if len(starts) == 1 else ("they", "them", "They keep their")
    dated_so = f"{they} {'is' if they == 'it' else 'are'} dated {days}"
    if odd[-1] < FIRST_VERSION:
        return f"The clock of the table that played {them} was wrong: {dated_so}, before this app was first made. {keep} dates."
    return (f"One of the two tables' clocks was wrong: {dated_so}, later than now on this table's clock "
            f"({dated(now, '%a %d %b %Y %H:%M')}). {keep} dates.")


def dated(moment: float, pattern: str = "%a %d %b %Y") -> str:
    """`moment` as a day on this table's calendar, or words saying no calendar has it."""
    try:
        return time.strftime(pattern, time.localtime(moment))
    except (OverflowError, OSError, ValueError):
        return "a day no calendar has"


@dataclass(frozen=True)
class Played:
    """When a saved game was played: its start and its last move (seconds since 1970), whether the
    family set it aside unfinished, and when each move in effect was told (None: not known)."""

    started_at: float
    last_played_at: float
    set_aside: bool = False
    moves_at: tuple[float, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {"started_at": self.started_at, "last_played_at": self.last_played_at,
                                    "set_aside": self.set_aside}
        if self.moves_at is not None:
            document["moves_at"] = list(self.moves_at)
        return document


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
    session = store.resume(number)
    times = moves_at(store.entry_times(number).get(number, []))
    # A clock put back during the game can leave its last move dated before its start: it ended no
    # earlier than it began, and a table that refuses such a file (an older version) takes it so.
    last = max(record.started_at, record.updated_at)
    played = Played(record.started_at, last, bool((record.result or {}).get("set_aside")),
                    _in_order(times, record.started_at, last) if len(times) == len(session.actions) else None)
    return export_document(session, played, store.races(number))


def _in_order(times: Sequence[float], started: float, last: float) -> tuple[float, ...]:
    """The moves' times as an import takes them, from the start to the last move, each no earlier than
    the one before: a clock put back during the game (a Pi has none of its own until the network sets
    it) would otherwise leave a file this app refuses."""
    kept, previous = [], started
    for moment in times:
        previous = min(max(previous, moment), last)
        kept.append(previous)
    return tuple(kept)


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
    for index, lines in enumerate(races):
        try:
            racelog.check_decided(lines)
        except BadDocument as problem:
            raise BadDocument(f"races[{index}]: {problem}") from None
        except (TypeError, ValueError) as problem:   # a line holding what JSON cannot write (NaN as a key)
            raise BadDocument(f"races[{index}]: a line cannot be read ({problem})") from None
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
    started, last = (checked_time(played[key], f"\"played\": {key}") for key in ("started_at", "last_played_at"))
    # A last move dated before the start: the clock was put back during the game. It ended no earlier
    # than it began.
    last = max(started, last)
    set_aside = played.get("set_aside", False)
    if not isinstance(set_aside, bool):
        raise BadDocument(f"\"played\": set_aside must be true or false, not {json.dumps(set_aside)[:40]}")
    return Played(started, last, set_aside, _moves_at(played.get("moves_at"), document.get("actions"), started, last))


def _moves_at(value: Any, actions: Any, started: float, last: float) -> tuple[float, ...] | None:
    """The times of the moves, one for each action, kept in order from the start to the last move (a
    time outside them, as a start moved by hand leaves, is brought to the nearest)."""
    if value is None:
        return None
    count = len(actions) if isinstance(actions, list) else 0
    if not isinstance(value, list) or len(value) != count:
        raise BadDocument(f"\"played\": moves_at must be a list of {count} times, one for each action, "
                          "as export-game writes it")
    for index, moment in enumerate(value):
        if isinstance(moment, bool) or not isinstance(moment, (int, float)) or not math.isfinite(moment):
            raise BadDocument(f"\"played\": moves_at[{index}] must be a time in seconds since 1970, "
                              f"not {json.dumps(moment)[:40]}")
    return _in_order(value, started, last)


def session_from_document(document: Any, task: Task | None = None) -> Session:
    """A session holding every action of the document; refused actions name their position. `task`
    hears of each move replayed, and may cancel."""
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
    if len(actions) > MOST_MOVES:
        raise BadDocument(f"\"actions\" holds {len(actions):,} moves, more than any game ({MOST_MOVES:,} at most): "
                          "check that it is the right file")
    if not isinstance(document["game"], str):
        raise BadDocument(f"\"game\" must be a game's name such as \"nut\", not {json.dumps(document['game'])[:40]}")
    options = document.get("options", {})
    if not isinstance(options, dict):
        raise BadDocument(f"\"options\" must be an object of settings, not {json.dumps(options)[:40]}")
    played_from_document(document)
    if document.get("races") is not None:
        _checked_races(document["races"])
    game = load_game(document["game"])
    most = game_entry(document["game"]).max_players
    if len(players) > most:
        raise BadDocument(f"\"players\" lists {len(players):,} players; {game_entry(document['game']).title} "
                          f"takes at most {most}")
    seated = [Player.from_json(doc, seat=seat) for seat, doc in enumerate(players)]
    for seat, player in enumerate(seated):
        check_drawable_name(player.name, f"players[{seat}]")
    session = Session(game, seated, options)
    moves = [Action.from_json(doc, where=f"actions[{index}]") for index, doc in enumerate(actions)]
    reached = 0

    def replaying(index: int) -> None:
        nonlocal reached
        reached = index
        if task is not None:
            task.advance()

    try:
        # Replayed as a resume is: the rules applied to one working copy, not a copy per move.
        session.replay_entries([(DO, move) for move in moves], on_move=replaying)
    except IllegalAction as refusal:
        raise BadDocument(f"actions[{reached}] ({json.dumps(actions[reached])}) was refused: {refusal}") from None
    return session


def read_document(path: Path, task: Task | None = None, *, within: Path | None = None) -> Any:
    """The JSON document in a file; anything else (a folder, a pipe, a link leading nowhere or round in
    a circle, a file this user cannot read, bytes that are not UTF-8 text, nesting or numbers too big
    to read) is one line naming the file and what to do. With `within` (a USB stick), a link is
    followed only to a file inside that folder. `task` hears how far the reading got, and may cancel."""
    path = Path(path)
    if task is not None:
        task.begin(f"Reading {path.name}")
    text = read_text(_inside(path, within), LARGEST_LOG, what="game log", follow_links=within is None)
    return parse_document(text, str(path), task)


def _inside(path: Path, folder: Path | None) -> Path:
    """The file `path` names, if it is in `folder`: itself, or what a link there leads to."""
    if folder is None:
        return path
    real, root = Path(os.path.realpath(path)), Path(os.path.realpath(folder))
    if real == path or not os.path.islink(path):
        return path
    if not real.is_relative_to(root):
        raise FileProblem(f"{path} is a link to {real}, which is not on the USB stick: copy the file itself "
                          "onto the stick")
    if not os.path.lexists(real):
        raise FileProblem(f"{path} is a link to {real.name}, which does not exist: copy the file itself onto the stick")
    return real


# What to do about a file that is no game log: the app that wrote it can write it again.
EXPORT_AGAIN = "export the game again from the app that wrote it"


def parse_document(text: str, where: str, task: Task | None = None) -> Any:
    """`text` as JSON, read by Python's own parser a value at a time rather than in one call: reading
    a large file never holds the screen's thread for more than a moment, and `task` can cancel it."""
    objects = text.count("{")
    if task is not None:
        task.begin(task.doing or "Reading", objects)

    def each_object(value: dict[str, Any]) -> dict[str, Any]:
        if task is not None:
            task.advance()
        return value

    decoder = json.JSONDecoder(object_hook=each_object)
    # The pure-Python scanner (the C one parses a whole file without letting another thread run).
    decoder.scan_once = scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    try:
        return decoder.decode(text)
    except json.JSONDecodeError as error:
        raise BadDocument(f"{where}: not valid JSON, so no whole game log (it goes wrong at line {error.lineno}, "
                          f"column {error.colno}: {error.msg}); {EXPORT_AGAIN}") from None
    except RecursionError:
        raise BadDocument(f"{where}: nested too deeply to be a game log; {EXPORT_AGAIN}") from None
    except ValueError as error:
        raise BadDocument(f"{where}: holds a value that cannot be read ({error}); {EXPORT_AGAIN}") from None


def replay_file(path: Path) -> dict[str, Any]:
    session = session_from_document(unstamped(read_document(path), GAME))
    # The game's own summary for the details, and its Outcome under one key every game shares.
    return {"game": session.game.key, "actions_applied": len(session.actions), "over": session.is_over,
            **session.summary(), "outcome": session.outcome.to_json()}


def import_document(store: Store, document: Any, task: Task | None = None) -> Session:
    """Save a game log as a resumable game, played when its `played` says (else now). Checked in full
    first, so a refused log writes nothing; a log of a game already saved is refused too."""
    from .store import GameToImport

    document = unstamped(document, GAME)
    if task is not None:
        task.begin("Checking the moves", moves_in(document))
    session = session_from_document(document, task)
    played = played_from_document(document)
    races = races_from_document(document, session)
    already = SavedGames(store, task).find(session, played)
    if already is not None:
        raise BadDocument(f"this {session.game.title} game is already saved, as game {already}; nothing was imported")
    if task is not None:
        task.begin("Saving", 1)
    if played is None:
        return store.import_session(session, races=races)
    return store.import_sessions([GameToImport(session, played.started_at, played.last_played_at, played.set_aside,
                                               races, played.moves_at)])[0]


def moves_in(document: Any) -> int:
    """How many moves a game log says it holds (for a progress bar; nothing is checked)."""
    actions = document.get("actions") if isinstance(document, dict) else None
    return len(actions) if isinstance(actions, list) else 0


def moves_key(game: str, options: Mapping[str, Any], moves: Sequence[Action]) -> str:
    """A game's moves in a few letters: the same game with the same settings and the same moves gives
    the same key, whoever played it, whenever and wherever. The store keeps each saved game's key,
    indexed (Store.with_moves_key), so an import finds a game saved already without reading them all."""
    digest = hashlib.sha256()
    # A move at a time, not the whole game in one call: this runs beside the screen, which must get
    # the interpreter back between moves.
    for part in [game, dict(options), *(move.to_json() for move in moves)]:
        digest.update(json.dumps(part, sort_keys=True, separators=(",", ":")).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def session_key(session: Session) -> str:
    """A game's content: its moves' key and the players in their seats, however their names are written."""
    return json.dumps([moves_key(session.game.key, session.options, session.actions),
                       [name_key(player.name) for player in session.players]])


class SavedGames:
    """The saved games, to recognise a game being imported again (which would count its points twice):
    one with the same moves' key and the same players in the same seats (under the names as first saved
    or as now called: a file without times, or with its times moved, or the same game twice in one
    file), or of the same game started at the same moment with as many players (an earlier export of a
    game played on since). Both are found through an index, so an import does not grow with the games
    saved; the moves' keys not kept yet (games played since the last import) are worked out first."""

    def __init__(self, store: Store, task: Task | None = None) -> None:
        self._store = store
        missing = store.without_moves_key()
        if task is not None:
            task.begin("Comparing with the saved games", len(missing))
        if missing:
            token = store.claim(missing)   # before reading them: a game changed meanwhile keeps no key
            keys = {}
            for record in store.read_back(missing, as_saved=True):
                if task is not None:
                    task.advance()
                keys[record[0] if isinstance(record, tuple) else record.id] = _saved_moves_key(store, record)
            store.keep_moves_keys(token, keys)

    def find(self, session: Session, played: Played | None) -> int | None:
        """The number of the saved game `session` is, if it is one: the first (by start) of those with
        its moves and its players, else the last of those started when it was, with as many players."""
        names = [name_key(player.name) for player in session.players]
        same = self._store.with_moves_key(moves_key(session.game.key, session.options, session.actions))
        if same:
            first_names = {record.id: record.players for record in self._store.read_back(same, as_saved=True)
                           if not isinstance(record, tuple)}
            for record in sorted(self._readable(same), key=lambda record: (record.started_at, record.id)):
                if any([name_key(player.name) for player in players] == names
                       for players in (record.players, first_names.get(record.id, record.players))):
                    return record.id
        if played is not None:
            started = [record.id for record in self._readable(self._store.started_at(session.game.key, played.started_at))
                       if len(record.players) == len(session.players)]
            return max(started) if started else None
        return None

    def _readable(self, numbers: Sequence[int]) -> list[SessionRecord]:
        """The saved games `numbers` that can be read back (not deleted)."""
        return [record for record in self._store.read_back(numbers) if not isinstance(record, tuple)]


def _saved_moves_key(store: Store, record: SessionRecord | tuple[int, str]) -> str:
    """A saved game's moves' key; "" for one whose moves cannot be read back (it is recognised by its
    start alone)."""
    if isinstance(record, tuple):
        return ""
    try:
        game = load_game(record.game)
        options = game.check_options(record.options)
        return moves_key(record.game, options, moves_in_effect(game, record.players, options, store.entries(record.id)))
    except (CompanionError, ValueError, TypeError, RecursionError):
        return ""


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
        note = clock_note([played.started_at] if played is not None else [])
        print(f"Imported {session.game.title} as game {session.id} ({len(session.actions)} actions, {state})."
              + (f" {note}" if note else ""))
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
        document = stamped(export_saved(store, number), GAME, 1)
    finally:
        store.close()
    text = json.dumps(document, indent=2) + "\n"
    if args.output:
        write_atomic(Path(args.output), text.encode("utf-8"), mode=0o644, what="game log")
    else:
        sys.stdout.write(text)
    return 0
