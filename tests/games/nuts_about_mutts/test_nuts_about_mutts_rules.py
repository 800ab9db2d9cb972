"""Rules of Nuts about Mutts as a family would notice them at the table, written from the rule sheet."""

from __future__ import annotations

import copy

import pytest
from mutts_support import play_out_hand

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.games.nuts_about_mutts import GAME
from companion.playthrough import table_of
from companion.session import Session

ANN, BEN, CLEO, DEV = 0, 1, 2, 3


def table(players: int = 4, **options) -> Session:
    return Session(GAME, table_of(players), options)


def do(session: Session, type_: str, player: int | None = None, **fields) -> dict:
    session.perform(Action(type_, player, fields))
    return session.summary()


def refused(session: Session, type_: str, player: int | None = None, **fields) -> str:
    """Assert the action is refused and the table is untouched; return the message read aloud."""
    before = copy.deepcopy(session.state)
    with pytest.raises(IllegalAction) as refusal:
        session.perform(Action(type_, player, fields))
    assert session.state == before
    return str(refusal.value)


def started(players: int = 4, **options) -> Session:
    """Dealer Ann; Ben (on her left) starts the home pile with a red 5."""
    session = table(players, **options)
    do(session, "play", BEN, colour="red", number=5)
    return session


# ----- setting up --------------------------------------------------------------------------------
def test_four_players_lay_out_three_bones_and_get_seven_cards_each():
    view = table(4).summary()
    assert view["bones_on_table"] == 3
    assert view["hand_sizes"] == [7, 7, 7, 7]
    assert view["draw_pile"] == 104 - 28  # 109 cards minus 5 bones, minus the deal
    assert view["home_pile"] == 0
    assert view["to_act"] == {"kind": "first_card", "seat": BEN}
    assert view["cards"]["bones_in_box"] == 2


@pytest.mark.parametrize("players,bones", [(2, 1), (6, 5)])
def test_one_bone_fewer_than_players(players, bones):
    assert table(players).summary()["bones_on_table"] == bones


def test_the_player_left_of_the_dealer_starts_the_home_pile():
    session = table(3, dealer=2)
    assert session.summary()["to_act"]["seat"] == ANN
    assert refused(session, "play", BEN, colour="red") == "Ben can't start the home pile now: it is Ann's turn."
    view = do(session, "play", ANN, colour="blue", number=13)
    assert view["home_pile"] == 1 and view["hand_sizes"] == [6, 7, 7]
    assert view["top_card"] == {"card": "dog", "colour": "blue", "number": 13}
    assert view["turn"] == BEN


def test_nobody_draws_before_the_first_card():
    assert "nobody draws" in refused(table(3), "draw", BEN)


def test_the_later_edition_deals_ten_and_flips_the_first_card():
    session = table(3, edition="later_84")
    view = session.summary()
    assert view["hand_sizes"] == [10, 10, 10] and view["bones_on_table"] == 2
    assert view["cards"]["deck"] == 84 + 12 + 6 + 4 + 2 + 2
    refused(session, "play", BEN)
    view = do(session, "flip", wilds_flipped=2, colour="green", number=3)
    assert view["home_pile"] == 3 and view["draw_pile"] == 110 - 30 - 3 and view["turn"] == BEN


def test_the_later_edition_needs_three_players():
    with pytest.raises(BadOption):
        table(2, edition="later_84")


def test_unknown_edition_is_refused():
    with pytest.raises(BadOption):
        table(3, edition="deluxe")


# ----- normal turns ------------------------------------------------------------------------------
def test_a_play_passes_the_turn_clockwise():
    session = started()
    view = do(session, "play", CLEO, colour="red", number=9)
    assert view["turn"] == DEV and view["direction"] == "clockwise"
    assert view["hand_sizes"][CLEO] == 6 and view["home_pile"] == 2


