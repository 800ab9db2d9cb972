"""Play again: who begins the next game of the same table, as each game's rules pass it on. Nuts about
Mutts' players take turns being first, going on round the table from the evening's last hand; That's
Ruff!'s deal passes to the left of the last dealer; in Mix-the-Mutts the youngest goes first every
game; in Nut and Pugs in Mugs, where the family picks the seat, the turn to begin passes to the left."""

import random

import pytest

from companion.playthrough import table_of
from companion.registry import load_game
from companion.session import Session


def finished(key: str, seats: int, options: dict, seed: int) -> Session:
    session = Session(load_game(key), table_of(seats), options)
    rng = random.Random(seed)
    while not session.is_over:
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
    return session


def next_first_seat(session: Session) -> int:
    return session.game.first_seat_next_game(session.state, session.options, len(session.players))


@pytest.mark.parametrize("hands", [1, 2, 3])
def test_nuts_about_mutts_goes_on_round_the_table_from_the_evenings_last_hand(hands):
    session = finished("nuts_about_mutts", 3, {"dealer": 1, "hands": hands}, seed=hands)
    dealt = [hand["dealer"] for hand in session.summary()["scores"]["hands"]]
    assert dealt == [(1 + hand) % 3 for hand in range(hands)]
    # Three hands at three seats: everyone has dealt once, so the first dealer deals again.
    assert next_first_seat(session) == (dealt[-1] + 1) % 3 == (1 + hands) % 3


def test_thats_ruff_passes_the_deal_to_the_left_of_the_last_dealer():
    session = finished("thats_ruff", 3, {"dealer": 2}, seed=5)
    last_dealer = session.summary()["dealer"]
    assert next_first_seat(session) == (last_dealer + 1) % 3


def test_mix_the_mutts_lets_the_youngest_go_first_again():
    session = finished("mix_the_mutts", 4, {"dealer": 3}, seed=2)
    assert next_first_seat(session) == 3


@pytest.mark.parametrize("key, seats", [("nut", 3), ("pugs_in_mugs", 5)])
def test_where_the_family_picks_the_seat_the_turn_to_begin_passes_left(key, seats):
    session = finished(key, seats, {"dealer": seats - 1}, seed=1)
    assert next_first_seat(session) == 0
