"""The home screen: the five games with their player ranges, and the unfinished game to resume."""

from __future__ import annotations

import time

from kivy.metrics import dp
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView

from companion.errors import CompanionError
from companion.registry import GAMES, GameEntry, game_entry
from companion.store import SessionRecord
from ui import theme
from ui.places import Place
from ui.widgets.basics import BigButton, MessageBar, Panel, Text


class GameCard(ButtonBehavior, Panel):
    def __init__(self, entry: GameEntry, **kwargs):
        super().__init__(orientation="vertical", size_hint_y=None, height=dp(128), **kwargs)
        self.entry = entry
        self.fill = theme.SURFACE
        self.add_widget(Text(text=entry.title, font_size=theme.FONT_TITLE * 0.85, bold=True, color=theme.TEXT))
        self.add_widget(Text(text=entry.player_range, font_size=theme.FONT_BODY, color=theme.ACCENT))
        self.add_widget(Text(text=entry.tagline, font_size=theme.FONT_SMALL, color=theme.TEXT_DIM))

    def on_state(self, _, state):
        self.fill = theme.SURFACE_HIGH if state == "down" else theme.SURFACE


class HomeScreen(Screen):
    def __init__(self, services, navigator, set_aside: SessionRecord | None = None, **kwargs):
        super().__init__(**kwargs)
        self.services = services
        self.navigator = navigator
        root = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        header = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        header.add_widget(Text(text="Table Companion", font_size=theme.FONT_TITLE, bold=True,
                               size_hint_y=1))
        # Three buttons and the title share 800 px, so each button is only as wide as its words.
        saved = BigButton(text="Saved games", size_hint_x=None, width=dp(150))
        saved.bind(on_release=lambda *_: self.open_saved_games())
        header.add_widget(saved)
        buttons = BigButton(text="Test buttons", size_hint_x=None, width=dp(150))
        buttons.bind(on_release=lambda *_: self.open_button_test())
        header.add_widget(buttons)
        settings = BigButton(text="Settings", size_hint_x=None, width=dp(120))
        settings.bind(on_release=lambda *_: self.open_settings())
        header.add_widget(settings)
        root.add_widget(header)

        body = BoxLayout(orientation="vertical", spacing=theme.GAP, size_hint_y=None)
        body.bind(minimum_height=body.setter("height"))
        if services.hardware_warning and not services.extras.get("hardware_warning_shown"):
            # Said once per start: the race screens repeat what matters when a race is run.
            services.extras["hardware_warning_shown"] = True
            body.add_widget(Text(text=services.hardware_warning, color=theme.DANGER, font_size=theme.FONT_SMALL))
        moved_aside = services.store.moved_aside
        if moved_aside and not services.extras.get("moved_aside_shown"):
            services.extras["moved_aside_shown"] = True
            where, why = moved_aside
            body.add_widget(Text(text=f"The saved games file could not be used ({why}), so it was kept aside as "
                                      f"{where.name} and a new one was started.",
                                 color=theme.DANGER, font_size=theme.FONT_SMALL))
        record, unreadable = services.store.survey()
        if unreadable and not services.extras.get("unreadable_shown"):
            services.extras["unreadable_shown"] = True
            body.add_widget(Text(text=unreadable_words(unreadable), color=theme.DANGER, font_size=theme.FONT_SMALL))
        if record is not None:
            body.add_widget(self._resume_panel(record))
        elif set_aside is not None:
            body.add_widget(self._set_aside_panel(set_aside))
        grid = GridLayout(cols=3, spacing=theme.GAP, size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        for entry in GAMES:
            card = GameCard(entry)
            card.bind(on_release=lambda card: self.choose(card.entry))
            grid.add_widget(card)
        body.add_widget(grid)
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(body)
        root.add_widget(scroll)
        self.message = MessageBar()
        root.add_widget(self.message)
        self.add_widget(root)

    def _resume_panel(self, record: SessionRecord) -> Panel:
        panel = Panel(orientation="horizontal", size_hint_y=None, height=dp(96), fill=theme.SURFACE_HIGH)
        names = ", ".join(player.name for player in record.players)
        when = time.strftime("%a %H:%M", time.localtime(record.updated_at))
        description = Text(
            text=f"[b]Unfinished: {game_entry(record.game).title}[/b]\n{names}  -  {when}",
            markup=True, size_hint_y=1, font_size=theme.FONT_BODY)
        panel.add_widget(description)
        resume = BigButton(text="Resume", kind="primary", size_hint_x=None, width=dp(140), height=theme.TOUCH_BIG,
                           pos_hint={"center_y": 0.5})
        resume.bind(on_release=lambda *_: self.resume(record.id))
        aside = BigButton(text="Set aside", kind="quiet", size_hint_x=None, width=dp(130), pos_hint={"center_y": 0.5})
        aside.bind(on_release=lambda *_: self.set_aside(record.id))
        panel.add_widget(resume)
        panel.add_widget(aside)
        return panel

    def _set_aside_panel(self, record: SessionRecord) -> Panel:
        """One tap took the game off Home, so one tap puts it back."""
        panel = Panel(orientation="horizontal", size_hint_y=None, height=dp(96), fill=theme.SURFACE_HIGH)
        panel.add_widget(Text(
            text=f"[b]Set aside: {game_entry(record.game).title}[/b]\nIt is kept under Saved games.",
            markup=True, size_hint_y=1, font_size=theme.FONT_BODY))
        undo = BigButton(text="Undo", kind="quiet", size_hint_x=None, width=dp(130), pos_hint={"center_y": 0.5})
        undo.bind(on_release=lambda *_: self.bring_back(record.id))
        panel.add_widget(undo)
        return panel

    def choose(self, entry: GameEntry) -> None:
        self.navigator.go(Place.SETUP, self.services, entry)

    def resume(self, session_id: int) -> None:
        try:
            session = self.services.store.resume(session_id)
        except CompanionError as problem:
            self.message.show(f"Game {session_id} can't be brought back ({problem}); it stays in Saved games.",
                              problem=True, seconds=None)
            return
        self.navigator.go(Place.GAME, self.services, session)

    def set_aside(self, session_id: int) -> None:
        if self._saved(lambda: self.services.store.set_aside(session_id)):
            self.navigator.show(HomeScreen(self.services, self.navigator,
                                           set_aside=self.services.store.session_record(session_id)))

    def bring_back(self, session_id: int) -> None:
        if self._saved(lambda: self.services.store.bring_back(session_id)):
            self.navigator.show(HomeScreen(self.services, self.navigator))

    def _saved(self, change) -> bool:
        try:
            change()
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return False
        return True

    def open_saved_games(self) -> None:
        self.navigator.go(Place.SAVED_GAMES, self.services)

    def open_button_test(self) -> None:
        self.navigator.go(Place.BUTTON_TEST, self.services)

    def open_settings(self) -> None:
        self.navigator.go(Place.SETTINGS, self.services)


def unreadable_words(unreadable: list[tuple[int, str]]) -> str:
    """Said once per start: which saved games are left out and why, so nothing vanishes silently."""
    number, reason = unreadable[0]
    more = len(unreadable) - 1
    others = f" (and {more} other{'s' if more != 1 else ''})" if more else ""
    return f"Saved game {number}{others} can't be read back, so it is left out: {reason}."