def test_only_the_player_whose_turn_it_is_may_play():
    assert refused(started(), "play", DEV) == "Dev can't play now: it is Cleo's turn."


def test_a_dog_matching_neither_colour_nor_number_is_refused():
    message = refused(started(), "play", CLEO, colour="blue", number=7)
    assert "red" in message and "5" in message and "same breed" in message


@pytest.mark.parametrize("fields", [{"colour": "blue", "number": 5}, {"colour": "red", "number": 12},
                                    {"colour": "blue", "number": 7, "same_breed": True}, {}, {"number": 7}])
def test_colour_number_or_declared_breed_match_is_accepted(fields):
    assert do(started(), "play", CLEO, **fields)["home_pile"] == 2


def test_number_outside_the_deck_is_refused():
    assert "1 to 13" in refused(started(), "play", CLEO, colour="red", number=14)


def test_after_a_wild_the_chosen_colour_must_be_followed():
    session = started()
    view = do(session, "play", CLEO, card="mutt", colour="green")
    assert view["colour_to_follow"] == "green"
    do(session, "bone_race", loser=ANN)
    assert "green" in refused(session, "play", DEV, colour="red", number=5)
    view = do(session, "play", DEV, colour="green", number=1)
    assert view["colour_to_follow"] is None


def test_a_wild_must_name_the_colour_to_follow():
    assert "colour" in refused(started(), "play", CLEO, card="flea")


def test_drawing_keeps_the_card_and_passes_the_turn():
    view = do(started(), "draw", CLEO)
    assert view["hand_sizes"][CLEO] == 8 and view["draw_pile"] == 76 - 1 and view["turn"] == DEV


def test_a_drawn_card_may_be_played_at_once():
    view = do(started(), "draw", CLEO, then_play="dog", colour="red", number=2)
    assert view["hand_sizes"][CLEO] == 7 and view["home_pile"] == 2 and view["draw_pile"] == 75
    assert view["top_card"]["number"] == 2 and view["turn"] == DEV


def test_a_drawn_card_that_does_not_match_cannot_be_played():
    refused(started(), "draw", CLEO, then_play="dog", colour="blue", number=1)


# ----- wild cards --------------------------------------------------------------------------------
def test_flea_makes_everyone_else_draw_one():
    view = do(started(), "play", CLEO, card="flea", colour="blue")
    assert view["hand_sizes"] == [8, 7, 6, 8]
    assert view["draw_pile"] == 76 - 3


def test_fire_hydrant_swaps_hand_sizes_with_the_chosen_player():
    session = started()
    do(session, "draw", CLEO)                                    # Cleo 8
    view = do(session, "play", DEV, card="fire_hydrant", colour="red", swap_with=CLEO)
    assert view["hand_sizes"] == [7, 6, 6, 8]                    # Dev, down to 6, takes Cleo's 8
    session2 = started()
    view = do(session2, "play", CLEO, card="fire_hydrant", colour="red", swap_with=ANN)
    assert view["hand_sizes"][ANN] == 6 and view["hand_sizes"][CLEO] == 7


def test_fire_hydrant_swap_is_optional_but_not_with_yourself():
    view = do(started(), "play", CLEO, card="fire_hydrant", colour="red")
    assert view["hand_sizes"] == [7, 6, 6, 7]
    refused(started(), "play", CLEO, card="fire_hydrant", colour="red", swap_with=CLEO)


def test_mutt_starts_a_bone_race_whose_losers_draw():
    session = started()
    view = do(session, "play", CLEO, card="mutt", colour="blue")
    assert view["pending"]["event"] == "bone_race" and view["pending"]["bones"] == 3
    assert view["to_act"]["kind"] == "bone_race"
    assert "bone race" in refused(session, "play", DEV, colour="blue")
    view = do(session, "bone_race", losers=[ANN, CLEO], race={"false_starts": [CLEO]})
    assert view["hand_sizes"] == [8, 6, 7, 7]                    # Cleo played the Mutt, then lost
    assert view["turn"] == DEV and view["last_race"] == {"false_starts": [CLEO]}


