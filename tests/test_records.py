"""Each player's record: games and wins by game, streaks, and the buzzer races from their saved logs."""

from __future__ import annotations

import sqlite3

import pytest
from race_support import claim, race

from companion.errors import BadDocument
from companion.gamelog import session_from_document
from companion.players import IDENTITIES, Player
from companion.records import all_records, player_record
from companion.rulecards import load_example
from companion.session import Session
from companion.store import Store

HOUR = 3600.0
T0 = 1_700_000_000.0


@pytest.fixture
def store(tmp_path):
    store = Store.open(tmp_path)
    yield store
    store.close()


def example(store: Store, key: str, names: tuple[str, ...] | None = None, buttons: tuple[int, ...] | None = None) -> Session:
    """A worked example saved as a finished game, with the names (and big buttons) given, seat by seat."""
    document = load_example(key)
    names = names or tuple(p if isinstance(p, str) else p["name"] for p in document["players"])
    document = {**document, "players": [
        {"name": name, "colour": IDENTITIES[seat].key, "button": buttons[seat] if buttons else None}
        for seat, name in enumerate(names)]}
    return store.import_session(session_from_document(document))


def finished_at(store: Store, session: Session, when: float) -> None:
    db = sqlite3.connect(store.path, isolation_level=None)
    db.execute("UPDATE sessions SET started_at = ?, updated_at = ?, finished_at = ? WHERE id = ?",
               (when - HOUR, when, when, session.id))
    db.close()


def test_races_are_counted_per_player_through_each_games_buttons(store):
    mutts = example(store, "nuts_about_mutts", ("Ann", "Ben", "Cleo"), buttons=(1, 2, 3))
    store.save_race(mutts.id, race("bones", [1, 2, 3], {1: 200.0, 2: 250.0, 3: 400.0}))   # Ann first by 50 ms
    store.save_race(mutts.id, race("bones", [1, 2, 3], {2: 180.0, 1: 183.0, 3: -100.0}))  # Ben by 3 ms; Cleo jumped
    store.save_race(mutts.id, claim(1, {2: 12.0}))                                        # Ann's claim, by 12 ms
    swapped = example(store, "thats_ruff", ("Ben", "Ann"), buttons=(1, 3))                # Ann on button 3 now
    store.save_race(swapped.id, race("bones", [1, 3], {3: 300.0, 1: 310.0}))              # Ann by 10 ms
    store.save_race(swapped.id, race("bones", [1, 3], {1: 5.0}, decide=False))            # called off: not a race

    # Won by what each race was for: a bone (one fewer than the racers), or the claim. The closest
    # finishes are at the line that decided each race: the first bone race's line is between Ben, the
    # last to get a bone (250), and Cleo (400); the second has none (Cleo jumped the cue, her press
    # never counted); the claim's is Ann and Ben, 12 ms; That's Ruff!'s one bone, Ann and Ben, 10 ms.
    ann, ben, cleo = (player_record(store, name).races for name in ("Ann", "Ben", "Cleo"))
    assert (ann.races, ann.won, ann.bones_missed, ann.false_starts) == (4, 4, 0, 0)
    assert ann.median_reaction_ms == 200.0          # bone races only: 200, 183, 300 (a claim has no cue of its own)
    assert (ann.closest_win_ms, ann.closest_loss_ms) == (10.0, None)
    assert (ben.races, ben.won, ben.bones_missed, ben.median_reaction_ms) == (4, 2, 1, 250.0)
    assert (ben.closest_win_ms, ben.closest_loss_ms) == (150.0, 10.0)
    assert (cleo.races, cleo.won, cleo.bones_missed, cleo.false_starts, cleo.median_reaction_ms) == (2, 0, 2, 1, 400.0)
    assert (cleo.closest_win_ms, cleo.closest_loss_ms) == (None, 150.0)


def test_a_player_who_never_raced_has_no_race_figures(store):
    example(store, "mix_the_mutts")
    races = player_record(store, "Ann").races
    assert (races.races, races.won, races.median_reaction_ms, races.closest_win_ms, races.closest_loss_ms) == (
        0, 0, None, None, None)


def test_streaks_follow_the_order_games_finished_in_whatever_the_game(store):
    # Ann wins That's Ruff! and Pugs in Mugs, loses Mix-the-Mutts; saved in another order than played.
    ruff1, ruff2, ruff3 = (example(store, "thats_ruff") for _ in range(3))
    pugs1, pugs2 = (example(store, "pugs_in_mugs") for _ in range(2))
    mix = example(store, "mix_the_mutts")
    for hour, game in enumerate((ruff1, pugs1, mix, ruff2, pugs2, ruff3)):   # W W L W W W
        finished_at(store, game, T0 + hour * HOUR)
    ann = player_record(store, "Ann")
    assert (ann.played, ann.won, ann.longest_streak, ann.current_streak) == (6, 5, 3, 3)
    ben = player_record(store, "Ben")
    assert (ben.won, ben.longest_streak, ben.current_streak) == (1, 1, 0)
    finished_at(store, mix, T0 + 9 * HOUR)                                    # the loss last: W W W W W L
    ann = player_record(store, "Ann")
    assert (ann.longest_streak, ann.current_streak) == (5, 0)


