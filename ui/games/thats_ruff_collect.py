"""Collecting in That's Ruff!: the centre cards and everyone's laid-out cards as cards to tap. The
player whose turn it is taps one of their own cards and one or two centre cards, then Collect; or
Move to centre when nothing can be collected."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.stacklayout import StackLayout

from companion.actions import Action
from ui import theme
from ui.games.thats_ruff_pads import tell
from ui.games.thats_ruff_parts import (CardChip, CardFace, NameTag, SuitButton, chip_size, compact, name_font,
                                       primary_height, row_height)
from ui.widgets.basics import BigButton, Panel, Text



def name_width() -> float:
    """The longest names ("Jean-Baptiste") on one line beside their shape."""
    return dp(134) if compact() else dp(176)


class CollectPad(BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        self.controller = controller
        self.turn: int | None = None
        self.collector: int | None = None       # index into the turn player's laid-out cards
        self.picked: list[int] = []             # indexes into the centre
        self.colour_question: ModalView | None = None
        head = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=row_height())
        self.turn_badge = NameTag(font_size=name_font(), size_hint_x=None, width=name_width() + dp(40))
        head.add_widget(self.turn_badge)
        self.hint = Text(text="", font_size=name_font(), size_hint_y=1)
        head.add_widget(self.hint)
        self.add_widget(head)
        body = BoxLayout(spacing=theme.GAP)
        centre_panel = Panel(orientation="vertical", size_hint_x=0.5, padding=dp(6), spacing=dp(4))
        self.centre_title = Text(text="Centre", font_size=name_font(), bold=True)
        centre_panel.add_widget(self.centre_title)
        self.centre = StackLayout(spacing=dp(5), size_hint_y=None)
        self.centre.bind(minimum_height=self.centre.setter("height"))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(self.centre)
        centre_panel.add_widget(scroll)
        body.add_widget(centre_panel)
        seats_panel = Panel(orientation="vertical", size_hint_x=0.5, padding=dp(6), spacing=dp(4))
        self.rows = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(5))
        self.rows.bind(minimum_height=self.rows.setter("height"))
        rows_scroll = ScrollView(do_scroll_x=False)
        rows_scroll.add_widget(self.rows)
        seats_panel.add_widget(rows_scroll)
        body.add_widget(seats_panel)
        self.add_widget(body)
        buttons = BoxLayout(spacing=theme.GAP * 2, size_hint_y=None, height=primary_height())
        self.collect_button = BigButton(text="Collect", height=primary_height())
        self.collect_button.bind(on_release=lambda *_: self.collect())
        self.centre_button = BigButton(text="Move to centre", height=primary_height())
        self.centre_button.bind(on_release=lambda *_: self.to_centre())
        self.clear_button = BigButton(text="Clear", size_hint_x=0.5, height=primary_height())
        self.clear_button.bind(on_release=lambda *_: self.clear())
        for button in (self.collect_button, self.centre_button, self.clear_button):
            buttons.add_widget(button)
        self.add_widget(buttons)
        self.summary: dict = {}
        self.centre_chips: list[CardChip] = []
        self.own_chips: list[CardChip] = []

    # ----- showing ----------------------------------------------------------------------------------
    def refresh(self, summary: dict) -> None:
        if summary["turn"] != self.turn or summary["centre"] != self.summary.get("centre"):
            self.collector, self.picked = None, []
        self.summary, self.turn = summary, summary["turn"]
        player = self.controller.players[self.turn]
        self.turn_badge.set([player.identity], player.name, "collects")
        # The expected step is the one the rules leave: collecting when a collection is possible,
        # else moving a card to the centre.
        can = summary["can_collect"]
        self.collect_button.kind = "primary" if can else "normal"
        self.centre_button.kind = "normal" if can else "primary"
        self._rebuild()

    def _rebuild(self) -> None:
        summary = self.summary
        self.centre_title.text = f"Centre: {len(summary['centre'])} cards"
        self.centre.clear_widgets()
        self.centre_chips = []
        for index, card in enumerate(summary["centre"]):
            card_chip = CardChip(card, selected=index in self.picked)
            card_chip.bind(on_release=lambda _, i=index: self.tap_centre(i))
            self.centre_chips.append(card_chip)
            self.centre.add_widget(card_chip)
        self.rows.clear_widgets()
        self.own_chips = []
        chip = chip_size()
        order = [(self.turn + offset) % len(summary["players"]) for offset in range(len(summary["players"]))]
        for seat in order:
            seat_view = summary["players"][seat]
            player = self.controller.players[seat]
            row = BoxLayout(spacing=dp(4), size_hint_y=None, height=chip[1])
            row.add_widget(NameTag([player.identity], player.name, font_size=name_font(), size_hint_x=None,
                                   width=name_width()))
            for index, slot in enumerate(seat_view["laid_out"]):
                if seat == self.turn:
                    own = CardChip(slot["card"], selected=index == self.collector)
                    own.bind(on_release=lambda _, i=index: self.tap_own(i))
                    self.own_chips.append(own)
                else:
                    # Only the player collecting now has cards to tap; the others' are shown, dimmed.
                    own = CardFace(slot["card"], dimmed=True)
                row.add_widget(own)
            if not seat_view["laid_out"]:
                row.add_widget(Text(text=f"collected {len(seat_view['collected'])}", font_size=theme.FONT_SMALL,
                                    color=theme.TEXT_DIM, size_hint_y=1))
            row.add_widget(BoxLayout())
            self.rows.add_widget(row)
        self._hint()

    def _hint(self) -> None:
        can = self.summary["can_collect"]
        if self.collector is None:
            hint = {3: "tap one of your cards, then 2 centre cards: all one colour or all different.",
                    2: "tap one of your cards, then 1 centre card of its colour."}.get(
                can, "nothing can be collected: tap one of your cards, then Move to centre.")
        else:
            picked = len(self.picked)
            hint = f"{picked} centre card{'s' if picked != 1 else ''} picked."
        last = self.summary.get("last_move", "")
        self.hint.text = f"{hint}\n{last}" if last else hint

    # ----- tapping ----------------------------------------------------------------------------------
    def tap_own(self, index: int) -> None:
        self.collector = None if self.collector == index else index
        for position, chip in enumerate(self.own_chips):
            chip.selected = position == self.collector
        self._hint()

    def tap_centre(self, index: int) -> None:
        if index in self.picked:
            self.picked.remove(index)
        elif len(self.picked) >= 2:
            tell(self, "A card collects at most two centre cards. Tap a picked card to put it back.")
            return
        else:
            self.picked.append(index)
        for position, chip in enumerate(self.centre_chips):
            chip.selected = position in self.picked
        self._hint()

    def clear(self) -> None:
        self.collector, self.picked = None, []
        self._rebuild()

    def _own_card(self) -> dict | None:
        if self.collector is None:
            tell(self, "First tap the card of yours that does the collecting.")
            return None
        return self.summary["players"][self.turn]["laid_out"][self.collector]["card"]

    def collect(self, colours: list[str] | None = None) -> bool:
        own = self._own_card()
        if own is None:
            return False
        if not self.picked:
            tell(self, "Tap one or two centre cards to collect.")
            return False
        cards = [dict(own)] + [dict(self.summary["centre"][index]) for index in self.picked]
        wild = [card for card in cards if card.get("wild")]
        colours = list(colours or [])
        if len(colours) < len(wild):
            self.ask_colour(colours)
            return False
        for card, colour in zip(wild, colours):
            card["colour"] = colour
        return self.controller.perform(Action("collect", self.turn, {"collector": cards[0], "cards": cards[1:]}))

    def to_centre(self) -> bool:
        own = self._own_card()
        if own is None:
            return False
        return self.controller.perform(Action("to_centre", self.turn, {"card": dict(own)}))

    def ask_colour(self, chosen: list[str]) -> ModalView:
        popup = ModalView(size_hint=(None, None), size=(dp(560), dp(220)))
        panel = Panel(orientation="vertical")
        panel.add_widget(Text(text="Which colour does the Wild Dog take?", font_size=theme.FONT_TITLE, bold=True,
                              halign="center"))
        row = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH_BIG)
        for suit, text in (("blue", "Blue dish"), ("red", "Red hydrant"), ("black", "Black paw")):
            button = SuitButton(suit, text, height=theme.TOUCH_BIG)
            button.bind(on_release=lambda _, s=suit: (popup.dismiss(), self.collect(chosen + [s])))
            row.add_widget(button)
        panel.add_widget(row)
        popup.add_widget(panel)
        self.colour_question = popup
        popup.open()
        return popup