def test_bone_race_needs_a_loser_named_once():
    session = started()
    do(session, "play", CLEO, card="mutt", colour="blue")
    refused(session, "bone_race", losers=[])
    refused(session, "bone_race", losers=[ANN, ANN])
    refused(session, "bone_race", loser=9)


def test_no_bone_race_without_a_mutt():
    assert "Mutt" in refused(started(), "bone_race", loser=ANN)


def test_dog_house_goes_in_front_of_a_player_not_on_the_home_pile():
    session = started()
    view = do(session, "play", CLEO, card="dog_house", colour="green", target=DEV)
    assert view["dog_house"] == [DEV] and view["home_pile"] == 1
    assert view["cards"]["in_front_of_players"] == 1
    assert view["to_act"] == {"kind": "dog_house_turn", "seat": DEV}
    assert "dog house" in refused(session, "play", DEV, colour="green")
    assert "dog house" in refused(session, "draw", DEV)


def test_dog_house_turn_draws_until_playable_then_frees_the_player():
    session = started()
    do(session, "play", CLEO, card="dog_house", colour="green", target=DEV)
    view = do(session, "dog_house_turn", DEV, drawn=3, colour="green", number=8)
    assert view["hand_sizes"][DEV] == 7 + 3            # three kept, the fourth played
    assert view["draw_pile"] == 76 - 4
    assert view["home_pile"] == 1 + 1 + 1              # the played dog and the dog house card underneath
    assert view["dog_house"] == [] and view["turn"] == ANN
    assert session.last_line.startswith("Dev (in the dog house) drew 3 cards, then played")


def test_history_counts_cards_in_words_that_agree_with_the_number():
    session = started()
    do(session, "play", CLEO, card="dog_house", colour="green", target=DEV)
    do(session, "dog_house_turn", DEV, drawn=1, colour="green", number=8)
    assert session.last_line.startswith("Dev (in the dog house) drew 1 card, then played")
    do(session, "play", ANN, card="pedigree", colour="green", breed="Poodle")
    do(session, "pedigree_play", BEN, count=1)
    assert session.last_line == "Ben put down 1 card of the breed"
    do(session, "pedigree_play", CLEO, count=2)
    assert session.last_line == "Cleo put down 2 cards of the breed"


def test_the_card_leaving_the_dog_house_must_follow_the_chosen_colour():
    session = started()
    do(session, "play", CLEO, card="dog_house", colour="green", target=DEV)
    refused(session, "dog_house_turn", DEV, drawn=1, colour="red", number=5)


def test_a_player_already_in_the_dog_house_cannot_get_a_second():
    session = started()
    do(session, "play", CLEO, card="dog_house", colour="green", target=ANN)
    assert "already" in refused(session, "play", DEV, card="dog_house", colour="red", target=ANN)


def test_pedigree_round_goes_from_the_left_and_ends_with_the_pedigree_player():
    session = started()
    view = do(session, "play", CLEO, card="pedigree", colour="red", breed="Poodle")
    assert view["pending"]["order"] == [DEV, ANN, BEN, CLEO]
    assert "Dev's step" in refused(session, "pedigree_play", ANN, count=1)
    do(session, "pedigree_play", DEV, count=2)
    do(session, "pedigree_draw", ANN, played=False)
    do(session, "pedigree_draw", BEN, played=True)
    view = do(session, "pedigree_draw", CLEO, played=False)
    assert view["hand_sizes"] == [8, 6, 7, 5]
    assert view["phase"] == "play" and view["turn"] == DEV and view["pending"] is None
    assert view["home_pile"] == 2 + 2 + 1


def test_pedigree_play_cannot_exceed_the_hand():
    session = started()
    do(session, "play", CLEO, card="pedigree", colour="red")
    refused(session, "pedigree_play", DEV, count=8)
    refused(session, "pedigree_play", DEV, count=0)


