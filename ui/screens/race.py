"""A buzzer race on screen: wait for GO, the cue, then the photo finish with everyone's margin.

The arbiter decides on its own thread and lights the winner's LED itself; this popup only follows,
through Clock.schedule_once, so a slow frame can never change a result.

The popup is laid out once for its race, with every part it can show: the wait (and GO), a claim being
decided, a problem, and the photo finish with a row for every seat; it shows the one in use, and a
result fills the rows already there."""

from __future__ import annotations

import json
from typing import Any, Callable, Sequence

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, OptionProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.errors import CompanionError
from companion.players import Player
from companion.races.model import Arm, RaceDecision
from companion.session import Session
from companion.store import Store
from hardware.controller import RaceController
from ui import theme
from ui.race_text import ORDINALS, ResultRow, decision_in_seats, headline, result_rows
from ui.services import Services
from ui.sound import CueSound
from ui.widgets.basics import BigButton, Panel, Text  # noqa: F401  (named in race.kv)
from ui.widgets.choice import Choice, player_choice
from ui.widgets.hiding import covers_the_screen, hide
from ui.widgets.kv import load_kv
from ui.widgets.seat import SeatBadge  # noqa: F401  (named in race.kv)
from ui.widgets.text import line_height, text_width

TITLES = {"bones": "Race for the bones!", "claim": "Match! / Run! claim"}


class PhotoFinishRow(BoxLayout):
    """One player's line in the photo finish, read from the seats: place, their shape and name, a bar
    as long as their margin behind the first press (the gap is seen before it is read) and the margin.
    Why someone has no time is a sentence of detail in smaller type where the bar would be.

    Made with a row to show, or empty and filled later with `show`: the race popup has one for every
    seat and fills them when a race is decided."""

    place = StringProperty("")
    player = ObjectProperty(None, allownone=True)
    detail = StringProperty("")
    timed = BooleanProperty(True)
    share = NumericProperty(0)            # the margin as a share of the slowest one: where the dot sits
    rgba = ListProperty([0, 0, 0, 0])
    shown = BooleanProperty(True)
    place_width = NumericProperty(0)
    name_width = NumericProperty(dp(180))
    detail_width = NumericProperty(dp(240))
    row_height = NumericProperty(dp(44))
    font_size = NumericProperty(0)        # the table's type; five or six rows keep to its least (Larger text)

    def __init__(self, row: ResultRow | None = None, player: Player | None = None, slowest_ms: float = 0.0,
                 **kwargs: Any) -> None:
        kwargs.setdefault("place_width", max(text_width(place, theme.FONT_TABLE, True) for place in ORDINALS) + dp(4))
        super().__init__(**kwargs)
        if row is not None and player is not None:
            self.show(row, player, slowest_ms)

    @staticmethod
    def row_font(rows: int) -> float:
        """The rows' type: the table's, or its least size where five or six rows share the popup."""
        return float(theme.LEAST_TABLE if rows > 4 else theme.FONT_TABLE)

    @staticmethod
    def height_for(rows: int, least: float) -> float:
        """A row's height among `rows`: `least`, or its words' line if taller (Larger text)."""
        return max(least, line_height(PhotoFinishRow.row_font(rows)) + dp(2))

    @staticmethod
    def measure(rows: Sequence[ResultRow], name: Callable[[int], str]) -> tuple[float, float, float]:
        """What the rows of one photo finish share: the name and margin columns as wide as their widest
        in `rows`, so the bars start and end together (the names in bold, as the first's is; the margins
        as they are drawn), and the slowest margin, the bar's full length."""
        font = PhotoFinishRow.row_font(len(rows))
        names = max((text_width(name(row.player), font, True) for row in rows), default=0)
        details = max((text_width(row.detail, font) for row in rows if row.margin_ms is not None), default=0)
        slowest = max((row.margin_ms for row in rows if row.margin_ms), default=0.0)
        return names + dp(4), details + dp(4), slowest

    def show(self, row: ResultRow, player: Player, slowest_ms: float) -> None:
        self.place, self.player, self.detail = row.place, player, row.detail
        self.timed = row.margin_ms is not None
        self.share = 0.0 if row.margin_ms is None or slowest_ms <= 0 else row.margin_ms / slowest_ms
        self.rgba = list(theme.with_alpha(player.identity.rgb))
        self.shown = True


