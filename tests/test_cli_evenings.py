"""`companion export-evening` and `companion stats` as a family or a script would use them."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest
from race_support import raced_mutts

from companion.actions import Action
from companion.game_lines import evenings
from companion.gamelog import session_from_document
from companion.players import IDENTITIES, Player
from companion.rulecards import load_example
from companion.store import Store

COMPANION = [sys.executable, "-m", "table_companion"]
ANN, BEN, CLEO = 0, 1, 2


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*COMPANION, *args], capture_output=True, text=True)


def play_out_hand(session, winner: int) -> None:
    while session.summary()["phase"] == "play":
        seat = session.summary()["turn"]
        if seat == winner or session.summary()["hand_sizes"][seat] > 1:
            session.perform(Action("play", seat))
        else:
            session.perform(Action("draw", seat))


@pytest.fixture
def evening_dir(tmp_path):
    """An evening of a two-hand Nuts about Mutts (Ann wins overall), then Mix-the-Mutts (Ben wins)."""
    data = tmp_path / "data"
    store = Store.open(data)
    players = [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in enumerate(("Ann", "Ben", "Cleo"))]
    mutts = store.new_session("nuts_about_mutts", players, {"hands": 2})
    mutts.perform(Action("play", BEN))
    play_out_hand(mutts, CLEO)
    mutts.perform(Action("deal"))
    mutts.perform(Action("play", mutts.summary()["to_act"]["seat"]))
    play_out_hand(mutts, ANN)
    assert mutts.is_over
    store.import_session(session_from_document(load_example("mix_the_mutts")))
    store.close()
    return data


@pytest.fixture
def raced_evening_dir(tmp_path):
    """An evening of the raced Nuts about Mutts, then Mix-the-Mutts (Ann and Ben, no races)."""
    data = tmp_path / "raced"
    store = Store.open(data)
    raced_mutts(store)
    store.import_session(session_from_document(load_example("mix_the_mutts")))
    store.close()
    return data


def stats(data) -> list[dict]:
    result = run("stats", "--json", "--data-dir", str(data))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def standings(data) -> list[dict]:
    store = Store.open(data)
    try:
        return [vars(standing) for standing in evenings(store)[0].standings]
    finally:
        store.close()


def test_an_exported_evening_imports_back_to_the_same_table(evening_dir, tmp_path):
    out = tmp_path / "evening.json"
    result = run("export-evening", "--data-dir", str(evening_dir), "--output", str(out))
    assert result.returncode == 0, result.stderr
    document = json.loads(out.read_text())
    assert [game["game"] for game in document["games"]] == ["nuts_about_mutts", "mix_the_mutts"]
    assert document["evening"]["standings"] == standings(evening_dir)
    assert {"started_at", "last_played_at"} <= set(document["evening"])

    elsewhere = tmp_path / "elsewhere"
    for number, game in enumerate(document["games"]):
        path = tmp_path / f"game{number}.json"
        path.write_text(json.dumps(game))
        imported = run("--data-dir", str(elsewhere), "import-game", str(path))
        assert imported.returncode == 0, imported.stderr
    assert standings(elsewhere) == document["evening"]["standings"]
    assert [(s["name"], s["points"]) for s in document["evening"]["standings"]] == [("Ann", 2), ("Ben", 1), ("Cleo", 1)]


def test_an_evening_exported_and_imported_into_an_empty_table_keeps_every_record_and_race(raced_evening_dir,
                                                                                         tmp_path):
    before = stats(raced_evening_dir)
    ann = next(record for record in before if record["name"] == "Ann")
    # Worked by hand from the four races (three racers, two bones each): Ann got a bone in all four; her
    # reactions were 200, 183, 150 and 260 ms (median 191.5); she was the last in by 117 ms (183 to
    # Cleo's 300) and by 10 ms (260 to Ben's 270), and never the one left out.
    assert ann["races"] == {"races": 4, "won": 4, "bones_missed": 0, "median_reaction_ms": 191.5, "false_starts": 0,
                            "closest_win_ms": 10.0, "closest_loss_ms": None}
    out = tmp_path / "evening.json"
    assert run("export-evening", "--data-dir", str(raced_evening_dir), "--output", str(out)).returncode == 0
    copy = tmp_path / "copy"
    imported = run("import-evening", str(out), "--data-dir", str(copy))
    assert imported.returncode == 0, imported.stderr
    assert stats(copy) == before
    assert standings(copy) == standings(raced_evening_dir)
    assert run("stats", "Ann", "--data-dir", str(copy)).stdout == run("stats", "Ann", "--data-dir",
                                                                      str(raced_evening_dir)).stdout


def test_one_game_exported_and_imported_into_an_empty_table_keeps_its_records_and_races(tmp_path):
    original = tmp_path / "original"
    store = Store.open(original)
    raced_mutts(store)
    store.close()
    before = stats(original)
    assert [(record["name"], record["races"]["races"]) for record in before] == [("Ann", 4), ("Ben", 4), ("Cleo", 4)]
    game = tmp_path / "game.json"
    assert run("--data-dir", str(original), "export-game", "1", str(game)).returncode == 0
    copy = tmp_path / "copy"
    imported = run("import-game", str(game), "--data-dir", str(copy))
    assert imported.returncode == 0, imported.stderr
    assert stats(copy) == before
    assert standings(copy) == standings(original)


def test_csv_has_a_row_per_player_per_hand_and_the_points_add_up(evening_dir):
    result = run("export-evening", "1", "--csv", "--data-dir", str(evening_dir))
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == ["evening", "game_number", "game", "hand", "player", "score", "place", "points"]
    mutts = [row for row in rows if row["game"] == "Nuts about Mutts"]
    mix = [row for row in rows if row["game"] == "Mix-the-Mutts"]
    assert [(row["hand"], row["player"]) for row in mutts] == [
        ("1", "Ann"), ("1", "Ben"), ("1", "Cleo"), ("2", "Ann"), ("2", "Ben"), ("2", "Cleo")]
    assert [row["place"] for row in mutts[:3]] == ["2", "3", "1"]   # Cleo went out first in hand 1
    assert [row["points"] for row in mutts[:3]] == ["", "", ""]     # the game's points come once, on its last hand
    assert [(row["hand"], row["player"], row["score"], row["points"]) for row in mix] == [
        ("", "Ann", "31", "0"), ("", "Ben", "39", "1")]
    assert {row["evening"] for row in rows} == {"1"} and {row["game_number"] for row in rows} == {"1", "2"}
    totals: dict[str, int] = {}
    for row in rows:
        totals[row["player"]] = totals.get(row["player"], 0) + int(row["points"] or 0)
    assert totals == {s["name"]: s["points"] for s in standings(evening_dir)}


def test_an_unknown_evening_or_an_empty_store_is_a_message_not_a_traceback(evening_dir, tmp_path):
    result = run("export-evening", "2", "--data-dir", str(evening_dir))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "no evening number 2" in result.stderr and "1 (the newest)" in result.stderr
    empty = run("export-evening", "--data-dir", str(tmp_path / "empty"))
    assert empty.returncode == 2 and "no saved games yet" in empty.stderr and "Traceback" not in empty.stderr


def test_stats_lists_every_player_and_one_record_in_full(evening_dir):
    table = run("--data-dir", str(evening_dir), "stats")     # --data-dir before the command works too
    assert table.returncode == 0, table.stderr
    lines = table.stdout.splitlines()
    assert lines[0].split()[:3] == ["Player", "Played", "Won"] and "Median reaction" in lines[0]
    assert [line.split()[0] for line in lines[1:4]] == ["Ann", "Ben", "Cleo"]
    assert lines[4].startswith("Time at the table, every evening together: ")

    one = run("stats", "cleo", "--data-dir", str(evening_dir))
    assert one.returncode == 0, one.stderr
    assert one.stdout.startswith("Cleo (green)") and "Nuts about Mutts: played 1, won 0" in one.stdout

    as_json = run("stats", "Ann", "--json", "--data-dir", str(evening_dir))
    record = json.loads(as_json.stdout)
    assert (record["name"], record["played"], record["won"]) == ("Ann", 2, 1)
    assert {game["game"] for game in record["games"]} == {"nuts_about_mutts", "mix_the_mutts"}
    everyone = json.loads(run("stats", "--json", "--data-dir", str(evening_dir)).stdout)
    assert [r["name"] for r in everyone] == ["Ann", "Ben", "Cleo"]


def test_stats_for_an_unknown_player_says_who_there_is(evening_dir):
    result = run("stats", "Zed", "--data-dir", str(evening_dir))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "no player called 'Zed'" in result.stderr and "Ann, Ben, Cleo" in result.stderr


def test_import_evening_rebuilds_the_same_evening_and_a_refused_one_saves_nothing(evening_dir, tmp_path):
    out = tmp_path / "evening.json"
    assert run("export-evening", "--data-dir", str(evening_dir), "--output", str(out)).returncode == 0
    broken = json.loads(out.read_text())
    broken["games"][1]["actions"][2] = {"type": "draw", "player": 5}
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(broken))
    elsewhere = tmp_path / "elsewhere"

    refused = run("import-evening", str(bad), "--data-dir", str(elsewhere))
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "game 2 of 2 (Mix-the-Mutts): actions[2]" in refused.stderr and "nothing was imported" in refused.stderr
    store = Store.open(elsewhere)
    assert store.sessions() == []
    store.close()

    imported = run("import-evening", str(out), "--data-dir", str(elsewhere))
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout == "Imported an evening of 2 games as games 1 and 2: Nuts about Mutts, Mix-the-Mutts.\n"
    assert standings(elsewhere) == standings(evening_dir)
    as_csv = [run("export-evening", "--csv", "--data-dir", str(where)).stdout for where in (evening_dir, elsewhere)]
    assert as_csv[0] == as_csv[1]


def test_each_import_command_points_to_the_other_for_the_other_kind_of_file(evening_dir, tmp_path):
    evening = tmp_path / "evening.json"
    game = tmp_path / "game.json"
    run("export-evening", "--data-dir", str(evening_dir), "--output", str(evening))
    run("--data-dir", str(evening_dir), "export-game", "1", str(game))
    wrong = run("import-game", str(evening), "--data-dir", str(tmp_path / "else"))
    assert wrong.returncode == 2 and f"import it with companion import-evening {evening}" in wrong.stderr
    wrong = run("import-evening", str(game), "--data-dir", str(tmp_path / "else"))
    assert wrong.returncode == 2 and f"import it with companion import-game {game}" in wrong.stderr


def test_help_names_the_new_commands():
    result = run("--help")
    assert "export-evening" in result.stdout and "import-evening" in result.stdout and "stats" in result.stdout
