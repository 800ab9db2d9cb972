"""The real app, started as `make run` starts it (mock pins, keyboard buttons), driven the way a family
drives it: real touches on widgets that are on screen, and real edges on the big buttons' mock pins
through the keyboard keys. Nothing here calls the controller or the session to change the game; the
session is read only so a simulated family can decide what to do next, as people read the table.

Every touch is followed by the layout check of the screen it leads to (tests/e2e/layout.py)."""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path
from typing import Callable, Iterable

from tally import MoveTally

from tests.ui_support import finish_animations

# The layout check imports Kivy widgets, and the first Kivy widget import opens the window: it is
# imported once the window's size has been configured (Table.__init__).
layout = None

SETTLE_LIMIT_S = 5.0
PAINT_EVERY = 4


class DriveError(AssertionError):
    """The family could not do what it meant to: what it looked for and what the screen showed."""


class Table:
    def __init__(self, data_dir: Path, size: tuple[int, int] = (800, 480), shots: Path | None = None):
        from ui.main import prepare_kivy

        prepare_kivy(size, False)
        from kivy.config import Config

        # Frames as fast as the machine makes them: the app's timers run on the wall clock anyway. The
        # clock reads the limit when it starts, which importing Kivy may already have done.
        Config.set("graphics", "maxfps", "0")
        from kivy.clock import Clock

        Clock._max_fps = 0.0
        global layout
        import layout
        from kivy.base import EventLoop

        from companion import config
        from ui.app import CompanionApp

        self.size = size
        self.shots = shots
        self.data_dir = data_dir
        self.settings = config.load(data_dir)
        self.app = CompanionApp.create(data_dir=data_dir, settings=self.settings, backend="mock")
        EventLoop.ensure_window()
        self.window = EventLoop.window
        self.app._run_prepare()
        # Painting a frame in software costs three times everything else a play-through does, and the
        # layout check reads the widgets, not the pixels: frames between two touches only lay out. What
        # a touch settles on is painted when it is a screen or popup other than the one painted last,
        # and otherwise after every PAINT_EVERY-th touch: every screen and popup is drawn when it comes
        # up, and a share of the states after (texts are rendered only when drawn), as are every
        # screenshot and the last screen.
        self._painting = False
        self._painted_layer = None
        self._settled = 0
        self.window.bind(on_draw=self._only_when_painting, on_flip=self._only_when_painting)
        self.problems: dict[tuple[str, str, str], layout.Problem] = {}
        self.smallest: dict[str, layout.Smallest] = {}
        self.taps = 0
        self.moves = MoveTally()
        # Figures a family's play-through measures for the report (e.g. touches per scored layout).
        self.measured: dict[str, list] = {}
        self._tapped_label = ""
        self.on_tap: Callable[[], None] | None = None
        self.settle()

    # ----- time -----------------------------------------------------------------------------------
    def frames(self, count: int = 1) -> None:
        from kivy.base import EventLoop

        for _ in range(count):
            EventLoop.idle()

    def _only_when_painting(self, *args) -> bool:
        return not self._painting   # True stops the window's own handler

    def paint(self, count: int = 1) -> None:
        """Frames that are painted as well as laid out."""
        self._painted_layer = self.layer()
        self._painting = True
        try:
            self.frames(count)
        finally:
            self._painting = False

    def wait(self, seconds: float) -> None:
        """Let real time pass with the app running (timers, the race thread, button hold-offs)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.frames()
            time.sleep(0.002)

    def settle(self) -> None:
        """Run frames until screen changes and popup animations have finished, then lay out and draw."""
        from kivy.animation import Animation

        end = time.monotonic() + SETTLE_LIMIT_S
        self.frames(2)
        while time.monotonic() < end and (Animation._instances or self.navigator.transition.is_active
                                          or self._home_reading()):
            finish_animations()
            self.frames()
        self.frames(1)
        self._settled += 1
        if self.layer() is not self._painted_layer or self._settled % PAINT_EVERY == 0:
            self.paint()

    def _home_reading(self) -> bool:
        """Home still reading its game nights off the screen's thread: a family looks at Home once it
        shows them."""
        from ui.screens.home import HomeScreen

        screen = self.navigator.current_screen
        return isinstance(screen, HomeScreen) and bool(screen.reading)

    def finish(self) -> None:
        self.paint()
        self.app.dispatch("on_stop")
        for child in list(self.window.children):
            self.window.remove_widget(child)

    # ----- what is on screen ----------------------------------------------------------------------
    @property
    def navigator(self):
        return self.app.navigator

    @property
    def screen(self):
        return self.navigator.current_screen

    @property
    def session(self):
        """The game being played, read only (as players read the table to decide)."""
        controller = getattr(self.screen, "controller", None)
        return controller.session if controller is not None else None

    def layer(self):
        """What a touch reaches: the topmost popup, else the current screen."""
        from kivy.uix.modalview import ModalView

        top = self.window.children[0] if self.window.children else None
        return top if isinstance(top, ModalView) else self.screen

    def where(self) -> str:
        top = self.layer()
        name = type(self.screen).__name__
        view = getattr(self.screen, "view", None)
        if view is not None:
            name += f"/{type(view).__name__}"
        if top is not self.screen:
            name += f" > {type(top).__name__}"
        return f"{self.size[0]}x{self.size[1]} {name}"

    def widgets(self, kind: type | tuple = object) -> list:
        from kivy.uix.modalview import ModalView  # noqa: F401

        return [w for w in self.layer().walk(restrict=True)
                if isinstance(w, kind) and layout.is_shown(w) and self._visible_box(w) is not None]

    def all_widgets(self, kind: type | tuple = object) -> list:
        """Like `widgets`, including those scrolled out of sight (a tap scrolls them into view)."""
        return [w for w in self.layer().walk(restrict=True) if isinstance(w, kind) and layout.is_shown(w)]

    def texts(self) -> list[str]:
        from kivy.uix.label import Label

        return [layout.plain(w.text) for w in self.widgets(Label) if w.text]

    def shows(self, pattern: str) -> bool:
        regex = re.compile(pattern)
        return any(regex.search(text) for text in self.texts())

    def tappables(self) -> list:
        return [w for w in self.widgets() if layout.is_tappable(w)]

    def find(self, text: str | re.Pattern, *, enabled_only: bool = True, within=None) -> list:
        """Tappable widgets whose text is `text` (a string: exactly, ignoring markup; a pattern: searched)."""
        found = []
        candidates = self.tappables() if within is None else [w for w in within.walk(restrict=True)
                                                               if layout.is_tappable(w) and layout.is_shown(w)]
        for widget in candidates:
            shown = layout.plain(getattr(widget, "text", "") or "").strip()
            hit = text.search(shown) if isinstance(text, re.Pattern) else shown == text
            if hit and (not enabled_only or not widget.disabled):
                found.append(widget)
        return found

    def can_tap(self, text: str | re.Pattern) -> bool:
        return bool(self.find(text))

    def button(self, text: str | re.Pattern, *, within=None):
        found = self.find(text, within=within)
        if not found:
            shown = [layout.describe(w) + (" (disabled)" if w.disabled else "") for w in self.tappables()]
            raise DriveError(f"{self.where()}: no enabled {text!r} to tap; on screen: {shown}; "
                             f"texts: {self.texts()}")
        return found[0]

    # ----- touches --------------------------------------------------------------------------------
    def tap(self, target, *, within=None) -> None:
        """One finger tap at the middle of what is visible of `target` (a widget or its text)."""
        widget = target if not isinstance(target, (str, re.Pattern)) else self.button(target, within=within)
        self._bring_into_view(widget)
        self._tapped_label = str(getattr(widget, "text", ""))
        box = self._visible_box(widget)
        if box is None:
            raise DriveError(f"{self.where()}: {layout.describe(widget)} is not on screen")
        self.touch((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)

    def touch(self, x: float, y: float, *, hold_s: float = 0.0) -> None:
        from kivy.tests.common import UnitTestTouch

        from ui.widgets.repeat_taps import GUARD

        # A finger comes back for its next tap no sooner than a double tap's second half would.
        self.wait(GUARD.seconds_to_a_new_tap())
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self.frames(1)
        if hold_s:
            self.wait(hold_s)
        touch.touch_up()
        self._acknowledged()

    def _acknowledged(self) -> None:
        self.taps += 1
        self.settle()
        self.moves.tapped(self.session, self._tapped_label)
        self._tapped_label = ""
        self.check_layout()
        if self.on_tap is not None:
            self.on_tap()

    def drag(self, points: Iterable[tuple[float, float]]) -> None:
        from kivy.tests.common import UnitTestTouch

        points = list(points)
        touch = UnitTestTouch(*points[0])
        touch.touch_down()
        self.frames(1)
        for x, y in points[1:]:
            touch.touch_move(x, y)
            self.frames(1)
        touch.touch_up()
        self._acknowledged()

    def _visible_box(self, widget):
        return layout.viewport(widget, self.window)

    def _bring_into_view(self, widget) -> None:
        from kivy.uix.scrollview import ScrollView

        for node in layout.ancestors(widget):
            if isinstance(node, ScrollView):
                inner, outer = layout.window_box(widget), layout.window_box(node)
                if inner[1] < outer[1] or inner[3] > outer[3] or inner[0] < outer[0] or inner[2] > outer[2]:
                    scroll_to(node, widget)
                    self.frames(2)

    # ----- typing on the on-screen keyboard -------------------------------------------------------
    def keyboard(self):
        from kivy.uix.vkeyboard import VKeyboard

        boards = self.widgets(VKeyboard) or [w for w in self.window.children if isinstance(w, VKeyboard)]
        if not boards:
            raise DriveError(f"{self.where()}: no on-screen keyboard is showing; texts: {self.texts()}")
        return boards[0]

    def type_keys(self, text: str) -> None:
        """Tap each character's key on the on-screen keyboard (shift for capitals); an accented letter
        by holding its plain letter down and tapping the accented form offered, as on a phone."""
        from ui.widgets.keyboard import ACCENTS, LONG_PRESS_S

        board = self.keyboard()
        for char in text:
            if char.isalpha() and (board.layout_mode == "shift") != char.isupper():
                self._tap_key(board, "shift")
            plain = next((letter for letter, forms in ACCENTS.items() if char.lower() in forms), None)
            if plain is None:
                self._tap_key(board, "spacebar" if char == " " else char.lower())
                continue
            self.touch(*key_position(board, plain), hold_s=LONG_PRESS_S * 1.5)
            if not self.can_tap(char):
                raise DriveError(f"{self.where()}: holding {plain!r} offered no {char!r}; texts: {self.texts()}")
            self.screenshot("keyboard-accents")
            self.tap(char)

    def _tap_key(self, board, wanted: str) -> None:
        x, y = key_position(board, wanted)
        self.touch(x, y)

    # ----- the big buttons (keyboard keys drive the mock pins, as `make run` does) -----------------
    def _key_of(self, number: int) -> int:
        key = self.settings["keys"][str(number)]
        return ord(key.lower())

    def button_down(self, number: int) -> None:
        key = self._key_of(number)
        self.window.dispatch("on_key_down", key, 0, chr(key), [])
        self.frames(1)

    def button_up(self, number: int) -> None:
        self.window.dispatch("on_key_up", self._key_of(number), 0)
        self.moves.pressed()
        self.frames(1)

    def press(self, number: int, *, hold_s: float = 0.05, then_wait_s: float = 0.12) -> None:
        """Press a big button, keep it down for `hold_s`, let go, and give the app time to see it."""
        self.button_down(number)
        self.wait(hold_s)
        self.button_up(number)
        self.wait(then_wait_s)
        self.settle()
        self.moves.check(self.session)
        self.check_layout()

    # ----- checks and pictures --------------------------------------------------------------------
    def check_layout(self) -> None:
        # Only what a touch can reach: under an open popup the screen was checked before it opened.
        where = self.where()
        for problem in layout.check(where, [self.layer()], self.window):
            self.problems.setdefault((problem.screen, problem.widget, problem.what), problem)
        layout.measure([self.layer()], self.window, self.smallest.setdefault(where.split(" ", 1)[1], layout.Smallest()))

    def layout_report(self) -> str:
        return "\n".join(str(problem) for problem in self.problems.values())

    def screenshot(self, name: str) -> Path | None:
        if self.shots is None:
            return None
        self.shots.mkdir(parents=True, exist_ok=True)
        target = self.shots / f"{name}-{self.size[0]}x{self.size[1]}.png"
        self.paint(2)
        written = self.window.screenshot(name=str(target.with_suffix("")) + "-frame.png")
        shutil.move(written, target)
        return target

    # ----- waiting for the app --------------------------------------------------------------------
    def until(self, condition: Callable[[], bool], what: str, timeout_s: float = 8.0) -> None:
        end = time.monotonic() + timeout_s
        while not condition():
            if time.monotonic() > end:
                raise DriveError(f"{self.where()}: waited {timeout_s:.0f} s for {what}; texts: {self.texts()}")
            self.wait(0.02)
        self.settle()
        self.check_layout()


def key_position(board, wanted: str) -> tuple[float, float]:
    """Where the key `wanted` (its code: "a", "shift", "spacebar", "backspace", "enter") is drawn on a
    VKeyboard, in window coordinates: found by asking the keyboard which key is under the points of a
    fine grid, exactly as it decides for a real touch."""
    local = _key_spots(board, board.layout, board.layout_mode, tuple(board.size)).get(wanted)
    if local is None:
        raise DriveError(f"the on-screen keyboard has no {wanted!r} key")
    return board.to_window(*board.to_parent(*local))


_KEY_SPOTS: dict[tuple, dict[str, tuple[float, float]]] = {}


def _key_spots(board, *shape) -> dict[str, tuple[float, float]]:
    """The first grid point of every key, for a keyboard of this layout, mode and size: one sweep of the
    grid per shape instead of one per key typed."""
    spots = _KEY_SPOTS.get(shape)
    if spots is None:
        spots = _KEY_SPOTS[shape] = {}
        step = 4
        for gy in range(int(board.height) // step):
            for gx in range(int(board.width) // step):
                local = (gx * step + step / 2, gy * step + step / 2)
                key = board.get_key_at_pos(*local)
                if key is not None and not board.collide_margin(*local):
                    spots.setdefault(key[0][2] or key[0][1], local)
    return spots


def env_for_child(kivy_home: Path) -> dict[str, str]:
    return {**os.environ, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(kivy_home), "KIVY_LOG_LEVEL": "error",
            "KIVY_NO_CONSOLELOG": "1"}


def scroll_to(scroll, widget, padding: float = 8) -> None:
    """`widget` brought into `scroll`'s sight at once, as a finger's drag would. Kivy's own scroll_to
    waits for a pending layout of the scrolled box, which a RowList's (a RecycleLayout) never reports."""
    from kivy.metrics import dp
    from kivy.uix.recycleview import RecycleView

    if not isinstance(scroll, RecycleView):
        scroll.scroll_to(widget, padding=padding, animate=False)
        return
    bottom = scroll.parent.to_widget(*widget.to_window(*widget.pos))[1]
    top = scroll.parent.to_widget(*widget.to_window(widget.right, widget.top))[1]
    dy = scroll.y - bottom + dp(padding) if bottom < scroll.y else scroll.top - top - dp(padding) if top > scroll.top else 0
    scroll.scroll_y = min(1, max(0, scroll.scroll_y - scroll.convert_distance_to_scroll(0, dy)[1]))