class RacePopup(ModalView):
    kind = StringProperty("bones")
    title = StringProperty("")
    # What shows: the wait for GO, a claim being decided, a problem, or the result.
    stage = OptionProperty("wait", options=("wait", "deciding", "problem", "result"))
    go = BooleanProperty(False)
    note = StringProperty("")            # how the race is timed
    held = StringProperty("")            # buttons already down when the race was armed
    problem = StringProperty("")
    headline = StringProperty("")
    rerace = BooleanProperty(False)      # a tie: the tied seats race again
    final = BooleanProperty(False)       # the whole photo finish is in (a claim's first word is not)
    uses_screen = BooleanProperty(False)
    crowded = BooleanProperty(False)     # five or six rows, packed tighter
    button_rows = NumericProperty(0)     # rows of on-screen buttons, three to a row

    def __init__(self, hardware: RaceController, players: Sequence[Player], kind: str, seats: list[int],
                 on_result: Callable[[dict[str, Any]], None], book: RaceBook | None = None,
                 cue_sound: CueSound | None = None, **kwargs: Any) -> None:
        # Arbiter ids are button numbers when there are real (or mock) buttons, else seat + 1.
        uses_screen = hardware.buttons is None
        super().__init__(kind=kind, title=TITLES[kind], uses_screen=uses_screen, **kwargs)
        covers_the_screen(self)
        self.hardware, self.players, self.on_result = hardware, players, on_result
        self.book = book
        self.cue_sound = cue_sound
        self.seats = list(seats)
        self.decision: RaceDecision | None = None
        self.id_of = {seat: (seat + 1 if uses_screen else players[seat].button) for seat in self.seats}
        self.seat_of = {player_id: seat for seat, player_id in self.id_of.items() if player_id is not None}
        self.note = self._timestamps_note()
        finish = self.ids["finish"]
        self.rows = [PhotoFinishRow(shown=False) for _ in self.seats]
        for row in self.rows:
            finish.add_widget(row)
            hide(row, True)
        self.fbind("stage", self._show_stage)
        self._show_stage()
        self.screen_buttons: dict[int, Choice] = {}
        if uses_screen:
            grid = self.ids["screen_buttons"]
            grid.cols = min(len(self.seats), 3)
            self.button_rows = (len(self.seats) + 2) // 3
            for seat in self.seats:
                player = players[seat]
                # As tall as the grid's row: nothing, where the grid is hidden, so no hidden button takes a touch.
                button = player_choice(player.name, player.identity, size_hint_y=1)
                # Where the table has no big buttons, a player's button on the screen: pressed the moment
                # the finger lands, as a big button is. A seat's id in the race is then its number from 1.
                button.bind(on_press=lambda _button, pressed=seat: self.hardware.screen_press(pressed + 1, True))
                grid.add_widget(button)
                self.screen_buttons[seat] = button

    @property
    def panel(self) -> Panel:
        return self.ids["panel"]

    @property
    def big(self) -> Text:
        """The wait's big words, which GO replaces."""
        return self.ids["big"]

    def name(self, player_id: int) -> str:
        return self.players[self.seat_of[player_id]].name

    # ----- running ------------------------------------------------------------------------
    def start(self, seats: list[int] | None = None) -> None:
        if seats is not None:
            self.seats = list(seats)
        missing = [self.players[s].name for s in self.seats if self.id_of.get(s) is None]
        if missing:
            self._show_problem(f"{', '.join(missing)} has no big button. Give each player a button in set-up, "
                               "or record the result by tapping.")
            return
        self.hardware.on_cue = lambda arm: Clock.schedule_once(lambda _: self._show_go(), 0)
        self.hardware.on_decision = lambda decision: Clock.schedule_once(
            lambda _: self._show_decision(decision), 0)
        try:
            arm = self.hardware.start_race(self.kind, [player_id for s in self.seats
                                                       if (player_id := self.id_of[s]) is not None])
        except CompanionError as problem:
            self._show_problem(str(problem))
            return
        self._show_wait(arm)
        if not self.is_open:
            self.open()

    def follow(self, arm: Arm) -> None:
        """Show a claim race that a button press already started (no cue: the press was the start)."""
        self.hardware.on_decision = lambda decision: Clock.schedule_once(
            lambda _: self._show_decision(decision), 0)
        self.stage = "deciding"
        if self.hardware.decision is not None and self.hardware.decision.final:
            self._show_decision(self.hardware.decision)  # decided before this frame came round
        self.open()

    @property
    def is_open(self) -> bool:
        return self.parent is not None

    def _cancel(self) -> None:
        self.hardware.cancel()
        self.dismiss()

    def _log_lines(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.hardware.race_log().splitlines() if line.strip()]

    def race_again(self, seats: list[int] | None = None) -> None:
        """The table does not trust the result (they saw it level, or it is a tie): the decided race goes
        into no game, stays in the race log marked as run again, and the same seats race again (the
        tied ones, after a tie)."""
        if seats is None:
            decision = self.decision
            seats = [self.seat_of[p] for p in decision.rerace] if decision and decision.rerace else list(self.seats)
        if self.book is not None:
            try:
                self.book.raced_again()
            except CompanionError as problem:
                self._show_problem(f"The race could not be marked as run again ({problem}); its result still "
                                   "stands. Close, and race again from the table.")
                return
        self.decision = None
        self.start(seats)

    def _accept(self) -> None:
        assert self.decision is not None
        result = decision_in_seats(self.decision, self.seat_of, self._log_lines())
        # The game hears the result before the popup closes, so whatever closing triggers (such as
        # reopening claims) already sees the game's next step.
        self.on_result(result)
        self.dismiss()

    # ----- what shows ---------------------------------------------------------------------
    def _show_stage(self, *_: Any) -> None:
        stage = self.stage
        for part, hidden in (("waiting", stage not in ("wait", "deciding")), ("problem", stage != "problem"),
                             ("result", stage != "result")):
            hide(self.ids[part], hidden)

    def _timestamps_note(self) -> str:
        if self.uses_screen:
            return "On-screen buttons: tap your own button when GO shows."
        if self.hardware.warning:
            return str(self.hardware.warning)
        return "Decided by the moment each button went down, to a fraction of a millisecond."

    def _show_problem(self, text: str) -> None:
        self.problem, self.stage = text, "problem"
        if not self.is_open:
            self.open()

    def _show_wait(self, arm: Arm) -> None:
        self.go = False
        self.held = ""
        if arm.held:
            names = ", ".join(self.name(p) for p in sorted(arm.held))
            self.held = (f"Already held down, can't win: {names}. Let go, or check the wiring if nobody is "
                         "pressing.")
        for seat, button in self.screen_buttons.items():
            hide(button, seat not in self.seats)
        self.stage = "wait"

    def _show_go(self) -> None:
        if self.cue_sound is not None:
            self.cue_sound.play()
        if self.decision is None and self.stage == "wait":
            self.go = True

    def _show_decision(self, decision: RaceDecision) -> None:
        self.decision = decision
        if decision.final and self.book is not None:
            # Logged as soon as it is decided, accepted or not, so a disputed race can be replayed.
            self.book.decided(self._log_lines())
        self.headline = headline(decision, self.name)
        rows = result_rows(decision, self.name)
        names, details, slowest = PhotoFinishRow.measure(rows, self.name)
        self.crowded = len(rows) > 4
        for index, shown in enumerate(self.rows):
            if index < len(rows):
                shown.name_width, shown.detail_width = names, details
                shown.font_size = PhotoFinishRow.row_font(len(rows))
                shown.row_height = PhotoFinishRow.height_for(len(rows), dp(36) if self.crowded else dp(44))
                shown.show(rows[index], self.players[self.seat_of[rows[index].player]], slowest)
            else:
                shown.shown = False
            hide(shown, not shown.shown)
        self.rerace, self.final = bool(decision.rerace), decision.final
        self.stage = "result"