def test_best_score_is_the_highest_or_the_lowest_as_the_game_is_won(store):
    example(store, "mix_the_mutts", ("Ann", "Ben"))            # Ann 31 (most wins)
    example(store, "mix_the_mutts", ("Ben", "Ann"))            # Ann 39, her win
    example(store, "nuts_about_mutts", ("Ann", "Ben", "Cleo"))  # Ann 4 cards (fewest wins)
    example(store, "nuts_about_mutts", ("Ben", "Cleo", "Ann"))  # Ann 0 cards, her win
    example(store, "nut")
    games = {game.game: game for game in player_record(store, "Ann").games}
    assert (games["mix_the_mutts"].played, games["mix_the_mutts"].won) == (2, 1)
    assert (games["mix_the_mutts"].best, games["mix_the_mutts"].average) == (39, 35.0)
    assert (games["nuts_about_mutts"].best, games["nuts_about_mutts"].average) == (0, 2.0)
    assert games["nut"].title == "Nut" and (games["nut"].played, games["nut"].won, games["nut"].best) == (1, 0, 13)
    assert [game.game for game in player_record(store, "Ann").games][:2] == ["mix_the_mutts", "nuts_about_mutts"]


def test_names_match_whatever_their_capitals_and_an_unknown_name_says_who_there_is(store):
    example(store, "mix_the_mutts")
    assert player_record(store, "aNN").name == "Ann"
    with pytest.raises(BadDocument) as refusal:
        player_record(store, "Zed")
    assert "Zed" in str(refusal.value) and "Ann, Ben" in str(refusal.value)


def test_every_remembered_or_played_name_is_listed_most_games_first(store):
    example(store, "nuts_about_mutts", ("Ann", "Ben", "Cleo"))
    example(store, "mix_the_mutts", ("Ben", "Ann"))
    example(store, "mix_the_mutts", ("Ben", "Dev"))
    store.new_session("mix_the_mutts", [Player("Eve", "orange"), Player("Finn", "sky")])   # nothing finished yet
    records = all_records(store)
    assert [(r.name, r.played) for r in records] == [
        ("Ben", 3), ("Ann", 2), ("Cleo", 1), ("Dev", 1), ("Eve", 0), ("Finn", 0)]
    assert records[0].colour == "orange"            # Ben's colour in his latest game


def test_no_games_no_records(store):
    assert all_records(store) == []
    with pytest.raises(BadDocument, match="no games have been played"):
        player_record(store, "Ann")


# ----- the records worked out again from the saved games as they now stand ---------------------------

def test_a_rename_a_merge_and_a_deleted_game_change_the_head_to_head_as_they_change_the_games(store):
    from companion import corrections
    from companion.game_lines import read_ledger
    from companion.records import Records

    def records():
        return Records(read_ledger(store))

    games = [example(store, "mix_the_mutts", ("Ann", "Ben")) for _ in range(2)]     # Ben wins both (39 to 31)
    games.append(example(store, "mix_the_mutts", ("Ben", "Annie")))                  # Annie wins (39 to 31)
    before = records()
    assert before.player("Ann").rival == () and before.player("Annie").opponents[0].together == 1

    corrections.merge_players(store, "Annie", "Ann")             # one person, called Ann
    merged = records()
    ann = merged.player("Ann")
    (rival,) = ann.rival
    assert (rival.opponent, rival.together, rival.wins, rival.opponent_wins) == ("Ben", 3, 1, 2)
    assert [line.opponent for line in ann.buddy] == ["Ben"] and ann.nemesis == ()   # two wins over Ann are not three
    assert merged.head_to_head("ben", "ANN").wins == 2

    corrections.delete_game(store, games[0].id)                  # entered by mistake: two games together left
    fewer = records().player("Ann")
    assert fewer.rival == () and fewer.buddy == () and fewer.opponents[0].together == 2


def test_a_race_run_again_counts_in_no_record_of_the_buzzer(store):
    from companion.game_lines import read_ledger
    from companion.records import Records

    mutts = example(store, "nuts_about_mutts", ("Ann", "Ben", "Cleo"), buttons=(1, 2, 3))
    store.save_race(mutts.id, race("bones", [1, 2, 3], {1: 200.0, 2: 250.0, 3: 400.0}))   # Cleo left out by 150 ms
    again = store.save_race(mutts.id, race("bones", [1, 2, 3], {2: 90.0, 1: 91.0}))      # Cleo out: run again
    store.mark_race_raced_again(again)
    records = Records(read_ledger(store))
    (month,) = records.months
    assert [(r.name, r.ms) for r in month.fastest_reactions] == [("Ann", 200.0), ("Ben", 250.0), ("Cleo", 400.0)]
    # The line that decided the counted race: Ben the last to get a bone, Cleo the one without.
    assert [(f.winner, f.runner_up, f.margin_ms) for f in month.closest_finishes] == [("Ben", "Cleo", 150.0)]
    assert (records.player("Ben").races.races, records.player("Ben").races.won) == (1, 1)
    assert (records.player("Cleo").races.races, records.player("Cleo").races.bones_missed) == (1, 1)


def test_head_to_head_asks_for_two_players_in_the_records(store):
    from companion.game_lines import read_ledger
    from companion.records import Records

    example(store, "mix_the_mutts", ("Ann", "Ben"))
    records = Records(read_ledger(store))
    with pytest.raises(BadDocument, match="no player called 'Zed'"):
        records.head_to_head("Ann", "Zed")
    with pytest.raises(BadDocument, match="two different players"):
        records.head_to_head("Ann", "ann")
