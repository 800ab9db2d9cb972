"""A hostile USB stick: whatever a file on it is, and whatever happens to the stick between the list and
the tap, the Import button's code (the stick's list, each file described, the import of the file
tapped) says what was wrong in one sentence and saves nothing, or saves the file's games whole; it never
stops with a traceback, never saves a game twice, and keeps the dates a file gives, however wrong the clock
that wrote them (saying so), with no last move before its start.

The named files and stick events run in make check; the random ones (real exports with one place
changed) are the slow part."""

from __future__ import annotations

import copy
import json
import os
import socket
import stat
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stick_support import a_tables_evening, check_saved_games, mount_small, pull_out, tap_import

from companion import exports
from companion.evenings import MOST_GAMES
from companion.gamelog import LARGEST_LOG, MOST_MOVES
from companion.store import Store

ROOT = os.name == "posix" and os.geteuid() == 0
HUGE = "[size=400]HUGE[/size]"


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """A table's evening and one of its games, as the table exported them."""
    return a_tables_evening(tmp_path_factory.mktemp("table"))


@pytest.fixture
def store(tmp_path):
    store = Store.open(tmp_path / "data")
    yield store
    store.close()


@pytest.fixture
def stick(tmp_path):
    stick = tmp_path / "media" / "pi" / "KINGSTON"
    stick.mkdir(parents=True)
    return stick


def write(path: Path, document) -> Path:
    path.write_text(json.dumps(document, indent=2) + "\n")
    return path


def later(seconds: float):
    return time.time() + seconds


# ----- files a stick may hold ------------------------------------------------------------------------
# Each plants one file on the stick (and what else it needs) and returns it; `SAID` has the words the
# family must be told, or "Imported" where the file's new games are saved.

FILES = {}


def planted(said: str):
    def register(plant):
        FILES[plant.__name__] = (plant, said)
        return plant
    return register


@planted("cannot be read by this user")
def unreadable(stick, evening, game):
    path = write(stick / "game.json", game)
    path.chmod(0)
    return path


@planted("not on the USB stick")
def link_to_a_root_only_file(stick, evening, game):
    secret = write(stick.parent.parent / "secret.json", game)
    secret.chmod(0o600)
    (stick / "game.json").symlink_to(secret)
    return stick / "game.json"


@planted("not on the USB stick")
def link_into_proc(stick, evening, game):
    (stick / "game.json").symlink_to("/proc/self/environ")
    return stick / "game.json"


@planted("not on the USB stick")
def link_to_an_endless_device(stick, evening, game):
    (stick / "game.json").symlink_to("/dev/zero")
    return stick / "game.json"


@planted("more than any game log")
def sparse_64_gb(stick, evening, game):
    with open(stick / "game.json", "wb") as sparse:
        sparse.truncate(64 * 1024 ** 3)
    return stick / "game.json"


@planted("more than any game log")
def a_byte_over_the_limit(stick, evening, game):
    (stick / "game.json").write_bytes(b" " * (LARGEST_LOG + 1))
    return stick / "game.json"


@planted("named pipe")
def named_pipe(stick, evening, game):
    os.mkfifo(stick / "game.json")
    return stick / "game.json"


@planted("is a socket or a device")
def socket_file(stick, evening, game):
    listener = socket.socket(socket.AF_UNIX)
    here = os.getcwd()
    os.chdir(stick)   # a socket's path is short, whatever the test's folder
    try:
        listener.bind("game.json")
    finally:
        os.chdir(here)
        listener.close()
    return stick / "game.json"


@planted("a device")
def device_node(stick, evening, game):
    if not ROOT:
        pytest.skip("making a device node needs root")
    os.mknod(stick / "game.json", stat.S_IFCHR | 0o644, os.makedev(1, 3))
    return stick / "game.json"


@planted("is a folder")
def folder(stick, evening, game):
    (stick / "game.json").mkdir()
    return stick / "game.json"


@planted("not on the USB stick")
def link_to_a_folder_off_the_stick(stick, evening, game):
    (stick / "game.json").symlink_to(stick.parent)
    return stick / "game.json"


@planted("does not exist")
def dangling_link(stick, evening, game):
    (stick / "game.json").symlink_to(stick / "gone.json")
    return stick / "game.json"


@planted("is a link")
def link_loop(stick, evening, game):
    (stick / "game.json").symlink_to(stick / "other.json")
    (stick / "other.json").symlink_to(stick / "game.json")
    return stick / "game.json"


@planted("Imported Nut")
def link_to_a_file_on_the_stick(stick, evening, game):
    (stick / "saved").mkdir()
    write(stick / "saved" / "nut.json", game)
    (stick / "game.json").symlink_to(stick / "saved" / "nut.json")
    return stick / "game.json"


