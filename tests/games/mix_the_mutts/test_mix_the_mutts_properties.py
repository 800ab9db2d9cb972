"""Random Mix-the-Mutts games: cards and tiles stay conserved, refusals change nothing, the game
always ends after the twelfth tile with the highest total(s) winning."""

import copy
import random

import pytest
from seed_split import quick_then_rest

from companion.actions import Action
from companion.errors import IllegalAction
from companion.games.mix_the_mutts import GAME
from companion.games.mix_the_mutts.state import BREEDS
from companion.playthrough import random_playthrough, table_of
from companion.session import Session

GAMES_PER_TABLE = 120


def check_final(session):
    summary = session.summary()
    assert summary["tiles"]["on_table"] == 12
    totals = [p["total"] for p in summary["players"]]
    assert summary["winners"] == [seat for seat, total in enumerate(totals) if total == max(totals)]
    held = sum(p["hand"] + p["stack_cards"] for p in summary["players"])
    assert summary["card_pile"] + held == 72


@pytest.mark.parametrize("games", quick_then_rest(GAMES_PER_TABLE, 15))
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_games_finish_with_cards_conserved(seats, games):
    for game in games:
        rng = random.Random(seats * 100_000 + game)
        options = {"dealer": rng.randrange(seats), "junior": rng.random() < 0.3}
        report = random_playthrough(GAME, table_of(seats), options, rng=rng)
        assert report.finished
        check_final(report.session)


def nonsense_actions(state, rng):
    """Actions a confused family might tap: wrong seat, wrong phase, invented dogs."""
    seat = rng.randrange(state.players)
    breed = rng.choice(BREEDS)
    return [
        Action("draw", seat),
        Action("finish_turn", seat),
        Action("score", seat, {"head": breed, "tail": rng.choice(BREEDS)}),
        Action("connect", seat, {"combinations": [{"head": breed, "tail": breed}] * rng.randint(0, 7)}),
        Action("bark", seat),
    ]


@pytest.mark.parametrize("games", quick_then_rest(80, 10))
def test_draw_heavy_games_empty_the_pile_and_refusals_change_nothing(games):
    """Families who mostly draw run the pile dry; after that only connecting is allowed."""
    emptied = 0
    for game in games:
        rng = random.Random(99_000 + game)
        seats = rng.randint(2, 4)
        session = Session(GAME, table_of(seats), {})
        while not session.is_over:
            state = session.state
            for action in nonsense_actions(state, rng):
                before = copy.deepcopy(state)
                try:
                    GAME.apply(copy.deepcopy(state), action)
                except IllegalAction:
                    pass
                assert session.state == before
            legal = GAME.legal_actions(state, rng)
            draws = [a for a in legal if a.type == "draw"]
            action = draws[0] if draws and rng.random() < 0.9 else rng.choice(legal)
            session.perform(action)
            GAME.check_invariants(session.state)
            summary = session.summary()
            if summary["phase"] == "choosing":
                # exactly one player acts: the active one; drawing is offered only while cards remain
                assert summary["can_draw"] == (summary["card_pile"] > 0)
        emptied += session.summary()["card_pile"] == 0
        check_final(session)
    assert emptied > len(games) // 5
