"""Player set-up: names (typed on the on-screen keyboard or picked from the family roster), seat order
around the table, a colour with its symbol, the physical button each player uses, who deals first, and
game settings. A seat left unnamed plays as "Player N", so a game can start without typing at all."""

from __future__ import annotations

from dataclasses import dataclass, replace

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView

from companion.errors import CompanionError
from companion.players import IDENTITIES, MAX_BUTTONS, Player
from companion.registry import GameEntry
from ui import theme
from ui.widgets.basics import BigButton, IdentityButton, MessageBar, Text
from ui.widgets.keyboard import TextField


@dataclass
class Seat:
    name: str
    colour: str
    button: int | None


def stand_in_name(index: int) -> str:
    return f"Player {index + 1}"


def first_free(used, choices):
    return next((choice for choice in choices if choice not in used), None)


class SeatRow(BoxLayout):
    def __init__(self, screen: "SetupScreen", index: int, **kwargs):
        super().__init__(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP, **kwargs)
        self.screen, self.index = screen, index
        seat = screen.seats[index]
        up = BigButton(text=str(index + 1) if index == 0 else f"{index + 1} Up", size_hint_x=None, width=dp(64),
                       disabled=index == 0, font_size=theme.FONT_SMALL)
        up.bind(on_release=lambda *_: screen.move_up(index))
        self.add_widget(up)
        self.name_field = TextField(text=seat.name, hint_text=stand_in_name(index),
                                    prompt=f"Player {index + 1}'s name")
        self.name_field.bind(text=lambda _, text: screen.rename(index, text))
        self.add_widget(self.name_field)
        identity = next(i for i in IDENTITIES if i.key == seat.colour)
        colour = IdentityButton(identity, text=identity.label, halign="right", size_hint_x=None, width=dp(170))
        colour.bind(on_release=lambda *_: screen.next_colour(index))
        self.colour_button = colour
        self.add_widget(colour)
        button = BigButton(text=f"Button {seat.button}" if seat.button else "No button", size_hint_x=None,
                           width=dp(120))
        button.bind(on_release=lambda *_: screen.next_button(index))
        self.add_widget(button)
        deals = BigButton(text="Deals" if screen.dealer == index else "Dealer?", size_hint_x=None, width=dp(90),
                          kind="ok" if screen.dealer == index else "quiet")
        deals.bind(on_release=lambda *_: screen.set_dealer(index))
        self.add_widget(deals)
        remove = BigButton(text="X", size_hint_x=None, width=theme.TOUCH, kind="quiet")
        remove.bind(on_release=lambda *_: screen.remove(index))
        self.add_widget(remove)



