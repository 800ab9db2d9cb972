
import os
import sqlite3
import threading

import pytest
from counting_game import CountingGame
from damage_support import damage_table
from schema_support import back_to_schema

import companion.registry as registry
import companion.store as store_module
from companion import __version__
from companion.actions import Action
from companion.errors import IllegalAction, StorageProblem
from companion.game_lines import played_games
from companion.players import Player
from companion.session import Session
from companion.store import SCHEMA_VERSION, GameToImport, Store, WrittenByNewerVersion

PLAYERS = [Player("Ann", "orange", 1), Player("Ben", "sky", 2)]


@pytest.fixture
def counting_registered(monkeypatch):
    monkeypatch.setattr(registry, "load_game", lambda key: CountingGame())
    import companion.store as store_module
    monkeypatch.setattr(store_module, "load_game", lambda key: CountingGame())
    monkeypatch.setattr(store_module, "game_entry", lambda key: None)


def test_every_acknowledged_action_survives_reopening(tmp_path, counting_registered):
    store = Store.open(tmp_path)
    session = store.new_session("counting", PLAYERS, {"target": 20})
    for seat, amount in [(0, 2), (1, 3), (0, 1)]:
        session.perform(Action("add", seat, {"amount": amount}))
    session.undo()
    store.close()

    reopened = Store.open(tmp_path)
    record = reopened.unfinished()
    assert record is not None and record.id == session.id and record.game == "counting"
    resumed = reopened.resume(record.id)
    assert resumed.state == session.state
    assert resumed.can_redo and resumed.next_redo == Action("add", 0, {"amount": 1})
    assert [line.text for line in resumed.history()] == ["Ann added 2", "Ben added 3"]
    assert reopened.integrity_ok()


def test_the_games_are_counted_finished_or_not_without_being_read_back(tmp_path, counting_registered):
    store = Store.open(tmp_path)
    assert store.game_count() == 0
    store.new_session("counting", PLAYERS, {"target": 3}).perform(Action("add", 0, {"amount": 3}))
    store.new_session("counting", PLAYERS)
    assert store.game_count() == 2 == len(store.sessions())


def test_a_refused_action_writes_nothing(tmp_path, counting_registered):
    store = Store.open(tmp_path)
    session = store.new_session("counting", PLAYERS)
    with pytest.raises(IllegalAction):
        session.perform(Action("add", 1, {"amount": 1}))
    assert store.entries(session.id) == []


def test_finished_games_are_kept_with_their_result_and_not_offered_for_resume(tmp_path, counting_registered):
    store = Store.open(tmp_path)
    session = store.new_session("counting", PLAYERS, {"target": 3})
    session.perform(Action("add", 0, {"amount": 3}))
    assert store.unfinished() is None
    (record,) = store.sessions(unfinished=False)
    assert record.result["total"] == 3
    assert record.outcome.finished and record.outcome.winners == (0,)


def test_undoing_the_winning_action_reopens_the_game(tmp_path, counting_registered):
    store = Store.open(tmp_path)
    session = store.new_session("counting", PLAYERS, {"target": 3})
    session.perform(Action("add", 0, {"amount": 3}))
    session.undo()
    assert store.unfinished().id == session.id


def test_roster_remembers_the_family(tmp_path, counting_registered):
    store = Store.open(tmp_path)
    store.new_session("counting", PLAYERS)
    store.new_session("counting", [Player("Cleo", "green", 1), Player("ann", "pink", 2)])
    names = [player.name for player in store.roster()]
    assert sorted(name.lower() for name in names) == ["ann", "ben", "cleo"]
    store.forget_player("Ben")
    assert "Ben" not in [player.name for player in store.roster()]


def test_the_roster_lists_the_last_family_in_the_seats_they_sat_in(tmp_path, counting_registered):
    store = Store.open(tmp_path)
    store.new_session("counting", [Player("Cleo", "green", 1), Player("Ann", "pink", 2), Player("Ben", "sky", 3)])
    assert [player.name for player in store.roster()] == ["Cleo", "Ann", "Ben"]


