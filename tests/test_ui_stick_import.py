"""Importing from a USB stick by touch: the stick's files are listed at once and described as they are
read; the file tapped is read, checked and saved off the screen's thread, with a bar and Cancel, while
the screen keeps drawing; whatever the file is, the family reads one sentence and the app stays up."""

from __future__ import annotations

import json
import threading
import time

import pytest

pytest.importorskip("kivy")

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from stick_support import a_tables_evening, largest_evening, plug_in  # noqa: E402
from ui_support import buttons_reading, settle, settle_until, tap  # noqa: E402

from companion import exports, gamelog  # noqa: E402
from companion.gamelog import LARGEST_LOG  # noqa: E402
from ui.places import Place  # noqa: E402
from ui.screens.saved_games import ImportPopup, SavedGamesScreen  # noqa: E402
from ui.widgets.progress import ProgressPopup  # noqa: E402


def shown_popup(kind):
    return next((child for child in Window.children if isinstance(child, kind)), None)


def the_stick_s_files(navigator) -> ImportPopup:
    tap(buttons_reading(navigator.current_screen, "Import from USB stick")[0])
    popup = shown_popup(ImportPopup)
    assert popup is not None
    assert settle_until(lambda: popup.reading is None and popup.choices, timeout_s=60)
    return popup


class Threads:
    """Which threads called `function` of `owner` (the test's spy; the call itself goes on as it was)."""

    def __init__(self, monkeypatch, owner, function: str):
        self.seen: list[threading.Thread] = []
        real = getattr(owner, function)

        def spied(*args, **kwargs):
            self.seen.append(threading.current_thread())
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, function, spied)

    @property
    def on_the_screen_s_thread(self) -> bool:
        return any(thread is threading.main_thread() for thread in self.seen)


@pytest.mark.slow   # builds and imports a file as large as any may be
def test_the_largest_file_is_read_off_the_screen_s_thread_while_the_screen_keeps_drawing(
        services, navigator, tmp_path, monkeypatch):
    stick = plug_in(tmp_path, monkeypatch)
    (stick / "evening.json").write_text(largest_evening(LARGEST_LOG))
    games = len(json.loads((stick / "evening.json").read_text())["games"])
    reads = Threads(monkeypatch, gamelog, "read_text")
    saves = Threads(monkeypatch, services.store, "import_sessions")
    screen = navigator.go(Place.SAVED_GAMES, services)
    popup = the_stick_s_files(navigator)
    assert reads.seen and not reads.on_the_screen_s_thread     # the list's descriptions too
    idle_from = time.perf_counter()
    idle = frame_gaps(lambda: time.perf_counter() - idle_from < 2)   # the machine's own pauses, to compare
    tap(popup.choices[0])
    progress = shown_popup(ProgressPopup)
    said = set()
    started = time.perf_counter()

    def importing() -> bool:
        said.add(progress.doing.text.split(":")[0])
        return screen.importing is not None and time.perf_counter() - started < 600

    gaps = frame_gaps(importing)
    took = time.perf_counter() - started
    gaps, shown = gaps[:-1], gaps[-1]   # the last frame is the one that lists the games imported
    settle()
    assert screen.message.text.startswith(f"Imported an evening of {games} games")
    assert len(reads.seen) == 2 and not reads.on_the_screen_s_thread
    assert saves.seen and not saves.on_the_screen_s_thread
    assert {"Reading evening.json", "Checking the moves", "Saving"} <= said
    print(f"\nlargest file: {(stick / 'evening.json').stat().st_size:,} bytes, {games} games; import {took:.2f} s "
          f"over {len(gaps)} frames; longest gap between frames {max(gaps) * 1000:.1f} ms (99.9th percentile "
          f"{quantile(gaps, 0.999) * 1000:.1f} ms); with no import, on the same machine just before: longest "
          f"{max(idle) * 1000:.1f} ms (99.9th percentile {quantile(idle, 0.999) * 1000:.1f} ms); the frame "
          f"listing the games imported: {shown * 1000:.1f} ms")


