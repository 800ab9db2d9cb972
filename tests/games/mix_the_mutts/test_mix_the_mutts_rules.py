"""Mix-the-Mutts rules as a family would see them at the table, written from the rule sheet."""

import copy

import pytest
from examples_support import replay_example

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.games.mix_the_mutts import GAME
from companion.playthrough import table_of
from companion.session import Session


def new_session(players=2, **options):
    return Session(GAME, table_of(players), options)


def do(session, type_, player, **args):
    return session.perform(Action(type_, player, args))


def connect(session, player, *dogs):
    do(session, "connect", player, combinations=[{"head": h, "tail": t} for h, t in dogs])


def refused(session, type_, player, **args):
    before = copy.deepcopy(session.state)
    with pytest.raises(IllegalAction) as error:
        session.perform(Action(type_, player, args))
    assert session.state == before
    return str(error.value)


def third_tile_turn():
    """Ben's turn with three tiles on the table, so his tile may make three new dogs."""
    session = new_session(2)
    connect(session, 0, ("poodle", "beagle"), ("pug", "pug"))
    do(session, "finish_turn", 0)
    return session


def players(session):
    return session.summary()["players"]


# ----- set-up ---------------------------------------------------------------------------------
def test_setup_deals_four_each_and_lays_out_three_tiles():
    summary = new_session(4).summary()
    assert [p["hand"] for p in summary["players"]] == [4, 4, 4, 4]
    assert summary["card_pile"] == 72 - 16
    assert summary["tiles"] == {"on_table": 2, "face_up": 1, "face_down": 9, "total": 12}
    assert all(p["total"] == 0 and p["stack_cards"] == 0 for p in summary["players"])


def test_the_family_chooses_who_goes_first_with_the_dealer_setting():
    session = new_session(3, dealer=2)
    assert session.summary()["turn"] == 2
    assert "Cleo's turn" in refused(session, "draw", 0)


def test_player_count_is_two_to_four():
    with pytest.raises(BadOption):
        new_session(5)
    with pytest.raises(BadOption):
        Session(GAME, table_of(1), {})


# ----- drawing --------------------------------------------------------------------------------
def test_drawing_two_cards_ends_the_turn():
    session = new_session(2)
    do(session, "draw", 0)
    summary = session.summary()
    assert players(session)[0]["hand"] == 6
    assert summary["card_pile"] == 72 - 8 - 2
    assert summary["turn"] == 1
    assert summary["tiles"]["face_down"] == 9  # drawing places no tile


def test_only_the_active_player_draws():
    session = new_session(2)
    assert "Ann's turn" in refused(session, "draw", 1)


def test_with_one_card_left_draw_takes_that_card():
    # 72 - 4 x players is even and every draw takes two, so the pile never holds exactly one card in
    # play; the rule card still says what happens, and this checks the rules follow it.
    state = new_session(3).state
    state.pile = 1
    state.hands[2] += 71 - 12
    after = GAME.apply(copy.deepcopy(state), Action("draw", 0))
    assert after.pile == 0 and after.hands[0] == 5 and after.turn == 1
    GAME.check_invariants(after)


def test_empty_pile_refuses_draw_and_says_connect():
    session = new_session(2)
    for step in range(32):
        do(session, "draw", step % 2)
    assert session.summary()["card_pile"] == 0
    assert session.summary()["can_draw"] is False
    message = refused(session, "draw", 0)
    assert "empty" in message and "connect a tile" in message
    connect(session, 0, ("poodle", "beagle"), ("pug", "pug"))
    assert session.summary()["phase"] == "scoring"


# ----- connecting a tile ----------------------------------------------------------------------
def test_a_tile_must_make_at_least_two_new_dogs():
    session = new_session(2)
    message = refused(session, "connect", 0, combinations=[{"head": "poodle", "tail": "beagle"}])
    assert "at least 2" in message


def test_a_tile_cannot_make_more_dogs_than_it_has_sides():
    session = new_session(2)
    seven = [{"head": "poodle", "tail": "beagle"}] * 7
    refused(session, "connect", 0, combinations=seven)