# ----- the draw pile -----------------------------------------------------------------------------
def drained(players: int = 2) -> Session:
    """A game whose draw pile is empty: everyone keeps drawing."""
    session = table(players)
    do(session, "play", BEN, colour="red", number=5)
    for _ in range(players * 3):
        do(session, "play", session.summary()["turn"])
    while session.summary()["draw_pile"]:
        do(session, "draw", session.summary()["turn"])
    return session


def test_reshuffle_is_refused_while_the_draw_pile_lasts():
    session = started()
    do(session, "play", CLEO)
    assert "No reshuffle yet" in refused(session, "reshuffle")
    assert "nothing to reshuffle" in refused(started(), "reshuffle")


# The sheet: "If the draw pile is depleted, re-shuffle the extra cards from the home pile and continue."
RAN_OUT = "the draw pile ran out: the home pile but its top card was shuffled into a new draw pile"


def test_an_empty_draw_pile_may_be_reshuffled_all_but_the_top_card():
    session = drained()
    view = session.summary()
    assert view["reshuffle_needed"] and view["reshuffle_allowed"]
    home = view["home_pile"]
    view = do(session, "reshuffle")
    assert view["home_pile"] == 1 and view["draw_pile"] == home - 1
    assert sum(view["hand_sizes"]) + view["draw_pile"] + view["home_pile"] == 104
    assert not view["reshuffle_allowed"]


def test_a_draw_from_an_empty_pile_reshuffles_the_home_pile_and_continues():
    session = drained()
    view = session.summary()
    home, turn = view["home_pile"], view["turn"]
    view = do(session, "draw", turn)
    assert view["home_pile"] == 1 and view["draw_pile"] == home - 2
    assert view["hand_sizes"][turn] == session.state_before_last().hands[turn] + 1
    assert RAN_OUT in session.history()[-1].text


def short_pile(players: int, cards: int) -> Session:
    """A game whose draw pile holds `cards` cards and whose home pile has plenty under its top card."""
    session = table(players)
    do(session, "play", BEN, colour="red", number=5)
    for _ in range(2 * players):
        do(session, "play", session.summary()["turn"])
    while session.summary()["draw_pile"] > cards:
        do(session, "draw", session.summary()["turn"])
    return session


def test_a_flea_with_too_few_cards_left_reshuffles_part_way_and_everyone_draws():
    session = short_pile(4, 2)
    before = session.summary()
    turn = before["turn"]
    view = do(session, "play", turn, card="flea", colour="red")
    others = [seat for seat in range(4) if seat != turn]
    assert all(view["hand_sizes"][seat] == before["hand_sizes"][seat] + 1 for seat in others)
    assert view["hand_sizes"][turn] == before["hand_sizes"][turn] - 1
    # Two cards came off the old pile; the third after the reshuffle, which took the old top card in
    # too: the Flea was on top by then, so only the Flea stays on the home pile.
    assert view["home_pile"] == 1 and view["top_card"] == {"card": "flea"}
    assert view["draw_pile"] == before["home_pile"] - 1
    assert view["cards"]["in_hands"] + view["draw_pile"] + view["home_pile"] == 104
    assert RAN_OUT in session.history()[-1].text and "everyone else draws" in session.history()[-1].text


def test_bone_race_losers_draw_through_a_reshuffle():
    session = short_pile(4, 1)
    turn = session.summary()["turn"]
    do(session, "play", turn, card="mutt", colour="blue")
    before = session.summary()
    losers = [seat for seat in range(4) if seat != turn][:2]
    view = do(session, "bone_race", losers=losers)
    assert all(view["hand_sizes"][seat] == before["hand_sizes"][seat] + 1 for seat in losers)
    assert view["home_pile"] == 1 and view["draw_pile"] == before["home_pile"] - 2
    assert RAN_OUT in session.history()[-1].text


