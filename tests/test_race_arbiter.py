"""The arbiter decides buzzer races on edge timestamps. Events here are synthetic; times in ms."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from companion.errors import BadDocument, IllegalAction
from companion.races import Arbiter, Arm, BadRace, Edge, RaceRefused, RaceSettings, parse
from companion.races.model import ms_to_ns

CUE = 10_000.0  # ms


def ns(ms: float) -> int:
    return ms_to_ns(ms)


def press(player: int, at_ms: float) -> Edge:
    return Edge(player, True, ns(at_ms))


def release(player: int, at_ms: float) -> Edge:
    return Edge(player, False, ns(at_ms))


def arbiter(**changes) -> Arbiter:
    return Arbiter(dataclasses.replace(RaceSettings(), **changes), seed_source=lambda: 12345)


def run(kind, players, edges, *, held=(), seed=None, pre_arm=(), **changes):
    """Deliver `pre_arm`, arm, deliver `edges` in the given order, then decide with everything in."""
    race = arbiter(**changes)
    for edge in pre_arm:
        race.edge(edge)
    race.arm(Arm(kind, tuple(players), ns(CUE), held=frozenset(held), seed=seed))
    for edge in edges:
        race.edge(edge)
    return race.finish()


# --- deciding on timestamps, not arrival ------------------------------------------------------------

def test_an_earlier_press_delivered_later_still_wins_the_claim():
    decision = run("claim", [1, 2, 3], [press(1, CUE + 200), press(2, CUE + 190)])
    assert decision.winners == (2,)
    assert decision.margins_ms == {2: 0.0, 1: 10.0}


def test_the_decision_is_held_open_for_the_settle_window():
    race = arbiter(settle_ns=ns(30))
    race.arm(Arm("claim", (1, 2, 3), ns(CUE)))
    race.edge(press(1, CUE + 200))
    assert race.poll(ns(CUE + 229.999)) is None
    race.edge(press(2, CUE + 195))          # delivered 35 ms after it happened, inside the window
    decision = race.poll(ns(CUE + 230))
    assert decision.winner == 2
    assert decision.final is False          # the winner is known; the margins of slower presses follow


def test_a_press_delivered_after_the_decision_cannot_take_the_win_and_is_reported_late():
    race = arbiter(settle_ns=ns(30))
    race.arm(Arm("claim", (1, 2, 3), ns(CUE)))
    race.edge(press(1, CUE + 200))
    assert race.poll(ns(CUE + 231)).winner == 1
    race.edge(press(2, CUE + 150))          # delivered 81 ms late: too late to be fair to player 1
    race.edge(press(3, CUE + 400))
    final = race.finish()
    assert final.winner == 1 and final.final
    assert final.late == (2,)
    assert final.margins_ms[3] == 200.0


def test_the_claim_race_ranks_every_other_presser_with_a_margin_until_the_rank_window_closes():
    race = arbiter(settle_ns=ns(30), rank_ns=ns(1000))
    race.arm(Arm("claim", (1, 2, 3, 4), ns(CUE)))
    race.edge(press(3, CUE + 180))
    provisional = race.poll(ns(CUE + 210))
    assert provisional.winner == 3 and not provisional.final
    race.edge(press(1, CUE + 260.5))
    race.edge(press(4, CUE + 1300))         # after the rank window: not timed
    assert race.poll(ns(CUE + 1179)) is None
    final = race.poll(ns(CUE + 1180))
    assert final.final and final.winners == (3,)
    assert final.margins_ms == {3: 0.0, 1: 80.5}
    assert final.losers == (1, 2, 4)
    # Not timed, but seen: the result can say player 4 pressed, too late, rather than not at all.
    assert final.too_late_ns == {4: ns(CUE + 1300)}


def test_the_claim_race_is_final_at_once_when_every_player_has_pressed():
    race = arbiter(settle_ns=ns(30))
    race.arm(Arm("claim", (1, 2), ns(CUE)))
    race.edge(press(1, CUE + 200))
    race.edge(press(2, CUE + 210))
    decision = race.poll(ns(CUE + 230))
    assert decision.final and decision.winner == 1 and decision.margins_ms[2] == 10.0


@given(
    # Whole tenths of a millisecond apart, so no two presses are a tie.
    gaps=st.lists(st.integers(min_value=2, max_value=4000).map(lambda tenths: tenths * 100_000),
                  min_size=4, max_size=4, unique=True),
    order=st.permutations(range(4)),
)
@hsettings(max_examples=200, deadline=None)
def test_delivery_order_within_the_settle_window_never_changes_the_result(gaps, order):
    edges = [Edge(player, True, ns(CUE) + gap) for player, gap in zip((1, 2, 3, 4), gaps)]
    expected = tuple(player for _, player in sorted(zip(gaps, (1, 2, 3, 4))))
    for kind in ("claim", "bones"):
        decision = run(kind, [1, 2, 3, 4], [edges[i] for i in order])
        assert decision.winners == (expected[:1] if kind == "claim" else expected[:3])


# --- debounce -----------------------------------------------------------------------------------------

def test_the_first_edge_of_a_bouncing_press_is_its_time_and_the_bounces_are_ignored():
    bouncy = [press(1, CUE + 100), release(1, CUE + 100.4), press(1, CUE + 101), release(1, CUE + 103),
              press(1, CUE + 108)]  # a switch still bouncing 8 ms after the contact first closed
    decision = run("claim", [1, 2], bouncy + [press(2, CUE + 102)])
    assert decision.winner == 1
    assert decision.press_ns[1] == ns(CUE + 100)
    assert decision.margins_ms[2] == 2.0


def test_a_button_chattering_while_held_does_not_make_a_new_press_after_a_lockout():
    # Player 1 jumps the cue and keeps holding; the worn switch chatters after the lockout has ended.
    edges = [press(1, CUE - 5), release(1, CUE + 300), press(1, CUE + 300.2), release(1, CUE + 300.5),
             press(1, CUE + 300.9), press(2, CUE + 400)]
    decision = run("claim", [1, 2], edges, false_start="lockout")
    assert decision.winner == 2
    assert 1 not in decision.press_ns


def test_a_quick_tap_inside_the_hold_off_still_lets_the_player_press_again():
    edges = [press(1, CUE - 30), release(1, CUE - 25),            # a jab before the cue, 5 ms long
             press(1, CUE + 270), press(2, CUE + 300)]            # the real press after the lockout
    decision = run("claim", [1, 2], edges, false_start="lockout", lockout_ns=ns(250))
    assert decision.winner == 1


def test_a_chattering_button_gets_only_one_bone():
    edges = [press(1, CUE + 150), release(1, CUE + 180), press(1, CUE + 180.3),
             release(1, CUE + 230), press(1, CUE + 260), press(2, CUE + 300)]
    decision = run("bones", [1, 2, 3], edges)
    assert decision.winners == (1, 2)
    assert decision.losers == (3,)


# --- ties ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("first, second", [(1, 2), (2, 1)])
def test_presses_closer_than_the_tie_window_are_a_tie_to_rerace_whatever_the_seats(first, second):
    decision = run("claim", [1, 2, 3], [press(first, CUE + 200), press(second, CUE + 200.05),
                                        press(3, CUE + 260)])
    assert decision.tied and decision.ties == ((first, second),)
    assert decision.winners == () and decision.winner is None
    assert set(decision.rerace) == {1, 2} and decision.rerace_prizes == 1
    assert decision.losers == (3,)


def test_presses_a_tie_window_apart_are_not_a_tie():
    decision = run("claim", [1, 2], [press(2, CUE + 200.1), press(1, CUE + 200)])
    assert not decision.tied and decision.winner == 1


def test_a_tie_drawn_by_lot_names_the_seed_and_can_be_drawn_again():
    edges = [press(1, CUE + 200), press(2, CUE + 200.02)]
    first = run("claim", [1, 2], edges, seed=7, tie_policy="draw")
    again = run("claim", [1, 2], list(reversed(edges)), seed=7, tie_policy="draw")
    assert first.tie_draw.seed == 7 and first.tie_draw.among == (1, 2)
    assert first.winners == (first.tie_draw.order[0],)
    assert again.winners == first.winners and again.tie_draw == first.tie_draw


def test_the_draw_is_not_seat_order():
    edges = [press(1, CUE + 200), press(2, CUE + 200.02)]
    winners = {run("claim", [1, 2], edges, seed=seed, tie_policy="draw").winner for seed in range(40)}
    assert winners == {1, 2}


def test_a_tie_in_a_bone_race_matters_only_across_the_last_bone():
    early_tie = run("bones", [1, 2, 3, 4], [press(1, CUE + 150), press(2, CUE + 150.03),
                                            press(3, CUE + 200), press(4, CUE + 300)])
    assert not early_tie.tied
    assert early_tie.winners == (1, 2, 3) and early_tie.losers == (4,)

    cut_off_tie = run("bones", [1, 2, 3, 4], [press(1, CUE + 150), press(2, CUE + 200),
                                              press(4, CUE + 300), press(3, CUE + 300.04)])
    assert cut_off_tie.ties == ((4, 3),)
    assert cut_off_tie.winners == (1, 2)
    assert set(cut_off_tie.rerace) == {3, 4} and cut_off_tie.rerace_prizes == 1


def test_a_drawn_tie_across_the_last_bone_gives_the_bone_to_one_and_the_card_to_the_other():
    decision = run("bones", [1, 2, 3], [press(1, CUE + 150), press(2, CUE + 300), press(3, CUE + 300.04)],
                   tie_policy="draw", seed=99)
    loser = decision.tie_draw.order[1]
    assert decision.winners == (1, decision.tie_draw.order[0])
    assert decision.losers == (loser,)


# --- false starts, stuck buttons, eligibility, timeouts --------------------------------------------------

def test_a_false_start_loses_the_claim_race_under_the_lose_policy():
    decision = run("claim", [1, 2], [press(1, CUE - 40), release(1, CUE - 10), press(2, CUE + 250),
                                     press(1, CUE + 180)])
    assert decision.false_starts == (1,)
    assert decision.winner == 2
    assert 1 in decision.losers


def test_a_false_starter_is_the_one_left_without_a_bone():
    decision = run("bones", [1, 2, 3], [press(3, CUE - 1), release(3, CUE + 40), press(3, CUE + 120),
                                        press(1, CUE + 300), press(2, CUE + 500)])
    assert decision.winners == (1, 2)
    assert decision.losers == (3,)
    assert decision.false_starts == (3,)


def test_a_false_start_under_the_lockout_policy_only_locks_the_button_for_a_while_after_the_cue():
    edges = [press(1, CUE - 5), release(1, CUE + 50), press(1, CUE + 200),   # still locked out
             release(1, CUE + 260), press(1, CUE + 280), press(2, CUE + 300)]
    decision = run("claim", [1, 2], edges, false_start="lockout", lockout_ns=ns(250))
    assert decision.false_starts == (1,)
    assert decision.winner == 1
    assert decision.press_ns[1] == ns(CUE + 280)


def test_an_edge_delivered_before_the_race_was_armed_is_a_false_start():
    decision = run("claim", [1, 2], [press(2, CUE + 300)], pre_arm=[press(1, CUE + 100), release(1, CUE + 150)])
    assert decision.false_starts == (1,)
    assert decision.winner == 2


def test_a_button_held_down_when_the_race_is_armed_cannot_win_and_is_reported_stuck():
    decision = run("claim", [1, 2], [release(1, CUE + 100), press(1, CUE + 150), press(2, CUE + 400)], held=[1])
    assert decision.stuck == (1,)
    assert decision.winner == 2


def test_a_stuck_button_is_left_without_a_bone():
    decision = run("bones", [1, 2, 3], [press(2, CUE + 300), press(3, CUE + 350)], held=[1])
    assert decision.stuck == (1,)
    assert decision.winners == (2, 3) and decision.losers == (1,)


def test_nobody_pressing_times_out_the_claim_race():
    race = arbiter(timeout_ns=ns(5000), settle_ns=ns(30))
    race.arm(Arm("claim", (1, 2), ns(CUE)))
    assert race.poll(ns(CUE + 5029)) is None
    decision = race.poll(ns(CUE + 5030))
    assert decision.timed_out and decision.final
    assert decision.winners == () and decision.losers == (1, 2)


def test_players_who_do_not_press_before_the_timeout_lose_the_bone_race():
    race = arbiter(timeout_ns=ns(5000), settle_ns=ns(30))
    race.arm(Arm("bones", (1, 2, 3, 4), ns(CUE)))
    race.edge(press(2, CUE + 400))
    race.edge(press(4, CUE + 600))
    race.edge(press(1, CUE + 5200))          # too late
    decision = race.poll(ns(CUE + 5030))
    assert decision.timed_out
    assert decision.winners == (2, 4)
    assert set(decision.losers) == {1, 3}
    assert decision.too_late_ns == {1: ns(CUE + 5200)}   # pressed, unlike player 3


def test_presses_by_players_not_in_the_race_are_ignored_and_reported():
    decision = run("claim", [1, 2], [press(5, CUE + 100), press(2, CUE + 200), press(1, CUE + 300)])
    assert decision.winner == 2
    assert decision.ignored == (5,)
    assert 5 not in decision.losers


# --- bones ranking --------------------------------------------------------------------------------------

def test_the_bone_race_names_who_got_each_bone_in_order_and_who_lost():
    race = arbiter(settle_ns=ns(30))
    race.arm(Arm("bones", (1, 2, 3, 4), ns(CUE)))
    for edge in (press(4, CUE + 250), press(2, CUE + 240), press(1, CUE + 330)):
        race.edge(edge)
    assert race.poll(ns(CUE + 359)) is None   # the last bone's settle window is still open
    race.edge(press(3, CUE + 320))            # and player 3's earlier press arrives within it
    decision = race.poll(ns(CUE + 360))
    assert decision.winners == (2, 4, 3)
    assert decision.losers == (1,)
    assert decision.margins_ms == {2: 0.0, 4: 10.0, 3: 80.0, 1: 90.0}


# --- refusals -------------------------------------------------------------------------------------------

def test_arming_twice_is_refused_and_changes_nothing():
    race = arbiter()
    race.arm(Arm("claim", (1, 2), ns(CUE)))
    with pytest.raises(RaceRefused) as refused:
        race.arm(Arm("bones", (1, 2, 3), ns(CUE)))
    assert isinstance(refused.value, IllegalAction)
    race.edge(press(1, CUE + 100))
    assert race.finish().kind == "claim" and race.finish().players == (1, 2)


@pytest.mark.parametrize("kind, players, message", [
    ("sprint", (1, 2), "bones, claim"),
    ("claim", (1, 1), "twice"),
    ("bones", (3,), "at least 2"),
    ("claim", (0, 2), "button number"),
])
def test_a_race_that_cannot_be_run_is_refused_with_a_reason(kind, players, message):
    with pytest.raises(BadRace, match=message) as refused:
        Arm(kind, players, ns(CUE))
    assert isinstance(refused.value, ValueError)


def test_deciding_a_race_that_was_never_armed_is_refused():
    with pytest.raises(RaceRefused, match="never armed"):
        arbiter().finish()


# --- the race log -----------------------------------------------------------------------------------------

def test_a_race_log_parses_into_arm_and_edges_in_file_order():
    log = parse('{"event":"edge","player":1,"pressed":true,"t_ns":5}\n'
                '\n'
                '{"event":"arm","t_ns":1000,"kind":"bones","players":[1,2,3],"seed":4}\n'
                '{"event":"edge","player":2,"pressed":true,"t_ns":1500}\n'
                '{"event":"decision","winners":[2]}\n')
    assert [type(e).__name__ for e in log.events] == ["Edge", "Arm", "Edge"]
    assert log.lines == [1, 3, 4]
    assert log.arm.seed == 4 and log.arm.prizes == 2
    assert log.recorded_decision["winners"] == [2]


@pytest.mark.parametrize("text, message", [
    ('{"event":"arm","t_ns":1,"kind":"claim","players":[1,2]}\nnot json\n', "line 2: not valid JSON"),
    ('{"event":"arm","t_ns":1,"kind":"claim","players":[1,2]}\n{"event":"edge","player":1,"t_ns":5}\n',
     "line 2: edge is missing 'pressed'"),
    ('{"event":"arm","t_ns":1,"kind":"claim","players":[1,2]}\n{"event":"edge","player":1,"pressed":"yes","t_ns":5}\n',
     "line 2: edge: pressed must be true or false"),
    ('{"event":"arm","t_ns":-4,"kind":"claim","players":[1,2]}\n', "line 1: arm: t_ns"),
    ('{"event":"arm","t_ns":1,"kind":"claim","players":[1,2]}\n{"event":"arm","t_ns":1,"kind":"claim","players":[1]}\n',
     "line 2: a second arm line"),
    ('{"event":"edge","player":1,"pressed":true,"t_ns":5}\n', "no arm line"),
    ('[1, 2]\n', "line 1: expected a JSON object"),
    ('{"event":"jump"}\n', "line 1: unknown event 'jump'"),
])
def test_a_malformed_race_log_names_the_line_and_the_problem(text, message):
    with pytest.raises(BadDocument, match=message):
        parse(text)
