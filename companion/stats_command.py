"""`companion stats`: the records in words or as JSON.

    companion stats                          every player's record, one line each, and the time at the table
    companion stats NAME                     one player's record in full: games, head to head, rival, nemesis, minion, buddy, races
    companion stats NAME --against OTHER     two players head to head, game by game
    companion stats --month [YYYY-MM]        a month: games, evenings, winners, the buzzer's records (default: this month)
    companion stats --year [YYYY]            a year in review (default: this year)

With --json each prints the figures docs/records.md describes field by field; a month or year with no
finished game prints null.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any, Sequence

from .buzzer_records import CloseFinish, Reaction
from .calendar_records import Month, YearInReview
from .errors import BadDocument
from .game_lines import read_ledger
from .head_to_head import HeadToHead
from .paths import default_data_dir
from .records import PlayerRecord, Records
from .words import counted, listed, month_name

_MONTH = re.compile(r"(\d{4})-(\d{1,2})")


def main(args: argparse.Namespace) -> int:
    from .store import Store

    question = _question(args)
    store = Store.open(args.data_dir or default_data_dir())
    try:
        # An answer is worked out once for the saved games as they stand (a long history takes a
        # while), kept with their revision, and given again until they change.
        kept = store.kept_answer(question)
        if kept is None:
            revision = store.saved_revision()   # read first: a change meanwhile keeps nothing stale
            figures, text = _answer(Records(read_ledger(store)), args)
            store.keep_answer(question, revision, json.dumps([figures, text]))
        else:
            figures, text = json.loads(kept)
    finally:
        store.close()
    sys.stdout.write(json.dumps(figures, indent=2) + "\n" if args.json else text)
    return 0


def _question(args: argparse.Namespace) -> str:
    """What was asked, as an answer is kept under: the question with "this month" or "this year" said
    as which, the clock's time zone (an evening belongs to the month it began in there), and the code
    that works the figures out (a change to it, an update, answers afresh)."""
    month = _month_asked(args.month) if args.month else None
    year = _year_asked(args.year) if args.year else None
    return json.dumps([_code(), time.tzname, time.timezone, time.altzone, args.name, args.against, month, year])


def _code() -> str:
    """The code's files, each by its path, size and time of writing."""
    package = Path(__file__).resolve().parent
    found = sorted((str(path.relative_to(package)), written.st_size, written.st_mtime_ns)
                   for path, written in ((path, path.stat()) for path in package.rglob("*.py")))
    return hashlib.sha256(json.dumps(found).encode()).hexdigest()


def _answer(records: Records, args: argparse.Namespace) -> tuple[Any, str]:
    """(the figures as JSON values, the same in words) for what the command asked."""
    if args.against is not None and args.name is None:
        raise BadDocument("--against compares two players: name the first one too, as in "
                          "companion stats Ann --against Ben")
    if (args.month or args.year) and (args.name is not None or (args.month and args.year)):
        raise BadDocument("--month and --year show everyone's figures: ask for one of them alone, without a name")
    if args.month:
        year, month = _month_asked(args.month)
        found = next((m for m in records.months if (m.year, m.month) == (year, month)), None)
        return _json(found), month_text(found) if found else f"No finished games in {month_name(year, month)}.\n"
    if args.year:
        year = _year_asked(args.year)
        review = records.year(year)
        return _json(review), year_text(review) if review else f"No finished games in {year}.\n"
    if args.against is not None:
        pair = records.head_to_head(args.name, args.against)
        return _json(pair), head_to_head_text(pair)
    if args.name is not None:
        one = records.player(args.name)
        return _json(one), record_text(one)
    every = list(records.players)
    return _json(every), table_text(every, records.seconds_at_table)


def _json(value: Any) -> Any:
    if isinstance(value, list):
        return [asdict(item) for item in value]
    return None if value is None else asdict(value)


def _month_asked(text: str) -> tuple[int, int]:
    if text == "now":
        local = time.localtime()
        return local.tm_year, local.tm_mon
    match = _MONTH.fullmatch(text.strip())
    if match is None or not 1 <= int(match.group(2)) <= 12:
        raise BadDocument(f"--month takes a month as YYYY-MM, such as 2026-11, not {text!r}")
    return int(match.group(1)), int(match.group(2))


def _year_asked(text: str) -> int:
    if text == "now":
        return time.localtime().tm_year
    if not re.fullmatch(r"\d{4}", text.strip()):
        raise BadDocument(f"--year takes a year such as 2026, not {text!r}")
    return int(text)


# ----- in words -----------------------------------------------------------------------------------

def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f} ms"


