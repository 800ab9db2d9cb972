"""A long history (bench/history.py: several families, evenings over years, all five games, races, a
nickname merged, a game deleted, one left unfinished tonight) read the quick way gives what reading
every game afresh gives: the evenings and every record, before and after each thing a family does to
its saved games. And what makes it quick holds: an import reads no saved game's moves that it read
before, and Home's first frame reads no finished game (bench/ten_thousand.py has the figures)."""

from __future__ import annotations

import random
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from history import generate  # noqa: E402
from race_support import race  # noqa: E402

import companion.gamelog as gamelog  # noqa: E402
from companion import corrections  # noqa: E402
from companion.errors import BadDocument, StorageProblem  # noqa: E402
from companion.game_lines import evenings, played_games, read_ledger  # noqa: E402
from companion.ledger import Ledger, evenings_of, worked_out_afresh  # noqa: E402
from companion.records import Records  # noqa: E402
from companion.rulecards import load_example  # noqa: E402
from companion.store import DB_NAME, Store  # noqa: E402

GAMES = 400


@pytest.fixture(scope="module")
def history(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("history")
    store = Store.open(folder)
    generate(store, GAMES)
    store.close()
    return folder


@pytest.fixture
def store(history, tmp_path):
    (tmp_path / DB_NAME).write_bytes((history / DB_NAME).read_bytes())
    opened = Store.open(tmp_path)
    yield opened
    opened.close()


def figures(ledger: Ledger) -> tuple:
    """Every figure the screens and `companion stats` show, from one ledger."""
    records = Records(ledger)
    names = [record.name for record in records.players]
    return (records.players, records.months, [records.year(month.year) for month in records.months],
            [records.head_to_head(first, second) for first in names[:4] for second in names[:4] if first != second],
            records.seconds_at_table,
            [(evening, [game.result for game in games]) for evening, games in ledger.evenings])


def same_as_afresh(store: Store) -> None:
    quick = read_ledger(store)
    assert quick == worked_out_afresh(store)
    assert figures(quick) == figures(worked_out_afresh(store))
    assert evenings(store) == evenings_of(worked_out_afresh(store).games)


def test_a_long_history_read_the_quick_way_gives_every_figure_of_reading_it_afresh(store):
    first = read_ledger(store)   # the games' lines worked out and kept
    kept = store._db.execute("SELECT COUNT(*) FROM game_lines WHERE line IS NOT NULL").fetchone()[0]
    assert kept == len(first.games) == GAMES - 1   # every game but the one deleted
    assert read_ledger(store) == first == worked_out_afresh(store)
    assert figures(read_ledger(store)) == figures(worked_out_afresh(store))
    names = {record.name for record in Records(first).players}
    assert {"José", "Zoë", "Élodie", "Ben"} <= names and "Benny" not in names   # the nickname merged


def test_after_each_thing_a_family_does_the_quick_way_still_gives_what_afresh_gives(store):
    read_ledger(store)
    tonight = store.resume(store.unfinished().id)
    tonight.perform(tonight.game.legal_actions(tonight.state, random.Random(1))[0])
    same_as_afresh(store)                                         # a move on tonight's game
    last = tonight.actions[-1]
    tonight.undo()
    same_as_afresh(store)                                         # taken back
    other = next(move for move in tonight.game.legal_actions(tonight.state, random.Random(2)) if move != last)
    tonight.redo()
    tonight.fix(len(tonight.actions), other)
    same_as_afresh(store)                                         # a move fixed
    raced = next(game for game in read_ledger(store).games if game.races)
    store.save_race(raced.result.session_id, race("bones", [1, 2, 3], {1: 120.0, 2: 130.0, 3: 160.0}))
    same_as_afresh(store)                                         # a race saved with an old game
    again = store.save_race(raced.result.session_id, race("bones", [1, 2, 3], {2: 100.0, 1: 101.0}))
    store.mark_race_raced_again(again)
    same_as_afresh(store)                                         # and one run again
    renamed = corrections.rename_player(store, "Zoë", "Zoe")
    same_as_afresh(store)                                         # a rename in the records
    seat = corrections.rename_seat(store, raced.result.session_id, 0, "Visitor")
    same_as_afresh(store)                                         # one seat of one game
    corrections.undo(store, seat)
    corrections.undo(store, renamed)
    same_as_afresh(store)
    gone = corrections.delete_game(store, raced.result.session_id)
    same_as_afresh(store)                                         # a game deleted
    corrections.undo(store, gone)
    store.set_aside(tonight.id)
    same_as_afresh(store)                                         # tonight's game set aside
    store.bring_back(tonight.id)
    same_as_afresh(store)


def test_a_game_changed_while_its_line_is_worked_out_keeps_no_stale_line(store, monkeypatch):
    """Lines are worked out without holding the saved games: a move taken back on the family's side
    between this reading's look at a game and the keeping of its line leaves no line behind."""
    tonight = store.resume(store.unfinished().id)
    real = store.read_back

    def an_undo_meanwhile(numbers, **kwargs):
        found = real(numbers, **kwargs)
        if tonight.id in numbers and tonight.can_undo:
            tonight.undo()
        return found

    monkeypatch.setattr(store, "read_back", an_undo_meanwhile)
    read_ledger(store)
    monkeypatch.undo()
    assert store._db.execute("SELECT line FROM game_lines WHERE session_id = ?", (tonight.id,)).fetchone() is None
    same_as_afresh(store)


def test_storage_that_refuses_to_keep_lines_is_read_all_the_same(store, monkeypatch):
    def full(*_args, **_kwargs):
        raise StorageProblem("Not saved: the storage is full.")

    monkeypatch.setattr(store, "_keeping", full)
    assert read_ledger(store) == worked_out_afresh(store)
    assert store._db.execute("SELECT COUNT(*) FROM game_lines").fetchone() == (0,)


def test_an_import_reads_the_moves_of_no_saved_game_it_read_before(store, monkeypatch):
    read = []
    real = gamelog.moves_in_effect
    monkeypatch.setattr(gamelog, "moves_in_effect", lambda *args: read.append(1) or real(*args))
    document = {**load_example("nut"), "players": ["Quinn", "Rosa"]}
    gamelog.import_document(store, document)
    first = len(read)
    assert first >= GAMES - 2   # the first import after the history was saved reads every game once
    read.clear()
    gamelog.import_document(store, {**document, "players": ["Rosa", "Quinn"]})
    assert len(read) == 1   # the game the first import saved, alone
    read.clear()
    with pytest.raises(BadDocument, match="already saved"):
        gamelog.import_document(store, document)
    assert len(read) == 1


def test_home_on_a_long_history_draws_its_first_frame_before_reading_its_finished_games(history, tmp_path, monkeypatch):
    pytest.importorskip("kivy")
    from kivy.base import EventLoop
    from kivy.core.window import Window

    import companion.store as store_module
    from companion import config
    from ui.app import CompanionApp

    (tmp_path / DB_NAME).write_bytes((history / DB_NAME).read_bytes())
    on_the_screens_thread = []
    real = store_module._record

    def reading(row, changes):
        if threading.current_thread() is threading.main_thread() and row[6] is not None:
            on_the_screens_thread.append(row[0])
        return real(row, changes)

    monkeypatch.setattr(store_module, "_record", reading)
    app = CompanionApp.create(data_dir=tmp_path, settings=config.load(tmp_path), backend="none")
    app._run_prepare()
    try:
        EventLoop.idle()
        home = app.navigator.current_screen
        assert home.model.offered is not None                      # tonight's unfinished game, at once
        assert on_the_screens_thread == [], "Home read finished games on the screen's thread"
        from ui_support import settle_until

        assert settle_until(lambda: not home.reading, timeout_s=60)
        assert home.model.tonight.startswith("Tonight: ")
        assert played_games(app.services.store).unreadable == ()
    finally:
        app.dispatch("on_stop")
        Window.remove_widget(app.root)
