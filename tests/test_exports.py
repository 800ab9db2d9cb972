"""Exports land on the family's USB stick when one is plugged in (else in the data directory), never
overwrite a file and never leave half a file behind; an exported evening or game imports back, on
another table, to the same games, the same states and the same standings; a refused file saves nothing."""

from __future__ import annotations

import copy
import csv
import errno
import html
import io
import json
import os
import re
import sqlite3
import time
from dataclasses import asdict
from pathlib import Path

import pytest
from mutts_support import play_out_hand
from race_support import bone_race, race

from companion import exports
from companion.actions import Action
from companion.errors import BadDocument, StorageProblem
from companion.evenings import evening_csv, evening_document, import_evening
from companion.game_lines import evenings
from companion.gamelog import export_saved, import_document, session_from_document
from companion.manifest import app_version
from companion.players import IDENTITIES, Player
from companion.records import player_record
from companion.rulecards import load_example
from companion.store import Store

ANN, BEN, CLEO = 0, 1, 2
T0 = 1_795_370_400.0   # Sun 22 Nov 2026 at 18:00 UTC: after the app's first version


def table(*names: str) -> list[Player]:
    return [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in enumerate(names)]


def move_in_time(store: Store, session_id: int, started: float, last_move: float) -> None:
    db = sqlite3.connect(store.path, isolation_level=None)
    db.execute("UPDATE sessions SET started_at = ?, updated_at = ?, finished_at = CASE WHEN finished_at IS NULL "
               "THEN NULL ELSE ? END WHERE id = ?", (started, last_move, last_move, session_id))
    db.close()


@pytest.fixture
def store(tmp_path):
    store = Store.open(tmp_path / "here")
    yield store
    store.close()


@pytest.fixture
def elsewhere(tmp_path):
    """Another table's data directory, empty."""
    store = Store.open(tmp_path / "elsewhere")
    yield store
    store.close()


@pytest.fixture
def evening(store):
    """An evening played an hour at a time: a two-hand Nuts about Mutts, Mix-the-Mutts, and That's Ruff!
    set aside after two moves."""
    mutts = store.new_session("nuts_about_mutts", table("Ann", "Ben", "Cleo"), {"hands": 2})
    mutts.perform(Action("play", BEN))
    play_out_hand(mutts, CLEO)
    mutts.perform(Action("deal"))
    mutts.perform(Action("play", mutts.summary()["to_act"]["seat"]))
    play_out_hand(mutts, ANN)
    mix = store.import_session(session_from_document(load_example("mix_the_mutts")))
    ruff = store.import_session(session_from_document({**load_example("thats_ruff"),
                                                       "actions": load_example("thats_ruff")["actions"][:2]}))
    store.set_aside(ruff.id)
    for hour, session in enumerate((mutts, mix, ruff)):
        move_in_time(store, session.id, T0 + hour * 3600, T0 + hour * 3600 + 3000)
    (found,) = evenings(store)
    return found


def plug_in(tmp_path: Path, label: str = "KINGSTON", options: str = "rw,nosuid,nodev", fs: str = "vfat") -> Path:
    """A stick as udisks2 mounts it, under tmp_path/media/<user>/<label>, listed in a fake mount table."""
    stick = tmp_path / "media" / "pi" / label
    stick.mkdir(parents=True)
    where = str(stick).replace(" ", "\\040")
    with (tmp_path / "mounts").open("a") as table_file:
        table_file.write(f"/dev/sda1 {where} {fs} {options} 0 0\n")
    return stick


@pytest.fixture
def no_stick(tmp_path, monkeypatch):
    """The mount table of a Pi with nothing plugged in: its SD card's partitions only."""
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/mmcblk0p2 / ext4 rw,noatime 0 0\n/dev/mmcblk0p1 /boot/firmware vfat rw 0 0\n"
                      f"tmpfs {tmp_path}/media/pi/RAM tmpfs rw 0 0\n")
    monkeypatch.setattr(exports, "ROOTS", (tmp_path / "media", tmp_path / "run" / "media"))
    monkeypatch.setattr(exports, "MOUNTS", mounts)
    return mounts


def files_in(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir()) if folder.exists() else []


