"""That's Ruff! rules, each checked the way a family at the table would notice it: where the dog
ends up, how many discs it has, what the count is, whose turn it is, and why a card is refused."""

from __future__ import annotations

import json

import pytest
from examples_support import EXAMPLES, replay_example

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.games.thats_ruff import GAME, paths
from companion.games.thats_ruff.collecting import collection_moves, wild_dog_colours
from companion.games.thats_ruff.state import Board
from companion.playthrough import table_of
from companion.session import Session

HOUSE = 14


def card(text: str) -> dict:
    """"red 5" -> {"number": 5, "colour": "red"}; "wild" -> a Wild Dog; "blue 8 Sage" names the dog."""
    if text == "wild":
        return {"wild": True}
    colour, number, *dog = text.split()
    return {"number": int(number), "colour": colour, **({"dog": dog[0]} if dog else {})}


def new_game(players: int = 2, **options) -> Session:
    return Session(GAME, table_of(players), options)


def lay_out_all(session: Session, face_up: dict[int, list[str]] | None = None) -> Session:
    """Every seat lays out its spare cards: the listed ones face up, the rest face down unseen."""
    face_up = face_up or {}
    spare = session.state.deal_size - 5
    for seat in range(len(session.players)):
        up = [card(text) for text in face_up.get(seat, [])]
        do(session, "lay_out", seat, face_up=up, face_down=spare - len(up))
    return session


def counting_game(players: int = 2, **options) -> Session:
    return lay_out_all(new_game(players, **options))


def do(session: Session, kind: str, seat: int, **args) -> dict:
    session.perform(Action(kind, seat, args))
    return session.summary()


def play(session: Session, seat: int, text: str, **extra) -> dict:
    return do(session, "play", seat, **card(text), **extra)


def board(session: Session, seat: int) -> dict:
    summary = session.summary()
    return summary["boards"][summary["players"][seat]["board"]]


def refused(session: Session, kind: str, seat: int, **args) -> str:
    before = session.summary()
    with pytest.raises(IllegalAction) as refusal:
        session.perform(Action(kind, seat, args))
    assert session.summary() == before
    return str(refusal.value)


def place(session: Session, seat: int, position: int | None = None, discs: list[int] | None = None,
          house: int | None = None) -> None:
    """Set a dog and its discs on the board, as a family would before trying a move."""
    target = session.state.boards[session.state.seats[seat].board]
    if position is not None:
        target.position = position
    if discs is not None:
        session.state.supply += len(target.path_discs) - len(discs)
        target.path_discs = sorted(discs)
    if house is not None:
        session.state.supply -= house - target.house
        target.house = house


# ----- setting up ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players, deal, hands_per_deck", [(2, 9, 4), (3, 8, 3), (4, 9, 2)])
def test_deal_size_and_deck(players, deal, hands_per_deck):
    summary = new_game(players).summary()
    assert summary["deal_size"] == deal
    assert summary["deck_left"] == 72 - players * deal
    assert summary["deck_left"] == 72 * (hands_per_deck - 1) // hands_per_deck


def test_dogs_start_on_zero_with_a_disc_on_eight_in_seat_order():
    summary = new_game(4).summary()
    assert [b["dog"] for b in summary["boards"]] == ["Nicky", "Moon", "Sage", "Lady"]
    for drawn in summary["boards"]:
        assert drawn["position"] == 0
        assert drawn["discs_on_path"] == [8]
        assert drawn["discs_in_house"] == 0


def test_players_pick_their_dogs_and_the_rest_go_in_order():
    summary = new_game(3, dogs={"0": "Lady", "2": "Nicky"}).summary()
    assert [b["dog"] for b in summary["boards"]] == ["Lady", "Moon", "Nicky"]
    with pytest.raises(BadOption):
        new_game(2, dogs={"0": "Moon", "1": "Moon"})
    with pytest.raises(BadOption):
        new_game(2, dogs={"0": "Rex"})


def test_partners_across_the_table_share_a_board():
    summary = new_game(4, partnerships=True).summary()
    assert [b["seats"] for b in summary["boards"]] == [[0, 2], [1, 3]]
    assert [p["dog"] for p in summary["players"]] == ["Nicky", "Moon", "Nicky", "Moon"]
    with pytest.raises(BadOption):
        new_game(3, partnerships=True)


def test_laying_out_keeps_five_cards():
    session = new_game(3)  # deal 8: lay out 3
    message = refused(session, "lay_out", 0, face_up=[card("red 5")], face_down=1)
    assert "lays out the other 3" in message
    refused(session, "lay_out", 0, face_up=[card(t) for t in ("red 1", "red 2", "red 3", "red 4")], face_down=-1)
    summary = do(session, "lay_out", 0, face_up=[card("red 5")], face_down=2)
    assert summary["players"][0]["cards_in_hand"] == 5
    assert summary["phase"] == "laying_out" and summary["waiting_for"] == [1, 2]


def test_the_variant_forcing_face_up_or_face_down():
    assert "face up" in refused(new_game(2, laid_out_face="up"), "lay_out", 0, face_down=4)
    assert "face down" in refused(new_game(2, laid_out_face="down"), "lay_out", 0,
                                  face_up=[card("red 1")], face_down=3)


def test_a_card_the_deck_has_run_out_of_is_refused():
    session = new_game(2)
    do(session, "lay_out", 0, face_up=[card("black 5")], face_down=3)
    assert "only 1 black 5s" in refused(session, "lay_out", 1, face_up=[card("black 5")], face_down=3)


# ----- counting ------------------------------------------------------------------------------------
def test_counting_starts_left_of_the_dealer_and_goes_round():
    session = counting_game(3, dealer=1)
    assert session.summary()["turn"] == 2
    assert "Cleo's turn" in refused(session, "play", 0, **card("red 3"))
    assert play(session, 2, "red 3")["turn"] == 0
    assert play(session, 0, "blue 6")["count"] == 9


def test_the_sheets_example_four_spaces_clockwise_from_twelve_ends_on_one():
    dog = Board("Nicky", [0], "blue", position=12)
    assert paths.plan_walk(dog, 4, paths.CLOCKWISE).end == 1


def test_four_spaces_from_twelve_at_the_table_pass_through_the_dog_house():
    session = counting_game()
    play(session, 1, "blue 5")     # 5
    play(session, 0, "red 5")      # 10
    play(session, 1, "blue 3")     # 13
    place(session, 0, position=12, discs=[])
    summary = play(session, 0, "blue 3")   # 16 (+2) and the same number and colour as blue 3 (+2)
    assert board(session, 0)["position"] == 1
    assert "+2 for reaching 16" in summary["last_move"]
    assert "+2 for matching blue 3" in summary["last_move"]


