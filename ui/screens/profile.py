"""One player's records across every saved game: games played and won, game by game with the best and
average score, winning streaks, and how they do in the buzzer races. A name typed two ways is put
right here: Rename, or Same person as... another name in the records.

Laid out once (profile.kv) and kept: another player's records, or the same player's after a rename,
are new figures for the same widgets; the records are a RowList of rows drawn as they come into sight."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable, Sequence

from kivy.core.window import Window
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView

from companion import corrections
from companion.achievements import Achievement
from companion.errors import CompanionError
from companion.names import Change
from companion.players import identity_of
from companion.records import GameRecord, PlayerRecord, RaceRecord
from companion.registry import score_meaning
from companion.session import Session
from ui import theme
from ui.kept import KeptScreen
from ui.places import Place
from ui.reads import reads_of
from ui.services import Services
from ui.widgets.basics import BigButton, Panel, PopupHeader, Text  # noqa: F401  (BigButton: in profile.kv)
from ui.widgets.choice import Choice, player_choice
from ui.widgets.count import Count
from ui.widgets.keyboard import TypingPopup
from ui.widgets.kv import load_kv
from ui.widgets.lists import Row, RowList
from ui.widgets.offer_bar import OfferBar
from ui.widgets.symbols import SymbolShape  # noqa: F401  (named in profile.kv)
from ui.widgets.text import font_to_fit, line_height, lines_needed

if TYPE_CHECKING:
    from ui.navigation import Navigator
    from ui.places import BackTo

GAME_COLUMNS = (("Played", dp(70)), ("Won", dp(56)), ("Best", dp(60)), ("Average", dp(84)))
COUNTS_HEIGHT = dp(92)
SECONDARY = "a record read on the player's own page, not across the table"
GAME_ROW = dp(40)
SECTION_PAD = dp(8)
# Room kept at the list's right for its scroll bar.
BAR_ROOM = dp(8)


def milliseconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f} ms" if value >= 10 else f"{value:.1f} ms"


def race_lines(races: RaceRecord) -> list[str]:
    if not races.races:
        return ["No races yet."]
    # A bone race is won by getting a bone, not only by the quickest press.
    lines = [f"Won {races.won} of {races.races} race{'s' if races.races != 1 else ''} (a bone got, a claim made)"]
    if races.bones_missed:
        lines.append(f"Left without a bone: {races.bones_missed}")
    lines += [f"Median reaction: {milliseconds(races.median_reaction_ms)}", f"False starts: {races.false_starts}"]
    if races.closest_win_ms is not None:
        lines.append(f"Closest photo finish won: by {milliseconds(races.closest_win_ms)}")
    if races.closest_loss_ms is not None:
        lines.append(f"Closest photo finish lost: by {milliseconds(races.closest_loss_ms)}")
    return lines


# ----- the rows of the records ------------------------------------------------------------------------
class RecordRow(Row, BoxLayout):
    """A row of one of the records' panels: `radius` rounds the panel's first and last rows, and
    `gap_below` leaves the room between one panel and the next."""

    radius = ListProperty([0, 0, 0, 0])
    gap_below = NumericProperty(0)


class RecordCounts(RecordRow):
    """Figures side by side (`values`, under them their `captions`), each a Count on a panel of its
    own: records read on a player's own page, so none is a key number."""

    values = ListProperty([])
    captions = ListProperty([])

    def on_values(self, *_: Any) -> None:
        self._show()

    def on_captions(self, *_: Any) -> None:
        self._show()

    def _show(self) -> None:
        if len(self.children) != len(self.values):
            self.clear_widgets()
            for _ in self.values:
                panel = Factory.RecordCountPanel()
                panel.add_widget(Count(caption_font=theme.FONT_SMALL, secondary=SECONDARY))
                self.add_widget(panel)
        for panel, value, caption in zip(reversed(self.children), self.values, self.captions):
            panel.children[0].value, panel.children[0].caption_text = value, caption


class RecordLine(RecordRow):
    """A line of a panel: in bold for its heading, `dim` for a note, `small` for fine print."""

    text = StringProperty("")
    dim = BooleanProperty(False)
    bold = BooleanProperty(False)
    small = BooleanProperty(False)


def counts_item(figures: Sequence[tuple[object, str]]) -> dict[str, Any]:
    return {"viewclass": "RecordCounts", "values": [value for value, _ in figures],
            "captions": [caption for _, caption in figures], "radius": [0, 0, 0, 0], "gap_below": theme.GAP,
            "row_size": (None, COUNTS_HEIGHT + theme.GAP)}


def record_line(text: str, *, radius: list[float], tall: float, gap_below: float = 0, dim: bool = False,
                bold: bool = False, small: bool = False) -> dict[str, Any]:
    """A RecordLine's item: every one of its properties, since a list's rows are reused item after item."""
    return {"viewclass": "RecordLine", "text": text, "dim": dim, "bold": bold, "small": small, "radius": radius,
            "gap_below": gap_below, "row_size": (None, tall)}