def day(moment: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(moment))


# ----- finding the stick --------------------------------------------------------------------------

def test_a_stick_is_found_under_media_and_the_sd_card_is_not(tmp_path, no_stick):
    assert exports.sticks() == []
    stick = plug_in(tmp_path, "FAMILY PHOTOS", fs="exfat")
    (found,) = exports.sticks()
    assert found.path == stick and found.label == "FAMILY PHOTOS" and not found.read_only


def test_a_stick_mounted_read_only_is_found_as_read_only(tmp_path, no_stick):
    plug_in(tmp_path, options="ro,nosuid")
    (found,) = exports.sticks()
    assert found.read_only


def test_the_kiosk_s_own_view_of_its_media_folder_is_no_stick(tmp_path, no_stick):
    # The kiosk's service may write /media/pi (ReadWritePaths=): systemd makes that a bind mount of the
    # SD card's own folder in the service's mount table, which an export must never take for a stick.
    (tmp_path / "media" / "pi").mkdir(parents=True)
    with no_stick.open("a") as table_file:
        table_file.write(f"/dev/mmcblk0p2 {tmp_path}/media/pi ext4 rw,noatime 0 0\n")
    assert exports.sticks() == []
    stick = plug_in(tmp_path, "STICK")
    assert [found.path for found in exports.sticks()] == [stick]


def test_no_mount_table_means_no_stick(tmp_path):
    assert exports.sticks(roots=[tmp_path], mounts=tmp_path / "missing") == []


# ----- exporting ----------------------------------------------------------------------------------

def test_an_evening_goes_to_the_stick_as_json_and_csv_and_a_second_export_never_overwrites(
        tmp_path, no_stick, store, evening):
    stick = plug_in(tmp_path)
    done = exports.export_evening(store, tmp_path / "here", evening, 1)
    stem = f"evening-{day(T0)}"
    assert done.message == f"Saved to the USB stick KINGSTON: {stem}.json, .csv, .bgstats.json and .bgstats.html"
    assert files_in(stick) == [f"{stem}.bgstats.html", f"{stem}.bgstats.json", f"{stem}.csv", f"{stem}.json"]
    written = json.loads((stick / f"{stem}.json").read_text())
    assert written.pop("manifest") == {"format": 2, "app": app_version(), "holds": "evening", "games": 3}
    assert written == evening_document(store, evening)
    assert (stick / f"{stem}.csv").read_text() == evening_csv(1, evening)
    plays = json.loads((stick / f"{stem}.bgstats.json").read_text())
    assert plays["manifest"] == {"format": 2, "app": app_version(), "holds": "bgstats_plays", "games": 2}
    assert [play["game"]["name"] for play in plays["plays"]] == ["Nuts about Mutts", "Mix-the-Mutts"]  # not the set-aside one

    again = exports.export_evening(store, tmp_path / "here", evening, 1)
    assert again.message.endswith(f"{stem}-2.json, .csv, .bgstats.json and .bgstats.html")
    assert files_in(stick) == [f"{stem}-2.bgstats.html", f"{stem}-2.bgstats.json", f"{stem}-2.csv", f"{stem}-2.json",
                               f"{stem}.bgstats.html", f"{stem}.bgstats.json", f"{stem}.csv", f"{stem}.json"]


def test_the_stick_has_a_page_with_each_plays_link_and_code_for_the_phone_with_bg_stats(tmp_path, no_stick, store, evening):
    from urllib.parse import unquote

    stick = plug_in(tmp_path)
    exports.export_evening(store, tmp_path / "here", evening, 1)
    stem = f"evening-{day(T0)}"
    page = (stick / f"{stem}.bgstats.html").read_text()
    plays = json.loads((stick / f"{stem}.bgstats.json").read_text())["plays"]
    links = re.findall(r'href="https://app\.bgstatsapp\.com/createPlay\.html\?data=([^"]+)"', page)
    # One link a finished game, each carrying exactly that play of the file, and a code beside each.
    assert [json.loads(unquote(html.unescape(link))) for link in links] == plays
    assert page.count("<svg") == len(plays) == 2


