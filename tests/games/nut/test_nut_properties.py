"""Random Nut games and random layouts: conservation, fairness of the draft, refusals that change
nothing, a sound winner, and the scorer's monotonic laws."""

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seed_split import quick_then_rest

from companion.actions import Action
from companion.errors import IllegalAction
from companion.games.nut import GAME
from companion.games.nut.clusters import DOUBLINGS, best_clusters, clusters_of
from companion.playthrough import random_playthrough, table_of
from companion.session import Session

COLOURS = "RYBG"
DECK = 30


def random_options(rng):
    return {"dealer": rng.randrange(2), "squirrel_doubling": rng.choice(DOUBLINGS),
            "track_draft": rng.random() > 0.1}


def assert_sound_result(summary):
    scores = summary["scores"]
    assert all(score is not None and score >= 0 for score in scores)
    winners = summary["winners"]
    assert winners and all(scores[seat] == max(scores) for seat in winners)
    largest = [layout["largest"] for layout in summary["layouts"]]
    tied = [seat for seat, score in enumerate(scores) if score == max(scores)]
    if len(tied) == 1:
        assert summary["tie_break"] is None
    else:
        assert all(largest[seat] == max(largest[s] for s in tied) for seat in winners)
        assert summary["tie_break"] == ("shared" if len(winners) > 1 else "largest cluster")


