"""The example evening of docs/examples/: five games played on Saturday 21 November 2026 from 19:00
(UTC) by Ann, Ben and Cleo, with buzzer races, saved at fixed times, and what the command line exports
of it: the evening as JSON and CSV, and its games as plays for BG Stats.

    python tests/example_evening.py docs/examples     # writes the three files again

tests/test_bgstats.py checks the files there are what the app writes today, field by field.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mutts_support import play_out_hand  # noqa: E402
from race_support import bone_race, race  # noqa: E402

from companion.actions import Action  # noqa: E402
from companion.gamelog import session_from_document  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.races.racelog import RACED_AGAIN_LINE  # noqa: E402
from companion.registry import load_game  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.store import GameToImport, Store  # noqa: E402

STARTED = 1_795_287_600.0   # Sat 21 Nov 2026 19:00 UTC
SECONDS_A_MOVE = 40.0
BETWEEN_GAMES = 300.0
FILES = {"json": [], "csv": ["--csv"], "bgstats.json": ["--bgstats"]}
COLOURS = {"Ann": "orange", "Ben": "sky", "Cleo": "green"}   # each child's colour, whatever the seat


def _raced_mutts() -> tuple[Session, list[list[dict]]]:
    """Nuts about Mutts over two hands on the big buttons (Ann 1, Ben 2, Cleo 3): three bone races
    played into the game, and a fourth the family ran again (kept in the log, counted nowhere)."""
    players = [Player(name, COLOURS[name], seat + 1) for seat, name in enumerate(("Ann", "Ben", "Cleo"))]
    session = Session(load_game("nuts_about_mutts"), players, {"hands": 2})
    races: list[list[dict]] = []
    keep = lambda _number, log: races.append(log)  # noqa: E731
    bone_race(session, {1: 212.0, 2: 251.0, 3: 390.0}, keep)   # Ann first by 39 ms
    bone_race(session, {2: 181.0, 1: 185.0, 3: 302.0}, keep)   # Ben first, Ann 4 ms behind
    races.append([*race("bones", [1, 2, 3], {3: 160.0, 1: 161.0, 2: 300.0}), RACED_AGAIN_LINE])  # run again
    bone_race(session, {1: 155.0, 3: 171.0, 2: 420.0}, keep)   # Ann first by 16 ms
    play_out_hand(session, 2)
    session.perform(Action("deal"))
    session.perform(Action("play", session.summary()["to_act"]["seat"]))
    play_out_hand(session, 0)
    return session, races


def _example(key: str, names: tuple[str, ...]) -> Session:
    document = load_example(key)
    return session_from_document({**document, "players": [
        {"name": name, "colour": COLOURS[name], "button": None} for name in names]})


def games() -> list[GameToImport]:
    """The evening's games, each at its own time: a move every 40 seconds, five minutes between games."""
    mutts, races = _raced_mutts()
    played: list[tuple[Session, list[list[dict]]]] = [
        (mutts, races),
        (_example("nut", ("Ann", "Ben")), []),
        (_example("mix_the_mutts", ("Ann", "Ben")), []),
        (_example("thats_ruff", ("Cleo", "Ann")), []),
        (_example("pugs_in_mugs", ("Ben", "Cleo")), []),
    ]
    found, start = [], STARTED
    for session, logs in played:
        moves = tuple(start + SECONDS_A_MOVE * (number + 1) for number in range(len(session.actions)))
        found.append(GameToImport(session, start, moves[-1], races=logs, moves_at=moves))
        start = moves[-1] + BETWEEN_GAMES
    return found


def save(data_dir: Path) -> None:
    store = Store.open(data_dir)
    try:
        store.import_sessions(games())
    finally:
        store.close()


def companion(*args: str, time_zone: str = "UTC") -> str:
    """The command as a family runs it, on UTC so the files read the same wherever they are made."""
    result = subprocess.run([sys.executable, "-m", "table_companion", *args], capture_output=True, text=True,
                            env={**os.environ, "TZ": time_zone}, cwd=Path(__file__).resolve().parents[1])
    if result.returncode != 0:
        raise RuntimeError(result.stderr)
    return result.stdout


def exported(data_dir: Path) -> dict[str, str]:
    """Each file of the evening's export (by its suffix after `evening.`), as the command writes it."""
    return {suffix: companion("export-evening", "1", *flags, "--data-dir", str(data_dir))
            for suffix, flags in FILES.items()}


def main(folder: str) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        save(Path(scratch))
        for suffix, text in exported(Path(scratch)).items():
            (Path(folder) / f"evening.{suffix}").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
