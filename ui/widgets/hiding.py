"""Hiding a part made once (a seat's card while the seat is empty, a stage of the race popup) without
taking it out of the layout: it keeps its place, so what is beside it keeps its size; no touch reaches
it; and nothing of it is drawn. A widget at opacity 0 is still painted, every pixel of it, so its
canvas also leaves its parent's until it shows again.

Touches are kept out by disabling the part, but only a part that takes touches: disabling draws every
label in it again (in its disabled colour), work thrown away on words nobody sees."""

from __future__ import annotations

import weakref

from kivy.clock import Clock
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
        put_back(parent, widget)


def put_back(parent: Widget, widget: Widget) -> None:
    """A child's canvas back in its place among its siblings': before the first one drawn after it
    (nearer the front), or last."""
    drawn = parent.canvas
    siblings = parent.children
    later = [drawn.indexof(sibling.canvas) for sibling in reversed(siblings[:siblings.index(widget)])]
    following = next((index for index in later if index >= 0), -1)
    if following >= 0:
        drawn.insert(following, widget.canvas)
    else:
        drawn.add(widget.canvas)


def covers_the_screen(popup: ModalView) -> None:
    """A popup that fills nearly all the window (a game's history, the keyboard, the race): once it is
    open, what is under it is not drawn at all, rather than drawn and then painted over at every frame
    (a table under the history was some ninety draw calls of a frame nobody sees). Its dimmed rim then
    shows the window's own colour. What it covered is drawn again as it starts to close."""
    popup.fbind("on_open", lambda *_: _covers(popup, True))
    popup.fbind("on_dismiss", lambda *_: _covers(popup, False))


_covering: weakref.WeakSet[ModalView] = weakref.WeakSet()
_watched: weakref.WeakSet[Widget] = weakref.WeakSet()


def _covers(popup: ModalView, covering: bool) -> None:
    (_covering.add if covering else _covering.discard)(popup)
    window = popup._window
    if window is None:
        return
    if window not in _watched:
        # Whatever comes and goes on the window (another popup, a widget put back) is stacked anew too,
        # once it is all there: the window lists a widget before it draws it.
        _watched.add(window)
        window.fbind("children", Clock.create_trigger(lambda _dt: _restack(window), -1))
    _restack(window)


def _restack(window: Widget) -> None:
    """The window draws what is at or above the topmost open popup that covers it, and nothing under
    it; worked out afresh at each change, so popups closed in any order leave the window as it was."""
    layers = list(reversed(window.children))   # bottom first, as they are drawn
    covers = [index for index, layer in enumerate(layers) if layer in _covering]
    lowest_shown = covers[-1] if covers else 0
    drawn = window.canvas
    for index, layer in enumerate(layers):
        attached = drawn.indexof(layer.canvas) >= 0
        if index < lowest_shown and attached:
            drawn.remove(layer.canvas)
        elif index >= lowest_shown and not attached:
            above = [drawn.indexof(upper.canvas) for upper in layers[index + 1:]]
            following = next((at for at in above if at >= 0), -1)
            drawn.insert(following, layer.canvas) if following >= 0 else drawn.add(layer.canvas)
