"""Nut rules as a family sees them: the column draft, refusals, scoring and the winner."""

import copy

import pytest

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.games.nut import GAME
from companion.playthrough import table_of
from companion.session import Session


def new_game(players=2, **options):
    return Session(GAME, table_of(players), options)


def pick(session, player, column, kind=None):
    args = {"column": column} if kind is None else {"column": column, "kind": kind}
    return session.perform(Action("pick", player, args))


def refused(session, action, *words):
    before = copy.deepcopy(session.state)
    with pytest.raises(IllegalAction) as refusal:
        session.perform(action)
    assert session.state == before
    for word in words:
        assert word in str(refusal.value)
    return str(refusal.value)


def play_round(session, column):
    seats = len(session.players)
    first = session.summary()["draft"]["turn"]
    for offset in range(seats):
        pick(session, (first + offset) % seats, column)


def finish_draft(session):
    while session.summary()["phase"] == "draft":
        columns = session.summary()["draft"]["columns"]
        play_round(session, next(c["column"] for c in columns if c["cards"]))


def score(session, player, grid):
    return session.perform(Action("score_layout", player, {"grid": grid}))


# ----- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players, deck", [(2, 24), (3, 21)])
def test_setup_deals_three_columns_of_one_card_per_player(players, deck):
    draft = new_game(players).summary()["draft"]
    assert [c["cards"] for c in draft["columns"]] == [players] * 3
    assert draft["deck"] == deck and draft["cards_left"] == 30
    assert draft["picks"] == [0] * players


def test_the_dealer_holds_the_deck_and_picks_first():
    draft = new_game(3, dealer=2).summary()["draft"]
    assert draft["holder"] == 2 and draft["turn"] == 2


def test_nut_is_for_two_or_three_players():
    with pytest.raises(BadOption):
        new_game(4)


# ----- the draft -----------------------------------------------------------------------------
def test_after_the_holder_picks_the_next_player_picks_from_the_same_column():
    game = new_game(3)
    pick(game, 0, 2)
    draft = game.summary()["draft"]
    assert draft["turn"] == 1 and draft["round_column"] == 2
    assert [c["cards"] for c in draft["columns"]] == [3, 2, 3]


def test_a_pick_from_another_column_than_the_rounds_is_refused():
    game = new_game(2)
    pick(game, 0, 2)
    message = refused(game, Action("pick", 1, {"column": 1}), "column 2")
    assert "Ben" in message


def test_a_pick_out_of_turn_is_refused_naming_whose_pick_it_is():
    game = new_game(3)
    refused(game, Action("pick", 1, {"column": 1}), "Ben can't pick now", "Ann's pick")


def test_once_everyone_has_picked_the_deck_passes_left_and_the_column_is_refilled():
    game = new_game(3)
    play_round(game, 3)
    draft = game.summary()["draft"]
    assert draft["holder"] == 1 and draft["turn"] == 1 and draft["round"] == 2
    assert [c["cards"] for c in draft["columns"]] == [3, 3, 3]
    assert [c["dealt_this_round"] for c in draft["columns"]] == [0, 0, 3]
    assert draft["deck"] == 18 and draft["picks"] == [1, 1, 1]
    assert "the deck passes to Ben, who deals 3 into column 3" in game.history()[-1].text


def test_the_deck_passes_left_round_after_round_wrapping_to_the_first_seat():
    game = new_game(2, dealer=1)
    holders = []
    for _ in range(3):
        holders.append(game.summary()["draft"]["holder"])
        play_round(game, 1)
    assert holders == [1, 0, 1]


def test_once_the_deck_is_empty_columns_are_no_longer_refilled_and_an_empty_column_is_refused():
    game = new_game(2)
    for _ in range(12):  # 24 cards in the deck, 2 dealt back after every round
        play_round(game, 1)
    assert game.summary()["draft"]["deck"] == 0
    play_round(game, 1)
    draft = game.summary()["draft"]
    assert [c["cards"] for c in draft["columns"]] == [0, 2, 2]
    refused(game, Action("pick", draft["turn"], {"column": 1}), "Column 1 is empty", "2 or 3")


@pytest.mark.parametrize("players, each", [(2, 15), (3, 10)])
def test_every_card_is_drafted_and_everyone_gets_the_same_number(players, each):
    game = new_game(players)
    finish_draft(game)
    summary = game.summary()
    assert summary["phase"] == "scoring"
    assert summary["draft"]["picks"] == [each] * players
    assert summary["draft"]["cards_left"] == 0
    assert summary["to_act"] == list(range(players))
    assert "that was the last card" in game.history()[-1].text


