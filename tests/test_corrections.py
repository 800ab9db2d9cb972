"""A player renamed, two names put together as one person, a game deleted by mistake: each saved as a
change of its own (the games' own rows are never rewritten), followed by the records, the evenings'
standings and the exports, refused with a reason when it cannot be, and taken back exactly by Undo."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict

import pytest
from race_support import race

from companion import corrections
from companion.corrections import NameTaken, Refused
from companion.evenings import evening_csv, evening_document
from companion.game_lines import evenings
from companion.gamelog import export_saved, session_from_document
from companion.players import IDENTITIES, Player
from companion.records import all_records, player_record
from companion.rulecards import load_example
from companion.session import Session
from companion.store import Store


@pytest.fixture
def store(tmp_path):
    store = Store.open(tmp_path)
    yield store
    store.close()


def example(store: Store, key: str, *names: str) -> Session:
    """A worked example, finished, with these names seat by seat and big buttons 1, 2..."""
    document = load_example(key)
    document = {**document, "players": [{"name": name, "colour": IDENTITIES[seat].key, "button": seat + 1}
                                        for seat, name in enumerate(names)]}
    return store.import_session(session_from_document(document))


def table(store: Store) -> list[tuple[str, int, int]]:
    """The newest evening's standings: (name, points, wins)."""
    return [(line.name, line.points, line.wins) for line in evenings(store)[0].standings]


def everything(store: Store) -> tuple:
    """What a family can read back: records, every evening, the exports, the remembered names."""
    found = evenings(store)
    return ([asdict(record) for record in all_records(store)],
            [[asdict(line) for line in evening.standings] for evening in found],
            [evening_document(store, evening) for evening in found],
            [evening_csv(number, evening) for number, evening in enumerate(found, start=1)],
            store.roster())


def saved_names(store: Store) -> list[list[str]]:
    """The players as the games' own rows hold them."""
    db = sqlite3.connect(store.path)
    try:
        return [[player["name"] for player in json.loads(players)]
                for (players,) in db.execute("SELECT players FROM sessions ORDER BY id")]
    finally:
        db.close()


@pytest.fixture
def ann_wins_twice(store):
    """That's Ruff! (Ann, Ben) won by Ann, with one bone race Ann won by 60 ms on button 1; then
    Mix-the-Mutts (Ben, Ann) won by Ann with 39 against 31."""
    ruff = example(store, "thats_ruff", "Ann", "Ben")
    store.save_race(ruff.id, race("bones", [1, 2], {1: 200.0, 2: 260.0}))
    example(store, "mix_the_mutts", "Ben", "Ann")
    return store


def test_a_rename_in_the_records_reaches_every_game_record_race_and_export_and_undo_takes_it_back(ann_wins_twice):
    store = ann_wins_twice
    before = everything(store)
    assert table(store) == [("Ann", 2, 2), ("Ben", 0, 0)]

    change = corrections.rename_player(store, "ann", "Annie")
    assert corrections.said(change) == "Ann is now called Annie, in every game so far."
    annie = player_record(store, "Annie")
    assert (annie.played, annie.won, annie.races.races, annie.races.won, annie.races.closest_win_ms) == (2, 2, 1, 1, 60.0)
    with pytest.raises(Exception, match="no player called 'Ann'"):
        player_record(store, "Ann")
    assert table(store) == [("Annie", 2, 2), ("Ben", 0, 0)]
    (document,) = [evening_document(store, evening) for evening in evenings(store)]
    assert [[player["name"] for player in game["players"]] for game in document["games"]] == [
        ["Annie", "Ben"], ["Ben", "Annie"]]
    assert export_saved(store, 2)["players"][1]["name"] == "Annie"
    assert "Annie" in evening_csv(1, evenings(store)[0]) and ",Ann," not in evening_csv(1, evenings(store)[0])
    assert [player.name for player in store.roster()] == ["Ben", "Annie"]
    assert saved_names(store) == [["Ann", "Ben"], ["Ben", "Ann"]]        # the games' rows are as they were

    corrections.undo(store, change)
    assert everything(store) == before
    with pytest.raises(Refused, match="already undone"):
        corrections.undo(store, change)


def test_a_rename_to_a_name_already_in_the_records_is_refused_and_offers_the_merge(ann_wins_twice):
    store = ann_wins_twice
    before = everything(store)
    with pytest.raises(NameTaken) as refused:
        corrections.rename_player(store, "Ann", "ben")
    assert refused.value.existing == "Ben"
    assert "already a player called Ben" in str(refused.value) and "Same person as Ben" in str(refused.value)
    for bad, says in (("   ", "only spaces"), ("Ann", "already called that"), ("x" * 41, "at most 40")):
        with pytest.raises(Refused, match=says):
            corrections.rename_player(store, "Ann", bad)
    with pytest.raises(Refused, match="no player called 'Zed'"):
        corrections.rename_player(store, "Zed", "Zoe")
    assert store.changes() == [] and everything(store) == before


def test_a_new_spelling_of_the_same_name_is_a_rename(ann_wins_twice):
    corrections.rename_player(ann_wins_twice, "Ann", "ANN")
    assert table(ann_wins_twice) == [("ANN", 2, 2), ("Ben", 0, 0)]