def test_with_no_stick_the_export_goes_to_the_data_directory(tmp_path, no_stick, store, evening):
    done = exports.export_evening(store, tmp_path / "here", evening, 1)
    folder = tmp_path / "here" / "exports"
    assert done.stick is None and done.folder == folder
    assert done.message == f"No USB stick found: saved evening-{day(T0)}.json, .csv, .bgstats.json and .bgstats.html in {folder}"
    assert files_in(folder) == [f"evening-{day(T0)}.bgstats.html", f"evening-{day(T0)}.bgstats.json",
                                f"evening-{day(T0)}.csv", f"evening-{day(T0)}.json"]


def test_a_read_only_stick_is_left_alone_and_said_so(tmp_path, no_stick, store, evening):
    stick = plug_in(tmp_path, options="ro")
    done = exports.export_evening(store, tmp_path / "here", evening, 1)
    assert done.message.startswith("The USB stick KINGSTON is read-only")
    assert f"in {tmp_path / 'here' / 'exports'} instead" in done.message
    assert files_in(stick) == [] and len(files_in(tmp_path / "here" / "exports")) == 4


def test_a_stick_that_fills_up_keeps_no_half_written_file(tmp_path, no_stick, store, evening, monkeypatch):
    stick = plug_in(tmp_path)
    real_write = exports.create_flushed

    def fills_up_on_the_stick(path: Path, data: bytes, mode: int) -> None:
        if path.parent == stick and path.name.endswith(".csv.partial"):
            path.write_bytes(data[:10])   # the stick takes a few bytes, then is full
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(path, data, mode=mode)

    monkeypatch.setattr(exports, "create_flushed", fills_up_on_the_stick)
    done = exports.export_evening(store, tmp_path / "here", evening, 1)
    assert files_in(stick) == []            # neither the finished JSON nor the partial CSV
    assert done.message.startswith("The USB stick KINGSTON is full, so nothing was left on it: saved")
    assert files_in(tmp_path / "here" / "exports") == [
        f"evening-{day(T0)}.bgstats.html", f"evening-{day(T0)}.bgstats.json", f"evening-{day(T0)}.csv",
        f"evening-{day(T0)}.json"]


