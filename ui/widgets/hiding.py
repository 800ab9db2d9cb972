"""Hiding a part made once (a seat's card while the seat is empty, a stage of the race popup) without
taking it out of the layout: it keeps its place, so what is beside it keeps its size; no touch reaches
it; and nothing of it is drawn. A widget at opacity 0 is still painted, every pixel of it, so its
canvas also leaves its parent's until it shows again.

Touches are kept out by disabling the part, but only a part that takes touches: disabling draws every
label in it again (in its disabled colour), work thrown away on words nobody sees."""

from __future__ import annotations

from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget


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
