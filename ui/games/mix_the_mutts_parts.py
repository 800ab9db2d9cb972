"""Pieces of the Mix-the-Mutts table view: a player's whole name with their shape, counts with their
captions, a player's card, the breed pad for a new tile's dogs, the scoring grid and the end screen.

Sized for the 7" panel with four players and long names: names wrap instead of being cut, hand
sizes and the card pile are key numbers (about 10 mm tall), points are secondary."""

from __future__ import annotations

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.actions import Action
from companion.games.mix_the_mutts import BREEDS
from ui import theme
from ui.widgets.basics import BigButton, Panel, Text
from ui.widgets.symbols import SymbolShape

# A bold digit is about 0.6 of its font size wide; a number's box is sized from that.
DIGIT_WIDTH = 0.62
# A caption beside a number keeps at least this much width when the number grows (a table-sized
# "in hand" on one line).
CAPTION_ROOM = dp(90)


def dog_short(head: str, tail: str) -> str:
    return f"purebreed {head}" if head == tail else f"{head} head, {tail} tail"


def stack_line(stack: dict[str, int]) -> str:
    held = [f"{breed} {count}" for breed, count in stack.items() if count]
    return " · ".join(held) if held else "no dogs yet"


def stack_count(stack: dict[str, int]) -> str:
    cards = sum(stack.values())
    breeds = sum(1 for count in stack.values() if count)
    if not cards:
        return "no dogs yet"
    return f"{cards} cards of {breeds} breed{'s' if breeds != 1 else ''}"


def breakdown(stack: dict[str, int], values: dict[str, int], junior: bool) -> str:
    """How a total was made, breed by breed, with the values the game was played with ("3 pug × 3 =
    9"). The spaces inside one breed's sum are non-breaking, so a line only breaks between breeds."""
    held = [(breed, count) for breed, count in stack.items() if count]
    if not held:
        return "No dogs scored"
    if junior:
        return "One point per card: " + "\u00a0· ".join(f"{count}\u00a0{breed}" for breed, count in held)
    # The dot keeps to the breed before it, so a wrapped line never starts with one.
    sums = (f"{count} {breed} × {values[breed]} = {count * values[breed]}" for breed, count in held)
    return "\u00a0\u00a0·  ".join(text.replace(" ", "\u00a0") for text in sums)


def points_word(junior: bool, count: int) -> str:
    if junior:
        return "card" if count == 1 else "cards"
    return "point" if count == 1 else "points"


class SeatName(BoxLayout):
    """A player's shape in their colour beside their whole name. A long name wraps onto a second
    line rather than being cut, so give it room for two lines where names can be long."""

    def __init__(self, player, *, font_size=theme.FONT_TABLE, bold: bool = False, symbol: float = dp(28),
                 halign: str = "left", **kwargs):
        kwargs.setdefault("spacing", dp(6))
        super().__init__(**kwargs)
        self.player = player
        identity = player.identity
        self.symbol = SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb), size_hint=(None, None),
                                  size=(symbol, symbol), pos_hint={"center_y": 0.5})
        self.label = Label(text=player.name, font_size=font_size, bold=bold, color=theme.TEXT, halign=halign,
                           valign="middle")
        self.label.bind(width=lambda label, width: setattr(label, "text_size", (width, None)))
        self.add_widget(self.symbol)
        self.add_widget(self.label)