def test_reaching_every_shaded_count_moves_two_even_with_a_zero():
    session = counting_game()
    play(session, 1, "blue 1")           # 1
    assert board(session, 1)["position"] == 2
    play(session, 0, "red 0")            # still 1: a 0 on a shaded count still moves
    assert board(session, 0)["position"] == 2
    play(session, 1, "black 1")          # 2
    play(session, 0, "blue 2")           # 4
    play(session, 1, "red 4")            # 8
    assert board(session, 1)["position"] == 6
    assert [board(session, 0)["position"], session.summary()["count"]] == [4, 8]
    play(session, 0, "red 8")            # 16: +2, and Nicky's 8 is blue so red 8 gives nothing; matches red 4 (+1)
    assert board(session, 0)["position"] == 7
    play(session, 1, "blue 0")           # 16 again: +2 -> Moon lands on the disc at 8 and fetches it
    assert board(session, 1)["position"] == 8 and board(session, 1)["discs_in_house"] == 1
    assert board(session, 1)["discs_on_path"] == []
    play(session, 0, "black 3")          # 19: no shaded count, no match
    assert board(session, 0)["position"] == 7
    play(session, 1, "black 13")         # 32: +2, matches black 3's colour +1
    assert board(session, 1)["position"] == 11
    play(session, 0, "blue 0")           # 32 again
    assert board(session, 0)["position"] == 9
    assert board(session, 0)["discs_in_house"] == 1  # passed the disc on 8


@pytest.mark.parametrize("first, second, spaces", [
    ("red 5", "red 9", 1),       # colour
    ("red 5", "blue 5", 1),      # number
    ("red 5", "red 5", 2),       # both
    ("red 5", "blue 6", 0),      # neither
])
def test_matching_the_card_just_before(first, second, spaces):
    session = counting_game()
    play(session, 1, "black 7")
    play(session, 0, first)         # 12 or so: no shaded counts in these sums
    summary = play(session, 1, second)
    assert summary["count"] not in (1, 2, 4, 8, 16, 32)
    assert board(session, 1)["position"] == spaces


def test_own_eight_and_pappy_move_one():
    session = counting_game(4)  # Nicky and Sage have blue 8s, Moon and Lady red 8s
    play(session, 1, "red 8 Moon")     # 8: +2, and Moon's own 8: +1
    assert board(session, 1)["position"] == 3
    play(session, 2, "blue 3")         # 11
    play(session, 3, "blue 8 Nicky")   # 19: matches colour +1; Lady's 8 is red, so no 8 bonus
    assert board(session, 3)["position"] == 1
    summary = play(session, 0, "black 8")   # 27: Pappy +1 for anyone, and it matches the 8 before (+1)
    assert board(session, 0)["position"] == 2
    assert "Pappy" in summary["last_move"]
    summary = play(session, 1, "wild", number=5, colour="black")  # 32: +2, matches black +1
    assert board(session, 1)["position"] == 6
    assert "Wild Dog as black 5" in summary["last_card_name"]


def test_an_eight_naming_a_dog_only_helps_that_dog():
    session = counting_game(4)
    play(session, 1, "blue 3")
    play(session, 2, "blue 8 Nicky")   # Sage's 8 is blue too, but this one shows Nicky: only the colour match
    assert board(session, 2)["position"] == 1
    session = counting_game(4)
    play(session, 1, "blue 3")
    play(session, 2, "red 2")
    play(session, 3, "red 4")
    play(session, 0, "blue 8")         # no dog given, and neither blue 8 has turned up: it counts for Nicky
    assert board(session, 0)["position"] == 1


# The sheet: "The cards numbered 8 each show a dog whose name is on one of the game board's dog houses".
def test_each_dogs_eight_turns_up_once_per_deck():
    session = counting_game(4)
    play(session, 1, "blue 8 Nicky")
    message = refused(session, "play", 2, **card("blue 8 Nicky"))
    assert "Nicky's 8 has already turned up" in message
    play(session, 2, "blue 8 Sage")


def test_an_eight_shows_its_dog_only_in_that_dogs_colour():
    session = counting_game(4)         # Nicky's 8 is blue
    assert "Nicky's 8 is blue" in refused(session, "play", 1, **card("red 8 Nicky"))
    message = refused(new_game(2), "lay_out", 0, face_up=[card("red 8 Nicky")], face_down=3)
    assert "Nicky's 8 is blue" in message
    session = counting_game(4, eights={"Nicky": "red", "Moon": "blue"})
    assert "Nicky's 8 is red" in refused(session, "play", 1, **card("blue 8 Nicky"))


def test_once_one_dogs_eight_is_known_an_unnamed_eight_of_that_colour_is_the_other_dog():
    session = counting_game(4)         # Ann Nicky (blue 8), Ben Moon, Cleo Sage (blue 8), Dev Lady
    play(session, 1, "blue 8 Nicky")   # 8: +2 for Moon
    play(session, 2, "red 3")          # 11
    play(session, 3, "black 0")        # 11
    summary = play(session, 0, "blue 8")   # 19: the other blue 8 is Sage's, so no own-8 move for Nicky
    assert summary["last_card_name"] == "blue 8 (Sage)" and board(session, 0)["position"] == 0
    assert "Sage's 8 has already turned up" in refused(session, "play", 1, **card("blue 8 Sage"))


def test_the_eights_setting_gives_each_colour_only_as_many_dogs_as_it_has_8s():
    with pytest.raises(BadOption, match="two blue 8s"):
        new_game(2, eights={"Moon": "blue"})   # Nicky, Sage and Moon would share two blue 8s


def test_a_wild_dog_declared_as_an_eight_is_not_pappy():
    session = counting_game()
    play(session, 1, "red 3")
    play(session, 0, "wild", number=8, colour="black")   # 11: no match, no 8 bonus
    assert board(session, 0)["position"] == 0


def test_a_card_taking_the_count_past_32_is_refused():
    session = counting_game()
    play(session, 1, "red 13")
    play(session, 0, "blue 13")
    assert "past 32" in refused(session, "play", 1, **card("red 7"))


def test_thats_ruff_only_when_no_card_can_fit():
    session = counting_game()
    play(session, 1, "red 10")
    play(session, 0, "blue 9")   # 19: every card still fits
    assert "must play one" in refused(session, "thats_ruff", 1)


