"""Random playthroughs of Nuts about Mutts: many short evenings across table sizes, editions and the
advanced game, checking conservation and turn-keeping after every step, and that refusals change nothing."""

from __future__ import annotations

import copy
import json
import random

import pytest
from examples_support import replay_example
from seed_split import quick_then_rest

from companion.actions import Action
from companion.errors import IllegalAction
from companion.games.nuts_about_mutts import GAME
from companion.playthrough import random_playthrough, table_of

ONE_HAND_GAMES = 1200
EVENINGS = 60


def _options(rng: random.Random, players: int, hands: int) -> dict:
    edition = "later_84" if players >= 3 and rng.random() < 0.2 else "classic_109"
    return {"advanced": rng.random() < 0.5, "hands": hands, "edition": edition, "dealer": rng.randrange(players)}


def _check_table(summary: dict, players: int) -> None:
    cards = summary["cards"]
    assert cards["in_hands"] + cards["draw_pile"] + cards["home_pile"] + cards["in_front_of_players"] == cards["deck"]
    assert min(summary["hand_sizes"]) >= 0 and summary["draw_pile"] >= 0 and summary["home_pile"] >= 0
    waiting = summary["to_act"]
    if waiting["kind"] in ("turn", "first_card", "dog_house_turn", "pedigree_step"):
        assert 0 <= waiting["seat"] < players
    else:
        assert waiting["seat"] is None and waiting["kind"] in ("bone_race", "deal", "evening_over", "flip_first_card")
    if summary["hand_winner"] is not None:
        assert summary["hand_sizes"][summary["hand_winner"]] == 0
    assert summary["scores"]["totals"] == [sum(row["scores"][seat] for row in summary["scores"]["hands"])
                                           for seat in range(players)]


def _play(seed: int, hands: int):
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    report = random_playthrough(GAME, table_of(players), _options(rng, players, hands), rng=rng, max_steps=3000)
    assert report.finished, f"seed {seed}: the evening did not finish in {report.steps} steps"
    summary = report.session.summary()
    _check_table(summary, players)
    for row in summary["scores"]["hands"]:
        assert row["scores"][row["winner"]] == 0
    assert summary["top_dog"] and all(summary["scores"]["totals"][seat] == min(summary["scores"]["totals"])
                                      for seat in summary["top_dog"])
    return report


@pytest.mark.parametrize("seeds", quick_then_rest(ONE_HAND_GAMES, 100))
def test_many_one_hand_games_keep_every_card_and_finish(seeds):
    refusals = 0
    for seed in seeds:
        refusals += _play(seed, hands=1).refusals_checked
    assert refusals > len(seeds)  # wrong-player actions really were probed


@pytest.mark.parametrize("seeds", quick_then_rest(EVENINGS, 6))
def test_whole_evenings_score_every_hand(seeds):
    for seed in seeds:
        report = _play(10_000 + seed, hands=3)
        assert len(report.session.summary()["scores"]["hands"]) == 3


GARBAGE = [
    Action("play", 0, {"card": "cat"}), Action("play", 1, {"colour": "purple"}), Action("play", 0, {"number": 0}),
    Action("draw", None), Action("bone_race", None, {"losers": "everyone"}), Action("reshuffle"),
    Action("pedigree_play", 0, {"count": -1}), Action("run", 1, {"number": True}), Action("match", 0),
    Action("pass", 1), Action("deal"), Action("end_evening"), Action("flip"), Action("dog_house_turn", 0),
    Action("play", 0, {"card": "dog_house", "colour": "red", "target": 42}),
]


def _late_refusals(state) -> list[Action]:
    """Actions refused only after part of the play was worked out, so a copy sharing lists would leak."""
    turn = state.turn
    return [Action("play", turn, {"card": "fire_hydrant", "colour": state.colours[0], "swap_with": turn}),
            Action("play", turn, {"card": "dog_house", "colour": state.colours[0],
                                  "target": state.dog_house[0] if state.dog_house else 99}),
            Action("draw", turn, {"then_play": "dog", "colour": "purple"})]