def duration(seconds: float) -> str:
    """`2 h 05 min`, `45 min`; under a minute is `0 min`."""
    minutes = int(seconds // 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{rate:.0%}"


def _day(moment: float) -> str:
    return time.strftime("%d %b %Y", time.localtime(moment))


def _columns(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return ["  ".join(cell.ljust(width) if column == 0 else cell.rjust(width)
                      for column, (cell, width) in enumerate(zip(row, widths))).rstrip() for row in rows]


def table_text(records: list[PlayerRecord], seconds_at_table: float) -> str:
    if not records:
        return "No players yet: play a game and everyone at the table shows up here.\n"
    header = ("Player", "Played", "Won", "Win rate", "Longest streak", "At the table", "Races won", "Median reaction")
    rows = [header] + [(r.name, str(r.played), str(r.won), _percent(r.win_rate), str(r.longest_streak),
                        duration(r.seconds_at_table), f"{r.races.won}/{r.races.races}",
                        _ms(r.races.median_reaction_ms)) for r in records]
    return "\n".join(_columns(rows) + [f"Time at the table, every evening together: {duration(seconds_at_table)}"]) + "\n"


def record_text(record: PlayerRecord) -> str:
    races = record.races
    lines = [f"{record.name} ({record.colour})",
             f"Played {record.played}, won {record.won} (win rate {_percent(record.win_rate)}); winning streak now "
             f"{record.current_streak}, longest {record.longest_streak}; at the table {duration(record.seconds_at_table)}"]
    for game in record.games:
        average = "-" if game.average is None else f"{game.average:g}"
        best = "-" if game.best is None else str(game.best)
        lines.append(f"  {game.title}: played {game.played}, won {game.won} ({_percent(game.win_rate)}), "
                     f"best score {best}, average {average}")
    for title, found in (("Rival (the closest record)", record.rival), ("Nemesis", record.nemesis),
                         ("Minion", record.minion), ("Buddy (most games together)", record.buddy)):
        tied = " (tied)" if len(found) > 1 else ""
        lines.extend(f"{title}{tied}: {_against(line)}" for line in found)
    if record.achievements:
        lines.append("Achievements: " + "; ".join(f"{item.title} ({item.game}, {_day(item.earned_at)})"
                                                 for item in record.achievements))
    if record.opponents:
        lines.append("Head to head:")
        lines.extend(f"  {_against(line)}" for line in record.opponents)
    lines.append(f"Races: {races.races}, won {races.won} (a bone got, a claim made), bones missed {races.bones_missed}, "
                 f"false starts {races.false_starts}, "
                 f"median reaction {_ms(races.median_reaction_ms)}, closest win {_ms(races.closest_win_ms)}, "
                 f"closest loss {_ms(races.closest_loss_ms)}")
    if record.reaction_trend is not None:
        lines.append("Reaction, evening by evening: " + ", ".join(
            f"{_day(point.evening_started_at)} {_ms(point.median_ms)}" for point in record.reaction_trend))
    return "\n".join(lines) + "\n"


def _against(line: HeadToHead) -> str:
    return (f"{line.opponent}: {line.together} game{'s' if line.together != 1 else ''} together, "
            f"won {line.wins}, lost to them {line.opponent_wins}{_level(line)}")


def _level(line: HeadToHead) -> str:
    """The games finished level, after the wins and losses they add up with."""
    shared = f", {counted(line.shared_wins, 'shared win')}" if line.shared_wins else ""
    return shared + (f", {line.draws} drawn" if line.draws else "")


def head_to_head_text(pair: HeadToHead) -> str:
    if not pair.together:
        return f"{pair.player} and {pair.opponent} have not finished a game together yet.\n"
    lines = [f"{pair.player} against {pair.opponent}: {pair.together} games together; {pair.player} won "
             f"{pair.wins}, {pair.opponent} won {pair.opponent_wins}{_level(pair)}"]
    lines.extend(f"  {game.title}: {game.together} together, {pair.player} {game.wins}, "
                 f"{pair.opponent} {game.opponent_wins}" + (f", {game.shared} shared" if game.shared else "")
                 for game in pair.by_game)
    return "\n".join(lines) + "\n"


def month_text(month: Month) -> str:
    lines = [f"{month_name(month.year, month.month)}: {month.games} game{'s' if month.games != 1 else ''} over "
             f"{month.evenings} evening{'s' if month.evenings != 1 else ''}, {duration(month.seconds_at_table)} "
             "at the table"]
    lines.extend(f"  {winner.name}: won {winner.games_won} game{'s' if winner.games_won != 1 else ''}, "
                 f"{winner.evenings_won} evening{'s' if winner.evenings_won != 1 else ''}" for winner in month.winners)
    if month.fastest_reactions:
        lines.append("Fastest reactions: " + ", ".join(_reaction(r) for r in month.fastest_reactions))
    if month.closest_finishes:
        lines.append("Closest finishes: " + ", ".join(_finish(f) for f in month.closest_finishes))
    return "\n".join(lines) + "\n"


def _reaction(reaction: Reaction) -> str:
    return f"{reaction.name} {_ms(reaction.ms)} ({reaction.title}, {_day(reaction.played_at)})"


def _finish(finish: CloseFinish) -> str:
    return (f"{finish.winner} over {finish.runner_up} by {_ms(finish.margin_ms)} "
            f"({finish.title}, {_day(finish.played_at)})")


def year_text(review: YearInReview) -> str:
    lines = [f"{review.year} in review: {review.games} game{'s' if review.games != 1 else ''} over "
             f"{review.evenings} evening{'s' if review.evenings != 1 else ''}, "
             f"{duration(review.seconds_at_table)} at the table"]
    if review.most_played is not None:
        count = review.most_played.count
        lines.append(f"Most played: {listed(review.most_played.names)} ({counted(count, 'game')})")
    if review.most_wins is not None:
        lines.append(f"Most wins: {listed(review.most_wins.names)} ({review.most_wins.count})")
    if review.closest_race is not None:
        lines.append(f"Closest race: {_finish(review.closest_race)}")
    if review.longest_run is not None:
        run = review.longest_run
        lines.append(f"Longest winning run: {run.name}, {run.wins} in a row ({_day(run.from_at)} to {_day(run.to_at)})")
    lines.extend(f"Champion of {title}: {listed(leaders.names)} ({leaders.count} win{'s' if leaders.count != 1 else ''}"
                 f"{' each' if len(leaders.names) > 1 else ''})" for title, leaders in review.champions)
    lines.extend(f"  {month_name(m.year, m.month)}: {m.games} game{'s' if m.games != 1 else ''}, {m.evenings} "
                 f"evening{'s' if m.evenings != 1 else ''}, {duration(m.seconds_at_table)}" for m in review.months)
    return "\n".join(lines) + "\n"
