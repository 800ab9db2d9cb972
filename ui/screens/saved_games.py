"""Every game this table has played, newest first: unfinished and set-aside games can be resumed,
finished ones opened to see how they ended and what happened. Any game can be exported (to a USB stick
when one is plugged in), and game logs or whole evenings on a stick can be imported.

Laid out once (saved_games.kv) and kept; the games are a RowList, so only the rows in sight exist
however many games were played, and a delete or an import changes the list's data, not its layout."""

from __future__ import annotations

import sys
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.utils import escape_markup

from companion import corrections, exports
from companion.errors import CompanionError
from companion.names import Change
from companion.progress import Cancelled, Task
from companion.registry import game_entry
from companion.store import SessionRecord
from ui import theme
from ui.background import off_screen, on_screen
from ui.exported import show_exported
from ui.kept import KeptScreen
from ui.open_saved import open_saved_game
from ui.places import Place
from ui.services import Services
from ui.widgets.basics import BigButton, Panel, PopupHeader, Text
from ui.widgets.confirm import ConfirmPopup, ask_to_delete_game
from ui.widgets.kv import load_kv
from ui.widgets.lists import Row, RowList
from ui.widgets.offer_bar import OfferBar
from ui.widgets.progress import ProgressPopup
from ui.widgets.text import line_height, lines_needed

if TYPE_CHECKING:
    from ui.navigation import Navigator

ROW_HEIGHT = dp(96)
# A row's buttons (Export, Delete, Resume or Look) and the gaps between them: what its words do not get.
BUTTONS_WIDTH = dp(110) + dp(104) + dp(130) + 3 * theme.GAP


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


def game_words(record: SessionRecord) -> str:
    """`Nut, Sat 21 Nov 20:15 (Ann, Ben)`: a game as the family tells it from the others."""
    when = time.strftime("%a %d %b %H:%M", time.localtime(record.started_at))
    return f"{game_entry(record.game).title}, {when} ({', '.join(player.name for player in record.players)})"


class SavedGameRow(Row, BoxLayout):
    """One saved game: what it is and how it stands, with Export, Delete and Resume (or Look)."""

    session_id = NumericProperty(0)
    words = StringProperty("")
    resumable = BooleanProperty(False)
    highlighted = BooleanProperty(False)   # just imported: ringed so it is found in the list

    @property
    def screen(self) -> SavedGamesScreen | None:
        node = self.parent
        while node is not None and not isinstance(node, SavedGamesScreen):
            node = node.parent
        return node

    def export(self) -> None:
        if self.screen is not None:
            self.screen.export(self.session_id)

    def ask_delete(self) -> None:
        if self.screen is not None:
            self.screen.ask_delete(self.session_id)

    def open(self) -> None:
        if self.screen is not None:
            self.screen.open_game(self.session_id, self.resumable)