def score_notes(games: Sequence[GameRecord]) -> list[str]:
    """Under the games, what the Best and Average of a game stand for where its score is not plain points."""
    meanings = (score_meaning(game.game) for game in games)
    return [f"{title} score: {means}" for title, means in filter(None, meanings)]


class GameRecordColumns(RecordRow):
    pass


class GameRecordRow(RecordRow):
    title = StringProperty("")
    played = StringProperty("")
    won = StringProperty("")
    best = StringProperty("")
    average = StringProperty("")


class RaceRecordLine(RecordRow):
    """Two of a player's race figures side by side."""

    left = StringProperty("")
    right = StringProperty("")
    raced = BooleanProperty(True)


def record_data(record: PlayerRecord, room: float) -> list[dict[str, Any]]:
    """The records as the list's rows: the four counts, the games one by one, then the races."""
    top, bottom = [theme.RADIUS, theme.RADIUS, 0, 0], [0, 0, theme.RADIUS, theme.RADIUS]
    data = [counts_item([(record.played, "games played"), (record.won, "games won"),
                         (record.current_streak, "wins in a row now"), (record.longest_streak, "longest winning run")])]
    heading = line_height(theme.FONT_BODY) + 2 * SECTION_PAD
    data.append(record_line("Game by game", radius=top, tall=heading, bold=True))
    if not record.games:
        data.append(note_item("No finished games yet.", bottom))
    else:
        data.append({"viewclass": "GameRecordColumns", "radius": [0, 0, 0, 0], "gap_below": 0,
                     "row_size": (None, theme.FONT_SMALL * 1.5)})
        title_room = room - 2 * SECTION_PAD - sum(width for _, width in GAME_COLUMNS) - len(GAME_COLUMNS) * dp(4)
        notes = score_notes(record.games)
        for index, game in enumerate(record.games):
            data.append(game_item(game, title_room, last=not notes and index == len(record.games) - 1, bottom=bottom))
        for index, note in enumerate(notes):
            last = index == len(notes) - 1
            tall = lines_needed(note, theme.FONT_SMALL, room - 2 * SECTION_PAD) * line_height(theme.FONT_SMALL) + dp(4)
            data.append(record_line(note, radius=bottom if last else [0, 0, 0, 0], dim=True, small=True,
                                    tall=tall + (SECTION_PAD + theme.GAP if last else 0),
                                    gap_below=theme.GAP if last else 0))
    if record.achievements:
        data.append(record_line("Achievements", radius=top, tall=heading, bold=True))
        for index, achievement in enumerate(record.achievements):
            last = index == len(record.achievements) - 1
            text = achievement_line(achievement)
            tall = lines_needed(text, theme.FONT_BODY, room - 2 * SECTION_PAD) * line_height(theme.FONT_BODY) + dp(4)
            data.append(record_line(text, radius=bottom if last else [0, 0, 0, 0],
                                    tall=tall + (SECTION_PAD + theme.GAP if last else 0), gap_below=theme.GAP if last else 0))
    data.append(record_line("Buzzer races", radius=top, tall=heading, bold=True))
    lines = race_lines(record.races)
    pairs = [lines[index:index + 2] for index in range(0, len(lines), 2)]
    line_room = (room - 2 * SECTION_PAD - theme.GAP) / 2
    for index, pair in enumerate(pairs):
        last = index == len(pairs) - 1
        # Figures to read, not targets: each line as tall as its words.
        tall = max(lines_needed(line, theme.FONT_BODY, line_room) for line in pair) * line_height(theme.FONT_BODY) + dp(4)
        data.append({"viewclass": "RaceRecordLine", "left": pair[0], "right": pair[1] if len(pair) > 1 else "",
                     "raced": bool(record.races.races), "radius": bottom if last else [0, 0, 0, 0],
                     "gap_below": 0, "row_size": (None, tall + (SECTION_PAD if last else 0))})
    return data


def achievement_line(achievement: Achievement) -> str:
    """`First win: Nut, Sat 21 Nov`."""
    return f"{achievement.title}: {achievement.game}, {time.strftime('%a %d %b %Y', time.localtime(achievement.earned_at))}"


def note_item(text: str, radius: list[float]) -> dict[str, Any]:
    return record_line(text, radius=radius, tall=line_height(theme.FONT_BODY) + 2 * SECTION_PAD + theme.GAP,
                       gap_below=theme.GAP, dim=True)


def game_item(game: GameRecord, title_room: float, *, last: bool, bottom: list[float]) -> dict[str, Any]:
    average = "-" if game.average is None else f"{game.average:.1f}"
    tall = max(GAME_ROW, lines_needed(game.title, theme.FONT_BODY, title_room) * line_height(theme.FONT_BODY) + dp(4))
    return {"viewclass": "GameRecordRow", "title": game.title, "played": str(game.played), "won": str(game.won),
            "best": "-" if game.best is None else str(game.best), "average": average,
            "radius": bottom if last else [0, 0, 0, 0], "gap_below": theme.GAP if last else 0,
            "row_size": (None, tall + (SECTION_PAD + theme.GAP if last else 0))}