def test_a_pick_after_the_draft_is_refused():
    game = new_game(2)
    finish_draft(game)
    refused(game, Action("pick", 0, {"column": 1}), "Every card has been drafted")


@pytest.mark.parametrize("column", [0, 4, "2", True, None])
def test_a_pick_must_name_column_1_2_or_3(column):
    game = new_game(2)
    refused(game, Action("pick", 0, {"column": column}), "1, 2 or 3")


def test_the_card_kind_is_recorded_for_the_player():
    game = new_game(2)
    pick(game, 0, 1, "squirrel")
    pick(game, 1, 1)
    assert game.summary()["draft"]["kinds"][0]["squirrel"] == 1
    assert game.summary()["draft"]["kinds"][1]["unknown"] == 1
    assert "Ann took a squirrel card from column 1" in game.history()[0].text


def test_a_seventh_squirrel_is_refused_because_the_deck_has_six():
    game = new_game(2)
    for _ in range(3):
        first = game.summary()["draft"]["turn"]
        pick(game, first, 1, "squirrel")
        pick(game, 1 - first, 1, "squirrel")
    refused(game, Action("pick", game.summary()["draft"]["turn"], {"column": 2, "kind": "squirrel"}),
            "All 6 squirrel cards")


def test_an_unknown_card_kind_is_refused():
    refused(new_game(2), Action("pick", 0, {"column": 1, "kind": "acorn"}), "standard, squirrel or wild")


def test_an_unknown_action_is_refused():
    refused(new_game(2), Action("discard", 0, {}), "pick, score_layout, score_quick")


# ----- scoring ---------------------------------------------------------------------------------
def test_layouts_cannot_be_scored_during_the_draft():
    refused(new_game(2), Action("score_layout", 0, {"grid": ["R"]}), "draft isn't over", "30 cards")
    game = new_game(2)
    while game.state.deck + sum(game.state.columns) > 1:
        state = game.state
        pick(game, state.turn, state.round_column or next(n for n, cards in enumerate(state.columns, 1) if cards))
    refused(game, Action("score_layout", 0, {"grid": ["R"]}), "1 card is still to be drafted")


def test_the_painted_layout_is_scored_and_its_best_clusters_highlighted():
    game = new_game(2)
    finish_draft(game)
    # R R W B  red: 3 nuts + wild + squirrel link = 4, doubled 8; blue: 2 + wild = 3; green 2
    score(game, 0, ["RRWB", "S..B", "R.GG"])
    layout = game.summary()["layouts"][0]
    assert game.summary()["scores"][0] == 13
    assert layout["colours"]["R"]["points"] == 8
    assert layout["colours"]["R"]["cells"] == [[0, 0], [0, 1], [0, 2], [1, 0], [2, 0]]
    assert layout["colours"]["B"]["cells"] == [[0, 2], [0, 3], [1, 3]]
    assert layout["colours"]["Y"] == {"size": 0, "nuts": 0, "wilds": 0, "squirrels": 0, "points": 0, "cells": []}
    assert "Ann's layout scores 13 (red 8, yellow 0, blue 3, green 2)" in game.history()[-1].text
    assert not game.is_over and game.summary()["to_act"] == [1]


def test_a_layout_is_scored_only_once():
    game = new_game(2)
    finish_draft(game)
    score(game, 0, ["R"])
    refused(game, Action("score_layout", 0, {"grid": ["RR"]}), "already scored")


def test_the_most_points_wins():
    game = new_game(2)
    finish_draft(game)
    score(game, 0, ["RR"])
    score(game, 1, ["B"])
    assert game.is_over
    assert game.summary()["winners"] == [0] and game.summary()["tie_break"] is None
    assert game.history()[-1].text.endswith("Ann wins")


def test_a_tie_goes_to_the_largest_cluster():
    game = new_game(2)
    finish_draft(game)
    score(game, 0, ["RRRR.B"])  # red 4 + blue 1 = 5, largest 4
    score(game, 1, ["RRR.BB"])  # red 3 + blue 2 = 5, largest 3
    assert game.summary()["winners"] == [0] and game.summary()["tie_break"] == "largest cluster"


def test_the_largest_cluster_is_counted_in_nuts_before_doubling():
    game = new_game(2)
    finish_draft(game)
    score(game, 0, ["RS.BB"])  # red 1 x2 + blue 2 = 4; largest cluster 2 nuts
    score(game, 1, ["RRR.B"])  # red 3 + blue 1 = 4; largest cluster 3 nuts
    assert game.summary()["winner_names"] == ["Ben"]


