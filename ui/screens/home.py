"""The home screen: the five games with their player ranges, the unfinished game to resume (and every
game set aside from here, each with its Undo), and tonight's game night.

Laid out once (home.kv) and kept: each visit refreshes its model from the saved games (the game
offered for Resume, tonight's leader, the earlier evenings), so going Home from a game builds nothing."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Callable, Sequence

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView
from kivy.utils import escape_markup

from companion.errors import CompanionError, StorageProblem
from companion.players import identity_of
from companion.registry import GAMES, GameEntry, game_entry
from companion.store import SessionRecord
from companion.words import counted
from ui import theme
from ui.background import off_screen
from ui.kept import KeptScreen
from ui.open_saved import open_saved_game
from ui.places import Place
from ui.screens.unfinished import players_words
from ui.services import Services
from ui.widgets.basics import BigButton, MessageBar, Panel
from ui.widgets.kv import load_kv
from ui.widgets.repeat_taps import OnceBehavior
from ui.widgets.symbols import SymbolShape  # noqa: F401  (named in home.kv)
from ui.widgets.text import font_to_fit, line_height

if TYPE_CHECKING:
    from companion.evenings import Evening
    from ui.navigation import Navigator

log = logging.getLogger(__name__)

# Tonight's leaders shown by shape on its button; more share the lead in words only. Names longer than
# LEAD_LETTERS together would wrap the button's words onto a third line at 800x480: their shapes say who.
LEAD_LETTERS = 34
SHAPES_SHOWN = 3
EARLIER_SHOWN = 3


class HomeModel(EventDispatcher):
    """What Home shows that changes with the saved games."""

    tonight = StringProperty("")        # tonight's button: games and who leads; "" with no game night now
    leaders = ListProperty([])          # (shape, rgba) of each leader shown by shape
    earlier = StringProperty("")        # earlier evenings and who won them (markup)
    earlier_started = NumericProperty(0)   # when the newest of them began
    offered = ObjectProperty(None, allownone=True)   # the unfinished game offered for Resume
    offered_words = StringProperty("")
    offered_names = StringProperty("")   # the words' second line, as drawn (measured to fit)
    # Said once per start, first on the screen: an update that did not start, the big buttons, a
    # saved-games file moved aside, saved games that cannot be read back.
    update_notice = StringProperty("")
    hardware_notice = StringProperty("")
    moved_aside_notice = StringProperty("")
    unreadable_notice = StringProperty("")

    def show_evenings(self, found: list[Evening]) -> None:
        from companion.evenings import tonight_of  # read after Home's first frame, as the evenings are

        tonight = tonight_of(found)
        if tonight is None:
            self.tonight, self.leaders = "", []
        else:
            leaders = [standing for standing in tonight.standings if standing.place == 1] if tonight.winners else []
            self.tonight = f"Tonight: {counted(len(tonight.games), 'game')}\n{lead_words(leaders)}"
            identities = [identity_of(leader.colour) for leader in leaders[:SHAPES_SHOWN]]
            self.leaders = [(identity.symbol, theme.with_alpha(identity.rgb)) for identity in identities]
        earlier = [evening for evening in found if evening.winners and evening is not tonight][:EARLIER_SHOWN]
        self.earlier = earlier_words(earlier)
        self.earlier_started = earlier[0].started_at if earlier else 0

    def show_offered(self, record: SessionRecord | None) -> None:
        self.offered = record
        if record is None:
            self.offered_words = self.offered_names = ""
            return
        self.offered_names = ", ".join(player.name for player in record.players)
        when = time.strftime("%a %H:%M", time.localtime(record.updated_at))
        # The time beside the title, so six long names have the lines under it to themselves.
        self.offered_words = (f"[b]Unfinished: {game_entry(record.game).title}[/b]  -  {when}\n"
                              f"{escape_markup(self.offered_names)}")


def lead_words(leaders: Sequence[Any]) -> str:
    if not leaders:
        return "no game finished yet"
    if len(leaders) == 1:
        return f"{leaders[0].name} leads with {counted(leaders[0].points, 'point')}"
    # The button has room for about thirty letters a line beside the leaders' shapes.
    names = f"{', '.join(leader.name for leader in leaders[:-1])} & {leaders[-1].name} share the lead"
    return names if len(names) <= LEAD_LETTERS else f"{len(leaders)} share the lead"


def earlier_words(earlier: list[Evening]) -> str:
    if not earlier:
        return ""
    line = "  -  ".join(f"{time.strftime('%a %d %b', time.localtime(evening.started_at))}: "
                        f"{escape_markup(' & '.join(evening.winners))}" for evening in earlier)
    return f"[b]Earlier evenings won by[/b]  {line}"


class GameCard(OnceBehavior, ButtonBehavior, Panel):
    entry = ObjectProperty(None)

    def __init__(self, entry: GameEntry, **kwargs: Any) -> None:
        super().__init__(entry=entry, once=True, **kwargs)

    def on_state(self, _: Any, state: str) -> None:
        self.fill = theme.SURFACE_HIGH if state == "down" else theme.SURFACE


class TonightButton(BigButton):
    """Tonight's standings in two lines, each leader's shape at the left, so the lead is read by shape
    as well as by name."""

    leaders = ListProperty([])


class AsideLine(BoxLayout):
    """A game set aside from Home: one tap took it off, so one tap puts it back."""

    session_id = NumericProperty(0)
    words = StringProperty("")
    on_undo: Callable[[int], None] | None = None


class HomeScreen(KeptScreen):
    """`set_aside`: the games set aside from Home since the family came here, newest first; each keeps
    its Undo, even once another unfinished game is offered in its place."""

    model = ObjectProperty(None)
    reading = BooleanProperty(False)   # the game nights are being read off the screen's thread

    def __init__(self, services: Services, navigator: Navigator, set_aside: Sequence[SessionRecord] = (),
                 **kwargs: Any) -> None:
        self.services, self.navigator = services, navigator
        super().__init__(model=HomeModel(), **kwargs)
        cards = self.ids["cards"]
        for entry in GAMES:
            card = GameCard(entry)
            card.bind(on_release=lambda card: self.choose(card.entry))
            cards.add_widget(card)
        self.aside_lines: list[AsideLine] = []
        self._reads = 0
        self.say_hardware_warning()
        self._say_once_per_start()
        # The game offered now; the game nights once Home is on the screen: reading them (and the
        # modules that work them out) is no part of drawing Home the first time.
        self.model.show_offered(self._offered())
        self.reading = True
        Window.fbind("on_flip", self._drawn)
        for record in reversed(set_aside):
            self._add_aside_line(record)

    @property
    def message(self) -> MessageBar:
        return self.ids["message"]

    @staticmethod
    def offered_font(width: float, height: float, names: str) -> float:
        """The unfinished game's words in the body type, or smaller where its names would not fit the
        lines under its title."""
        if width < 1:
            return theme.FONT_BODY
        return font_to_fit(names, theme.FONT_BODY, theme.FONT_SMALL, width, height - line_height(theme.FONT_BODY))

    @property
    def body(self) -> BoxLayout:
        return self.ids["body"]

    def revisit(self, *details: Any) -> None:
        """Home again: what was said once is gone, the games set aside last time keep no Undo here
        (they are in Saved games), and the rest is read from the saved games as they are now."""
        model = self.model
        model.update_notice = model.hardware_notice = model.moved_aside_notice = model.unreadable_notice = ""
        for line in list(self.aside_lines):
            self._drop_aside_line(line)
        self.message.clear()
        self._say_once_per_start()   # a file set aside while the family was elsewhere
        scroll: ScrollView = self.ids["scroll"]
        scroll.scroll_y = 1
        self.refresh()

    def _drawn(self, *_: Any) -> None:
        Window.funbind("on_flip", self._drawn)
        # On the next frame: this one is still on its way to the screen.
        Clock.schedule_once(lambda _dt: self._after_first_frame(), 0)

    def _after_first_frame(self) -> None:
        self._say_switched_back()
        self._read_evenings()

    def refresh(self) -> None:
        """The game offered for Resume at once; the game nights as the saved games hold them now, read
        off the screen's thread (a long history takes a while) and shown once read."""
        self.model.show_offered(self._offered())
        self._read_evenings()

    def _offered(self) -> SessionRecord | None:
        """The unfinished game, if the saved games can say: a damaged file offers none (the app sets
        it aside once its pages are read through, and Home then says so)."""
        try:
            return self.services.store.unfinished()
        except StorageProblem as problem:
            log.warning("no game offered for Resume: %s", problem)
            return None

    def saved_games_set_aside(self) -> None:
        """The saved games were found damaged after Home was drawn and a new file begun: said, and
        Home read again from the new file."""
        self._say_once_per_start()
        self.refresh()

    def _read_evenings(self) -> None:
        from ui.reads import reads_of  # after Home's first frame: the records' modules draw nothing of it

        store = self.services.store
        self.reading, self._reads = True, self._reads + 1
        asked = self._reads
        off_screen(lambda _task: (reads_of(store).evenings(), reads_of(store).played().unreadable),
                   done=lambda found: self._read(asked, found), failed=lambda _problem: self._read(asked, ([], ())))

    def _read(self, asked: int, found: tuple[list[Evening], Sequence[tuple[int, str]]]) -> None:
        if asked != self._reads:
            return   # a later reading is under way: it shows the game nights as they are now
        evenings, unreadable = found
        self.reading = False
        self.model.show_evenings(evenings)
        services = self.services
        if unreadable and not services.extras.get("unreadable_shown"):
            services.extras["unreadable_shown"] = True
            self.model.unreadable_notice = unreadable_words(sorted(unreadable, reverse=True))

    def _say_once_per_start(self) -> None:
        services, model = self.services, self.model
        moved_aside = services.store.moved_aside
        if moved_aside and not services.extras.get("moved_aside_shown"):
            services.extras["moved_aside_shown"] = True
            where, why = moved_aside
            model.moved_aside_notice = (f"The saved games file could not be used ({why}), so it was kept aside as "
                                        f"{where.name} and a new one was started.")

    def _say_switched_back(self) -> None:
        """Said after Home's first frame (the updates' modules draw nothing of Home): an update that
        did not start, once per start."""
        from ui.screens.update import switched_back_words

        services = self.services
        switched_back = switched_back_words()
        if switched_back and not services.extras.get("switched_back_shown"):
            services.extras["switched_back_shown"] = True
            self.model.update_notice = switched_back

    def say_hardware_warning(self) -> None:
        """What is wrong with the big buttons, first on the screen. Said once per start (the race screens
        repeat what matters when a race is run); the app calls this again once the buttons are open,
        which is just after Home is first drawn."""
        warning = self.services.hardware_warning
        if not warning or self.services.extras.get("hardware_warning_shown"):
            return
        self.services.extras["hardware_warning_shown"] = True
        self.model.hardware_notice = warning

    # ----- the game offered, and those set aside ---------------------------------------------------
    def resume_offered(self) -> None:
        if self.model.offered is not None:
            self.resume(self.model.offered.id)

    def set_aside_offered(self) -> None:
        if self.model.offered is not None:
            self.set_aside(self.model.offered.id)

    def resume(self, session_id: int) -> None:
        problem = open_saved_game(self.services, self.navigator, session_id)
        if problem is not None:
            self.message.show(problem, problem=True, seconds=None)

    def set_aside(self, session_id: int) -> None:
        store = self.services.store
        if self._saved(lambda: store.set_aside(session_id)):
            self._add_aside_line(store.session_record(session_id))
            self.refresh()

    def bring_back(self, session_id: int) -> None:
        if self._saved(lambda: self.services.store.bring_back(session_id)):
            for line in [line for line in self.aside_lines if line.session_id == session_id]:
                self._drop_aside_line(line)
            self.refresh()

    def _add_aside_line(self, record: SessionRecord) -> None:
        """The newest set aside first."""
        line = AsideLine(session_id=record.id,
                         words=f"[b]Set aside: {game_entry(record.game).title}[/b] of "
                               f"{escape_markup(players_words(record))}\nIt is kept under Saved games.")
        line.on_undo = self.bring_back
        box: BoxLayout = self.ids["aside"]
        box.add_widget(line, index=len(box.children))
        self.aside_lines.insert(0, line)

    def _drop_aside_line(self, line: AsideLine) -> None:
        self.ids["aside"].remove_widget(line)
        self.aside_lines.remove(line)

    def _saved(self, change: Callable[[], None]) -> bool:
        try:
            change()
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return False
        return True

    # ----- going elsewhere ---------------------------------------------------------------------------
    def choose(self, entry: GameEntry) -> None:
        self.navigator.go(Place.SETUP, self.services, entry)

    def open_evening(self, started_at: float | None = None) -> None:
        """Tonight's evening, or the one that began at `started_at`."""
        self.navigator.go(Place.EVENING, self.services, started_at)

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


load_kv(__file__)