class Figure(BoxLayout):
    """A count with its caption beside it (or under it). A key figure is one the family acts on (hand
    sizes, the card pile): key-number size on the 7" panel, bigger where there is room. The number's
    box is always as tall as its digits need and as wide as its digits, so it is never cut."""

    def __init__(self, caption: str, value, *, key: bool = True, font_size=None, under: bool = False,
                 caption_font=theme.FONT_TABLE, caption_halign: str = "left", **kwargs):
        super().__init__(orientation="vertical" if under else "horizontal", spacing=dp(2 if under else 6), **kwargs)
        self.base = font_size or (theme.FONT_KEY_NUMBER if key else theme.FONT_NUMBER)
        self.number = Label(text=str(value), font_size=self.base, bold=True, color=theme.TEXT,
                            halign="center" if under else "right", valign="middle")
        self.number.key_number = key
        self.caption = Label(text=caption, font_size=caption_font, color=theme.TEXT_DIM,
                             halign="center" if under else caption_halign, valign="middle")
        self.caption.bind(size=lambda label, size: setattr(label, "text_size", (size[0], None)))
        if under:
            # The digits sit on their caption; spare height goes above them.
            self.caption.size_hint_y, self.caption.height = None, caption_font * 1.35
            self.number.size_hint_y = None
            self.add_widget(Widget())
        else:
            self.number.size_hint_x = None
        self.add_widget(self.number)
        self.add_widget(self.caption)
        self.bind(size=self._scale)
        self.number.bind(size=self._scale)
        self._scale()

    def _scale(self, *_):
        label = self.number
        digits = max(1, len(label.text))
        under = self.orientation == "vertical"
        # Spare room (1280x720, few players) goes into the number so it reads from further away.
        tall = self.height - self.caption.height - 2 * self.spacing if under else label.height
        across = label.width if under else self.width - CAPTION_ROOM
        room = min(tall * 0.8, self.base * 1.8, (across - dp(6)) / (DIGIT_WIDTH * digits))
        label.font_size = max(self.base, room)
        if under:
            label.height = max(0, min(tall, label.font_size * 1.25))
        else:
            label.width = DIGIT_WIDTH * label.font_size * digits + dp(6)
        label.text_size = label.size


class StackLine(Label):
    """A scoring stack by breed; where the breeds do not fit the room, how many cards of how many
    breeds (never a cut line)."""

    def __init__(self, stack: dict[str, int], full: str | None = None, **kwargs):
        kwargs.setdefault("font_size", theme.FONT_TABLE)
        kwargs.setdefault("color", theme.TEXT_DIM)
        kwargs.setdefault("halign", "center")
        kwargs.setdefault("valign", "middle")
        cards = sum(stack.values())
        fewest = f"{cards} card{'s' if cards != 1 else ''}" if cards else stack_count(stack)
        self.forms = (full or stack_line(stack), stack_count(stack), fewest)
        super().__init__(text=self.forms[0], **kwargs)
        self.bind(size=self._fit)

    def _fit(self, *_):
        self.text_size = (self.width, None)
        for form in self.forms:
            self.text = form
            self.texture_update()
            if self.texture_size[1] <= self.height:
                return


class PlayerCard(Panel):
    """One seat: the player's whole name, their hand size (a key number) with its caption beside it,
    their points, and their scoring stack by breed, all read from across the table. The seat whose
    turn it is is lit and outlined, so the turn is seen on the seat itself. On a big card (few
    players, a big screen) the numbers stay together in its middle."""

    NUMBERS_AT_MOST = dp(200)
    # Points are read, not acted on: well under the hand size, well over the captions.
    POINTS_FONT = sp(36)

    def __init__(self, player, entry: dict, *, active: bool, junior: bool, **kwargs):
        super().__init__(orientation="vertical", padding=dp(6), spacing=0, **kwargs)
        if active:
            self.fill = theme.SURFACE_HIGH
            with self.canvas.after:
                Color(*theme.ACCENT)
                self._outline = Line(width=dp(2))
            self.bind(pos=self._draw_outline, size=self._draw_outline)
        self.name = SeatName(player, bold=active, size_hint_y=None, height=dp(34))
        self.name.label.bind(texture_size=self._fit)
        self.add_widget(self.name)
        self.add_widget(Widget())
        self.numbers = BoxLayout(spacing=dp(4), size_hint_y=None)
        self.hand = Figure("in hand", entry["hand"])
        word = points_word(junior, entry["total"])
        self.total = Figure(word, entry["total"], key=False, under=True, font_size=self.POINTS_FONT,
                            size_hint_x=None, width=max(text_width(word, theme.FONT_TABLE),
                                                        DIGIT_WIDTH * self.POINTS_FONT * len(str(entry["total"])))
                            + dp(6))
        self.numbers.add_widget(self.hand)
        self.numbers.add_widget(self.total)
        self.add_widget(self.numbers)
        self.add_widget(Widget())
        self.stack = StackLine(entry["scoring_stack"], size_hint_y=None, height=dp(33))
        self.add_widget(self.stack)
        self.bind(height=self._fit)

    def _draw_outline(self, *_):
        self._outline.rounded_rectangle = (self.x + dp(1), self.y + dp(1), self.width - dp(2), self.height - dp(2),
                                           theme.RADIUS)

    def _fit(self, *_):
        # A name too long for one line takes a second one; the numbers have the rest.
        self.name.height = max(dp(34), self.name.label.texture_size[1] + dp(2))
        room = self.height - self.padding[1] - self.padding[3] - self.name.height - self.stack.height
        self.numbers.height = max(0, min(room, self.NUMBERS_AT_MOST))


