"""Hiding a part made once (a seat's card while the seat is empty, a stage of the race popup) without
taking it out of the layout: it keeps its place, so what is beside it keeps its size; no touch reaches
it; and nothing of it is drawn. A widget at opacity 0 is still painted, every pixel of it, so its
canvas also leaves its parent's until it shows again."""

from __future__ import annotations

from kivy.uix.widget import Widget


def hide(widget: Widget, hidden: bool) -> None:
    widget.opacity = 0 if hidden else 1
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