def test_the_first_tile_makes_exactly_two_new_dogs():
    # The sheet: "Turn over the top two tiles and place them side by side"; a new tile "must always
    # connect to at least two other tiles". Two hexagons share at most one edge, so with two tiles on the
    # table the first connect makes exactly two dogs.
    session = new_session(2)
    for count in (3, 6):
        message = refused(session, "connect", 0, combinations=[{"head": "poodle", "tail": "beagle"}] * count)
        assert "2 tiles on the table" in message and "at most 2 new dogs" in message and f"not {count}" in message
    assert session.summary()["new_dogs_per_tile"] == {"min": 2, "max": 2}
    connect(session, 0, ("poodle", "beagle"), ("pug", "pug"))


def test_a_tile_makes_at_most_one_new_dog_per_tile_on_the_table():
    session = new_session(2)
    connect(session, 0, ("poodle", "beagle"), ("pug", "pug"))
    do(session, "finish_turn", 0)                                  # 3 tiles on the table
    message = refused(session, "connect", 1, combinations=[{"head": "pug", "tail": "beagle"}] * 4)
    assert "3 tiles on the table" in message and "at most 3 new dogs" in message
    assert session.summary()["new_dogs_per_tile"] == {"min": 2, "max": 3}
    connect(session, 1, ("pug", "beagle"), ("pug", "pug"), ("beagle", "poodle"))
    assert session.summary()["tiles"]["on_table"] == 4


def test_never_more_than_six_new_dogs_however_many_tiles_are_down():
    session = new_session(2)
    for step in range(7):                                          # 9 tiles on the table
        connect(session, step % 2, ("poodle", "beagle"), ("pug", "pug"))
        do(session, "finish_turn", step % 2)
    seven = [{"head": "poodle", "tail": "beagle"}] * 7
    assert "six sides" in refused(session, "connect", 1, combinations=seven)
    do(session, "connect", 1, combinations=seven[:6])


def test_unknown_breed_is_refused_with_the_breed_list():
    session = new_session(2)
    message = refused(session, "connect", 0,
                      combinations=[{"head": "wolf", "tail": "beagle"}, {"head": "pug", "tail": "pug"}])
    assert "poodle" in message and "chihuahua" in message


def test_connecting_uses_the_face_up_tile_and_opens_scoring():
    session = new_session(2)
    connect(session, 0, ("poodle", "schnauzer"), ("beagle", "beagle"))
    summary = session.summary()
    assert summary["tiles"] == {"on_table": 3, "face_up": 0, "face_down": 9, "total": 12}
    assert summary["new_dogs"] == [["poodle", "schnauzer"], ["beagle", "beagle"]]
    assert summary["new_dog_points"] == [1 + 5, 2 + 2]
    assert summary["turn"] == 0
    refused(session, "draw", 0)  # one action per turn: no drawing after connecting
    refused(session, "connect", 0, combinations=[{"head": "pug", "tail": "pug"}] * 2)


def test_finishing_the_turn_flips_the_next_tile_and_passes_clockwise():
    session = new_session(3)
    connect(session, 0, ("poodle", "schnauzer"), ("beagle", "beagle"))
    do(session, "finish_turn", 0)
    summary = session.summary()
    assert summary["turn"] == 1
    assert summary["tiles"] == {"on_table": 3, "face_up": 1, "face_down": 8, "total": 12}
    assert summary["new_dogs"] == []


def test_a_new_dog_is_worth_its_cards_values_or_its_two_cards_in_the_junior_game():
    session = new_session(2, card_values={**GAME.card["card_values"], "pug": 10})
    connect(session, 0, ("pug", "chihuahua"), ("pug", "pug"))
    assert session.summary()["new_dog_points"] == [10 + 8, 20]
    junior = new_session(2, junior=True)
    connect(junior, 0, ("pug", "chihuahua"), ("pug", "pug"))
    assert junior.summary()["new_dog_points"] == [2, 2]


