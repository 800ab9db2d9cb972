"""The kit's additions for the app's own screens, as a finger uses them: a row of options of which one
is chosen, a stepper whose owner decides which values it allows, a clashing value drawn in the refusal
colour, a button in a player's colour, a list that runs across, a seat's name that goes on after its
hyphen where its line is too short even in the smallest type, and a choice's note no bigger than its words."""

import pytest

pytest.importorskip("kivy")

from kivy.uix.boxlayout import BoxLayout  # noqa: E402
from ui_support import settle, tap  # noqa: E402

from ui import theme  # noqa: E402
from ui.widgets.choice import Choice, ChoiceRow  # noqa: E402
from ui.widgets.lists import RowList  # noqa: E402
from ui.widgets.stepper import Stepper  # noqa: E402


def test_a_choice_row_marks_the_option_tapped_and_says_so_once(shown):
    chosen = []
    row = shown(ChoiceRow(options=[("lose", "Loses"), ("lockout", "Locked out")], value="lose"))
    row.bind(on_choose=lambda _row, value: chosen.append(value))
    assert row.buttons["lose"].selected and not row.buttons["lockout"].selected
    tap(row.buttons["lockout"])
    tap(row.buttons["lockout"])   # already chosen: nothing more to say
    assert chosen == ["lockout"] and row.value == "lockout"
    assert row.buttons["lockout"].selected and not row.buttons["lose"].selected
    row.value = "lose"            # from the model: marked, not dispatched
    assert row.buttons["lose"].selected and chosen == ["lockout"]


def test_a_stepper_asks_its_owner_and_a_refused_step_keeps_the_value(shown):
    asked = []

    def allows(value):
        asked.append(value)
        return value >= 0

    steps = shown(Stepper(value=1, allows=allows))
    assert not steps.minus.disabled and not steps.plus.disabled   # the owner decides, so no end is greyed
    tap(steps.minus)
    tap(steps.minus)
    assert asked == [0, -1] and steps.value == 0 and steps.number.text == "0"
    tap(steps.plus)
    assert steps.value == 1


def test_a_stepper_through_a_range_greys_its_ends_and_a_clash_shows_in_the_refusal_colour(shown):
    steps = shown(Stepper(value=2, low=2, high=3))
    assert steps.minus.disabled and not steps.plus.disabled
    tap(steps.plus)
    assert steps.value == 3 and steps.plus.disabled
    steps.warn = True
    assert list(steps.number.color) == list(theme.palette.danger)


def test_a_choice_takes_a_players_colour_and_its_words_stay_readable(shown):
    sky = (0.35, 0.75, 0.95, 1)
    choice = shown(Choice(text="Maya", shape="triangle", tint=list(sky)))
    assert list(choice.fill) == list(sky)
    assert list(choice.ids["label"].color) == list(theme.readable_text_on(sky))
    choice.disabled = True
    assert list(choice.fill) == list(theme.palette.disabled)


class Chip(BoxLayout):
    text = ""


def test_a_list_across_lays_its_items_left_to_right_and_scrolls_sideways(shown):
    from kivy.factory import Factory

    Factory.register("KitChip", cls=Chip)
    row = shown(RowList(across=True, size_hint=(1, 1)))
    row.data = [{"viewclass": "KitChip", "row_size": (150, None)} for _ in range(10)]
    settle()
    items = sorted((child for child in row.layout_manager.children), key=lambda child: child.x)
    assert len(items) < 10                                # only what is in sight is made
    assert [item.y for item in items] == [items[0].y] * len(items)
    assert all(item.height == pytest.approx(row.height) for item in items)
    assert row.do_scroll_x and not row.do_scroll_y


def test_a_choice_with_an_edge_shows_it_round_its_fill_and_one_without_fills_to_its_border(shown):
    from kivy.graphics import Color, InstructionGroup, RoundedRectangle

    def painted(choice):
        """(colour, size) of each rounded rectangle under the choice's words, in the order painted."""
        colour, shapes = None, []

        def walk(group):
            nonlocal colour
            for instruction in group.children:
                if isinstance(instruction, InstructionGroup):
                    walk(instruction)
                elif isinstance(instruction, Color):
                    colour = list(instruction.rgba)
                elif isinstance(instruction, RoundedRectangle):
                    shapes.append((colour, tuple(instruction.size)))
        walk(choice.canvas.before)
        return shapes

    edged = shown(Choice(text="Black paw", edge_rgba=[1, 1, 1, 0.5], size_hint_x=None, width=200))
    plain = shown(Choice(text="Blue dish", size_hint_x=None, width=200))
    (edge_colour, edge_size), (fill_colour, fill_size) = painted(edged)[:2]
    assert edge_colour == [1, 1, 1, 0.5] and edge_size == tuple(edged.size)
    assert fill_colour == list(edged.fill) and fill_size[0] < edged.width and fill_size[1] < edged.height
    # No edge is drawn at all (a shape of no size would still be a draw call): the fill is the only shape.
    (plain_colour, plain_fill), = painted(plain)
    assert plain_colour == list(plain.fill) and plain_fill == tuple(plain.size)


def test_a_list_shorter_than_its_box_stays_at_the_top_when_a_row_is_brought_into_sight(shown):
    """Opening the last of a few rows must not push them all to the bottom of a tall screen, leaving an
    empty band under the title; a long list does scroll to the row."""
    from kivy.factory import Factory

    Factory.register("KitChip", cls=Chip)
    rows = shown(RowList(size_hint=(1, 1)))
    rows.data = [{"viewclass": "KitChip", "row_size": (None, 20)} for _ in range(3)]
    settle()
    rows.scroll_to_index(2)
    settle()
    assert rows.scroll_y == 1.0
    highest = max(child.to_window(child.x, child.top)[1] for child in rows.layout_manager.children)
    assert highest == pytest.approx(rows.to_window(rows.x, rows.top)[1])
    rows.data = [{"viewclass": "KitChip", "row_size": (None, 40)} for _ in range(30)]
    settle()
    rows.scroll_to_index(29)
    settle()
    assert rows.scroll_y < 0.05


