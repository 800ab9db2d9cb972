"""The names at the table during a game: each seat's shape and name, and a tap on it types a new name
for that seat in this game (a typo, or "Player 3" who is really Grandpa). A name already in the records
is that player: this game joins their records. Undo stays in the bar until the popup is closed."""

from __future__ import annotations

from typing import Callable

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView

from companion import corrections
from companion.errors import CompanionError
from companion.names import Change
from ui import theme
from ui.widgets.basics import IdentityButton, Panel, Text, popup_header
from ui.widgets.keyboard import TypingPopup
from ui.widgets.offer_bar import OfferBar


class SeatNamesPopup(ModalView):
    """`on_renamed()` is called after every change of a name (and its Undo), for the game screen to
    show the game with the names it now has."""

    def __init__(self, store, session_id: int, on_renamed: Callable[[], None], **kwargs):
        super().__init__(size_hint=(0.94, 0.94), auto_dismiss=False, **kwargs)
        self.store, self.session_id, self.on_renamed = store, session_id, on_renamed
        panel = Panel(orientation="vertical")
        panel.add_widget(popup_header("Names at this table", self.dismiss))
        panel.add_widget(Text(text="Tap a name to change it in this game. A name already in the records is that "
                                   "player: the game counts in their records.",
                              font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, fine_print=True))
        self.seats = GridLayout(cols=1, spacing=theme.GAP, size_hint_y=None)
        self.seats.bind(minimum_height=self.seats.setter("height"))
        panel.add_widget(self.seats)
        panel.add_widget(BoxLayout())
        self.message = OfferBar()
        panel.add_widget(self.message)
        self.add_widget(panel)
        self.buttons: list[IdentityButton] = []
        self.show_seats()

    def show_seats(self) -> None:
        players = self.store.session_record(self.session_id).players
        if len(self.buttons) != len(players):
            self.seats.clear_widgets()
            # Five or six seats in two columns, so every name and the bar fit on the 7" display.
            self.seats.cols = 1 if len(players) <= 4 else 2
            self.buttons = []
            for seat, player in enumerate(players):
                button = IdentityButton(player.identity, size_hint_y=None, height=theme.TOUCH,
                                        padding=[dp(48), 0], shorten=True)
                button.bind(on_release=lambda _, seat=seat: self.ask_name(seat))
                self.seats.add_widget(button)
                self.buttons.append(button)
        for button, player in zip(self.buttons, players):
            button.text = player.name

    def ask_name(self, seat: int) -> TypingPopup:
        players = self.store.session_record(self.session_id).players
        here = {player.name.casefold() for player in players}
        offered = [player.name for player in self.store.roster() if player.name.casefold() not in here]
        name = players[seat].name
        popup = TypingPopup(f"Seat {seat + 1}: a new name for {name}", on_done=lambda typed: self.rename(seat, typed),
                            text=name, hint="the name in this game", suggestions=offered)
        popup.open()
        return popup

    def rename(self, seat: int, new_name: str) -> None:
        try:
            change = corrections.rename_seat(self.store, self.session_id, seat, new_name)
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return
        self._follow()
        self.message.offer_undo(corrections.said(change), lambda: self.undo(change))

    def undo(self, change: Change) -> None:
        try:
            corrections.undo(self.store, change)
        except CompanionError as problem:
            self.message.show(str(problem), problem=True, seconds=None)
            return
        self._follow()
        self.message.show(corrections.undone(change), seconds=None)

    def _follow(self) -> None:
        self.show_seats()
        self.on_renamed()
