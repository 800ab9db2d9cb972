"""The home screen: the five games with their player ranges, the unfinished game to resume (and every
game set aside from here, each with its Undo), and tonight's game night."""

from __future__ import annotations

import time
from typing import Sequence

from kivy.metrics import dp
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView
from kivy.utils import escape_markup

from companion.errors import CompanionError
from companion.evenings import Evening, evenings, tonight_of
from companion.players import IDENTITIES, IDENTITY_BY_KEY
from companion.registry import GAMES, GameEntry, game_entry
from companion.store import SessionRecord
from ui import theme
from ui.open_saved import open_saved_game
from ui.places import Place
from ui.screens.unfinished import players_words
from ui.widgets.basics import BigButton, MessageBar, Panel, Text
from ui.widgets.repeat_taps import OnceBehavior
from ui.widgets.symbols import SymbolShape


class GameCard(OnceBehavior, ButtonBehavior, Panel):
    def __init__(self, entry: GameEntry, **kwargs):
        super().__init__(orientation="vertical", size_hint_y=None, height=dp(128), once=True, **kwargs)
        self.entry = entry
        self.fill = theme.SURFACE
        self.add_widget(Text(text=entry.title, font_size=theme.FONT_TITLE * 0.85, bold=True, color=theme.TEXT))
        self.add_widget(Text(text=entry.player_range, font_size=theme.FONT_BODY, color=theme.ACCENT))
        self.add_widget(Text(text=entry.tagline, font_size=theme.FONT_SMALL, color=theme.TEXT_DIM))

    def on_state(self, _, state):
        self.fill = theme.SURFACE_HIGH if state == "down" else theme.SURFACE


