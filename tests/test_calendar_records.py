"""Months and years, worked out by hand from a family's games written by hand: the games, evenings,
winners and time at the table of each month, the buzzer's records of the month, a player's reaction
trend, and a year in review. Times are on UTC here (the app uses the table's own clock)."""

from __future__ import annotations

import time

import pytest
from records_support import DAY, MINUTE, T0, bone_race, ledger, played

from companion.buzzer_records import reaction_trend
from companion.calendar_records import months, year_in_review
from companion.records import Records

NEW_YEARS_EVE = 1_798_754_400.0    # Thu 31 Dec 2026 22:00 UTC
SECOND_OF_JANUARY = 1_798_916_400.0  # Sat 2 Jan 2027 19:00 UTC

# Evening 1, Sat 21 Nov 2026 from 19:00: Nut (Ann wins), Mix-the-Mutts (Ben), and Nuts about Mutts,
# fewest cards wins, Ann and Ben sharing it with two bone races: Ann 200 ms, Ben 250, Cleo 400 (Ann by
# 50 ms); Ben 180, Ann 183 (Ben by 3 ms). Standings: Ann 2 points, Ben 2, Cleo 0. At the table
# 19:00-20:30 with two 10-minute breaks between the games, which are no one's play: 70 minutes.
EVENING_1 = (
    played(1, ("Ann", "Ben"), (13, 9), at=T0, moves=(10 * MINUTE, 20 * MINUTE)),
    played(2, ("Ann", "Ben"), (31, 39), at=T0 + 30 * MINUTE, game="mix_the_mutts", moves=(30 * MINUTE,)),
    played(3, ("Ann", "Ben", "Cleo"), (0, 0, 4), at=T0 + 70 * MINUTE, game="nuts_about_mutts", low_wins=True,
           moves=(10 * MINUTE, 20 * MINUTE),
           races=(bone_race({0: 200, 1: 250, 2: 400}), bone_race({1: 180, 0: 183}))),
)
# Evening 2, Fri 27 Nov: Cleo beats Ann at Nut; 15 minutes.
EVENING_2 = (played(4, ("Cleo", "Ann"), (20, 10), at=T0 + 6 * DAY, moves=(15 * MINUTE,)),)
# Evening 3, New Year's Eve from 22:00 until after midnight: Ben wins both; 30 + 20 minutes of play
# (the two hours waiting for midnight are not), all of it in December.
EVENING_3 = (played(5, ("Ben", "Ann"), (12, 11), at=NEW_YEARS_EVE, moves=(30 * MINUTE,)),
             played(6, ("Ben", "Ann"), (14, 2), at=NEW_YEARS_EVE + 150 * MINUTE, moves=(20 * MINUTE,)))
# Evening 4, Sat 2 Jan 2027: Ann beats Ben (a bone race, Ann 150 ms, Ben 152: by 2 ms), and a game with
# Dev left unfinished. 19:00 to 19:25 less the 10-minute break: 15 minutes.
EVENING_4 = (played(7, ("Ann", "Ben"), (5, 1), at=SECOND_OF_JANUARY, moves=(10 * MINUTE,),
                    races=(bone_race({0: 150, 1: 152}),)),
             played(8, ("Ann", "Dev"), (0, 0), at=SECOND_OF_JANUARY + 20 * MINUTE, moves=(5 * MINUTE,), finished=False))
# Evening 5, in February: only an unfinished game, so no evening of any month.
EVENING_5 = (played(9, ("Ann", "Ben"), (0, 0), at=SECOND_OF_JANUARY + 32 * DAY, moves=(MINUTE,), finished=False),)
FAMILY = ledger(*EVENING_1, *EVENING_2, *EVENING_3, *EVENING_4, *EVENING_5)


@pytest.fixture(autouse=True)
def utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_each_month_has_its_games_evenings_winners_and_time_at_the_table():
    november, december, january = months(FAMILY)
    assert (november.year, november.month, november.games, november.evenings) == (2026, 11, 4, 2)
    assert november.seconds_at_table == (70 + 15) * MINUTE
    # Ann won games 1 and 3 (shared), Ben 2 and 3; Ann and Ben share the first evening, Cleo has the second.
    assert [(w.name, w.games_won, w.evenings_won) for w in november.winners] == [
        ("Ann", 2, 1), ("Ben", 2, 1), ("Cleo", 1, 1)]
    assert (december.month, december.games, december.evenings, december.seconds_at_table) == (12, 2, 1, 50 * MINUTE)
    assert [(w.name, w.games_won, w.evenings_won) for w in december.winners] == [("Ben", 2, 1)]
    # An unfinished game counts no win, but its time at the table does count.
    assert (january.year, january.month, january.games, january.seconds_at_table) == (2027, 1, 1, 15 * MINUTE)
    assert [(w.name, w.games_won) for w in january.winners] == [("Ann", 1)]


