"""From a touch to the frame that shows it, on the 7" panel's size (800x480): each game at its largest
table, an ordinary move tapped on its pad, and the app's other common touches (a refused tap, Undo,
Resume of a 200-move game from Home, its History, Home and Saved games with 50 games, the evening with
10 and with 100), each beside a bare Kivy app whose button changes a label, measured in the same
window and interleaved tap for tap. Screens change with the app's own transition.

    python bench/touch.py [--taps N] [--only WORDS] [--app DIR]

For every touch: the main thread's CPU time from the touch to the frame that shows it (the handlers,
the layout, and the frame handed to GL: what a Pi's one busy core does), the wall time to that frame,
and how many of the touches had a full collection of the cycle collector in them. Then, counted
through Kivy's GL debug layer (KIVY_GL_DEBUG=1, in a process of its own since the layer slows every
call), what each screen costs to paint: GL draw calls per frame, texture and vertex bytes uploaded per
touch, and how many shapes are stacked on the most covered pixel. Last, the wait a move's save puts
on the screen: the wall time of each commit beside its CPU, on this disk and with every fsync made
20 and 100 ms slower (a shim preloaded into a process of its own), as a slow SD card would.

`--app DIR` measures another checkout of the app (the code before a change) with this same bench, so
the two are compared in one run. A Pi 4 is taken as five times slower than this machine for the CPU
(an estimate, not a measurement).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

BENCH = Path(__file__).resolve()
ROOT = BENCH.parent.parent

PI_FACTOR = 5
SIZE = (800, 480)
GOAL_CPU_MS = 16.0          # any touch, p95: a frame at 60 Hz
GOAL_GAME_TAP_MS = 10.0     # a tap on a game's pads, p95
GOAL_DRAW_CALLS = 100       # per frame, any screen
GOAL_TEXTURE_KB = 100       # uploaded per touch
GOAL_VERTEX_KB = 32         # uploaded per touch
GOAL_DEPTH = 4              # shapes stacked on one pixel
FIRST_RESUMES = 5           # processes started, each resuming once
SYNC_DELAYS_MS = (0, 20, 100)


def prepare(app: Path) -> None:
    # Frames as fast as they are made. Kivy's clock reads this once, when it is made, and otherwise
    # sleeps inside a timed touch to keep 60 frames a second.
    sys.path.insert(0, str(app))
    os.environ["KCFG_GRAPHICS_MAXFPS"] = "0"
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))
    os.environ.setdefault("KIVY_LOG_LEVEL", "warning")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    from ui.main import prepare_kivy

    prepare_kivy(SIZE, False)
    from kivy.clock import Clock
    from kivy.tests.common import UnitTestTouch  # noqa: F401  (imports pytest: not inside the first timed touch)

    if Clock._max_fps:
        raise SystemExit("the clock still keeps a frame rate: its sleeps would be timed as the app's work")


# ----- what a touch costs ---------------------------------------------------------------------------
class GLCounter:
    """Kivy's GL debug layer (KIVY_GL_DEBUG=1) hands every GL call to one printing function: counted
    here instead of printed. Draw calls per frame, and the bytes of textures and vertices uploaded."""

    def __init__(self) -> None:
        import kivy.graphics.cgl_backend.cgl_debug as debug

        debug.gl_debug_print = self.seen
        self.draws = self.texture_bytes = self.vertex_bytes = 0

    BYTES_PER_PIXEL = {6406: 1, 6407: 3, 6408: 4, 6409: 1, 6410: 2, 0x80E1: 4}   # alpha, rgb, rgba, l, la, bgra

    def seen(self, *parts: Any) -> None:
        call = parts[0]
        if "glDraw" in call:
            self.draws += 1
        elif "glTexImage2D" in call or "glTexSubImage2D" in call:
            given = self._arguments(parts)
            if given.get("pixels") not in ("'0x0'", "0x0", None):
                self.texture_bytes += given["width"] * given["height"] * self.BYTES_PER_PIXEL.get(given["format"], 4)
        elif "glBufferData" in call or "glBufferSubData" in call:
            self.vertex_bytes += self._arguments(parts)["size"]

    @staticmethod
    def _arguments(parts: tuple[Any, ...]) -> dict[str, Any]:
        return {label.strip(" ,=()*").split()[-1].rstrip("*="): value for label, value in zip(parts[0::2], parts[1::2])}

    def reading(self) -> tuple[int, int, int]:
        return self.draws, self.texture_bytes, self.vertex_bytes


class Watch:
    """What happens on the main thread during a timed touch: full collections of the cycle collector,
    commits of a move to the saved games (wall and CPU time each), and with the GL counter, the most
    draw calls in one frame and the bytes uploaded."""

    def __init__(self, window, gl: GLCounter | None) -> None:
        from companion.store import Store

        self.gl = gl
        self.full_collections: list[float] = []
        self.commits: list[tuple[float, float]] = []
        self.frame_draws: list[int] = []
        self._collecting_since = 0.0
        gc.callbacks.append(self._collection)
        append = Store._append

        def timed_append(store, *args: Any, **kwargs: Any) -> Any:
            wall, cpu = time.perf_counter(), time.thread_time()
            try:
                return append(store, *args, **kwargs)
            finally:
                self.commits.append(((time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000))

        Store._append = timed_append
        if gl is not None:
            self._draws_at_frame = 0
            flip = type(window).on_flip

            def counted_flip(*args: Any) -> Any:
                self.frame_draws.append(gl.draws - self._draws_at_frame)
                self._draws_at_frame = gl.draws
                return flip(window, *args)

            window.on_flip = counted_flip

    def _collection(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._collecting_since = time.perf_counter()
        elif info["generation"] == 2:
            self.full_collections.append((time.perf_counter() - self._collecting_since) * 1000)

    def start(self) -> None:
        self.full_collections.clear()
        self.commits.clear()
        self.frame_draws.clear()
        if self.gl is not None:
            self._draws_at_frame = self.gl.draws
            self._gl_before = self.gl.reading()


@dataclass
class Touch:
    cpu: float          # main thread CPU, touch to frame, ms
    wall: float         # wall time, touch to frame handed to GL, ms
    frames: int
    collected: float    # ms of full collections in it (0: none)
    commits: list[tuple[float, float]]
    draws: int = 0      # the most draw calls in one frame of it
    texture_bytes: int = 0
    vertex_bytes: int = 0


def finish_animations() -> None:
    from kivy.animation import Animation

    for animation in list(Animation._instances):
        for progress in animation._widgets.values():
            if isinstance(progress, dict) and progress.get("time") is not None:
                progress["time"] = max(progress["time"], animation.duration)


def frames_until_quiet(window, limit: int = 12) -> int:
    """Run frames until one has nothing to draw (the touch's result is on screen); how many ran."""
    from kivy.base import EventLoop

    for frame in range(1, limit + 1):
        finish_animations()
        EventLoop.idle()
        if not window.canvas.needs_redraw and not _animating():
            # One more frame to see whether anything was scheduled for it (a trigger, a clock event).
            EventLoop.idle()
            if not window.canvas.needs_redraw:
                return frame
    return limit


def _animating() -> bool:
    from kivy.animation import Animation

    return bool(Animation._instances)


def timed_touch(window, watch: Watch, widget) -> Touch:
    """One tap in the middle of `widget`, or at a point (x, y) on the window (a key of the on-screen
    keyboard, drawn rather than a widget), or an event that is no touch at all (a race decided: a
    callable), to the frame that shows it. Animations (a popup opening, a screen fading in) are moved
    to their end, as a finger would wait for them, so their frames do not count."""
    from kivy.base import EventLoop
    from kivy.graphics.opengl import glFinish
    from kivy.tests.common import UnitTestTouch

    event = widget if callable(widget) else None
    x, y = (0, 0) if event else widget if isinstance(widget, tuple) else widget.to_window(*widget.center)
    # The frames before this one finished painting first: texture uploads would otherwise wait on them.
    glFinish()
    watch.start()
    started, cpu = time.perf_counter(), time.thread_time()
    if event is not None:
        event()
    else:
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
    frames = 0
    while frames < 12:
        frames += 1
        finish_animations()
        EventLoop.idle()
        if not window.canvas.needs_redraw and not _animating():
            break
    cpu, wall = time.thread_time() - cpu, time.perf_counter() - started
    result = Touch(cpu * 1000, wall * 1000, frames, sum(watch.full_collections), list(watch.commits))
    if watch.gl is not None:
        draws, texture, vertex = watch.gl.reading()
        result.draws = max(watch.frame_draws, default=0)
        result.texture_bytes, result.vertex_bytes = texture - watch._gl_before[1], vertex - watch._gl_before[2]
    return result


def repaint_draws(window, gl: GLCounter) -> int:
    """The draw calls of one frame of the screen as it stands (Kivy paints the whole window each frame)."""
    from kivy.base import EventLoop

    window.canvas.ask_update()
    before = gl.draws
    EventLoop.idle()
    return gl.draws - before


STACKING_SHADER = """$HEADER$
void main (void) {
    vec4 colour = frag_color * texture2D(texture0, tex_coord0);
    if (colour.a < 0.02) discard;
    gl_FragColor = vec4(1.0 / 255.0, 1.0 / 255.0, 1.0 / 255.0, 1.0);
}"""


def stacking(window) -> int:
    """How many shapes are painted on the most covered pixel: the window drawn once with every pixel a
    shape covers (its fully transparent parts left out) adding one, then read back."""
    from kivy.graphics import opengl as gl

    shader = window.render_context.shader
    source, clear = shader.fs, window.clearcolor
    blending = [gl.glGetIntegerv(name)[0] for name in (gl.GL_BLEND_SRC_RGB, gl.GL_BLEND_DST_RGB,
                                                        gl.GL_BLEND_SRC_ALPHA, gl.GL_BLEND_DST_ALPHA)]
    try:
        shader.fs = STACKING_SHADER
        window.clearcolor = (0, 0, 0, 1)
        gl.glBlendFunc(gl.GL_ONE, gl.GL_ONE)
        window.clear()
        window.render_context.draw()
        pixels = gl.glReadPixels(0, 0, window.width, window.height, gl.GL_RGB, gl.GL_UNSIGNED_BYTE)
    finally:
        gl.glBlendFuncSeparate(*blending)
        shader.fs, window.clearcolor = source, clear
        window.canvas.ask_update()
    return max(pixels[::3])


# ----- the cases -----------------------------------------------------------------------------------
@dataclass
class Case:
    """`open()` shows the screen and returns `target()`, which gives the widget to tap now; `before()`
    (untimed) readies each tap, `after()` (untimed) puts the screen back for the next one, `close()`
    leaves nothing behind for the next case."""

    name: str
    open: Callable[[], Callable[[], Any]]
    before: Callable[[], None] | None = None
    after: Callable[[], None] | None = None
    close: Callable[[], None] | None = None


def button(root, text: str, *, starts: bool = False):
    from kivy.uix.behaviors import ButtonBehavior

    for widget in root.walk(restrict=True):
        shown = getattr(widget, "text", None)
        if not isinstance(widget, ButtonBehavior) or not isinstance(shown, str):
            continue
        words = " ".join(shown.split())
        if (words.startswith(text) if starts else words == text) and not widget.disabled:
            return widget
    raise LookupError(f"no button {text!r} on screen")


class Bench:
    def __init__(self, taps: int, gl: GLCounter | None = None):
        from kivy.core.window import Window

        from companion import config
        from companion.store import Store
        from ui.navigation import Navigator
        from ui.services import Services

        self.taps = taps
        self.window = Window
        self.data = Path(tempfile.mkdtemp(prefix="touch-bench-"))
        self.services = Services(data_dir=self.data, store=Store.open(self.data), settings=config.load(self.data))
        # The app's own navigator, its screens changing with the app's transition.
        self.navigator = Navigator()
        self.services.extras["navigator"] = self.navigator
        Window.add_widget(self.navigator)
        self.gl = gl
        self.watch = Watch(Window, gl)
        self.bare = bare_app()

    @property
    def top(self):
        """What a finger touches now: an open popup, else the screen."""
        from kivy.uix.modalview import ModalView

        popups = [child for child in self.window.children if isinstance(child, ModalView)]
        return popups[0] if popups else self.navigator.current_screen

    def game(self, key: str, players: int, options: dict | None = None, moves: int = 0, seed: int = 3):
        from ui.screens.game import open_game_screen

        session = self.services.store.new_session(key, family(players), options or {})
        play(session, moves, seed)
        screen = open_game_screen(self.services, self.navigator, session)
        self.settle()
        return screen

    def settle(self) -> None:
        frames_until_quiet(self.window)

    def close_popups(self) -> None:
        from kivy.uix.modalview import ModalView

        for child in list(self.window.children):
            if isinstance(child, ModalView):
                child.dismiss(animation=False)
        self.settle()

    # The family reads a screen before its first tap on it.
    READING_S = 1.6

    def measure(self, case: Case) -> dict[str, Any]:
        target = case.open()
        time.sleep(self.READING_S)
        self.settle()
        figures: dict[str, Any] = {"app": [], "bare": []}
        for _ in range(self.taps):
            figures["bare"].append(self.bare_tap())
            if case.before:
                case.before()
                self.settle()
            figures["app"].append(timed_touch(self.window, self.watch, target()))
            self.settle()
            if self.gl is not None and "draws" not in figures:
                # The screen as the touch left it: its frames' draw calls, and its shapes stacked.
                figures["draws"], figures["depth"] = repaint_draws(self.window, self.gl), stacking(self.window)
                self.settle()
            if case.after:
                case.after()
            self.settle()
        if case.close:
            case.close()
            self.settle()
        return figures

    def bare_tap(self) -> Touch:
        """The same touch on the bare app, shown alone in the app's place (its popups put aside too)."""
        shown = list(reversed(self.window.children))
        for widget in shown:
            self.window.remove_widget(widget)
        self.window.add_widget(self.bare)
        self.settle()
        result = timed_touch(self.window, self.watch, self.bare.button)
        self.window.remove_widget(self.bare)
        for widget in shown:
            self.window.add_widget(widget)
        self.settle()
        return result


NAMES = (("Christopher", "orange"), ("Maximiliana", "sky"), ("Bartholomew", "green"), ("Anastasia", "yellow"),
         ("Jean-Baptiste", "pink"), ("Wilhelmina", "blue"))


def family(players: int) -> list:
    from companion.players import Player

    return [Player(name, colour, number) for number, (name, colour) in enumerate(NAMES[:players], start=1)]


def play(session, moves: int, seed: int) -> None:
    """`moves` legal moves chosen at random, as a family might have played them."""
    rng = random.Random(seed)
    for _ in range(moves):
        if session.is_over:
            break
        session.perform(rng.choice(session.game.legal_actions(session.state, rng)))


def bare_app():
    """A bare Kivy app: a button that changes a label."""
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.button import Button
    from kivy.uix.label import Label

    root = BoxLayout(orientation="vertical")
    label = Label(text="0", font_size=60)
    root.button = Button(text="Tap", font_size=30)
    root.button.bind(on_release=lambda *_: setattr(label, "text", str(int(label.text) + 1)))
    root.add_widget(label)
    root.add_widget(root.button)
    return root


def cases(bench: Bench) -> list[Case]:
    state: dict[str, Any] = {}

    def undo() -> None:
        state["screen"].controller.undo()

    def on_game(key, players, text, *, options=None, moves=0, ready=None, starts=False):
        def open_():
            state["screen"] = bench.game(key, players, options, moves)
            if ready:
                ready(state["screen"])
                bench.settle()
            return lambda: button(bench.top, text, starts=starts)
        return open_

    def ruff_counting(screen) -> None:
        from companion.actions import Action

        summary = screen.controller.session.summary()
        for seat in summary["waiting_for"]:
            screen.controller.perform(Action("lay_out", seat, {"face_up": [], "face_down": summary["deal_size"] - 5}))

    def tap(text: str) -> Callable[[], None]:
        return lambda: tap_now(button(bench.top, text))

    result = [
        Case("Nuts about Mutts, 6 players: a dog card played",
             on_game("nuts_about_mutts", 6, "Played a dog card"), after=undo),
        Case("That's Ruff!, 4 players: a colour chosen on the pad",
             on_game("thats_ruff", 4, "Blue dish", ready=ruff_counting),
             after=tap("Blue dish")),
        Case("That's Ruff!, 4 players: a card played (blue 0)",
             on_game("thats_ruff", 4, "0", ready=ruff_counting), before=tap("Blue dish"),
             after=undo),
        Case("Mix-the-Mutts, 4 players: a tile connected (opens the scoring pad)",
             on_game("mix_the_mutts", 4, "Connected a tile"), after=tap("Cancel")),
        Case("Mix-the-Mutts, 4 players: two cards drawn",
             on_game("mix_the_mutts", 4, "Drew two"), after=undo),
        Case("Nut, 3 players: a draft pick",
             on_game("nut", 3, "Standard", starts=True), after=undo),
        Case("Pugs in Mugs, 5 players: a card drawn",
             on_game("pugs_in_mugs", 5, "Draw"), after=undo),
        Case("Pugs in Mugs, 5 players: a refused tap (End turn before two actions)",
             on_game("pugs_in_mugs", 5, "End turn")),
        Case("Pugs in Mugs, 5 players: Undo",
             on_game("pugs_in_mugs", 5, "Undo"),
             before=lambda: state["screen"].controller.perform(_draw(state["screen"])),
             after=None),
        Case("Nuts about Mutts, 6 players: History of a 200-move game",
             on_game("nuts_about_mutts", 6, "History", moves=200), after=bench.close_popups),
    ]

    def resume_from_home() -> Callable[[], Any]:
        from ui.places import Place

        bench.game("nuts_about_mutts", 6, moves=200)
        bench.navigator.go(Place.HOME, bench.services)
        return lambda: button(bench.top, "Resume")

    def home_from_the_game() -> None:
        tap_now(button(bench.top, "Home"))

    def home_with_saved() -> Callable[[], Any]:
        for number in range(50):
            bench.game("pugs_in_mugs", 2 + number % 4, moves=number % 7, seed=number)
        state["screen"] = bench.game("pugs_in_mugs", 5)
        return lambda: button(bench.top, "Home")

    def back_to_game() -> None:
        from ui.screens.game import open_game_screen

        state["screen"] = open_game_screen(bench.services, bench.navigator, state["screen"].controller.session)

    def saved_games_from_home() -> Callable[[], Any]:
        from ui.places import Place

        bench.navigator.go(Place.HOME, bench.services)
        return lambda: button(bench.top, "Saved games")

    def home_again() -> None:
        from ui.places import Place

        bench.navigator.go(Place.HOME, bench.services)

    def evening_of_ten() -> Callable[[], Any]:
        from companion.rulecards import load_example
        from ui.places import Place
        from ui.scenes import example_session

        for number in range(10):
            key = ("nut", "mix_the_mutts", "pugs_in_mugs", "thats_ruff", "nuts_about_mutts")[number % 5]
            example_session(bench.services, key, len(load_example(key)["players"]))
        bench.navigator.go(Place.HOME, bench.services)
        return lambda: button(bench.top, "Tonight", starts=True)

    def evening_of_a_hundred() -> Callable[[], Any]:
        """The largest evening an import allows: 100 finished games, six players seated in turn."""
        from companion.gamelog import session_from_document
        from companion.rulecards import load_example
        from companion.store import GameToImport
        from ui.places import Place

        names = ["Christopher", "Maximiliana", "Bartholomew", "Anastasia", "Jean-Baptiste", "Wilhelmina"]
        colours = ["orange", "sky", "green", "yellow", "pink", "blue"]
        started, games = time.time() - 3 * 3600, []
        for number in range(100):
            key = ("nut", "mix_the_mutts", "pugs_in_mugs", "thats_ruff", "nuts_about_mutts")[number % 5]
            document = load_example(key)
            seats = [(number + seat) % 6 for seat in range(len(document["players"]))]
            players = [{"name": names[seat], "colour": colours[seat], "button": index + 1}
                       for index, seat in enumerate(seats)]
            session = session_from_document({**document, "players": players})
            games.append(GameToImport(session, started + number * 60, started + number * 60 + 30))
        bench.services.store.import_sessions(games)
        bench.navigator.go(Place.HOME, bench.services)
        return lambda: button(bench.top, "Tonight", starts=True)

    result += screen_cases(bench)
    result += [
        Case("Resume of a 200-move game, 6 players (tapped on Home)", resume_from_home, after=home_from_the_game),
        Case("Home with 50 saved games (Home tapped on a game)", home_with_saved, after=back_to_game),
        Case("Saved games with 50 games (tapped on Home)", saved_games_from_home, after=home_again),
        Case("The evening with 10 games (tapped on Home)", evening_of_ten, after=home_again),
        Case("The evening with 100 games, 6 players (tapped on Home)", evening_of_a_hundred, after=home_again),
    ]
    return result


LONG_NAMES = ("Christopher", "Maximiliana", "Bartholomew", "Anastasia", "Jean-Baptiste", "Wilhelmina")


def screen_cases(bench: Bench) -> list[Case]:
    """Set-up, its keyboard, Settings and the race popup."""
    state: dict[str, Any] = {}

    def setup_with(seats: int):
        from companion.registry import game_entry
        from ui.screens.setup import SetupScreen

        screen = bench.navigator.show(SetupScreen(bench.services, bench.navigator, game_entry("nuts_about_mutts")))
        while len(screen.seats) > seats:
            screen.remove(len(screen.seats) - 1)
        while len(screen.seats) < seats:
            screen.add_player()
        for seat, name in enumerate(LONG_NAMES[:seats]):
            screen.rename(seat, name)
        bench.settle()
        state["setup"] = screen
        return screen

    def a_key() -> Callable[[], Any]:
        from ui.widgets.keyboard import key_center

        screen = setup_with(6)
        popup = state["typing"] = screen.seat_rows[0].name_field.open_keyboard()
        popup.text = ""
        bench.settle()
        return lambda: key_center(popup.keys, "a")

    def rub_out() -> None:
        state["typing"].backspace()

    def a_seat() -> Callable[[], Any]:
        setup_with(5)
        return lambda: button(bench.top, "+ Add player")

    def seat_left() -> None:
        screen = state["setup"]
        screen.remove(len(screen.seats) - 1)

    def settings() -> Callable[[], Any]:
        from ui.places import Place

        bench.navigator.go(Place.SETTINGS, bench.services)
        # The first step down is the volume's (sound comes first), and its step back up the first "+" then.
        return lambda: button(bench.top, "-")

    def a_race() -> Callable[[], Any]:
        from companion.players import Player
        from hardware.backend import open_backend
        from hardware.controller import RaceController
        from ui.screens.race import RaceBook, RacePopup

        settings = {**bench.services.settings, "race": {**bench.services.settings["race"],
                                                        "cue_delay_min_s": 0, "cue_delay_max_s": 0}}
        hardware = state["hardware"] = RaceController(open_backend("mock", settings), settings, threaded=False)
        players = [Player(name, colour, number) for number, (name, colour) in enumerate(
            zip(LONG_NAMES, ("orange", "sky", "green", "yellow", "pink", "blue")), start=1)]
        session = bench.services.store.new_session("nuts_about_mutts", players)
        popup = state["popup"] = RacePopup(hardware, players, "bones", list(range(6)), on_result=lambda result: None,
                                           book=RaceBook(bench.services.store, session.id))
        popup.start()
        bench.settle()
        return lambda: hardware.finish

    def go_and_press() -> None:
        popup, hardware = state["popup"], state["hardware"]
        if popup.decision is not None:
            popup.race_again(list(range(6)))
        popup._show_go()
        for number in (3, 1, 6, 2, 5, 4):
            hardware.screen_press(number, True)
            time.sleep(0.003)   # a few milliseconds apart, as hands are: no tie to race again

    def race_over() -> None:
        state["popup"].dismiss(animation=False)
        state["hardware"].close()

    return [
        Case("Set-up, 6 players: a key typed on the keyboard", a_key, after=rub_out, close=bench.close_popups),
        Case("Set-up, 5 players: a sixth seat added", a_seat, after=seat_left),
        Case("Settings: a setting stepped (the volume)", settings, after=lambda: tap_now(button(bench.top, "+"))),
        Case("Race, 6 players: the result shown (GO to the photo finish)", a_race, before=go_and_press,
             close=race_over),
    ]


def _draw(screen):
    from companion.actions import Action

    return Action("draw", screen.controller.session.summary()["turn"])


def tap_now(widget) -> None:
    from kivy.tests.common import UnitTestTouch

    touch = UnitTestTouch(*widget.to_window(*widget.center))
    touch.touch_down()
    touch.touch_up()


# ----- Resume, the first after the app starts ---------------------------------------------------------
def first_resume() -> Touch:
    """The app started as the kiosk starts it, over saved games whose newest is an unfinished 200-move
    game: Home shown, read by the family for a few seconds, then Resume tapped. Once per process."""
    from kivy.base import EventLoop
    from kivy.core.window import Window

    from companion import config
    from companion.store import Store
    from ui.app import CompanionApp

    data = Path(tempfile.mkdtemp(prefix="first-resume-"))
    store = Store.open(data)
    play(store.new_session("nuts_about_mutts", family(6), {}), 200, 3)
    store.close()
    app = CompanionApp.create(data_dir=data, settings=config.load(data), backend="mock")
    app._run_prepare()
    watch = Watch(Window, None)
    reading_until = time.monotonic() + 3.0
    while time.monotonic() < reading_until:
        EventLoop.idle()
        time.sleep(1 / 60)
    frames_until_quiet(Window)
    touch = timed_touch(Window, watch, button(app.navigator.current_screen, "Resume"))
    app.stop()
    return touch


# ----- the save's wait on a slow disk ------------------------------------------------------------------
SLOW_SYNC_C = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>
/* Every fsync and fdatasync made slower by SYNC_DELAY_MS, as on a slow SD card. */
static void wait_as_a_slow_card(void) {
    const char *ms = getenv("SYNC_DELAY_MS");
    long delay = ms ? atol(ms) : 0;
    struct timespec pause = { delay / 1000, (delay % 1000) * 1000000L };
    if (delay > 0) nanosleep(&pause, NULL);
}
int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    wait_as_a_slow_card();
    return real(fd);
}
int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    wait_as_a_slow_card();
    return real(fd);
}
"""


def slow_sync_shim(folder: Path) -> Path | None:
    """The shim compiled here, or None where there is no C compiler."""
    source, shim = folder / "slow_sync.c", folder / "slow_sync.so"
    source.write_text(SLOW_SYNC_C)
    try:
        subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", str(shim), str(source), "-ldl"], check=True,
                       capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return shim


SAVE_CASE = "Nuts about Mutts, 6 players: a dog card played"


# ----- the report ----------------------------------------------------------------------------------
def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):6.1f}/{p95(values):6.1f}" if values else f"{'-':>13}"


def as_json(touches: list[Touch]) -> list[dict[str, Any]]:
    return [vars(touch) for touch in touches]


def child(args: argparse.Namespace, *mode: str, env: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """This bench run again in a process of its own (`mode`); the JSON lines it prints."""
    command = [sys.executable, str(BENCH), "--taps", str(args.taps), "--only", args.only, "--app", str(args.app),
               *mode]
    result = subprocess.run(command, env={**os.environ, **(env or {})}, capture_output=True, text=True, timeout=3600)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(mode)} failed (exit {result.returncode}):\n{result.stderr[-3000:]}")
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


def measured(bench: Bench, only: str):
    """(case, figures) for each case named by `only`; figures None where it could not be set up."""
    for case in cases(bench):
        if only.lower() not in case.name.lower():
            continue
        try:
            yield case, bench.measure(case)
        except Exception as problem:  # noqa: BLE001 - one case that cannot be set up leaves the others measured
            print(f"{case.name:<70} not measured: {type(problem).__name__}: {problem}", file=sys.stderr)
            yield case, None


def is_game_tap(name: str) -> bool:
    return name.startswith(("Nuts about Mutts", "That's Ruff!", "Mix-the-Mutts", "Nut,", "Pugs in Mugs")) \
        and "History" not in name


def report_touches(rows: list[tuple[str, list[Touch] | None, list[Touch]]]) -> int:
    print(f"{'touch':<70} {'CPU':>13} {'wall':>13} {'frames':>6} {'full gc':>7} {'in p95':>6} {'bare CPU':>13}  goal")
    print("-" * 141)
    missed = 0
    for name, app, bare in rows:
        if not app:
            print(f"{name:<70} not measured")
            missed += 1
            continue
        cpu = [touch.cpu for touch in app]
        goal = GOAL_GAME_TAP_MS if is_game_tap(name) else GOAL_CPU_MS
        met = p95(cpu) <= goal
        missed += not met
        collected = [touch for touch in app if touch.collected]
        in_p95 = any(touch.cpu >= p95(cpu) for touch in collected)
        print(f"{name:<70} {spread(cpu)} {spread([touch.wall for touch in app])} "
              f"{statistics.median([touch.frames for touch in app]):6g} {len(collected):7d} {'yes' if in_p95 else 'no':>6} "
              f"{spread([touch.cpu for touch in bare])}  {'met' if met else 'NOT met'} (p95 <= {goal:g})")
    return missed


def report_paint(rows: list[dict[str, Any]]) -> int:
    print(f"{'screen after the touch':<70} {'draws/frame':>11} {'most in a frame':>15} {'texture KB':>10} "
          f"{'vertex KB':>9} {'stacked':>7}  goal")
    print("-" * 141)
    missed = 0
    for row in rows:
        texture, vertex = statistics.median(row["texture"]) / 1024, statistics.median(row["vertex"]) / 1024
        met = (row["draws"] <= GOAL_DRAW_CALLS and texture <= GOAL_TEXTURE_KB and vertex <= GOAL_VERTEX_KB
               and row["depth"] <= GOAL_DEPTH)
        missed += not met
        print(f"{row['name']:<70} {row['draws']:11d} {max(row['most']):15d} {texture:10.1f} {vertex:9.1f} "
              f"{row['depth']:7d}  {'met' if met else 'NOT met'}")
    return missed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--only", default="", help="measure only the touches whose name holds these words")
    parser.add_argument("--app", type=Path, default=ROOT, help="the checkout of the app to measure")
    parser.add_argument("--paint", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--first-resume", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--saves", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.app = args.app.resolve()
    gl = None
    if args.paint:
        os.environ["KIVY_GL_DEBUG"] = "1"
    prepare(args.app)
    if args.paint:
        gl = GLCounter()
    if args.first_resume:
        print(json.dumps(vars(first_resume())))
        return 0
    bench = Bench(args.taps, gl)
    if args.paint:
        for case, figures in measured(bench, args.only):
            if figures is not None:
                print(json.dumps({"name": case.name, "draws": figures["draws"], "depth": figures["depth"],
                                  "most": [touch.draws for touch in figures["app"]],
                                  "texture": [touch.texture_bytes for touch in figures["app"]],
                                  "vertex": [touch.vertex_bytes for touch in figures["app"]]}))
        return 0
    if args.saves:
        for case, figures in measured(bench, SAVE_CASE):
            if figures is not None:
                print(json.dumps({"name": case.name, "touches": as_json(figures["app"])}))
        return 0
    return report(args, bench)


def report(args: argparse.Namespace, bench: Bench) -> int:
    print(f"{args.app}: {SIZE[0]}x{SIZE[1]}, {args.taps} taps a case, each beside a tap on the bare app; milliseconds, "
          "median / p95.")
    print(f"Goals: main-thread CPU p95 at most {GOAL_CPU_MS:g} ms a touch, {GOAL_GAME_TAP_MS:g} ms a tap on a game's "
          f"pads (a Pi 4 taken as {PI_FACTOR}x slower); at most {GOAL_DRAW_CALLS} draw calls a frame, "
          f"{GOAL_TEXTURE_KB} KB of textures and {GOAL_VERTEX_KB} KB of vertices uploaded a touch, "
          f"{GOAL_DEPTH} shapes stacked.")
    print(f"Load before: {' '.join(f'{load:.1f}' for load in os.getloadavg())} (1, 5, 15 min) on {os.cpu_count()} cores.")
    print()
    rows: list[tuple[str, list[Touch] | None, list[Touch]]] = []
    saves: list[tuple[float, float]] = []
    for case, figures in measured(bench, args.only):
        rows.append((case.name, figures and figures["app"], figures["bare"] if figures else []))
        if figures and case.name == SAVE_CASE:
            saves = [commit for touch in figures["app"] for commit in touch.commits]
    first = [Touch(**found) for found in (child(args, "--first-resume")[0] for _ in range(FIRST_RESUMES))]
    rows.append((f"Resume of a 200-move game, the first after the app starts ({FIRST_RESUMES} starts)", first, []))
    missed = report_touches(rows)
    print()
    paint = child(args, "--paint", env={"KIVY_GL_DEBUG": "1"})
    missed_paint = report_paint(paint)
    print()
    report_saves(args, saves)
    print()
    print(f"CPU: {missed} case(s) over the goal at p95." if missed else "CPU: every case within its goal at p95.")
    print(f"Paint: {missed_paint} screen(s) over the budget." if missed_paint else "Paint: every screen within the budget.")
    print(f"Load after: {' '.join(f'{load:.1f}' for load in os.getloadavg())}.")
    return 0


def report_saves(args: argparse.Namespace, here: list[tuple[float, float]]) -> None:
    """The commit of each move: its wall time (the screen waits on it) beside its CPU, on this disk and
    with each fsync slowed down as a slow SD card would."""
    print(f"The save of a move ({SAVE_CASE}): each commit's wall time beside its CPU, and the touch to its frame")
    print(f"{'each fsync':<24} {'commit wall':>13} {'commit CPU':>13} {'touch wall':>13} {'touch CPU':>13}")
    with tempfile.TemporaryDirectory(prefix="slow-sync-") as folder:
        shim = slow_sync_shim(Path(folder))
        for delay in SYNC_DELAYS_MS:
            if delay and shim is None:
                print(f"{f'+{delay} ms':<24} not measured: no C compiler for the shim")
                continue
            env = {"SYNC_DELAY_MS": str(delay), "LD_PRELOAD": str(shim)} if delay and shim else {}
            found = child(args, "--saves", env=env)
            touches = [Touch(**touch) for row in found for touch in row["touches"]]
            commits = [commit for touch in touches for commit in touch.commits]
            print(f"{'as this disk is' if not delay else f'+{delay} ms':<24} {spread([c[0] for c in commits])} "
                  f"{spread([c[1] for c in commits])} {spread([t.wall for t in touches])} {spread([t.cpu for t in touches])}")
    if here:
        print(f"{'(in the run above)':<24} {spread([c[0] for c in here])} {spread([c[1] for c in here])}")


if __name__ == "__main__":
    sys.exit(main())
