"""The kit draws only what shows: rows of a scrolled page out of sight, a label with no words, an empty
message bar, a choice's edge and ring while it has none, and what a popup filling the screen covers
are off the canvas (each would be a draw call at every frame), and back as soon as they show."""

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.graphics import InstructionGroup, Line, Rectangle, VertexInstruction  # noqa: E402
from kivy.uix.boxlayout import BoxLayout  # noqa: E402
from kivy.uix.label import Label  # noqa: E402
from kivy.uix.modalview import ModalView  # noqa: E402
from kivy.uix.scrollview import ScrollView  # noqa: E402
from ui_support import settle  # noqa: E402

from ui.widgets.basics import MessageBar  # noqa: E402
from ui.widgets.choice import Choice  # noqa: E402
from ui.widgets.hiding import covers_the_screen  # noqa: E402
from ui.widgets.symbols import SymbolShape  # noqa: E402


def drawn(group) -> int:
    """The vertex instructions (each a draw call) in a canvas and everything under it."""
    count = 0
    for part in group.children:
        if isinstance(part, InstructionGroup):
            count += drawn(part)
        elif isinstance(part, VertexInstruction):
            count += 1
    return count


def test_a_scrolled_page_draws_the_rows_in_sight_and_those_scrolled_to(shown):
    scroll = ScrollView(size_hint=(None, None), size=(300, 200), pos=(0, 0), do_scroll_x=False)
    page = BoxLayout(orientation="vertical", size_hint_y=None, height=40 * 30)
    rows = [Label(text=f"Row {number}", size_hint_y=None, height=40) for number in range(30)]
    for row in rows:
        page.add_widget(row)
    scroll.add_widget(page)
    shown(scroll)
    attached = [row for row in rows if page.canvas.indexof(row.canvas) >= 0]
    assert rows[0] in attached and rows[-1] not in attached
    assert len(attached) <= 7, f"{len(attached)} rows drawn where 5 show"
    scroll.scroll_y = 0
    settle()
    attached = [row for row in rows if page.canvas.indexof(row.canvas) >= 0]
    assert rows[-1] in attached and rows[0] not in attached
    # Back in their order: the page draws them in the order they were added.
    order = [page.canvas.indexof(row.canvas) for row in rows if row in attached]
    assert order == sorted(order)


def test_a_label_without_words_draws_nothing_until_it_has_some(shown):
    label = shown(Label(text=""))
    assert drawn(label.canvas) == 0
    label.text = "Tonight"
    settle()
    assert drawn(label.canvas) == 1 and label.texture is not None
    label.text = ""
    settle()
    assert drawn(label.canvas) == 0


def test_an_empty_message_bar_draws_nothing_and_a_message_draws_its_bar_and_mark(shown):
    bar = shown(MessageBar(reserve=40, size_hint_x=None, width=600))
    assert drawn(bar.canvas) == 0
    bar.show("Not your turn", problem=True)
    settle()
    assert drawn(bar.canvas) == 4   # the bar, the words and the cross's two strokes
    bar.clear()
    settle()
    assert drawn(bar.canvas) == 0


def test_a_choice_draws_its_ring_only_while_it_is_chosen(shown):
    choice = shown(Choice(text="Blue dish", size_hint_x=None, width=200))
    rings = lambda: [part for part in choice._drawing.children if isinstance(part, Line)]  # noqa: E731
    assert rings() == []
    choice.selected = True
    settle()
    assert len(rings()) == 1 and rings()[0].width > 1
    choice.selected = False
    settle()
    assert rings() == []


def test_a_shape_is_one_picture_and_nothing_at_no_size(shown):
    shape = shown(SymbolShape(shape="star", rgba=[1, 0.8, 0, 1], size_hint=(None, None), size=(30, 30)))
    pictures = [part for part in shape.canvas.children if isinstance(part, Rectangle)]
    assert drawn(shape.canvas) == 1 and pictures[0].texture is not None
    assert tuple(pictures[0].size) == (30, 30)
    shape.size = (0, 0)
    settle()
    assert drawn(shape.canvas) == 0