def test_a_face_up_card_that_fits_must_be_played_rather_than_thats_ruff():
    session = lay_out_all(new_game(), face_up={1: ["red 2"]})
    play(session, 1, "red 13")
    play(session, 0, "blue 13")    # 26: the face-up red 2 fits
    assert "red 2" in refused(session, "thats_ruff", 1)


def test_thats_ruff_tosses_a_disc_on_the_last_number_and_resets_the_count():
    session = counting_game()
    play(session, 1, "red 13")
    play(session, 0, "blue 12")   # 25
    play(session, 1, "red 5")     # 30
    supply = session.summary()["disc_supply"]
    summary = do(session, "thats_ruff", 0)
    assert summary["count"] == 0 and summary["turn"] == 0
    assert board(session, 0)["discs_on_path"] == [5, 8]
    assert summary["disc_supply"] == supply - 1
    summary = play(session, 0, "red 3")   # matches nothing: the red 5 was turned face down
    assert board(session, 0)["position"] == 0 and summary["turn"] == 1


def test_no_disc_is_tossed_where_the_dog_or_a_disc_already_is():
    session = counting_game()
    play(session, 1, "red 13")
    play(session, 0, "blue 10")
    play(session, 1, "red 8")     # 31
    do(session, "thats_ruff", 0)
    assert board(session, 0)["discs_on_path"] == [8]
    play(session, 0, "blue 13")
    play(session, 1, "black 13")  # 26
    place(session, 0, position=13)
    do(session, "thats_ruff", 0)
    assert board(session, 0)["discs_on_path"] == [8]


def test_playing_a_face_up_card_replaces_it_face_down():
    session = lay_out_all(new_game(), face_up={1: ["red 2", "blue 7"]})
    summary = play(session, 1, "blue 7", **{"from": "face_up"})
    laid = summary["players"][1]["laid_out"]
    assert [slot["face_up"] for slot in laid] == [True, False, False, False]
    assert summary["players"][1]["cards_in_hand"] == 4
    assert "no face-up" in refused(session, "play", 0, **card("blue 7"), **{"from": "face_up"})


def test_the_face_up_cards_to_play_are_the_turn_players_as_laid_out():
    session = lay_out_all(new_game(), face_up={1: ["blue 8 Sage", "wild", "red 13"], 0: ["red 8"]})
    assert session.summary()["face_up_to_play"] == [
        {"card": card("blue 8 Sage"), "fits": True, "dogs": ["Sage"]},
        {"card": {"wild": True}, "fits": True, "dogs": []},
        {"card": card("red 13"), "fits": True, "dogs": []}]
    play(session, 1, "red 13", **{"from": "face_up"})
    play(session, 0, "blue 12")   # 25: a 13 no longer fits, a Wild Dog always does
    assert [(c["card"], c["fits"]) for c in session.summary()["face_up_to_play"]] == [
        (card("blue 8 Sage"), False), ({"wild": True}, True)]
    play(session, 1, "red 0")
    # Ann's red 8 was laid out without its dog: either red dog may still be on it (at 25 it doesn't fit).
    assert session.summary()["face_up_to_play"] == [{"card": card("red 8"), "fits": False, "dogs": ["Moon", "Lady"]}]


def test_a_face_up_eight_plays_as_the_dog_named_when_it_was_laid_out():
    session = lay_out_all(new_game(), face_up={1: ["blue 8 Sage"]})
    message = refused(session, "play", 1, **card("blue 8 Nicky"), **{"from": "face_up"})
    assert "no face-up blue 8 (Nicky)" in message and "face-up cards are blue 8 (Sage)" in message
    summary = play(session, 1, "blue 8", **{"from": "face_up"})
    assert summary["last_card_name"] == "blue 8 (Sage)"


def test_counting_ends_after_five_cards_each_and_face_down_cards_are_turned_up():
    session = counting_game()
    for number in range(5):
        play(session, 1, f"red {number}")
        play(session, 0, f"blue {number}")
    summary = session.summary()
    assert summary["phase"] == "revealing"
    assert [p["cards_played"] for p in summary["players"]] == [5, 5]
    assert summary["count"] == 20 and len(summary["centre"]) == 10
    assert "4 face-down" in refused(session, "reveal", 0, cards=[card("black 1")])
    do(session, "reveal", 1, cards=[card(t) for t in ("black 1", "black 2", "black 3", "black 4")])
    summary = do(session, "reveal", 0, cards=[card(t) for t in ("black 5", "black 6", "black 7", "black 9")])
    assert summary["phase"] == "collecting" and summary["turn"] == 1


def test_staying_in_the_dog_house_costs_a_disc_per_space():
    session = counting_game()
    place(session, 1, position=13, house=2)
    summary = play(session, 1, "red 1", stay=True)    # +2: one step into the house, one more costs 1 disc
    assert board(session, 1)["position"] == HOUSE and board(session, 1)["discs_in_house"] == 1
    assert "stays in the dog house" in summary["last_move"]
    place(session, 0, position=13, house=0)
    # red 0: +2 for count 1 and +1 for matching red: one step in, two more to pay for.
    assert "costs 2 discs and Nicky has only 0" in refused(session, "play", 0, **card("red 0"), stay=True)
    play(session, 0, "blue 0")  # +2 for count 1 again: through the house to 0
    assert board(session, 0)["position"] == 0


def test_staying_is_refused_when_the_dog_does_not_reach_its_house():
    session = counting_game()
    assert "nothing to stay for" in refused(session, "play", 1, **card("red 1"), stay=True)


# ----- winning -------------------------------------------------------------------------------------
QUIET_HAND = [  # (seat, card): no shaded count, no match; the last card matches black 1's colour (+1)
    (1, "red 3"), (0, "blue 0"), (1, "black 2"), (0, "red 1"), (1, "blue 3"),
    (0, "black 0"), (1, "red 1"), (0, "blue 2"), (1, "black 1"), (0, "black 5"),
]


def play_quiet_hand(session: Session) -> dict:
    for seat, text in QUIET_HAND:
        summary = play(session, seat, text)
    return summary


def test_a_dog_home_with_its_path_clear_wins_after_counting():
    session = counting_game()
    place(session, 0, position=13, discs=[])
    summary = play_quiet_hand(session)
    assert summary["count"] == 18
    assert board(session, 0)["position"] == HOUSE
    assert summary["phase"] == "won" and summary["winner"]["dog"] == "Nicky"
    assert session.is_over


def test_home_is_not_enough_while_a_disc_is_left_on_the_path():
    session = counting_game()
    place(session, 0, position=13)
    summary = play_quiet_hand(session)
    assert board(session, 0)["position"] == HOUSE and summary["winner"] is None
    assert summary["phase"] == "revealing"


