"""Achievements, worked out by hand from games written by hand (companion/achievements.py)."""

from __future__ import annotations

from records_support import DAY, HOUR, T0, bone_race, ledger, played

from companion.achievements import achievements

# Evening 1: Ann wins three Nuts in a row, with three bone races in the first (Ann and Ben): Ann gets
# the bone by 3 ms, Ben by 50, then Ben jumps the cue and Ann gets it. Evening 2: Ben wins one.
EVENING_1 = (
    played(1, ("Ann", "Ben"), (13, 9), at=T0, moves=(600,),
           races=(bone_race({0: 200, 1: 203}), bone_race({0: 300, 1: 250}), bone_race({0: 180}, false_starts=(1,)))),
    played(2, ("Ben", "Ann"), (9, 13), at=T0 + HOUR, moves=(600,)),
    played(3, ("Ann", "Ben"), (13, 9), at=T0 + 2 * HOUR, moves=(600,)),
)
EVENING_2 = (played(4, ("Ann", "Ben"), (9, 13), at=T0 + 7 * DAY, moves=(600,)),)


def titles(found, name):
    return [(item.title, item.earned_at) for item in found.get(name, ())]


def test_each_achievement_is_earned_once_in_the_game_that_earned_it():
    found = achievements(ledger(*EVENING_1, *EVENING_2))
    first, third = T0 + 600, T0 + 2 * HOUR + 600
    # Ann: her first win and the photo finish in game 1 (3 ms at the line), the evening's three races
    # without a false start (the last of them in game 1), then three in a row at game 3.
    assert titles(found, "ann") == [("First win", first), ("Photo finish won by under 5 ms", first),
                                    ("A whole evening of races without a false start", first),
                                    ("Three in a row", third)]
    # Ben: his first win a week later; his 50 ms bone is no photo finish, and he jumped the cue once.
    assert titles(found, "ben") == [("First win", T0 + 7 * DAY + 600)]
    assert {item.game for item in found["ann"]} == {"Nut"}
