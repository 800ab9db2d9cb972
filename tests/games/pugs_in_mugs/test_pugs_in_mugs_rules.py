"""Pugs in Mugs rules as the family would see them, written from the rule sheet and the rule card."""

import copy
import itertools

import pytest
from examples_support import replay_example

from companion.actions import Action
from companion.errors import BadOption, IllegalAction
from companion.games.pugs_in_mugs import GAME
from companion.playthrough import table_of
from companion.session import Session

SMALL_DECK = {"pugs_per_colour": 3, "surprise_cards": 0, "gimme_cards": 0, "dig_cards": 0}  # 15 cards


def new_session(players=2, **options):
    return Session(GAME, table_of(players), options)


def do(session, type_, player, **args):
    return session.perform(Action(type_, player, args))


def refused(session, type_, player, **args):
    before = copy.deepcopy(session.state)
    with pytest.raises(IllegalAction) as error:
        session.perform(Action(type_, player, args))
    assert session.state == before
    return str(error.value)


def seat(session, number):
    return session.summary()["players"][number]


def draw_twice(session, player, discards=()):
    do(session, "draw", player)
    do(session, "draw", player)
    do(session, "end_turn", player, discards=list(discards))


def hand_of(session, player):
    return seat(session, player)["hand"]


# ----- set-up ---------------------------------------------------------------------------------
def test_setup_deals_two_each_and_the_family_picks_the_first_player():
    session = new_session(3, dealer=1)
    summary = session.summary()
    assert [p["hand"] for p in summary["players"]] == [2, 2, 2]
    assert summary["deck"] == 62 - 6
    assert summary["discard_total"] == 0
    assert summary["turn"] == 1 and summary["actions_left"] == 2
    assert summary["mug_supply"] == {"red": 5, "blue": 5, "yellow": 5, "green": 5, "purple": 5}


def test_every_colour_comes_with_its_own_pattern():
    colours = new_session().summary()["colours"]
    assert len(colours) == 5
    assert len({c["pattern"] for c in colours}) == 5
    assert {"colour": "red", "pattern": "stripes"} in colours


def test_two_to_five_players():
    with pytest.raises(BadOption):
        new_session(6)
    new_session(5)


def test_deck_too_small_for_the_table_is_refused():
    with pytest.raises(BadOption) as error:
        new_session(4, **SMALL_DECK)  # 15 cards; four players need 23
    assert "at least 23" in str(error.value)
    with pytest.raises(BadOption):
        new_session(2, dig_cards=-1)


# ----- turn structure -------------------------------------------------------------------------
def test_only_the_active_player_acts():
    session = new_session(2)
    assert "it is Ann's turn" in refused(session, "draw", 1)


def test_two_actions_then_the_turn_must_end():
    session = new_session(2)
    assert "2 actions" in refused(session, "end_turn", 0)
    do(session, "draw", 0)
    assert session.summary()["actions_left"] == 1
    do(session, "draw", 0)
    assert hand_of(session, 0) == 4 and session.summary()["deck"] == 62 - 4 - 2
    assert "used both actions" in refused(session, "draw", 0)
    assert session.summary()["can_end_turn"]
    do(session, "end_turn", 0)
    assert session.summary()["turn"] == 1 and session.summary()["actions_left"] == 2


def test_end_of_turn_discards_down_to_five_and_the_app_knows_how_many():
    session = new_session(2)
    draw_twice(session, 0)        # Ann 4
    draw_twice(session, 1)        # Ben 4
    do(session, "draw", 0)
    do(session, "draw", 0)        # Ann 6
    assert seat(session, 0)["must_discard"] == 1
    assert "exactly 1" in refused(session, "end_turn", 0)
    assert "exactly 1" in refused(session, "end_turn", 0, discards=["red", "blue"])
    do(session, "end_turn", 0, discards=["dig"])
    assert hand_of(session, 0) == 5
    assert session.summary()["discard"]["dig"] == 1


def test_no_discard_when_holding_five_or_fewer():
    session = new_session(2)
    do(session, "draw", 0)
    do(session, "draw", 0)
    assert "discards nothing" in refused(session, "end_turn", 0, discards=["red"])


def test_discards_must_be_real_cards():
    session = new_session(2)
    for player in (0, 1):
        draw_twice(session, player)
    do(session, "draw", 0)
    do(session, "draw", 0)
    assert "not a card" in refused(session, "end_turn", 0, discards=["pink"])