def test_the_variant_checking_only_after_collecting():
    session = counting_game(winner_after_collecting_only=True)
    place(session, 0, position=13, discs=[])
    assert play_quiet_hand(session)["phase"] == "revealing"


def test_two_dogs_home_more_discs_in_the_house_wins():
    session = counting_game()
    place(session, 0, position=13, discs=[], house=1)
    place(session, 1, position=HOUSE, discs=[], house=2)
    assert play_quiet_hand(session)["winner"]["dog"] == "Moon"


def test_two_dogs_home_with_as_many_discs_play_on():
    session = counting_game()
    place(session, 0, position=13, discs=[], house=2)
    place(session, 1, position=HOUSE, discs=[], house=2)
    summary = play_quiet_hand(session)
    assert summary["winner"] is None and summary["phase"] == "revealing"


# ----- collecting ----------------------------------------------------------------------------------
def collecting_game(laid: dict[int, list[str]], centre: list[str], players: int = 2,
                    collected: dict[int, list[str]] | None = None, **options) -> Session:
    """A table at the start of Collecting: every laid-out card face up, the counted cards in the centre."""
    session = new_game(players, **options)
    state = session.state
    for index, seat in enumerate(state.seats):
        seat.laid_out = [{"face_up": True, "card": card(text)} for text in laid.get(index, [])]
        seat.has_laid_out, seat.hand, seat.played = True, 0, 5
        seat.collected = [card(text) for text in (collected or {}).get(index, [])]
    state.centre = [card(text) for text in centre]
    state.phase, state.turn = "collecting", (state.dealer + 1) % players
    return session


def collect(session: Session, seat: int, own_card: str, *taken: str, **wild_colours) -> dict:
    def entered(text: str, slot: str) -> dict:
        return {"wild": True, "colour": wild_colours[slot]} if text == "wild" else card(text)
    return do(session, "collect", seat, collector=entered(own_card, "own"),
              cards=[entered(text, f"card{index}") for index, text in enumerate(taken)])


def test_collect_three_of_one_colour_then_two_of_one_colour():
    session = collecting_game({1: ["red 5"], 0: ["blue 1"]}, ["red 7", "red 9", "blue 2", "black 3"])
    summary = collect(session, 1, "red 5", "red 7", "red 9")
    assert [c["number"] for c in summary["players"][1]["collected"]] == [5, 7, 9]
    assert summary["centre"] == [card("blue 2"), card("black 3")] and summary["turn"] == 0
    summary = collect(session, 0, "blue 1", "blue 2")
    assert summary["phase"] == "hand_over" and summary["cards_discarded"] == 1


def test_three_of_all_different_colours_and_a_set_moves_the_dog_back():
    session = collecting_game({1: ["red 5"], 0: ["blue 1"]}, ["blue 5", "black 5", "blue 4"])
    collect(session, 1, "red 5", "blue 5", "black 5")
    collect(session, 0, "blue 1", "blue 4")
    # Moon's three 5s: 3 spaces counter-clockwise from 0: dog house, 13, 12.
    assert board(session, 1)["position"] == 12
    assert board(session, 0)["position"] == 0


def test_three_cards_of_two_colours_are_refused():
    session = collecting_game({1: ["red 5"]}, ["red 7", "blue 2"])
    assert "neither" in refused(session, "collect", 1, collector=card("red 5"), cards=[card("red 7"), card("blue 2")])


def test_two_cards_are_refused_when_three_could_be_collected():
    session = collecting_game({1: ["red 5"]}, ["red 7", "blue 2", "black 3"])
    message = refused(session, "collect", 1, collector=card("red 5"), cards=[card("red 7")])
    assert "could have collected three" in message and "blue 2 and black 3" in message


def test_two_cards_must_share_a_colour():
    session = collecting_game({1: ["red 5"]}, ["blue 2"])
    assert "same colour" in refused(session, "collect", 1, collector=card("red 5"), cards=[card("blue 2")])


def test_a_card_goes_to_the_centre_only_when_nothing_can_be_collected():
    session = collecting_game({1: ["red 5", "blue 6"], 0: ["black 1", "black 2"]}, ["blue 2"])
    assert "can still collect two" in refused(session, "to_centre", 1, card=card("red 5"))
    session.state.seats[1].laid_out.pop(1)  # without the blue 6 nothing matches the centre's blue 2
    summary = do(session, "to_centre", 1, card=card("red 5"))
    assert summary["centre"] == [card("blue 2"), card("red 5")]
    assert summary["players"][1]["laid_out"] == [] and summary["turn"] == 0


def test_a_collected_wild_dog_takes_a_declared_colour():
    session = collecting_game({1: ["wild"]}, ["red 3", "blue 3"])
    assert "colour the Wild Dog" in refused(session, "collect", 1, collector={"wild": True},
                                            cards=[card("red 3"), card("blue 3")])
    summary = collect(session, 1, "wild", "red 3", "blue 3", own="black")
    assert {"wild": True, "colour": "black"} in summary["players"][1]["collected"]


@pytest.mark.parametrize("cards, colours", [
    (["wild", "red 3", "red 4"], ["red"]),                    # all one colour
    (["red 3", "wild", "blue 4"], ["black"]),                 # all different
    (["wild", "blue 4"], ["blue"]),                           # a pair is one colour
    (["wild", "wild", "blue 4"], ["blue", "red", "black"]),   # the other Wild Dog follows either way
    (["wild red", "wild", "blue 4"], ["black"]),
])
def test_a_collected_wild_dog_is_offered_the_colours_that_keep_the_collection_legal(cards, colours):
    entered = [{"wild": True, "colour": text.split()[1]} if text.startswith("wild ") else card(text)
               for text in cards]
    assert wild_dog_colours(entered) == colours


def test_collecting_with_a_card_not_laid_out_is_refused():
    session = collecting_game({1: ["red 5"]}, ["red 7", "red 9"])
    assert "no red 6 laid out" in refused(session, "collect", 1, collector=card("red 6"),
                                          cards=[card("red 7"), card("red 9")])
    assert "no red 8 left in the centre" in refused(session, "collect", 1, collector=card("red 5"),
                                                    cards=[card("red 7"), card("red 8")])


NICKY = Board("Nicky", [0], "blue")