class SavedGamesScreen(KeptScreen):
    empty = BooleanProperty(False)

    def __init__(self, services: Services, navigator: Navigator, **kwargs: Any) -> None:
        self.services, self.navigator = services, navigator
        super().__init__(**kwargs)
        self.importing: Task | None = None   # an import running off the screen's thread
        # Each game's row as last worked out, with the record it came from: a record the store hands
        # back unchanged needs no new words.
        self._items: dict[int, tuple[SessionRecord, dict[str, Any]]] = {}
        self._room = 0.0
        self.rows.bind(width=self._fit_rows)
        self.list_games()

    @property
    def rows(self) -> RowList:
        return self.ids["rows"]

    @property
    def scroll(self) -> ScrollView:
        return self.ids["rows"]

    @property
    def message(self) -> OfferBar:
        return self.ids["message"]

    @property
    def import_button(self) -> BigButton:
        return self.ids["import_button"]

    @property
    def row_of(self) -> dict[int, SavedGameRow]:
        """The rows in sight, top to bottom, by game number."""
        views = sorted(self.rows.view_adapter.views.items())
        return {view.session_id: view for _, view in views if isinstance(view, SavedGameRow)}

    @property
    def listed(self) -> list[int]:
        """Every game listed, top to bottom, by number."""
        return [item["session_id"] for item in self.rows.data]

    def revisit(self, *details: Any) -> None:
        self.message.clear()
        self.list_games()

    def list_games(self, highlighted: tuple[int, ...] = ()) -> None:
        """Every game, newest first, the `highlighted` ones (just imported) scrolled into sight."""
        records = self.services.store.sessions(limit=sys.maxsize)
        room = self._words_room()
        self.rows.data = [self._item(record, record.id in highlighted, room) for record in records]
        self.empty = not records
        first = next((index for index, record in enumerate(records) if record.id in highlighted), None)
        self.rows.scroll_y = 1
        if first is not None:
            # Once the rows are laid out: the first imported game at the top, the others under it.
            Clock.schedule_once(lambda _: self.rows.scroll_to_index(first), 0)

    def _words_room(self) -> float:
        """How wide a row's words may be: the list's width (the window's, until it is laid out), less
        the buttons, the gaps and the row's padding."""
        width = self.rows.width if self.rows.width > 100 else Window.width - 2 * theme.PAD
        return width - BUTTONS_WIDTH - 2 * theme.PAD - dp(8)

    def _item(self, record: SessionRecord, highlighted: bool, room: float) -> dict[str, Any]:
        known = self._items.get(record.id)
        if known is not None and known[0] is record and self._room == room:
            return {**known[1], "highlighted": highlighted}
        status = status_of(record)
        names = ", ".join(player.name for player in record.players)
        when = time.strftime("%a %d %b %H:%M", time.localtime(record.updated_at))
        title = f"{game_entry(record.game).title}  -  {status}"
        # Six long names wrap onto a third line: the row grows rather than letting them spill out.
        lines = (lines_needed(title, theme.FONT_BODY, room, bold=True)
                 + lines_needed(f"{names}  -  {when}", theme.FONT_BODY, room))
        item = {"viewclass": "SavedGameRow", "session_id": record.id,
                "words": f"[b]{game_entry(record.game).title}[/b]  -  {escape_markup(status)}\n"
                         f"{escape_markup(names)}  -  {when}",
                "resumable": record.finished_at is None or status == "Set aside", "highlighted": highlighted,
                "row_size": (None, max(ROW_HEIGHT, lines * line_height(theme.FONT_BODY) + 2 * theme.PAD))}
        self._items[record.id] = (record, item)
        self._room = room
        return item

    def _fit_rows(self, *_: Any) -> None:
        """Laid out at another width than the rows were worked out for: their heights again."""
        room = self._words_room()
        if abs(room - self._room) > 1 and self.rows.data:
            self._items.clear()
            self.list_games(tuple(item["session_id"] for item in self.rows.data if item["highlighted"]))

    def open_game(self, session_id: int, resumable: bool) -> None:
        problem = open_saved_game(self.services, self.navigator, session_id, bring_back=resumable)
        if problem is not None:
            self.message.show(problem, problem=True, seconds=None)

    def export(self, session_id: int) -> None:
        try:
            done = exports.export_game(self.services.store, self.services.data_dir, session_id)
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return
        show_exported(self.message, done)

    def ask_delete(self, session_id: int) -> ConfirmPopup | None:
        """A game entered by mistake: asked once, then gone from the list with Undo in the bar."""
        return ask_to_delete_game(self.services.store, session_id, self.message, lambda: self.delete(session_id))

    def delete(self, session_id: int) -> None:
        store = self.services.store
        try:
            what = game_words(store.session_record(session_id))
            change = corrections.delete_game(store, session_id)
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return
        self.rows.data = [item for item in self.rows.data if item["session_id"] != session_id]
        self.empty = not self.rows.data
        self.message.offer_undo(f"Deleted {what}: it is in no standings, records or exports now.",
                                lambda: self.undo_delete(change, what))

    def undo_delete(self, change: Change, what: str) -> None:
        try:
            corrections.undo(self.services.store, change)
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return
        self.list_games(highlighted=(change.session_id,) if change.session_id is not None else ())
        self.message.show(f"{what} is back, as it was.", seconds=None)

    # ----- importing from a USB stick ----------------------------------------------------------------
    def choose_import(self) -> ModalView | None:
        """The game logs and evenings on the stick, one button each, described as they are read off
        the screen's thread; None (and a message) without a stick."""
        found = exports.sticks()
        if not found:
            self.message.show("No USB stick found. Plug one in, wait a moment for it to open, then tap "
                              "Import from USB stick again.", problem=True, seconds=None)
            return None
        stick = found[0]
        popup = ImportPopup(stick, on_chosen=self.import_file)

        def read_the_stick(task: Task) -> None:
            paths = exports.stick_entries(stick)
            on_screen(lambda: self._listed(popup, stick, paths))
            for path in paths:
                what = exports.describe(path, task)
                on_screen(partial(popup.described, path, what))

        popup.reading = off_screen(read_the_stick, done=lambda _: popup.done_reading(), failed=popup.done_reading,
                                   stopped_words="the files on the stick could not all be read")
        popup.open()
        return popup

    def _listed(self, popup: ImportPopup, stick: exports.Stick, paths: list[Path]) -> None:
        if paths:
            popup.list(paths)
            return
        popup.dismiss(animation=False)
        self.message.show(f"The USB stick {stick.label} has no game logs on it: they are the .json files an export "
                          "writes at the top of the stick.", problem=True, seconds=None)

    def import_file(self, path: Path) -> None:
        """The file read, checked and saved off the screen's thread, with a bar and Cancel meanwhile."""
        progress = ProgressPopup(f"Importing {path.name}", on_cancel=self._cancel_import)
        progress.open()
        self.importing = off_screen(lambda task: exports.import_file(self.services.store, path, task),
                                    done=lambda imported: self._imported(progress, imported),
                                    failed=lambda problem: self._not_imported(progress, problem),
                                    progress=progress.show, stopped_words="the import stopped; nothing was imported")

    def _cancel_import(self) -> None:
        if self.importing is not None:
            self.importing.cancel()

    def _imported(self, progress: ProgressPopup, imported: exports.Imported) -> None:
        self.importing = None
        progress.dismiss(animation=False)
        self.list_games(highlighted=imported.session_ids)
        self.message.show(imported.message, seconds=None)

    def _not_imported(self, progress: ProgressPopup, problem: CompanionError) -> None:
        self.importing = None
        progress.dismiss(animation=False)
        self.message.show(str(problem), problem=not isinstance(problem, Cancelled), seconds=None)

    def back(self) -> None:
        self.navigator.go(Place.HOME, self.services)


