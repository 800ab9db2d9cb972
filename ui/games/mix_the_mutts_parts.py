"""Pieces of the Mix-the-Mutts table view: a player's card, the breed pad for a new
tile's dogs, the scoring grid and the end screen."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from companion.actions import Action
from companion.games.mix_the_mutts import BREEDS, MAX_NEW_DOGS, MIN_NEW_DOGS
from ui import theme
from ui.widgets.basics import BigButton, Count, Panel, PlayerBadge, Text, fitted


def dog_lines(head: str, tail: str) -> str:
    if head == tail:
        return f"purebreed\n{head}"
    return f"{head} head\n{tail} tail"


def dog_short(head: str, tail: str) -> str:
    return f"purebreed {head}" if head == tail else f"{head} head, {tail} tail"


def stack_line(stack: dict[str, int]) -> str:
    held = [f"{breed} {count}" for breed, count in stack.items() if count]
    return " · ".join(held) if held else "no dogs yet"


def points_word(junior: bool, count: int) -> str:
    if junior:
        return "card" if count == 1 else "cards"
    return "point" if count == 1 else "points"


class PlayerCard(Panel):
    """One player's hand size and scoring stack; the active player's card is lit."""

    def __init__(self, player, entry: dict, *, active: bool, junior: bool, **kwargs):
        super().__init__(orientation="vertical", padding=dp(6), spacing=dp(2), **kwargs)
        if active:
            self.fill = theme.SURFACE_HIGH
        self.add_widget(PlayerBadge(player, highlighted=active, height=dp(40), font_size=theme.FONT_BODY))
        numbers = BoxLayout()
        self.hand = Count("cards in hand", entry["hand"])
        self.total = Count("cards scored" if junior else "points", entry["total"])
        numbers.add_widget(self.hand)
        numbers.add_widget(self.total)
        self.add_widget(numbers)
        self.stack = Text(text=stack_line(entry["scoring_stack"]), font_size=theme.FONT_SMALL,
                          color=theme.TEXT_DIM, halign="center")
        self.add_widget(self.stack)


class BreedPad(BoxLayout):
    """Entering a new tile's dogs: tap the head breed, then the tail breed, once per dog."""

    def __init__(self, view, summary: dict, **kwargs):
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        self.view = view
        top = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        self.prompt = fitted("", theme.FONT_BODY, halign="left")
        top.add_widget(self.prompt)
        cancel = BigButton(text="Cancel", size_hint_x=None, width=dp(110), kind="quiet")
        cancel.bind(on_release=lambda *_: view.close_pad())
        top.add_widget(cancel)
        self.add_widget(top)
        self.entered = Text(text="", font_size=theme.FONT_BODY, halign="center")
        self.add_widget(self.entered)
        grid = GridLayout(cols=4, spacing=theme.GAP)
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
        bottom = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
        self.remove_button = BigButton(text="Remove last", size_hint_x=0.35)
        self.remove_button.bind(on_release=lambda *_: view.remove_last())
        bottom.add_widget(self.remove_button)
        self.record_button = BigButton(text="", kind="primary")
        self.record_button.bind(on_release=lambda *_: view.record_tile())
        bottom.add_widget(self.record_button)
        self.add_widget(bottom)

    def update(self, name: str, dogs: list[list[str]], head: str | None) -> None:
        if head is None:
            step = f"dog {len(dogs) + 1}: tap its [b]head[/b] breed" if len(dogs) < MAX_NEW_DOGS \
                else f"all {MAX_NEW_DOGS} dogs entered"
        else:
            step = f"dog {len(dogs) + 1}: {head} head, now tap its [b]tail[/b] breed"
        self.prompt.markup = True
        self.prompt.text = f"{name}'s new tile, {step}"
        parts = [dog_short(*dog) for dog in dogs] + ([f"{head} head, ?"] if head else [])
        self.entered.text = "New dogs: " + ("; ".join(parts) if parts else "none yet")
        ready = MIN_NEW_DOGS <= len(dogs) <= MAX_NEW_DOGS and head is None
        self.record_button.disabled = not ready
        self.record_button.text = (f"Record {len(dogs)} new dogs" if ready
                                   else f"A tile makes {MIN_NEW_DOGS} to {MAX_NEW_DOGS} dogs")
        self.remove_button.disabled = not dogs and head is None
        full = len(dogs) >= MAX_NEW_DOGS
        for button in self.breed_buttons.values():
            button.disabled = full