@pytest.mark.parametrize("cards, spaces", [
    (["red 5", "blue 5"], 2),                                     # a pair: 1 per card
    (["red 5", "blue 5", "black 7", "red 7", "blue 7"], 5),       # a pair and three of a kind
    (["red 1", "red 3", "red 5", "red 7", "red 9"], 5),           # a flush of five
    (["red 1", "red 3", "red 5", "red 7"], 0),                    # four of a colour is no flush
    (["red 1", "red 3", "red 5", "red 7", "red 9", "red 11"], 6), # a flush of six
    (["wild", "red 5"], 0),                                       # one Wild Dog joins nothing
    (["red 1", "red 3", "red 5", "red 7", "wild"], 0),            # nor a flush
    (["blue 8"], 1),                                              # Nicky's own 8
    (["black 8"], 1),                                             # Pappy
    (["red 8"], 0),                                               # Moon's 8 means nothing to Nicky
    (["blue 8", "black 8"], 4),                                   # a pair of 8s, own 8 and Pappy
])
def test_collected_cards_move_the_dog_back(cards, spaces):
    entered = [{"wild": True, "colour": "red"} if text == "wild" else card(text) for text in cards]
    assert collection_moves(entered, NICKY, wild_pair=False)[0] == spaces


def test_both_wild_dogs_are_a_set_when_the_rules_count_them():
    both = [{"wild": True, "colour": "red"}, {"wild": True, "colour": "blue"}]
    assert collection_moves(both, NICKY, wild_pair=True) == (2, ["both Wild Dogs"])
    assert collection_moves(both, NICKY, wild_pair=False) == (0, [])


def test_both_wild_dogs_in_one_collection_are_a_set():
    # Sheet 003: "if a collection contains both Wild Dogs, they count as a set". Ben's Wild Dog collects
    # the other with a red 3: 2 spaces back from 0 are the dog house (no discs to stay) and 13.
    session = collecting_game({1: ["wild"]}, ["wild", "red 3"])
    summary = collect(session, 1, "wild", "wild", "red 3", own="red", card0="red")
    assert summary["phase"] == "hand_over" and board(session, 1)["position"] == 13
    assert "2 back for both Wild Dogs" in summary["last_move"]


@pytest.mark.parametrize("reading, moon_ends_on", [
    (None, 0),                  # the sheet: two collections with one Wild Dog each hold no set
    ("one_collection", 0),
    ("whole_hand", 13),         # the family's reading: both among the hand's collections, 2 back
])
def test_wild_dogs_in_two_collections_as_the_setting_reads_the_sheet(reading, moon_ends_on):
    options = {} if reading is None else {"wild_dog_pair": reading}
    session = collecting_game({1: ["wild", "wild"]}, ["red 3", "red 4", "blue 5", "blue 6"], **options)
    collect(session, 1, "wild", "red 3", "red 4", own="red")
    summary = collect(session, 1, "wild", "blue 5", "blue 6", own="blue")
    assert summary["phase"] == "hand_over" and board(session, 1)["position"] == moon_ends_on
    assert ("both Wild Dogs" in summary["last_move"]) == (moon_ends_on != 0)


def test_the_wild_dog_pair_setting_is_checked():
    with pytest.raises(BadOption, match="wild_dog_pair"):
        new_game(wild_dog_pair="any_time")


def test_moving_back_fetches_discs_passed_counter_clockwise():
    session = collecting_game({1: ["red 5"], 0: ["blue 1"]}, ["blue 5", "black 5", "blue 4"])
    place(session, 1, position=10)
    collect(session, 1, "red 5", "blue 5", "black 5")
    collect(session, 0, "blue 1", "blue 4")
    moon = board(session, 1)
    assert moon["position"] == 7 and moon["discs_in_house"] == 1 and moon["discs_on_path"] == []


def test_the_hand_result_says_each_dog_in_the_order_of_the_paths_those_that_did_not_move_too():
    session = collecting_game({1: ["red 5"], 0: ["blue 1"]}, ["blue 5", "black 5", "blue 4"])
    place(session, 1, position=10)
    collect(session, 1, "red 5", "blue 5", "black 5")
    summary = collect(session, 0, "blue 1", "blue 4")
    assert summary["hand_result"] == ["Ann (Nicky): nothing back.",
                                      "Ben (Moon): 3 back for three 5s, to space 7, fetching 1 disc."]
    assert "nothing back" not in summary["last_move"]   # the history says what moved, as before
    summary = do(session, "deal", 0)
    assert summary["hand_result"] == []


def test_the_hand_result_of_a_dog_that_could_stay_says_what_its_player_chose():
    session = collecting_game({1: ["red 5"], 0: ["blue 1"]}, ["blue 5", "black 5", "blue 4"])
    place(session, 1, position=1, house=3)
    collect(session, 1, "red 5", "blue 5", "black 5")
    summary = collect(session, 0, "blue 1", "blue 4")
    assert summary["hand_result"][1] == "Ben (Moon): 3 back for three 5s, into its dog house with 1 space to go."
    summary = do(session, "choose_stay", 1, stay=True)
    assert summary["hand_result"] == [
        "Ann (Nicky): nothing back.",
        "Ben (Moon): 3 back for three 5s, into its dog house with 1 space to go; Moon stays in the dog house "
        "for 1 disc."]


def test_a_dog_moving_back_through_its_house_may_stay_for_discs():
    session = collecting_game({1: ["red 5"], 0: ["blue 1"]}, ["blue 5", "black 5", "blue 4"])
    place(session, 1, position=1, house=3)
    collect(session, 1, "red 5", "blue 5", "black 5")     # 3 back: 0, dog house, then 1 more
    summary = collect(session, 0, "blue 1", "blue 4")
    assert summary["phase"] == "moving" and summary["waiting_for"] == [1]
    assert "no choice to make" in refused(session, "choose_stay", 0, stay=True)
    summary = do(session, "choose_stay", 1, stay=True)
    assert board(session, 1)["position"] == HOUSE and board(session, 1)["discs_in_house"] == 2
    assert summary["phase"] == "hand_over"


# Moon's collection before her last turn: three pairs (0s, 1s, 2s) and nine reds; her last three reds
# make the flush twelve: 6 + 12 = 18 spaces back.
LONG_WAY = [f"red {n}" for n in range(8)] + ["red 9", "blue 0", "blue 1", "blue 2"]


def long_way_home(house: int) -> Session:
    """Moon on 0 with `house` discs and the disc on 8 still out; 18 spaces back: the dog house at the
    1st space (17 to go), round the loop fetching the disc on 8, and the dog house again at the 16th (2 to go)."""
    session = collecting_game({1: ["red 11"], 0: ["blue 1"]}, ["red 12", "red 13", "blue 4"],
                              collected={1: LONG_WAY})
    place(session, 1, position=0, discs=[8], house=house)
    collect(session, 1, "red 11", "red 12", "red 13")
    return session


