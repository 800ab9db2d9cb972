"""Player set-up: names (typed on the on-screen keyboard or picked from the family roster), seat order
around the table, a colour with its symbol, the physical button each player uses, who deals or plays
first (in the game's own words), and game settings. A seat left unnamed plays as "Player N", so a game can start without typing at all.

The screen is laid out once with a card for every seat the game can have; a tap changes the seats (a
list of Seat) and the cards show them through their models, the seats not in use hidden."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Iterable, TypeVar

from kivy.clock import Clock
from kivy.event import EventDispatcher
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.errors import CompanionError
from companion.evenings import Evening, tonight_of
from companion.game import Game
from companion.players import IDENTITIES, IDENTITY_BY_KEY, MAX_BUTTONS, Player
from companion.races.model import Edge
from companion.registry import GameEntry
from companion.rulecards import first_seat_words
from companion.seating import first_after, owners, seat_colour
from companion.words import listed
from ui import theme
from ui.background import off_screen
from ui.places import Place
from ui.reads import reads_of
from ui.services import Services
from ui.widgets.basics import BigButton, Panel, PopupHeader, Text, button_width
from ui.widgets.choice import Choice, player_choice
from ui.widgets.hiding import hide
from ui.widgets.keyboard import TextField
from ui.widgets.kv import load_kv
from ui.widgets.offer_bar import Headline
from ui.widgets.text import line_height, lines_needed, text_width

if TYPE_CHECKING:
    from ui.navigation import Navigator

Choosable = TypeVar("Choosable")


# Where the seats left with Back wait for the next set-up (in the running app's services, not saved).
DRAFT = "setup_draft"


@dataclass
class Seat:
    name: str
    colour: str
    button: int | None


def stand_in_name(index: int) -> str:
    return f"Player {index + 1}"


def first_free(used: set[Choosable], choices: Iterable[Choosable]) -> Choosable | None:
    return next((choice for choice in choices if choice not in used), None)


class CardModel(EventDispatcher):
    """What one seat's card shows."""

    used = BooleanProperty(False)      # a seat at the table: the cards of the others are hidden
    name = StringProperty("")
    hint = StringProperty("")
    colour = StringProperty("")
    symbol = StringProperty("circle")
    rgba = ListProperty([1, 1, 1, 1])
    button = StringProperty("")
    deals = BooleanProperty(False)
    waiting = ListProperty([])          # remembered names not seated yet, offered in the typing box


class SeatCard(Panel):
    """One seat, in two rows: its place at the table and a button to move the player one seat
    earlier, the name and a way to leave; then the player's colour with its shape, their big button,
    and who deals or plays first."""

    index = NumericProperty(0)
    seat = ObjectProperty(None)
    screen = ObjectProperty(None)

    def __init__(self, **kwargs: Any) -> None:
        # Tighter than a Panel's own padding: six cards share the 7" display's height.
        super().__init__(orientation="vertical", padding=[theme.GAP, CARD_PAD], spacing=theme.GAP * 0.75, **kwargs)

    @property
    def name_field(self) -> TextField:
        return self.ids["name_field"]

    @property
    def colour_button(self) -> Choice:
        return self.ids["colour_button"]

    def typed(self, text: str) -> None:
        if self.seat.used:
            self.screen.rename(self.index, text)


class ButtonClaimPopup(ModalView):
    """"Press your big button now": the first button pressed is the player's. The number pad below is
    for a table whose buttons are not wired yet, and for saying "no button"."""

    prompt = StringProperty("")
    listening = BooleanProperty(False)

    def __init__(self, screen: SetupScreen, index: int, **kwargs: Any) -> None:
        self.screen, self.index = screen, index
        hardware = screen.services.hardware
        listening = hardware is not None and hardware.buttons is not None
        name = screen.players()[index].name
        prompt = f"{name}: press your big button now" if listening else f"Which big button is {name}'s?"
        super().__init__(prompt=prompt, listening=listening, **kwargs)
        numbers = self.ids["numbers"]
        for number in range(1, MAX_BUTTONS + 1):
            pick = BigButton(text=str(number), height=theme.TOUCH_BIG, font_size=theme.FONT_TITLE)
            pick.bind(on_release=lambda _pick, chosen=number: self.choose(chosen))
            numbers.add_widget(pick)
        if listening:
            hardware.on_idle_edge = self._edge

    def _edge(self, edge: Edge) -> None:
        # Called on the buttons' thread: the choice is made on Kivy's.
        if edge.pressed:
            Clock.schedule_once(lambda _: self.choose(edge.player) if self.parent else None, 0)

    def choose(self, number: int | None) -> None:
        self.dismiss(animation=False)
        self.screen.assign_button(self.index, number)

    def on_dismiss(self) -> None:
        if self.listening:
            self.screen.services.hardware.on_idle_edge = None


