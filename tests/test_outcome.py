"""How a result is placed: equal scores share a place, a tie-break for the win puts the others on
the winning score just behind, and a score not known yet has no place."""

import pytest

from companion.errors import BadDocument
from companion.outcome import Outcome, ScoreOrder

NAMES = ["Ann", "Ben", "Cleo", "Dev"]


def places(outcome):
    return [standing.place for standing in outcome.standings]


def test_equal_scores_share_a_place_and_the_next_place_is_skipped():
    outcome = Outcome.ranked(NAMES, [7, 9, 7, 3], order=ScoreOrder.HIGH_WINS, finished=True, winners=[1])
    assert places(outcome) == [2, 1, 2, 4]
    assert outcome.winner_names == ("Ben",)


def test_fewest_wins_where_the_game_counts_cards_left():
    outcome = Outcome.ranked(NAMES, [4, 0, 4, 12], order=ScoreOrder.LOW_WINS, finished=False)
    assert places(outcome) == [2, 1, 2, 4] and outcome.winners == ()


def test_a_tie_break_for_the_win_puts_the_others_on_that_score_second():
    outcome = Outcome.ranked(NAMES[:3], [13, 13, 13], order=ScoreOrder.HIGH_WINS, finished=True,
                             winners=[2], tie_break="largest cluster")
    assert places(outcome) == [2, 2, 1]


def test_a_score_not_known_yet_has_no_place():
    outcome = Outcome.ranked(NAMES[:3], [None, 5, 8], order=ScoreOrder.HIGH_WINS, finished=False)
    assert places(outcome) == [None, 2, 1]


def test_winners_before_the_end_are_refused():
    with pytest.raises(ValueError, match="before the game is over"):
        Outcome.ranked(NAMES[:2], [1, 0], order=ScoreOrder.HIGH_WINS, finished=False, winners=[0])


def test_a_result_survives_being_saved_and_an_unreadable_one_says_so():
    outcome = Outcome.ranked(NAMES[:2], [4, 0], order=ScoreOrder.LOW_WINS, finished=True, winners=[1],
                             hands=[[4, 0]])
    assert Outcome.from_json(outcome.to_json()) == outcome
    with pytest.raises(BadDocument, match="unreadable"):
        Outcome.from_json({"finished": True})
