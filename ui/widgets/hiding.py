"""Hiding a part made once (a seat's card while the seat is empty, a stage of the race popup) without
taking it out of the layout: it keeps its place, so what is beside it keeps its size; no touch reaches
it; and nothing of it is drawn. A widget at opacity 0 is still painted, every pixel of it, so its
canvas also leaves its parent's until it shows again.

Touches are kept out by disabling the part, but only a part that takes touches: disabling draws every
label in it again (in its disabled colour), work thrown away on words nobody sees."""

from __future__ import annotations

from typing import Any

from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from ui.widgets.shared_fills import fills_changed


def takes_touches(widget: Widget) -> bool:
    return any(isinstance(part, (ButtonBehavior, ScrollView)) for part in widget.walk(restrict=True))


def hide(widget: Widget, hidden: bool) -> None:
    widget.opacity = 0 if hidden else 1
    if widget.disabled != hidden and (widget.disabled or takes_touches(widget)):
        widget.disabled = hidden
    parent = widget.parent
    if parent is None:
        return
    drawn = parent.canvas
    attached = drawn.indexof(widget.canvas) >= 0
    if attached == hidden:
        fills_changed(parent)
    if hidden and attached:
        drawn.remove(widget.canvas)
    elif not hidden and not attached:
        # Back in its place among its siblings: before the first one drawn after it (nearer the front).
        siblings = parent.children
        later = [drawn.indexof(sibling.canvas) for sibling in reversed(siblings[:siblings.index(widget)])]
        following = next((index for index in later if index >= 0), -1)
        if following >= 0:
            drawn.insert(following, widget.canvas)
        else:
            drawn.add(widget.canvas)


def covers_the_screen(popup: ModalView) -> None:
    """A popup that fills nearly all the window (a game's history, the keyboard, the race): once it is
    open, what it covers is not drawn at all, rather than drawn and then painted over at every frame
    (a table under the history was some ninety draw calls of a frame nobody sees). Its dimmed rim then
    shows the window's own colour. What it covered is drawn again as it starts to close."""
    covered: list[Any] = []

    def opened(*_: Any) -> None:
        window = popup._window
        if window is None or covered:
            return
        for child in window.children:
            if child is not popup and window.canvas.indexof(child.canvas) >= 0:
                covered.append(child.canvas)
        for canvas in covered:
            window.canvas.remove(canvas)

    def closing(*_: Any) -> None:
        window = popup._window
        if window is None or not covered:
            covered.clear()
            return
        # Back under the popup, in the order they were drawn (those under it were drawn before it).
        for canvas in covered:
            at = window.canvas.indexof(popup.canvas)
            window.canvas.insert(at, canvas) if at >= 0 else window.canvas.add(canvas)
        covered.clear()

    popup.fbind("on_open", opened)
    popup.fbind("on_dismiss", closing)
