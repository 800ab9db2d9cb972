"""Helpers for tests that build real Kivy widgets in a headless window."""

from contextlib import contextmanager

from companion import config
from companion.store import Store
from ui.services import Services


def make_services(tmp_path) -> Services:
    return Services(data_dir=tmp_path, store=Store.open(tmp_path), settings=config.load(tmp_path))


def texts(widget) -> list[str]:
    """Every piece of text a player could read in `widget`, in drawing order."""
    return [child.text for child in widget.walk() if isinstance(getattr(child, "text", None), str) and child.text]


ANIMATION_LIMIT_S = 5.0


def finish_animations() -> None:
    """Move every running animation (a popup opening or closing, a screen fading in) to its last step, as
    if its time had passed: the next frame ends it through Kivy's own code, completion callbacks and all,
    without the test waiting in real time for a tenth of a second that a finger would have waited."""
    from kivy.animation import Animation

    for animation in list(Animation._instances):
        for progress in animation._widgets.values():
            # A Sequence or Parallel keeps only a flag per widget; its parts are animations of their own.
            if isinstance(progress, dict) and progress.get("time") is not None:
                progress["time"] = max(progress["time"], animation.duration)


def settle(frames: int = 3) -> None:
    """Let Kivy lay out and draw, as the real loop would between two touches: `frames` frames, and then
    more until every animation (a popup opening or closing, a screen sliding in) has run to its end,
    since a finger is not faster than the screen it taps."""
    import time

    from kivy.animation import Animation
    from kivy.base import EventLoop

    for _ in range(frames):
        EventLoop.idle()
    end = time.monotonic() + ANIMATION_LIMIT_S
    while Animation._instances and time.monotonic() < end:
        finish_animations()
        EventLoop.idle()


def settle_until(condition, timeout_s: float = 5.0) -> bool:
    """Let Kivy run until `condition()` holds: a popup's closing animation takes wall-clock time, which a
    fixed number of frames covers only on an idle machine."""
    import time

    end = time.monotonic() + timeout_s
    while not condition() and time.monotonic() < end:
        settle(1)
        time.sleep(0.01)
    return condition()


def home_read(screen) -> None:
    """Home's game nights, read off the screen's thread, shown (on any other screen: nothing to wait
    for): a family looks at Home once it shows them, as a finger is not faster than the screen."""
    from ui.screens.home import HomeScreen

    if isinstance(screen, HomeScreen):
        assert settle_until(lambda: not screen.reading, timeout_s=30), "Home's game nights were never shown"


def tap_at(x: float, y: float) -> None:
    """A finger's tap: after a tap that closed or left what it was on, only once a double tap's time
    has passed, as a finger comes back for its next tap (sooner, it is that tap's repeat and is dropped)."""
    import time

    from kivy.tests.common import UnitTestTouch

    from ui.widgets.repeat_taps import GUARD

    time.sleep(GUARD.seconds_to_a_new_tap())
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()


def tap(widget) -> None:
    """A real touch on the middle of `widget`, once it has been laid out."""
    settle()
    tap_at(*widget.to_window(*widget.center))
    settle()


def buttons_reading(root, text: str) -> list:
    from kivy.uix.behaviors import ButtonBehavior

    return [w for w in root.walk() if isinstance(w, ButtonBehavior) and getattr(w, "text", None) == text]


def same_widgets(root, change) -> tuple[bool, list, list]:
    """Whether `change()` left `root` showing the very widget objects it showed before (updated in
    place, none built anew or thrown away): (same, before, after). The lists hold the widgets, so
    none is collected and its id reused while they are compared."""
    settle()
    before = list(root.walk(restrict=True))
    change()
    settle()
    after = list(root.walk(restrict=True))
    return {id(w) for w in before} == {id(w) for w in after}, before, after


@contextmanager
def larger_text():
    """Larger text on for the screens made meanwhile, then off."""
    from ui import theme

    theme.use_larger_text(True)
    try:
        yield
    finally:
        theme.use_larger_text(False)


@contextmanager
def window_of(size):
    """The window at `size` (800x480 is the 7" display) for the test's screens, then as it was."""
    from kivy.core.window import Window

    before = Window.size
    Window.size = size
    settle(6)
    try:
        yield
    finally:
        Window.size = before
        settle(6)
