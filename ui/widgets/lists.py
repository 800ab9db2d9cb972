"""A long list (a game's history, the saved games, the roster, an evening's games, a player's records)
drawn a screenful at a time: only the rows in sight exist, and scrolling hands them new data instead
of building more. Each item of `data` may name its own `viewclass`, and gives its height under
`row_size` as (None, height), so rows of several heights (a long line wrapping) scroll smoothly. A list
`across` runs left to right (names offered in one row above the keys): its items give (width, None)."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, NumericProperty
from kivy.uix.recycleview import RecycleView
from kivy.uix.recycleview.views import RecycleDataViewBehavior

from ui.widgets.kv import load_kv


class RowList(RecycleView):
    spacing = NumericProperty(2)
    across = BooleanProperty(False)

    def scroll_to_index(self, index: int) -> None:
        """Bring the row at `index` into sight (the list is laid out first if it has not been)."""
        box = self.layout_manager
        if box is None or not self.data:
            return
        # Laid out now rather than at the next frame (a RecycleLayout has no do_layout of its own).
        self.refresh_from_layout()
        self.refresh_views()
        overflow = box.height - self.height
        if overflow <= 0:
            # Everything is in sight already: the rows stay at the top, not pushed to the bottom.
            self.scroll_y = 1.0
            return
        offset = sum(self._row_height(item) + self.spacing for item in self.data[:index])
        self.scroll_y = max(0.0, min(1.0, 1 - offset / overflow))

    @staticmethod
    def _row_height(item: dict[str, Any]) -> float:
        return float(item.get("row_size", (None, 0))[1] or 0)


class Row(RecycleDataViewBehavior):
    """What every row of a RowList shares: it knows its place in the list, so a tap can say which
    item it was, and whether it is the chosen one."""

    index = NumericProperty(-1)
    chosen = BooleanProperty(False)

    def refresh_view_attrs(self, view: RowList, index: int, data: dict[str, Any]) -> Any:
        self.index = index
        return super().refresh_view_attrs(view, index, data)


load_kv(__file__)