def test_what_a_popup_filling_the_screen_covers_is_not_drawn_while_it_is_open(shown):
    beneath = shown(Label(text="The table"))
    popup = ModalView(size_hint=(0.94, 0.94))
    covers_the_screen(popup)
    popup.open(animation=False)
    settle()
    assert Window.canvas.indexof(beneath.parent.canvas) < 0
    popup.dismiss(animation=False)
    settle()
    assert 0 <= Window.canvas.indexof(beneath.parent.canvas)


def test_popups_closed_in_any_order_leave_the_window_drawing_what_it_drew(shown):
    """The history over the table, the keyboard over the history: closing the history first must not
    leave the table drawn over the keyboard, nor a closed popup drawn on after it has gone."""
    beneath = shown(Label(text="The table"))
    lower, upper = ModalView(size_hint=(0.94, 0.94)), ModalView(size_hint=(1, 1))
    for popup in (lower, upper):
        covers_the_screen(popup)
        popup.open(animation=False)
        settle()
    assert Window.canvas.indexof(beneath.parent.canvas) < 0 and Window.canvas.indexof(lower.canvas) < 0
    lower.dismiss(animation=False)
    settle()
    assert Window.canvas.indexof(beneath.parent.canvas) < 0, "the table is drawn while the keyboard covers it"
    upper.dismiss(animation=False)
    settle()
    assert Window.canvas.indexof(beneath.parent.canvas) >= 0
    assert Window.canvas.indexof(lower.canvas) < 0 and Window.canvas.indexof(upper.canvas) < 0


def test_what_is_put_back_under_an_open_popup_that_covers_the_screen_is_not_drawn(shown):
    beneath = shown(Label(text="The table"))
    popup = ModalView(size_hint=(1, 1))
    covers_the_screen(popup)
    popup.open(animation=False)
    settle()
    for widget in (beneath.parent, popup):
        Window.remove_widget(widget)
    for widget in (beneath.parent, popup):
        Window.add_widget(widget)
    settle()
    assert Window.canvas.indexof(beneath.parent.canvas) < 0
    assert Window.canvas.children.count(popup.canvas) == 1, "the popup is drawn twice"
    popup.dismiss(animation=False)
    settle()


def test_buttons_in_rows_have_their_fills_drawn_by_the_row_one_shape_a_colour(shown):
    """A pad of buttons in plain rows draws one shape per colour under its words, and a press (a
    button's colour changing) is drawn there at once."""
    from kivy.graphics import Color, Mesh
    from kivy.uix.gridlayout import GridLayout

    from ui.widgets.basics import BigButton

    pad = BoxLayout(orientation="vertical", size_hint=(None, None), size=(420, 200), pos=(0, 0))
    rows = [GridLayout(cols=7) for _ in range(2)]
    buttons = [BigButton(text=str(number), size_hint_y=1) for number in range(14)]
    for number, button in enumerate(buttons):
        rows[number // 7].add_widget(button)
    for row in rows:
        pad.add_widget(row)
    shown(pad)

    assert len({id(button._sharing_with) for button in buttons}) == 1, "the two rows draw apart"

    def shapes():
        """(colour, triangles) of each shape drawn under the pad's buttons."""
        found, colour = [], None
        for part in buttons[0]._sharing_with._shared_fills.drawing.children:
            if isinstance(part, Color):
                colour = tuple(part.rgba)
            elif isinstance(part, Mesh):
                found.append((colour, len(part.indices) // 3))
        return found

    assert sum(drawn(button.canvas) for button in buttons) == 14   # their words only
    (colour, triangles), = shapes()
    assert colour == tuple(buttons[0]._colour.rgba) and triangles == 14 * triangles // 14 > 0
    buttons[3].state = "down"
    settle()
    assert sorted(count for _, count in shapes()) == sorted([triangles // 14, triangles // 14 * 13])