def test_set_aside_stops_offering_the_game_but_keeps_its_log(tmp_path, counting_registered):
    store = Store.open(tmp_path)
    session = store.new_session("counting", PLAYERS)
    session.perform(Action("add", 0, {"amount": 1}))
    store.set_aside(session.id)
    assert store.unfinished() is None
    assert len(store.entries(session.id)) == 1


def test_race_logs_are_kept_with_the_game(tmp_path, counting_registered):
    store = Store.open(tmp_path)
    session = store.new_session("counting", PLAYERS)
    log = [{"event": "arm", "t_ns": 0, "kind": "claim", "players": [0, 1]},
           {"event": "edge", "player": 1, "pressed": True, "t_ns": 5}]
    store.save_race(session.id, log)
    assert store.races(session.id) == [log]


def test_database_uses_wal_and_full_sync(tmp_path):
    store = Store.open(tmp_path)
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


@pytest.mark.parametrize("spoil, why", [
    (lambda path: os.truncate(path, 4096), "damaged"),
    (lambda path: _foreign(path), "not the app's"),
])
def test_a_file_the_app_cannot_use_is_moved_aside_and_a_new_one_begun(tmp_path, spoil, why):
    store = Store.open(tmp_path)
    for number in range(30):
        store.new_session("nut", [Player(f"Ann{number}", "orange"), Player("Ben", "sky")])
    store.close()
    spoil(tmp_path / "companion.sqlite3")
    spoilt = (tmp_path / "companion.sqlite3").read_bytes()

    reopened = Store.open(tmp_path)
    aside, reason = reopened.moved_aside
    assert why in reason
    assert aside.read_bytes() == spoilt  # kept byte for byte, to be looked at later
    assert reopened.sessions() == [] and reopened.integrity_ok()
    reopened.new_session("nut", [Player("Ann", "orange"), Player("Ben", "sky")])
    reopened.close()
    again = Store.open(tmp_path)
    assert again.moved_aside is None and len(again.sessions()) == 1
    again.close()


def _thirty_games(data_dir):
    store = Store.open(data_dir)
    for number in range(30):
        store.new_session("nut", [Player(f"Ann{number}", "orange"), Player("Ben", "sky")])
    store.close()
    return data_dir / "companion.sqlite3"


def test_a_damaged_page_the_start_does_not_read_is_found_before_anything_is_written(tmp_path):
    """Opening reads no more than it needs (a long history opens at once); the first write reads every
    page first, so a game is never written into a damaged file: the file is kept aside byte for byte
    and the game goes into a new one."""
    damaged = damage_table(_thirty_games(tmp_path), "roster")
    store = Store.open(tmp_path)
    assert store.moved_aside is None and len(store.sessions()) == 30
    store.new_session("nut", [Player("Ann", "orange"), Player("Ben", "sky")])
    aside, reason = store.moved_aside
    assert "damaged" in reason and aside.read_bytes() == damaged
    assert [game.players[0].name for game in store.sessions()] == ["Ann"]
    store.close()
    assert len(Store.open(tmp_path).sessions()) == 1


def test_a_damaged_page_met_by_a_read_is_said_in_words_and_the_next_write_sets_the_file_aside(tmp_path):
    damaged = damage_table(_thirty_games(tmp_path), "sessions")
    store = Store.open(tmp_path)
    with pytest.raises(StorageProblem, match="is damaged .* kept aside and a new one begun"):
        store.sessions()
    store.new_session("nut", [Player("Ann", "orange"), Player("Ben", "sky")])
    aside, _ = store.moved_aside
    assert aside.read_bytes() == damaged and len(store.sessions()) == 1


def test_a_file_in_a_newer_form_is_left_where_it_is_and_names_the_version_to_install(tmp_path):
    """Never moved aside: it holds the family's history, which the version that wrote it shows again."""
    store = Store.open(tmp_path)
    store.new_session("nut", [Player("Ann", "orange"), Player("Ben", "sky")])
    store.close()
    _schema(tmp_path / "companion.sqlite3", "99")
    before = sorted(path.name for path in tmp_path.iterdir()), (tmp_path / "companion.sqlite3").read_bytes()
    with pytest.raises(WrittenByNewerVersion, match=f"written by version {__version__} .* install version "
                                                    f"{__version__} again to see them"):
        Store.open(tmp_path)
    assert (sorted(path.name for path in tmp_path.iterdir()), (tmp_path / "companion.sqlite3").read_bytes()) == before