def test_a_pedigree_draw_from_an_empty_pile_reshuffles():
    session = short_pile(3, 0)
    turn = session.summary()["turn"]
    do(session, "play", turn, card="pedigree", colour="green")
    step = session.summary()["pending"]["seat"]
    home = session.summary()["home_pile"]
    view = do(session, "pedigree_draw", step, played=False)
    assert view["draw_pile"] == home - 2 and view["home_pile"] == 1
    assert RAN_OUT in session.history()[-1].text


def test_a_dog_house_turn_draws_on_through_a_reshuffle():
    session = short_pile(3, 2)
    turn = session.summary()["turn"]
    victim = (turn + 1) % 3
    do(session, "play", turn, card="dog_house", colour="red", target=victim)
    before = session.summary()
    home = before["home_pile"]
    view = do(session, "dog_house_turn", victim, drawn=4, colour="red")   # 2 from the pile, 3 after the reshuffle
    assert view["dog_house"] == [] and view["hand_sizes"][victim] == before["hand_sizes"][victim] + 4
    assert view["draw_pile"] == home - 1 - 3
    assert view["home_pile"] == 1 + 1 + 1   # the top card, the Dog House card under it, the card played
    assert view["cards"]["in_hands"] + view["draw_pile"] + view["home_pile"] == 104
    assert RAN_OUT in session.history()[-1].text


def test_a_dog_house_turn_cannot_draw_more_than_both_piles_hold():
    session = short_pile(3, 2)
    turn = session.summary()["turn"]
    victim = (turn + 1) % 3
    do(session, "play", turn, card="dog_house", colour="red", target=victim)
    view = session.summary()
    most = view["draw_pile"] + view["home_pile"] - 1
    message = refused(session, "dog_house_turn", victim, drawn=most, colour="red")
    assert f"only {most} cards" in message


def test_dog_house_player_who_runs_out_of_every_card_records_what_was_drawn():
    session = short_pile(3, 2)
    turn = session.summary()["turn"]
    victim = (turn + 1) % 3
    do(session, "play", turn, card="dog_house", colour="red", target=victim)
    pile = session.summary()["draw_pile"]
    assert "keep drawing" in refused(session, "dog_house_turn", victim, drawn=pile - 1, played=False)
    # The pile ran out: it is reshuffled at once and the player draws on, still in the dog house.
    view = do(session, "dog_house_turn", victim, drawn=pile, played=False)
    assert view["turn"] == victim and view["dog_house"] == [victim] and view["home_pile"] == 1
    assert view["draw_pile"] > 0 and RAN_OUT in session.history()[-1].text
    view = do(session, "dog_house_turn", victim, drawn=view["draw_pile"], played=False)
    assert view["turn"] == (victim + 1) % 3 and view["dog_house"] == [victim] and view["draw_pile"] == 0


# ----- ending a hand and the evening -------------------------------------------------------------

def test_emptying_your_hand_ends_the_hand_and_scores_cards_left():
    session = table(2, hands=2)
    do(session, "play", BEN)                 # Ben 6
    view = play_out_hand(session, ANN)       # Ann plays 7 cards; Ben plays until 1 card
    assert view["phase"] == "hand_over" and view["hand_winner"] == ANN
    assert view["hand_sizes"][ANN] == 0
    assert view["scores"]["totals"] == [0, view["hand_sizes"][BEN]]
    assert view["to_act"] == {"kind": "deal", "seat": None, "next_dealer": BEN}
    refused(session, "play", BEN)


