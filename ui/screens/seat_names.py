"""The names at the table during a game: each seat's shape and name, and a tap on it types a new name
for that seat in this game (a typo, or "Player 3" who is really Grandpa). A name already in the records
is that player: this game joins their records. Undo stays in the bar until the popup is closed.

A button for every seat is made with the popup; a rename changes the words on it."""

from __future__ import annotations

from typing import Any, Callable

from kivy.metrics import dp
from kivy.uix.modalview import ModalView

from companion import corrections
from companion.errors import CompanionError
from companion.names import Change
from companion.store import Store
from ui import theme
from ui.widgets.basics import (
    Panel,  # noqa: F401  (named in seat_names.kv)
    PopupHeader,
    Text,  # noqa: F401  (named in seat_names.kv)
)
from ui.widgets.choice import Choice, player_choice
from ui.widgets.hiding import covers_the_screen
from ui.widgets.keyboard import TypingPopup
from ui.widgets.kv import load_kv
from ui.widgets.offer_bar import OfferBar


class SeatNamesPopup(ModalView):
    """`on_renamed()` is called after every change of a name (and its Undo), for the game screen to
    show the game with the names it now has."""

    def __init__(self, store: Store, session_id: int, on_renamed: Callable[[], object], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        covers_the_screen(self)
        self.store, self.session_id, self.on_renamed = store, session_id, on_renamed
        self.ids["panel"].add_widget(PopupHeader(title="Names at this table", on_close=self.dismiss), index=4)
        players = store.session_record(session_id).players
        seats = self.ids["seats"]
        # Five or six seats in two columns, so every name and the bar fit on the 7" display.
        seats.cols = 1 if len(players) <= 4 else 2
        self.buttons: list[Choice] = []
        for seat, player in enumerate(players):
            button = player_choice(player.name, player.identity, height=theme.TOUCH, padding=[dp(12), dp(2)])
            button.bind(on_release=lambda _button, chosen=seat: self.ask_name(chosen))
            seats.add_widget(button)
            self.buttons.append(button)

    @property
    def message(self) -> OfferBar:
        return self.ids["message"]

    def show_seats(self) -> None:
        for button, player in zip(self.buttons, self.store.session_record(self.session_id).players):
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


load_kv(__file__)