class SitOutPopup(ModalView):
    """Who plays, when the table that played last is bigger than this game: one of those sitting out
    (asked only when several do), then whose seat they take; that player sits out instead."""

    def __init__(self, screen: SetupScreen, waiting: list[Player], **kwargs: Any) -> None:
        super().__init__(size_hint=(0.94, 0.9), auto_dismiss=False, **kwargs)
        self.screen = screen
        panel = Panel(orientation="vertical")
        self.header = PopupHeader(on_close=lambda *_: self.dismiss(animation=False))
        panel.add_widget(self.header)
        self.grid = GridLayout(cols=2, spacing=theme.GAP, size_hint_y=None)
        self.grid.bind(minimum_height=self.grid.setter("height"))
        panel.add_widget(self.grid)
        panel.add_widget(Widget())
        self.add_widget(panel)
        self.choices: list[Choice] = []
        if len(waiting) == 1:
            self.ask_whose_seat(waiting[0])
        else:
            self._ask("Who plays this game?", [(player.name, player.colour) for player in waiting],
                      lambda index: self.ask_whose_seat(waiting[index]))

    def ask_whose_seat(self, player: Player) -> None:
        seated = self.screen.players()
        self._ask(f"{player.name} plays instead of:", [(other.name, other.colour) for other in seated],
                  lambda index: self._swap(player, index))

    def _ask(self, question: str, names: list[tuple[str, str]], answer: Any) -> None:
        self.header.title = question
        self.grid.clear_widgets()
        self.choices = []
        for index, (name, colour) in enumerate(names):
            choice = player_choice(name, IDENTITY_BY_KEY.get(colour, IDENTITIES[0]), height=theme.TOUCH_BIG)
            choice.bind(on_release=lambda _choice, chosen=index: answer(chosen))
            self.grid.add_widget(choice)
            self.choices.append(choice)

    def _swap(self, player: Player, index: int) -> None:
        self.dismiss(animation=False)
        self.screen.swap_in(player, index)


def sit_out_words(players: list[Player]) -> str:
    return f"{listed([player.name for player in players])} {'sits' if len(players) == 1 else 'sit'} out"


# A card's second row split between its colour, its button and who begins (setup.kv).
SECOND_ROW = (0.36, 0.28, 0.36)
CARD_PAD = 2
# The longest one-word name a family gave us: a card keeps it whole in the smallest type.
LONG_NAME = "Bartholomäus"
# What a name field keeps beside its name: its padding, the gap and the keyboard sign (keyboard.kv).
FIELD_SPARE = 2 * theme.PAD + theme.GAP + dp(34)


def move_width() -> float:
    """"Move up" in two short lines, "Move" over "up", each whole."""
    return button_width("Move", dp(64), theme.FONT_SMALL)


def seat_row_height(words: Iterable[tuple[str, float]]) -> float:
    """A card row's height: a target's, or the lines its buttons' words take, each (words, the
    button's width), in the buttons' small type."""
    lines = max((lines_needed(text, theme.FONT_SMALL, max(1.0, wide - 2 * theme.GAP), bold=True)
                 for text, wide in words), default=1)
    return float(max(theme.TARGET, lines * line_height(theme.FONT_SMALL) + dp(2)))