class HomeScreen(Screen):
    """`set_aside`: the games set aside from Home since the family came here, newest first; each keeps
    its Undo, even once another unfinished game is offered in its place."""

    def __init__(self, services, navigator, set_aside: Sequence[SessionRecord] = (), **kwargs):
        super().__init__(**kwargs)
        self.services = services
        self.navigator = navigator
        self.set_aside_records = list(set_aside)
        root = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        header = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        tonight, earlier = self._game_nights()
        # During a game night its standings take the title's place, so the games stay in view below.
        if tonight is not None:
            header.add_widget(self._tonight_button(tonight))
        else:
            header.add_widget(Text(text="Table Companion", font_size=theme.FONT_TITLE, bold=True, size_hint_y=1))
        # Three buttons and the title share 800 px, so each button is only as wide as its words.
        # Every button here leaves Home (or rebuilds it): a double tap does its job once.
        saved = BigButton(text="Saved games", size_hint_x=None, width=dp(150), once=True)
        saved.bind(on_release=lambda *_: self.open_saved_games())
        header.add_widget(saved)
        buttons = BigButton(text="Test buttons", size_hint_x=None, width=dp(150), once=True)
        buttons.bind(on_release=lambda *_: self.open_button_test())
        header.add_widget(buttons)
        settings = BigButton(text="Settings", size_hint_x=None, width=dp(120), once=True)
        settings.bind(on_release=lambda *_: self.open_settings())
        header.add_widget(settings)
        root.add_widget(header)

        body = self.body = BoxLayout(orientation="vertical", spacing=theme.GAP, size_hint_y=None)
        body.bind(minimum_height=body.setter("height"))
        self.say_hardware_warning()
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
        for aside in self.set_aside_records:
            body.add_widget(self._set_aside_panel(aside))
        grid = GridLayout(cols=3, spacing=theme.GAP, size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        for entry in GAMES:
            card = GameCard(entry)
            card.bind(on_release=lambda card: self.choose(card.entry))
            grid.add_widget(card)
        body.add_widget(grid)
        if earlier:
            body.add_widget(self._earlier_line(earlier))
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(body)
        root.add_widget(scroll)
        self.message = MessageBar()
        root.add_widget(self.message)
        self.add_widget(root)

    def say_hardware_warning(self) -> None:
        """What is wrong with the big buttons, first on the screen. Said once per start (the race screens
        repeat what matters when a race is run); the app calls this again once the buttons are open,
        which is just after Home is first drawn."""
        warning = self.services.hardware_warning
        if not warning or self.services.extras.get("hardware_warning_shown"):
            return
        self.services.extras["hardware_warning_shown"] = True
        self.body.add_widget(Text(text=warning, color=theme.DANGER, font_size=theme.FONT_SMALL),
                             index=len(self.body.children))

    def _game_nights(self) -> tuple[Evening | None, list[Evening]]:
        """Tonight's evening, if a game started now would join it, and the last few evenings that
        have winners. The evenings are read once per build."""
        try:
            found = evenings(self.services.store)
        except CompanionError:
            return None, []
        tonight = tonight_of(found)
        return tonight, [evening for evening in found[1 if tonight else 0:] if evening.winners][:3]

    def _earlier_line(self, earlier: list[Evening]) -> Text:
        line = "  -  ".join(f"{time.strftime('%a %d %b', time.localtime(evening.started_at))}: "
                            f"{escape_markup(' & '.join(evening.winners))}" for evening in earlier)
        words = Text(text=f"[b]Earlier evenings won by[/b]  {line}", markup=True, font_size=theme.FONT_SMALL,
                     color=theme.TEXT_DIM)
        words.fine_print = True
        return words

    def _tonight_button(self, tonight) -> BigButton:
        count = len(tonight.games)
        games = f"{count} game{'s' if count != 1 else ''}"
        leaders = [standing for standing in tonight.standings if standing.place == 1] if tonight.winners else []
        if not leaders:
            who = "no game finished yet"
        elif len(leaders) == 1:
            who = f"{leaders[0].name} leads with {leaders[0].points} point{'s' if leaders[0].points != 1 else ''}"
        else:
            who = f"{' & '.join(leader.name for leader in leaders)} share the lead"
        button = BigButton(text=f"Tonight: {games}\n{who}", font_size=theme.FONT_SMALL, halign="left",
                           padding=[theme.GAP + dp(36) * min(len(leaders), 3), 0, 0, 0], once=True)
        button.bind(on_release=lambda *_: self.open_evening())
        # Each leader's shape at the left, so the lead is read by shape as well as by name.
        for index, leader in enumerate(leaders[:3]):
            identity = IDENTITY_BY_KEY.get(leader.colour, IDENTITIES[0])
            shape = SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb), size_hint=(None, None),
                                size=(dp(30), dp(30)))
            button.add_widget(shape)

            def place(button, _, shape=shape, index=index):
                shape.pos = (button.x + theme.GAP + index * dp(36), button.center_y - shape.height / 2)
            button.bind(pos=place, size=place)
        return button

    def open_evening(self) -> None:
        self.navigator.go(Place.EVENING, self.services)

    def _resume_panel(self, record: SessionRecord) -> Panel:
        panel = Panel(orientation="horizontal", size_hint_y=None, height=dp(96), fill=theme.SURFACE_HIGH)
        names = ", ".join(player.name for player in record.players)
        when = time.strftime("%a %H:%M", time.localtime(record.updated_at))
        description = Text(
            text=f"[b]Unfinished: {game_entry(record.game).title}[/b]\n{escape_markup(names)}  -  {when}",
            markup=True, size_hint_y=1, font_size=theme.FONT_BODY)
        panel.add_widget(description)
        resume = BigButton(text="Resume", kind="primary", size_hint_x=None, width=dp(140), height=theme.TOUCH_BIG,
                           pos_hint={"center_y": 0.5}, once=True)
        resume.bind(on_release=lambda *_: self.resume(record.id))
        aside = BigButton(text="Set aside", kind="quiet", size_hint_x=None, width=dp(130), pos_hint={"center_y": 0.5},
                          once=True)
        aside.bind(on_release=lambda *_: self.set_aside(record.id))
        panel.add_widget(resume)
        panel.add_widget(aside)
        return panel

    def _set_aside_panel(self, record: SessionRecord) -> Panel:
        """One tap took the game off Home, so one tap puts it back."""
        panel = Panel(orientation="horizontal", size_hint_y=None, height=dp(72), padding=[theme.PAD, dp(8)],
                      fill=theme.SURFACE)
        panel.add_widget(Text(text=f"[b]Set aside: {game_entry(record.game).title}[/b] of {escape_markup(players_words(record))}\n"
                                   "It is kept under Saved games.",
                              markup=True, size_hint_y=1, font_size=theme.FONT_SMALL))
        undo = BigButton(text="Undo", size_hint_x=None, width=dp(130), pos_hint={"center_y": 0.5}, once=True)
        undo.bind(on_release=lambda *_: self.bring_back(record.id))
        panel.add_widget(undo)
        return panel

    def choose(self, entry: GameEntry) -> None:
        self.navigator.go(Place.SETUP, self.services, entry)

    def resume(self, session_id: int) -> None:
        problem = open_saved_game(self.services, self.navigator, session_id)
        if problem is not None:
            self.message.show(problem, problem=True, seconds=None)

    def set_aside(self, session_id: int) -> None:
        if self._saved(lambda: self.services.store.set_aside(session_id)):
            aside = [self.services.store.session_record(session_id)] + self.set_aside_records
            self.navigator.show(HomeScreen(self.services, self.navigator, set_aside=aside))

    def bring_back(self, session_id: int) -> None:
        if self._saved(lambda: self.services.store.bring_back(session_id)):
            still_aside = [record for record in self.set_aside_records if record.id != session_id]
            self.navigator.show(HomeScreen(self.services, self.navigator, set_aside=still_aside))

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
