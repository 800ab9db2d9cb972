"""The view a game gets until it has its own: the game's summary as plain facts, and the moves the
rules allow right now as buttons, each labelled with what it would record."""

from __future__ import annotations

import json
import random

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView

from ui import theme
from ui.widgets.basics import BigButton, Panel, Text

MAX_BUTTONS = 12


def _fact(value) -> str:
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return str(value)


class GeneralTableView(BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(spacing=theme.GAP, **kwargs)
        self.controller = controller
        facts_panel = Panel(orientation="vertical", size_hint_x=0.5)
        self.facts = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(2))
        self.facts.bind(minimum_height=self.facts.setter("height"))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(self.facts)
        facts_panel.add_widget(scroll)
        self.add_widget(facts_panel)
        self.moves = GridLayout(cols=1, size_hint_y=None, spacing=theme.GAP)
        self.moves.bind(minimum_height=self.moves.setter("height"))
        moves_scroll = ScrollView(do_scroll_x=False, size_hint_x=0.5)
        moves_scroll.add_widget(self.moves)
        self.add_widget(moves_scroll)

    def refresh(self) -> None:
        session = self.controller.session
        self.facts.clear_widgets()
        for key, value in session.summary().items():
            self.facts.add_widget(Text(text=f"[b]{key.replace('_', ' ')}[/b]: {_fact(value)}", markup=True,
                                       font_size=theme.FONT_SMALL))
        self.moves.clear_widgets()
        if session.is_over:
            self.moves.add_widget(Text(text="This game is over.", font_size=theme.FONT_TITLE))
            return
        rng = random.Random(len(session.actions))
        seen = set()
        for action in session.game.legal_actions(session.state, rng):
            if action in seen or len(seen) >= MAX_BUTTONS:
                continue
            seen.add(action)
            text = session.game.describe(session.state, action, session.players)
            button = BigButton(text=text, font_size=theme.FONT_SMALL)
            button.bind(texture_size=lambda b, size: setattr(b, "height", max(theme.TOUCH, size[1] + dp(16))))
            button.bind(on_release=lambda _, a=action: self.controller.perform(a))
            self.moves.add_widget(button)