class SetupScreen(Screen):
    def __init__(self, services, navigator, entry: GameEntry, **kwargs):
        super().__init__(**kwargs)
        self.services, self.navigator, self.entry = services, navigator, entry
        self.game = entry.load()
        self.roster = services.store.roster()
        self.seats: list[Seat] = []
        self.dealer = 0
        self.options = self.game.check_options({})
        for player in self.roster[: entry.min_players]:
            self._add_seat(player.name, player.colour, player.button)
        while len(self.seats) < entry.min_players:
            self._add_seat("", None, None)
        self._build()

    # ----- the seats, as data -------------------------------------------------------------
    def _add_seat(self, name: str, colour: str | None, button: int | None) -> None:
        used_colours = {seat.colour for seat in self.seats}
        used_buttons = {seat.button for seat in self.seats}
        colour = colour if colour and colour not in used_colours else first_free(
            used_colours, [identity.key for identity in IDENTITIES])
        button = button if button and button not in used_buttons else first_free(
            used_buttons, range(1, MAX_BUTTONS + 1))
        self.seats.append(Seat(name, colour, button))

    def add_player(self, name: str = "", colour: str | None = None, button: int | None = None) -> None:
        if len(self.seats) >= self.entry.max_players:
            self.message.show(f"{self.entry.title} is for at most {self.entry.max_players} players.", problem=True)
            return
        self._add_seat(name, colour, button)
        self._refresh()

    def remove(self, index: int) -> None:
        if len(self.seats) <= self.entry.min_players:
            self.message.show(f"{self.entry.title} needs at least {self.entry.min_players} players.", problem=True)
            return
        del self.seats[index]
        self.dealer = min(self.dealer if self.dealer < index else max(self.dealer - 1, 0), len(self.seats) - 1)
        self._refresh()

    def move_up(self, index: int) -> None:
        self.seats[index - 1], self.seats[index] = self.seats[index], self.seats[index - 1]
        if self.dealer in (index, index - 1):
            self.dealer = index - 1 if self.dealer == index else index
        self._refresh()

    def rename(self, index: int, text: str) -> None:
        self.seats[index] = replace(self.seats[index], name=text)
        self._refresh_roster()

    def next_colour(self, index: int) -> None:
        keys = [identity.key for identity in IDENTITIES]
        used = {seat.colour for i, seat in enumerate(self.seats) if i != index}
        start = keys.index(self.seats[index].colour)
        for step in range(1, len(keys) + 1):
            candidate = keys[(start + step) % len(keys)]
            if candidate not in used:
                self.seats[index] = replace(self.seats[index], colour=candidate)
                break
        self._refresh()

    def next_button(self, index: int) -> None:
        choices = [*range(1, MAX_BUTTONS + 1), None]
        used = {seat.button for i, seat in enumerate(self.seats) if i != index and seat.button}
        start = choices.index(self.seats[index].button)
        for step in range(1, len(choices) + 1):
            candidate = choices[(start + step) % len(choices)]
            if candidate is None or candidate not in used:
                self.seats[index] = replace(self.seats[index], button=candidate)
                break
        self._refresh()

    def set_dealer(self, index: int) -> None:
        self.dealer = index
        self._refresh()

    def players(self) -> list[Player]:
        return [Player(seat.name.strip() or stand_in_name(index), seat.colour, seat.button)
                for index, seat in enumerate(self.seats)]

    def start(self) -> None:
        players = self.players()
        for later, player in enumerate(players):
            earlier = next((index for index in range(later)
                            if players[index].name.casefold() == player.name.casefold()), None)
            if earlier is not None:
                # Said by seat, because a stand-in name is nowhere on screen but as a hint.
                self.message.show(f"Seats {earlier + 1} and {later + 1} are both called {player.name}. "
                                  "Give each player their own name.", problem=True)
                return
        known = {player.name.casefold() for player in self.services.store.roster()}
        try:
            session = self.services.store.new_session(self.entry.key, players,
                                                      {**self.options, "dealer": self.dealer})
        except CompanionError as problem:
            self.message.show(str(problem), problem=True)
            return
        for index, seat in enumerate(self.seats):
            # A stand-in is nobody in the family: offering "+ Player 2" next time would only clutter the list.
            if not seat.name.strip() and stand_in_name(index).casefold() not in known:
                self.services.store.forget_player(stand_in_name(index))
        from ui.screens.game import open_game_screen

        open_game_screen(self.services, self.navigator, session)

    # ----- drawing ------------------------------------------------------------------------
    def _build(self) -> None:
        root = BoxLayout(orientation="vertical", padding=theme.PAD, spacing=theme.GAP)
        header = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        back = BigButton(text="Back", size_hint_x=None, width=dp(100))
        back.bind(on_release=lambda *_: self.back())
        header.add_widget(back)
        header.add_widget(Text(text=f"{self.entry.title}: who is playing?", font_size=theme.FONT_TITLE,
                               bold=True, size_hint_y=1, shorten=True))
        root.add_widget(header)
        self.roster_row = BoxLayout(size_hint=(None, None), height=theme.TOUCH, spacing=theme.GAP)
        self.roster_row.bind(minimum_width=self.roster_row.setter("width"))
        roster_scroll = ScrollView(size_hint_y=None, height=theme.TOUCH, do_scroll_y=False, bar_width=dp(4))
        roster_scroll.add_widget(self.roster_row)
        root.add_widget(roster_scroll)
        self.seat_list = BoxLayout(orientation="vertical", size_hint_y=None, spacing=theme.GAP)
        self.seat_list.bind(minimum_height=self.seat_list.setter("height"))
        seats_scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        seats_scroll.add_widget(self.seat_list)
        root.add_widget(seats_scroll)
        self.message = MessageBar()
        root.add_widget(self.message)
        footer = BoxLayout(size_hint_y=None, height=theme.TOUCH_BIG, spacing=theme.GAP)
        self.add_button = BigButton(text="+ Add player", size_hint_x=0.3, height=theme.TOUCH_BIG)
        self.add_button.bind(on_release=lambda *_: self.add_player())
        footer.add_widget(self.add_button)
        self.settings_button = BigButton(text="Settings", size_hint_x=0.25, height=theme.TOUCH_BIG)
        self.settings_button.bind(on_release=lambda *_: self.open_settings())
        footer.add_widget(self.settings_button)
        self.start_button = BigButton(text="Start game", kind="primary", size_hint_x=0.45,
                                       height=theme.TOUCH_BIG)
        self.start_button.bind(on_release=lambda *_: self.start())
        footer.add_widget(self.start_button)
        root.add_widget(footer)
        self.add_widget(root)
        self._refresh()

    def _refresh(self) -> None:
        self.seat_list.clear_widgets()
        self.seat_rows = [SeatRow(self, index) for index in range(len(self.seats))]
        for row in self.seat_rows:
            self.seat_list.add_widget(row)
        self.add_button.disabled = len(self.seats) >= self.entry.max_players
        self._refresh_roster()

    def _refresh_roster(self) -> None:
        self.roster_row.clear_widgets()
        seated = {seat.name.strip().casefold() for seat in self.seats}
        waiting = [player for player in self.roster if player.name.casefold() not in seated]
        if not waiting:
            self.roster_row.add_widget(Text(text="Names you type are remembered for next time.",
                                            color=theme.TEXT_DIM, size_hint=(None, 1), width=dp(460)))
        for player in waiting:
            chip = BigButton(text=f"+ {player.name}", size_hint_x=None, kind="quiet",
                             width=max(dp(110), dp(14) * len(player.name) + dp(50)))
            chip.bind(on_release=lambda _, p=player: self.seat_from_roster(p))
            self.roster_row.add_widget(chip)

    def seat_from_roster(self, player: Player) -> None:
        empty = next((index for index, seat in enumerate(self.seats) if not seat.name.strip()), None)
        if empty is None:
            self.add_player(player.name, player.colour, player.button)
            return
        self.seats[empty] = replace(self.seats[empty], name=player.name)
        self._refresh()

    def open_settings(self) -> None:
        from ui.screens.options import OptionsPopup

        OptionsPopup(self.game, self.options, on_done=self._options_chosen).open()

    def _options_chosen(self, options: dict) -> None:
        self.options = options

    def back(self) -> None:
        from ui.screens.home import HomeScreen

        self.navigator.show(HomeScreen(self.services, self.navigator))
