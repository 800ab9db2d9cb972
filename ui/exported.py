"""What an export says once it is done. On the kiosk a stick is unmounted after an export (off the
screen's thread: it can take seconds), and only then is the family told to take it out."""

from __future__ import annotations

from companion import exports
from companion.errors import CompanionError
from ui.background import off_screen
from ui.widgets.basics import MessageBar

TAKE_OUT = "You can take the stick out now."
WAIT = "Wait: the stick is being made safe to take out."
STILL_BUSY = "The stick is still busy: wait a moment before you take it out."


def show_exported(bar: MessageBar, done: exports.Exported) -> None:
    """`done`'s message in `bar`; after an export to a stick the kiosk can unmount, followed by when
    the stick may be taken out."""
    stick = done.stick
    if stick is None or not exports.can_release():
        bar.show(done.message, problem=done.problem is not None, seconds=None)
        return
    bar.show(f"{done.message}. {WAIT}", seconds=None)

    def released(out: bool) -> None:
        bar.show(f"{done.message}. {TAKE_OUT if out else STILL_BUSY}", problem=not out, seconds=None)

    def not_released(_problem: CompanionError) -> None:
        released(False)

    off_screen(lambda _task: exports.release(stick), done=released, failed=not_released)