class RaceBook:
    """Where a game's races are kept: each one saved the moment it is decided, accepted or not, so a
    disputed race can be replayed; one the table ran again is marked so in its log."""

    def __init__(self, store: Store, session_id: int | None) -> None:
        self.store, self.session_id = store, session_id
        self._last: int | None = None

    def decided(self, log_lines: list[dict[str, Any]]) -> None:
        self._last = self.store.save_race(self.session_id, log_lines)

    def raced_again(self) -> None:
        if self._last is not None:
            self.store.mark_race_raced_again(self._last)
            self._last = None


class RaceRunner:
    """The race_runner a GameController hands to game views (see ui/controller.py)."""

    def __init__(self, services: Services, session: Session) -> None:
        self.services, self.session = services, session
        self.cue_sound = CueSound.from_settings(services.data_dir, services.settings["display"])

    def _book(self) -> RaceBook:
        return RaceBook(self.services.store, self.session.id)

    def run(self, kind: str, seats: list[int], on_result: Callable[[dict[str, Any]], None]) -> RacePopup:
        popup = RacePopup(self.services.hardware, self.session.players, kind, seats, on_result,
                          book=self._book(), cue_sound=self.cue_sound)
        popup.start()
        return popup

    def follow_claim(self, arm: Arm, on_result: Callable[[dict[str, Any]], None]) -> RacePopup:
        players = self.session.players
        seats = [seat for seat, player in enumerate(players) if player.button in arm.players]
        popup = RacePopup(self.services.hardware, players, "claim", seats, on_result,
                          book=self._book(), cue_sound=self.cue_sound)
        popup.follow(arm)
        return popup


load_kv(__file__)