def test_a_dog_reaching_its_house_a_second_time_in_one_move_may_stay_then():
    # The sheet: "Whenever your dog reaches its dog house and you don't want it to move further, you can
    # discard one fetched disc for each space the dog would otherwise be obliged to move."
    session = long_way_home(house=1)   # 1 disc can't pay 17 the first time; with the one on 8, 2 pay 2
    summary = collect(session, 0, "blue 1", "blue 4")
    assert summary["phase"] == "moving" and summary["waiting_for"] == [1]
    moon = board(session, 1)
    assert (moon["position"], moon["discs_in_house"], moon["discs_on_path"]) == (HOUSE, 2, [])
    assert moon["choosing_whether_to_stay"]
    summary = do(session, "choose_stay", 1, stay=True)
    moon = board(session, 1)
    assert (moon["position"], moon["discs_in_house"]) == (HOUSE, 0)
    assert summary["phase"] == "won" and summary["winner"]["dog"] == "Moon"


def test_moving_on_from_the_second_visit_ends_where_the_spaces_run_out():
    session = long_way_home(house=1)
    collect(session, 0, "blue 1", "blue 4")
    summary = do(session, "choose_stay", 1, stay=False)
    moon = board(session, 1)
    assert (moon["position"], moon["discs_in_house"]) == (12, 2) and summary["phase"] == "hand_over"


def test_a_dog_that_moves_on_the_first_time_is_offered_the_choice_again():
    session = long_way_home(house=17)   # 17 discs could pay for staying the first time
    summary = collect(session, 0, "blue 1", "blue 4")
    moon = board(session, 1)
    assert summary["phase"] == "moving" and (moon["position"], moon["discs_in_house"]) == (HOUSE, 17)
    summary = do(session, "choose_stay", 1, stay=False)
    moon = board(session, 1)
    assert summary["phase"] == "moving" and summary["waiting_for"] == [1]
    assert (moon["position"], moon["discs_in_house"], moon["discs_on_path"]) == (HOUSE, 18, [])
    assert "again" in summary["last_move"]
    summary = do(session, "choose_stay", 1, stay=True)
    assert board(session, 1)["discs_in_house"] == 16 and summary["winner"]["dog"] == "Moon"


def test_a_dog_that_can_never_pay_just_moves_on():
    session = long_way_home(house=0)   # the disc on 8 alone can't pay 2
    summary = collect(session, 0, "blue 1", "blue 4")
    moon = board(session, 1)
    assert summary["phase"] == "hand_over" and (moon["position"], moon["discs_in_house"]) == (12, 1)


def test_partners_each_collect_and_move_their_shared_dog():
    session = collecting_game({1: ["red 5"], 2: ["blue 8"], 3: ["black 2"], 0: ["red 1"]},
                              ["blue 5", "black 5", "black 8", "red 8", "black 4", "red 2"],
                              players=4, partnerships=True)
    collect(session, 1, "red 5", "blue 5", "black 5")      # Ben (Moon): three 5s = 3
    collect(session, 2, "blue 8", "black 8", "red 8")      # Cleo (Nicky): three 8s = 3, blue 8 +1, Pappy +1
    collect(session, 3, "black 2", "black 4")              # Dev (Moon): nothing
    collect(session, 0, "red 1", "red 2")                  # Ann (Nicky): nothing
    assert board(session, 1)["position"] == 12             # 3 back from 0
    assert board(session, 0)["position"] == 10             # 5 back from 0


# ----- the deal ------------------------------------------------------------------------------------
def hand_over(players: int, deck_left: int) -> Session:
    session = new_game(players)
    session.state.phase, session.state.deck_left = "hand_over", deck_left
    return session


def test_the_same_dealer_deals_until_the_deck_is_used_up():
    session = hand_over(2, 54)
    assert "Ann deals the next hand" in refused(session, "deal", 1)
    summary = do(session, "deal", 0)
    assert summary["dealer"] == 0 and summary["deck_left"] == 36 and summary["hand"] == 2
    assert summary["phase"] == "laying_out"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_passes_left_when_the_deck_is_used_up(players):
    session = hand_over(players, 0)
    summary = do(session, "deal", 1)
    deal = 8 if players == 3 else 9
    assert summary["dealer"] == 1 and summary["deck_left"] == 72 - players * deal


def test_a_reshuffled_deck_has_every_card_again():
    session = hand_over(2, 0)
    session.state.seen = {"black 5": 1}
    do(session, "deal", 1)
    do(session, "lay_out", 0, face_up=[card("black 5")], face_down=3)


# ----- variants ------------------------------------------------------------------------------------
def test_discs_on_16_and_32_are_fetched_by_reaching_that_count():
    session = counting_game(count_discs=1)
    assert board(session, 1)["discs_on_counts"] == {"16": 1, "32": 1}
    play(session, 1, "red 13")
    play(session, 0, "blue 2")
    summary = play(session, 1, "black 1")       # 16
    moon = board(session, 1)
    assert moon["discs_on_counts"] == {"16": 0, "32": 1} and moon["discs_in_house"] == 1
    assert "fetched 1 disc" in summary["last_move"]


def test_discs_on_counts_must_be_fetched_to_win():
    session = counting_game(count_discs=1)
    place(session, 0, position=13, discs=[])
    summary = play_quiet_hand(session)
    assert board(session, 0)["position"] == HOUSE and summary["winner"] is None


def test_the_variant_discarding_fetched_discs():
    session = counting_game(discard_fetched_discs=True)
    place(session, 1, position=7)
    play(session, 1, "red 1")     # +2: 8 (fetch), 9
    moon = board(session, 1)
    assert moon["discs_in_house"] == 0 and moon["discs_fetched_and_discarded"] == 1
    place(session, 0, position=13)
    assert "thrown away" in refused(session, "play", 0, **card("red 0"), stay=True)


# ----- variant: laid-out cards pulled into the hand ---------------------------------------------------
# The sheet: "Players pull all laid-out cards up into their hands. (Players collecting pairs or adding
# cards to the center must prove that they could not have done otherwise.)"
def held_cards_game(held: dict[int, list[str]], centre: list[str]) -> Session:
    """Collecting in the variant: each seat holds its laid-out cards; "?" is a card the app wasn't told."""
    session = collecting_game({}, centre, laid_out_into_hand=True)
    for seat, texts in held.items():
        session.state.seats[seat].laid_out = [{"face_up": False, "card": None if text == "?" else card(text)}
                                              for text in texts]
    return session


