"""From a touch to the frame that shows it, on the 7" panel's size (800x480): each game at its largest
table, an ordinary move tapped on its pad, and the app's other common touches (a refused tap, Undo,
a 200-move History, Home and Saved games with 50 games, the evening with 10 and with 100), each beside a bare Kivy
app whose button changes a label, measured in the same window and interleaved tap for tap.

    python bench/touch.py [--taps N]

For every touch two figures: touch to frame (the touch's handlers, the layout, and the frame painted
and flipped, until a frame has nothing left to draw), and the Python work in it (the same without the
painting, which is done here in software by llvmpipe and on a Pi by its GPU). Beside them, the
repaint: the same screen painted once more with nothing changed, which any frame showing it costs
(Kivy paints the whole window each frame); where the repaint alone is over the goal's share of the
bare app's touch, no less work on the touch could meet it, only painting less. Animations (a popup
opening) are moved to their end, as a finger would wait for them, so they do not count. A Pi 4 is
taken as five times slower than this machine for the Python work (an estimate, not a measurement).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PI_FACTOR = 5
SIZE = (800, 480)
GOAL_PYTHON_MS = 10.0
GOAL_RATIO = 1.5


def prepare() -> None:
    # Frames as fast as they are made. Kivy's clock reads this once, when it is made, and otherwise
    # sleeps inside a timed touch to keep 60 frames a second.
    os.environ["KCFG_GRAPHICS_MAXFPS"] = "0"
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))
    os.environ.setdefault("KIVY_LOG_LEVEL", "warning")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    from ui.main import prepare_kivy

    prepare_kivy(SIZE, False)
    from kivy.clock import Clock

    if Clock._max_fps:
        raise SystemExit("the clock still keeps a frame rate: its sleeps would be timed as the app's work")


# ----- one touch, timed ----------------------------------------------------------------------------
class Painting:
    """Time spent painting (the window's draw and flip), so it can be taken out of a touch's time."""

    def __init__(self, window):
        self.seconds = 0.0
        self.frames = 0
        self.window = window
        draw, flip = type(window).on_draw, type(window).on_flip

        def timed(method):
            def run(*args):
                started = time.perf_counter()
                method(window, *args)
                self.seconds += time.perf_counter() - started
            return run

        window.on_draw = timed(draw)
        window.on_flip = timed(flip)

    def painted(self) -> tuple[float, int]:
        return self.seconds, self.frames


def finish_animations() -> None:
    from kivy.animation import Animation

    for animation in list(Animation._instances):
        for progress in animation._widgets.values():
            if isinstance(progress, dict) and progress.get("time") is not None:
                progress["time"] = max(progress["time"], animation.duration)


def frames_until_quiet(window, limit: int = 12) -> None:
    """Run frames until one has nothing to draw (the touch's result is on screen)."""
    from kivy.base import EventLoop

    for _ in range(limit):
        finish_animations()
        EventLoop.idle()
        if not window.canvas.needs_redraw and not _animating():
            # One more frame to see whether anything was scheduled for it (a trigger, a clock event).
            EventLoop.idle()
            if not window.canvas.needs_redraw:
                return


def _animating() -> bool:
    from kivy.animation import Animation

    return bool(Animation._instances)


def timed_touch(window, painting: Painting, widget) -> tuple[float, float, int, float]:
    """(touch to frame handed over, Python work, frames, touch to frame painted) in milliseconds for one
    tap in the middle of `widget`, or at a point (x, y) on the window (a key of the on-screen keyboard,
    drawn rather than a widget), or for an event that is no touch at all (a race decided: a callable)."""
    from kivy.base import EventLoop
    from kivy.graphics.opengl import glFinish
    from kivy.tests.common import UnitTestTouch

    event = widget if callable(widget) else None
    x, y = (0, 0) if event else widget if isinstance(widget, tuple) else widget.to_window(*widget.center)
    # The frames before this one finished painting first: texture uploads would otherwise wait on them.
    glFinish()
    painted_before = painting.seconds
    started = time.perf_counter()
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
    submitted = time.perf_counter()
    painted = painting.seconds - painted_before
    # The software rasteriser (llvmpipe) goes on painting after the frame is handed over; a Pi's GPU
    # does that part. Waited for apart, so both figures are printed.
    glFinish()
    finished = time.perf_counter()
    total = submitted - started
    return total * 1000, (total - painted) * 1000, frames, (finished - started) * 1000


def timed_repaint(window) -> float:
    """Milliseconds to paint the screen once more as it stands, with nothing changed: what any frame
    showing this screen costs before a touch does any work (the window is painted whole each frame)."""
    from kivy.base import EventLoop
    from kivy.graphics.opengl import glFinish

    glFinish()
    window.canvas.ask_update()
    started = time.perf_counter()
    EventLoop.idle()
    return (time.perf_counter() - started) * 1000


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
    def __init__(self, taps: int):
        from kivy.core.window import Window
        from kivy.uix.screenmanager import NoTransition

        from companion import config
        from companion.store import Store
        from ui.navigation import Navigator
        from ui.services import Services

        self.taps = taps
        self.window = Window
        self.data = Path(tempfile.mkdtemp(prefix="touch-bench-"))
        self.services = Services(data_dir=self.data, store=Store.open(self.data), settings=config.load(self.data))
        self.navigator = Navigator(transition=NoTransition())
        self.services.extras["navigator"] = self.navigator
        Window.add_widget(self.navigator)
        self.painting = Painting(Window)
        self.bare = bare_app()

    @property
    def top(self):
        """What a finger touches now: an open popup, else the screen."""
        from kivy.uix.modalview import ModalView

        popups = [child for child in self.window.children if isinstance(child, ModalView)]
        return popups[0] if popups else self.navigator.current_screen

    def game(self, key: str, players: int, options: dict | None = None, moves: int = 0, seed: int = 3):
        from companion.players import Player
        from ui.screens.game import open_game_screen

        family = [Player(name, colour, number) for number, (name, colour) in enumerate(
            [("Christopher", "orange"), ("Maximiliana", "sky"), ("Bartholomew", "green"), ("Anastasia", "yellow"),
             ("Jean-Baptiste", "pink"), ("Wilhelmina", "blue")][:players], start=1)]
        session = self.services.store.new_session(key, family, options or {})
        rng = random.Random(seed)
        for _ in range(moves):
            if session.is_over:
                break
            session.perform(rng.choice(session.game.legal_actions(session.state, rng)))
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

    def measure(self, case: Case) -> dict[str, list[float]]:
        from ui.collector import AFTER_A_CHANGE_S

        target = case.open()
        # The family looks at the screen before the first tap, long enough for the app to have put the
        # screen's memory out of the cycle collector's way.
        time.sleep(AFTER_A_CHANGE_S + 0.1)
        self.settle()
        figures: dict[str, list[float]] = {"frame": [], "python": [], "frames": [], "painted": [], "repaint": [],
                                           "bare_frame": [], "bare_python": [], "bare_frames": []}
        for _ in range(self.taps):
            frame, python, frames, _ = self.bare_tap()
            figures["bare_frame"].append(frame)
            figures["bare_python"].append(python)
            figures["bare_frames"].append(frames)
            if case.before:
                case.before()
                self.settle()
            frame, python, frames, painted = timed_touch(self.window, self.painting, target())
            figures["painted"].append(painted)
            figures["frame"].append(frame)
            figures["python"].append(python)
            figures["frames"].append(frames)
            self.settle()
            figures["repaint"].append(timed_repaint(self.window))
            if case.after:
                case.after()
            self.settle()
        if case.close:
            case.close()
            self.settle()
        return figures

    def bare_tap(self) -> tuple[float, float, int, float]:
        """The same touch on the bare app, shown alone in the app's place (its popups put aside too)."""
        shown = list(reversed(self.window.children))
        for widget in shown:
            self.window.remove_widget(widget)
        self.window.add_widget(self.bare)
        self.settle()
        result = timed_touch(self.window, self.painting, self.bare.button)
        self.window.remove_widget(self.bare)
        for widget in shown:
            self.window.add_widget(widget)
        self.settle()
        return result


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


# ----- the report ----------------------------------------------------------------------------------
def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--only", default="", help="measure only the touches whose name holds these words")
    args = parser.parse_args()
    prepare()
    bench = Bench(args.taps)
    print(f"{SIZE[0]}x{SIZE[1]}, {args.taps} taps a case, each beside a tap on the bare app; milliseconds, "
          f"median / p95.")
    print(f"Goals: Python work p95 at most {GOAL_PYTHON_MS:g} ms here (about {GOAL_PYTHON_MS * PI_FACTOR:g} ms on a "
          f"Pi 4 at {PI_FACTOR}x), touch to frame within {GOAL_RATIO:g}x the bare app.")
    print()
    header = (f"{'touch':<70} {'python':>13} {'frame':>13} {'frames':>6} {'repaint':>7} {'bare frame':>13} "
              f"{'ratio':>6}  python goal  frame goal")
    print(header)
    print("-" * len(header))
    slow_python = slow_frames = paint_bound = python_bound = 0
    for case in cases(bench):
        if args.only.lower() not in case.name.lower():
            continue
        try:
            figures = bench.measure(case)
        except Exception as problem:  # noqa: BLE001 - one case that cannot be set up leaves the others measured
            print(f"{case.name:<70} not measured: {type(problem).__name__}: {problem}")
            slow_python += 1
            slow_frames += 1
            continue
        python, frame, bare = figures["python"], figures["frame"], figures["bare_frame"]
        ratio = statistics.median(frame) / statistics.median(bare)
        python_met, frame_met = p95(python) <= GOAL_PYTHON_MS, ratio <= GOAL_RATIO
        repaint = statistics.median(figures["repaint"])
        slow_python += not python_met
        slow_frames += not frame_met
        paint_bound += repaint > GOAL_RATIO * statistics.median(bare)
        python_bound += statistics.median(python) > GOAL_RATIO * statistics.median(bare)
        print(f"{case.name:<70} {statistics.median(python):6.1f}/{p95(python):6.1f} "
              f"{statistics.median(frame):6.1f}/{p95(frame):6.1f} {statistics.median(figures['frames']):6g} "
              f"{repaint:7.1f} {statistics.median(bare):6.1f}/{p95(bare):6.1f} "
              f"{ratio:6.2f}  {'met' if python_met else 'NOT met':<11}  {'met' if frame_met else 'NOT met'}")
    print()
    print(f"Python work: {slow_python} case(s) over {GOAL_PYTHON_MS:g} ms at p95." if slow_python
          else f"Python work: every case at most {GOAL_PYTHON_MS:g} ms at p95.")
    print(f"Touch to frame: {slow_frames} case(s) over {GOAL_RATIO:g}x the bare app." if slow_frames
          else f"Touch to frame: every case within {GOAL_RATIO:g}x the bare app.")
    if slow_frames:
        print(f"Of those, {paint_bound} where painting the screen once more, with nothing changed, already takes "
              f"over {GOAL_RATIO:g}x the bare app's whole touch, and {python_bound} where the Python work alone does.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
