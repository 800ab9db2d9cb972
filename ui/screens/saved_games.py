"""Every game this table has played, newest first: unfinished and set-aside games can be resumed,
finished ones opened to see how they ended and what happened. Any game can be exported (to a USB stick
when one is plugged in), and game logs or whole evenings on a stick can be imported."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

from kivy.clock import Clock
from kivy.graphics import Color, Line
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen
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
from ui.open_saved import open_saved_game
from ui.places import Place
from ui.widgets.basics import BigButton, Panel, Text, popup_header
from ui.widgets.confirm import ConfirmPopup
from ui.widgets.offer_bar import OfferBar
from ui.widgets.progress import ProgressPopup

SHOWN = 40
ROW_HEIGHT = dp(96)


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


def outline(row: Panel) -> None:
    """A ring in the confirmation colour around a game just imported, so it is found in the list."""
    with row.canvas.before:
        Color(*theme.OK)
        ring = Line(width=dp(2.5))

    def follow(*_):
        ring.rounded_rectangle = (row.x, row.y, row.width, row.height, theme.RADIUS)

    row.bind(pos=follow, size=follow)
    follow()


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
        self.import_button = BigButton(text="Import from USB stick", size_hint_x=None, width=dp(250))
        self.import_button.bind(on_release=lambda *_: self.choose_import())
        header.add_widget(self.import_button)
        root.add_widget(header)
        self.rows = BoxLayout(orientation="vertical", size_hint_y=None, spacing=theme.GAP)
        self.rows.bind(minimum_height=self.rows.setter("height"))
        self.scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        self.scroll.add_widget(self.rows)
        root.add_widget(self.scroll)
        self.message = OfferBar()
        root.add_widget(self.message)
        self.add_widget(root)
        self.row_of: dict[int, Panel] = {}
        self.importing: Task | None = None   # an import running off the screen's thread
        self.list_games()

    def list_games(self, highlighted: tuple[int, ...] = ()) -> None:
        """The newest games, and the `highlighted` ones (just imported) even when older than those."""
        self.rows.clear_widgets()
        self.row_of = {}
        records = self.services.store.sessions(limit=SHOWN)
        listed = {record.id for record in records}
        records += [self.services.store.session_record(number) for number in highlighted if number not in listed]
        if not records:
            self.rows.add_widget(Text(text="No games yet. Pick a game on Home to start one.", color=theme.TEXT_DIM))
        for record in records:
            row = self._row(record, record.id in highlighted)
            self.row_of[record.id] = row
            self.rows.add_widget(row)
        first = next((record.id for record in records if record.id in highlighted), None)
        if first is not None:
            # Once the rows are laid out: the first imported game at the top, the others under it.
            Clock.schedule_once(lambda _: self.bring_to_top(self.row_of[first]), 0)

    def bring_to_top(self, row: Panel) -> None:
        room = self.rows.height - self.scroll.height
        if room > 0:
            from_top = self.rows.top - row.top - theme.GAP
            self.scroll.scroll_y = max(0.0, min(1.0, 1 - from_top / room))

    def _row(self, record: SessionRecord, highlighted: bool = False) -> Panel:
        row = Panel(orientation="horizontal", size_hint_y=None, height=ROW_HEIGHT)
        if highlighted:
            outline(row)
        names = ", ".join(player.name for player in record.players)
        when = time.strftime("%a %d %b %H:%M", time.localtime(record.updated_at))
        status = status_of(record)
        words = Text(text=f"[b]{game_entry(record.game).title}[/b]  -  {escape_markup(status)}\n"
                          f"{escape_markup(names)}  -  {when}",
                     markup=True, font_size=theme.FONT_BODY, pos_hint={"center_y": 0.5})
        # Six long names wrap onto a third line: the row grows rather than letting them spill out.
        words.bind(height=lambda _, height: setattr(row, "height", max(ROW_HEIGHT, height + 2 * theme.PAD)))
        row.add_widget(words)
        export = BigButton(text="Export", size_hint_x=None, width=dp(110), pos_hint={"center_y": 0.5})
        export.bind(on_release=lambda *_: self.export(record.id))
        row.add_widget(export)
        delete = BigButton(text="Delete", size_hint_x=None, width=dp(104), pos_hint={"center_y": 0.5})
        delete.bind(on_release=lambda *_: self.ask_delete(record.id))
        row.add_widget(delete)
        resumable = record.finished_at is None or status == "Set aside"
        action = BigButton(text="Resume" if resumable else "Look", size_hint_x=None, width=dp(130),
                           pos_hint={"center_y": 0.5})
        action.bind(on_release=lambda *_: self.open(record, resumable))
        row.add_widget(action)
        return row

    def open(self, record: SessionRecord, resumable: bool) -> None:
        problem = open_saved_game(self.services, self.navigator, record.id, bring_back=resumable)
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
        try:
            question = corrections.deletion_question(self.services.store, session_id)
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return None
        popup = ConfirmPopup("Delete this game?", question, "Delete", lambda: self.delete(session_id))
        popup.open()
        return popup

    def delete(self, session_id: int) -> None:
        store = self.services.store
        try:
            what = game_words(store.session_record(session_id))
            change = corrections.delete_game(store, session_id)
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return
        row = self.row_of.pop(session_id, None)
        if row is not None:
            self.rows.remove_widget(row)
        if not self.row_of:
            self.list_games()
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
                on_screen(lambda path=path, what=what: popup.described(path, what))

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


class ImportPopup(ModalView):
    """The JSON files on a stick, newest first, each a button with its name and what it holds (read
    off the screen's thread; a file can be tapped before it is)."""

    def __init__(self, stick: exports.Stick, on_chosen: Callable[[Path], None], **kwargs):
        super().__init__(size_hint=(0.94, 0.94), auto_dismiss=False, **kwargs)
        self.on_chosen = on_chosen
        self.reading: Task | None = None   # the listing, stopped once the popup closes
        self.bind(on_dismiss=self._stop_reading)
        panel = Panel(orientation="vertical")
        panel.add_widget(popup_header(f"Import from {stick.label}", self.dismiss))
        self.hint = Text(text="Looking at the files on the stick...", font_size=theme.FONT_SMALL,
                         color=theme.TEXT_DIM, fine_print=True)
        panel.add_widget(self.hint)
        self.column = BoxLayout(orientation="vertical", size_hint_y=None, spacing=theme.GAP)
        self.column.bind(minimum_height=self.column.setter("height"))
        self.choices: list[BigButton] = []
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(self.column)
        panel.add_widget(scroll)
        self.add_widget(panel)

    def list(self, paths: list[Path]) -> None:
        self.hint.text = ("Tap a game or an evening to add it to the saved games. It is checked move by move "
                          "first; a file with a wrong move adds nothing.")
        for path in paths:
            choice = BigButton(markup=True, halign="left", bold=False, height=dp(72))
            choice.path = path
            choice.bind(texture_size=lambda button, size: setattr(button, "height", max(dp(72), size[1] + dp(16))))
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

    def _stop_reading(self, *_) -> None:
        if self.reading is not None:
            self.reading.cancel()

    def choose(self, path: Path) -> None:
        self.dismiss(animation=False)
        self.on_chosen(path)