def test_next_hand_is_dealt_by_the_next_dealer_and_top_dog_has_the_lowest_total():
    session = table(3, hands=2)
    do(session, "play", BEN)
    first = play_out_hand(session, CLEO)
    view = do(session, "deal")
    assert view["dealer"] == BEN and view["hand"] == 2 and view["hand_sizes"] == [7, 7, 7]
    assert view["to_act"] == {"kind": "first_card", "seat": CLEO}
    do(session, "play", CLEO)
    last = play_out_hand(session, ANN, extra_draws=3)
    assert session.is_over and last["evening_over"]
    totals = [first["hand_sizes"][seat] + last["hand_sizes"][seat] for seat in range(3)]
    assert last["scores"]["totals"] == totals
    assert [row["dealer"] for row in last["scores"]["hands"]] == [ANN, BEN]
    assert last["top_dog"] == [seat for seat in range(3) if totals[seat] == min(totals)]


def test_open_ended_evening_ends_when_the_family_says_so():
    session = table(2, hands=0)
    do(session, "play", BEN)
    play_out_hand(session, ANN)
    assert not session.is_over
    assert "Finish" in refused(table(2, hands=0), "end_evening")
    do(session, "end_evening")
    assert session.is_over


def test_a_wild_played_as_the_last_card_has_no_effect():
    session = table(2, hands=1)
    do(session, "play", BEN)
    for _ in range(5):
        do(session, "play", ANN)
        do(session, "play", BEN)
    do(session, "play", ANN)                      # Ann 1 card left, Ben 1
    do(session, "draw", BEN)                      # Ben 2
    view = do(session, "play", ANN, card="flea", colour="red")
    assert view["hand_sizes"] == [0, 2] and view["scores"]["totals"] == [0, 2]


# ----- advanced game -----------------------------------------------------------------------------
def test_match_and_run_are_only_in_the_advanced_game():
    assert "advanced" in refused(started(), "match", DEV)


def test_an_out_of_turn_match_moves_play_to_the_claimers_left():
    session = started(advanced=True)
    view = do(session, "match", ANN)
    assert view["hand_sizes"][ANN] == 6 and view["turn"] == BEN
    assert view["top_card"] == {"card": "dog", "colour": "red", "number": 5}


def test_a_run_is_one_higher_or_lower_in_the_same_colour():
    session = started(advanced=True)
    view = do(session, "run", DEV, number=6)
    assert view["top_card"] == {"card": "dog", "colour": "red", "number": 6} and view["turn"] == ANN
    refused(session, "run", ANN, number=8)
    do(session, "run", ANN, number=5)


def test_runs_do_not_wrap_from_13_to_1():
    session = table(3, advanced=True)
    do(session, "play", BEN, colour="blue", number=13)
    assert "don't connect" in refused(session, "run", ANN, number=1)


def test_claims_need_a_known_top_card():
    session = table(3, advanced=True)
    do(session, "play", BEN, colour="blue")
    assert "doesn't know the top card" in refused(session, "match", ANN)


def test_no_claim_on_a_wild_or_during_a_pedigree_round_or_from_the_dog_house():
    session = started(advanced=True)
    do(session, "play", CLEO, card="pedigree", colour="red")
    assert "pedigree" in refused(session, "match", ANN)
    session = started(advanced=True)
    do(session, "play", CLEO, card="flea", colour="green")
    assert "the top of the home pile is a Flea" in refused(session, "match", BEN)
    session = started(advanced=True)
    do(session, "play", CLEO, card="dog_house", colour="red", target=ANN)
    do(session, "play", DEV, colour="red", number=7)
    assert "dog house" in refused(session, "run", ANN, number=8)
    do(session, "run", BEN, number=8)


def test_a_match_after_a_dog_house_is_refused_for_the_colour_to_follow_not_the_top_card():
    session = started(advanced=True)       # Ben's red 5 is on top
    view = do(session, "play", CLEO, card="dog_house", colour="blue", target=ANN)
    assert view["top_card"] == {"card": "dog", "colour": "red", "number": 5}
    message = refused(session, "match", BEN)
    assert "numbered" not in message
    assert "Dog House" in message and "blue" in message and "Dev" in message
    assert "Dog House" in refused(session, "run", BEN, number=6)