def test_time_at_the_table_adds_up_from_the_games_to_the_players_and_the_evening():
    """Evening 1 alone: Ann and Ben sat all three games, so each has the evening's 70 minutes; Cleo sat
    only the last (20). The Mix-the-Mutts deleted from the middle takes its 30 minutes with it."""
    (november,) = months(ledger(*EVENING_1))
    records = Records(ledger(*EVENING_1))
    assert november.seconds_at_table == records.player("Ann").seconds_at_table == records.player(
        "Ben").seconds_at_table == 70 * MINUTE
    assert records.player("Cleo").seconds_at_table == 20 * MINUTE
    (without_mix,) = months(ledger(EVENING_1[0], EVENING_1[2]))
    assert without_mix.seconds_at_table == 40 * MINUTE


def test_the_buzzer_of_the_month_has_its_fastest_reactions_and_closest_finishes():
    november, december, january = months(FAMILY)
    assert [(r.name, r.ms) for r in november.fastest_reactions] == [
        ("Ben", 180.0), ("Ann", 183.0), ("Ann", 200.0), ("Ben", 250.0), ("Cleo", 400.0)]
    # Each at the line that decided it: Ben the last of three to get one of two bones, 150 ms before
    # Cleo; Ben the one of two to get the bone, 3 ms before Ann.
    assert [(f.winner, f.runner_up, f.margin_ms, f.title) for f in november.closest_finishes] == [
        ("Ben", "Ann", 3.0, "Nuts about Mutts"), ("Ben", "Cleo", 150.0, "Nuts about Mutts")]
    assert december.fastest_reactions == () and december.closest_finishes == ()
    assert [(f.winner, f.margin_ms) for f in january.closest_finishes] == [("Ann", 2.0)]


def test_a_players_reaction_trend_is_their_median_evening_by_evening():
    trend = reaction_trend(FAMILY, "ann")
    assert [(point.evening_started_at, point.median_ms, point.races) for point in trend] == [
        (T0, 191.5, 2), (SECOND_OF_JANUARY, 150.0, 1)]
    assert reaction_trend(FAMILY, "Cleo") is None      # one evening of races is no trend yet
    assert reaction_trend(FAMILY, "Dev") is None


def test_a_year_in_review():
    review = year_in_review(FAMILY, 2026)
    assert (review.games, review.evenings, review.seconds_at_table) == (6, 3, (85 + 50) * MINUTE)
    assert [(m.year, m.month) for m in review.months] == [(2026, 11), (2026, 12)]
    assert (review.most_played.names, review.most_played.count) == (("Nut",), 4)
    assert (review.most_wins.names, review.most_wins.count) == (("Ben",), 4)
    assert (review.closest_race.winner, review.closest_race.margin_ms) == ("Ben", 3.0)   # the 2 ms race is 2027's
    # Nut four times (Ann 1, Cleo 4, Ben 5 and 6), Mix-the-Mutts once (Ben), Nuts about Mutts once,
    # its win shared by Ann and Ben: each game's champion, the most played first.
    assert [(title, leaders.names, leaders.count) for title, leaders in review.champions] == [
        ("Nut", ("Ben",), 2), ("Mix-the-Mutts", ("Ben",), 1), ("Nuts about Mutts", ("Ann", "Ben"), 1)]
    # Ben: lost game 1, then won 2, 3, 5 and 6 in a row (game 4 was not his).
    run = review.longest_run
    assert (run.name, run.wins, run.from_at, run.to_at) == ("Ben", 4, T0 + 60 * MINUTE, NEW_YEARS_EVE + 170 * MINUTE)


def test_a_winning_run_across_new_year_is_shown_whole_in_both_years():
    """Ben's four wins in a row (games 2, 3, 5 and 6, the last two on New Year's Eve) go on into 2027
    with a win on 2 January: one run of five, the same in both years' reviews."""
    ben_in_january = played(7, ("Ben", "Ann"), (9, 1), at=SECOND_OF_JANUARY, moves=(10 * MINUTE,))
    history = ledger(*EVENING_1, *EVENING_2, *EVENING_3, ben_in_january)
    for year in (2026, 2027):
        run = year_in_review(history, year).longest_run
        assert (run.name, run.wins, run.from_at, run.to_at) == (
            "Ben", 5, T0 + 60 * MINUTE, SECOND_OF_JANUARY + 10 * MINUTE), year


def test_a_section_without_enough_to_say_is_left_out():
    review = year_in_review(FAMILY, 2027)
    assert (review.games, review.most_played.names, review.most_wins.names) == (1, ("Nut",), ("Ann",))
    assert review.longest_run is None                  # a single win is no run
    quiet = year_in_review(ledger(*EVENING_2), 2026)
    assert quiet.closest_race is None                  # no races that year
    assert year_in_review(FAMILY, 2025) is None
    level = year_in_review(ledger(*EVENING_1), 2026)
    assert (level.most_wins.names, level.most_wins.count) == (("Ann", "Ben"), 2)
    assert (level.most_played.names, level.most_played.count) == (("Mix-the-Mutts", "Nut", "Nuts about Mutts"), 1)
