"""Files from a table whose clock was wrong: its games are the family's all the same. They are imported at
the times the file gives, with the dates shown and a note saying the clock seemed wrong; only what is no
time at all is refused. And this table's own export, made while its clock was put back during a game,
imports on another table."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from clock_support import DAY, IMAGE_BUILT, TableClock, play_nut
from stick_support import a_tables_evening

from companion import clock
from companion.evenings import import_evening
from companion.game_lines import evenings
from companion.gamelog import export_saved, import_document
from companion.manifest import GAME, stamped
from companion.store import Store

COMPANION = [sys.executable, "-m", "table_companion"]


@pytest.fixture
def store(tmp_path):
    store = Store.open(tmp_path / "here")
    yield store
    store.close()


@pytest.fixture
def built_day_evening(tmp_path, monkeypatch) -> dict:
    """An evening exported by a table that started at its image's build day and was never set right."""
    monkeypatch.setattr(clock, "source", TableClock(IMAGE_BUILT))
    evening, _ = a_tables_evening(tmp_path / "wrong-clock table")
    monkeypatch.undo()
    return evening


def test_an_evening_from_a_table_whose_clock_was_wrong_is_imported_at_its_dates_with_a_note(
        store, built_day_evening):
    imported = import_evening(store, built_day_evening)

    assert len(imported.sessions) == 3
    assert ("The clock of the table that played them was wrong: they are dated Mon 27 Apr 2026, before this app "
            "was first made. They keep their dates.") in imported.text
    played = {record.started_at for record in store.history()}
    assert played == {game["played"]["started_at"] for game in built_day_evening["games"]}
    (evening,) = evenings(store)
    assert len(evening.games) == 3


def imported_by_command(tmp_path, command: str, document: dict) -> subprocess.CompletedProcess[str]:
    """`companion import-game` or `import-evening` run on `document` into tmp_path/data, which took it."""
    file = tmp_path / "file.json"
    file.write_text(json.dumps(document))
    done = subprocess.run([*COMPANION, command, str(file), "--data-dir", str(tmp_path / "data")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done


def test_import_evening_says_the_clock_seemed_wrong_and_saves_the_games(tmp_path, built_day_evening):
    done = imported_by_command(tmp_path, "import-evening", built_day_evening)
    assert "Imported an evening of 3 games" in done.stdout
    assert "dated Mon 27 Apr 2026, before this app was first made" in done.stdout
    store = Store.open(tmp_path / "data")
    try:
        assert len(store.history()) == 3
    finally:
        store.close()


def test_import_game_keeps_a_game_dated_tomorrow_and_says_a_clock_was_wrong(tmp_path):
    table_clock = TableClock(clock.now() + DAY)
    elsewhere = tmp_path / "elsewhere"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(clock, "source", table_clock)
        ahead = Store.open(elsewhere)
        game = play_nut(ahead, table_clock, 20)
        document = stamped(export_saved(ahead, game.id), GAME, 1)
        ahead.close()
    done = imported_by_command(tmp_path, "import-game", document)
    assert "Imported Nut as game 1" in done.stdout
    assert "One of the two tables' clocks was wrong: it is dated" in done.stdout and "It keeps its dates." in done.stdout


def test_a_game_whose_clock_was_put_back_while_it_was_played_exports_and_imports_elsewhere(tmp_path, monkeypatch):
    table_clock = TableClock(IMAGE_BUILT + 220 * DAY)
    monkeypatch.setattr(clock, "source", table_clock)
    here = Store.open(tmp_path / "here")
    game = play_nut(here, table_clock, 10, set_back_s=3 * 3600)   # the clock put back during the game
    document = export_saved(here, game.id)
    here.close()
    assert document["played"]["started_at"] <= document["played"]["last_played_at"]

    elsewhere = Store.open(tmp_path / "elsewhere")
    try:
        copied = import_document(elsewhere, {**document, "played": {**document["played"],
                                                                    "last_played_at": table_clock.wall}})
        record = elsewhere.session_record(copied.id)
        assert record.started_at == document["played"]["started_at"] == record.updated_at
    finally:
        elsewhere.close()
