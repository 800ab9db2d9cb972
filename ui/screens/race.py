"""A buzzer race on screen: wait for GO, the cue, then the photo finish with everyone's margin.

The arbiter decides on its own thread and lights the winner's LED itself; this popup only follows,
through Clock.schedule_once, so a slow frame can never change a result."""

from __future__ import annotations

import json
from typing import Callable

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Rectangle
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.errors import CompanionError
from ui import theme
from ui.race_text import ORDINALS, ResultRow, decision_in_seats, headline, result_rows
from ui.sound import CueSound
from ui.widgets.basics import BigButton, IdentityButton, Panel, Text, fitted
from ui.widgets.symbols import SymbolShape

TITLES = {"bones": "Race for the bones!", "claim": "Match! / Run! claim"}


class RacePopup(ModalView):
    def __init__(self, hardware, players, kind: str, seats: list[int], on_result: Callable[[dict], None],
                 book: RaceBook | None = None, cue_sound=None, **kwargs):
        super().__init__(size_hint=(0.96, 0.96), auto_dismiss=False, **kwargs)
        self.hardware, self.players, self.kind, self.on_result = hardware, players, kind, on_result
        self.book = book
        self.cue_sound = cue_sound
        self.seats = list(seats)
        self.decision = None
        self.big: Text | None = None  # the wait's big words, which GO replaces
        # Arbiter ids are button numbers when there are real (or mock) buttons, else seat + 1.
        self.uses_screen = hardware.buttons is None
        self.id_of = {seat: (seat + 1 if self.uses_screen else players[seat].button) for seat in self.seats}
        self.seat_of = {player_id: seat for seat, player_id in self.id_of.items()}
        self.panel = Panel(orientation="vertical")
        self.add_widget(self.panel)

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
            arm = self.hardware.start_race(self.kind, [self.id_of[s] for s in self.seats])
        except CompanionError as problem:
            self._show_problem(str(problem))
            return
        self._show_wait(arm)
        if not self.is_open:
            self.open()

    def follow(self, arm) -> None:
        """Show a claim race that a button press already started (no cue: the press was the start)."""
        self.hardware.on_decision = lambda decision: Clock.schedule_once(
            lambda _: self._show_decision(decision), 0)
        self._header(self._timestamps_note())
        self.big = Text(text="Claim!\ndeciding...", font_size=theme.FONT_HUGE * 0.8, bold=True, halign="center",
                        size_hint_y=1)
        self.panel.add_widget(self.big)
        self._footer(self._button("Cancel", self._cancel))
        if self.hardware.decision is not None and self.hardware.decision.final:
            self._show_decision(self.hardware.decision)  # decided before this frame came round
        self.open()

    @property
    def is_open(self) -> bool:
        return self.parent is not None

    def _cancel(self) -> None:
        self.hardware.cancel()
        self.dismiss()

    def _log_lines(self) -> list[dict]:
        return [json.loads(line) for line in self.hardware.race_log().splitlines() if line.strip()]

    def race_again(self, seats: list[int]) -> None:
        """The table does not trust the result (they saw it level, or it is a tie): the decided race goes
        into no game, stays in the race log marked as run again, and the same seats race again."""
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
        result = decision_in_seats(self.decision, self.seat_of, self._log_lines())
        # The game hears the result before the popup closes, so whatever closing triggers (such as
        # reopening claims) already sees the game's next step.
        self.on_result(result)
        self.dismiss()

    # ----- drawing ------------------------------------------------------------------------
    def _header(self, subtitle: str) -> None:
        self.panel.clear_widgets()
        self.panel.add_widget(Text(text=TITLES[self.kind], font_size=theme.FONT_TITLE, bold=True))
        # How the race is timed: a footnote for whoever wonders, read up close.
        self.panel.add_widget(Text(text=subtitle, color=theme.TEXT_DIM, font_size=theme.FONT_SMALL, fine_print=True))

    def _footer(self, *buttons: BigButton) -> None:
        # The expected step is the big one; a way out stays narrow and apart, so it is never hit instead.
        primary = any(button.kind == "primary" for button in buttons)
        height = theme.TOUCH_PRIMARY if primary else theme.TOUCH
        row = BoxLayout(size_hint_y=None, height=height, spacing=theme.GAP * 4)
        for button in buttons:
            button.height = height
            if primary and button.kind != "primary":
                button.size_hint_x = 0.35
            row.add_widget(button)
        self.panel.add_widget(row)

    def _button(self, text: str, action, kind: str = "normal") -> BigButton:
        # Every button here ends what the popup shows, so a double tap does its job once.
        button = BigButton(text=text, kind=kind, once=True)
        button.bind(on_release=lambda *_: action())
        return button

    def _timestamps_note(self) -> str:
        if self.uses_screen:
            return "On-screen buttons: tap your own button when GO shows."
        if self.hardware.warning:
            return self.hardware.warning
        return "Decided by the time each button edge happened, to a fraction of a millisecond."

    def _show_problem(self, text: str) -> None:
        self._header("")
        self.panel.add_widget(Text(text=text, color=theme.DANGER, font_size=theme.FONT_TABLE, size_hint_y=1))
        self._footer(self._button("Close", self.dismiss))
        if not self.is_open:
            self.open()

    def _show_wait(self, arm) -> None:
        self._header(self._timestamps_note())
        self.big = Text(text="Hands ready...\nwait for GO!", font_size=theme.FONT_HUGE * 0.8, bold=True,
                        halign="center", size_hint_y=1)
        self.panel.add_widget(self.big)
        if arm.held:
            names = ", ".join(self.name(p) for p in sorted(arm.held))
            self.panel.add_widget(Text(text=f"Already held down, can't win: {names}. Let go, or check the "
                                            "wiring if nobody is pressing.", color=theme.DANGER,
                                       font_size=theme.FONT_TABLE))
        if self.uses_screen:
            self.panel.add_widget(self._screen_buttons())
        self._footer(self._button("Cancel race", self._cancel))

    def _screen_buttons(self) -> GridLayout:
        grid = GridLayout(cols=min(len(self.seats), 3), size_hint_y=None, spacing=theme.GAP,
                          height=theme.TOUCH_BIG * ((len(self.seats) + 2) // 3))
        for seat in self.seats:
            player = self.players[seat]
            button = IdentityButton(player.identity, text=player.name, height=theme.TOUCH_BIG)
            button.bind(on_press=lambda _, s=seat: self.hardware.screen_press(self.id_of[s], True))
            grid.add_widget(button)
        return grid

    def _show_go(self) -> None:
        if self.cue_sound is not None:
            self.cue_sound.play()
        if self.decision is None and self.big is not None:
            self.big.text = "GO!"
            self.big.color = theme.OK
            self.big.font_size = theme.FONT_HUGE * 1.6

    def _show_decision(self, decision) -> None:
        self.decision = decision
        if decision.final and self.book is not None:
            # Logged as soon as it is decided, accepted or not, so a disputed race can be replayed.
            self.book.decided(self._log_lines())
        self._header(self._timestamps_note())
        self.panel.add_widget(Text(text=headline(decision, self.name), font_size=theme.FONT_TITLE, bold=True,
                                   color=theme.ACCENT))
        rows = result_rows(decision, self.name)
        slowest = max((row.margin_ms for row in rows if row.margin_ms), default=0.0)
        # Five or six rows are packed tighter, so the title, the photo finish and the buttons all fit.
        crowded = len(rows) > 4
        table = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(2) if crowded else dp(4))
        table.bind(minimum_height=table.setter("height"))
        # Every row's name and margin columns as wide as the widest, so the bars start and end together.
        names = max(text_width(self.name(row.player), theme.FONT_TABLE) for row in rows)
        details = max((text_width(row.detail, theme.FONT_TABLE) for row in rows if row.margin_ms is not None),
                      default=0)
        for row in rows:
            table.add_widget(PhotoFinishRow(row, self.players[self.seat_of[row.player]], slowest,
                                            row_height=dp(36) if crowded else dp(44),
                                            name_width=names + dp(4), detail_width=details + dp(4)))
        self.panel.add_widget(table)
        self.panel.add_widget(BoxLayout())  # pushes the buttons to the bottom
        if decision.rerace:
            rerace_seats = [self.seat_of[p] for p in decision.rerace]
            self._footer(self._button("Race again", lambda: self.race_again(rerace_seats), "primary"),
                         self._button("Cancel", self._cancel))
        elif decision.final:
            # A race the family saw as level is run again in one tap, by the same seats.
            seats = list(self.seats)
            self._footer(self._button("Cancel", self._cancel),
                         self._button("Race again", lambda: self.race_again(seats)),
                         self._button("Accept result", self._accept, "primary"))
        else:
            self._footer(self._button("Cancel", self._cancel),
                         self._button("Accept result", self._accept, "primary"))


def text_width(text: str, font_size: float, bold: bool = True) -> float:
    label = CoreLabel(text=text, font_size=font_size, bold=bold)
    label.refresh()
    return label.texture.size[0] if label.texture else 0


class PhotoFinishRow(BoxLayout):
    """One player's line in the photo finish, read from the seats: place, their shape and name, a bar
    as long as their margin behind the first press (the gap is seen before it is read) and the margin.
    Why someone has no time is a sentence of detail in smaller type where the bar would be."""

    def __init__(self, row: ResultRow, player, slowest_ms: float, row_height: float = dp(44),
                 name_width: float = dp(180), detail_width: float = dp(240), **kwargs):
        super().__init__(size_hint_y=None, height=row_height, spacing=theme.GAP, **kwargs)
        self.add_widget(fitted(row.place, theme.FONT_TABLE, bold=True, halign="left",
                               size_hint_x=None,
                               width=max(text_width(place, theme.FONT_TABLE) for place in ORDINALS) + dp(4)))
        # A fixed size from the start: SymbolShape draws around `center`, which lags a size change
        # while it is dispatched, so a shape resized by the row's layout was drawn a row too high.
        self.add_widget(SymbolShape(shape=player.identity.symbol, rgba=theme.with_alpha(player.identity.rgb),
                                    size_hint=(None, None), size=(dp(28), dp(28)), pos_hint={"center_y": 0.5}))
        self.add_widget(fitted(player.name, theme.FONT_TABLE, bold=True, halign="left", size_hint_x=None,
                               width=name_width))
        self.bar = Widget(size_hint_x=1 if row.margin_ms is not None else None, width=0)
        self.add_widget(self.bar)
        if row.margin_ms is None:
            detail = fitted(row.detail, theme.FONT_BODY, halign="left", size_hint_x=1)
            detail.fine_print = True
        else:
            detail = fitted(row.detail, theme.FONT_TABLE, halign="left", size_hint_x=None, width=detail_width)
        self.add_widget(detail)
        share = 0.0 if row.margin_ms is None or slowest_ms <= 0 else row.margin_ms / slowest_ms
        self._share, self._rgb, self._timed = share, player.identity.rgb, row.margin_ms is not None
        self.bar.bind(pos=self._draw_bar, size=self._draw_bar)

    def _draw_bar(self, *_):
        bar = self.bar
        bar.canvas.clear()
        if not self._timed:
            return
        with bar.canvas:
            Color(*theme.SURFACE_HIGH)
            Rectangle(pos=(bar.x, bar.center_y - dp(3)), size=(bar.width, dp(6)))
            Color(*theme.with_alpha(self._rgb))
            # The first presser sits at the start line; everyone else is drawn behind by their margin.
            x = bar.x + dp(9) + (bar.width - dp(18)) * self._share
            Ellipse(pos=(x - dp(9), bar.center_y - dp(9)), size=(dp(18), dp(18)))


class RaceBook:
    """Where a game's races are kept: each one saved the moment it is decided, accepted or not, so a
    disputed race can be replayed; one the table ran again is marked so in its log."""

    def __init__(self, store, session_id: int | None):
        self.store, self.session_id = store, session_id
        self._last: int | None = None

    def decided(self, log_lines: list[dict]) -> None:
        self._last = self.store.save_race(self.session_id, log_lines)

    def raced_again(self) -> None:
        if self._last is not None:
            self.store.mark_race_raced_again(self._last)
            self._last = None


class RaceRunner:
    """The race_runner a GameController hands to game views (see ui/controller.py)."""

    def __init__(self, services, session):
        self.services, self.session = services, session
        self.cue_sound = CueSound.from_settings(services.data_dir, services.settings["display"])

    def _book(self) -> RaceBook:
        return RaceBook(self.services.store, self.session.id)

    def run(self, kind: str, seats: list[int], on_result: Callable[[dict], None]) -> RacePopup:
        popup = RacePopup(self.services.hardware, self.session.players, kind, seats, on_result,
                          book=self._book(), cue_sound=self.cue_sound)
        popup.start()
        return popup

    def follow_claim(self, arm, on_result: Callable[[dict], None]) -> RacePopup:
        players = self.session.players
        seats = [seat for seat, player in enumerate(players) if player.button in arm.players]
        popup = RacePopup(self.services.hardware, players, "claim", seats, on_result,
                          book=self._book(), cue_sound=self.cue_sound)
        popup.follow(arm)
        return popup
