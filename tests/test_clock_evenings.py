"""Game nights on a table whose clock jumps, as a Raspberry Pi's does: started at a stale time and set
right later, set too far and put back, or starting at the same day at every boot. The games keep the
times they were given; the evenings are the nights the family played."""

from __future__ import annotations

import time

import pytest
from clock_support import DAY, FRIDAY_8PM, HOUR, IMAGE_BUILT, MINUTE, play_nut

from companion.game_lines import evenings, tonight
from companion.store import Store


@pytest.fixture
def store(tmp_path):
    store = Store.open(tmp_path)
    yield store
    store.close()


def numbers(found) -> list[list[int]]:
    return [[game.session_id for game in evening.games] for evening in found]


def test_a_clock_set_forward_between_games_keeps_last_night_apart_and_tonight_together(store, table_clock):
    friday = [play_nut(store, table_clock, 40).id, play_nut(store, table_clock, 40).id]   # with network time
    # Switched off at 21:30; on Saturday evening it starts without network, at the clock it saved.
    table_clock.reboot(table_clock.wall + 5 * MINUTE)
    stale = table_clock.wall
    first = play_nut(store, table_clock, 30).id            # "Friday 21:35" on the stale clock
    table_clock.set(FRIDAY_8PM + DAY + 50 * MINUTE)        # set right in Settings: Saturday 20:50
    second = play_nut(store, table_clock, 30).id

    found = evenings(store)
    assert numbers(found) == [[first, second], friday]
    assert abs(store.session_record(first).started_at - stale) < 1   # its time is never rewritten
    assert time.strftime("%a", time.gmtime(found[0].started_at)) == "Sat"   # the evening is Saturday's
    assert numbers([tonight(store)]) == [[first, second]]


def test_a_clock_set_back_between_games_makes_one_evening_and_it_is_tonight(store, table_clock):
    table_clock.synced = False
    table_clock.set(FRIDAY_8PM + 2 * DAY)                  # a wrong date, two days ahead
    early = play_nut(store, table_clock, 30).id
    table_clock.set(table_clock.wall - 2 * DAY)            # put back: Friday 20:30
    late = play_nut(store, table_clock, 30).id

    assert numbers(evenings(store)) == [[early, late]]     # in the order they were played
    assert numbers([tonight(store)]) == [[early, late]]
    table_clock.wait(5 * HOUR)
    assert tonight(store) is None


def test_nights_on_a_clock_that_starts_at_the_same_hour_every_boot_are_apart_and_the_last_is_tonight(
        store, table_clock):
    table_clock.reboot(IMAGE_BUILT)                        # no network, no saved clock
    first_night = [play_nut(store, table_clock, 30).id, play_nut(store, table_clock, 30).id]
    table_clock.reboot(IMAGE_BUILT)                        # the next night: the same day and hour again
    second_night = [play_nut(store, table_clock, 20).id, play_nut(store, table_clock, 20).id]

    found = evenings(store)
    assert numbers(found) == [second_night, first_night]
    assert numbers([tonight(store)]) == [second_night]
    table_clock.reboot(IMAGE_BUILT + 30 * MINUTE)          # the night after: nothing played yet
    assert tonight(store) is None