class SetupScreen(Screen):
    title = StringProperty("")
    can_add = BooleanProperty(True)
    cards_height = NumericProperty(0)   # what the seats' cards need, all rows of them: more scrolls
    # "+ Add player", or while the table is full, who of the table that played last sits out.
    add_text = StringProperty("+ Add player")
    # The first seat's button, and every other seat's offer to take its place ("Deals first", "Deal instead").
    first_here = StringProperty("")
    first_instead = StringProperty("")

    def __init__(self, services: Services, navigator: Navigator, entry: GameEntry, **kwargs: Any) -> None:
        self.services, self.navigator, self.entry = services, navigator, entry
        self.game: Game[Any] = entry.load()
        self.roster = services.store.roster()
        self.remembered = {player.name.casefold(): player for player in self.roster}
        found = services.store.sessions(limit=1)
        self.last_game = found[0] if found else None
        self.owned = owners(self.last_table(), tonight_of(self._evenings()))
        self.seats: list[Seat] = []
        self.dealer = 0
        self.first_chosen = False   # someone tapped who begins: the last game's word no longer counts
        self.reading_last_game = self.last_game is not None   # who begins it, off the screen's thread
        self.options: dict[str, Any] = self.game.check_options({})
        self.models = [CardModel() for _ in range(entry.max_players)]
        first_here, first_instead = first_seat_words(entry.key)
        super().__init__(title=f"{entry.title}: who is playing?", first_here=first_here, first_instead=first_instead,
                         **kwargs)
        # Messages show over the title: the seats never shrink under 9 mm to make room for one.
        headline = Headline(Text(text=self.title, font_size=theme.FONT_TITLE, bold=True, size_hint_y=1),
                            reserve=theme.TARGET)
        self.message = headline.message
        self.ids["header"].add_widget(headline, index=1)
        # Two columns of three: six seats fit the 7" display with nothing scrolled out of sight.
        grid = self.ids["seat_grid"]
        grid.rows = max(2, (entry.max_players + 1) // 2)
        grid.fbind("width", self._fit_cards)
        self.cards = [SeatCard(index=index, seat=model, screen=self) for index, model in enumerate(self.models)]
        for card in self.cards:
            grid.add_widget(card)
        # Names typed and left with Back come back as they were, trimmed to this game's seats.
        draft: list[Seat] = services.extras.get(DRAFT, [])
        for seat in draft[: entry.max_players] if any(seat.name.strip() for seat in draft) else ():
            self._add_seat(seat.name, seat.colour, seat.button)
        for player in self.last_table()[: entry.max_players] if not self.seats else ():
            self._add_seat(player.name, player.colour, player.button)
        while len(self.seats) < entry.min_players:
            self._add_seat("", None, None)
        self._refresh()
        waiting = self.sitting_out()
        if waiting:
            self.message.show(f"{entry.title} is for at most {entry.max_players} players: "
                              f"{sit_out_words(waiting)}.", seconds=None)
        if self.last_game is not None:
            # A long game takes a moment to read back: the screen opens at once, with seat 1 until then.
            last = self.last_game
            off_screen(lambda _task: first_after(services.store, last), done=self._first_known,
                       failed=lambda _problem: self._first_known(None))

    def _fit_cards(self, *_: Any) -> None:
        """Each card's two rows as tall as their words need (two lines of a button's words where one
        does not fit), so a card never cuts them; the grid scrolls when that is more than the screen."""
        grid = self.ids["seat_grid"]
        # Two cards side by side, unless a long name (one word: a name wraps at a space) would not fit
        # its field in the smallest type (Larger text on the 7" display): then one a row.
        first_row = 2 * theme.GAP + dp(16) + move_width() + theme.TARGET + 3 * theme.GAP
        name_room = (grid.width - theme.GAP) / 2 - first_row - FIELD_SPARE
        words = [word for seat in self.seats for word in seat.name.split()] + [LONG_NAME]
        grid.cols = 2 if name_room >= max(text_width(word, theme.FONT_SMALL) for word in words) else 1
        grid.rows = max(2, -(-len(self.cards) // grid.cols))
        # The second row's buttons share the card's width less its padding and their two gaps; the
        # colour's words share theirs with its shape.
        row = (grid.width - (grid.cols - 1) * theme.GAP) / grid.cols - 2 * theme.GAP - 2 * theme.GAP
        colour = max((identity.label for identity in IDENTITIES), key=lambda label: text_width(label, theme.FONT_SMALL))
        first = max(self.first_here, self.first_instead, key=len)
        # The card's two rows share its height evenly: each as tall as the taller needs.
        tall = 2 * seat_row_height([("Move up", move_width()), (colour, SECOND_ROW[0] * row - dp(36)),
                                    (f"Button {MAX_BUTTONS}", SECOND_ROW[1] * row), (first, SECOND_ROW[2] * row)])
        tall += theme.GAP * 0.75 + 2 * CARD_PAD
        self.cards_height = grid.rows * tall + (grid.rows - 1) * theme.GAP

    @property
    def seat_rows(self) -> list[SeatCard]:
        """The cards of the seats at the table, in seat order."""
        return self.cards[: len(self.seats)]

    @property
    def add_button(self) -> BigButton:
        return self.ids["add_button"]

    @property
    def start_button(self) -> BigButton:
        return self.ids["start_button"]

    @property
    def settings_button(self) -> BigButton:
        return self.ids["settings_button"]

    def last_table(self) -> list[Player]:
        """Who sat where in the game played last, so a family changing game only removes whoever
        left: a seat that played under a stand-in name is an empty seat again."""
        if self.last_game is None:
            return self.roster[: self.entry.min_players]
        return [player if player.name.casefold() in self.remembered else replace(player, name="")
                for player in self.last_game.players]

    def _evenings(self) -> list[Evening]:
        try:
            return reads_of(self.services.store).evenings()
        except CompanionError:
            return []   # no Tonight to keep colours for: the last table's are still kept

    def _first_known(self, name: str | None) -> None:
        """Whoever the game played last says begins the next one begins this one, found by name
        wherever they sit now; seat 1 when they are not at this table, or once someone chose."""
        self.reading_last_game = False
        seated = [player.name.casefold() for player in self.players()]
        if self.first_chosen or not name or name.casefold() not in seated:
            return
        self.dealer = seated.index(name.casefold())
        # Only the cards' marks change: a refresh would take away an Undo offered meanwhile.
        for index, model in enumerate(self.models[: len(self.seats)]):
            model.deals = index == self.dealer

    # ----- the seats, as data -------------------------------------------------------------
    def _colour(self, index: int, name: str, hoped: list[str | None]) -> str:
        """The colour for seat `index` when `name` sits there: see companion/seating.py."""
        seated = {seat.colour for other, seat in enumerate(self.seats) if other != index}
        return seat_colour(name.strip() or stand_in_name(index), hoped, seated, self.owned)

    def _add_seat(self, name: str, colour: str | None, button: int | None) -> None:
        used_buttons = {seat.button for seat in self.seats}
        free_button = button if button and button not in used_buttons else first_free(
            used_buttons, range(1, MAX_BUTTONS + 1))
        self.seats.append(Seat(name, self._colour(len(self.seats), name, [colour]), free_button))

    def sitting_out(self) -> list[Player]:
        """Who of the table that played last has no seat at this one."""
        seated = {seat.name.strip().casefold() for seat in self.seats}
        return [player for player in self.last_table() if player.name and player.name.casefold() not in seated]

    def add_or_choose(self) -> SitOutPopup | None:
        """+ Add player; at a full table where someone sits out, who plays instead."""
        waiting = self.sitting_out()
        if len(self.seats) >= self.entry.max_players and waiting:
            popup = SitOutPopup(self, waiting)
            popup.open()
            return popup
        self.add_player()
        return None

    def swap_in(self, player: Player, index: int) -> None:
        """`player` takes seat `index` (its place, button and deal), and who sat there sits out."""
        out = self.players()[index].name
        self.rename(index, player.name)
        self.message.show(f"{player.name} plays; {out} sits out.")

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
        removed, dealer = self.seats.pop(index), self.dealer
        self.dealer = min(self.dealer if self.dealer < index else max(self.dealer - 1, 0), len(self.seats) - 1)
        self._refresh()
        who = removed.name.strip() or stand_in_name(index)
        self.message.offer_undo(f"{who}'s seat is taken away.", lambda: self._put_back(index, removed, dealer))

    def _put_back(self, index: int, seat: Seat, dealer: int) -> None:
        """The seat taken away just now, as it was and where it was. Offered only until the next change,
        so its colour and button are still free."""
        self.seats.insert(index, seat)
        self.dealer = dealer
        self._refresh()
        self.message.show(f"{seat.name.strip() or stand_in_name(index)} is back at the table.")

    def move_up(self, index: int) -> None:
        self.seats[index - 1], self.seats[index] = self.seats[index], self.seats[index - 1]
        if self.dealer in (index, index - 1):
            self.dealer = index - 1 if self.dealer == index else index
        self._refresh()

    def rename(self, index: int, text: str) -> None:
        """A remembered player takes their colour where it is theirs to take; anyone else keeps the
        seat's colour unless it is someone else's tonight."""
        seat = self.seats[index]
        if seat.name != text:
            remembered = self.remembered.get(text.strip().casefold())
            colour = self._colour(index, text, [remembered.colour if remembered else None, seat.colour])
            self.seats[index] = replace(seat, name=text, colour=colour)
            self._refresh()

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
        choices: list[int | None] = [*range(1, MAX_BUTTONS + 1), None]
        used = {seat.button for i, seat in enumerate(self.seats) if i != index and seat.button}
        start = choices.index(self.seats[index].button)
        for step in range(1, len(choices) + 1):
            candidate = choices[(start + step) % len(choices)]
            if candidate is None or candidate not in used:
                self.seats[index] = replace(self.seats[index], button=candidate)
                break
        self._refresh()

    def set_dealer(self, index: int) -> None:
        self.dealer, self.first_chosen = index, True
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
        self.services.extras.pop(DRAFT, None)
        for index, seat in enumerate(self.seats):
            # A stand-in is nobody in the family: offering "+ Player 2" next time would only clutter the list.
            if not seat.name.strip() and stand_in_name(index).casefold() not in known:
                self.services.store.forget_player(stand_in_name(index))
        self.navigator.go(Place.GAME, self.services, session)

    # ----- what the cards show ------------------------------------------------------------
    def _refresh(self) -> None:
        """The seats as they are now, on the cards made for them. An Undo still offered is for an earlier
        table than this one: it goes."""
        if self.message.offered:
            self.message.clear()
        waiting = self.waiting_names()
        for index, (model, card) in enumerate(zip(self.models, self.cards)):
            model.used = index < len(self.seats)
            hide(card, not model.used)
            if not model.used:
                continue
            seat = self.seats[index]
            identity = IDENTITY_BY_KEY[seat.colour]
            model.name = seat.name
            model.hint = stand_in_name(index)
            model.colour = identity.label
            model.symbol = identity.symbol
            model.rgba = list(theme.with_alpha(identity.rgb))
            model.button = f"Button {seat.button}" if seat.button else "No button"
            model.deals = index == self.dealer
            model.waiting = waiting
        self._fit_cards()
        full = len(self.seats) >= self.entry.max_players
        out = self.sitting_out() if full else []
        self.add_text = sit_out_words(out) + ": change" if out else "+ Add player"
        self.can_add = not full or bool(out)

    def waiting_names(self) -> list[str]:
        """Remembered players not seated yet, offered in the typing box."""
        seated = {seat.name.strip().casefold() for seat in self.seats}
        return [player.name for player in self.roster if player.name.casefold() not in seated]

    def seat_from_roster(self, player: Player) -> None:
        empty = next((index for index, seat in enumerate(self.seats) if not seat.name.strip()), None)
        if empty is None:
            self.add_player(player.name, player.colour, player.button)
            return
        self.rename(empty, player.name)

    def open_settings(self) -> None:
        from ui.screens.options import OptionsPopup

        OptionsPopup(self.game, self.options, on_done=self._options_chosen).open()

    def _options_chosen(self, options: dict[str, Any]) -> None:
        self.options = options

    def back(self) -> None:
        """Home. Where names were typed that the table that played last does not have, the seats are kept
        as they are for the next set-up: a family that went back for a moment does not type them again."""
        played = {player.name.casefold() for player in self.last_table()}
        typed = any(seat.name.strip() and seat.name.casefold() not in played for seat in self.seats)
        self.services.extras[DRAFT] = list(self.seats) if typed else []
        self.navigator.go(Place.HOME, self.services)


load_kv(__file__)