class ScoringGrid(BoxLayout):
    """After a tile: one row per new dog, one column per player; a tap records that player scoring it."""

    def __init__(self, controller, summary: dict, **kwargs):
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        players = controller.players
        entries = summary["players"]
        junior = summary["scoring"].startswith("junior")
        label_width = dp(128)
        header = BoxLayout(size_hint_y=None, height=dp(112), spacing=theme.GAP)
        captions = BoxLayout(orientation="vertical", size_hint_x=None, width=label_width)
        captions.add_widget(fitted("new dog", theme.FONT_SMALL, color=theme.TEXT_DIM, halign="left"))
        captions.add_widget(fitted("cards in hand", theme.FONT_SMALL, color=theme.TEXT_DIM, halign="left"))
        captions.add_widget(fitted("cards scored" if junior else "points", theme.FONT_SMALL, color=theme.TEXT_DIM,
                                   halign="left"))
        header.add_widget(captions)
        self.hands: list[Label] = []
        self.totals: list[Label] = []
        for seat, entry in enumerate(entries):
            column = BoxLayout(orientation="vertical")
            column.add_widget(PlayerBadge(players[seat], height=dp(36), font_size=theme.FONT_SMALL,
                                          highlighted=seat == summary["turn"]))
            hand = fitted(str(entry["hand"]), theme.FONT_TITLE, bold=True)
            total = fitted(str(entry["total"]), theme.FONT_TITLE, bold=True)
            column.add_widget(hand)
            column.add_widget(total)
            self.hands.append(hand)
            self.totals.append(total)
            header.add_widget(column)
        self.add_widget(header)
        rows = GridLayout(cols=1, size_hint_y=None, spacing=theme.GAP)
        rows.bind(minimum_height=rows.setter("height"))
        self.buttons: dict[tuple[int, int], BigButton] = {}
        for index, (head, tail) in enumerate(summary["new_dogs"]):
            row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
            name = Label(text=dog_lines(head, tail), font_size=theme.FONT_SMALL, color=theme.TEXT, halign="left",
                         valign="middle", size_hint_x=None, width=label_width)
            name.bind(size=lambda lab, size: setattr(lab, "text_size", size))
            row.add_widget(name)
            for seat, entry in enumerate(entries):
                done = sum(1 for dog in entry["scored_this_turn"] if dog == [head, tail]) > \
                    sum(1 for other in summary["new_dogs"][:index] if other == [head, tail])
                button = BigButton(text="scored it" if done else "scored", kind="ok" if done else "normal",
                                   font_size=theme.FONT_SMALL)
                button.bind(on_release=lambda _, s=seat, h=head, t=tail:
                            controller.perform(Action("score", s, {"head": h, "tail": t})))
                self.buttons[(index, seat)] = button
                row.add_widget(button)
            rows.add_widget(row)
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(rows)
        self.add_widget(scroll)


class EndView(BoxLayout):
    """Totals, biggest first, with the winner or winners (a tie shares the win) said in words."""

    def __init__(self, controller, summary: dict, **kwargs):
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        players = controller.players
        junior = summary["scoring"].startswith("junior")
        names = summary["winner_names"]
        if len(names) == 1:
            headline = f"{names[0]} wins!"
        else:
            headline = f"{' and '.join(names)} share the win!"
        self.headline = fitted(headline, theme.FONT_TITLE * 1.2, bold=True, color=theme.OK,
                               size_hint_y=None, height=dp(52))
        self.add_widget(self.headline)
        ranked = sorted(summary["players"], key=lambda entry: -entry["total"])
        rows = GridLayout(cols=1, spacing=theme.GAP, size_hint_y=None)
        rows.bind(minimum_height=rows.setter("height"))
        self.rows: dict[int, Panel] = {}
        for entry in ranked:
            seat = entry["seat"]
            row = Panel(size_hint_y=None, height=dp(84), padding=dp(6))
            if seat in summary["winners"]:
                row.fill = theme.SURFACE_HIGH
            badge = PlayerBadge(players[seat], size_hint_x=0.3, size_hint_y=1, highlighted=seat in summary["winners"])
            row.add_widget(badge)
            word = points_word(junior, entry["total"])
            row.add_widget(Count(word, entry["total"], size_hint_x=0.2))
            detail = (f"{entry['stack_cards']} cards scored" if junior
                      else f"{entry['stack_cards']} cards: {stack_line(entry['scoring_stack'])}")
            row.add_widget(Text(text=detail, font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, size_hint_x=0.5,
                                size_hint_y=1))
            self.rows[seat] = row
            rows.add_widget(row)
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(rows)
        self.add_widget(scroll)