@planted("not valid JSON")
def empty(stick, evening, game):
    (stick / "game.json").write_bytes(b"")
    return stick / "game.json"


@planted("not UTF-8")
def not_utf_8(stick, evening, game):
    (stick / "game.json").write_bytes(json.dumps(game).encode().replace(b"Ann", b"\xc4nn"))
    return stick / "game.json"


@planted("not valid JSON")
def byte_order_mark(stick, evening, game):
    (stick / "game.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(game).encode())
    return stick / "game.json"


@planted("not UTF-8")
def a_photo(stick, evening, game):
    (stick / "game.json").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40)
    return stick / "game.json"


@planted("nested too deeply")
def nested_lists(stick, evening, game):
    (stick / "game.json").write_text("[" * 100_000 + "]" * 100_000)
    return stick / "game.json"


@planted("nested too deeply")
def nested_objects(stick, evening, game):
    (stick / "game.json").write_text('{"a": ' * 50_000 + "1" + "}" * 50_000)
    return stick / "game.json"


@planted("cannot be read")
def a_5000_digit_number(stick, evening, game):
    (stick / "game.json").write_text('{"game": "nut", "players": [' + "9" * 5000 + "]}")
    return stick / "game.json"


@planted("a game log is a JSON object")
def a_list(stick, evening, game):
    return write(stick / "game.json", [game, game])


@planted("takes at most")
def a_crowd_of_players(stick, evening, game):
    return write(stick / "game.json", {**game, "players": [f"P{number}" for number in range(100_000)]})


@planted("more than any game")
def one_move_too_many(stick, evening, game):
    return write(stick / "game.json", {**game, "actions": [{"type": "draw", "player": 0}] * (MOST_MOVES + 1)})


@planted("more than any evening")
def one_game_too_many(stick, evening, game):
    return write(stick / "evening.json", {**evening, "games": [game] * (MOST_GAMES + 1)})


@planted("Left out, to count nothing twice")
def an_evening_of_empty_games(stick, evening, game):
    empty_game = {"game": "nut", "players": ["Ann", "Ben"], "actions": []}
    return write(stick / "evening.json", {"evening": evening["evening"], "games": [empty_game] * MOST_GAMES})


@planted("unknown game 'chess'")
def an_unknown_game(stick, evening, game):
    return write(stick / "game.json", {**game, "game": "chess"})


@planted("later than now on this table's clock")
def dated_in_2984(stick, evening, game):
    return write(stick / "game.json", {**game, "played": {"started_at": 32_000_000_000.0,
                                                          "last_played_at": 32_000_000_600.0}})


@planted("later than now on this table's clock")
def dated_a_day_ahead(stick, evening, game):
    return write(stick / "game.json", {**game, "played": {"started_at": later(86_400), "last_played_at": later(86_500)}})


@planted("before this app was first made")
def dated_before_the_app(stick, evening, game):
    return write(stick / "game.json", {**game, "played": {"started_at": 1_700_000_000.0,
                                                          "last_played_at": 1_700_000_600.0}})


@planted("must be a time")
def dated_not_a_number(stick, evening, game):
    return write(stick / "game.json", {**game, "played": {"started_at": float("nan"), "last_played_at": 1e308}})


@planted("Imported an evening of 3 games")
def an_evening_dated_in_the_future(stick, evening, game):
    return write(stick / "evening.json", {**evening, "evening": {**evening["evening"], "started_at": later(10 ** 8)}})


@planted("Imported Nut")
def ending_before_it_began(stick, evening, game):
    played = game["played"]
    return write(stick / "game.json", {**game, "played": {**played, "last_played_at": played["started_at"] - 1}})


@planted("Imported an evening of 3 games")
def the_same_game_twice_in_an_evening(stick, evening, game):
    twice = copy.deepcopy(evening)
    twice["games"].insert(1, copy.deepcopy(twice["games"][0]))
    twice["games"][1]["played"]["started_at"] += 1
    twice["games"][1]["played"]["last_played_at"] += 1
    return write(stick / "evening.json", twice)


@planted("Imported Nut")
def names_that_are_markup(stick, evening, game):
    return write(stick / "game.json", {**game, "players": [{**player, "name": HUGE} if seat == 0 else player
                                                           for seat, player in enumerate(game["players"])]})


@planted("a sign the screen cannot show")
def a_name_the_screen_cannot_show(stick, evening, game):
    return write(stick / "game.json", {**game, "players": ["Ann \U0001F600", "Ben"]})


@planted("was refused")
def a_wrong_move(stick, evening, game):
    broken = copy.deepcopy(evening)
    broken["games"][1]["actions"][1] = {"type": "draw", "player": 5}
    return write(stick / "evening.json", broken)