def test_with_cards_pulled_into_the_hand_counting_leads_straight_to_collecting():
    session = counting_game(laid_out_into_hand=True)
    for number in range(5):
        play(session, 1, f"red {number}")
        play(session, 0, f"blue {number}")
    summary = session.summary()
    assert summary["phase"] == "collecting" and summary["turn"] == 1
    assert summary["laid_out_into_hand"] is True
    ben = summary["players"][1]
    assert ben["cards_held"] == 4 and ben["laid_out"] == [{"face_up": False, "card": None}] * 4
    assert summary["proof_needed"] == {"seat": 1, "cards": 3}


def test_a_held_card_collects_three_without_showing_the_rest():
    session = held_cards_game({1: ["?", "?"], 0: ["blue 1"]}, ["red 7", "red 9", "blue 2"])
    summary = collect(session, 1, "red 5", "red 7", "red 9")
    assert summary["players"][1]["cards_held"] == 1 and summary["turn"] == 0


def test_a_pair_from_the_hand_needs_the_rest_of_the_hand_shown():
    session = held_cards_game({1: ["?", "?"], 0: ["blue 1"]}, ["red 7", "blue 2"])
    pair = {"collector": card("red 5"), "cards": [card("red 7")]}
    assert "show the other card" in refused(session, "collect", 1, **pair)
    assert "1 other card" in refused(session, "collect", 1, **pair, shown=[card("blue 9"), card("blue 10")])
    message = refused(session, "collect", 1, **pair, shown=[card("black 3")])
    assert "could have collected three" in message and "black 3 with red 7 and blue 2" in message
    summary = do(session, "collect", 1, **pair, shown=[card("blue 9")])
    assert summary["players"][1]["collected"] == [card("red 5"), card("red 7")]
    assert summary["players"][1]["cards_held"] == 1 and summary["proof_needed"] == {"seat": 0, "cards": 0}


def test_a_card_to_the_centre_from_the_hand_needs_the_proof_too():
    session = held_cards_game({1: ["?", "?"], 0: ["blue 1"]}, ["red 7"])
    assert "show the other card" in refused(session, "to_centre", 1, card=card("blue 5"))
    assert "can still collect two" in refused(session, "to_centre", 1, card=card("blue 5"), shown=[card("red 2")])
    summary = do(session, "to_centre", 1, card=card("blue 5"), shown=[card("black 2")])
    assert card("blue 5") in summary["centre"]


def test_the_shown_hand_must_hold_the_cards_the_app_already_knows():
    session = held_cards_game({1: ["black 6", "?"], 0: ["blue 1"]}, ["red 7", "blue 2"])
    pair = {"collector": card("red 5"), "cards": [card("red 7")]}
    assert "black 6" in refused(session, "collect", 1, **pair, shown=[card("blue 9")])
    # Everything known already: nothing more to show, and the app checks the obligation itself.
    session = held_cards_game({1: ["red 5", "blue 9"], 0: ["blue 1"]}, ["red 7", "blue 2"])
    do(session, "collect", 1, **pair)


# ----- variant: spending fetched discs on abilities ---------------------------------------------------
# The sheet: "Spend fetched discs to gain abilities or advantages (such as those listed above)."
def test_abilities_are_off_unless_the_family_chooses_them():
    session = counting_game()
    assert "abilities" in refused(session, "use_ability", 1, ability="retoss", **{"from": 8, "to": 3})
    assert session.summary()["abilities"] is None


def test_staying_costs_the_chosen_price_per_space_with_abilities():
    session = counting_game(abilities=True, ability_costs={"stay": 2})
    assert session.summary()["abilities"]["costs"] == {"stay": 2, "step_back": 1, "retoss": 2}
    place(session, 1, position=13, house=1)
    assert "costs 2 discs and Moon has only 1" in refused(session, "play", 1, **card("red 1"), stay=True)
    place(session, 1, house=2)
    play(session, 1, "red 1", stay=True)   # one space in, one more to pay at 2 discs
    assert (board(session, 1)["position"], board(session, 1)["discs_in_house"]) == (HOUSE, 0)


def test_step_back_in_collecting_moves_the_dog_one_space_counter_clockwise():
    session = collecting_game({1: ["red 5"], 0: ["blue 1"]}, ["red 7", "red 9"], abilities=True,
                              ability_costs={"step_back": 2})
    place(session, 1, position=9, discs=[8], house=3)
    supply = session.summary()["disc_supply"]
    summary = do(session, "use_ability", 1, ability="step_back")
    moon = board(session, 1)
    assert (moon["position"], moon["discs_in_house"], moon["discs_on_path"]) == (8, 3 - 2 + 1, [])
    assert summary["disc_supply"] == supply + 2 and summary["turn"] == 1   # still Ben's turn to collect
    assert "Ann can't play now" in refused(session, "use_ability", 0, ability="step_back")
    place(session, 1, house=1)
    assert "costs 2 discs" in refused(session, "use_ability", 1, ability="step_back")
    assert "Collecting" in refused(counting_game(abilities=True), "use_ability", 1, ability="step_back")


def test_retoss_moves_a_disc_on_your_own_path():
    session = counting_game(abilities=True)
    place(session, 1, house=2)
    summary = do(session, "use_ability", 1, ability="retoss", **{"from": 8, "to": 3})
    moon = board(session, 1)
    assert moon["discs_on_path"] == [3] and moon["discs_in_house"] == 0 and summary["turn"] == 1
    place(session, 1, house=4)
    assert "no disc on space 5" in refused(session, "use_ability", 1, ability="retoss", **{"from": 5, "to": 6})
    assert "Moon is on space 0" in refused(session, "use_ability", 1, ability="retoss", **{"from": 3, "to": 0})
    assert "dog house" in refused(session, "use_ability", 1, ability="retoss", **{"from": 3, "to": 14})
    place(session, 1, discs=[3, 5])
    assert "already has one" in refused(session, "use_ability", 1, ability="retoss", **{"from": 3, "to": 5})
    assert "fly" in refused(session, "use_ability", 1, ability="fly")


@pytest.mark.parametrize("options, words", [
    ({"abilities": True, "ability_costs": {"teleport": 1}}, "teleport"),
    ({"abilities": True, "ability_costs": {"stay": 0}}, "1 or more"),
    ({"abilities": True, "ability_costs": {"retoss": 1.5}}, "1 or more"),
    ({"abilities": True, "discard_fetched_discs": True}, "thrown away"),
])
def test_ability_settings_are_checked(options, words):
    with pytest.raises(BadOption, match=words):
        new_game(2, **options)


