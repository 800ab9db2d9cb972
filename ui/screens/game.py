"""The game screen: the game's own table view in the middle, and around it what every game shares:
whose turn, one-tap Undo and Redo (always visible), the rules, the history, tonight's standings, and
the message bar (where a newly started game says so when another game is still unfinished)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from companion.errors import CompanionError
from companion.evenings import EVENING_GAP_S, Evening
from companion.races.model import Edge
from companion.session import Session
from companion.store import SessionRecord
from ui import theme
from ui.button_turns import ButtonAnswer, PressTimer, TakesClaims, TakesTurnButtons
from ui.controller import GameController, Notice
from ui.games import view_class
from ui.games.view import TableView
from ui.kept import KeptGame
from ui.places import Place
from ui.screens.fixing import FixPopup
from ui.screens.history import HistoryPopup
from ui.screens.rules import RulesPopup
from ui.screens.seat_names import SeatNamesPopup
from ui.screens.unfinished import UnfinishedNotice
from ui.services import Services
from ui.widgets.basics import BigButton, MessageBar, Text, button_width
from ui.widgets.text import text_width

if TYPE_CHECKING:
    from ui.navigation import Navigator
    from ui.screens.tonight import TonightPopup


def game_screen(services: Services, navigator: Navigator, session: Session) -> GameScreen:
    runner = None
    if services.hardware is not None:
        from ui.screens.race import RaceRunner

        runner = RaceRunner(services, session)
    return GameScreen(services, navigator, GameController(session, race_runner=runner, store=services.store))


def open_game_screen(services: Services, navigator: Navigator, session: Session) -> GameScreen:
    screen = game_screen(services, navigator, session)
    navigator.show(screen)
    return screen


TABLE_ROWS_GAP = dp(6)


def bar_width(text: str, least: float) -> float:
    """A button of the bar over the table: as wide as its words in the smallest type, where that is
    more than its usual width (Larger text); the bar's eight buttons share the 7" display."""
    return button_width(text, least, theme.FONT_SMALL)


def evening_word(evening: Evening | None) -> str:
    """What the game's button to its evening says: 'Tonight', or 'Evening' for an earlier one."""
    from ui.screens.evening import evening_title

    return "Tonight" if evening is None or evening_title(evening) == "Tonight" else "Evening"