class StickFile(BigButton):
    """One file on the stick: its name and what it holds."""

    def __init__(self, path: Path, **kwargs: Any) -> None:
        super().__init__(markup=True, halign="left", bold=False, height=dp(72), **kwargs)
        self.path = path
        self.fbind("texture_size", self._grow)

    def _grow(self, *_: Any) -> None:
        self.height = max(dp(72), self.texture_size[1] + dp(16))


class ImportPopup(ModalView):
    """The JSON files on a stick, newest first, each a button with its name and what it holds (read
    off the screen's thread; a file can be tapped before it is)."""

    def __init__(self, stick: exports.Stick, on_chosen: Callable[[Path], None], **kwargs: Any) -> None:
        super().__init__(size_hint=(0.94, 0.94), auto_dismiss=False, **kwargs)
        self.on_chosen = on_chosen
        self.reading: Task | None = None   # the listing, stopped once the popup closes
        self.bind(on_dismiss=self._stop_reading)
        panel = Panel(orientation="vertical")
        panel.add_widget(PopupHeader(title=f"Import from {stick.label}", on_close=self.dismiss))
        self.hint = Text(text="Looking at the files on the stick...", font_size=theme.FONT_SMALL,
                         color=theme.TEXT_DIM, fine_print=True)
        panel.add_widget(self.hint)
        self.column = BoxLayout(orientation="vertical", size_hint_y=None, spacing=theme.GAP)
        self.column.bind(minimum_height=self.column.setter("height"))
        self.choices: list[StickFile] = []
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(self.column)
        panel.add_widget(scroll)
        self.add_widget(panel)

    def list(self, paths: list[Path]) -> None:
        self.hint.text = ("Tap a game or an evening to add it to the saved games. It is checked move by move "
                          "first; a file with a wrong move adds nothing.")
        for path in paths:
            choice = StickFile(path)
            choice.bind(on_release=lambda button: self.choose(button.path))
            self.column.add_widget(choice)
            self.choices.append(choice)
            self.described(path, "reading it...")

    def described(self, path: Path, what: str) -> None:
        for choice in self.choices:
            if choice.path == path:
                choice.text = f"[b]{escape_markup(path.name)}[/b]\n{escape_markup(what)}"

    def done_reading(self, problem: CompanionError | None = None) -> None:
        self.reading = None
        if problem is not None and not isinstance(problem, Cancelled):
            self.hint.text = str(problem)

    def _stop_reading(self, *_: Any) -> None:
        if self.reading is not None:
            self.reading.cancel()

    def choose(self, path: Path) -> None:
        self.dismiss(animation=False)
        self.on_chosen(path)


load_kv(__file__)