def text_width(text: str, font_size) -> float:
    """How wide a one-line text is drawn, so a box can be sized to hold it whole."""
    label = CoreLabel(text=text, font_size=font_size)
    label.refresh()
    return label.texture.size[0] if label.texture else 0


class BreedPad(BoxLayout):
    """Entering a new tile's dogs: tap the head breed, then the tail breed, once per dog."""

    def __init__(self, view, summary: dict, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(6), **kwargs)
        self.view = view
        top = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        self.prompt = Label(text="", markup=True, font_size=theme.FONT_BODY * 0.9, color=theme.TEXT, halign="left",
                            valign="middle")
        self.prompt.bind(size=lambda label, size: setattr(label, "text_size", (size[0], None)))
        # Read by the player entering the tile, up close, as are the dogs entered so far.
        self.prompt.fine_print = True
        top.add_widget(self.prompt)
        cancel = BigButton(text="Cancel", size_hint_x=None, width=dp(110), kind="quiet")
        cancel.bind(on_release=lambda *_: view.close_pad())
        top.add_widget(cancel)
        self.add_widget(top)
        self.entered = Text(text="", font_size=theme.FONT_SMALL, halign="center", color=theme.TEXT_DIM, fine_print=True)
        self.add_widget(self.entered)
        grid = GridLayout(cols=4, spacing=dp(6))
        self.breed_buttons: dict[str, BigButton] = {}
        junior = summary["scoring"].startswith("junior")
        for breed in BREEDS:
            value = 1 if junior else summary["card_values"][breed]
            button = BigButton(text=f"{breed.capitalize()}\n{value} {points_word(junior, value)}",
                               size_hint_y=1, font_size=theme.FONT_BODY)
            button.bind(on_release=lambda _, b=breed: view.tap_breed(b))
            self.breed_buttons[breed] = button
            grid.add_widget(button)
        self.add_widget(grid)
        bottom = BoxLayout(size_hint_y=None, height=theme.TOUCH_BIG, spacing=theme.GAP)
        self.remove_button = BigButton(text="Remove last", size_hint_x=0.35, height=theme.TOUCH_BIG)
        self.remove_button.bind(on_release=lambda *_: view.remove_last())
        bottom.add_widget(self.remove_button)
        self.record_button = BigButton(text="", kind="primary", height=theme.TOUCH_BIG)
        self.record_button.bind(on_release=lambda *_: view.record_tile())
        bottom.add_widget(self.record_button)
        self.add_widget(bottom)

    def update(self, name: str, dogs: list[list[str]], head: str | None, per_tile: dict) -> None:
        """`per_tile` is the core's {min, max} for the next tile: a tile makes one dog per tile it
        touches, so the first tile makes exactly two and the pad stops there."""
        least, most = per_tile["min"], per_tile["max"]
        if head is None:
            step = f"dog {len(dogs) + 1}: tap its [b]head[/b] breed" if len(dogs) < most \
                else f"all {most} dogs entered"
        else:
            step = f"dog {len(dogs) + 1}: {head} head, now tap its [b]tail[/b] breed"
        self.prompt.text = f"{name}'s new tile, {step}"
        parts = [dog_short(*dog) for dog in dogs] + ([f"{head} head, ?"] if head else [])
        self.entered.text = "New dogs: " + ("; ".join(parts) if parts else "none yet")
        ready = least <= len(dogs) <= most and head is None
        self.record_button.disabled = not ready
        makes = f"{least} dogs" if least == most else f"{least} to {most} dogs"
        self.record_button.text = f"Record {len(dogs)} new dogs" if ready else f"This tile makes {makes}"
        self.remove_button.disabled = not dogs and head is None
        full = len(dogs) >= most
        for button in self.breed_buttons.values():
            button.disabled = full


