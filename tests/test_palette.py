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


# ----- card colours ------------------------------------------------------------------------------------
# Card colours sit beside player shapes on the same table, so a card is told from a player by its shape
# and the card colours of one game are told from each other as surely as players are.
CARDS_APART = 14


def _card_looks():
    """Per game, every card colour it can show: {game: {colour: (rgb, shape)}}."""
    pytest.importorskip("kivy")
    from ui.games.nut import cells as nut_cells
    from ui.games.nuts_about_mutts import widgets as nuts_about_mutts_parts
    from ui.games.thats_ruff import widgets as thats_ruff_parts

    mutts = dict(nuts_about_mutts_parts._LOOKS)
    # A family that renames the colours gets the spare looks, in any mix with the named ones.
    mutts.update({f"renamed {index + 1}": look for index, look in enumerate(nuts_about_mutts_parts._SPARE)})
    mutts["wild on top"] = ((1, 1, 1), nuts_about_mutts_parts.SPECIAL_SHAPE)
    ruff = {suit: (fill[:3], thats_ruff_parts.SUIT_SYMBOL[suit]) for suit, fill in thats_ruff_parts.SUIT_FILL.items()}
    # Nut cells carry a pattern and a letter rather than a shape.
    nut = {letter: (nut_cells.FILLS[letter], nut_cells.PATTERNS[letter]) for letter in nut_cells.PATTERNS}
    return {"Nuts about Mutts": mutts, "That's Ruff!": ruff, "Nut": nut}


def test_no_card_colour_is_marked_with_a_players_shape():
    player_shapes = {identity.symbol for identity in IDENTITIES}
    for game, looks in _card_looks().items():
        for colour, (_, shape) in looks.items():
            assert shape not in player_shapes, f"{game}: the {colour} cards carry the {shape}, a player's shape"
        shapes = [shape for _, shape in looks.values()]
        assert len(set(shapes)) == len(shapes), f"{game}: two card colours share a shape"


@pytest.mark.parametrize("game", ["Nuts about Mutts", "That's Ruff!", "Nut"])
def test_every_two_card_colours_of_a_game_stay_apart_for_every_kind_of_vision(game):
    looks = {colour: rgb for colour, (rgb, _) in _card_looks()[game].items() if colour != "wild on top"}
    for (first, first_rgb), (second, second_rgb) in itertools.combinations(looks.items(), 2):
        difference, vision = closest(first_rgb, second_rgb)
        assert difference >= CARDS_APART, f"{game}: {first} and {second} look alike ({difference:.1f}) in {vision}"


def test_card_shapes_are_drawn_and_differ_from_every_players():
    pytest.importorskip("kivy")
    from kivy.graphics import Canvas

    from ui.widgets.symbols import CARD_SHAPES, SHAPES, draw_shape, shape_contours

    assert not set(CARD_SHAPES) & set(SHAPES)
    for shape in CARD_SHAPES:
        contours = shape_contours(shape, 100, 100, 13)
        assert contours, f"{shape} has no outline"
        for contour in contours:
            xs, ys = [x for x, _ in contour], [y for _, y in contour]
            # A visible shape of its own size: inside its box, and neither a dot nor a line.
            assert 100 - 14.5 <= min(xs) and max(xs) <= 100 + 14.5 and 100 - 14.5 <= min(ys) and max(ys) <= 100 + 14.5
            assert _area(contour) > 4, f"a part of the {shape} is too small to see"
        assert sum(_area(contour) for contour in contours) > 0.3 * 26 * 26, f"the {shape} is too thin at 26 px"
        canvas = Canvas()
        with canvas:
            draw_shape(shape, 100, 100, 13, (1, 1, 1, 1))
        assert len(canvas.children) > 2, f"the {shape} drew nothing"


def _area(contour) -> float:
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(contour, contour[1:] + contour[:1]))) / 2