def test_finish_turn_needs_a_connected_tile_first():
    session = new_session(2)
    refused(session, "finish_turn", 0)


# ----- scoring --------------------------------------------------------------------------------
def test_mixed_breed_score_moves_two_cards_to_the_stack_and_counts_both_values():
    session = new_session(2)
    connect(session, 0, ("poodle", "schnauzer"), ("beagle", "beagle"))
    do(session, "score", 0, head="poodle", tail="schnauzer")
    ann = players(session)[0]
    assert ann["hand"] == 2
    assert ann["scoring_stack"]["poodle"] == 1 and ann["scoring_stack"]["schnauzer"] == 1
    assert ann["total"] == 1 + 5


def test_purebreed_takes_two_cards_of_that_breed():
    session = new_session(2)
    connect(session, 0, ("poodle", "schnauzer"), ("beagle", "beagle"))
    do(session, "score", 1, head="beagle", tail="beagle")
    ben = players(session)[1]
    assert ben["scoring_stack"]["beagle"] == 2 and ben["total"] == 4 and ben["hand"] == 2


def test_active_player_may_score_every_new_dog():
    session = new_session(2)
    connect(session, 0, ("poodle", "schnauzer"), ("beagle", "beagle"))
    do(session, "score", 0, head="poodle", tail="schnauzer")
    do(session, "score", 0, head="beagle", tail="beagle")
    assert players(session)[0]["hand"] == 0
    assert players(session)[0]["stack_cards"] == 4


def test_other_players_score_at_most_one_dog_per_tile():
    session = new_session(3)
    connect(session, 0, ("poodle", "schnauzer"), ("beagle", "beagle"))
    do(session, "score", 1, head="poodle", tail="schnauzer")
    assert players(session)[1]["may_score"] == 0
    message = refused(session, "score", 1, head="beagle", tail="beagle")
    assert "only the active player" in message
    do(session, "score", 2, head="poodle", tail="schnauzer")  # another player may score the same dog


def test_a_dog_the_tile_did_not_make_is_refused():
    session = new_session(2)
    connect(session, 0, ("poodle", "schnauzer"), ("beagle", "beagle"))
    message = refused(session, "score", 0, head="schnauzer", tail="poodle")  # head and tail swapped
    assert "did not make" in message and "poodle-head schnauzer-tail" in message


def test_nobody_scores_the_same_dog_twice_but_a_repeated_dog_scores_twice():
    session = third_tile_turn()
    connect(session, 1, ("pug", "poodle"), ("pug", "poodle"), ("beagle", "beagle"))
    do(session, "score", 1, head="pug", tail="poodle")
    do(session, "score", 1, head="pug", tail="poodle")
    assert "already scored" in refused(session, "score", 1, head="pug", tail="poodle")


def test_old_dogs_do_not_score_after_the_turn():
    session = new_session(2)
    connect(session, 0, ("poodle", "schnauzer"), ("beagle", "beagle"))
    do(session, "finish_turn", 0)
    assert "connect a tile first" in refused(session, "score", 1, head="poodle", tail="schnauzer")


def test_a_player_with_too_few_cards_cannot_score():
    session = third_tile_turn()
    connect(session, 1, ("poodle", "schnauzer"), ("beagle", "beagle"), ("pug", "pug"))
    do(session, "score", 1, head="poodle", tail="schnauzer")
    do(session, "score", 1, head="beagle", tail="beagle")
    message = refused(session, "score", 1, head="pug", tail="pug")
    assert "holds no cards" in message


def test_a_breed_cannot_be_scored_beyond_its_card_count():
    session = new_session(2)
    connect(session, 0, ("chihuahua", "chihuahua"), ("pug", "pug"))
    do(session, "score", 0, head="chihuahua", tail="chihuahua")
    do(session, "finish_turn", 0)
    connect(session, 1, ("chihuahua", "poodle"), ("pug", "pug"))
    message = refused(session, "score", 1, head="chihuahua", tail="poodle")
    assert "only 2 chihuahua cards" in message