def test_a_refusal_and_a_confirmation_are_told_apart_by_their_mark_as_well_as_their_colour(shown):
    from ui.widgets.basics import MessageBar

    bar = shown(MessageBar(reserve=48))
    bar.show("Not your turn, Mum: it is Leo's.", problem=True)
    settle()
    cross, second = bar._strokes
    assert len(cross.points) == 4 and len(second.points) == 4     # two strokes crossing
    assert bar._mark_colour.rgba[3] == 1 and list(bar._mark_colour.rgba) == list(bar.color)
    left_of_words = bar.center_x - bar.texture_size[0] / 2
    assert max(cross.points[0::2]) < left_of_words                 # beside the words, not over them
    bar.show("Undone: Ann ended the turn")
    settle()
    tick, second = bar._strokes
    assert len(tick.points) == 6 and not second.points             # one stroke, bent
    bar.clear()
    assert bar._mark_colour.rgba[3] == 0


def test_a_shape_too_dark_for_the_tables_surfaces_gets_a_light_rim():
    from companion.players import IDENTITIES
    from ui.widgets.symbols import SymbolShape

    def rim(key):
        identity = next(identity for identity in IDENTITIES if identity.key == key)
        return SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb))._rim()

    assert theme.contrast_ratio(rim("red"), theme.palette.surface) > 7      # dark red's cross stands out
    assert list(rim("yellow")) == [0, 0, 0, 0.85]                            # a light fill keeps its dark edge


def test_a_name_too_long_for_its_badge_at_the_smallest_type_goes_on_after_its_hyphen(shown):
    import sys
    from pathlib import Path

    from ui.widgets.seat import SeatBadge
    from ui.widgets.text import text_width

    sys.path.insert(0, str(Path(__file__).parent / "e2e"))
    import layout

    badge = SeatBadge(font_size=theme.FONT_BODY, fit_down_to=theme.FONT_SMALL, size_hint=(None, None), height=80)
    badge.name, badge.symbol = "Jean-Baptiste", "circle"   # as a screen's rule gives them
    # Room for "Baptiste" at the smallest type, not for the whole name.
    badge.width = badge.symbol_size + badge.spacing + text_width("Baptiste", theme.FONT_SMALL) + 8
    shown(badge)
    label = badge.ids["label"]
    assert label.font_size == theme.FONT_SMALL and label.text == "Jean-\nBaptiste"
    assert layout.broken_words(badge) == [] and layout.label_problems(label) == []
    badge.width = 400   # room again: the name on one line, in the type asked for
    settle()
    assert label.text == "Jean-Baptiste" and label.font_size == theme.FONT_BODY


def test_a_badge_made_with_its_player_shows_the_name_from_the_start(shown):
    from companion.players import Player
    from ui.widgets.seat import SeatBadge

    badge = SeatBadge(player=Player("Ben", "sky"), size_hint=(None, None), size=(200, 60))
    assert badge.ids["label"].text == "Ben"   # before any layout gives its words another width
    shown(badge)
    assert badge.ids["label"].text == "Ben"


def test_a_choices_note_is_never_in_bigger_type_than_its_words(shown):
    from ui.widgets.sizes import sizes

    choice = shown(Choice(text="green zigzags", note="5 left", font_size=theme.FONT_BODY, size_hint_y=None,
                          height=theme.FONT_SMALL * 3))
    sizes.font_small, before = theme.FONT_SMALL * 1.5, sizes.font_small   # as at 1280x720
    try:
        choice.note = "4 left"
        settle()
        label = choice.ids["label"]
        assert label.texture_size[1] <= label.height + 1.5, "the words and the note spill out of the choice"
        assert choice.note_font <= choice.shown_font
    finally:
        sizes.font_small = before


def test_a_path_in_a_message_goes_on_at_its_slashes_and_inside_a_folder_name_longer_than_a_line():
    from ui.widgets.text import breakable

    folder = "a-rather-long-temporary-folder-name-" * 4   # one folder, 144 characters, no slash in it
    said = breakable(f"The saved games file /tmp/{folder}/data/companion.sqlite3 cannot be read.")
    lines = said.split("\n")
    assert max(len(word) for line in lines for word in line.split(" ")) <= 40, lines
    assert said.replace("\n", "") == f"The saved games file /tmp/{folder}/data/companion.sqlite3 cannot be read."
    assert breakable("Plug in a stick, then tap Import again.") == "Plug in a stick, then tap Import again."


def test_a_choice_too_short_for_its_word_and_note_in_full_type_keeps_both_inside_it(shown):
    """Nut's kinds at 1280x720 with Larger text: the word and "20 left" in the full small type are
    taller than the button; the note takes smaller type, the word what is left, and both stay inside."""
    from ui.widgets.sizes import sizes
    from ui.widgets.text import line_height

    big = theme.FONT_SMALL * 1.5 * 1.25
    sizes.font_small, before = big, sizes.font_small
    try:
        choice = shown(Choice(text="Standard", note="20 left", font_size=big, size_hint_y=None,
                              height=2 * line_height(big) - 4))
        settle()
        label = choice.ids["label"]
        assert label.texture_size[1] <= label.height + 1.5, "the word and the note spill out of the choice"
        assert theme.FONT_SMALL <= choice.note_font <= choice.shown_font
    finally:
        sizes.font_small = before