@pytest.mark.parametrize("games", quick_then_rest(1000, 80))
def test_random_games_with_undo_and_wrong_player_probes_finish_fairly(games):
    for game_number in games:
        rng = random.Random(2024_0000 + game_number)
        players = 2 + game_number % 2
        options = random_options(rng)
        report = random_playthrough(GAME, table_of(players), options, rng=rng)
        assert report.finished, f"game {game_number} did not finish in {report.steps} steps"
        summary = report.session.summary()
        if options["track_draft"]:
            assert summary["draft"]["picks"] == [DECK // players] * players
        assert_sound_result(summary)


def random_action(state, players, rng):
    """Anything a confused table might tap: right or wrong player, column, kind or grid."""
    kind = rng.choice(["pick", "pick", "score_layout", "score_quick", "pass"])
    player = rng.randrange(players)
    if kind == "pick":
        args = {"column": rng.choice([1, 2, 3, 0, 4, "1"])}
        if rng.random() < 0.5:
            args["kind"] = rng.choice(["standard", "squirrel", "wild", "acorn"])
        return Action(kind, player, args)
    if kind == "score_layout":
        width = rng.randint(0, 13)
        cells = "RYBGWS..X"
        grid = ["".join(rng.choice(cells) for _ in range(width)) for _ in range(rng.randint(0, 9))]
        return Action(kind, player, {"grid": grid})
    if kind == "score_quick":
        sizes = {rng.choice("RYBGP"): rng.randint(-1, 5) for _ in range(2)}
        squirrels = {rng.choice("RYBG"): rng.randint(0, 7)}
        return Action(kind, player, {"sizes": sizes, "squirrels": squirrels})
    return Action(kind, player, {})


@pytest.mark.parametrize("games", quick_then_rest(500, 40))
def test_refused_actions_change_nothing_and_exactly_one_player_picks_at_a_time(games):
    refusals = 0
    for game_number in games:
        rng = random.Random(7_0000 + game_number)
        players = 2 + game_number % 2
        session = Session(GAME, table_of(players), random_options(rng))
        while not session.is_over:
            summary = session.summary()
            draft = summary["draft"]
            if summary["phase"] == "draft":
                assert summary["to_act"] == [draft["turn"]]
            else:
                assert draft["turn"] is None and summary["to_act"]
            if draft["tracked"]:
                assert draft["deck"] + sum(c["cards"] for c in draft["columns"]) + sum(draft["picks"]) == DECK
            assert draft["deck"] >= 0 and all(c["cards"] >= 0 for c in draft["columns"])
            action = random_action(session.state, players, rng)
            before = copy.deepcopy(session.state)
            try:
                session.perform(action)
            except IllegalAction:
                assert session.state == before, f"refused {action} changed the state"
                refusals += 1
                session.perform(rng.choice(GAME.legal_actions(session.state, rng)))
            GAME.check_invariants(session.state)
        assert_sound_result(session.summary())
    assert refusals > 2 * len(games)


# ----- the scorer's laws -----------------------------------------------------------------------
grids = st.integers(1, 6).flatmap(
    lambda width: st.lists(st.text(alphabet="RYBGWS..", min_size=width, max_size=width), min_size=1, max_size=6))


def scores(grid, doubling):
    return {colour: (cluster.points(doubling) if cluster else 0)
            for colour, cluster in best_clusters(grid, COLOURS, doubling).items()}


def sizes(grid):
    return {colour: (cluster.size if cluster else 0) for colour, cluster in best_clusters(grid, COLOURS).items()}


def empty_cells(grid):
    return [(row, column) for row, line in enumerate(grid) for column, cell in enumerate(line) if cell == "."]


def with_cell(grid, where, value):
    row, column = where
    changed = list(grid)
    changed[row] = changed[row][:column] + value + changed[row][column + 1:]
    return changed


# Only the largest cluster of a colour counts, so one more nut can make a plain cluster the largest and
# cost the points of a smaller doubled one: what never drops is the size of the cluster that counts.
@settings(max_examples=300, deadline=None)
@given(grids, st.sampled_from(DOUBLINGS), st.data())
def test_adding_a_nut_never_shrinks_its_colour_and_leaves_the_others_alone(grid, doubling, data):
    spaces = empty_cells(grid)
    before = scores(grid, doubling)
    assert all(value >= 0 for value in before.values())
    if not spaces:
        return
    where = data.draw(st.sampled_from(spaces))
    colour = data.draw(st.sampled_from(COLOURS))
    changed = with_cell(grid, where, colour)
    assert sizes(changed)[colour] >= sizes(grid)[colour]
    after = scores(changed, doubling)
    assert {c: v for c, v in after.items() if c != colour} == {c: v for c, v in before.items() if c != colour}


@settings(max_examples=300, deadline=None)
@given(grids, st.sampled_from("WS"), st.data())
def test_a_wild_or_a_squirrel_never_shrinks_any_colour(grid, shared, data):
    spaces = empty_cells(grid)
    if not spaces:
        return
    where = data.draw(st.sampled_from(spaces))
    before, after = sizes(grid), sizes(with_cell(grid, where, shared))
    assert all(after[colour] >= before[colour] for colour in COLOURS)


@settings(max_examples=300, deadline=None)
@given(grids)
def test_no_cluster_of_a_colour_is_larger_than_the_one_that_counts(grid):
    for colour, cluster in best_clusters(grid, COLOURS).items():
        others = clusters_of(grid, colour)
        assert (cluster is None) == (not others)
        if cluster is not None:
            assert all(other.size < cluster.size or (other.size == cluster.size and other.points() <= cluster.points())
                       for other in others)


@settings(max_examples=200, deadline=None)
@given(grids)
def test_each_best_cluster_holds_its_colour_and_is_connected(grid):
    for colour, cluster in best_clusters(grid, COLOURS).items():
        if cluster is None:
            assert colour not in "".join(grid)
            continue
        cells = set(cluster.cells)
        assert any(grid[r][c] == colour for r, c in cells)
        assert all(grid[r][c] in (colour, "W", "S") for r, c in cells)
        reached, frontier = {cluster.cells[0]}, [cluster.cells[0]]
        while frontier:
            r, c = frontier.pop()
            for step in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if step in cells and step not in reached:
                    reached.add(step)
                    frontier.append(step)
        assert reached == cells
        assert cluster.points("each") >= cluster.points("once") >= cluster.size