def test_when_nowhere_can_take_it_the_export_says_so_and_writes_nothing(tmp_path, no_stick, store, evening,
                                                                        monkeypatch):
    stick = plug_in(tmp_path)

    def full(path: Path, data: bytes, mode: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(exports, "create_flushed", full)
    with pytest.raises(StorageProblem, match="Not exported: The USB stick KINGSTON is full.*is full. Nothing was written"):
        exports.export_evening(store, tmp_path / "here", evening, 1)
    assert files_in(stick) == [] and files_in(tmp_path / "here" / "exports") == []


def test_one_game_exports_as_its_log_and_its_rows_of_the_evening_csv(tmp_path, no_stick, store, evening):
    stick = plug_in(tmp_path)
    mix = evening.games[1]
    done = exports.export_game(store, tmp_path / "here", mix.session_id)
    assert done.message == f"Saved to the USB stick KINGSTON: mix-the-mutts-{day(T0 + 3600)}.json, .csv, .bgstats.json and .bgstats.html"
    rows = list(csv.DictReader(io.StringIO((stick / f"mix-the-mutts-{day(mix.started_at)}.csv").read_text())))
    everything = list(csv.DictReader(io.StringIO(evening_csv(1, evening))))
    assert rows == [row for row in everything if row["game"] == "Mix-the-Mutts"]
    assert [(row["player"], row["score"], row["points"]) for row in rows] == [("Ann", "31", "0"), ("Ben", "39", "1")]
    assert exports.slug("That's Ruff!") == "thats-ruff"


# ----- importing ----------------------------------------------------------------------------------

def standings(store: Store) -> list[dict]:
    return [[asdict(standing) for standing in found.standings] for found in evenings(store)]


def test_an_exported_evening_imports_elsewhere_as_the_same_evening(tmp_path, no_stick, store, evening, elsewhere):
    stick = plug_in(tmp_path)
    exports.export_evening(store, tmp_path / "here", evening, 1)
    imported = exports.import_file(elsewhere, stick / f"evening-{day(T0)}.json")
    assert imported.message == ("Imported an evening of 3 games as games 1 to 3: Nuts about Mutts, Mix-the-Mutts, "
                                "That's Ruff!.")
    assert standings(elsewhere) == standings(store)
    (again,) = evenings(elsewhere)
    assert (again.started_at, again.last_played_at) == (evening.started_at, evening.last_played_at)
    for original, copied in zip(evening.games, again.games):
        assert store.resume(original.session_id).state == elsewhere.resume(copied.session_id).state
        assert (copied.started_at, copied.finished_at, copied.outcome) == (original.started_at, original.finished_at,
                                                                            original.outcome)
    assert elsewhere.unfinished() is None     # the set-aside game stays set aside, not offered on Home
    assert elsewhere.session_record(3).result == {"set_aside": True}


def test_one_exported_game_imports_to_the_same_state_at_the_same_time(tmp_path, no_stick, store, evening, elsewhere):
    stick = plug_in(tmp_path)
    mutts = evening.games[0]
    exports.export_game(store, tmp_path / "here", mutts.session_id)
    imported = exports.import_file(elsewhere, stick / f"nuts-about-mutts-{day(T0)}.json")
    assert imported.session_ids == (1,)
    assert imported.message == "Imported Nuts about Mutts (Ann, Ben, Cleo) as game 1: won by Ann."
    assert elsewhere.resume(1).state == store.resume(mutts.session_id).state
    record = elsewhere.session_record(1)
    assert (record.started_at, record.updated_at) == (T0, T0 + 3000)
    assert evenings(elsewhere)[0].games[0].points == mutts.points


def test_the_same_evening_imported_twice_is_refused_the_second_time(store, evening, elsewhere):
    document = evening_document(store, evening)
    import_evening(elsewhere, document)
    with pytest.raises(BadDocument, match="game 1 of 3 \\(Nuts about Mutts\\) is already saved, as game 1"):
        import_evening(elsewhere, document)
    assert len(elsewhere.sessions()) == 3
    with pytest.raises(BadDocument, match="already saved, as game 2"):
        import_document(elsewhere, export_saved(store, evening.games[1].session_id))


def test_an_evening_with_one_wrong_move_saves_none_of_its_games(tmp_path, store, evening, elsewhere):
    document = evening_document(store, evening)
    broken = copy.deepcopy(document)
    broken["games"][1]["actions"][3] = {"type": "draw", "player": 7}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken))
    with pytest.raises(BadDocument) as refused:
        exports.import_file(elsewhere, path)
    said = str(refused.value)
    assert said.startswith("broken.json: game 2 of 3 (Mix-the-Mutts): actions[3]") and "nothing was imported" in said
    assert elsewhere.sessions() == [] and elsewhere.unreadable() == []


def test_a_power_cut_in_the_middle_of_an_evening_leaves_none_of_it(store, evening, elsewhere, monkeypatch):
    calls = []
    real = elsewhere._remember

    def cut_on_the_second_game(players, now):
        calls.append(players)
        if len(calls) == 2:
            raise sqlite3.OperationalError("disk I/O error")
        real(players, now)

    monkeypatch.setattr(elsewhere, "_remember", cut_on_the_second_game)
    with pytest.raises(StorageProblem):
        import_evening(elsewhere, evening_document(store, evening))
    assert elsewhere.sessions() == [] and elsewhere.roster() == []


def test_an_older_evening_without_times_still_imports_a_minute_apart(store, evening, elsewhere):
    document = evening_document(store, evening)
    for game in document["games"]:
        del game["played"]
    saved = import_evening(elsewhere, document)
    records = [elsewhere.session_record(session.id) for session in saved.sessions]
    assert [record.started_at for record in records] == [T0, T0 + 60, T0 + 120]
    (again,) = evenings(elsewhere)
    assert [asdict(standing) for standing in again.standings] == document["evening"]["standings"]