def test_scoring_keeps_every_card_accounted_for():
    session = new_session(4)
    connect(session, 0, ("poodle", "schnauzer"), ("beagle", "beagle"))
    for seat in range(4):
        do(session, "score", seat, head="poodle", tail="schnauzer")
    summary = session.summary()
    held = sum(p["hand"] + p["stack_cards"] for p in summary["players"])
    assert summary["card_pile"] + held == 72


# ----- end of game ----------------------------------------------------------------------------
def test_game_ends_when_the_last_tile_is_played():
    session = new_session(2)
    for step in range(9):
        connect(session, step % 2, ("poodle", "beagle"), ("pug", "pug"))
        do(session, "finish_turn", step % 2)
    assert not session.is_over
    connect(session, 1, ("dalmatian", "pug"), ("pug", "pug"))
    do(session, "score", 1, head="dalmatian", tail="pug")  # the last tile still scores
    assert not session.is_over
    do(session, "finish_turn", 1)
    summary = session.summary()
    assert session.is_over
    assert summary["tiles"] == {"on_table": 12, "face_up": 0, "face_down": 0, "total": 12}
    assert summary["winners"] == [1] and summary["winner_names"] == ["Ben"]
    assert summary["players"][1]["total"] == 7 + 3
    with pytest.raises(IllegalAction):
        session.perform(Action("draw", 0))


def test_tie_shares_victory():
    session = new_session(3)
    connect(session, 0, ("poodle", "beagle"), ("pug", "pug"))
    do(session, "score", 0, head="poodle", tail="beagle")  # 1 + 2 = 3
    do(session, "score", 2, head="poodle", tail="beagle")  # 3
    do(session, "finish_turn", 0)
    for step in range(1, 10):
        seat = step % 3
        connect(session, seat, ("schnauzer", "beagle"), ("pug", "pug"))
        do(session, "finish_turn", seat)
    assert session.is_over
    assert session.summary()["winners"] == [0, 2]
    assert session.summary()["winner_names"] == ["Ann", "Cleo"]


def test_junior_mode_counts_cards_not_values():
    session = new_session(2, junior=True)
    connect(session, 0, ("chihuahua", "dalmatian"), ("poodle", "poodle"))
    do(session, "score", 0, head="chihuahua", tail="dalmatian")
    do(session, "score", 1, head="poodle", tail="poodle")
    assert [p["total"] for p in players(session)] == [2, 2]
    do(session, "finish_turn", 0)
    connect(session, 1, ("poodle", "beagle"), ("pug", "pug"))
    do(session, "score", 1, head="poodle", tail="beagle")
    assert [p["total"] for p in players(session)] == [2, 4]


def test_card_values_are_a_setting():
    values = {"poodle": 10, "beagle": 1, "pug": 1, "dachshund": 1, "schnauzer": 1,
              "pomeranian": 1, "dalmatian": 1, "chihuahua": 1}
    session = new_session(2, card_values=values)
    connect(session, 0, ("poodle", "poodle"), ("pug", "pug"))
    do(session, "score", 0, head="poodle", tail="poodle")
    assert players(session)[0]["total"] == 20


def test_card_values_must_cover_every_breed():
    with pytest.raises(BadOption):
        new_session(2, card_values={"poodle": 1})
    with pytest.raises(BadOption):
        new_session(2, card_values={**GAME.default_options()["card_values"], "pug": -1})


@pytest.mark.parametrize("value", [2.5, True, "3", None])
def test_a_card_value_must_be_a_whole_number(value):
    with pytest.raises(BadOption, match="pug"):
        new_session(2, card_values={**GAME.default_options()["card_values"], "pug": value})


