"""Every game this table has played, newest first: unfinished and set-aside games can be resumed,
finished ones opened to see how they ended and what happened."""

from __future__ import annotations

import time

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView

from companion.registry import game_entry
from companion.store import SessionRecord
from ui import theme
from ui.places import Place
from ui.widgets.basics import BigButton, MessageBar, Panel, Text

SHOWN = 40


def status_of(record: SessionRecord) -> str:
    if record.finished_at is None:
        return "Unfinished"
    if record.result and record.result.get("set_aside"):
        return "Set aside"
    outcome = record.outcome
    # Games finished before results were kept as an Outcome still have the summary's winners, if any.
    winners = outcome.winners if outcome else (record.result or {}).get("winners") or []
    names = [record.players[seat].name for seat in winners if 0 <= seat < len(record.players)]
    return f"Won by {' and '.join(names)}" if names else "Finished"


class SavedGamesScreen(Screen):
    def __init__(self, services, navigator, **kwargs):
        super().__init__(**kwargs)
        self.services, self.navigator = services, navigator
        root = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        header = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        back = BigButton(text="Back", size_hint_x=None, width=dp(100))
        back.bind(on_release=lambda *_: self.back())
        header.add_widget(back)
        header.add_widget(Text(text="Saved games", font_size=theme.FONT_TITLE, bold=True, size_hint_y=1))
        root.add_widget(header)
        rows = BoxLayout(orientation="vertical", size_hint_y=None, spacing=theme.GAP)
        rows.bind(minimum_height=rows.setter("height"))
        records = services.store.sessions(limit=SHOWN)
        if not records:
            rows.add_widget(Text(text="No games yet. Pick a game on Home to start one.", color=theme.TEXT_DIM))
        for record in records:
            rows.add_widget(self._row(record))
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(rows)
        root.add_widget(scroll)
        self.message = MessageBar()
        root.add_widget(self.message)
        self.add_widget(root)

    def _row(self, record: SessionRecord) -> Panel:
        row = Panel(orientation="horizontal", size_hint_y=None, height=dp(96), fill=theme.SURFACE)
        names = ", ".join(player.name for player in record.players)
        when = time.strftime("%a %d %b %H:%M", time.localtime(record.updated_at))
        status = status_of(record)
        row.add_widget(Text(text=f"[b]{game_entry(record.game).title}[/b]  -  {status}\n{names}  -  {when}",
                            markup=True, size_hint_y=1, font_size=theme.FONT_BODY))
        resumable = record.finished_at is None or status == "Set aside"
        action = BigButton(text="Resume" if resumable else "Look", size_hint_x=None, width=dp(130),
                           pos_hint={"center_y": 0.5})
        action.bind(on_release=lambda *_: self.open(record, resumable))
        row.add_widget(action)
        return row

    def open(self, record: SessionRecord, resumable: bool) -> None:
        if resumable:
            self.services.store.bring_back(record.id)
        self.navigator.go(Place.GAME, self.services, self.services.store.resume(record.id))

    def back(self) -> None:
        self.navigator.go(Place.HOME, self.services)