def test_the_largest_cluster_of_a_colour_counts_not_the_most_valuable():
    # The sheet: "Players count up points earned for the largest cluster in each color. So, if a player
    # has more than one cluster in a certain color, they must count the largest one only."
    game = new_game(2)
    finish_draft(game)
    score(game, 0, ["RRRR.RRRS"])  # red: 4 plain nuts count (4), not 3 doubled by the squirrel (6)
    score(game, 1, ["BBBBB"])      # blue 5
    summary = game.summary()
    assert summary["scores"] == [4, 5] and summary["winner_names"] == ["Ben"]
    red = summary["layouts"][0]["colours"]["R"]
    assert (red["size"], red["squirrels"], red["points"]) == (4, 0, 4)
    assert red["cells"] == [[0, 0], [0, 1], [0, 2], [0, 3]]  # the cluster that counted, for the results screen
    assert summary["layouts"][0]["largest"] == 4


def test_the_tie_break_compares_the_largest_clusters():
    # The sheet: "If tied, the player with the largest nut cluster wins."
    game = new_game(2)
    finish_draft(game)
    score(game, 0, ["RRR.RRS", "....B."])  # red 3 (not the doubled pair's 4) + blue 1 = 4, largest 3
    score(game, 1, ["YY.BB"])              # yellow 2 + blue 2 = 4, largest 2
    summary = game.summary()
    assert summary["scores"] == [4, 4] and [layout["largest"] for layout in summary["layouts"]] == [3, 2]
    assert summary["winner_names"] == ["Ann"] and summary["tie_break"] == "largest cluster"


def test_a_tie_on_points_and_largest_cluster_is_shared():
    game = new_game(3)
    finish_draft(game)
    score(game, 0, ["RR"])
    score(game, 1, ["YY"])
    score(game, 2, ["B"])
    assert game.summary()["winners"] == [0, 1] and game.summary()["tie_break"] == "shared"
    assert "Ann and Ben share the win" in game.history()[-1].text


def test_quick_mode_scores_each_colours_size_and_squirrels():
    game = new_game(2)
    finish_draft(game)
    game.perform(Action("score_quick", 0, {"sizes": {"R": 4, "yellow": 2}, "squirrels": {"R": 1}}))
    result = game.summary()["layouts"][0]
    assert game.summary()["scores"][0] == 4 * 2 + 2
    assert result["mode"] == "quick" and result["largest"] == 4
    assert "Ann's clusters score 10 (red 8, yellow 2, blue 0, green 0)" in game.history()[-1].text


def test_quick_mode_with_the_per_squirrel_setting():
    game = new_game(2, squirrel_doubling="each")
    finish_draft(game)
    game.perform(Action("score_quick", 0, {"sizes": {"G": 3}, "squirrels": {"G": 2}}))
    assert game.summary()["scores"][0] == 3 * 2 * 2


@pytest.mark.parametrize("args, words", [
    ({"sizes": {"P": 2}}, ["no colour 'P'", "R red"]),
    ({"sizes": {"R": -1}}, ["whole number"]),
    ({"sizes": {"R": 2.5}}, ["whole number"]),
    ({"sizes": {}, "squirrels": {"B": 1}}, ["no blue cluster"]),
    ({"sizes": {"B": 2}, "squirrels": {"B": 7}}, ["only 6 squirrel cards"]),
    ({"sizes": {"B": 200}}, ["can't hold 200"]),
    ({"sizes": [3, 2]}, ["like {\"R\": 3}"]),
])
def test_quick_mode_refuses_impossible_entries(args, words):
    game = new_game(2)
    finish_draft(game)
    refused(game, Action("score_quick", 0, args), *words)


@pytest.mark.parametrize("grid, words", [
    (["R"] * 9, ["9 rows", "most is 8"]),
    (["R" * 13], ["13 cells", "most is 12"]),
    (["RX"], ["row 1, cell 2 is 'X'", "W wild", "S squirrel"]),
    (["...", "..."], ["grid is empty"]),
    ([], ["list of rows"]),
    ("RRW", ["list of rows"]),
    ([["R", 3]], ["row 1 should be a string"]),
])
def test_a_badly_painted_grid_is_refused_with_what_to_fix(grid, words):
    game = new_game(2)
    finish_draft(game)
    refused(game, Action("score_layout", 0, {"grid": grid}), "Ann's layout can't be scored", *words)


