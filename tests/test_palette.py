"""Codes that never collide: every player colour stays distinct from every other, and from the app's
signal colours, for normal vision and simulated protanopia, deuteranopia and tritanopia; every player
also has a shape of their own."""

import itertools

import pytest

from colour_vision import ciede2000, closest, lab, seen
from companion.players import IDENTITIES

# CIEDE2000 of about 10 is "clearly a different colour" at a glance across a table.
PLAYERS_APART = 14
SIGNALS_APART = 10


def test_the_difference_measure_agrees_with_published_values():
    # Sharma, Wu & Dalal (2005), test pair 1: 2.0425.
    assert ciede2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)) == pytest.approx(2.0425, abs=1e-3)
    # A protanope sees red and green alike: their simulated difference collapses.
    red, green = (0.8, 0.1, 0.1), (0.35, 0.5, 0.1)
    assert ciede2000(lab(seen(red, "protanopia")), lab(seen(green, "protanopia"))) < \
        ciede2000(lab(seen(red, "normal")), lab(seen(green, "normal"))) / 2


@pytest.mark.parametrize("first, second", list(itertools.combinations(IDENTITIES, 2)),
                         ids=lambda identity: identity.key)
def test_every_two_player_colours_stay_apart_for_every_kind_of_vision(first, second):
    difference, vision = closest(first.rgb, second.rgb)
    assert difference >= PLAYERS_APART, f"{first.label} and {second.label} look alike ({difference:.1f}) in {vision}"


def test_every_player_has_a_shape_and_a_name_of_their_own():
    assert len({identity.symbol for identity in IDENTITIES}) == len(IDENTITIES)
    assert len({identity.label for identity in IDENTITIES}) == len(IDENTITIES)


def test_signal_colours_are_no_players_colour():
    pytest.importorskip("kivy")
    from ui import theme

    for signal_name in ("ACCENT", "DANGER", "OK"):
        signal = getattr(theme, signal_name)
        for identity in IDENTITIES:
            difference, vision = closest(signal, identity.rgb)
            assert difference >= SIGNALS_APART, \
                f"theme.{signal_name} looks like the {identity.label} player ({difference:.1f}, {vision})"
