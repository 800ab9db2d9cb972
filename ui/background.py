"""Long work off the screen's thread: reading the files on a USB stick, checking and saving their games.
A worker thread does the work while the screen keeps drawing and answers Cancel; everything the work
says (how far it got, its result, why it stopped) reaches the screen through Clock.schedule_once, so
widgets are only ever touched on the screen's own thread."""

from __future__ import annotations

import logging
import threading
from typing import Callable, TypeVar

from kivy.clock import Clock

from companion.errors import CompanionError
from companion.progress import Task

log = logging.getLogger(__name__)

Result = TypeVar("Result")
# Tasks started whose result has not reached the screen yet (counted on the screen's thread): a
# screenshot waits for none to be left, so it shows what the work found.
_unfinished = 0


def unfinished() -> int:
    return _unfinished


def on_screen(call: Callable[[], object]) -> None:
    """`call()` on the screen's thread, at the next frame (from any thread)."""
    Clock.schedule_once(lambda _: call(), 0)


def off_screen(work: Callable[[Task], Result], *, done: Callable[[Result], object],
               failed: Callable[[CompanionError], object],
               progress: Callable[[str, float | None], object] | None = None,
               stopped_words: str = "it stopped") -> Task:
    """Run `work(task)` on a worker thread and return its task (cancel it to stop the work at its next
    step). Then, on the screen's thread: `done(result)`, or `failed(error)` with the CompanionError
    that stopped it (Cancelled after a cancel). Anything else that stops it is logged with its
    traceback and handed on as a CompanionError saying `stopped_words`, so the screen always has a
    sentence to show and never a traceback."""
    report = None if progress is None else (lambda doing, fraction: on_screen(lambda: progress(doing, fraction)))
    task = Task(report)
    global _unfinished
    _unfinished += 1

    def finish(call: Callable[[], object]) -> None:
        global _unfinished
        _unfinished -= 1
        call()

    def run() -> None:
        try:
            result = work(task)
        except CompanionError as problem:
            error = problem
        except Exception as unexpected:   # noqa: BLE001 - the thread's last word must reach the screen
            log.exception("work off the screen's thread stopped")
            error = CompanionError(f"Sorry, {stopped_words} ({type(unexpected).__name__}: {unexpected})")
        else:
            on_screen(lambda: finish(lambda: done(result)))
            return
        on_screen(lambda: finish(lambda: failed(error)))

    threading.Thread(target=run, name="off-screen work", daemon=True).start()
    return task
