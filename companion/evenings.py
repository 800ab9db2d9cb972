"""Game nights: the saved games grouped into evenings, with a standings table across every game played.

An evening is a run of saved games where each game started within `EVENING_GAP_S` (four hours) of the
last move of the games before it; it is worked out from the sessions' times, so nothing new is saved.
Those times are placed in real time first (companion/clock.py): a clock set between two games neither
joins two nights nor splits one, and the games of two boots whose clocks were never known true are
never joined. Games not finished are listed but score no points.

Points: in every finished game you get one point for each player you finished ahead of (tied places
share, so the winner of a four-player game gets 3 and two players tied for first get 2 each in it).
"""

from __future__ import annotations

import io
import weakref
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any, Iterable

from . import clock
from .clock import ClockHistory, Moment, Reading, Timeline
from .errors import BadDocument, CompanionError
from .manifest import EVENING, unstamped
from .names import OwnColours
from .outcome import Outcome, Standing
from .progress import Task
from .registry import game_entry

# The store is opened only by the commands that need it (companion/evening_commands.py).
if TYPE_CHECKING:
    from .session import Session
    from .store import GameToImport, SessionRecord, Store

EVENING_GAP_S = 4 * 3600
# Two tables' clocks may disagree a little: an evening dated this much after now may still be tonight's.
CLOCKS_APART_S = 3600.0

# The points rule in one sentence, for the standings table to show under itself.
POINTS_RULE = ("One point for every player you finished ahead of in a game; tied places share, "
               "so the winner of a four-player game gets 3.")


@dataclass(frozen=True)
class GameResult:
    """One saved game of an evening. `points` is seat by seat (zeros while the game is unfinished);
    `finished_at` is None for a game not finished (still playing, or set aside). `colours` is each
    seat's colour key, seat by seat; `merged` the seats whose name came to them by a merge. `began` and
    `last_moved` say where its start and its last move were on this table's clock (companion/clock.py);
    None for a game known by its times alone."""

    session_id: int
    game: str
    title: str
    names: tuple[str, ...]
    outcome: Outcome
    started_at: float
    finished_at: float | None
    points: tuple[int, ...]
    colours: tuple[str, ...] = ()
    began: Moment | None = None
    last_moved: Moment | None = None
    merged: frozenset[int] = frozenset()

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


@dataclass(frozen=True)
class EveningStanding:
    """One player's line in the evening's table. `games` counts finished games only; `place` 1 is
    first and equal points share a place (1, 1, 3)."""

    name: str
    colour: str
    points: int
    games: int
    wins: int
    place: int


@dataclass(frozen=True)
class Evening:
    """The games of one evening, oldest first, from the first one's start to the last move made, both
    placed in real time (a game's own times are as its table recorded them). `last_moved` and
    `timeline` tell whether a game started now would join it (`joins`)."""

    games: tuple[GameResult, ...]
    started_at: float
    last_played_at: float
    last_moved: Moment | None = field(default=None, compare=False)
    timeline: Timeline | None = field(default=None, compare=False, repr=False)

    def joins(self, now: Reading) -> bool:
        """Whether a game started at `now` would be one of this evening's: the real time from its last
        move to `now` is known, and under the evening gap (an evening placed after `now`, by another
        table's clock, is not tonight's)."""
        timeline = self.timeline or Timeline(ClockHistory())
        last = self.last_moved or Moment(self.last_played_at)
        if not timeline.comparable(last, now.moment, later_synced=now.synced):
            return False
        placed = timeline.place(now.moment, now.synced)
        return self.started_at - CLOCKS_APART_S <= placed <= self.last_played_at + EVENING_GAP_S

    @property
    def finished_games(self) -> tuple[GameResult, ...]:
        return tuple(game for game in self.games if game.finished)

    @property
    def standings(self) -> tuple[EveningStanding, ...]:
        """Everyone who sat at a game this evening, by place then name (a player whose only game is
        unfinished is there with no points)."""
        tally: dict[str, dict[str, Any]] = {}
        colours = OwnColours()
        for game in self.games:
            for seat, name in enumerate(game.names):
                line = tally.setdefault(name.casefold(), {"points": 0, "games": 0, "wins": 0})
                line["name"] = name  # the latest spelling and colour win
                if seat < len(game.colours):
                    colours.seen(name, game.colours[seat], seat in game.merged)
                if game.finished:
                    line["points"] += game.points[seat]
                    line["games"] += 1
                    line["wins"] += seat in game.outcome.winners
        standings = [EveningStanding(line["name"], colours.of(line["name"]), line["points"], line["games"], line["wins"],
                                     1 + sum(other["points"] > line["points"] for other in tally.values()))
                     for line in tally.values()]
        return tuple(sorted(standings, key=lambda s: (s.place, s.name.casefold(), s.name)))

    @property
    def running_totals(self) -> dict[str, list[int]]:
        """Each player's evening points after each finished game, oldest first (0 before they joined)."""
        names: dict[str, str] = {}
        for game in self.games:
            for name in game.names:
                names[name.casefold()] = name
        totals = {key: 0 for key in names}
        running: dict[str, list[int]] = {key: [] for key in names}
        for game in self.finished_games:
            for seat, name in enumerate(game.names):
                totals[name.casefold()] += game.points[seat]
            for key in names:
                running[key].append(totals[key])
        return {names[key]: points for key, points in running.items()}

    @property
    def winners(self) -> tuple[str, ...]:
        """The names on place 1, once at least one game is finished."""
        if not self.finished_games:
            return ()
        return tuple(standing.name for standing in self.standings if standing.place == 1)