def _foreign(path):
    os.remove(path)
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.commit()
    connection.close()


def _schema(path, value):
    connection = sqlite3.connect(path)
    connection.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (value,))
    connection.commit()
    connection.close()


def test_the_saved_games_are_readable_by_this_user_alone_whatever_the_umask(tmp_path):
    import stat

    from companion import config

    previous = os.umask(0o022)
    try:
        data = tmp_path / "data"
        store = Store.open(data)
        store.new_session("nut", [Player("Ann", "orange"), Player("Ben", "sky")])
        config.save(data, config.validate({}))
        store.close()
    finally:
        os.umask(previous)
    for made in [data / "companion.sqlite3", data / "config.json"] + list(data.glob("companion.sqlite3-*")):
        assert stat.S_IMODE(made.stat().st_mode) & 0o077 == 0, made


def test_the_games_read_for_the_evenings_leave_out_what_the_saved_games_leave_out_and_say_why(tmp_path):
    store = Store.open(tmp_path)
    finished = store.new_session("nut", [Player("Ann", "orange"), Player("Ben", "sky")])
    store.set_aside(finished.id)
    offered = store.new_session("nut", [Player("Cy", "orange"), Player("Di", "sky")])
    broken = store.new_session("nut", [Player("Ed", "orange"), Player("Flo", "sky")])
    played_games(store)   # its line kept, before the game was damaged: the damage drops it
    store._db.execute("UPDATE sessions SET game = 'chess' WHERE id = ?", (broken.id,))
    assert store.unfinished().id == offered.id
    for _ in range(2):
        read = played_games(store)
        assert list(read.unreadable) == store.unreadable() and [number for number, _ in read.unreadable] == [broken.id]
        assert [game.result.session_id for game in read.games] == [finished.id, offered.id]
    store.close()


def test_a_saved_games_file_from_the_first_version_is_brought_up_to_date_and_loses_nothing(tmp_path,
                                                                                              counting_registered):
    store = Store.open(tmp_path)
    session = store.new_session("counting", PLAYERS, {"target": 20})
    for seat, amount in [(0, 2), (1, 3)]:
        session.perform(Action("add", seat, {"amount": amount}))
    expected = (session.state, session.history())
    store.close()
    # What the first version wrote: its tables only (an entry was a move, an undo or a redo), marked schema 1.
    back_to_schema(tmp_path, 1)

    store = Store.open(tmp_path)
    assert store.moved_aside is None
    resumed = store.resume(session.id)
    assert (resumed.state, resumed.history()) == expected
    indexes = {row[0] for row in store._db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"sessions_by_start", "races_by_session"} <= indexes
    assert store._db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (str(SCHEMA_VERSION),)
    # The newest kind of entry can be saved in it: a fix of the first move.
    resumed.fix(1, Action("add", 0, {"amount": 1}))
    store.close()
    assert Store.open(tmp_path).resume(session.id).summary()["total"] == 4