def test_grids_may_be_lists_of_cells_lower_case_and_ragged():
    game = new_game(2)
    finish_draft(game)
    score(game, 0, [["r", "w", "b"], ["g"]])  # red R+W 2, blue W+B 2, green 1; the short row is padded
    layout = game.summary()["layouts"][0]
    assert layout["grid"] == ["RWB", "G.."] and layout["total"] == 5


def test_without_draft_tracking_the_family_scores_straight_away():
    game = new_game(3, track_draft=False)
    assert game.summary()["phase"] == "scoring" and game.summary()["draft"]["tracked"] is False
    score(game, 2, ["GGG"])
    refused(game, Action("pick", 0, {"column": 1}), "Every card has been drafted")


def test_an_unknown_squirrel_setting_is_refused():
    with pytest.raises(BadOption, match="'once'"):
        new_game(2, squirrel_doubling="triple")


def test_the_summary_is_plain_json():
    import json

    game = new_game(3)
    pick(game, 0, 1, "wild")
    assert json.loads(json.dumps(game.summary())) == game.summary()


def test_a_misspelt_field_is_refused_by_name_and_the_squirrel_count_is_untouched():
    session = new_game()
    refused(session, Action("pick", 0, {"column": 1, "knd": "squirrel"}),
            "'knd'", "it takes column, kind")
    assert session.summary()["draft"]["kinds"][0]["squirrel"] == 0


def test_a_game_log_with_a_misspelt_field_is_refused_at_its_entry(tmp_path):
    import json

    from companion.errors import BadDocument
    from companion.gamelog import replay_file

    path = tmp_path / "nut.json"
    path.write_text(json.dumps({"game": "nut", "players": ["Ann", "Ben"], "actions": [
        {"type": "pick", "player": 0, "column": 1, "kind": "standard"},
        {"type": "pick", "player": 1, "column": 1, "knd": "squirrel"}]}))
    with pytest.raises(BadDocument, match=r"actions\[1\].*'knd'"):
        replay_file(path)


# ----- what the draft pad asks before a tap ---------------------------------------------------------
def test_the_summary_says_which_columns_a_pick_may_come_from_and_the_kinds_still_in_the_deck():
    session = new_game(2)
    draft = session.summary()["draft"]
    assert [column["pickable"] for column in draft["columns"]] == [True, True, True]
    totals = dict(GAME.card["cards"])
    assert draft["kinds_left"] == totals
    pick(session, 0, 2, "squirrel")
    draft = session.summary()["draft"]
    assert [column["pickable"] for column in draft["columns"]] == [False, True, False]
    assert draft["kinds_left"] == {**totals, "squirrel": totals["squirrel"] - 1}
    pick(session, 1, 2)             # a pick of no said kind takes no kind off
    draft = session.summary()["draft"]
    assert draft["kinds_left"]["standard"] == totals["standard"]
    assert [column["pickable"] for column in draft["columns"]] == [True, True, True]
    finish_draft(session)
    assert not any(column["pickable"] for column in session.summary()["draft"]["columns"])


def test_the_summary_says_why_a_sold_out_kind_cannot_be_the_card_picked_now():
    session = new_game(2)
    assert session.summary()["draft"]["kind_refusals"] == {}
    for _ in range(GAME.card["cards"]["wild"]):
        state = session.state
        pick(session, state.turn, state.round_column or next(n for n, c in enumerate(state.columns, 1) if c), "wild")
    state = session.state
    refusals = session.summary()["draft"]["kind_refusals"]
    assert list(refusals) == ["wild"]
    name = state.names[state.turn]
    assert refusals["wild"] == (f"All 4 wild cards are already drafted; check {name}'s card: "
                                "is it standard or squirrel?")
    finish_draft(session)
    assert session.summary()["draft"]["kind_refusals"] == {}


def test_a_count_by_hand_may_say_up_to_what_the_rules_take_and_no_more():
    from companion.games.nut.scoring import most_counted

    session = new_game(2, track_draft=False)
    most = most_counted(session.state)
    assert most == {"sizes": GAME.card["grid"]["max_rows"] * GAME.card["grid"]["max_columns"],
                    "squirrels": GAME.card["cards"]["squirrel"]}
    refused(session, Action("score_quick", 0, {"sizes": {"R": most["sizes"] + 1}}), "the most is")
    refused(session, Action("score_quick", 0, {"sizes": {"R": 3}, "squirrels": {"R": most["squirrels"] + 1}}),
            "squirrel cards")
    session.perform(Action("score_quick", 0, {"sizes": {"R": most["sizes"]}, "squirrels": {"R": most["squirrels"]}}))