def frame_gaps(going) -> list[float]:
    """The time between one frame and the next (laid out, not painted), while `going()` holds."""
    gaps, last = [], time.perf_counter()
    while going():
        EventLoop.idle()
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
    return gaps


def quantile(values: list[float], share: float) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * share))]


@pytest.fixture
def an_evening_on_the_stick(tmp_path, monkeypatch):
    stick = plug_in(tmp_path, monkeypatch)
    evening, game = a_tables_evening(tmp_path / "table")
    (stick / "evening.json").write_text(json.dumps(evening))
    (stick / "nut.json").write_text(json.dumps(game))
    return stick


def test_cancel_stops_the_import_and_saves_nothing(services, navigator, an_evening_on_the_stick, monkeypatch):
    tapped = threading.Event()
    read = exports.read_document

    def read_then_wait(*args, **kwargs):
        document = read(*args, **kwargs)
        tapped.wait(30)   # the family taps Cancel while the file is being checked
        return document

    screen = navigator.go(Place.SAVED_GAMES, services)
    popup = the_stick_s_files(navigator)
    monkeypatch.setattr(exports, "read_document", read_then_wait)
    tap(next(choice for choice in popup.choices if "evening.json" in choice.text))
    progress = shown_popup(ProgressPopup)
    assert progress is not None and screen.importing is not None
    tap(progress.cancel_button)
    assert progress.doing.text.startswith("Cancelling") and progress.cancel_button.disabled
    tapped.set()
    assert settle_until(lambda: screen.importing is None)
    settle()
    assert screen.message.text == "Cancelled: nothing was imported."
    assert shown_popup(ProgressPopup) is None
    assert services.store.history() == [] and services.store.roster() == []


def test_the_list_is_shown_before_its_files_are_read_and_close_stops_the_reading(
        services, navigator, an_evening_on_the_stick, monkeypatch):
    release = threading.Event()
    describe = exports.describe
    stopped = []

    def slow(path, task=None):
        release.wait(30)
        try:
            return describe(path, task)
        except Exception as stop:
            stopped.append(stop)
            raise

    monkeypatch.setattr(exports, "describe", slow)
    navigator.go(Place.SAVED_GAMES, services)
    tap(buttons_reading(navigator.current_screen, "Import from USB stick")[0])
    popup = shown_popup(ImportPopup)
    assert settle_until(lambda: len(popup.choices) == 2)
    assert all(choice.text.endswith("reading it...") for choice in popup.choices)
    tap(buttons_reading(popup, "Close")[0])
    assert settle_until(lambda: shown_popup(ImportPopup) is None)
    release.set()
    assert settle_until(lambda: popup.reading is None)
    assert [type(stop).__name__ for stop in stopped] == ["Cancelled"]


def test_a_file_deleted_after_the_list_was_shown_is_said_so(services, navigator, an_evening_on_the_stick):
    screen = navigator.go(Place.SAVED_GAMES, services)
    popup = the_stick_s_files(navigator)
    (an_evening_on_the_stick / "nut.json").unlink()
    tap(next(choice for choice in popup.choices if "nut.json" in choice.text))
    assert settle_until(lambda: screen.importing is None)
    settle()
    assert "no such file" in screen.message.text
    assert isinstance(navigator.current_screen, SavedGamesScreen) and services.store.history() == []


def a_long_evening(store, games: int) -> None:
    """`games` finished games of Nut, each with its own two players, played one after another tonight."""
    import random

    from companion.players import Player
    from companion.registry import load_game
    from companion.session import Session
    from companion.store import GameToImport

    game, played, start = load_game("nut"), [], time.time() - 3 * 3600
    for number in range(games):
        session = Session(game, [Player(f"Ann {number}", "orange"), Player(f"Ben {number}", "sky")])
        rng = random.Random(number)
        while not session.is_over:
            session.perform(rng.choice(game.legal_actions(session.state, rng)))
        played.append(GameToImport(session, start + number * 60, start + number * 60 + 30))
    store.import_sessions(played)


