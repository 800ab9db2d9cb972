"""What the summary says a pad may offer (whom a Dog House may send in, whom a Fire Hydrant may swap
with, how far the dog-house draws, the breed cards put down and the action cards flipped past may go,
the deck's colours and numbers) is what the rules then take: each offer is accepted, and one step past
it is refused. Checked by hand on set positions and at every step of random evenings."""

from __future__ import annotations

import random

import pytest

from companion.actions import Action
from companion.games.nuts_about_mutts import GAME
from companion.playthrough import table_of
from companion.session import Session

ANN, BEN, CLEO, DEV = range(4)


def started(players: int = 4, **options) -> Session:
    session = Session(GAME, table_of(players), {"dealer": 0, **options})
    session.perform(Action("play", BEN, {"colour": "red", "number": 5}))
    return session


def allows(session: Session, type_: str, player: int | None = None, **fields) -> bool:
    return GAME.allows(session.state, Action(type_, player, fields))


def test_the_deck_colours_and_numbers_are_the_editions():
    summary = started().summary()
    assert summary["colours"] == ["red", "blue", "green"] and summary["numbers"] == 13
    later = Session(GAME, table_of(3), {"edition": "later_84"}).summary()
    assert later["numbers"] == 14


def test_a_dog_house_may_send_in_anyone_not_in_already():
    session = started()
    session.perform(Action("play", CLEO, {"card": "dog_house", "colour": "red", "target": ANN}))
    offered = session.summary()["choices"]["dog_house_targets"]
    assert offered == [BEN, CLEO, DEV]   # Dev, to play, may send in himself too
    for seat in range(4):
        assert allows(session, "play", DEV, card="dog_house", colour="red", target=seat) == (seat in offered)


def test_a_fire_hydrant_swaps_with_anyone_but_its_player():
    session = started()
    offered = session.summary()["choices"]["swap_targets"]
    assert offered == [ANN, BEN, DEV]
    for seat in range(4):
        assert allows(session, "play", CLEO, card="fire_hydrant", colour="red", swap_with=seat) == (seat in offered)


def short_pile(cards: int) -> Session:
    """Three players, a draw pile of `cards` and plenty on the home pile under its top card."""
    session = started(3)
    for _ in range(6):
        session.perform(Action("play", session.summary()["turn"], {}))
    while session.summary()["draw_pile"] > cards:
        session.perform(Action("draw", session.summary()["turn"]))
    return session


@pytest.mark.parametrize("cards", [0, 2, 30])
def test_the_dog_house_draws_go_as_far_as_every_card_a_draw_could_reach(cards):
    session = short_pile(cards)
    turn = session.summary()["turn"]
    victim = (turn + 1) % 3
    session.perform(Action("play", turn, {"card": "dog_house", "colour": "red", "target": victim}))
    summary = session.summary()
    choices = summary["choices"]
    reach = summary["draw_pile"] + summary["home_pile"] - 1
    assert choices["most_drawn"] == reach - 1 and choices["pile_runs_out_at"] == summary["draw_pile"] == cards
    assert allows(session, "dog_house_turn", victim, drawn=choices["most_drawn"], colour="red")
    assert not allows(session, "dog_house_turn", victim, drawn=choices["most_drawn"] + 1, colour="red")
    # The pile runs out: the turn may end with nothing played, and the home pile is reshuffled.
    assert allows(session, "dog_house_turn", victim, drawn=choices["pile_runs_out_at"], played=False)
    if cards:
        assert not allows(session, "dog_house_turn", victim, drawn=choices["pile_runs_out_at"] - 1, played=False)


def test_a_pedigree_step_puts_down_at_most_the_whole_hand():
    session = started()
    session.perform(Action("play", CLEO, {"card": "pedigree", "colour": "red"}))
    most = session.summary()["choices"]["most_put_down"]
    assert most == session.summary()["hand_sizes"][DEV] == 7
    assert allows(session, "pedigree_play", DEV, count=most)
    assert not allows(session, "pedigree_play", DEV, count=most + 1)


def test_the_flipped_first_card_leaves_at_least_the_dog_in_the_draw_pile():
    session = Session(GAME, table_of(3), {"edition": "later_84"})
    most = session.summary()["choices"]["most_flipped_past"]
    assert most == session.summary()["draw_pile"] - 1
    assert allows(session, "flip", wilds_flipped=most)
    assert not allows(session, "flip", wilds_flipped=most + 1)


@pytest.mark.parametrize("seed", range(12))
def test_at_every_step_of_random_evenings_the_offers_are_what_the_rules_take(seed):
    rng = random.Random(seed)
    players = rng.randint(3, 6)
    edition = "later_84" if seed % 3 == 0 else "classic_109"
    session = Session(GAME, table_of(players), {"edition": edition, "hands": 2, "advanced": seed % 2 == 0})
    for _ in range(400):
        if session.is_over:
            break
        summary, state = session.summary(), session.state
        choices = summary["choices"]
        waiting = summary["to_act"]
        seat = waiting["seat"]
        # A last card ends the hand before a wild does anything, so it names anyone.
        if waiting["kind"] == "turn" and summary["hand_sizes"][seat] > 1:
            follow = summary["colour_to_follow"] or "red"
            for other in range(players):
                assert allows(session, "play", seat, card="dog_house", colour=follow,
                              target=other) == (other in choices["dog_house_targets"])
                assert allows(session, "play", seat, card="fire_hydrant", colour=follow,
                              swap_with=other) == (other in choices["swap_targets"])
        elif waiting["kind"] == "dog_house_turn":
            reach = state.draw_pile + max(0, state.home_pile - 1)
            assert choices["most_drawn"] == max(0, reach - 1, state.draw_pile)
            assert allows(session, "dog_house_turn", seat, drawn=choices["pile_runs_out_at"], played=False)
            if reach:
                assert allows(session, "dog_house_turn", seat, drawn=reach - 1)
            assert not allows(session, "dog_house_turn", seat, drawn=reach)
        elif waiting["kind"] == "pedigree_step":
            assert allows(session, "pedigree_play", seat, count=choices["most_put_down"])
            assert not allows(session, "pedigree_play", seat, count=choices["most_put_down"] + 1)
        elif waiting["kind"] == "flip_first_card":
            assert allows(session, "flip", wilds_flipped=choices["most_flipped_past"])
            assert not allows(session, "flip", wilds_flipped=choices["most_flipped_past"] + 1)
        session.perform(rng.choice(GAME.legal_actions(state, rng)))