def test_the_end_of_game_summary_carries_each_breeds_value():
    values = {**GAME.default_options()["card_values"], "poodle": 4, "chihuahua": 20}
    session = new_session(2, card_values=values)
    for step in range(10):
        connect(session, step % 2, ("poodle", "poodle"), ("pug", "pug"))
        if step == 0:
            do(session, "score", 0, head="poodle", tail="poodle")
        do(session, "finish_turn", step % 2)
    summary = session.summary()
    assert session.is_over and summary["card_values"] == values
    assert summary["players"][0]["total"] == 2 * 4
    assert session.options["card_values"] == values  # recorded with the game, so a replay means the same


def test_default_values_follow_rarity():
    values = GAME.default_options()["card_values"]
    assert values["poodle"] == 1 and values["chihuahua"] == 8
    assert list(values.values()) == sorted(values.values())


def test_history_lines_name_the_players_and_dogs():
    session = new_session(2)
    connect(session, 0, ("poodle", "schnauzer"), ("beagle", "beagle"))
    do(session, "score", 1, head="beagle", tail="beagle")
    lines = [line.text for line in session.history()]
    assert "Ann" in lines[0] and "poodle-head schnauzer-tail mutt" in lines[0]
    assert lines[1] == "Ben scored a purebreed beagle"


def test_example_log_replays_to_bens_win():
    # Worked by hand from seeds/examples/mix_the_mutts.json (default values, poodle 1 ... chihuahua 8):
    #   Ann: poodle+schnauzer 1+5, dalmatian pair 7+7, pomeranian+beagle 6+2, poodle+beagle 1+2 = 31 (8 cards)
    #   Ben: beagle pair 2+2, chihuahua+pug 8+3, pug+poodle 3+1, dachshund pair 4+4, pomeranian pair 6+6
    #        = 39 (10 cards)
    #   Pile: 72 - 8 dealt - 5 draws x 2 = 54. Hands: Ann 4-2+2-2-2+2-2 = 0, Ben 4-2+2-4+2-2+2-2 = 0.
    #   Ten tiles connected after the two at set-up: 12 on the table, game over, Ben wins alone.
    summary = replay_example("mix_the_mutts")
    assert summary["over"] is True
    assert [p["total"] for p in summary["players"]] == [31, 39]
    assert [p["stack_cards"] for p in summary["players"]] == [8, 10]
    assert [p["hand"] for p in summary["players"]] == [0, 0]
    assert summary["card_pile"] == 54
    assert summary["tiles"]["on_table"] == 12
    assert summary["winner_names"] == ["Ben"]



# ----- what the scoring grid asks before a tap ------------------------------------------------------
def test_the_grid_asks_the_rules_whether_a_player_may_score_a_dog_and_hears_why_not():
    from companion.games.mix_the_mutts.choices import score_refusal

    session = new_session(3)
    connect(session, 0, ("poodle", "schnauzer"), ("beagle", "beagle"))
    assert score_refusal(session.state, 1, 0) is None and score_refusal(session.state, 1, 1) is None
    do(session, "score", 1, head="beagle", tail="beagle")
    assert players(session)[1]["scored_dogs"] == [1]
    assert "only the active player" in score_refusal(session.state, 1, 0)
    do(session, "score", 0, head="poodle", tail="schnauzer")
    do(session, "score", 0, head="beagle", tail="beagle")
    assert players(session)[0]["scored_dogs"] == [0, 1]
    assert "already scored the purebreed beagle" in score_refusal(session.state, 0, 1)
    do(session, "finish_turn", 0)
    connect(session, 1, ("pug", "pug"), ("beagle", "poodle"), ("dachshund", "pug"))
    assert "holds no cards" in score_refusal(session.state, 0, 0)   # Ann put all four down
    assert score_refusal(session.state, 2, 0) is None                   # Cleo still holds hers


def test_a_tile_making_the_same_dog_twice_marks_the_first_one_scored():
    session = new_session(2)
    connect(session, 0, ("pug", "pug"), ("beagle", "poodle"))
    do(session, "finish_turn", 0)
    connect(session, 1, ("pug", "pug"), ("pug", "pug"), ("dachshund", "beagle"))
    do(session, "score", 0, head="pug", tail="pug")
    assert players(session)[0]["scored_dogs"] == [0]
