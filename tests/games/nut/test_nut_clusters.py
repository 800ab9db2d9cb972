"""The Nut cluster scorer on small layouts worked out by hand.

Grids are rows of cells: R/Y/B/G nuts, W wild, S squirrel, . empty; (row, column) from the top left."""

import pytest

from companion.games.nut.clusters import (
    DOUBLE_EACH,
    DOUBLE_ONCE,
    best_cluster,
    best_clusters,
    cluster_points,
    clusters_of,
    layout_score,
)

COLOURS = "RYBG"


def points(grid, colour, doubling=DOUBLE_ONCE):
    cluster = best_cluster(grid, colour, doubling)
    return 0 if cluster is None else cluster.points(doubling)


def test_a_single_nut_is_a_cluster_worth_one():
    assert points(["R"], "R") == 1


def test_only_the_largest_cluster_of_a_colour_counts():
    # R R . R : a pair and a single, so red is worth the pair only
    assert points(["RR.R"], "R") == 2
    assert len(clusters_of(["RR.R"], "R")) == 2


def test_diagonal_nuts_do_not_join():
    assert points(["R.", ".R"], "R") == 1


def test_another_colour_between_two_nuts_keeps_them_apart():
    assert points(["RBR"], "R") == 1
    assert points(["RBR"], "B") == 1


def test_a_wild_counts_in_two_colours_at_once():
    # R W B: red = R + W = 2, blue = W + B = 2; the one wild is counted in both
    best = best_clusters(["RWB"], COLOURS)
    assert best["R"].size == 2 and best["B"].size == 2
    assert best["R"].cells == ((0, 0), (0, 1)) and best["B"].cells == ((0, 1), (0, 2))
    assert layout_score(["RWB"], COLOURS) == 4


def test_a_wild_joins_two_groups_of_one_colour():
    assert points(["RWR"], "R") == 3


def test_a_squirrel_bridges_two_clusters_and_doubles_the_whole():
    # R R S R R: without the squirrel the best red is 2; with it one cluster of 4 nuts, doubled = 8
    assert points(["RR.RR"], "R") == 2
    assert points(["RRSRR"], "R") == 8


def test_a_squirrel_doubles_every_colour_it_touches():
    # R S B: red 1 x2, blue 1 x2
    assert points(["RSB"], "R") == 2 and points(["RSB"], "B") == 2


def test_a_group_of_only_wilds_and_squirrels_scores_nothing():
    assert best_cluster(["WW", "WW"], "R") is None
    assert layout_score(["WWS", "SWW"], COLOURS) == 0


def test_wilds_away_from_a_colour_do_not_count_for_it():
    # R . W S W : the wilds and squirrel form their own group with no red in it
    assert points(["R.WSW"], "R") == 1


def test_the_largest_cluster_counts_even_when_a_smaller_one_is_worth_more():
    # The sheet: "Players count up points earned for the largest cluster in each color. So, if a player
    # has more than one cluster in a certain color, they must count the largest one only."
    # R R R R . R R R S : four plain nuts (4) against three with a squirrel (6) -> the four, worth 4
    best = best_cluster(["RRRR.RRRS"], "R")
    assert best.size == 4 and best.points() == 4 and best.cells == ((0, 0), (0, 1), (0, 2), (0, 3))
    # R R R . R R S : three plain (3) against two doubled (4) -> the three
    assert points(["RRR.RRS"], "R") == 3
    assert layout_score(["RRRR.RRRS"], COLOURS) == 4


def test_wilds_count_toward_the_size_of_a_cluster():
    # R W W . R R R : red + two wilds is a cluster of 3, as large as the plain three: the first found
    best = best_cluster(["RWW.RRR"], "R")
    assert best.size == 3 and best.cells == ((0, 0), (0, 1), (0, 2))


def test_between_clusters_of_equal_size_the_more_valuable_counts():
    # R R . R R S : two plain (2) against two doubled (4): equal size, so the doubled pair
    best = best_cluster(["RR.RRS"], "R")
    assert best.points() == 4 and best.cells == ((0, 3), (0, 4), (0, 5))
    # R S . R R : one doubled (2) against two plain (2): the pair is larger
    best = best_cluster(["RS.RR"], "R")
    assert best.size == 2 and best.cells == ((0, 3), (0, 4))


def test_two_squirrels_double_once_by_default():
    # S R R S : 2 nuts, two squirrels -> x2 = 4
    assert points(["SRRS"], "R") == 4


def test_two_squirrels_double_twice_with_the_per_squirrel_setting():
    # S R R S : 2 nuts x2 x2 = 8; with a third squirrel below, 2 x8 = 16
    assert points(["SRRS"], "R", DOUBLE_EACH) == 8
    assert points(["SRRS", ".S.."], "R", DOUBLE_EACH) == 16
    assert points(["SRRS", ".S.."], "R", DOUBLE_ONCE) == 4


def test_cluster_points_for_quick_entries():
    assert cluster_points(3, 0) == 3
    assert cluster_points(3, 2) == 6
    assert cluster_points(3, 2, DOUBLE_EACH) == 12
    with pytest.raises(ValueError):
        cluster_points(3, 1, "triple")


def test_a_whole_layout_adds_the_best_cluster_of_each_colour():
    # R R W B     red: R R W + S + R (via the squirrel) = 3 nuts + 1 wild, doubled = 8
    # S . . B     blue: B B + the wild at (0, 2) = 3
    # R . G G     green: 2; yellow: none
    grid = ["RRWB", "S..B", "R.GG"]
    best = best_clusters(grid, COLOURS)
    assert {colour: (c.points() if c else 0) for colour, c in best.items()} == {"R": 8, "Y": 0, "B": 3, "G": 2}
    assert best["R"].cells == ((0, 0), (0, 1), (0, 2), (1, 0), (2, 0))
    assert layout_score(grid, COLOURS) == 13