def test_two_names_of_one_person_are_put_together_and_their_records_add_up(store):
    example(store, "mix_the_mutts", "Annie", "Ben")     # Ben 39 beats Annie 31
    example(store, "pugs_in_mugs", "Ann", "Cleo")       # Ann 5 Mugs beats Cleo 2
    example(store, "nut", "Ann", "Ben")                 # 13 each, Ben by the largest cluster
    before = everything(store)
    assert [(r.name, r.played, r.won) for r in all_records(store)] == [
        ("Ann", 2, 1), ("Ben", 2, 2), ("Annie", 1, 0), ("Cleo", 1, 0)]

    change = corrections.merge_players(store, "Annie", "Ann")
    assert corrections.said(change).startswith("Annie and Ann are one person now, called Ann")
    assert [(r.name, r.played, r.won) for r in all_records(store)] == [("Ann", 3, 1), ("Ben", 2, 2), ("Cleo", 1, 0)]
    ann = player_record(store, "Ann")
    assert {game.game: (game.played, game.won, game.best) for game in ann.games} == {
        "mix_the_mutts": (1, 0, 31), "pugs_in_mugs": (1, 1, 5), "nut": (1, 0, 13)}
    # One point a game for every player finished ahead of: Ann 0 + 1 + 0, Ben 1 + 1, Cleo 0.
    assert table(store) == [("Ben", 2, 2), ("Ann", 1, 1), ("Cleo", 0, 0)]
    assert [player.name for player in store.roster()].count("Ann") == 1
    assert "Annie" not in [player.name for player in store.roster()]

    corrections.undo(store, change)
    assert everything(store) == before


def test_two_names_who_sat_at_one_game_are_two_people(store):
    example(store, "nut", "Ann", "Annie")
    with pytest.raises(Refused) as refused:
        corrections.merge_players(store, "Annie", "ann")
    assert "Annie and Ann both played Nut on" in str(refused.value) and "two people" in str(refused.value)
    assert store.changes() == []
    with pytest.raises(Refused, match="already one name"):
        corrections.merge_players(store, "Ann", "ANN")


def test_a_rename_reaches_the_games_saved_until_then_and_a_later_game_keeps_its_own_names(store):
    example(store, "nut", "Ann", "Ben")
    corrections.rename_player(store, "Ann", "Annie")
    example(store, "pugs_in_mugs", "Ann", "Ben")        # a new Ann, typed afresh after the rename
    assert [(r.name, r.played) for r in all_records(store)] == [("Ben", 2), ("Ann", 1), ("Annie", 1)]


def test_a_seat_renamed_in_one_game_changes_that_game_alone_and_undo_puts_it_back(store):
    first = example(store, "nut", "Ann", "Ben")
    typo = store.new_session("pugs_in_mugs", [Player("Ann", "orange", 1), Player("Bne", "sky", 2)])
    change = corrections.rename_seat(store, typo.id, 1, "Ben")
    assert corrections.said(change) == "Bne is now called Ben in this game."
    resumed = store.resume(typo.id)
    assert [player.name for player in resumed.players] == ["Ann", "Ben"]
    assert resumed.game.outcome(resumed.state).standings[1].name == "Ben"     # the game's own state too
    assert [player.name for player in store.resume(first.id).players] == ["Ann", "Ben"]
    assert "Bne" not in [player.name for player in store.roster()]
    assert [(r.name, r.played) for r in all_records(store)] == [("Ann", 1), ("Ben", 1)]  # the new game is unfinished

    with pytest.raises(Refused, match="Ann already sits at this table, in seat 1"):
        corrections.rename_seat(store, typo.id, 1, "ann")
    corrections.undo(store, change)
    assert [player.name for player in store.resume(typo.id).players] == ["Ann", "Bne"]


def test_an_undo_that_would_seat_one_name_twice_is_refused(store):
    game = example(store, "nut", "Ann", "Ben")
    first = corrections.rename_seat(store, game.id, 0, "Cleo")      # Ann's seat is Cleo's
    corrections.rename_seat(store, game.id, 1, "Ann")               # and then Ben's is Ann's
    with pytest.raises(Refused, match="cannot be undone: Ann would sit twice at Nut on .* \\(game 1\\)"):
        corrections.undo(store, first)
    assert [player.name for player in store.resume(game.id).players] == ["Cleo", "Ann"]


def test_a_deleted_game_leaves_the_standings_records_and_exports_and_undo_brings_it_back_exactly(ann_wins_twice):
    store = ann_wins_twice
    before = everything(store)
    record = store.session_record(2)
    change = corrections.delete_game(store, 2)
    assert table(store) == [("Ann", 1, 1), ("Ben", 0, 0)]
    assert (player_record(store, "Ann").played, player_record(store, "Ben").played) == (1, 1)
    assert [game["game"] for game in evening_document(store, evenings(store)[0])["games"]] == ["thats_ruff"]
    assert [saved.id for saved in store.sessions()] == [1]
    with pytest.raises(Exception, match="was deleted"):
        export_saved(store, 2)
    with pytest.raises(Exception, match="was deleted"):
        corrections.delete_game(store, 2)

    corrections.undo(store, change)
    assert everything(store) == before
    assert store.session_record(2) == record


def test_an_unfinished_game_deleted_is_not_offered_for_resume(store):
    example(store, "nut", "Ann", "Ben")
    session = store.new_session("nut", [Player("Ann", "orange", 1), Player("Ben", "sky", 2)])
    assert store.unfinished().id == session.id
    change = corrections.delete_game(store, session.id)
    assert store.unfinished() is None
    corrections.undo(store, change)
    assert store.unfinished().id == session.id


def test_an_evening_exported_before_a_rename_is_still_known_when_it_comes_back(store, tmp_path):
    from companion.evenings import import_evening

    example(store, "nut", "Ann", "Ben")
    document = evening_document(store, evenings(store)[0])
    elsewhere = Store.open(tmp_path / "elsewhere")
    try:
        import_evening(elsewhere, document)
        corrections.rename_player(elsewhere, "Ann", "Annie")
        with pytest.raises(Exception, match="already saved, as game 1"):
            import_evening(elsewhere, document)
    finally:
        elsewhere.close()
