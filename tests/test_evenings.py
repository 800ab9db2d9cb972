"""Game nights as the family sees them: which games make up an evening, who is ahead, and by how much."""

from __future__ import annotations

import sqlite3

import pytest
from mutts_support import play_out_hand

from companion.actions import Action
from companion.evenings import EVENING_GAP_S, points_for
from companion.game_lines import evenings, tonight
from companion.gamelog import session_from_document
from companion.players import IDENTITIES, Player
from companion.rulecards import load_example
from companion.session import Session
from companion.store import Store

ANN, BEN, CLEO = 0, 1, 2
HOUR = 3600.0
T0 = 1_700_000_000.0  # an evening, 19:00 or so


@pytest.fixture
def store(tmp_path):
    store = Store.open(tmp_path)
    yield store
    store.close()


def table(*names: str) -> list[Player]:
    return [Player(name, IDENTITIES[seat].key, seat + 1) for seat, name in enumerate(names)]


def do(session: Session, type_: str, player: int | None = None, **fields) -> None:
    session.perform(Action(type_, player, fields))



def mutts(store: Store, first: int, second: int, extra_draws: int = 0, names=("Ann", "Ben", "Cleo")) -> Session:
    """A saved two-hand Nuts about Mutts, played move by move: `first` goes out in hand 1, `second` in hand 2."""
    session = store.new_session("nuts_about_mutts", table(*names), {"hands": 2})
    do(session, "play", BEN)
    play_out_hand(session, first)
    do(session, "deal")
    do(session, "play", session.summary()["to_act"]["seat"])
    play_out_hand(session, second, extra_draws)
    assert session.is_over
    return session


def example(store: Store, key: str, names: tuple[str, ...] | None = None) -> Session:
    document = load_example(key)
    if names is not None:
        document = {**document, "players": list(names)}
    return store.import_session(session_from_document(document))


def set_times(store: Store, session: Session, started: float, last_move: float) -> None:
    """Move a saved game in time, as if it had been played then (a second connection, as another program would)."""
    db = sqlite3.connect(store.path, isolation_level=None)
    db.execute("UPDATE sessions SET started_at = ?, updated_at = ?, finished_at = CASE WHEN finished_at IS NULL "
               "THEN NULL ELSE ? END WHERE id = ?", (started, last_move, last_move, session.id))
    db.close()


def by_name(evening) -> dict[str, tuple[int, int, int, int]]:
    return {s.name: (s.points, s.games, s.wins, s.place) for s in evening.standings}


def test_standings_add_up_games_of_different_kinds_and_a_game_over_two_hands(store):
    game = mutts(store, CLEO, ANN)       # Cleo goes out first, but Ann has fewest cards over both hands
    assert len(game.outcome.hands) == 2 and [s.place for s in game.outcome.standings] == [1, 3, 2]
    example(store, "mix_the_mutts")      # Ann 31, Ben 39: Ben wins
    (evening,) = evenings(store)
    assert [g.game for g in evening.games] == ["nuts_about_mutts", "mix_the_mutts"]
    assert [g.points for g in evening.games] == [(2, 0, 1), (0, 1)]
    assert by_name(evening) == {"Ann": (2, 2, 1, 1), "Ben": (1, 2, 1, 2), "Cleo": (1, 1, 0, 2)}
    assert [s.name for s in evening.standings] == ["Ann", "Ben", "Cleo"]   # place, then name
    assert [s.colour for s in evening.standings] == ["orange", "sky", "green"]
    assert evening.winners == ("Ann",)
    assert evening.games[0].title == "Nuts about Mutts" and evening.games[0].names == ("Ann", "Ben", "Cleo")


def test_players_tied_in_a_game_share_its_place_and_points(store):
    first = mutts(store, ANN, BEN)                  # Ann and Ben level on the fewest cards
    assert [s.place for s in first.outcome.standings] == [1, 1, 3]
    last = mutts(store, BEN, ANN, extra_draws=1)    # Ben and Cleo level behind Ann
    assert [s.place for s in last.outcome.standings] == [1, 2, 2]
    (evening,) = evenings(store)
    assert [g.points for g in evening.games] == [(1, 1, 0), (2, 0, 0)]
    assert set(evening.games[0].outcome.winners) == {ANN, BEN}
    assert by_name(evening) == {"Ann": (3, 2, 2, 1), "Ben": (1, 2, 1, 2), "Cleo": (0, 2, 0, 3)}


def test_players_level_on_points_share_the_evenings_place_and_the_win(store):
    example(store, "nuts_about_mutts")   # Cleo 0 cards, Ann 4, Ben 8: Cleo 2 points, Ann 1
    example(store, "mix_the_mutts")      # Ben wins: 1 point
    example(store, "nut")                # 13 all, Ben on the largest cluster: 1 point
    (evening,) = evenings(store)
    assert by_name(evening) == {"Ben": (2, 3, 2, 1), "Cleo": (2, 1, 1, 1), "Ann": (1, 3, 0, 3)}
    assert evening.winners == ("Ben", "Cleo")


def test_a_winner_gets_one_point_for_every_player_behind():
    session = Session(session_from_document(load_example("mix_the_mutts")).game, table("Ann", "Ben"))
    assert points_for(session.outcome) == (0, 0)   # not finished: nobody scores yet
    assert points_for(session_from_document(load_example("nuts_about_mutts")).outcome) == (1, 0, 2)