class GameScreen(KeptGame):
    def __init__(self, services: Services, navigator: Navigator, controller: GameController, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.services, self.navigator, self.controller = services, navigator, controller
        # The table takes every row it can on the 7" panel: above and below it the gaps are narrower
        # than the screen's sides.
        root = BoxLayout(orientation="vertical", padding=[theme.GAP, TABLE_ROWS_GAP], spacing=TABLE_ROWS_GAP)
        bar = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        # Buttons that open or leave something are `once`: a double tap does not do it twice.
        home = BigButton(text="Home", size_hint_x=None, width=bar_width("Home", dp(88)), once=True)
        home.bind(on_release=lambda *_: self.go_home())
        bar.add_widget(home)
        self.title_label = Text(text=controller.session.game.title, font_size=theme.FONT_TABLE, bold=True,
                                size_hint_y=1, shorten=True)
        bar.add_widget(self.title_label)
        rules = BigButton(text="Rules", size_hint_x=None, width=bar_width("Rules", dp(80)), once=True)
        rules.bind(on_release=lambda *_: self.open_rules())
        bar.add_widget(rules)
        history = BigButton(text="History", size_hint_x=None, width=bar_width("History", dp(90)), once=True)
        history.bind(on_release=lambda *_: self.open_history())
        bar.add_widget(history)
        self.tonight_button = tonight = BigButton(text=self._evening_word(), size_hint_x=None,
                                                  width=bar_width("Evening", dp(90)), once=True)
        tonight.bind(on_release=lambda *_: self.open_tonight())
        bar.add_widget(tonight)
        self.undo_button = BigButton(text="Undo", size_hint_x=None, width=bar_width("Undo", dp(88)))
        self.undo_button.bind(on_release=lambda *_: self.undo())
        bar.add_widget(self.undo_button)
        self.redo_button = BigButton(text="Redo", size_hint_x=None, width=bar_width("Redo", dp(88)))
        self.redo_button.bind(on_release=lambda *_: controller.redo())
        bar.add_widget(self.redo_button)
        root.add_widget(bar)
        self.bar, self.rules_button = bar, rules
        # Once the game is over, Rules and Redo (nothing to redo) give their room to what families do
        # next: the same game again, one tap, or another game from Home.
        self.again_button = BigButton(text="Play again", kind="ok", size_hint_x=None,
                                      width=bar_width("Play again", dp(134)), once=True)
        self.again_button.bind(on_release=lambda *_: self.play_again())
        self.another_button = BigButton(text="Another game", size_hint_x=None,
                                        width=bar_width("Another game", dp(156)), once=True)
        self.another_button.bind(on_release=lambda *_: self.go_home())
        self._showing_end = False
        self.title_label.bind(width=self._fit_title, texture_size=self._fit_title)
        self.view: TableView = view_class(controller.session.game.key)(controller)
        root.add_widget(self.view)
        # The bar keeps its room while empty, so the table never shrinks under a message and grows back.
        self.message = MessageBar(reserve=theme.MESSAGE_HEIGHT)
        root.add_widget(self.message)
        self.add_widget(root)
        self.frame = root
        self.unfinished_notice = self._say_unfinished_elsewhere()
        # The table listens to its game and to the big buttons only while it is shown (see _listen).
        self._listening = self._turn_buttons = self._claims = False
        # A refusal taken off the bar by a later tap on the pads: the move those taps make says what happened.
        self._refusal_displaced = False
        self._changed(None)
        self._history: HistoryPopup | None = None
        # The saved games' revision when this screen last showed them as they are (see KeptGame).
        self._saved_at: tuple[int, int] | None = None

    def on_pre_enter(self, *args: Any) -> None:
        self._listen()

    def on_pre_leave(self, *args: Any) -> None:
        self.now_as_saved()

    def now_as_saved(self) -> None:
        self._saved_at = self.services.store.revision

    def shows_as_saved(self, session_id: int) -> bool:
        """Nothing saved has changed since the family left this game (not a move, a rename, a game set
        aside, an import), so it shows exactly what reading the game back would."""
        return (self.controller.session.id == session_id and self._saved_at is not None
                and self._saved_at == self.services.store.revision)

    def _listen(self) -> None:
        """Shown (again): the table follows its game, and the big buttons reach it."""
        if self._listening:
            return
        self._listening = True
        self.controller.subscribe(self._changed)
        self._turn_buttons = self._listen_to_turn_buttons()
        self._claims = self._listen_for_claims()
        self._sync_claims()
        if self._saved_at is not None:
            # Back as it was left, less the message about what happened then, as a table read back shows it.
            self.message.clear()

    def open_history(self) -> HistoryPopup:
        session = self.controller.session
        races = self.services.store.races(session.id) if session.id is not None else []
        if self._history is None:
            self._history = HistoryPopup(self.controller, races, on_fix=self.open_fix,
                                         on_names=self.open_names if session.id is not None else None)
        else:
            self._history.show(races)
        self._history.open()
        return self._history

    def open_names(self) -> SeatNamesPopup:
        session_id = self.controller.session.id
        assert session_id is not None, "History offers names only for a saved game"
        popup = SeatNamesPopup(self.services.store, session_id, on_renamed=lambda: None)
        popup.on_renamed = lambda: self.reopen(popup)
        popup.open()
        return popup

    def reopen(self, names_popup: SeatNamesPopup | None = None) -> GameScreen:
        """The game read back after a seat was renamed: the names are part of the game's own state, so
        it is shown afresh, exactly where it was, with the names it now has (the names popup, still
        open over it, then follows the new screen)."""
        self._stop_listening()
        session_id = self.controller.session.id
        assert session_id is not None, "only a saved game is renamed"
        screen = self.navigator.go(Place.GAME, self.services, self.services.store.resume(session_id))
        assert isinstance(screen, GameScreen)
        if names_popup is not None:
            names_popup.on_renamed = lambda: screen.reopen(names_popup)
        return screen

    def open_fix(self, move: int) -> FixPopup:
        popup = FixPopup(self.controller, move)
        popup.open()
        return popup

    def _evening_word(self) -> str:
        """'Tonight', or 'Evening' for a game of an earlier evening brought back (its popup names the
        day). A game played within the evening's gap is tonight's, read no further."""
        from ui.screens.tonight import evening_of

        store, session_id = self.services.store, self.controller.session.id
        try:
            if session_id is None or time.time() - store.session_record(session_id).updated_at <= EVENING_GAP_S:
                return "Tonight"
            return evening_word(evening_of(store, session_id))
        except CompanionError:
            return "Evening"

    def open_tonight(self) -> TonightPopup | None:
        """The standings of the evening this game is part of, over the table; Close puts the table back
        as it was, and a tap on a player opens their records (whose Back comes back here)."""
        from ui.screens.tonight import TonightPopup, evening_of

        try:
            session = self.controller.session
            evening = evening_of(self.services.store, session.id, session.outcome)
        except CompanionError as problem:
            self._drop_unfinished_notice()
            self.message.show(f"The evening's standings can't be read ({problem}).", problem=True)
            return None
        self.tonight_button.text = evening_word(evening)
        popup = TonightPopup(evening, on_player=self.open_records)
        popup.open()
        return popup

    def open_records(self, name: str) -> None:
        """`name`'s records, from the evening's standings; their Back brings the table back."""
        self._stop_listening()
        self.navigator.go(Place.PROFILE, self.services, name, self.controller.session)

    def _say_unfinished_elsewhere(self) -> UnfinishedNotice | None:
        """A game just started while another is unfinished: said in the message bar's place, with
        Resume, until OK, the first move, or any message."""
        session = self.controller.session
        if session.actions:
            return None
        try:
            others = [record for record in self.services.store.sessions(unfinished=True) if record.id != session.id]
        except CompanionError:
            return None  # the new game must not be held up by what cannot be read of the others
        if not others:
            return None
        notice = UnfinishedNotice(others, on_resume=self.resume_other, on_dismiss=self._drop_unfinished_notice)
        index = self.frame.children.index(self.message)
        self.frame.remove_widget(self.message)
        self.frame.add_widget(notice, index=index)
        return notice

    def _drop_unfinished_notice(self) -> None:
        notice, self.unfinished_notice = self.unfinished_notice, None
        if notice is None:
            return
        index = self.frame.children.index(notice)
        self.frame.remove_widget(notice)
        self.frame.add_widget(self.message, index=index)

    def resume_other(self, record: SessionRecord) -> None:
        """Back to the unfinished game. The one just started, still without a move, is set aside so it
        is not offered on Home; it stays in Saved games."""
        store, session = self.services.store, self.controller.session
        try:
            if not session.actions and session.id is not None:
                store.set_aside(session.id)
            resumed = store.resume(record.id)
        except CompanionError as problem:
            self._drop_unfinished_notice()
            self.message.show(f"That game can't be brought back ({problem}); it stays in Saved games.",
                              problem=True, seconds=None)
            return
        self._stop_listening()
        self.navigator.go(Place.GAME, self.services, resumed)

    def open_rules(self) -> RulesPopup:
        game = self.controller.session.game
        # Once play is under way the question at the table is usually what a card does.
        popup = RulesPopup(game.key, game.title, start="cards" if self.controller.session.actions else "goal")
        popup.open()
        return popup

    def _listen_for_claims(self) -> bool:
        """Games with out-of-turn claims (a view declared `TakesClaims`) let players slam their button
        at any moment; the controller starts the race from the press."""
        hardware = self.services.hardware
        if (hardware is None or hardware.buttons is None or self.controller.race_runner is None
                or not isinstance(self.view, TakesClaims)):
            return False
        hardware.on_claim = lambda arm: Clock.schedule_once(lambda _: self._claim_started(arm), 0)
        return True

    def _sync_claims(self, *_: Any) -> None:
        if not self._claims or not isinstance(self.view, TakesClaims):
            return
        players = self.controller.players
        self.services.hardware.open_claims = frozenset(
            players[seat].button for seat in self.view.claim_seats_open() if players[seat].button)

    def _claim_started(self, arm: Any) -> None:
        if self.controller.race_runner is None or not isinstance(self.view, TakesClaims):
            return
        popup = self.controller.race_runner.follow_claim(arm, self.view.on_claim_won)
        popup.bind(on_dismiss=self._sync_claims)

    def _listen_to_turn_buttons(self) -> bool:
        """Games that take moves from the players' own buttons (a view declared `TakesTurnButtons`) get
        them between races; the view writes the mapping on screen so nobody has to remember it."""
        hardware = self.services.hardware
        settings = self.services.settings["turn_buttons"]
        if (hardware is None or hardware.buttons is None or not settings["enabled"]
                or not isinstance(self.view, TakesTurnButtons)):
            return False
        timer = PressTimer(settings["long_press_ms"])
        seat_of = {player.button: seat for seat, player in enumerate(self.controller.players) if player.button}

        view = self.view

        def deliver(press: Any) -> None:
            if press.button in seat_of and self._turn_buttons:
                seat = seat_of[press.button]
                self._answered(seat, press.button, view.on_big_button(seat, press.long))

        def on_edge(edge: Edge) -> None:
            press = timer.edge(edge.player, edge.pressed, edge.t_ns)
            if press is not None:
                Clock.schedule_once(lambda _: deliver(press), 0)

        hardware.on_idle_edge = on_edge
        view.show_big_button_help()
        return True

    NOT_TAKEN_S = 4

    def _answered(self, seat: int, button: int, answer: ButtonAnswer) -> None:
        """A press the view did not take gets a short sign, on screen and on that button's light,
        instead of nothing: the player learns it was seen, and why nothing happened."""
        if answer.taken:
            return
        players = self.controller.players
        if answer.turn_of is not None and answer.turn_of != seat:
            words = f"Not your turn, {players[seat].name}: it is {players[answer.turn_of].name}'s."
        elif answer.reason:
            words = f"{players[seat].name}: {answer.reason}"
        else:
            return
        self._drop_unfinished_notice()
        self.message.show(words, problem=True, seconds=self.NOT_TAKEN_S)
        self.services.hardware.refuse_press(button)

    def _fit_title(self, *_: Any) -> None:
        """A narrow screen may leave no room for the game's title (with the end's buttons in the bar,
        say); it steps aside rather than being cut."""
        label = self.title_label
        wide = text_width(label.text, label.font_size, label.bold)
        left, _, right, _ = label.padding
        label.opacity = 0 if wide > label.width - left - right else 1

    def _show_end(self, over: bool) -> None:
        if over == self._showing_end:
            return
        self._showing_end = over
        bar = self.bar
        if over:
            for button in (self.rules_button, self.redo_button):
                bar.remove_widget(button)
            bar.add_widget(self.another_button)
            bar.add_widget(self.again_button)
        else:
            for button in (self.another_button, self.again_button):
                bar.remove_widget(button)
            # Back in their places: Rules after the title, Redo at the end.
            bar.add_widget(self.rules_button, index=len(bar.children) - 2)
            bar.add_widget(self.redo_button)
        self._fit_title()

    def play_again(self) -> GameScreen | None:
        """The same game with the same players in the same seats and the same settings, the first seat
        as the game's rules pass it on: a new saved game, shown at once."""
        finished = self.controller.session
        options = {**finished.options, "dealer": finished.game.first_seat_next_game(
            finished.state, finished.options, len(finished.players))}
        try:
            session = self.services.store.new_session(finished.game.key, finished.players, options)
        except CompanionError as problem:
            self.message.show(f"A new game could not be started: {problem}", problem=True, seconds=None)
            return None
        self._stop_listening()
        screen = self.navigator.go(Place.GAME, self.services, session)
        assert isinstance(screen, GameScreen)
        return screen

    def _changed(self, notice: Notice | None) -> None:
        session = self.controller.session
        if notice is not None and not notice.text:
            # A step on the pads: a refusal still shown answered an earlier tap.
            if self.message.problem:
                self.message.clear()
                self._refusal_displaced = True
            return
        if self.unfinished_notice is not None and (notice is not None or session.actions):
            self._drop_unfinished_notice()
        self._show_end(session.is_over)
        self.undo_button.disabled = not session.can_undo
        self.redo_button.disabled = not session.can_redo
        stale = self.message.problem or self._refusal_displaced
        self._refusal_displaced = False
        if notice is not None:
            self.message.show(notice.text, problem=notice.problem)
        elif stale and session.last_line:
            # A refusal, then a move that was taken: what happened replaces the refusal, not silence.
            self.message.show(session.last_line)
        elif not session.is_over:
            self.message.clear()
        self.view.refresh()
        self._sync_claims()

    def undo(self) -> None:
        """What was told last: a step on the pads not yet a move (a stroke painted), else the last move."""
        taken_back = self.view.take_back()
        if taken_back is None:
            self.controller.undo()
        else:
            self.message.show(taken_back)

    def _stop_listening(self) -> None:
        self._listening = False
        self.controller.unsubscribe(self._changed)
        if self._turn_buttons:
            self.services.hardware.on_idle_edge = None
            self._turn_buttons = False
        if self._claims:
            self.services.hardware.open_claims = frozenset()
            self.services.hardware.on_claim = None
            self._claims = False

    def go_home(self) -> None:
        self._stop_listening()
        self.navigator.go(Place.HOME, self.services)

    def on_leave(self, *args: Any) -> None:
        self._stop_listening()