def points_for(outcome: Outcome) -> tuple[int, ...]:
    """Seat by seat: how many players each seat finished ahead of (zeros while unfinished)."""
    if not outcome.finished:
        return tuple(0 for _ in outcome.standings)

    def ahead(mine: Standing, other: Standing) -> bool:
        return mine.place is not None and (other.place is None or other.place > mine.place)

    return tuple(sum(ahead(mine, other) for other in outcome.standings if other.seat != mine.seat)
                 for mine in outcome.standings)


@dataclass(frozen=True)
class _Placed:
    """A game with its start and its last move on this table's clock, and both placed in real time."""

    result: GameResult
    start: Moment
    last: Moment
    began: float
    ended: float


def grouped(games: list[tuple[GameResult, float]], history: ClockHistory | None = None) -> list[Evening]:
    """The evenings of `games`, each with the time of its last move; newest first. `history` is what
    the store knows of its clock, to place the games in real time."""
    timed = [(result, result.began or Moment(result.started_at), result.last_moved or Moment(last_move))
             for result, last_move in games]
    timeline = Timeline(history or ClockHistory(), [moment for _, start, last in timed for moment in (start, last)])
    placed = sorted((_Placed(result, start, last, timeline.place(start), timeline.place(last))
                     for result, start, last in timed), key=lambda game: (game.began, game.result.session_id))
    found: list[tuple[list[_Placed], _Placed]] = []   # each evening's games, and the one that ended last
    for game in placed:
        if found and timeline.comparable(found[-1][1].last, game.start) \
                and game.began <= found[-1][1].ended + EVENING_GAP_S:
            games_of, latest = found[-1]
            games_of.append(game)
            found[-1] = (games_of, max(latest, game, key=lambda one: one.ended))
        else:
            found.append(([game], game))
    return [Evening(tuple(game.result for game in group), group[0].began, latest.ended, latest.last, timeline)
            for group, latest in reversed(found)]


def first_plays(evenings: Iterable[Evening]) -> dict[int, tuple[str, ...]]:
    """Each game's players (by game number, in seat order) for whom it was their first game of its
    kind at this table, whatever their name's capitals; a game new to nobody is left out."""
    seen: set[tuple[str, str]] = set()
    found: dict[int, tuple[str, ...]] = {}
    for game in sorted((game for evening in evenings for game in evening.games),
                       key=lambda game: (game.started_at, game.session_id)):
        new = tuple(name for name in game.names if (game.game, name.casefold()) not in seen)
        seen.update((game.game, name.casefold()) for name in game.names)
        if new:
            found[game.session_id] = new
    return found


def tonight_of(found: list[Evening], now: float | None = None) -> Evening | None:
    """`tonight` for evenings already read (newest first), so a screen reads them once."""
    reading = clock.read() if now is None else clock.at(now)
    return next((evening for evening in found if evening.joins(reading)), None)


def is_tonight(evening: Evening, now: float | None = None) -> bool:
    return evening.joins(clock.read() if now is None else clock.at(now))


def played(store: Store) -> list[tuple[SessionRecord, GameResult]]:
    """Every saved game that can be read back, oldest first, with its result (records.py reads it too)."""
    known = _worked_out.setdefault(store, {})
    found = []
    for record in store.history():
        kept = known.get(record.id)
        if kept is None or kept[0] is not record:
            kept = known[record.id] = (record, game_result(store, record))
        found.append(kept)
    return found


# Each game's result with the record it was worked out from. The store hands back the very same record
# while a game's row is unchanged, so reading the evenings again after a move works out that game alone.
_worked_out: weakref.WeakKeyDictionary[Store, dict[int, tuple[SessionRecord, GameResult]]] = weakref.WeakKeyDictionary()


def game_result(store: Store, record: SessionRecord) -> GameResult:
    outcome = _outcome(store, record)
    return GameResult(
        session_id=record.id, game=record.game, title=game_entry(record.game).title,
        names=tuple(player.name for player in record.players), outcome=outcome, started_at=record.started_at,
        finished_at=(record.finished_at or record.updated_at) if outcome.finished else None,
        points=points_for(outcome), colours=tuple(player.colour for player in record.players),
        merged=record.merged, began=record.began, last_moved=record.last_moved)


