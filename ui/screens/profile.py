"""One player's records across every saved game: games played and won, game by game with the best and
average score, winning streaks, and how they do in the buzzer races. A name typed two ways is put
right here: Rename, or Same person as... another name in the records."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView
from kivy.utils import escape_markup

from companion import corrections
from companion.errors import CompanionError
from companion.names import Change
from companion.players import IDENTITIES, IDENTITY_BY_KEY
from companion.records import GameRecord, PlayerRecord, RaceRecord, all_records, player_record
from ui import theme
from ui.places import Place
from ui.widgets.basics import BigButton, IdentityButton, Panel, Text, popup_header
from ui.widgets.count import Count
from ui.widgets.keyboard import TypingPopup
from ui.widgets.offer_bar import OfferBar
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
    """A player's records, with Rename (the on-screen keyboard) and Same person as... (another name in
    the records) for a name typed two ways; each offers Undo in the bar."""

    def __init__(self, services, navigator, name: str, evening_started_at: float | None = None, **kwargs):
        super().__init__(**kwargs)
        self.services, self.navigator = services, navigator
        self.evening_started_at = evening_started_at
        root = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        header = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        back = BigButton(text="Back", size_hint_x=None, width=dp(96))
        back.bind(on_release=lambda *_: self.back())
        header.add_widget(back)
        self.shape = SymbolShape(shape=IDENTITIES[0].symbol, size_hint=(None, None), size=(dp(40), dp(40)),
                                 pos_hint={"center_y": 0.5})
        header.add_widget(self.shape)
        self.name_label = Text(font_size=theme.FONT_TITLE, bold=True, size_hint_y=1)
        header.add_widget(self.name_label)
        self.rename_button = BigButton(text="Rename", size_hint_x=None, width=dp(110))
        self.rename_button.bind(on_release=lambda *_: self.ask_new_name())
        header.add_widget(self.rename_button)
        self.same_button = BigButton(text="Same person as...", size_hint_x=None, width=dp(196))
        self.same_button.bind(on_release=lambda *_: self.choose_same_person())
        header.add_widget(self.same_button)
        home = BigButton(text="Home", size_hint_x=None, width=dp(96))
        home.bind(on_release=lambda *_: self.go_home())
        header.add_widget(home)
        root.add_widget(header)
        self.body = BoxLayout()
        root.add_widget(self.body)
        self.message = OfferBar()
        root.add_widget(self.message)
        self.add_widget(root)
        self.record: PlayerRecord | None = None
        self.show(name)

    def show(self, name: str) -> None:
        """`name`'s records, in place: after a rename or a merge the same screen shows the new name."""
        try:
            self.record = player_record(self.services.store, name)
        except CompanionError as problem:
            self.record = None
            self.message.show(str(problem), problem=True, seconds=None)
        record = self.record
        identity = IDENTITY_BY_KEY.get(record.colour if record else "", IDENTITIES[0])
        self.shape.shape, self.shape.rgba = identity.symbol, theme.with_alpha(identity.rgb)
        self.shape.opacity = 1 if record is not None else 0
        self.name_label.text = record.name if record else name
        self.rename_button.disabled = self.same_button.disabled = record is None
        self.body.clear_widgets()
        self.body.add_widget(self._body(record) if record is not None else BoxLayout())

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

    # ----- renaming -----------------------------------------------------------------------------
    def ask_new_name(self) -> TypingPopup | None:
        if self.record is None:
            return None
        name = self.record.name
        popup = TypingPopup(f"A new name for {name}", on_done=lambda typed: self.rename(name, typed), text=name,
                            hint="the name in every game so far")
        popup.open()
        return popup

    def rename(self, name: str, new_name: str) -> None:
        store = self.services.store
        try:
            change = corrections.rename_player(store, name, new_name)
        except corrections.NameTaken as taken:
            existing = taken.existing
            self.message.offer(str(taken), f"Same person as {existing}",
                               lambda: self.put_together(name, existing), problem=True)
            return
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return
        self._changed(change, shown=change.new_name or name, back_to=name)

    def choose_same_person(self) -> SamePersonPopup | None:
        if self.record is None:
            return None
        name = self.record.name
        others = [record for record in all_records(self.services.store) if record.name.casefold() != name.casefold()]
        if not others:
            self.message.show(f"{name} is the only name in the records: there is no one else to be.",
                              problem=True, seconds=None)
            return None
        popup = SamePersonPopup(name, others, on_chosen=lambda other: self.put_together(name, other))
        popup.open()
        return popup

    def put_together(self, name: str, into: str) -> None:
        try:
            change = corrections.merge_players(self.services.store, name, into)
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return
        self._changed(change, shown=into, back_to=name)

    def _changed(self, change: Change, shown: str, back_to: str) -> None:
        self.show(shown)
        self.message.offer_undo(corrections.said(change), lambda: self.undo(change, back_to))

    def undo(self, change: Change, back_to: str) -> None:
        try:
            corrections.undo(self.services.store, change)
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return
        self.show(back_to)
        self.message.show(corrections.undone(change), seconds=None)

    def back(self) -> None:
        self.navigator.go(Place.EVENING, self.services, self.evening_started_at)

    def go_home(self) -> None:
        self.navigator.go(Place.HOME, self.services)


class SamePersonPopup(ModalView):
    """Every other name in the records, each with its shape and games: the one tapped is the name kept."""

    def __init__(self, name: str, others: list[PlayerRecord], on_chosen, **kwargs):
        super().__init__(size_hint=(0.94, 0.94), auto_dismiss=False, **kwargs)
        self.on_chosen = on_chosen
        panel = Panel(orientation="vertical")
        panel.add_widget(popup_header(f"{name} is the same person as...", self.dismiss))
        panel.add_widget(Text(text=f"Tap the other name. {name}'s games and races join that name's records, "
                                   "and the name tapped is the one kept; Undo puts them apart again.",
                              font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, fine_print=True))
        column = GridLayout(cols=2, size_hint_y=None, spacing=theme.GAP)
        column.bind(minimum_height=column.setter("height"))
        self.choices: list[BigButton] = []
        for other in others:
            games = f"{other.played} game{'s' if other.played != 1 else ''}"
            choice = IdentityButton(IDENTITY_BY_KEY.get(other.colour, IDENTITIES[0]),
                                    text=f"{escape_markup(other.name)}\n[size={int(theme.FONT_SMALL)}]{games}[/size]",
                                    markup=True, height=theme.TOUCH_BIG, padding=[dp(44), 0])
            choice.name_kept = other.name
            choice.bind(on_release=lambda button: self.choose(button.name_kept))
            column.add_widget(choice)
            self.choices.append(choice)
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(column)
        panel.add_widget(scroll)
        self.add_widget(panel)

    def choose(self, name: str) -> None:
        self.dismiss(animation=False)
        self.on_chosen(name)