# ----- drawing and the reshuffle --------------------------------------------------------------
def test_empty_deck_is_refilled_from_the_discard_pile_on_the_next_draw():
    session = new_session(2, **SMALL_DECK)      # 15 cards, 11 in the deck after the deal
    draw_twice(session, 0)                      # Ann 4, deck 9
    draw_twice(session, 1)                      # Ben 4, deck 7
    draw_twice(session, 0, ["red"])             # Ann 6 -> 5, deck 5, discard 1
    draw_twice(session, 1, ["blue"])            # Ben 6 -> 5, deck 3, discard 2
    draw_twice(session, 0, ["red", "green"])    # Ann 7 -> 5, deck 1, discard 4
    do(session, "draw", 1)                      # deck 0
    assert session.summary()["deck"] == 0
    do(session, "draw", 1)                      # the four discards become the deck; Ben draws one
    summary = session.summary()
    assert summary["deck"] == 3 and summary["discard_total"] == 0 and summary["reshuffles"] == 1
    assert hand_of(session, 1) == 7
    assert "shuffled the discard pile" in session.history()[-1].text


# ----- exchanging Pugs for a Mug --------------------------------------------------------------
def test_three_pugs_of_a_colour_make_a_mug_and_go_to_the_discard_pile():
    session = new_session(2)
    do(session, "draw", 0)                      # Ann 3
    do(session, "exchange", 0, colour="yellow")
    ann = seat(session, 0)
    assert ann["mugs"] == ["yellow"] and ann["hand"] == 0
    summary = session.summary()
    assert summary["discard"]["yellow"] == 3
    assert summary["mug_supply"]["yellow"] == 4
    assert summary["actions_left"] == 0


def test_exchange_needs_three_cards_in_hand():
    session = new_session(2)
    assert "holds only 2 cards" in refused(session, "exchange", 0, colour="red")


def test_never_a_second_mug_of_one_colour():
    session = new_session(2)
    do(session, "draw", 0)                      # Ann 3
    do(session, "exchange", 0, colour="red")    # Ann 0
    do(session, "end_turn", 0)
    draw_twice(session, 1)                      # Ben 4
    draw_twice(session, 0)                      # Ann 2
    draw_twice(session, 1, ["blue"])            # Ben 6 -> 5
    do(session, "draw", 0)                      # Ann 3
    assert "already has a red (stripes) Mug" in refused(session, "exchange", 0, colour="red")
    do(session, "exchange", 0, colour="blue")   # another colour is fine
    assert seat(session, 0)["mugs"] == ["red", "blue"]


def test_exchange_refused_once_every_card_of_the_colour_is_discarded():
    session = new_session(2, **SMALL_DECK)      # only three red cards exist
    do(session, "draw", 0)
    do(session, "exchange", 0, colour="red")
    do(session, "end_turn", 0)
    do(session, "draw", 1)
    assert "Only 3 red (stripes) cards exist" in refused(session, "exchange", 1, colour="red")


def test_exchange_refused_when_the_mug_supply_runs_out():
    session = new_session(2, mugs_per_colour=1)
    do(session, "draw", 0)
    do(session, "exchange", 0, colour="red")
    do(session, "end_turn", 0)
    do(session, "draw", 1)
    assert "no red (stripes) Mugs left" in refused(session, "exchange", 1, colour="red")


def collect(session, player, other, colours):
    """Ann exchanges one colour every two turns while Ben only draws, discarding Mischief cards."""
    spare = itertools.cycle(["surprise", "gimme", "dig", "red", "blue", "yellow", "green", "purple"])

    def ben_turn():
        draw_twice(session, other, [next(spare) for _ in range(max(0, hand_of(session, other) + 2 - 5))])

    for colour in colours:
        do(session, "draw", player)
        do(session, "draw", player)                     # 2 -> 4
        do(session, "end_turn", player)
        ben_turn()
        do(session, "draw", player)                     # 5
        do(session, "exchange", player, colour=colour)  # 2
        if session.is_over:
            return
        do(session, "end_turn", player)
        ben_turn()


def test_the_fifth_colour_wins_at_once():
    session = new_session(2)
    collect(session, 0, 1, ["red", "blue", "yellow", "green"])
    assert not session.is_over
    collect(session, 0, 1, ["purple"])
    summary = session.summary()
    assert session.is_over
    assert summary["winner"] == 0 and summary["winner_name"] == "Ann" and summary["winners"] == [0]
    assert summary["players"][0]["mug_count"] == 5
    assert summary["turn"] is None
    assert "wins" in session.history()[-1].text
    assert "game is over" in refused(session, "end_turn", 0)


# ----- stealing -------------------------------------------------------------------------------
def ready_to_steal():
    """Ben holds a red Mug; Ann holds five cards with both actions left."""
    session = new_session(2, dealer=1)
    do(session, "draw", 1)
    do(session, "exchange", 1, colour="red")
    do(session, "end_turn", 1)
    draw_twice(session, 0)                      # Ann 4
    draw_twice(session, 1)                      # Ben 2
    return session