def test_a_file_from_before_corrections_gains_them_in_one_step_and_loses_nothing(tmp_path, counting_registered):
    store = Store.open(tmp_path)
    session = store.new_session("counting", PLAYERS, {"target": 20})
    session.perform(Action("add", 0, {"amount": 2}))
    store.save_race(session.id, [{"event": "arm", "t_ns": 1, "kind": "claim", "players": [1, 2]}])
    expected = (session.state, store.races(session.id), store.roster())
    store.close()
    path = tmp_path / "companion.sqlite3"
    back_to_schema(tmp_path, 3)

    # A migration cut short (here by a statement the storage refuses) leaves the file as it was.
    failing = {**store_module.MIGRATIONS, 4: (*store_module.MIGRATIONS[4], "INSERT INTO nowhere VALUES (1)")}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(store_module, "MIGRATIONS", failing)
        with pytest.raises(StorageProblem):
            Store.open(tmp_path)
    connection = sqlite3.connect(path)
    assert connection.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("3",)
    assert connection.execute("SELECT name FROM sqlite_master WHERE name = 'changes'").fetchone() is None
    connection.close()

    store = Store.open(tmp_path)
    assert store.moved_aside is None and store.changes() == []
    assert (store.resume(session.id).state, store.races(session.id), store.roster()) == expected
    assert store._db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (str(SCHEMA_VERSION),)
    renamed = store.add_change("rename_seat", old_name="Ann", new_name="Annie", session_id=session.id, seat=0)
    store.close()
    reopened = Store.open(tmp_path)
    assert reopened.changes() == [renamed]
    assert [player.name for player in reopened.resume(session.id).players] == ["Annie", "Ben"]
    reopened.close()


def test_a_move_made_while_a_sticks_games_are_being_saved_waits_for_them_and_both_are_kept(
        tmp_path, counting_registered):
    """The saved games file is shared by the screen's thread and the worker saving a stick's games: a
    move tapped during the import is not written into the import's transaction, nor refused; it is
    saved once the import's games are."""
    store = Store.open(tmp_path)
    playing = store.new_session("counting", PLAYERS, {"target": 20})
    imported = Session(CountingGame(), PLAYERS, {"target": 20})
    imported.perform(Action("add", 0, {"amount": 3}))
    writing, move_tapped = threading.Event(), threading.Event()
    problems: list[BaseException] = []

    def each() -> None:   # called inside the import's transaction
        writing.set()
        move_tapped.wait(5)

    def run(work) -> threading.Thread:
        def guarded() -> None:
            try:
                work()
            except BaseException as problem:  # noqa: BLE001 - the test reports what any thread met
                problems.append(problem)
        thread = threading.Thread(target=guarded)
        thread.start()
        return thread

    importer = run(lambda: store.import_sessions([GameToImport(imported)], each))
    assert writing.wait(5)
    mover = run(lambda: playing.perform(Action("add", 0, {"amount": 2})))
    mover.join(0.3)                # the move reaches the file while the import's transaction is open
    assert mover.is_alive(), "the move did not wait for the import's games"
    move_tapped.set()
    importer.join(5)
    mover.join(5)
    assert not importer.is_alive() and not mover.is_alive()
    assert problems == []
    assert store.entries(playing.id) == [("do", Action("add", 0, {"amount": 2}))]
    assert [record.entry_count for record in store.sessions()] == [1, 1]
    store.close()


def test_work_still_running_as_the_app_stops_is_told_the_file_is_closed(tmp_path, counting_registered):
    store = Store.open(tmp_path)
    store.new_session("counting", PLAYERS)
    store.close()
    store.close()    # the app's stop and a failed start may both close it
    with pytest.raises(StorageProblem, match="closed"):
        store.game_count()
    with pytest.raises(StorageProblem, match="closed"):
        store.new_session("counting", PLAYERS)


def test_a_pads_draft_is_kept_across_a_restart_and_forgotten_when_asked(tmp_path, counting_registered):
    store = Store.open(tmp_path)
    session = store.new_session("counting", PLAYERS, {"target": 20})
    other = store.new_session("counting", PLAYERS, {"target": 20})
    assert store.draft(session.id) is None
    store.keep_draft(session.id, {"paintings": {"0": ["RR.", "..B"]}})
    store.keep_draft(session.id, {"paintings": {"0": ["RRR", "..B"]}})   # the newest replaces the one before
    store.close()
    store = Store.open(tmp_path)
    assert store.draft(session.id) == {"paintings": {"0": ["RRR", "..B"]}} and store.draft(other.id) is None
    store.keep_draft(session.id, None)
    assert store.draft(session.id) is None
    # A draft that cannot be read is no draft: the game still opens, with empty pads.
    store._db.execute("INSERT INTO drafts VALUES (?, ?, ?)", (other.id, "{not json", 0))
    assert store.draft(other.id) is None
    store.close()
