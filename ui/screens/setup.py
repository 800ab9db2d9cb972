"""Player set-up: names (typed on the on-screen keyboard or picked from the family roster), seat order
around the table, a colour with its symbol, the physical button each player uses, who deals first, and
game settings. A seat left unnamed plays as "Player N", so a game can start without typing at all."""

from __future__ import annotations

from dataclasses import dataclass, replace

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.errors import CompanionError
from companion.players import IDENTITIES, MAX_BUTTONS, Player
from companion.registry import GameEntry
from ui import theme
from ui.places import Place
from ui.widgets.basics import BigButton, Headline, IdentityButton, Panel, Text
from ui.widgets.keyboard import TextField

# Two short lines, "Move" over "up", at the 7" display's width.
MOVE_UP_WIDTH = dp(60)


@dataclass
class Seat:
    name: str
    colour: str
    button: int | None


def stand_in_name(index: int) -> str:
    return f"Player {index + 1}"


def first_free(used, choices):
    return next((choice for choice in choices if choice not in used), None)


class SeatCard(Panel):
    """One seat, in two rows: its place at the table and a button to move the player one seat
    earlier, the name and a way to leave; then the player's colour with its shape, their big button,
    and who deals first."""

    def __init__(self, screen: "SetupScreen", index: int, **kwargs):
        super().__init__(orientation="vertical", padding=[theme.GAP, 2], spacing=theme.GAP * 0.75, **kwargs)
        self.screen, self.index = screen, index
        seat = screen.seats[index]
        top = BoxLayout(spacing=theme.GAP)
        top.add_widget(Label(text=str(index + 1), bold=True, font_size=theme.FONT_BODY, color=theme.TEXT_DIM,
                             size_hint_x=None, width=dp(16)))
        if index == 0:
            top.add_widget(Widget(size_hint_x=None, width=MOVE_UP_WIDTH))   # the names stay in one column
        else:
            move_up = BigButton(text="Move up", size_hint_x=None, width=MOVE_UP_WIDTH, font_size=theme.FONT_SMALL)
            move_up.bind(on_release=lambda *_: screen.move_up(index))
            top.add_widget(move_up)
        self.name_field = TextField(text=seat.name, hint_text=stand_in_name(index),
                                    prompt=f"Player {index + 1}'s name", suggestions=screen.waiting_names())
        self.name_field.bind(text=lambda _, text: screen.rename(index, text))
        top.add_widget(self.name_field)
        remove = BigButton(text="X", size_hint_x=None, width=theme.TARGET)
        remove.bind(on_release=lambda *_: screen.remove(index))
        top.add_widget(remove)
        self.add_widget(top)
        bottom = BoxLayout(spacing=theme.GAP)
        identity = next(i for i in IDENTITIES if i.key == seat.colour)
        self.colour_button = IdentityButton(identity, text=identity.label, halign="right", size_hint_x=0.36,
                                            font_size=theme.FONT_SMALL)
        self.colour_button.bind(on_release=lambda *_: screen.next_colour(index))
        bottom.add_widget(self.colour_button)
        button = BigButton(text=f"Button {seat.button}" if seat.button else "No button", size_hint_x=0.28,
                           font_size=theme.FONT_SMALL)
        button.bind(on_release=lambda *_: screen.claim_button(index))
        bottom.add_widget(button)
        deals = BigButton(text="Deals first" if screen.dealer == index else "Deal instead", size_hint_x=0.36,
                          kind="ok" if screen.dealer == index else "normal", font_size=theme.FONT_SMALL)
        deals.bind(on_release=lambda *_: screen.set_dealer(index))
        bottom.add_widget(deals)
        self.add_widget(bottom)
        for row in (top, bottom):
            for child in row.children:
                child.size_hint_y = 1


class ButtonClaimPopup(ModalView):
    """"Press your big button now": the first button pressed is the player's. The number pad below is
    for a table whose buttons are not wired yet, and for saying "no button"."""

    def __init__(self, screen: "SetupScreen", index: int, **kwargs):
        super().__init__(size_hint=(0.94, 0.9), auto_dismiss=False, **kwargs)
        self.screen, self.index = screen, index
        name = screen.players()[index].name
        panel = Panel(orientation="vertical")
        hardware = screen.services.hardware
        self.listening = hardware is not None and getattr(hardware, "buttons", None) is not None
        prompt = (f"{name}: press your big button now" if self.listening else f"Which big button is {name}'s?")
        panel.add_widget(Text(text=prompt, font_size=theme.FONT_TITLE, bold=True, halign="center"))
        panel.add_widget(Text(text="or tap its number:" if self.listening else "Tap its number:",
                              color=theme.TEXT_DIM, halign="center"))
        numbers = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH_BIG)
        for number in range(1, MAX_BUTTONS + 1):
            pick = BigButton(text=str(number), height=theme.TOUCH_BIG, font_size=theme.FONT_TITLE)
            pick.bind(on_release=lambda _, n=number: self.choose(n))
            numbers.add_widget(pick)
        panel.add_widget(numbers)
        panel.add_widget(BoxLayout())
        footer = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH)
        none = BigButton(text="No button")
        none.bind(on_release=lambda *_: self.choose(None))
        cancel = BigButton(text="Cancel")
        cancel.bind(on_release=lambda *_: self.dismiss(animation=False))
        footer.add_widget(none)
        footer.add_widget(BoxLayout(size_hint_x=0.3))
        footer.add_widget(cancel)
        panel.add_widget(footer)
        self.add_widget(panel)
        if self.listening:
            hardware.on_idle_edge = self._edge

    def _edge(self, edge) -> None:
        # Called on the buttons' thread: the choice is made on Kivy's.
        if edge.pressed:
            Clock.schedule_once(lambda _: self.choose(edge.player) if self.parent else None, 0)

    def choose(self, number: int | None) -> None:
        self.dismiss(animation=False)
        self.screen.assign_button(self.index, number)

    def on_dismiss(self):
        if self.listening:
            self.screen.services.hardware.on_idle_edge = None