SCORE, SCORED = "Score", "Scored"
# The grid's rows, top down: names (as tall as the Finish turn button beside them), hand sizes (key
# numbers), points; then one row per new dog.
NAME_ROW = theme.TOUCH_BIG
HAND_ROW = dp(88)
POINTS_ROW = dp(36)


def dog_pair(head: str, tail: str) -> str:
    """A new dog as the two breeds its cards show, one a line: short enough for the grid's first column."""
    return f"purebreed\n{head}" if head == tail else f"{head}\n+ {tail}"


class ScoringGrid(BoxLayout):
    """After a tile: one row per new dog, one column per player; a tap records that player scoring
    it. The first column holds *Finish turn* and says what each header row counts, like a score
    sheet, so every column has its whole width for the player's whole name, table-sized."""

    def __init__(self, controller, summary: dict, on_finish, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(6), **kwargs)
        players = controller.players
        entries = summary["players"]
        junior = summary["scoring"].startswith("junior")
        label_width = dp(124)
        header = BoxLayout(size_hint_y=None, height=NAME_ROW + HAND_ROW + POINTS_ROW + dp(4), spacing=dp(4))
        self.header = header
        corner = BoxLayout(orientation="vertical", size_hint_x=None, width=label_width, padding=[0, dp(2)])
        self.finish_button = BigButton(text="Finish turn", kind="primary", height=NAME_ROW)
        self.finish_button.bind(on_release=lambda *_: on_finish())
        corner.add_widget(self.finish_button)
        for caption, height in (("cards in hand", HAND_ROW), (points_word(junior, 2), POINTS_ROW)):
            label = Label(text=caption, font_size=theme.FONT_TABLE, color=theme.TEXT_DIM, halign="right",
                          valign="middle", size_hint_y=None, height=height)
            label.bind(size=lambda lab, size: setattr(lab, "text_size", size))
            corner.add_widget(label)
        header.add_widget(corner)
        self.hands: list[Label] = []
        self.totals: list[Label] = []
        self.columns: list[Panel] = []
        for seat, entry in enumerate(entries):
            active = seat == summary["turn"]
            column = Panel(orientation="vertical", padding=[dp(2), dp(2)], spacing=0)
            if active:
                column.fill = theme.SURFACE_HIGH
            name = Label(text=players[seat].name, font_size=theme.FONT_TABLE, bold=active, color=theme.TEXT,
                         halign="center", valign="middle", size_hint_y=None, height=NAME_ROW)
            name.bind(size=lambda lab, size: setattr(lab, "text_size", (size[0], None)))
            column.add_widget(name)
            hand_row = BoxLayout(size_hint_y=None, height=HAND_ROW, spacing=dp(4))
            identity = players[seat].identity
            hand_row.add_widget(Widget())
            hand_row.add_widget(SymbolShape(shape=identity.symbol, rgba=theme.with_alpha(identity.rgb),
                                            size_hint=(None, None), size=(dp(26), dp(26)),
                                            pos_hint={"center_y": 0.5}))
            hand = Label(text=str(entry["hand"]), font_size=theme.FONT_KEY_NUMBER, bold=True, color=theme.TEXT,
                         halign="center", valign="middle", size_hint_x=None)
            hand.key_number = True
            hand.bind(texture_size=lambda lab, size: setattr(lab, "width", size[0]))
            hand_row.add_widget(hand)
            hand_row.add_widget(Widget())
            column.add_widget(hand_row)
            total = Label(text=str(entry["total"]), font_size=theme.FONT_TITLE, bold=True, color=theme.TEXT,
                          halign="center", valign="middle", size_hint_y=None, height=POINTS_ROW)
            column.add_widget(total)
            self.hands.append(hand)
            self.totals.append(total)
            self.columns.append(column)
            header.add_widget(column)
        self.add_widget(header)
        rows = GridLayout(cols=1, size_hint_y=None, spacing=dp(6))
        rows.bind(minimum_height=rows.setter("height"))
        self.rows = rows
        self.buttons: dict[tuple[int, int], BigButton] = {}
        for index, (head, tail) in enumerate(summary["new_dogs"]):
            row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=dp(4))
            # Read by whoever is about to tap Score in this row; the dogs are on the tile itself too.
            name = Label(text=dog_pair(head, tail), font_size=theme.FONT_BODY, color=theme.TEXT, halign="left",
                         valign="middle", size_hint_x=None, width=label_width)
            name.fine_print = True
            name.bind(size=lambda lab, size: setattr(lab, "text_size", size))
            row.add_widget(name)
            for seat, entry in enumerate(entries):
                done = sum(1 for dog in entry["scored_this_turn"] if dog == [head, tail]) > \
                    sum(1 for other in summary["new_dogs"][:index] if other == [head, tail])
                # The label says what a tap does until it is done, then that it is done.
                button = BigButton(text=SCORED if done else SCORE, kind="ok" if done else "normal",
                                   font_size=theme.FONT_BODY)
                button.bind(on_release=lambda _, s=seat, h=head, t=tail:
                            controller.perform(Action("score", s, {"head": h, "tail": t})))
                self.buttons[(index, seat)] = button
                row.add_widget(button)
            rows.add_widget(row)
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(rows)
        self.add_widget(scroll)
        self.bind(height=self._fit)

    def _fit(self, *_):
        """A bigger screen gives the dogs' rows more room; the 7" panel keeps two of them under the
        header, more scroll."""
        rows = self.rows.children
        room = (self.height - self.header.height - self.spacing) / max(2, len(rows)) - self.rows.spacing[1]
        for row in rows:
            row.height = max(theme.TOUCH, min(room, dp(88)))


