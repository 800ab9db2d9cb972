"""What the That's Ruff! pads ask of the core rather than working out themselves: how many cards to lay
out, whether staying in the dog house is to be asked on a card (and at what price), which dogs an 8 of each colour may
show, and which collecting step the rules leave. Each fact is checked against what the rules then
accept, so a pad offering it never offers what a tap would have refused."""

from __future__ import annotations

import copy
import random

import pytest

from companion.actions import Action
from companion.errors import IllegalAction
from companion.games.thats_ruff import GAME
from companion.games.thats_ruff.counting import stay_offer
from companion.games.thats_ruff.state import COLOURS, HIGHEST, HOUSE, LOWEST, Phase, RuffState
from companion.playthrough import table_of
from companion.session import Session


def accepted(state: RuffState, action: Action) -> bool:
    try:
        GAME.apply(copy.deepcopy(state), action)
    except IllegalAction:
        return False
    return True


def every_card() -> list[dict]:
    cards: list[dict] = [{"number": number, "colour": colour} for colour in COLOURS
                         for number in range(LOWEST, HIGHEST + 1)]
    eights = [{"number": 8, "colour": colour, "dog": dog} for colour, dog in
              (("blue", "Nicky"), ("blue", "Sage"), ("red", "Moon"), ("red", "Lady"))]
    return cards + eights


def fresh_deck(state: RuffState) -> RuffState:
    """The same table with every card still in the deck (which cards are left is the play's own
    question, asked when the card is entered)."""
    fresh = copy.deepcopy(state)
    fresh.seen, fresh.eights_seen = {}, []
    return fresh


def random_states(seed: int, players: int, phase: Phase, **options) -> list[RuffState]:
    """The states of a random game that are in `phase`, the dogs now and then moved near their houses
    with a few discs kept, so staying is sometimes within reach and sometimes not."""
    rng = random.Random(seed)
    session = Session(GAME, table_of(players), options)
    found = []
    while not session.is_over and len(found) < 40:
        state = session.state
        if state.phase == phase:
            moved = copy.deepcopy(state)
            board = moved.boards[moved.seats[moved.turn].board] if moved.turn is not None else None
            if board is not None and rng.random() < 0.7:
                board.position = rng.choice([7, 9, 10, 11, 12, 13, HOUSE])
                board.house = rng.choice([0, 0, 1, 3])
                board.path_discs = [space for space in board.path_discs if space != board.position]
            found.append(moved)
        session.perform(rng.choice(GAME.legal_actions(session.state, rng)))
    return found


@pytest.mark.parametrize("seed, players, options", [
    (1, 2, {}), (2, 3, {}), (3, 4, {}), (4, 2, {"discard_fetched_discs": True}),
    (5, 2, {"abilities": True, "ability_costs": {"stay": 2}}), (6, 3, {"count_discs": 1})])
def test_staying_is_asked_exactly_when_the_card_entered_could_stay_and_at_its_price(seed, players, options):
    states = random_states(seed, players, Phase.COUNTING, **options)
    assert states
    asked = 0
    for state in states:
        fresh = fresh_deck(state)
        assert state.turn is not None
        for card in every_card():
            offer = stay_offer(state, card)
            staying = Action("play", state.turn, {**card, "stay": True})
            assert (offer is not None) == accepted(fresh, staying), (card, offer)
            if offer is None:
                continue
            asked += 1
            board = state.seats[state.turn].board
            stayed, moved = GAME.apply(copy.deepcopy(fresh), staying), GAME.apply(
                copy.deepcopy(fresh), Action("play", state.turn, dict(card)))
            assert stayed.boards[board].position == HOUSE
            assert stayed.supply - fresh.supply == offer.cost   # spent discs go back to the supply
            assert moved.boards[board].position == offer.moves_on_to
            assert offer.discs >= offer.cost
    assert bool(asked) != bool(options.get("discard_fetched_discs"))


def test_staying_is_never_asked_outside_counting():
    session = Session(GAME, table_of(2), {})
    assert stay_offer(session.state, {"number": 5, "colour": "red"}) is None   # laying out


def test_the_cards_to_lay_out_are_what_laying_out_takes():
    for players in (2, 3, 4):
        session = Session(GAME, table_of(players), {})
        wanted = session.summary()["cards_to_lay_out"]
        assert wanted == session.state.deal_size - 5
        state = session.state
        for count in range(wanted + 2):
            assert accepted(state, Action("lay_out", 1, {"face_up": [], "face_down": count})) == (count == wanted)
        for seat in range(players):
            session.perform(Action("lay_out", seat, {"face_up": [], "face_down": wanted}))
        assert session.summary()["phase"] == "counting" and session.summary()["cards_to_lay_out"] == 0


@pytest.mark.parametrize("eights", [{}, {"eights": {"Nicky": "red", "Moon": "blue", "Sage": "blue", "Lady": "red"}}])
def test_the_dogs_an_eight_may_show_are_those_the_rules_take_on_it(eights):
    session = Session(GAME, table_of(4), {**eights})
    for seat in range(4):
        session.perform(Action("lay_out", seat, {"face_up": [], "face_down": 4}))
    state, turn = session.state, session.summary()["turn"]
    dogs = session.summary()["eight_dogs"]
    assert sorted(dogs) == ["blue", "red"] and sorted(sum(dogs.values(), [])) == ["Lady", "Moon", "Nicky", "Sage"]
    for colour in ("blue", "red"):
        for dog in ("Nicky", "Moon", "Sage", "Lady"):
            eight = Action("play", turn, {"number": 8, "colour": colour, "dog": dog})
            assert accepted(state, eight) == (dog in dogs[colour])


@pytest.mark.parametrize("seed, players, options", [(11, 2, {}), (12, 3, {}), (13, 4, {}),
                                                    (14, 2, {"laid_out_into_hand": True})])
def test_the_collecting_step_is_the_one_the_rules_leave(seed, players, options):
    states = random_states(seed, players, Phase.COLLECTING, **options)
    assert states
    steps = set()
    for state in states:
        summary = GAME.summary(state)
        step = summary["collecting_step"]
        steps.add(step)
        seat = state.turn
        assert seat is not None
        unknown = [slot for slot in state.seats[seat].laid_out if slot["card"] is None]
        if unknown:
            # Cards the app doesn't know may collect: collecting is the step while there is a centre.
            assert step == ("collect" if state.centre else "to_centre")
            continue
        own = state.seats[seat].laid_out[0]["card"]
        to_centre = Action("to_centre", seat, {"card": own})
        assert (step == "to_centre") == accepted(state, to_centre)
        assert (step == "collect") == (summary["can_collect"] in (2, 3))
    assert steps == {"collect", "to_centre"} or options
