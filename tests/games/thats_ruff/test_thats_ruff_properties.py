"""Random games of That's Ruff!, played with cards a real deck could produce: the count never passes
32, discs are neither made nor lost, dogs stay on their 15-space loop, every player plays exactly five
cards in each Counting, one player acts at a time when turns matter, a winner really has won, and a
refused action changes nothing."""

from __future__ import annotations

import copy
import random

import pytest
from seed_split import quick_then_rest

from companion.actions import Action
from companion.errors import IllegalAction
from companion.games.thats_ruff import GAME
from companion.playthrough import random_playthrough, table_of
from companion.session import Session

HOUSE, SPACES = 14, 15
TURN_PHASES = ("counting", "collecting")

SETUPS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"partnerships": True}),
    (2, {"count_discs": 1, "laid_out_face": "up"}),
    (3, {"discard_fetched_discs": True, "laid_out_face": "down"}),
    (4, {"winner_after_collecting_only": True, "dealer": 2}),
    (2, {"disc_supply": 3, "dogs": {"0": "Lady", "1": "Sage"}}),
    (3, {"laid_out_into_hand": True}),
    (4, {"laid_out_into_hand": True, "laid_out_face": "down", "abilities": True}),
    (2, {"abilities": True, "ability_costs": {"stay": 2, "step_back": 1, "retoss": 1}}),
]


def play_randomly(players: int, options: dict, seed: int, max_steps: int = 400) -> Session:
    """Play random legal actions, checking the table after every one; returns the session."""
    rng = random.Random(seed)
    session = Session(GAME, table_of(players), options)
    plays_this_hand = [0] * players
    for _ in range(max_steps):
        if session.is_over:
            break
        before = session.summary()
        legal = GAME.legal_actions(session.state, rng)
        assert legal, f"nothing to do in phase {before['phase']}"
        if before["phase"] in TURN_PHASES:
            assert {action.player for action in legal} == {before["turn"]}
            assert before["waiting_for"] == [before["turn"]]
        _probe_refusals(session, legal, rng)
        action = rng.choice(legal)
        session.perform(action)
        after = session.summary()
        GAME.check_invariants(session.state)
        _check_table(after, players)
        if action.type == "play":
            plays_this_hand[action.player] += 1
        if before["phase"] == "counting" and after["phase"] != "counting":
            assert plays_this_hand == [5] * players
        if action.type == "deal":
            plays_this_hand = [0] * players
    return session


def _check_table(summary: dict, players: int) -> None:
    assert 0 <= summary["count"] <= 32
    for board in summary["boards"]:
        assert 0 <= board["position"] < SPACES
        assert board["discs_in_house"] >= 0
    assert all(0 <= p["cards_played"] <= 5 and p["cards_in_hand"] >= 0 for p in summary["players"])
    if summary["phase"] in TURN_PHASES:
        assert summary["turn"] is not None and 0 <= summary["turn"] < players


def _probe_refusals(session: Session, legal: list[Action], rng: random.Random) -> None:
    """Wrong seats, wrong phases and impossible cards are refused and leave the table as it was."""
    state_before = copy.deepcopy(session.state)
    action = rng.choice(legal)
    seats = len(session.players)
    probes = [
        Action(action.type, (action.player + rng.randrange(1, seats)) % seats, action.args),
        Action("play", action.player, {"number": 14, "colour": "red"}),
        Action("deal" if action.type != "deal" else "thats_ruff", action.player),
        Action("collect", action.player, {"collector": {"number": 99, "colour": "red"}, "cards": []}),
    ]
    for probe in probes:
        try:
            session.check(probe)
        except IllegalAction:
            assert session.state == state_before, f"refused {probe} changed the table"
        else:
            # Some wrong-seat probes are legal (laying out, revealing, partners): nothing to check.
            pass


def _winner_really_won(summary: dict) -> None:
    winner = summary["boards"][summary["winner"]["board"]]
    assert winner["in_dog_house"] and winner["discs_left_to_fetch"] == 0
    tied = [b for b in summary["boards"] if b["in_dog_house"] and b["discs_left_to_fetch"] == 0 and b is not winner]
    score = winner["discs_in_house"] + winner["discs_fetched_and_discarded"]
    assert all(b["discs_in_house"] + b["discs_fetched_and_discarded"] < score for b in tied)


@pytest.mark.parametrize("seeds", quick_then_rest(12, 4))
@pytest.mark.parametrize("players, options", SETUPS)
def test_random_games_keep_the_rules(players, options, seeds):
    finished = 0
    for seed in seeds:
        session = play_randomly(players, options, seed)
        summary = session.summary()
        if session.is_over:
            finished += 1
            assert summary["phase"] == "won"
            _winner_really_won(summary)
        else:
            assert summary["winner"] is None
    assert finished > 0, "no random game reached a winner"


@pytest.mark.parametrize("players, options", SETUPS[:4])
def test_undo_and_redo_across_random_games(players, options):
    for seed in range(3):
        report = random_playthrough(GAME, table_of(players), options, rng=random.Random(100 + seed), max_steps=300)
        assert report.undos_checked > 0 and report.refusals_checked > 0


def test_random_games_reach_the_variants_actions():
    """The sampler uses the abilities and shows hands for pairs, so random games cover both variants."""
    used = set()
    for seed in range(8):
        for players, options in SETUPS[-3:]:
            for action in play_randomly(players, options, seed).actions:
                if action.type == "use_ability":
                    used.add(action["ability"])
                if "shown" in action.args:
                    used.add("shown")
    assert {"step_back", "retoss", "shown"} <= used