# ----- after a pedigree round --------------------------------------------------------------------
def pedigree_round_over(**options) -> Session:
    """Cleo's Pedigree: Dev puts down a card of the breed, everyone else draws; the round is over."""
    session = started(advanced=True, **options)
    do(session, "play", CLEO, card="pedigree", colour="red", breed="Poodle")
    do(session, "pedigree_play", DEV, count=1)
    do(session, "pedigree_draw", ANN, played=False)
    do(session, "pedigree_draw", BEN, played=False)
    do(session, "pedigree_draw", CLEO, played=False)
    return session


def test_after_a_pedigree_round_the_family_names_the_top_card_and_claims_work_again():
    # The sheet: "If you are playing the advanced game, no matching and running is allowed until these
    # steps are completed." Once the round is over, Match! and Run! are allowed again.
    session = pedigree_round_over()
    view = session.summary()
    assert view["phase"] == "play" and view["top_card"] == {"card": "dog", "colour": None, "number": None}
    assert "Name the top card" in refused(session, "match", ANN)
    view = do(session, "name_top_card", colour="blue", number=9)
    assert view["top_card"] == {"card": "dog", "colour": "blue", "number": 9}
    assert view["turn"] == DEV and view["hand_sizes"] == session.state_before_last().hands
    assert session.history()[-1].text == "The top card was named: a blue 9"
    view = do(session, "run", ANN, number=10)
    assert view["top_card"] == {"card": "dog", "colour": "blue", "number": 10} and view["turn"] == BEN


def test_the_top_card_may_be_named_any_time_after_the_round():
    session = pedigree_round_over()
    do(session, "play", DEV)                                  # another dog, not described
    do(session, "name_top_card", ANN, colour="green")         # a player may say it too; a part at a time
    view = do(session, "name_top_card", number=13)
    assert view["top_card"] == {"card": "dog", "colour": "green", "number": 13}
    do(session, "match", BEN)


@pytest.mark.parametrize("fields, words", [
    ({}, "Say the colour, the number or both"),
    ({"colour": "purple"}, "not a colour"),
    ({"number": 14}, "1 to 13"),
])
def test_naming_the_top_card_needs_a_real_colour_or_number(fields, words):
    assert words in refused(pedigree_round_over(), "name_top_card", **fields)


def test_a_named_top_card_is_not_renamed_and_a_wild_on_top_has_no_number():
    session = pedigree_round_over()
    do(session, "name_top_card", colour="blue")
    assert "already blue" in refused(session, "name_top_card", colour="red", number=4)
    do(session, "name_top_card", number=4)
    assert "already known" in refused(session, "name_top_card", number=4)
    do(session, "play", DEV, card="flea", colour="red")
    assert "a Flea" in refused(session, "name_top_card", colour="red", number=4)
    assert "already known" in refused(started(), "name_top_card", colour="red")


def test_the_top_card_cannot_be_named_during_the_round_or_before_the_first_card():
    session = started(advanced=True)
    do(session, "play", CLEO, card="pedigree", colour="red")
    do(session, "pedigree_play", DEV, count=1)
    assert "pedigree round" in refused(session, "name_top_card", colour="red", number=4)
    assert "first card" in refused(table(3), "name_top_card", colour="red", number=4)


# ----- claims and the claim race -----------------------------------------------------------------
def claim_race(winner: int, *losers: int) -> dict:
    """A claim race decision as the race screen passes it to the game: seats, not button numbers."""
    return {"kind": "claim", "winners": [winner], "losers": list(losers), "ties": [], "false_starts": [],
            "stuck": [], "timed_out": False, "margins_ms": {str(winner): 0.0, **{str(s): 12.5 for s in losers}},
            "tie_draw": None, "log": []}