def test_steal_takes_a_mug_for_one_pug_of_each_colour():
    session = ready_to_steal()
    do(session, "draw", 0)                      # Ann 5
    do(session, "steal", 0, target=1, colour="red")
    summary = session.summary()
    assert summary["players"][0]["mugs"] == ["red"] and summary["players"][1]["mugs"] == []
    assert summary["players"][0]["hand"] == 0
    assert summary["discard"]["red"] == 3 + 1
    assert all(summary["discard"][colour] == 1 for colour in ("blue", "yellow", "green", "purple"))
    assert summary["mug_supply"]["red"] == 4    # the Mug changed hands; the supply is untouched


def test_steal_needs_five_cards():
    session = ready_to_steal()
    assert "holds only 4 cards" in refused(session, "steal", 0, target=1, colour="red")


def test_cannot_steal_a_mug_the_victim_does_not_have():
    session = ready_to_steal()
    do(session, "draw", 0)
    assert "Ben has no blue (spots) Mug" in refused(session, "steal", 0, target=1, colour="blue")


def test_cannot_steal_a_colour_already_owned():
    session = ready_to_steal()
    do(session, "draw", 0)                      # Ann 5
    do(session, "exchange", 0, colour="red")    # Ann 2, with her own red Mug
    do(session, "end_turn", 0)
    draw_twice(session, 1)                      # Ben 4
    draw_twice(session, 0)                      # Ann 4
    draw_twice(session, 1, ["green"])           # Ben 6 -> 5
    do(session, "draw", 0)                      # Ann 5
    assert "already has a red (stripes) Mug" in refused(session, "steal", 0, target=1, colour="red")


def test_a_steal_can_never_be_the_winning_mug():
    session = ready_to_steal()
    state = copy.deepcopy(session.state)
    state.mugs[0] = ["blue", "yellow", "green", "purple"]
    state.hands[0] = 5
    state.deck -= 1
    with pytest.raises(IllegalAction) as error:
        GAME.apply(copy.deepcopy(state), Action("steal", 0, {"target": 1, "colour": "red"}))
    assert "can't win the game" in str(error.value)


def test_cannot_steal_from_yourself():
    session = ready_to_steal()
    do(session, "draw", 0)
    assert "themselves" in refused(session, "steal", 0, target=0, colour="red")


# ----- Mischief cards -------------------------------------------------------------------------
def test_surprise_makes_the_target_discard_and_uses_no_action():
    session = new_session(3)
    do(session, "surprise", 0, target=2, card="green")
    summary = session.summary()
    assert summary["actions_left"] == 2 and summary["actions_this_turn"] == []
    assert [p["hand"] for p in summary["players"]] == [1, 2, 1]
    assert summary["discard"]["surprise"] == 1 and summary["discard"]["green"] == 1
    assert "Cleo discarded a green (zigzags) card" in session.history()[-1].text


def test_surprise_on_an_empty_hand_is_refused():
    session = new_session(3)
    do(session, "surprise", 0, target=1, card="red")
    do(session, "surprise", 0, target=1, card="red")   # Ann 0, Ben 0
    assert "Ben has no cards to discard" in refused(session, "surprise", 0, target=1, card="red")
    assert "holds no cards" in refused(session, "surprise", 0, target=2, card="red")


def test_a_deck_without_surprises_refuses_one():
    session = new_session(2, surprise_cards=0)
    assert "Only 0 Surprise cards exist" in refused(session, "surprise", 0, target=1, card="red")


def test_gimme_moves_a_card_when_the_target_has_it():
    session = new_session(2)
    do(session, "gimme", 0, target=1, named="blue", handed_over=True)
    summary = session.summary()
    assert [p["hand"] for p in summary["players"]] == [2, 1]
    assert summary["discard"]["gimme"] == 1 and summary["actions_left"] == 1
    assert "Ben handed over a blue (spots) card" in session.history()[-1].text


def test_gimme_with_nothing_handed_over_still_costs_the_card_and_the_action():
    session = new_session(2)
    do(session, "gimme", 0, target=1, named="dig", handed_over=False)
    summary = session.summary()
    assert [p["hand"] for p in summary["players"]] == [1, 2]
    assert summary["actions_left"] == 1
    assert "had none" in session.history()[-1].text


def test_gimme_must_say_whether_a_card_was_handed_over():
    session = new_session(2)
    assert "handed_over" in refused(session, "gimme", 0, target=1, named="red")
    assert "must be one of" in refused(session, "gimme", 0, target=1, named="pink", handed_over=True)


