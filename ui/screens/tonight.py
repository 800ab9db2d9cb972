"""Tonight's standings over a game's table, one tap from it: the evening the game belongs to, as the
evening screen shows it (standings, each game's places, the chart of running points). Close puts the
table back exactly as it was, since nothing under the popup is touched.

Laid out in tonight.kv; `show` puts an evening (or none yet) in the same popup."""

from __future__ import annotations

from typing import Any, Callable

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.modalview import ModalView

from companion import evenings as nights
from companion.evenings import Evening
from companion.outcome import Outcome
from companion.store import Store
from companion.words import counted
from ui.reads import reads_of
from ui.screens.evening import EveningBody, evening_title
from ui.widgets.basics import Panel, PopupHeader  # noqa: F401  (named in tonight.kv)
from ui.widgets.hiding import covers_the_screen
from ui.widgets.kv import load_kv


def evening_of(store: Store, session_id: int | None, so_far: Outcome | None = None) -> Evening | None:
    """The evening the game `session_id` is part of (a game just started is in tonight's), that game
    with its scores `so_far` while it is being played."""
    found = reads_of(store).evenings()
    evening = next((evening for evening in found if any(game.session_id == session_id for game in evening.games)),
                   nights.tonight_of(found))
    if evening is None or session_id is None or so_far is None:
        return evening
    return nights.with_scores_so_far(evening, session_id, so_far)


class TonightPopup(ModalView):
    title = StringProperty("Tonight")
    has_evening = BooleanProperty(False)

    def __init__(self, evening: Evening | None, on_player: Callable[[str], None] | None = None,
                 **kwargs: Any) -> None:
        """`on_player(name)`: a tap on a player's row, once the popup has closed (their records)."""
        super().__init__(**kwargs)
        covers_the_screen(self)
        self._on_player = on_player
        self.body = EveningBody(on_player=self._player if on_player is not None else None)
        self.ids["holder"].add_widget(self.body)
        self.evening: Evening | None = None
        self.show(evening)

    def _player(self, name: str) -> None:
        assert self._on_player is not None, "rows are tappable only with on_player"
        self.dismiss(animation=False)
        self._on_player(name)

    def show(self, evening: Evening | None) -> None:
        self.evening = evening
        self.has_evening = evening is not None
        if evening is None:
            self.title = "Tonight"
            return
        self.title = f"{evening_title(evening)}: {counted(len(evening.games), 'game')}"
        self.body.show(evening)


load_kv(__file__)