def raced_game(store: Store) -> int:
    """Nuts about Mutts on the buttons (Ann 1, Ben 2, Cleo 3): two bone races played into the game and a
    third decided on the buttons but called off (logged with the game, in no move)."""
    mutts = store.new_session("nuts_about_mutts", table("Ann", "Ben", "Cleo"), {"hands": 1})
    bone_race(mutts, {1: 200.0, 2: 250.0, 3: 400.0}, store.save_race)   # Cleo without a bone, 150 ms after Ben
    bone_race(mutts, {2: 180.0, 1: 183.0, 3: 300.0}, store.save_race)   # Cleo without, 117 ms after Ann
    store.save_race(mutts.id, race("bones", [1, 2, 3], {1: 220.0, 3: 260.0, 2: 270.0}))   # Ben without, 10 ms after Cleo
    return mutts.id


def test_a_game_carries_its_race_logs_and_they_come_back_with_it(store, elsewhere):
    number = raced_game(store)
    document = export_saved(store, number)
    assert document["races"] == store.races(number) and len(document["races"]) == 3
    copied = import_document(elsewhere, document)
    assert elsewhere.races(copied.id) == store.races(number)
    ann = player_record(elsewhere, "Ann").races
    # Ann got a bone in all three; reactions 200, 183, 220 (median 200); the one line she stood at, the
    # last in by 117 ms; never left out.
    assert (ann.races, ann.won, ann.median_reaction_ms, ann.closest_win_ms, ann.closest_loss_ms) == (
        3, 3, 200.0, 117.0, None)
    assert player_record(elsewhere, "Ann") == player_record(store, "Ann")


def test_a_log_written_before_races_were_exported_gives_the_races_its_moves_carry(store, elsewhere):
    document = export_saved(store, raced_game(store))
    del document["races"]
    copied = import_document(elsewhere, document)
    assert len(elsewhere.races(copied.id)) == 2          # the called-off race was in no move
    ann = player_record(elsewhere, "Ann").races
    assert (ann.races, ann.won, ann.median_reaction_ms, ann.closest_win_ms, ann.closest_loss_ms) == (
        2, 2, 191.5, 117.0, None)


@pytest.mark.parametrize("races, says", [
    ({"log": []}, "\"races\" must be a list of race logs"),
    ([[{"event": "arm"}], []], "races\\[1\\] must be a race log"),
    ([["arm"]], "races\\[0\\] must be a race log"),
])
def test_race_logs_that_are_no_race_logs_are_refused_and_nothing_is_saved(store, races, says):
    with pytest.raises(BadDocument, match=says):
        import_document(store, {**load_example("nut"), "races": races})
    assert store.sessions() == []


@pytest.mark.parametrize("played, says", [
    ({"started_at": "yesterday", "last_played_at": T0}, "started_at must be a time"),
    ({"started_at": T0, "last_played_at": T0, "when": 1}, "no field 'when'"),
    ({"started_at": T0, "last_played_at": 1e300}, "last_played_at must be a time"),
])
def test_a_game_log_with_impossible_times_is_refused_by_name(store, played, says):
    with pytest.raises(BadDocument, match=says):
        import_document(store, {**load_example("nut"), "played": played})
    assert store.sessions() == []


def test_the_stick_lists_its_game_logs_and_evenings_newest_first(tmp_path, no_stick, store, evening):
    stick = plug_in(tmp_path)
    evening_file = exports.export_evening(store, tmp_path / "here", evening, 1).files[0]
    game_file, _, game_plays, _ = exports.export_game(store, tmp_path / "here", evening.games[1].session_id).files
    (stick / "notes.json").write_text("{not json")
    (stick / "photo.jpg").write_bytes(b"\xff\xd8")
    for age, path in enumerate((game_file, evening_file, stick / "notes.json", game_plays)):
        os.utime(path, (T0 - age, T0 - age))
    os.unlink(stick / f"evening-{day(T0)}.bgstats.json")
    found = [(path.name, exports.describe(path)) for path in exports.stick_entries(exports.sticks()[0])]
    date = lambda moment: time.strftime("%a %d %b %Y", time.localtime(moment))  # noqa: E731
    assert found == [
        (game_file.name, f"Mix-the-Mutts, {date(T0 + 3600)}: Ann, Ben"),
        (evening_file.name, f"An evening of {date(T0)}: 3 games"),
        ("notes.json", "not a game log (it cannot be read)"),
        (game_plays.name, "1 play for the BG Stats app, to add there"),
    ]