def with_scores_so_far(evening: Evening, session_id: int, so_far: Outcome) -> Evening:
    """The evening with the game being played showing its scores so far (a saved game's scores are
    kept only once it is finished); it still gives no points until it is."""
    games = tuple(replace(game, outcome=so_far) if game.session_id == session_id and not game.finished
                  else game for game in evening.games)
    return replace(evening, games=games)


def _outcome(store: Store, record: SessionRecord) -> Outcome:
    """The saved result; a game finished before results were kept in one shape is replayed once; an
    unfinished or set-aside game has no scores yet."""
    try:
        saved = record.outcome
    except BadDocument:
        saved = None
    if saved is not None:
        return saved
    if record.finished_at is not None and not (record.result or {}).get("set_aside"):
        try:
            return store.resume(record.id).outcome
        except (CompanionError, ValueError, TypeError):
            pass
    return Outcome(False, tuple(Standing(seat, player.name, None, None) for seat, player in enumerate(record.players)))


# ----- the export-evening command -----------------------------------------------------------------

CSV_COLUMNS = ("evening", "game_number", "game", "hand", "player", "score", "place", "points")


def evening_document(store: Store, evening: Evening) -> dict[str, Any]:
    """The evening's table and every game as the log `companion import-game` reads back, each with
    when it was played, so `companion import-evening` rebuilds the same evening."""
    from .gamelog import export_saved

    return {
        "evening": {"started_at": evening.started_at, "last_played_at": evening.last_played_at,
                    "standings": [asdict(standing) for standing in evening.standings]},
        "games": [export_saved(store, game.session_id) for game in evening.games],
    }


def evening_rows(number: int, evening: Evening) -> list[dict[str, Any]]:
    """One row per player per hand (games of several hands) or per game (the others). A row's score
    and place are that hand's; the game's points are on its last row for each player, so adding up
    the points column gives the evening's table."""
    rows: list[dict[str, Any]] = []
    for game in evening.games:
        outcome = game.outcome
        if outcome.hands:
            ranked = [Outcome.ranked(game.names, hand, order=outcome.order, finished=True).standings
                      for hand in outcome.hands]
            for index, standings in enumerate(ranked, start=1):
                last = index == len(ranked)
                for standing in standings:
                    rows.append(_row(number, game, index, standing.name, standing.score, standing.place,
                                     game.points[standing.seat] if last else None))
        else:
            for standing in outcome.standings:
                rows.append(_row(number, game, None, standing.name, standing.score, standing.place,
                                 game.points[standing.seat]))
    return rows


def _row(number: int, game: GameResult, hand: int | None, name: str, score: int | None, place: int | None,
         points: int | None) -> dict[str, Any]:
    return {"evening": number, "game_number": game.session_id, "game": game.title, "hand": hand, "player": name,
            "score": score, "place": place, "points": points}


def evening_csv(number: int, evening: Evening) -> str:
    out = io.StringIO()
    import csv  # only exports write CSV

    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in evening_rows(number, evening):
        writer.writerow({key: "" if value is None else value for key, value in row.items()})
    return out.getvalue()


def game_alone(found: list[Evening], session_id: int) -> tuple[int, Evening]:
    """Saved game `session_id` as an evening of its own, with the number of the evening it was part
    of, so its CSV rows are the rows it has in its evening's CSV."""
    for number, evening in enumerate(found, start=1):
        for game in evening.games:
            if game.session_id == session_id:
                last = game.finished_at or evening.last_played_at
                return number, Evening((game,), game.started_at, last)
    raise BadDocument(f"there is no saved game number {session_id} that can be read back")


# ----- the import-evening command -----------------------------------------------------------------

_EVENING_KEYS = {"evening", "games"}
# An older evening document has no times per game: its games are put a minute apart from its start.
SPACING_WITHOUT_TIMES_S = 60.0
# Four hours of the quickest game is some fifty games: a file holding more is no evening.
MOST_GAMES = 100
# The games left out of an import named one by one in its message, so that it fits the message bar.
SAID_LEFT_OUT = 2


@dataclass(frozen=True)
class ImportedEvening:
    """What an evening's import saved, and the games it left out as saved already (each in words)."""

    sessions: list[Session]
    left_out: tuple[str, ...] = ()
    clock_note: str | None = None   # the games are dated where no game of this app can be (gamelog.clock_note)

    @property
    def text(self) -> str:
        """What was saved, in one sentence, and what was left out, in another."""
        numbers = [session.id for session in self.sessions]
        count = len(self.sessions)
        games = {1: f"game {numbers[0]}", 2: f"games {numbers[0]} and {numbers[-1]}"}.get(
            count, f"games {numbers[0]} to {numbers[-1]}")
        titles = ", ".join(session.game.title for session in self.sessions)
        said = f"Imported an evening of {count} game{'s' if count != 1 else ''} as {games}: {titles}."
        if self.left_out:
            named = "; ".join(self.left_out[:SAID_LEFT_OUT])
            more = len(self.left_out) - SAID_LEFT_OUT
            said += f" Left out, to count nothing twice: {named}" + (f"; and {more} more." if more > 0 else ".")
        if self.clock_note:
            said += f" {self.clock_note}"
        return said