@planted("lists it as held")
def a_held_button_let_go_before_the_arm(stick, evening, game):
    broken = copy.deepcopy(evening)
    log = broken["games"][0]["races"][0]
    arm = next(line for line in log if line["event"] == "arm")
    arm["held"] = [1]
    log.insert(0, {"event": "edge", "player": 1, "pressed": False, "t_ns": arm["t_ns"] - 1000})
    return write(stick / "evening.json", broken)


@planted("held down at the arm")
def a_decision_won_by_a_held_button(stick, evening, game):
    broken = copy.deepcopy(evening)
    log = broken["games"][0]["races"][0]
    arm = next(line for line in log if line["event"] == "arm")
    arm["held"] = [3]
    decision = next(line for line in log if line["event"] == "decision")
    decision["winners"] = [3] + [button for button in decision["winners"] if button != 3]
    return write(stick / "evening.json", broken)


@planted("has no field 'prize'")
def a_race_record_with_an_unknown_field(stick, evening, game):
    broken = copy.deepcopy(evening)
    move = next(action for action in broken["games"][0]["actions"] if "race" in action)
    move["race"]["prize"] = "the whole deck"
    return write(stick / "evening.json", broken)


@planted("a margin is 0 to")
def a_race_record_with_an_absurd_margin(stick, evening, game):
    broken = copy.deepcopy(evening)
    move = next(action for action in broken["games"][0]["actions"] if "race" in action)
    move["race"]["margins_ms"] = {seat: 1e308 for seat in move["race"]["margins_ms"]}
    return write(stick / "evening.json", broken)


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_hostile_file_is_refused_in_one_sentence_or_imported_whole(name, exported, store, stick, as_another_user):
    evening, game = copy.deepcopy(exported)
    plant, said = FILES[name]
    path = plant(stick, evening, game)
    with as_another_user() if name == "unreadable" else _nothing():
        words = tap_import(store, stick, path)
    assert said in words
    check_saved_games(store)


def _nothing():
    import contextlib

    return contextlib.nullcontext()


@pytest.fixture
def as_another_user():
    """The kiosk's user, who may not read what root may (the tests run as root here)."""
    import contextlib

    @contextlib.contextmanager
    def switched():
        if not ROOT:
            yield
            return
        os.seteuid(65534)
        try:
            yield
        finally:
            os.seteuid(0)

    return switched


# ----- what happens to a stick between the list and the tap -------------------------------------------

def test_a_file_deleted_after_the_list_was_shown(exported, store, stick):
    path = write(stick / "game.json", exported[1])
    assert "no such file" in tap_import(store, stick, path, between=path.unlink)


def test_a_file_swapped_for_a_link_off_the_stick(exported, store, stick):
    path = write(stick / "game.json", exported[1])
    elsewhere = write(stick.parent.parent / "elsewhere.json", exported[1])

    def swap():
        path.unlink()
        path.symlink_to(elsewhere)

    assert "not on the USB stick" in tap_import(store, stick, path, between=swap)


def test_a_file_swapped_for_a_pipe(exported, store, stick):
    path = write(stick / "game.json", exported[1])

    def swap():
        path.unlink()
        os.mkfifo(path)

    assert "named pipe" in tap_import(store, stick, path, between=swap)


def test_a_file_that_grew_past_the_limit(exported, store, stick):
    path = write(stick / "game.json", exported[1])
    assert "more than any game log" in tap_import(
        store, stick, path, between=lambda: path.write_bytes(b" " * (LARGEST_LOG + 1)))


def test_a_file_whose_games_changed_is_read_as_it_now_is(exported, store, stick):
    path = write(stick / "game.json", exported[1])
    evening = exported[0]
    assert tap_import(store, stick, path, between=lambda: write(path, evening)).startswith("Imported an evening of 3")


def test_the_same_file_imported_twice_counts_once(exported, store, stick):
    path = write(stick / "evening.json", exported[0])
    assert tap_import(store, stick, path).startswith("Imported an evening of 3 games")
    assert "already saved, as game 1" in tap_import(store, stick, path)
    assert len(store.history()) == 3


@pytest.mark.parametrize("change", ["no times per game", "no times in a game log", "times moved by a second"])
def test_an_evening_imported_again_in_another_shape_counts_once(exported, store, stick, change):
    """Each of these used to be saved a second time, counting its points twice."""
    evening, game = copy.deepcopy(exported)
    document = game if change == "no times in a game log" else evening
    first = copy.deepcopy(document)
    for log in [document] if change == "no times in a game log" else document["games"]:
        if change == "times moved by a second":
            log["played"]["started_at"] += 1
            log["played"]["last_played_at"] += 1
        else:
            del log["played"]
    tap_import(store, stick, write(stick / "first.json", first if change == "times moved by a second" else document))
    saved = len(store.history())
    assert "already saved" in tap_import(store, stick, write(stick / "again.json", document))
    assert len(store.history()) == saved


