"""A scrolled page draws only what is in sight. Kivy's ScrollView clips what it holds to its box, but
every row of it is still drawn at every frame, the rows scrolled away included: Settings drew some
hundred and twenty labels and buttons of which a screenful shows.

`install()` has every ScrollView of the app take the canvas of each row of its content (the content's
own children) off the content's canvas while the row is wholly out of its box, and put it back, in its
place among its siblings, as it scrolls into sight or the page is laid out again. A RowList (a
RecycleView) makes only the rows in sight already and is left as it is; a row hidden by
`ui.widgets.hiding.hide` is left to it."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.uix.recycleview import RecycleView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from ui.widgets.hiding import put_back
from ui.widgets.shared_fills import fills_changed


def install() -> None:
    """Done once, as the kit is imported (ui/widgets/__init__.py)."""
    reposition = ScrollView.update_from_scroll

    def update_from_scroll(self: ScrollView, *largs: Any) -> None:
        reposition(self, *largs)
        if not isinstance(self, RecycleView):
            _sight(self).look()

    ScrollView.update_from_scroll = update_from_scroll


class _Sight:
    """The rows one ScrollView has put out of sight, and the rows it watches for moving."""

    def __init__(self, scroll: ScrollView) -> None:
        self.scroll = scroll
        self.away: list[Widget] = []
        self.watched: set[int] = set()
        self.look = Clock.create_trigger(self._look, -1)

    def _look(self, *_: Any) -> None:
        scroll, content = self.scroll, self.scroll._viewport
        if content is None:
            return
        rows = content.children
        self.away = [row for row in self.away if row.parent is content]
        bottom = scroll.to_local(scroll.x, scroll.y)[1]
        top = scroll.to_local(scroll.right, scroll.top)[1]
        drawn = content.canvas
        for row in rows:
            if id(row) not in self.watched:
                # A row laid out anew (grown, moved) may come into sight without the page scrolling.
                self.watched.add(id(row))
                row.fbind("pos", self.look)
                row.fbind("size", self.look)
            attached = drawn.indexof(row.canvas) >= 0
            in_sight = row.top >= bottom and row.y <= top
            if attached and not in_sight:
                drawn.remove(row.canvas)
                self.away.append(row)
                fills_changed(content)
            elif in_sight and not attached and row in self.away:
                self.away.remove(row)
                put_back(content, row)
                fills_changed(content)


def _sight(scroll: ScrollView) -> _Sight:
    found = scroll.__dict__.get("_in_sight")
    if found is None:
        found = scroll.__dict__["_in_sight"] = _Sight(scroll)
    return found

