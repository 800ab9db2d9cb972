"""The app's start as a family meets it: Home is drawn first, the big buttons open on the very next
frame, and nothing said or pressed in that first second is lost."""

import time

import pytest

pytest.importorskip("kivy")

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402  (opens the headless window)
from ui_support import texts  # noqa: E402

from companion import config  # noqa: E402
from companion.players import Player  # noqa: E402
from companion.store import Store  # noqa: E402
from hardware.backend import NO_GPIO_WARNING  # noqa: E402
from ui.app import CompanionApp  # noqa: E402


@pytest.fixture
def start_app(tmp_path):
    """Start the app as `companion` does, up to its first frame: the caller runs the frames."""
    started = []

    def start(backend="mock", **display):
        settings = config.load(tmp_path)
        settings["display"].update(display)
        app = CompanionApp.create(data_dir=tmp_path, settings=settings, backend=backend)
        app._run_prepare()  # what App.run does before its loop: build Home and put it in the window
        started.append(app)
        return app

    yield start
    for app in started:
        app.dispatch("on_stop")
        Window.remove_widget(app.root)


def frame():
    EventLoop.idle()


def edges_heard(app):
    heard = []
    app.services.hardware.on_idle_edge = heard.append
    return heard


def test_home_is_drawn_first_and_the_buttons_open_on_the_next_frame(start_app):
    app = start_app()
    open_at_each_flip = []

    def record(*_):
        open_at_each_flip.append(app.services.hardware_if_open is not None)

    Window.bind(on_flip=record)
    try:
        frame()
        assert open_at_each_flip == [False]          # the first frame is Home alone
        frame()
        assert app.services.hardware_if_open is not None
    finally:
        Window.unbind(on_flip=record)
    heard = edges_heard(app)
    app.services.hardware.press(1)
    app.services.hardware.release(1)
    assert [(edge.player, edge.pressed) for edge in heard][:1] == [(1, True)]


def test_a_key_pressed_before_the_buttons_opened_still_presses_the_button(start_app):
    app = start_app()
    Window.dispatch("on_key_down", ord("3"), 0, "3", [])   # while the window is still opening
    assert app.services.hardware.buttons.presses_counted()[3] == 1
    Window.dispatch("on_key_up", ord("3"), 0)
    frame()
    frame()                                                # the deferred step finds them open
    assert app.services.hardware.buttons.presses_counted() == {1: 0, 2: 0, 3: 1, 4: 0, 5: 0, 6: 0}


def test_no_gpio_is_said_on_home_once_the_buttons_were_tried(start_app):
    app = start_app(backend="none")
    home = app.navigator.current_screen
    frame()
    frame()
    assert texts(home).count(NO_GPIO_WARNING) == 1
    assert texts(home).index(NO_GPIO_WARNING) < texts(home).index("Nuts about Mutts")   # first on the screen


def test_the_first_frame_offers_the_unfinished_game(tmp_path, start_app):
    store = Store.open(tmp_path)
    store.new_session("mix_the_mutts", [Player("Ann", "orange"), Player("Ben", "sky")])
    store.close()
    app = start_app()
    assert any(text.startswith("[b]Unfinished: Mix-the-Mutts") for text in texts(app.navigator.current_screen))


def test_a_big_button_wakes_the_screen_that_slept_without_playing_a_move(start_app):
    app = start_app(sleep_after_min=0.001)                   # asleep after 0.06 s untouched
    frame()
    frame()
    sleep, heard = app.services.screen_sleep, edges_heard(app)
    time.sleep(0.1)
    sleep.check()
    assert sleep.asleep
    app.services.hardware.press(2)
    frame()
    assert not sleep.asleep and heard == []


def test_an_app_closed_before_its_first_frame_opens_no_buttons(start_app):
    app = start_app()
    app.dispatch("on_stop")
    frame()
    frame()
    assert app.services.hardware_if_open is None
