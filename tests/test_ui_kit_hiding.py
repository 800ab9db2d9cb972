"""Hiding a part made once: no touch reaches a hidden button, nothing hidden is drawn, and words that
only hide and show again are not drawn anew each time (a race result shown after every wait for GO)."""

import pytest

pytest.importorskip("kivy")

from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from kivy.uix.boxlayout import BoxLayout  # noqa: E402
from kivy.uix.label import Label  # noqa: E402
from ui_support import settle, tap  # noqa: E402

from ui.widgets.basics import BigButton  # noqa: E402
from ui.widgets.hiding import hide  # noqa: E402


@pytest.fixture
def stage():
    """A row of two parts on the window: words only, and a button."""
    row = BoxLayout(size_hint=(None, None), size=(600, 120), pos=(0, 0))
    words = BoxLayout()
    words.add_widget(Label(text="1st  Anastasia  +3.2 ms"))
    pressed = []
    button = BigButton(text="Accept result", on_release=lambda *_: pressed.append(True))
    row.add_widget(words)
    row.add_widget(button)
    Window.add_widget(row)
    settle()
    yield row, words, button, pressed
    Window.remove_widget(row)


def test_words_hidden_and_shown_again_keep_the_picture_they_had(stage):
    row, words, _button, _pressed = stage
    label = words.children[0]
    drawn = []
    draw = label._label.refresh
    label._label.refresh = lambda: drawn.append(True) or draw()
    hide(words, True)
    settle()
    assert words.canvas not in row.canvas.children, "a hidden part is still drawn"
    hide(words, False)
    settle()
    assert words.canvas in row.canvas.children
    assert drawn == [], "the words were drawn again only because they were hidden"


def test_a_hidden_button_takes_no_touch_and_takes_them_again_once_shown(stage):
    _row, _words, button, pressed = stage
    hide(button, True)
    settle()
    tap(button)
    assert pressed == []
    hide(button, False)
    settle()
    tap(button)
    assert pressed == [True]


def test_a_hidden_part_keeps_its_place_draws_nothing_and_comes_back_in_its_order():
    from kivy.uix.widget import Widget

    row = BoxLayout(size_hint=(None, None), size=(600, 120), pos=(0, 0))
    Window.add_widget(row)
    parts = [Widget() for _ in range(3)]
    for part in parts:
        row.add_widget(part)
    settle()
    drawn = [row.canvas.indexof(part.canvas) for part in parts]
    hide(parts[1], True)
    settle()
    assert row.canvas.indexof(parts[1].canvas) == -1 and parts[1].opacity == 0
    assert parts[1].width == parts[0].width          # its place kept: the others keep their size
    hide(parts[1], False)
    assert [row.canvas.indexof(part.canvas) for part in parts] == drawn
    Window.remove_widget(row)