# ----- the screen ---------------------------------------------------------------------------------------
class ProfileScreen(KeptScreen):
    """A player's records, with Rename (the on-screen keyboard) and Same person as... (another name in
    the records) for a name typed two ways; each offers Undo in the bar."""

    shown_name = StringProperty("")
    name_font = NumericProperty(theme.FONT_TITLE)   # smaller for a long name, so it shows whole in the bar
    symbol = StringProperty("circle")
    rgba = ListProperty([1, 1, 1, 1])
    has_record = BooleanProperty(False)

    def __init__(self, services: Services, navigator: Navigator, name: str, back_to: BackTo = None,
                 **kwargs: Any) -> None:
        self.services, self.navigator = services, navigator
        super().__init__(**kwargs)
        self.rows.layout_manager.padding = [0, 0, BAR_ROOM, 0]
        self.record: PlayerRecord | None = None
        self.back_to = back_to
        self._room = 0.0
        self.rows.bind(width=self._fit)
        self.name_label.bind(size=self._fit_name)
        self.fbind("shown_name", self._fit_name)
        self.show(name)

    def _fit_name(self, *_: Any) -> None:
        label = self.name_label
        if label.width > 1:
            self.name_font = font_to_fit(self.shown_name, theme.FONT_TITLE, theme.FONT_SMALL, label.width,
                                         self.ids["page_header"].height, bold=True)

    @property
    def rows(self) -> RowList:
        return self.ids["rows"]

    @property
    def message(self) -> OfferBar:
        return self.ids["message"]

    @property
    def name_label(self) -> Text:
        return self.ids["name"]

    def revisit(self, *details: Any) -> None:
        """`details`: the player's name, and where Back goes (the evening, or the game being played)."""
        name, *rest = details
        self.back_to = rest[0] if rest else None
        self.message.clear()
        self.show(name)

    def show(self, name: str) -> None:
        """`name`'s records, in place: after a rename or a merge the same screen shows the new name."""
        try:
            self.record = reads_of(self.services.store).player(name)
        except CompanionError as problem:
            self.record = None
            self.message.show(str(problem), problem=True, seconds=None)
        record = self.record
        identity = identity_of(record.colour if record else "")
        self.symbol, self.rgba = identity.symbol, theme.with_alpha(identity.rgb)
        self.shown_name = record.name if record else name
        self.has_record = record is not None
        self.rows.data = record_data(record, self._words_room()) if record is not None else []
        self.rows.scroll_y = 1

    def _words_room(self) -> float:
        width = self.rows.width if self.rows.width > 100 else Window.width - 2 * theme.PAD
        self._room = width
        return width - BAR_ROOM

    def _fit(self, *_: Any) -> None:
        """Laid out at another width than the rows were worked out for: their heights again."""
        if self.record is not None and abs(self.rows.width - self._room) > 1:
            self.rows.data = record_data(self.record, self._words_room())

    def open_head_to_head(self) -> None:
        if self.record is not None:
            self.navigator.go(Place.RECORDS, self.services, self.record.name, self.back_to)

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
        others = [record for record in reads_of(self.services.store).records().values()
                  if record.name.casefold() != name.casefold()]
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
        if isinstance(self.back_to, Session):   # opened from the game's Tonight: back to its table
            self.navigator.go(Place.GAME, self.services, self.back_to)
        else:
            self.navigator.go(Place.EVENING, self.services, self.back_to)

    def go_home(self) -> None:
        self.navigator.go(Place.HOME, self.services)


class SamePersonPopup(ModalView):
    """Every other name in the records, each with its shape and games: the one tapped is the name kept."""

    def __init__(self, name: str, others: list[PlayerRecord], on_chosen: Callable[[str], None], **kwargs: Any) -> None:
        super().__init__(size_hint=(0.94, 0.94), auto_dismiss=False, **kwargs)
        self.on_chosen = on_chosen
        panel = Panel(orientation="vertical")
        panel.add_widget(PopupHeader(title=f"{name} is the same person as...", on_close=self.dismiss))
        panel.add_widget(Text(text=f"Tap the other name. {name}'s games and races join that name's records, "
                                   "and the name tapped is the one kept; Undo puts them apart again.",
                              font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, fine_print=True))
        column = GridLayout(cols=2, size_hint_y=None, spacing=theme.GAP)
        column.bind(minimum_height=column.setter("height"))
        self.choices: list[Choice] = []
        for other in others:
            games = f"{other.played} game{'s' if other.played != 1 else ''}"
            choice = player_choice(other.name, identity_of(other.colour), note=games, height=theme.TOUCH_BIG)
            choice.bind(on_release=lambda button: self.choose(button.text))
            column.add_widget(choice)
            self.choices.append(choice)
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(column)
        panel.add_widget(scroll)
        self.add_widget(panel)

    def choose(self, name: str) -> None:
        self.dismiss(animation=False)
        self.on_chosen(name)


load_kv(__file__)