def test_a_four_hour_gap_starts_a_new_evening(store):
    friday = example(store, "mix_the_mutts")
    late = example(store, "nut")
    saturday = example(store, "pugs_in_mugs")
    set_times(store, friday, T0, T0 + HOUR)
    set_times(store, late, T0 + HOUR + EVENING_GAP_S - 60, T0 + HOUR + EVENING_GAP_S + HOUR)   # 3h59 after the last move
    set_times(store, saturday, T0 + 2 * HOUR + 2 * EVENING_GAP_S + 60, T0 + 3 * HOUR + 2 * EVENING_GAP_S)
    newest, older = evenings(store)
    assert [g.session_id for g in older.games] == [friday.id, late.id]
    assert [g.session_id for g in newest.games] == [saturday.id]
    assert older.started_at == T0 and older.last_played_at == T0 + 2 * HOUR + EVENING_GAP_S
    assert newest.started_at == T0 + 2 * HOUR + 2 * EVENING_GAP_S + 60
    # A game started now joins the newest evening for four hours after its last move, not after.
    assert tonight(store, now=newest.last_played_at + EVENING_GAP_S - 1).games == newest.games
    assert tonight(store, now=newest.last_played_at + EVENING_GAP_S + 1) is None


def test_the_gap_is_counted_from_the_last_move_not_the_start(store):
    long_game = example(store, "pugs_in_mugs")
    next_game = example(store, "thats_ruff")
    set_times(store, long_game, T0, T0 + 5 * HOUR)                      # a five-hour game
    set_times(store, next_game, T0 + 6 * HOUR, T0 + 7 * HOUR)
    assert len(evenings(store)) == 1


def test_yesterdays_game_undone_and_redone_today_stays_in_its_own_evening(store):
    yesterday = example(store, "pugs_in_mugs")
    set_times(store, yesterday, T0, T0 + HOUR)
    resumed = store.resume(yesterday.id)   # opened from Saved games the next day (now, in this test)
    resumed.undo()                          # its winning move taken back: a game not finished
    (evening,) = evenings(store)
    assert evening.last_played_at == T0 + HOUR and not evening.games[0].finished
    today = example(store, "nut")           # tonight's game, started now
    assert [len(night.games) for night in evenings(store)] == [1, 1]
    resumed.redo()
    tonight_, friday = evenings(store)
    assert [game.session_id for game in friday.games] == [yesterday.id]
    assert [game.session_id for game in tonight_.games] == [today.id]
    assert friday.games[0].finished_at == T0 + HOUR and friday.last_played_at == T0 + HOUR


def test_no_games_means_no_evening(store):
    assert evenings(store) == [] and tonight(store) is None


def test_a_game_still_on_is_listed_but_scores_nothing(store):
    example(store, "mix_the_mutts")
    playing = store.new_session("nuts_about_mutts", table("Ann", "Ben", "Dev"), {"hands": 2})
    do(playing, "play", BEN)
    evening = tonight(store)
    assert evening is not None and [g.session_id for g in evening.games][-1] == playing.id
    still_on = evening.games[-1]
    assert still_on.finished_at is None and still_on.points == (0, 0, 0) and not still_on.outcome.finished
    assert len(evening.finished_games) == 1
    # Dev is at the table with no finished game yet: no points, level with Ann.
    assert by_name(evening) == {"Ben": (1, 1, 1, 1), "Ann": (0, 1, 0, 2), "Dev": (0, 0, 0, 2)}
    assert evening.running_totals == {"Ann": [0], "Ben": [1], "Dev": [0]}


def test_a_set_aside_game_scores_nothing(store):
    aside = store.new_session("mix_the_mutts", table("Ann", "Ben"))
    do(aside, "draw", ANN)
    store.set_aside(aside.id)
    (evening,) = evenings(store)
    assert evening.games[0].finished_at is None and evening.finished_games == ()
    assert evening.winners == ()
    assert {s.name: s.points for s in evening.standings} == {"Ann": 0, "Ben": 0}


def test_running_totals_follow_each_finished_game_and_start_at_zero_for_a_latecomer(store):
    example(store, "mix_the_mutts")                         # Ben 1
    example(store, "thats_ruff")                            # Ann 1
    example(store, "nuts_about_mutts", ("Ann", "Ben", "Cleo"))   # Cleo 2, Ann 1
    (evening,) = evenings(store)
    assert evening.running_totals == {"Ann": [0, 1, 2], "Ben": [1, 1, 1], "Cleo": [0, 0, 2]}
    totals = evening.running_totals
    assert {s.name: s.points for s in evening.standings} == {name: points[-1] for name, points in totals.items()}


def test_names_are_one_player_whatever_their_capitals(store):
    example(store, "mix_the_mutts", ("Ann", "Ben"))
    example(store, "mix_the_mutts", ("BEN", "ann"))   # the second time "ann" wins
    (evening,) = evenings(store)
    assert {s.name.casefold(): (s.points, s.games) for s in evening.standings} == {"ann": (1, 2), "ben": (1, 2)}


def test_a_game_is_new_to_the_players_who_never_played_it_here_before():
    """Worked by hand: on the first evening Ann and Ben play a Nut, then a Mix-the-Mutts, then a Nut
    again; a week later Cleo plays a Nut with "ann" (Ann, in other capitals)."""
    from records_support import DAY, HOUR, T0, played

    from companion.evenings import first_plays
    from companion.ledger import evenings_of

    games = [played(1, ("Ann", "Ben"), (3, 1), at=T0, moves=(600,)),
             played(2, ("Ann", "Ben"), (3, 1), at=T0 + HOUR, game="mix_the_mutts", moves=(600,)),
             played(3, ("Ben", "Ann"), (3, 1), at=T0 + 2 * HOUR, moves=(600,)),
             played(4, ("Cleo", "ann"), (3, 1), at=T0 + 7 * DAY, moves=(600,))]
    assert first_plays(evenings_of(games)) == {1: ("Ann", "Ben"), 2: ("Ann", "Ben"), 4: ("Cleo",)}