class SetupScreen(Screen):
    def __init__(self, services, navigator, entry: GameEntry, **kwargs):
        super().__init__(**kwargs)
        self.services, self.navigator, self.entry = services, navigator, entry
        self.game = entry.load()
        self.roster = services.store.roster()
        self.seats: list[Seat] = []
        self.dealer = 0
        self.options = self.game.check_options({})
        for player in self.last_table()[: entry.max_players]:
            self._add_seat(player.name, player.colour, player.button)
        while len(self.seats) < entry.min_players:
            self._add_seat("", None, None)
        self._build()

    def last_table(self) -> list[Player]:
        """Who sat where in the game played last, so a family changing game only removes whoever
        left: a seat that played under a stand-in name is an empty seat again."""
        last = self.services.store.sessions(limit=1)
        if not last:
            return self.roster[: self.entry.min_players]
        remembered = {player.name.casefold() for player in self.roster}
        return [player if player.name.casefold() in remembered else replace(player, name="")
                for player in last[0].players]

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
        for card in self.seat_rows:
            card.name_field.suggestions = self.waiting_names()

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

    def claim_button(self, index: int) -> ButtonClaimPopup:
        popup = ButtonClaimPopup(self, index)
        popup.open()
        return popup

    def assign_button(self, index: int, number: int | None) -> None:
        """A button already someone else's changes hands: the other player takes this seat's old one."""
        other = next((i for i, seat in enumerate(self.seats) if i != index and number and seat.button == number), None)
        if other is not None:
            self.seats[other] = replace(self.seats[other], button=self.seats[index].button)
        self.seats[index] = replace(self.seats[index], button=number)
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
        self.navigator.go(Place.GAME, self.services, session)

    # ----- drawing ------------------------------------------------------------------------
    def _build(self) -> None:
        root = BoxLayout(orientation="vertical", padding=theme.GAP, spacing=theme.GAP)
        header = BoxLayout(size_hint_y=None, height=theme.TARGET, spacing=theme.GAP)
        back = BigButton(text="Back", size_hint_x=None, width=dp(100), height=theme.TARGET)
        back.bind(on_release=lambda *_: self.back())
        header.add_widget(back)
        # Messages show over the title: the seats never shrink under 9 mm to make room for one.
        title = Text(text=f"{self.entry.title}: who is playing?", font_size=theme.FONT_TITLE, bold=True, size_hint_y=1)
        headline = Headline(title, reserve=theme.TARGET)
        self.message = headline.message
        header.add_widget(headline)
        self.settings_button = BigButton(text="Settings", size_hint_x=None, width=dp(130), height=theme.TARGET)
        self.settings_button.bind(on_release=lambda *_: self.open_settings())
        header.add_widget(self.settings_button)
        root.add_widget(header)
        # Two columns of three: six seats fit the 7" display with nothing scrolled out of sight.
        self.seat_grid = GridLayout(cols=2, spacing=theme.GAP)
        root.add_widget(self.seat_grid)
        footer = BoxLayout(size_hint_y=None, height=theme.TOUCH_PRIMARY, spacing=theme.GAP)
        self.add_button = BigButton(text="+ Add player", size_hint_x=0.4, height=theme.TOUCH_PRIMARY)
        self.add_button.bind(on_release=lambda *_: self.add_player())
        footer.add_widget(self.add_button)
        self.start_button = BigButton(text="Start game", kind="primary", size_hint_x=0.6,
                                       height=theme.TOUCH_PRIMARY, once=True)
        self.start_button.bind(on_release=lambda *_: self.start())
        footer.add_widget(self.start_button)
        root.add_widget(footer)
        self.add_widget(root)
        self._refresh()

    def _refresh(self) -> None:
        self.seat_grid.clear_widgets()
        self.seat_grid.rows = max(2, (self.entry.max_players + 1) // 2)
        self.seat_rows = [SeatCard(self, index) for index in range(len(self.seats))]
        for card in self.seat_rows:
            self.seat_grid.add_widget(card)
        for _ in range(self.seat_grid.rows * 2 - len(self.seat_rows)):
            self.seat_grid.add_widget(BoxLayout())   # keeps every card the same size as seats are added
        self.add_button.disabled = len(self.seats) >= self.entry.max_players

    def waiting_names(self) -> list[str]:
        """Remembered players not seated yet, offered in the typing box."""
        seated = {seat.name.strip().casefold() for seat in self.seats}
        return [player.name for player in self.roster if player.name.casefold() not in seated]

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
        self.navigator.go(Place.HOME, self.services)
