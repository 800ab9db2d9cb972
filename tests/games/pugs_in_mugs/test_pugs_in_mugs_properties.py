"""Random Pugs in Mugs games: every card and Mug stays accounted for, refusals change nothing, and a
game ends exactly when someone holds all five colours."""

import copy
import random

import pytest
from seed_split import quick_then_rest

from companion.actions import Action
from companion.errors import IllegalAction
from companion.games.pugs_in_mugs import GAME
from companion.games.pugs_in_mugs.choices import refusal
from companion.games.pugs_in_mugs.state import COLOURS, KINDS
from companion.playthrough import random_playthrough, table_of
from companion.session import Session

GAMES_PER_TABLE = 40


def check_table(summary, seats):
    held = sum(p["hand"] for p in summary["players"])
    assert summary["deck"] + summary["discard_total"] + held == sum(summary["deck_makeup"].values())
    assert all(count >= 0 for count in summary["discard"].values())
    assert all(summary["discard"][kind] <= summary["deck_makeup"][kind] for kind in KINDS)
    for colour in COLOURS:
        holders = sum(colour in p["mugs"] for p in summary["players"])
        assert holders + summary["mug_supply"][colour] == 5
    complete = [p["seat"] for p in summary["players"] if p["mug_count"] == len(COLOURS)]
    assert summary["winners"] == complete
    if summary["over"]:
        assert summary["turn"] is None and len(complete) == 1
    else:
        assert summary["turn"] in range(seats)
        # only the active player may hold more than five, and only while their turn lasts
        assert all(p["hand"] <= 5 for p in summary["players"] if p["seat"] != summary["turn"])


@pytest.mark.parametrize("games", quick_then_rest(GAMES_PER_TABLE, 8))
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_games_end_with_one_player_holding_every_colour(seats, games):
    finished = 0
    for game in games:
        rng = random.Random(seats * 100_000 + game)
        report = random_playthrough(GAME, table_of(seats), {"dealer": rng.randrange(seats)}, rng=rng)
        check_table(report.session.summary(), seats)
        finished += report.finished
    assert finished == len(games)


def wild_actions(state, rng):
    """What a confused table might tap: anything, by anyone, aimed anywhere."""
    seat, target = rng.randrange(state.players), rng.randrange(state.players)
    kind, colour = rng.choice(KINDS), rng.choice(COLOURS)
    return [
        Action("draw", seat),
        Action("exchange", seat, {"colour": colour}),
        Action("steal", seat, {"target": target, "colour": colour}),
        Action("surprise", seat, {"target": target, "card": kind}),
        Action("gimme", seat, {"target": target, "named": kind, "handed_over": rng.random() < 0.5}),
        Action("dig", seat, {"card": kind}),
        Action("end_turn", seat, {"discards": [rng.choice(KINDS) for _ in range(rng.randint(0, 3))]}),
    ]


@pytest.mark.parametrize("games", quick_then_rest(40, 6))
def test_small_decks_reshuffle_and_wild_taps_either_work_or_change_nothing(games):
    reshuffled = 0
    for game in games:
        rng = random.Random(7_000 + game)
        seats = rng.randint(2, 3)
        options = {"pugs_per_colour": 4, "surprise_cards": 1, "gimme_cards": 1, "dig_cards": 1,
                   "mugs_per_colour": rng.randint(1, 5)}
        session = Session(GAME, table_of(seats), options)
        for _step in range(400):
            if session.is_over:
                break
            for action in wild_actions(session.state, rng):
                before = copy.deepcopy(session.state)
                try:
                    after = GAME.apply(copy.deepcopy(before), action)
                except IllegalAction:
                    assert session.state == before
                else:
                    GAME.check_invariants(after)
            session.perform(rng.choice(GAME.legal_actions(session.state, rng)))
            GAME.check_invariants(session.state)
        summary = session.summary()
        supply = options["mugs_per_colour"]
        for colour in COLOURS:
            assert sum(colour in p["mugs"] for p in summary["players"]) + summary["mug_supply"][colour] == supply
        reshuffled += summary["reshuffles"] > 0
    assert reshuffled > len(games) // 4


def every_way(state, kind):
    """Every action of `kind` the active player could tap, tried one by one (no ordering, no shortcuts)."""
    me = state.turn
    others = [seat for seat in range(state.players) if seat != me]
    if kind == "exchange":
        return [Action(kind, me, {"colour": colour}) for colour in COLOURS]
    if kind == "steal":
        return [Action(kind, me, {"target": seat, "colour": colour}) for seat in others for colour in COLOURS]
    if kind == "surprise":
        return [Action(kind, me, {"target": seat, "card": card}) for seat in others for card in KINDS]
    if kind == "gimme":
        return [Action(kind, me, {"target": seat, "named": card, "handed_over": handed})
                for seat in others for card in KINDS for handed in (True, False)]
    if kind == "dig":
        return [Action(kind, me, {"card": card}) for card in KINDS]
    return [Action(kind, me)]


@pytest.mark.parametrize("games", quick_then_rest(12, 4))
def test_a_choice_is_greyed_exactly_when_no_way_of_taking_it_would_be_accepted(games):
    greyed = set()
    for game in games:
        rng = random.Random(f"greyed-{game}")
        session = Session(GAME, table_of(rng.randint(2, 4)),
                          {"pugs_per_colour": 4, "surprise_cards": 1, "gimme_cards": 2, "dig_cards": 1})
        for _step in range(150):
            if session.is_over:
                break
            state = session.state
            before = copy.deepcopy(state)
            for kind in ("draw", "exchange", "steal", "surprise", "gimme", "dig"):
                reason = refusal(state, kind, state.turn)
                allowed = [action for action in every_way(state, kind) if GAME.allows(state, action)]
                assert (reason is None) == bool(allowed), (kind, reason, allowed)
                if reason:
                    greyed.add(kind)
            assert state == before  # asking changes nothing
            session.perform(rng.choice(GAME.legal_actions(state, rng)))
    assert greyed >= {"exchange", "steal", "surprise", "gimme", "dig"}  # every kind met a moment it was greyed