def test_a_claim_is_recorded_for_the_winner_of_its_race():
    session = started(advanced=True)
    view = do(session, "match", DEV, race=claim_race(DEV, ANN))
    assert view["last_race"]["winners"] == [DEV] and view["turn"] == ANN


def test_a_claim_for_a_player_who_lost_its_race_is_refused_naming_both():
    session = started(advanced=True)
    message = refused(session, "match", ANN, race=claim_race(DEV, ANN))
    assert "Dev won the claim race" in message and "not Ann" in message
    message = refused(session, "run", ANN, number=6, race=claim_race(BEN, ANN, DEV))
    assert "Ben won" in message and "Ann" in message


@pytest.mark.parametrize("race, words", [
    ({"winner": DEV, "pressed": [DEV, ANN]}, "winners"),
    ({"kind": "claim", "winners": [], "losers": [ANN], "timed_out": True}, "Nobody won"),
    ({"kind": "bones", "winners": [DEV, BEN, CLEO], "losers": [ANN]}, "bone race"),
    ({"kind": "claim", "winners": [9], "losers": []}, "seat 9"),
    ("Dev", "object"),
])
def test_a_claim_race_must_have_the_arbiters_shape_and_a_winner(race, words):
    assert words in refused(started(advanced=True), "match", DEV, race=race)


def test_on_your_own_turn_a_claim_may_be_followed_by_a_play_or_a_pass_without_drawing():
    session = started(advanced=True)
    view = do(session, "run", CLEO, number=4)
    assert view["turn"] == CLEO and view["to_act"]["may_pass"]
    view = do(session, "play", CLEO, colour="red", number=11)
    assert view["turn"] == DEV and view["hand_sizes"][CLEO] == 5
    session = started(advanced=True)
    assert "pass" in refused(session, "pass", CLEO)
    do(session, "match", CLEO)
    view = do(session, "pass", CLEO)
    assert view["turn"] == DEV and view["draw_pile"] == 76


# ----- bookkeeping -------------------------------------------------------------------------------
def test_summary_breakdown_accounts_for_every_card():
    session = started()
    do(session, "play", CLEO, card="dog_house", colour="green", target=ANN)
    cards = session.summary()["cards"]
    assert cards["in_hands"] + cards["draw_pile"] + cards["home_pile"] + cards["in_front_of_players"] == cards["deck"]
    assert cards["bones_on_table"] + cards["bones_in_box"] == 5


def test_history_lines_name_the_players_and_the_effect():
    session = started()
    session.perform(Action("play", CLEO, {"card": "flea", "colour": "blue"}))
    line = session.history()[-1].text
    assert line.startswith("Cleo played a Flea") and "everyone else draws" in line


def test_unknown_action_is_refused_with_the_list_of_actions():
    assert "bone_race" in refused(started(), "shuffle_dance", ANN)


def down_to_the_last_card() -> tuple[Session, dict]:
    """Two players play dogs nobody named until the one whose turn it is holds one card."""
    session = started(2)
    view = session.summary()
    while view["hand_sizes"][view["turn"]] > 1:
        view = do(session, "play", view["turn"])
    return session, view


@pytest.mark.parametrize("wild", ["flea", "mutt", "dog_house", "fire_hydrant", "pedigree"])
def test_a_wild_played_as_the_last_card_ends_the_hand_and_asks_for_nothing(wild):
    session, view = down_to_the_last_card()
    seat = view["turn"]
    assert view["choices"]["last_card"]
    view = do(session, "play", seat, card=wild)          # no colour, no player: the hand is over
    assert view["hand_sizes"][seat] == 0 and view["scores"]["hands"][-1]["winner"] == seat
    assert session.last_line.endswith(", the last card of the hand")


def test_a_wild_that_is_not_the_last_card_still_needs_its_colour():
    session = started(2)
    view = session.summary()
    assert not view["choices"]["last_card"]
    assert "chooses the colour to follow" in refused(session, "play", view["turn"], card="flea")
