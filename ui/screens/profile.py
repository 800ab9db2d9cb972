"""One player's records across every saved game: games played and won, game by game with the best and
average score, winning streaks, and how they do in the buzzer races."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView

from companion.errors import CompanionError
from companion.players import IDENTITIES, IDENTITY_BY_KEY
from companion.records import GameRecord, PlayerRecord, RaceRecord, player_record
from ui import theme
from ui.places import Place
from ui.widgets.basics import BigButton, Count, MessageBar, Panel, Text
from ui.widgets.symbols import SymbolShape

GAME_COLUMNS = (("Played", dp(70)), ("Won", dp(56)), ("Best", dp(60)), ("Average", dp(84)))


def milliseconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f} ms" if value >= 10 else f"{value:.1f} ms"


def _cell(text: str, width: float, **kwargs) -> Text:
    kwargs.setdefault("font_size", theme.FONT_BODY)
    return Text(text=text, size_hint_x=None, width=width, size_hint_y=1, halign="center", **kwargs)


def games_table(games: tuple[GameRecord, ...]) -> Panel:
    panel = Panel(orientation="vertical", size_hint_y=None, padding=dp(8), spacing=dp(2))
    panel.bind(minimum_height=panel.setter("height"))
    panel.add_widget(Text(text="Game by game", font_size=theme.FONT_BODY, bold=True))
    if not games:
        panel.add_widget(Text(text="No finished games yet.", color=theme.TEXT_DIM))
        return panel
    header = BoxLayout(size_hint_y=None, height=theme.FONT_SMALL * 1.5, spacing=dp(4))
    header.add_widget(Text(text="Game", font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, size_hint_y=1))
    for caption, width in GAME_COLUMNS:
        header.add_widget(_cell(caption, width, font_size=theme.FONT_SMALL, color=theme.TEXT_DIM))
    panel.add_widget(header)
    for game in games:
        row = BoxLayout(size_hint_y=None, height=dp(40), spacing=dp(4))
        title = Text(text=game.title, size_hint_y=1)
        row.add_widget(title)
        title.bind(texture_size=lambda label, size, row=row: setattr(row, "height", max(dp(40), size[1] + dp(4))))
        average = "-" if game.average is None else f"{game.average:.1f}"
        values = (str(game.played), str(game.won), "-" if game.best is None else str(game.best), average)
        for (caption, width), value in zip(GAME_COLUMNS, values):
            row.add_widget(_cell(value, width, bold=caption == "Won"))
        panel.add_widget(row)
    return panel


def race_lines(races: RaceRecord) -> list[str]:
    if not races.races:
        return ["No races yet."]
    lines = [f"Won {races.won} of {races.races} race{'s' if races.races != 1 else ''}",
             f"Median reaction: {milliseconds(races.median_reaction_ms)}",
             f"False starts: {races.false_starts}"]
    if races.closest_win_ms is not None:
        lines.append(f"Closest photo finish won: by {milliseconds(races.closest_win_ms)}")
    if races.closest_loss_ms is not None:
        lines.append(f"Closest photo finish lost: by {milliseconds(races.closest_loss_ms)}")
    return lines


def races_panel(races: RaceRecord) -> Panel:
    panel = Panel(orientation="vertical", size_hint_y=None, padding=dp(8), spacing=dp(4))
    panel.bind(minimum_height=panel.setter("height"))
    panel.add_widget(Text(text="Buzzer races", font_size=theme.FONT_BODY, bold=True))
    lines = GridLayout(cols=2, size_hint_y=None, spacing=[theme.GAP, dp(2)])
    lines.bind(minimum_height=lines.setter("height"))
    for line in race_lines(races):
        lines.add_widget(Text(text=line, color=theme.TEXT if races.races else theme.TEXT_DIM))
    panel.add_widget(lines)
    return panel


class ProfileScreen(Screen):
    def __init__(self, services, navigator, name: str, evening_started_at: float | None = None, **kwargs):
        super().__init__(**kwargs)
        self.services, self.navigator = services, navigator
        self.evening_started_at = evening_started_at
        root = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        header = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        back = BigButton(text="Back", size_hint_x=None, width=dp(96))
        back.bind(on_release=lambda *_: self.back())
        header.add_widget(back)
        self.message = MessageBar()
        try:
            self.record: PlayerRecord | None = player_record(services.store, name)
        except CompanionError as problem:
            self.record = None
            self.message.show(str(problem), problem=True, seconds=None)
        record = self.record
        identity = IDENTITY_BY_KEY.get(record.colour if record else "", IDENTITIES[0])
        if record is not None:
            header.add_widget(SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb),
                                          size_hint=(None, None), size=(dp(40), dp(40)), pos_hint={"center_y": 0.5}))
        header.add_widget(Text(text=record.name if record else name, font_size=theme.FONT_TITLE, bold=True,
                               size_hint_y=1))
        home = BigButton(text="Home", size_hint_x=None, width=dp(96))
        home.bind(on_release=lambda *_: self.go_home())
        header.add_widget(home)
        root.add_widget(header)
        if record is not None:
            root.add_widget(self._body(record))
        else:
            root.add_widget(BoxLayout())
        root.add_widget(self.message)
        self.add_widget(root)

    def _body(self, record: PlayerRecord) -> ScrollView:
        column = BoxLayout(orientation="vertical", size_hint_y=None, spacing=theme.GAP, padding=[0, 0, dp(8), 0])
        column.bind(minimum_height=column.setter("height"))
        counts = GridLayout(cols=4, size_hint_y=None, height=dp(92), spacing=theme.GAP)
        for caption, value in (("games played", record.played), ("games won", record.won),
                               ("wins in a row now", record.current_streak),
                               ("longest winning run", record.longest_streak)):
            holder = Panel(orientation="vertical", padding=dp(4))
            holder.add_widget(Count(caption, value, caption_font=theme.FONT_SMALL,
                                    secondary="a record read on the player's own page, not across the table"))
            counts.add_widget(holder)
        column.add_widget(counts)
        column.add_widget(games_table(record.games))
        column.add_widget(races_panel(record.races))
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(column)
        return scroll

    def back(self) -> None:
        self.navigator.go(Place.EVENING, self.services, self.evening_started_at)

    def go_home(self) -> None:
        self.navigator.go(Place.HOME, self.services)