class EndView(BoxLayout):
    """Totals, biggest first, with the winner or winners (a tie shares the win) said in words, and
    how each total was made: the cards of each breed times that breed's value, so the values the game
    was played with (the family's own, if they changed them) are there to check. Every row is on
    screen at once when the sums fit; a long one makes its row taller and the rows scroll, never cut."""

    def __init__(self, controller, summary: dict, **kwargs):
        super().__init__(orientation="vertical", spacing=dp(6), **kwargs)
        players = controller.players
        junior = summary["scoring"].startswith("junior")
        names = summary["winner_names"]
        if len(names) == 1:
            headline = f"{names[0]} wins!"
        else:
            headline = f"{' and '.join(names)} share the win!"
        self.headline = Text(text=headline, font_size=theme.FONT_TITLE * 1.1, bold=True, color=theme.OK,
                             halign="center")
        self.add_widget(self.headline)
        ranked = sorted(summary["players"], key=lambda entry: -entry["total"])
        self.list = BoxLayout(orientation="vertical", spacing=dp(6), size_hint_y=None)
        self.rows: dict[int, Panel] = {}
        self.details: dict[int, Label] = {}
        for entry in ranked:
            seat = entry["seat"]
            won = seat in summary["winners"]
            row = Panel(padding=[dp(8), dp(4)], spacing=dp(8), size_hint_y=None)
            if won:
                row.fill = theme.SURFACE_HIGH
            row.add_widget(SeatName(players[seat], bold=won, size_hint_x=0.27))
            row.add_widget(Figure(points_word(junior, entry["total"]), entry["total"], key=False, size_hint_x=0.19))
            # The sums are there to check a total up close; the names and totals are read from the seats.
            detail = Label(text=breakdown(entry["scoring_stack"], summary["card_values"], junior),
                           font_size=theme.FONT_SMALL, color=theme.TEXT, halign="left", valign="middle",
                           size_hint_x=0.54)
            detail.fine_print = True
            detail.bind(width=lambda label, width: setattr(label, "text_size", (width, None)),
                        texture_size=self._fit)
            row.add_widget(detail)
            self.rows[seat] = row
            self.details[seat] = detail
            self.list.add_widget(row)
        self.scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        self.scroll.add_widget(self.list)
        self.scroll.bind(height=self._fit)
        self.add_widget(self.scroll)

    def _fit(self, *_):
        """Rows share the room evenly; a row whose sums need more lines grows to them."""
        rows = list(self.rows.values())
        gaps = self.list.spacing * (len(rows) - 1)
        share = (self.scroll.height - gaps) / max(1, len(rows))
        for seat, row in self.rows.items():
            needed = self.details[seat].texture_size[1] + row.padding[1] + row.padding[3] + dp(4)
            row.height = max(share, needed, theme.TOUCH)
        self.list.height = sum(row.height for row in rows) + gaps
