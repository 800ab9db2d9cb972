import os
import tempfile

# Kivy reads these at import time: no command-line parsing, a private home so tests never touch the
# user's Kivy config, and quiet logs.
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))
os.environ.setdefault("KIVY_LOG_LEVEL", "warning")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

# Frames as fast as the machine makes them, not 60 a second: a test waits for what it needs (an
# animation's end, a condition), never for a frame rate. Set in this process only, before Kivy's clock
# starts, so the app a test starts as a child process keeps its own limit.
from kivy.config import Config  # noqa: E402

Config.set("graphics", "maxfps", "0")


import sys  # noqa: E402

import pytest  # noqa: E402


def _window():
    """The headless window, if a test module has opened it (importing kivy.core.window does)."""
    if "kivy.core.window" not in sys.modules:
        return None
    from kivy.core.window import Window

    return Window


def _draw(window) -> None:
    type(window).on_draw(window)
    type(window).on_flip(window)


@pytest.fixture(autouse=True)
def frames_lay_out_without_painting():
    """No test reads the window's pixels in-process (screenshots are taken by a separate process), yet
    painting every frame in software took two thirds of a UI test's time. So the frames between two
    touches only lay out; each UI test's last screen is still painted once, after its body, so that
    an error only drawing shows (a bad texture, a canvas instruction refused) still fails it."""
    window = _window()
    if window is not None and "on_draw" not in vars(window):
        window.on_draw = window.on_flip = lambda *args: None
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    outcome = yield
    window = _window()
    if window is not None and outcome.excinfo is None:
        _draw(window)


@pytest.fixture
def shown():
    """Puts a widget on the headless window (in a box of its own), and takes it off after."""
    from kivy.core.window import Window
    from kivy.uix.boxlayout import BoxLayout
    from ui_support import settle

    placed = []

    def show(widget):
        box = BoxLayout(size_hint=(None, None), size=(600, 120), pos=(0, 0))
        box.add_widget(widget)
        Window.add_widget(box)
        placed.append(box)
        settle()
        return widget

    yield show
    for box in placed:
        Window.remove_widget(box)


@pytest.fixture
def navigator():
    """A navigator on the headless window, screens changing without a slide (UI tests that go from
    screen to screen by taps)."""
    from kivy.core.window import Window
    from kivy.uix.screenmanager import NoTransition

    from ui.navigation import Navigator

    navigator = Navigator(transition=NoTransition())
    Window.add_widget(navigator)
    yield navigator
    Window.remove_widget(navigator)


@pytest.fixture
def services(tmp_path):
    """What the app hands every screen, over a fresh data directory (UI tests)."""
    from ui_support import make_services

    services = make_services(tmp_path)
    yield services
    services.store.close()


@pytest.fixture
def table_clock(monkeypatch):
    """The table's clock, moved by hand (tests/clock_support.py): Friday 20:00, network time in charge."""
    from clock_support import FRIDAY_8PM, TableClock

    from companion import clock

    fake = TableClock(FRIDAY_8PM, synced=True)
    monkeypatch.setattr(clock, "source", fake)
    return fake


@pytest.fixture(autouse=True)
def collector_left_alone(request, monkeypatch):
    """After each change of screen the app collects its garbage and freezes the rest (ui/collector.py).
    A test process holds every earlier test's leftovers, millions of objects, so each of those walks
    takes up to a second there: tests leave it out, except those marked `collector`, which check it."""
    if request.node.get_closest_marker("collector") is None:
        monkeypatch.setattr("ui.collector.collect_and_freeze", lambda: None)
    yield


@pytest.fixture(autouse=True)
def no_popup_outlives_its_test():
    """A popup a test leaves open would sit over the next test's screen and take its taps."""
    yield
    import sys

    if "kivy.core.window" not in sys.modules:
        return
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    for child in list(Window.children):
        if isinstance(child, ModalView):
            child.dismiss(animation=False)


def pytest_collection_modifyitems(items):
    """The longest tests first (play-throughs, then the other slow ones), each group in the order it was
    collected: the workers then end together on short tests, instead of one worker still running a
    minute-long play-through it was handed last while the other waits."""
    def length_class(item) -> int:
        return 0 if item.get_closest_marker("e2e") else 1 if item.get_closest_marker("slow") else 2

    items.sort(key=length_class)
