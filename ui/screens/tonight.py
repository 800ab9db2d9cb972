"""Tonight's standings over a game's table, one tap from it: the evening the game belongs to, as the
evening screen shows it (standings, each game's places, the chart of running points). Close puts the
table back exactly as it was, since nothing under the popup is touched."""

from __future__ import annotations

from kivy.uix.modalview import ModalView

from companion import evenings as nights
from companion.evenings import Evening
from ui import theme
from ui.screens.evening import EveningBody, evening_title
from ui.widgets.basics import Panel, Text, popup_header


def evening_of(store, session_id: int | None) -> Evening | None:
    """The evening the game `session_id` is part of (a game just started is in tonight's)."""
    found = nights.evenings(store)
    return next((evening for evening in found if any(game.session_id == session_id for game in evening.games)),
                nights.tonight_of(found))


class TonightPopup(ModalView):
    def __init__(self, evening: Evening | None, **kwargs):
        super().__init__(size_hint=(0.96, 0.96), **kwargs)
        self.evening = evening
        panel = Panel(orientation="vertical")
        if evening is None:
            panel.add_widget(popup_header("Tonight", self.dismiss))
            panel.add_widget(Text(text="No game of tonight is saved yet. Every game played is counted into its "
                                       "evening here.", color=theme.TEXT_DIM, size_hint_y=1, halign="center"))
            self.body = None
        else:
            count = len(evening.games)
            panel.add_widget(popup_header(f"{evening_title(evening)}: {count} game{'s' if count != 1 else ''}",
                                          self.dismiss))
            self.body = EveningBody(evening)
            panel.add_widget(self.body)
        self.add_widget(panel)