def test_the_longest_evening_an_import_allows_opens_at_once_and_scrolls_to_its_last_game(services, navigator):
    from kivy.uix.label import Label

    from companion.evenings import MOST_GAMES
    from ui.screens.evening import CHART_LINES, EveningGameCard, StandingRow

    a_long_evening(services.store, MOST_GAMES)
    screen = navigator.go(Place.EVENING, services)
    settle()

    def drawn(kind) -> list:
        return [widget for widget in screen.walk(restrict=True) if isinstance(widget, kind)]

    # One list of every player and every game, of which only the rows in sight are drawn.
    assert len(screen.rows) == len(drawn(StandingRow)) and 0 < len(screen.rows) < 20
    listed = screen.body.listing.data
    assert sum(item["viewclass"] == "StandingRow" for item in listed) == 2 * MOST_GAMES
    assert sum(item["viewclass"] == "EveningGameCard" for item in listed) == MOST_GAMES
    screen.body.listing.scroll_y = 0   # a finger's fling to the end of the list
    settle()
    last = [label.text for label in drawn(Label) if label.text.startswith(f"[b]{MOST_GAMES}. Nut[/b]")]
    assert last and not drawn(StandingRow) and len(drawn(EveningGameCard)) < 10
    assert screen.chart is not None and len(screen.chart.lines) == CHART_LINES


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=["800x480", "1280x720"])
def test_the_import_s_progress_and_a_long_evening_pass_the_layout_check(services, navigator, size,
                                                                         an_evening_on_the_stick, monkeypatch):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent / "e2e"))
    import layout

    before = Window.size
    Window.size = size
    settle(6)
    try:
        progress = ProgressPopup("Importing evening-2026-11-26.json", on_cancel=lambda: None)
        progress.open()
        progress.show("Checking the moves", 0.4)
        settle(8)
        assert layout.check(f"import progress {size}", [progress], Window) == []
        progress.cancel()
        settle(4)
        assert layout.check(f"import cancelling {size}", [progress], Window) == []
        progress.dismiss(animation=False)
        a_long_evening(services.store, 30)
        screen = navigator.go(Place.EVENING, services)
        settle(8)
        from kivy.uix.scrollview import ScrollView

        for where in (1, 0.5, 0):
            for scroll in (widget for widget in screen.walk() if isinstance(widget, ScrollView)):
                scroll.scroll_y = where
            settle(4)
            problems = [str(problem) for problem in layout.check(f"long evening {size} at {where}", [screen], Window)]
            assert problems == [], "\n".join(problems)
    finally:
        Window.size = before
        settle(6)


def test_an_evening_from_a_table_whose_clock_was_wrong_is_imported_by_touch_with_its_dates_and_a_note(
        services, navigator, tmp_path, monkeypatch):
    from clock_support import IMAGE_BUILT, TableClock

    from companion import clock

    stick = plug_in(tmp_path, monkeypatch)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(clock, "source", TableClock(IMAGE_BUILT))   # a table that starts at its image's day
        evening, _ = a_tables_evening(tmp_path / "table")
    (stick / "evening.json").write_text(json.dumps(evening))
    screen = navigator.go(Place.SAVED_GAMES, services)
    popup = the_stick_s_files(navigator)
    (choice,) = popup.choices
    assert "An evening of Mon 27 Apr 2026: 3 games. The clock of the table that played them was wrong" in choice.text
    tap(choice)
    assert settle_until(lambda: screen.importing is None)
    settle()
    assert screen.message.text.startswith("Imported an evening of 3 games")
    assert "they are dated Mon 27 Apr 2026, before this app was first made. They keep their dates." in screen.message.text
    assert sorted(record.started_at for record in services.store.history()) == sorted(
        game["played"]["started_at"] for game in evening["games"])