def test_one_game_of_an_evening_already_saved_is_left_out_and_the_rest_imported(exported, store, stick):
    evening, game = copy.deepcopy(exported)
    tap_import(store, stick, write(stick / "nut.json", game))
    said = tap_import(store, stick, write(stick / "evening.json", evening))
    assert said == ("Imported an evening of 2 games as games 2 and 3: Nuts about Mutts, Mix-the-Mutts. Left out, "
                    "to count nothing twice: game 2 of 3 (Nut), already saved, as game 1.")


@pytest.fixture
def real_stick(tmp_path, monkeypatch):
    """A real filesystem mounted where the desktop mounts a stick, and pulled out at the end."""
    if not ROOT:
        pytest.skip("mounting a filesystem needs root")
    where = tmp_path / "media" / "pi" / "KINGSTON"
    if not mount_small(where):
        pytest.skip("this machine does not allow mounting a tmpfs")
    (tmp_path / "mounts").write_text(f"/dev/sdb1 {where} vfat rw,nosuid 0 0\n")
    monkeypatch.setattr(exports, "ROOTS", (tmp_path / "media",))
    monkeypatch.setattr(exports, "MOUNTS", tmp_path / "mounts")
    yield where
    pull_out(where)


def test_a_stick_pulled_out_after_the_list_was_shown(exported, store, real_stick):
    path = write(real_stick / "evening.json", exported[0])
    assert exports.sticks()[0].path == real_stick
    assert "no such file" in tap_import(store, real_stick, path, between=lambda: pull_out(real_stick))
    assert exports.stick_entries(exports.Stick(real_stick, False)) == []


def test_a_stick_swapped_for_another_with_the_same_name(exported, store, real_stick):
    path = write(real_stick / "game.json", exported[0])

    def swap():
        pull_out(real_stick)
        mount_small(real_stick)
        (real_stick / "game.json").write_bytes(b"\x00" * 100)

    assert "not valid JSON" in tap_import(store, real_stick, path, between=swap)


def test_a_stick_remounted_read_only_still_imports(exported, store, real_stick):
    import subprocess

    path = write(real_stick / "nut.json", exported[1])
    remount = ["mount", "-o", "remount,ro", str(real_stick)]
    assert tap_import(store, real_stick, path, between=lambda: subprocess.run(remount, check=True)).startswith(
        "Imported Nut")


# ----- random: real exports with one place changed ------------------------------------------------------

PLACES = ("game", "players", "options", "actions", "played", "races", "an action", "a field of an action",
          "a race line", "the evening", "a whole game", "a game twice")
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 12, 10 ** 12), st.floats(allow_nan=True),
                 st.text(max_size=30), st.just(HUGE), st.just(3e10), st.just(1.6e9), st.lists(st.integers(0, 9)),
                 st.dictionaries(st.sampled_from(["type", "player", "event", "t_ns", "name"]), st.integers(0, 9)))


@st.composite
def nearly_right_evenings(draw, exported):
    evening = copy.deepcopy(exported[0])
    games = evening["games"]
    where = draw(st.sampled_from(PLACES))
    index = draw(st.integers(0, len(games) - 1))
    game = games[index]
    junk = draw(JUNK)
    if where in ("game", "players", "options", "actions", "played", "races"):
        game[where] = junk
    elif where == "an action" and game["actions"]:
        game["actions"][draw(st.integers(0, len(game["actions"]) - 1))] = junk
    elif where == "a field of an action" and game["actions"]:
        action = game["actions"][draw(st.integers(0, len(game["actions"]) - 1))]
        action[draw(st.sampled_from(sorted(action) + ["race"]))] = junk
    elif where == "a race line" and game.get("races"):
        log = game["races"][draw(st.integers(0, len(game["races"]) - 1))]
        line = log[draw(st.integers(0, len(log) - 1))]
        line[draw(st.sampled_from(sorted(line)))] = junk
    elif where == "the evening":
        evening["evening"]["started_at"] = junk
    elif where == "a whole game":
        games[index] = junk
    else:
        games.append(copy.deepcopy(game))
    return evening


@pytest.mark.slow   # a fuzz run: make test runs it, make check leaves it out
@settings(max_examples=200, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_any_nearly_right_evening_is_imported_whole_or_refused_in_one_sentence(exported, tmp_path_factory, data):
    stick = tmp_path_factory.mktemp("stick")
    store = Store.open(tmp_path_factory.mktemp("data"))
    try:
        document = data.draw(nearly_right_evenings(exported))
        path = stick / "evening.json"
        path.write_text(json.dumps(document, indent=2))
        tap_import(store, stick, path)
        # and once more: whatever the first import saved is never saved again
        saved = len(store.history())
        tap_import(store, stick, path)
        assert len(store.history()) == saved
    finally:
        store.close()
