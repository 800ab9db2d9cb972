"""A game's rules in plain words, one tap from the table: the goal, a turn, what every card does, how
it ends and what to tell the app, each on its own page so nobody scrolls past the rest to find what
a Flea does.

Each page is laid out the first time its tab is tapped and kept: going back to a page shows the very
words already laid out."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.rulecards import load_help
from ui import theme
from ui.widgets.basics import (
    BigButton,
    Panel,  # noqa: F401  (named in rules.kv)
    PopupHeader,
    Text,
)
from ui.widgets.hiding import covers_the_screen
from ui.widgets.kv import load_kv

Block = tuple[str, str]                 # ("heading" | "text" | "name", its words)
Page = tuple[str, str, list[Block]]     # (key, tab, blocks)


def pages(card: dict[str, Any]) -> list[Page]:
    """(key, tab, blocks): each block is ("heading" | "text" | "name", its words)."""
    turn = [("heading", "A turn")]
    turn += [("text", f"{number}. {step}") for number, step in enumerate(card["turn"], 1)]
    for more in card.get("more", []):
        turn += [("heading", more["title"]), ("text", more["text"])]
    cards = [("heading", card.get("cards_title", "What the cards do"))]
    for entry in card["cards"]:
        cards += [("name", entry["name"]), ("text", entry["effect"])]
    return [
        ("goal", "Goal", [("heading", "The goal"), ("text", card["goal"]),
                          ("heading", "Getting ready"), ("text", card["setup"])]),
        ("turn", "A turn", turn),
        ("cards", "Cards", cards),
        ("end", "The end", [("heading", "How it ends"), ("text", card["end"])]),
        ("app", "The app", [("heading", "What to tell the app")] + [("text", f"\u2022 {line}") for line in card["app"]]),
    ]


class RulesPage(BoxLayout):
    """One page's words, top to bottom."""

    def __init__(self, blocks: list[Block], **kwargs: Any) -> None:
        super().__init__(orientation="vertical", size_hint_y=None, spacing=theme.GAP,
                         padding=[0, 0, dp(10), theme.GAP], **kwargs)
        self.bind(minimum_height=self.setter("height"))
        for kind, words in blocks:
            if kind == "heading":
                self.add_widget(Text(text=words, font_size=theme.FONT_TITLE * 0.85, bold=True, color=theme.ACCENT))
            elif kind == "name":
                # A little air above each card's name keeps one card's words from running into the next.
                self.add_widget(Widget(size_hint_y=None, height=theme.GAP))
                self.add_widget(Text(text=words, bold=True))
            else:
                self.add_widget(Text(text=words, color=theme.TEXT))


class RulesPopup(ModalView):
    """Tabs down the left, the chosen page beside them (scrolling when long), Close at the top."""

    page = StringProperty("")

    def __init__(self, game_key: str, title: str, start: str = "goal", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        covers_the_screen(self)
        self.ids["panel"].add_widget(PopupHeader(title=f"How to play {title}", on_close=self.dismiss), index=1)
        self.pages = pages(load_help(game_key))
        self._laid_out: dict[str, RulesPage] = {}
        self.tabs: dict[str, BigButton] = {}
        column = self.ids["tabs"]
        for key, tab, _ in self.pages:
            button = BigButton(text=tab, height=theme.TOUCH)
            button.bind(on_release=lambda _button, chosen=key: self.show(chosen))
            column.add_widget(button)
            self.tabs[key] = button
        column.add_widget(Widget())
        self.show(start if start in self.tabs else self.pages[0][0])

    @property
    def scroll(self) -> ScrollView:
        return self.ids["scroll"]

    def show(self, key: str) -> None:
        self.page = key
        for name, button in self.tabs.items():
            button.kind = "ok" if name == key else "normal"
        page = self._laid_out.get(key)
        if page is None:
            blocks = next(blocks for name, _, blocks in self.pages if name == key)
            page = self._laid_out[key] = RulesPage(blocks)
        if page.parent is not self.scroll:
            self.scroll.clear_widgets()
            self.scroll.add_widget(page)
        self.scroll.scroll_y = 1


load_kv(__file__)
