"""A USB stick for the tests, the files a table exports onto one, and the checks every import must pass:
never a traceback, a refused file saves nothing, no game is saved twice, and no game's last move is
dated before its start."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import time
from pathlib import Path

from race_support import raced_mutts

from companion import exports
from companion.errors import CompanionError
from companion.evenings import evening_document
from companion.game_lines import evenings
from companion.gamelog import MOST_MOVES, export_document, session_key
from companion.playthrough import table_of
from companion.progress import Task
from companion.registry import load_game
from companion.session import Session
from companion.store import Store


def plug_in(tmp_path: Path, monkeypatch, label: str = "KINGSTON", fs: str = "vfat") -> Path:
    """A stick as the desktop mounts it, in a fake mount table the app is pointed at."""
    stick = tmp_path / "media" / "pi" / label
    stick.mkdir(parents=True, exist_ok=True)
    (tmp_path / "mounts").write_text(f"/dev/sda1 {stick} {fs} rw,nosuid,nodev 0 0\n")
    monkeypatch.setattr(exports, "ROOTS", (tmp_path / "media",))
    monkeypatch.setattr(exports, "MOUNTS", tmp_path / "mounts")
    return stick


def mount_small(where: Path) -> bool:
    """A real small filesystem (tmpfs) at `where`, as a stick is one; False where the machine will not."""
    where.mkdir(parents=True, exist_ok=True)
    return subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(where)],
                          capture_output=True).returncode == 0


def pull_out(where: Path) -> None:
    subprocess.run(["umount", "-l", str(where)], capture_output=True)


def a_tables_evening(data_dir: Path) -> tuple[dict, dict]:
    """What a table exports: an evening (a raced Nuts about Mutts with its race logs, a finished Nut, a
    Mix-the-Mutts set aside) and one game of it alone, as documents."""
    store = Store.open(data_dir)
    try:
        raced_mutts(store)
        nut = store.new_session("nut", table_of(2))
        rng = random.Random(4)
        while not nut.is_over:
            nut.perform(rng.choice(nut.game.legal_actions(nut.state, rng)))
        mix = store.new_session("mix_the_mutts", table_of(3))
        mix.perform(mix.game.legal_actions(mix.state, rng)[0])
        store.set_aside(mix.id)
        (evening,) = evenings(store)
        from companion.gamelog import export_saved

        return evening_document(store, evening), export_saved(store, nut.id)
    finally:
        store.close()


def long_game(moves: int, seed: int = 1) -> dict:
    """A six-player Nuts about Mutts played "until the family ends it", `moves` moves long."""
    game = load_game("nuts_about_mutts")
    session = Session(game, table_of(6), {"hands": 0})
    rng = random.Random(seed)
    while len(session.actions) < moves:
        actions = game.legal_actions(session.state, rng)
        rng.shuffle(actions)
        session.perform(next(action for action in actions if not game.is_over(session.check(action))))
    return export_document(session)


def largest_evening(limit: int) -> str:
    """An evening as large as a file may be (`limit` bytes at most, written as export-evening writes
    it): copies of one long game, each with its own players, so that none is the same game as another."""
    game = long_game(min(MOST_MOVES, 12_400))
    start = time.time() - 4 * 3600
    games = []
    for copy_number in range(100):
        one = copy.deepcopy(game)
        for player in one["players"]:
            player["name"] = f"{player['name']} {copy_number}"
        one["played"] = {"started_at": start + copy_number * 60, "last_played_at": start + copy_number * 60 + 30,
                         "set_aside": True}
        text = json.dumps({"evening": {"started_at": start}, "games": games + [one]}, indent=2) + "\n"
        if len(text.encode()) > limit:
            break
        games.append(one)
    return json.dumps({"evening": {"started_at": start}, "games": games}, indent=2) + "\n"


def saved_state(store: Store) -> tuple:
    """Everything the saved games hold, to compare before and after a refused import."""
    db = store._db
    return tuple(db.execute(query).fetchall() for query in (
        "SELECT * FROM sessions ORDER BY id", "SELECT * FROM entries ORDER BY session_id, seq",
        "SELECT * FROM races ORDER BY id", "SELECT * FROM roster ORDER BY name"))


def check_saved_games(store: Store) -> None:
    """No game saved twice (the same players, settings and moves), every one reads back, and none has its
    last move before its start (the dates a file gives are kept, however wrong the clock that wrote them)."""
    records = store.history()
    keys = [session_key(store.resume(record.id)) for record in records]
    assert len(keys) == len(set(keys)), "a game was saved twice"
    for record in records:
        assert record.started_at <= record.updated_at, (record.id, record.started_at)


def tap_import(store: Store, stick: Path, path: Path, between=None) -> str:
    """What the Import button does with `path` on the stick, and what the family is told: the stick's
    list (every file described), then, after `between()` (what happens to the stick meanwhile), the
    import of the file tapped. Only a CompanionError may stop it; a refused one changes nothing."""
    listed = exports.stick_entries(exports.Stick(stick, False))
    for entry in listed:
        words = exports.describe(entry, Task())
        assert isinstance(words, str) and words and "\n" not in words, (entry, words)
    if between is not None:
        between()
    before = saved_state(store)
    try:
        imported = exports.import_file(store, path, Task())
    except CompanionError as problem:
        said = str(problem)
        assert said and "\n" not in said and "Traceback" not in said
        assert saved_state(store) == before, f"a refused import changed the saved games: {said}"
        return said
    assert imported.session_ids and all(store.session_record(number) for number in imported.session_ids)
    check_saved_games(store)
    return imported.message