def import_evening(store: Store, document: Any, task: Task | None = None) -> ImportedEvening:
    """Save every game of an evening document in one transaction, each at the time it was played.
    Every game is checked in full before any is saved: a refused one names its game and its action,
    and nothing is saved. A game saved already (or twice in the file) is left out and said so; an
    evening whose every game is saved already is refused. Games dated where none of this app can be
    are saved at those dates, and `clock_note` says so."""
    from .gamelog import clock_note

    checked, left_out = check_evening(store, document, task)
    if task is not None:
        task.begin("Saving", len(checked))
    saved = store.import_sessions(checked, each=task.advance if task is not None else None)
    return ImportedEvening(saved, tuple(left_out),
                           clock_note([game.started_at for game in checked if game.started_at is not None]))


def check_evening(store: Store, document: Any, task: Task | None = None) -> tuple[list[GameToImport], list[str]]:
    """Each new game of the evening document, replayed, with when it was played and its race logs,
    and the games left out as saved already, in words; a BadDocument otherwise."""
    from .gamelog import SavedGames, moves_in, played_from_document, races_from_document, session_from_document, session_key
    from .store import GameToImport

    document = unstamped(document, EVENING)
    games = _evening_games(document)
    start = _evening_start(document)
    if task is not None:
        task.begin("Checking the moves", sum(moves_in(game) for game in games))
    read = []
    for index, game in enumerate(games):
        number = f"game {index + 1} of {len(games)}"
        where = number + _titled(game)
        try:
            session = session_from_document(game, task)
            played = played_from_document(game)
            races = races_from_document(game, session)
        except BadDocument as problem:
            raise BadDocument(f"{where}: {problem}; nothing was imported") from None
        read.append((number, where, session, played, races))
    saved = SavedGames(store, task)
    checked: list[GameToImport] = []
    left_out: list[tuple[str, str]] = []
    first_of: dict[str, str] = {}
    # Spaced a minute apart, but never later than now: a game is not dated in the future.
    latest = max(start, clock.now())
    for index, (number, where, session, played, races) in enumerate(read):
        already = saved.find(session, played)
        first = first_of.setdefault(session_key(session), number)
        if already is not None:
            left_out.append((where, f"already saved, as game {already}"))
        elif first != number:
            left_out.append((where, f"the same game as {first}"))
        elif played is None:
            moment = min(start + index * SPACING_WITHOUT_TIMES_S, latest)
            checked.append(GameToImport(session, moment, moment, races=races))
        else:
            checked.append(GameToImport(session, played.started_at, played.last_played_at, played.set_aside, races,
                                        played.moves_at))
    if not checked:
        where, why = left_out[0]
        raise BadDocument(f"{where} is {why}: this evening was imported before; nothing was imported")
    return checked, [f"{where}, {why}" for where, why in left_out]


def _evening_games(document: Any) -> list[Any]:
    if not isinstance(document, dict) or not _EVENING_KEYS <= set(document):
        raise BadDocument("an evening is a JSON object with \"evening\" and \"games\", as "
                          "companion export-evening writes it")
    unknown = set(document) - _EVENING_KEYS
    if unknown:
        raise BadDocument(f"an evening has no field {sorted(unknown)[0]!r}; the fields are: evening, games")
    games = document["games"]
    if not isinstance(games, list) or not games:
        raise BadDocument("an evening's \"games\" must be a list of at least one game log")
    if len(games) > MOST_GAMES:
        raise BadDocument(f"an evening's \"games\" holds {len(games):,} games, more than any evening "
                          f"({MOST_GAMES} at most): check that it is the right file")
    return games


def _evening_start(document: dict[str, Any]) -> float:
    from .gamelog import checked_time

    header = document["evening"]
    if not isinstance(header, dict) or "started_at" not in header:
        raise BadDocument("an evening's \"evening\" must say when it started: \"started_at\" in seconds since 1970")
    return checked_time(header["started_at"], "the evening's started_at")


def _titled(game: Any) -> str:
    """The title in brackets after a game's number, as in "game 2 of 3 (Nut)", when the log names a
    game this app knows."""
    key = game.get("game") if isinstance(game, dict) else None
    try:
        return f" ({game_entry(key).title})" if isinstance(key, str) else ""
    except CompanionError:
        return ""
