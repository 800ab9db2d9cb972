"""One name, one form: "José" typed with the letter é and typed as e followed by a combining accent is
one player wherever a name comes in (an evening imported, a rename, a merge, `companion stats NAME`,
the saved games of an older version), and a name of which nothing would show is refused with why.
The typing on the table's own keys is in tests/test_ui_keyboard.py."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time

import pytest
from schema_support import back_to_schema

from companion import corrections
from companion.corrections import NameTaken, Refused
from companion.gamelog import session_from_document
from companion.records import all_records
from companion.rulecards import load_example
from companion.store import DB_NAME, Store

COMPOSED, DECOMPOSED = "Jos\u00e9", "Jose\u0301"   # the letter é; e and a combining acute accent
assert COMPOSED != DECOMPOSED


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "table_companion", *args], capture_output=True, text=True)


def played(store: Store, game: str, *names: str) -> int:
    return store.import_session(session_from_document({**load_example(game), "players": list(names)})).id


def evening_file(tmp_path, *names: str):
    """An evening of one Nut, as `companion export-evening` writes one, its seats named as given (the
    file keeps each name in the form it was given)."""
    path = tmp_path / "evening.json"
    nut = {**load_example("nut"), "players": list(names)}
    path.write_text(json.dumps({"evening": {"started_at": time.time() - 3600}, "games": [nut]}, ensure_ascii=False),
                    encoding="utf-8")
    return path


def test_an_evening_imported_with_the_name_in_the_other_form_is_the_same_players_evening(tmp_path):
    store = Store.open(tmp_path)
    played(store, "mix_the_mutts", COMPOSED, "Ann")
    store.close()
    result = companion("import-evening", str(evening_file(tmp_path, DECOMPOSED, "Ann")), "--data-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    everyone = json.loads(companion("stats", "--json", "--data-dir", str(tmp_path)).stdout)
    assert sorted((record["name"], record["played"]) for record in everyone) == [("Ann", 2), (COMPOSED, 2)]
    # And asked for in either form, on the command line, it is the one record.
    for asked in (COMPOSED, DECOMPOSED, DECOMPOSED.lower()):
        one = companion("stats", asked, "--json", "--data-dir", str(tmp_path))
        assert one.returncode == 0, one.stderr
        assert (json.loads(one.stdout)["name"], json.loads(one.stdout)["played"]) == (COMPOSED, 2)


@pytest.mark.parametrize("name, why", [
    ("\u0301\u0301", "an accent shows only over a letter"),   # accents alone, stacked on nothing
    ("\u0303", "an accent shows only over a letter"),
    (" \u0301 ", "an accent shows only over a letter"),
    ("\u200b\u200b", "zero width space"),                   # invisible characters
    ("\u200e", "left-to-right mark"),
    ("   ", "only spaces"),
])
def test_an_evening_with_a_name_of_which_nothing_shows_is_refused_with_why_and_nothing_is_saved(tmp_path, name, why):
    store = Store.open(tmp_path)
    played(store, "nut", "Ann", "Ben")
    store.close()
    before = (tmp_path / DB_NAME).read_bytes()
    result = companion("import-evening", str(evening_file(tmp_path, "Ann", name)), "--data-dir", str(tmp_path))
    assert result.returncode != 0
    assert "players[1]" in result.stderr and why in result.stderr and "nothing was imported" in result.stderr
    assert "Traceback" not in result.stderr
    store = Store.open(tmp_path)
    assert store.game_count() == 1
    store.close()
    assert (tmp_path / DB_NAME).read_bytes() == before


@pytest.fixture
def store(tmp_path):
    opened = Store.open(tmp_path)
    yield opened
    opened.close()


def test_a_rename_or_merge_given_the_name_in_the_other_form_finds_the_same_player(store):
    played(store, "nut", COMPOSED, "Ann")
    played(store, "nut", "Ann", "Zed")
    with pytest.raises(NameTaken) as taken:
        corrections.rename_player(store, "Zed", DECOMPOSED)
    assert taken.value.existing == COMPOSED
    corrections.merge_players(store, "Zed", DECOMPOSED)
    assert sorted((record.name, record.played) for record in all_records(store)) == [("Ann", 2), (COMPOSED, 2)]
    corrections.rename_player(store, DECOMPOSED, "Pepe")
    assert sorted(record.name for record in all_records(store)) == ["Ann", "Pepe"]


@pytest.mark.parametrize("new_name", ["\u0301", "\u0301\u0301\u0301", "\u200b"])
def test_a_rename_to_a_name_of_which_nothing_shows_is_refused_and_nothing_changes(store, new_name):
    played(store, "nut", "Ann", "Ben")
    with pytest.raises(Refused) as refused:
        corrections.rename_player(store, "Ben", new_name)
    assert "Nothing was renamed" in str(refused.value)
    assert store.changes() == []


# ----- the saved games of an older version --------------------------------------------------------

PLACEHOLDER = "Zed"


def written_in_the_other_form(data_dir, game_number: int) -> None:
    """Game `game_number`'s Zed as an older version kept a name typed with a combining accent: José in
    its decomposed form, in the seats, the result (as json.dumps wrote them, escaped) and the roster."""
    connection = sqlite3.connect(data_dir / DB_NAME)
    escaped = json.dumps(DECOMPOSED)[1:-1]
    connection.execute("UPDATE sessions SET players = replace(players, ?, ?), result = replace(result, ?, ?) "
                       "WHERE id = ?", (PLACEHOLDER, escaped, PLACEHOLDER, escaped, game_number))
    connection.execute("UPDATE OR IGNORE roster SET name = ? WHERE name = ?", (DECOMPOSED, PLACEHOLDER))
    connection.execute("DELETE FROM roster WHERE name = ?", (PLACEHOLDER,))
    connection.commit()
    connection.close()


ONE_FORM = 6   # the schema from which names are compared in one form


@pytest.mark.parametrize("schema", range(1, ONE_FORM))
def test_saved_games_of_every_older_version_with_one_name_in_two_forms_lose_nothing_and_keep_one_person(
        tmp_path, schema):
    store = Store.open(tmp_path)
    first = played(store, "nut", COMPOSED, "Ann")
    second = played(store, "nut", "Ann", PLACEHOLDER)                     # José, typed the other way
    both = played(store, "mix_the_mutts", COMPOSED, PLACEHOLDER)          # both ways at one table
    store.close()
    written_in_the_other_form(tmp_path, second)
    written_in_the_other_form(tmp_path, both)
    back_to_schema(tmp_path, schema)

    store = Store.open(tmp_path)
    try:
        assert store.moved_aside is None and store.unreadable() == []
        assert [record.id for record in store.history()] == [first, second, both]
        # The seat that would now share its name is told apart in that game alone, as a rename the
        # family can see, and change again.
        assert [player.name for player in store.session_record(both).players] == [COMPOSED, f"{COMPOSED} 2"]
        assert [player.name for player in store.session_record(second).players] == ["Ann", COMPOSED]
        assert sorted((record.name, record.played) for record in all_records(store)) == [
            ("Ann", 2), (COMPOSED, 3), (f"{COMPOSED} 2", 1)]
        assert [player.name for player in store.roster()].count(COMPOSED) == 1
        (told_apart,) = store.changes()
        with pytest.raises(Refused, match="would sit twice"):
            corrections.undo(store, told_apart)
        corrections.rename_seat(store, both, 1, "Pepe")
        assert [player.name for player in store.session_record(both).players] == [COMPOSED, "Pepe"]
    finally:
        store.close()
    reopened = Store.open(tmp_path)   # the migration ran once: opening again changes nothing
    assert len(reopened.changes()) == 2
    reopened.close()
