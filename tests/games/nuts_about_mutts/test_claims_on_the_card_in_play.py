"""The advanced game's Match! as the printed sheet words it, read a second time: "two identical matches
of each numbered card" and "It must be an exact match" (so no Match once both copies of the card are on
the home pile), and "A match may be played at any time" after a Dog House, which stays in front of a
player "(not the home pile)" and leaves the dog in play. The summary says what the rules would allow,
so the pad never works it out for itself. Hand-worked counts are spelt out beside each step."""

from __future__ import annotations

import copy

import pytest

from companion.actions import Action
from companion.errors import IllegalAction
from companion.games.nuts_about_mutts import GAME
from companion.playthrough import table_of
from companion.session import Session

ANN, BEN, CLEO, DEV = 0, 1, 2, 3


def do(session: Session, type_: str, player: int | None = None, **fields) -> dict:
    session.perform(Action(type_, player, fields))
    return session.summary()


def refused(session: Session, type_: str, player: int | None = None, **fields) -> str:
    before = copy.deepcopy(session.state)
    with pytest.raises(IllegalAction) as refusal:
        session.perform(Action(type_, player, fields))
    assert session.state == before
    return str(refusal.value)


def red_five_on_top(players: int = 4) -> Session:
    """The advanced game, dealer Ann: Ben (on her left) starts the home pile with a red 5."""
    session = Session(GAME, table_of(players), {"advanced": True})
    do(session, "play", BEN, colour="red", number=5)
    return session


# ----- both copies already on the home pile ----------------------------------------------------
def test_no_match_once_both_copies_of_the_card_are_on_the_home_pile():
    session = red_five_on_top()
    do(session, "play", CLEO, colour="red", number=9)   # home: red 5, red 9
    view = do(session, "play", DEV, colour="red", number=5)  # home: red 5, red 9, red 5 (the twin)
    assert view["top_card"] == {"card": "dog", "colour": "red", "number": 5} and view["home_pile"] == 3
    message = refused(session, "match", ANN)
    assert message == ("No Match on a red 5: both red 5s are already on the home pile (the deck has 2 of each "
                       "dog), so nobody holds its twin.")
    assert view["claims"]["match_refused"] == message
    # A Run is another card: still allowed, and Ann's hand goes from 7 to 6.
    assert view["claims"]["run_refused"] is None and view["claims"]["run_numbers"] == [4, 6]
    assert do(session, "run", ANN, number=6)["hand_sizes"][ANN] == 6


def test_a_match_uses_up_the_twin():
    session = red_five_on_top()
    view = do(session, "match", DEV)                     # the second red 5 goes down: Dev 7 -> 6
    assert view["hand_sizes"] == [7, 6, 7, 6] and view["turn"] == ANN
    assert "both red 5s are already on the home pile" in refused(session, "match", CLEO)
    assert "both red 5s" in view["claims"]["match_refused"]


def test_a_named_top_card_counts_as_known():
    session = red_five_on_top()
    do(session, "play", CLEO)                            # a dog, not described
    assert do(session, "name_top_card", colour="red", number=5)["claims"]["match_refused"].startswith(
        "No Match on a red 5: both red 5s")


def test_a_reshuffle_takes_the_buried_copy_back_into_the_draw_pile():
    session = Session(GAME, table_of(2), {"advanced": True})
    do(session, "play", BEN, colour="red", number=5)     # home 1
    do(session, "play", ANN, colour="red", number=8)     # home 2
    do(session, "play", BEN, colour="red", number=5)     # home 3: both red 5s are down
    assert "both red 5s" in refused(session, "match", ANN)
    while session.summary()["draw_pile"]:
        do(session, "draw", session.summary()["turn"])
    view = do(session, "reshuffle")                      # the red 5 under the red 8 goes back to the draw pile
    assert view["home_pile"] == 1 and view["claims"]["match_refused"] is None
    hands = view["hand_sizes"]
    view = do(session, "match", ANN)
    assert view["hand_sizes"][ANN] == hands[ANN] - 1 and view["home_pile"] == 2


def test_a_dog_whose_number_nobody_said_is_not_counted():
    session = red_five_on_top()
    do(session, "play", CLEO, number=5)                  # a 5 of some colour
    assert refused(session, "match", DEV).startswith("The app doesn't know the top card")
    assert do(session, "name_top_card", colour="blue")["claims"]["match_refused"] is None


# ----- a Match after a Dog House ---------------------------------------------------------------
def test_after_a_dog_house_naming_the_colour_in_play_its_twin_may_be_matched_at_once():
    session = red_five_on_top()
    view = do(session, "play", CLEO, card="dog_house", colour="red", target=ANN)
    # The Dog House went in front of Ann: the red 5 is still the card in play, red is to follow.
    assert view["top_card"] == {"card": "dog", "colour": "red", "number": 5} and view["home_pile"] == 1
    assert view["colour_to_follow"] == "red" and view["turn"] == DEV
    assert view["claims"]["match_refused"] is None and view["claims"]["seats"] == [BEN, CLEO, DEV]
    view = do(session, "match", BEN)                     # out of turn: Ben 6 -> 5
    assert view["hand_sizes"] == [7, 5, 6, 7] and view["home_pile"] == 2 and view["dog_house"] == [ANN]
    # The twin is red, so the colour the Dog House named has been followed; play goes on from Ben's left.
    assert view["colour_to_follow"] is None and view["turn"] == CLEO
    do(session, "play", CLEO, colour="green", number=5)


def test_after_a_dog_house_a_run_still_waits_for_the_colour_to_be_followed():
    session = red_five_on_top()
    view = do(session, "play", CLEO, card="dog_house", colour="red", target=ANN)
    assert "Dog House" in refused(session, "run", BEN, number=6)
    assert "Dog House" in view["claims"]["run_refused"]


def test_after_a_dog_house_naming_another_colour_no_match_until_that_colour_is_followed():
    session = red_five_on_top()
    view = do(session, "play", CLEO, card="dog_house", colour="blue", target=ANN)
    message = refused(session, "match", BEN)
    assert "Dog House named blue" in message and view["claims"]["match_refused"] == message
    assert view["claims"]["seats"] == []
    view = do(session, "play", DEV, colour="blue", number=5)
    assert view["claims"]["match_refused"] is None and ANN not in view["claims"]["seats"]


def test_nobody_in_the_dog_house_claims_even_when_the_twin_could_go_down():
    session = red_five_on_top()
    do(session, "play", CLEO, card="dog_house", colour="red", target=ANN)
    assert "Ann is in the dog house" in refused(session, "match", ANN)


# ----- what the table is told ------------------------------------------------------------------
def test_the_basic_game_offers_no_claims():
    session = Session(GAME, table_of(3), {})
    view = do(session, "play", BEN, colour="red", number=5)
    assert view["claims"]["seats"] == [] and "advanced game" in view["claims"]["match_refused"]


def test_each_seat_is_told_why_it_may_not_claim():
    session = red_five_on_top()
    view = do(session, "play", CLEO, card="dog_house", colour="red", target=ANN)
    # Claims are open on the red 5: Ann alone, in the dog house, is told why not.
    assert view["claims"]["seat_refused"][ANN].startswith("you are in the dog house")
    assert view["claims"]["seat_refused"][BEN:] == [None, None, None] == [None] * len(view["claims"]["seats"])
    # Nobody may claim a dog nobody named: every seat is told what the table must say first.
    view = do(session, "play", DEV, number=5)
    assert view["claims"]["seats"] == []
    assert all(why.startswith("The app doesn't know the top card") for why in view["claims"]["seat_refused"])