@pytest.mark.parametrize("games", quick_then_rest(150, 20))
def test_refused_actions_never_change_the_table(games):
    refusals = 0
    for game in games:
        rng = random.Random(7_000 + game)
        players = rng.randint(2, 6)
        report = random_playthrough(GAME, table_of(players), _options(rng, players, 1), rng=rng,
                                    max_steps=rng.randint(5, 60))
        session = report.session
        for action in GARBAGE + _late_refusals(session.state):
            before = copy.deepcopy(session.state)
            try:
                session.check(action)
            except IllegalAction:
                refusals += 1
            assert session.state == before, f"{action} changed the table"
            _check_table(GAME.summary(session.state), players)
    assert refusals > len(games) * len(GARBAGE) // 2


def test_states_survive_json_for_the_table_view():
    rng = random.Random(3)
    report = random_playthrough(GAME, table_of(4), {"advanced": True, "hands": 2}, rng=rng)
    json.dumps(report.session.summary())


def test_example_log_replays_to_the_result_worked_out_by_hand():
    """seeds/examples/nuts_about_mutts.json: Ann, Ben, Cleo; Ann deals, one hand, advanced game.

    Deck 104 (109 less 5 bones); 7 each; draw pile 104 - 21 = 83. Ben (dealer's left) starts.
      Ben red 5 (B6) | Cleo red 9 (C6) | Ben Run! red 10 out of turn (B5), play moves to Cleo
      Cleo Flea, blue (C5; A8, B6; draw 81) | Ann blue 3 (A7) | Ben draws (B7; draw 80)
      Cleo Mutt, green (C4) | bone race lost by Ann (A8; draw 79) | Ann green 12 (A7)
      Ben Dog House on Cleo, red (B6; not on the home pile)
      Cleo's dog-house turn: 4 kept, the 5th (red 4) played (C 4+5-1 = 8; draw 74; home +2 with the dog house)
      Ann Pedigree (A6): Ben puts down 2 (B4), Cleo draws (C9; 73), Ann draws and plays it (A6; 72)
      Ben plays a dog (B3) | Cleo Fire Hydrant (C8), swaps with Ben's 3: C3, B8
      Ann green 7 (A5) | Cleo Match! out of turn (C2), play to Ann | Ann green 8 (A4)
      Ben draws and plays green 2 (B8; draw 71) | Cleo Run! green 3 on her own turn (C1), then blue 3 (C0).
    Cleo goes out: scores Ann 4, Ben 8, Cleo 0; one-hand evening, so it is over and Cleo is top dog.
    Home pile: 104 - 12 in hands - 71 in the draw pile = 21 (the Dog House card went under it when
    Cleo was freed), and counting the cards put down one by one gives 21 too.
    """
    summary = replay_example("nuts_about_mutts")
    assert summary["over"] is True
    assert summary["hand_sizes"] == [4, 8, 0]
    assert summary["scores"]["totals"] == [4, 8, 0]
    assert summary["top_dog"] == [2]
    assert summary["draw_pile"] == 71 and summary["home_pile"] == 21


@pytest.mark.parametrize("players", [2, 6])
def test_extreme_tables_finish(players):
    rng = random.Random(players)
    for _ in range(20):
        report = random_playthrough(GAME, table_of(players), {"hands": 1, "advanced": True}, rng=rng)
        assert report.finished


def test_random_playthroughs_name_the_top_card_and_claim_after_it():
    """The sampler offers name_top_card whenever the dog on top isn't fully known, so random evenings
    cover it, and in the advanced game claims follow on the named card."""
    rng = random.Random(11)
    named = claims_after = 0
    for _ in range(60):
        report = random_playthrough(GAME, table_of(rng.randint(2, 6)), {"advanced": True, "hands": 1}, rng=rng)
        actions = report.session.actions
        for before, after in zip(actions, actions[1:]):
            if before.type == "name_top_card":
                named += 1
                claims_after += after.type in ("match", "run")
    assert named > 20 and claims_after > 0