def test_unknown_settings_are_refused():
    with pytest.raises(BadOption):
        GAME.check_options({"deck_size": 60})
    with pytest.raises(BadOption):
        new_game(2, laid_out_face="sideways")
    with pytest.raises(BadOption):
        new_game(2, eights={"Nicky": "black"})
    with pytest.raises(BadOption):
        new_game(2, eights={"Rex": "blue"})


# ----- the example game in seeds/examples -----------------------------------------------------------
# Worked by hand from the rules (Ann = seat 0 plays Nicky, blue 8; Ben = seat 1 plays Moon, red 8;
# Ann deals, so Ben leads; 20 discs, one on each 8, leaving 18 in the supply).
# Hand 1, Counting:
#   Ben blue 1 -> 1: +2 (reach 1)                          Moon 0 -> 2
#   Ann blue 1 -> 2: +2 (reach 2) +2 (same number+colour)   Nicky 0 -> 4
#   Ben red 2 -> 4: +2                                      Moon 2 -> 4
#   Ann red 4 -> 8: +2, +1 red                              Nicky 4 -> 7
#   Ben red 8 (Moon) -> 16: +2, +1 red, +1 own 8            Moon 4 -> 8, fetches the disc on 8 (house 1)
#   Ann red 0 -> 16: +2, +1 red                             Nicky 7 -> 10, passes 8 and fetches it (house 1)
#   Ben red 13 -> 29: +1 red                                Moon 8 -> 9
#   Ann black 3 -> 32: +2                                   Nicky 10 -> 12
#   Ben: That's Ruff! (count 32, his only face-up card is a 12): a disc on Moon's 3 (supply 17); count 0
#   Ben blue 5 -> 5: nothing to match after the reset       Moon 9
#   Ann red 10 from her face-up cards -> 15: no move        Nicky 12
# Nobody is home. Collecting (Ben first): Ben red 11+red 13+red 10, Ann blue 11+blue 1+blue 1,
#   Ben black 7+red 8+blue 5, Ann red 6+red 2+red 4, Ben blue 12+red 0+black 3, Ann puts black 1 in
#   the centre, Ben puts blue 9 in, Ann collects black 12+black 1 (two: three were impossible).
#   Ben: five reds (11, 13, 10, 8, 0) is a flush +5, Moon's red 8 +1 = 6 back: 9 -> 3, fetching the disc
#   on 3 (house 2). Ann: three 1s = 3 back: Nicky 12 -> 9.
# Hand 2 (Ann deals again: 54 -> 36 cards left), Counting:
#   Ben black 6 -> 6: -;  Ann blue 2 -> 8: +2 (Nicky 11);  Ben red 3 -> 11: -;
#   Ann red 9 -> 20: +1 red (Nicky 12);  Ben black 9 -> 29: +1 for the 9 (Moon 4);
#   Ann black 0 -> 29: +1 black (Nicky 13);  Ben blue 0 -> 29: +1 for the 0 (Moon 5);
#   Ann red 2 -> 31: -;  Ben red 1 -> 32: +2, +1 red (Moon 8);
#   Ann Wild Dog as black 0 -> 32: +2: one step into the dog house and she pays 1 disc to stay.
# Nicky is home with no discs left on her path: Ann wins. Discs: supply 18, Moon's house 2, Nicky's 0.
EXAMPLE = EXAMPLES / "thats_ruff.json"


def test_the_example_game_replays_to_anns_win():
    summary = replay_example("thats_ruff")
    assert summary["over"] and summary["phase"] == "won"
    assert summary["winner"]["names"] == ["Ann"] and summary["winner"]["dog"] == "Nicky"
    nicky, moon = summary["boards"]
    assert (nicky["position"], nicky["discs_in_house"], nicky["discs_on_path"]) == (14, 0, [])
    assert (moon["position"], moon["discs_in_house"], moon["discs_on_path"]) == (8, 2, [])
    assert summary["disc_supply"] == 18 and summary["count"] == 32
    assert (summary["hand"], summary["dealer"], summary["deck_left"]) == (2, 0, 36)


def test_the_example_game_after_its_first_hand():
    document = json.loads(EXAMPLE.read_text())
    session = Session(GAME, table_of(2), document["options"])
    first_hand = document["actions"][:document["actions"].index({"type": "deal", "player": 0})]
    for doc in first_hand:
        session.perform(Action.from_json(doc))
    summary = session.summary()
    assert summary["phase"] == "hand_over" and summary["cards_discarded"] == 1
    nicky, moon = summary["boards"]
    assert (nicky["position"], nicky["discs_in_house"]) == (9, 1)
    assert (moon["position"], moon["discs_in_house"]) == (3, 2)
    assert summary["disc_supply"] == 17


@pytest.mark.parametrize("seed", [3, 8])
def test_the_short_account_leaves_out_only_what_the_counting_table_shows_beside_it(seed):
    """Beside the count and whose turn it is, a card's account is the full one without the count, and
    "That's Ruff!"'s without the count going back to 0 and who plays on; every other account is whole."""
    import random
    import re

    rng = random.Random(seed)
    session = new_game(4)
    names = [player.name for player in session.players]
    shortened = set()
    while not session.is_over and len(session.actions) < 800:
        session.perform(rng.choice(GAME.legal_actions(session.state, rng)))
        summary = session.summary()
        full, short = summary["last_move"], summary["last_move_short"]
        if short == full:
            continue
        card = re.fullmatch(r"count \d+; (.*)", full)
        if card:
            assert card.group(1) == short
            shortened.add("card")
        else:
            assert full.startswith(f"{short.rstrip('.')}; the count goes back to 0 and ") and full.endswith(" plays on.")
            shortened.add("That's Ruff!")
        assert not any(name in short for name in names)
    assert shortened == {"card", "That's Ruff!"}


def test_a_card_that_earns_no_move_says_where_the_dog_stays_in_words_that_read_right():
    session = counting_game()
    place(session, 1, position=HOUSE)
    assert play(session, 1, "red 3")["last_move"] == "count 3; Moon stays in the dog house"
    place(session, 0, position=5)
    assert play(session, 0, "blue 10")["last_move"] == "count 13; Nicky stays on space 5"


def test_an_eight_bonus_met_twice_says_twice():
    blue_eights = [card("blue 8 Nicky"), card("blue 8 Nicky")]
    assert collection_moves(blue_eights, NICKY, wild_pair=False) == (4, ["a pair of 8s", "Nicky's own 8 twice"])