def test_dig_takes_a_named_card_back_from_the_discard_pile():
    session = new_session(2)
    do(session, "draw", 0)
    do(session, "exchange", 0, colour="blue")   # three blue on the discard pile
    do(session, "end_turn", 0)
    do(session, "draw", 1)
    assert "no red (stripes) card in the discard pile" in refused(session, "dig", 1, card="red")
    do(session, "dig", 1, card="blue")
    summary = session.summary()
    assert summary["discard"]["blue"] == 2 and summary["discard"]["dig"] == 1
    assert hand_of(session, 1) == 3 and summary["actions_left"] == 0


def test_dig_cannot_dig_itself_up():
    session = new_session(2)
    assert "no Dig card in the discard pile" in refused(session, "dig", 0, card="dig")


# ----- history and the example game -----------------------------------------------------------
def test_history_names_players_colours_and_patterns():
    session = new_session(2)
    do(session, "draw", 0)
    do(session, "exchange", 0, colour="purple")
    lines = [line.text for line in session.history()]
    assert lines == ["Ann drew a card", "Ann swapped three purple (checks) Pugs for a purple (checks) Mug"]


def test_example_log_replays_to_anns_win():
    # Worked by hand from seeds/examples/pugs_in_mugs.json (2 players, default 62-card deck, 58 left after
    # dealing two each). Turns T1..T25, Ann on odd turns:
    #   Ann: exchanges red (T3), loses it to Ben's steal (T6), exchanges blue (T7), yellow (T11),
    #        is Surprised out of a red card (T12), Digs a red back and Gimmes a red from Ben (T15),
    #        exchanges red (T17), green (T21) and purple (T25): five colours, she wins on T25.
    #   Ben: steals Ann's red (T6), exchanges green (T10); he keeps both Mugs.
    #   Draws: Ann 2+1+2+1+2+1+2+0+1+2+1+2+1 = 18, Ben 2+2+1+2+1+2+2+2+2+2+2+2 = 22 -> deck 58 - 40 = 18.
    #   Hands: Ann ends 4 - 3 = 1 after the last exchange; Ben 7 - 2 = 5 after his T24 discards.
    #   Discard pile: red 3+1+1-1+3 = 7, blue 1+3+2 = 6, yellow 1+1+3+2 = 7, green 1+3+3 = 7,
    #   purple 1+2+3 = 6, Surprise 2, Gimme 1, Dig 2 -> 38; and 18 + 38 + 1 + 5 = 62 cards.
    #   Mug supply: red and green 5 - 2 = 3 (Ann and Ben hold one), the other colours 4.
    summary = replay_example("pugs_in_mugs")
    assert summary["over"] is True
    assert summary["winner_name"] == "Ann" and summary["winners"] == [0]
    assert summary["players"][0]["mugs"] == ["red", "blue", "yellow", "green", "purple"]
    assert summary["players"][1]["mugs"] == ["red", "green"]
    assert [p["hand"] for p in summary["players"]] == [1, 5]
    assert summary["deck"] == 18
    assert summary["discard"] == {"red": 7, "blue": 6, "yellow": 7, "green": 7, "purple": 6,
                                  "surprise": 2, "gimme": 1, "dig": 2}
    assert summary["reshuffles"] == 0
    assert summary["mug_supply"] == {"red": 3, "blue": 4, "yellow": 4, "green": 3, "purple": 4}


def test_refusals_say_one_card_in_the_singular():
    session = new_session(2, dig_cards=1)
    do(session, "surprise", 0, target=1, card="dig")   # each holds one card; the only Dig is discarded
    assert "Ann holds only 1 card." in refused(session, "exchange", 0, colour="red")
    assert "The only Dig card is on the discard pile" in refused(session, "surprise", 0, target=1, card="dig")
    do(session, "draw", 0)
    do(session, "gimme", 0, target=1, named="red", handed_over=False)   # Ann is back to one card
    assert "Ann holds 1 card, so discards nothing" in refused(session, "end_turn", 0, discards=["red"])
    session = new_session(2, surprise_cards=1)
    do(session, "surprise", 0, target=1, card="red")
    assert "Only 1 Surprise card exists and 1 is already discarded" in refused(session, "surprise", 0, target=1,
                                                                            card="red")


def test_an_exchange_from_too_few_cards_names_no_colour_the_player_did_not_choose():
    from companion.games.pugs_in_mugs.choices import refusal

    session = new_session(2)
    do(session, "surprise", 0, target=1, card="red")   # Ann holds one card
    said = "A Mug takes three Pugs of one colour, and Ann holds only 1 card."
    assert refusal(session.state, "exchange", 0) == said   # the greyed Exchange button, nothing chosen yet
    assert refused(session, "exchange", 0, colour="purple") == said
