"""A game's rules in plain words, one tap from the table: the goal, a turn, what every card does, how
it ends and what to tell the app, each on its own page so nobody scrolls past the rest to find what
a Flea does."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.rulecards import load_help
from ui import theme
from ui.widgets.basics import BigButton, Panel, Text, popup_header

HEADING_FONT = theme.FONT_TITLE * 0.85


def pages(card: dict) -> list[tuple[str, str, list[tuple[str, str]]]]:
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


class RulesPopup(ModalView):
    """Tabs down the left, the chosen page beside them (scrolling when long), Close at the top."""

    def __init__(self, game_key: str, title: str, start: str = "goal", **kwargs):
        super().__init__(size_hint=(0.96, 0.96), **kwargs)
        self.pages = pages(load_help(game_key))
        panel = Panel(orientation="vertical")
        panel.add_widget(popup_header(f"How to play {title}", self.dismiss))
        body = BoxLayout(spacing=theme.GAP)
        tabs = BoxLayout(orientation="vertical", size_hint_x=None, width=dp(140), spacing=theme.GAP)
        self.tabs: dict[str, BigButton] = {}
        for key, tab, _ in self.pages:
            button = BigButton(text=tab, height=theme.TOUCH)
            button.bind(on_release=lambda _, k=key: self.show(k))
            tabs.add_widget(button)
            self.tabs[key] = button
        tabs.add_widget(Widget())
        body.add_widget(tabs)
        self.content = BoxLayout(orientation="vertical", size_hint_y=None, spacing=theme.GAP,
                                 padding=[0, 0, dp(10), theme.GAP])
        self.content.bind(minimum_height=self.content.setter("height"))
        self.scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        self.scroll.add_widget(self.content)
        body.add_widget(self.scroll)
        panel.add_widget(body)
        self.add_widget(panel)
        self.page = ""
        self.show(start if start in self.tabs else self.pages[0][0])

    def show(self, key: str) -> None:
        self.page = key
        for name, button in self.tabs.items():
            button.kind = "ok" if name == key else "normal"
        self.content.clear_widgets()
        blocks = next(blocks for name, _, blocks in self.pages if name == key)
        for kind, words in blocks:
            if kind == "heading":
                self.content.add_widget(Text(text=words, font_size=HEADING_FONT, bold=True, color=theme.ACCENT))
            elif kind == "name":
                # A little air above each card's name keeps one card's words from running into the next.
                self.content.add_widget(Widget(size_hint_y=None, height=theme.GAP))
                self.content.add_widget(Text(text=words, bold=True))
            else:
                self.content.add_widget(Text(text=words, color=theme.TEXT))
        self.scroll.scroll_y = 1
