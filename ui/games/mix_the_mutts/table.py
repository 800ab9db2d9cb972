"""The Mix-the-Mutts table view: the tiles and the card pile, whose turn, every hand and scoring
stack; one tap for "drew two", a breed pad for a connected tile's new dogs (pads.py), then a scoring
grid (player by new dog, scoring.py) and the final totals (results.py). Small pieces are in widgets.py."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.actions import Action
from companion.games.mix_the_mutts.state import DRAW, ActionType, Phase
from companion.words import noun
from ui import theme
from ui.games.mix_the_mutts.pads import BreedPad
from ui.games.mix_the_mutts.results import EndView
from ui.games.mix_the_mutts.scoring import ScoringGrid
from ui.games.mix_the_mutts.widgets import PlayerCard, SeatName
from ui.widgets.basics import BigButton, Panel
from ui.widgets.count import Count

# The draw button says how many cards a draw takes, in words: "Drew two".
COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six")
# The tiles on the table and in the stack: digits 10 mm tall on the 7" panel over a caption read from
# the seats.
TILES_HEIGHT = theme.FONT_KEY_NUMBER * 0.76 + theme.FONT_TABLE * 1.25 + dp(4)


class MixTheMuttsView(BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(spacing=theme.GAP, **kwargs)
        self.controller = controller
        # The breed pad's entries live here, so a refused tap or a refresh never loses them.
        self.entering = False
        self.pad_moves = 0
        self.dogs: list[list[str]] = []
        self.head: str | None = None
        self.pad: BreedPad | None = None
        self.scoring: ScoringGrid | None = None
        self.end: EndView | None = None
        self.cards: list[PlayerCard] = []

    # ----- what the players tell the app ---------------------------------------------------------
    def drew_two(self) -> bool:
        summary = self.controller.session.summary()
        return self.controller.perform(Action(ActionType.DRAW, summary["turn"]))

    def open_pad(self) -> None:
        self.entering, self.dogs, self.head = True, [], None
        self.pad_moves = len(self.controller.session.actions)
        self.refresh()

    def close_pad(self) -> None:
        self.entering, self.dogs, self.head = False, [], None
        self.refresh()

    def tap_breed(self, breed: str) -> None:
        if self.head is None:
            if len(self.dogs) < self.controller.session.summary()["new_dogs_per_tile"]["max"]:
                self.head = breed
        else:
            self.dogs.append([self.head, breed])
            self.head = None
        self.refresh()

    def remove_last(self) -> None:
        if self.head is not None:
            self.head = None
        elif self.dogs:
            self.dogs.pop()
        self.refresh()

    def record_tile(self) -> bool:
        summary = self.controller.session.summary()
        combinations = [{"head": head, "tail": tail} for head, tail in self.dogs]
        if self.controller.perform(Action(ActionType.CONNECT, summary["turn"], {"combinations": combinations})):
            self.close_pad()
            return True
        return False

    def finish_turn(self) -> bool:
        summary = self.controller.session.summary()
        return self.controller.perform(Action(ActionType.FINISH_TURN, summary["turn"]))

    # ----- drawing ---------------------------------------------------------------------------
    def refresh(self) -> None:
        summary = self.controller.session.summary()
        self.clear_widgets()
        self.pad = self.scoring = self.end = None
        self.cards = []
        # A move taken back or put again under an open pad (Undo, Redo) may change whose tile it is.
        if summary["phase"] != Phase.CHOOSING or len(self.controller.session.actions) != self.pad_moves:
            self.entering = False
        if summary["phase"] == Phase.OVER:
            self.end = EndView(self.controller, summary)
            self.add_widget(self.end)
            return
        if self.entering:
            name = self.controller.players[summary["turn"]].name
            self.pad = BreedPad(self, summary)
            self.pad.update(name, self.dogs, self.head, summary["new_dogs_per_tile"])
            self.add_widget(self.pad)
            return
        if summary["phase"] == Phase.SCORING:
            # The grid takes the whole width: a column per player, each with the whole name.
            self.scoring = ScoringGrid(self.controller, summary, self.finish_turn)
            self.finish_button = self.scoring.finish_button
            self.add_widget(self.scoring)
            return
        self.add_widget(self._table_panel(summary))
        self.add_widget(self._players(summary))

    def _table_panel(self, summary: dict) -> Panel:
        """Whose turn, the card pile, the tiles and the two things the active player can do, every word
        table-sized; the seats beside it show the rest."""
        panel = Panel(orientation="vertical", size_hint_x=None, width=dp(226), padding=[dp(8), dp(6)], spacing=dp(4))
        players = self.controller.players
        self.turn_badge = SeatName(players[summary["turn"]], bold=True, symbol=dp(30), size_hint_y=None, height=dp(36))
        panel.add_widget(self.turn_badge)
        pile = summary["card_pile"]
        # The caption wraps beside the number: "cards in the" over "pile".
        self.pile = Count(f"{noun(pile, 'card')} in the pile", pile, beside=True, caption_room=dp(90))
        panel.add_widget(self.pile)
        tiles = summary["tiles"]
        # The face-up tile is the one being connected: the stack and the table are what change.
        row = BoxLayout(size_hint_y=None, height=TILES_HEIGHT, spacing=dp(4))
        self.tile_counts = {}
        for key, caption in (("on_table", "on table"), ("face_down", "in stack")):
            count = Count(caption, tiles[key])
            self.tile_counts[key] = count.number
            row.add_widget(count)
        panel.add_widget(row)
        # Connecting is how the game moves on; drawing two is the fallback (and goes once the pile is empty).
        self.connect_button = BigButton(text="Connected a tile", kind="primary", height=theme.TOUCH_PRIMARY)
        self.connect_button.bind(on_release=lambda *_: self.open_pad())
        panel.add_widget(self.connect_button)
        self.draw_button = BigButton(text=f"Drew {COUNT_WORDS[DRAW]}" if summary["can_draw"] else "Pile empty: no drawing",
                                     disabled=not summary["can_draw"])
        self.draw_button.bind(on_release=lambda *_: self.drew_two())
        panel.add_widget(self.draw_button)
        return panel

    def _players(self, summary: dict) -> GridLayout:
        entries = summary["players"]
        grid = GridLayout(cols=2, spacing=theme.GAP)
        junior = summary["scoring"].startswith("junior")
        scores = self.controller.outcome.scores
        for entry in entries:
            seat = entry["seat"]
            card = PlayerCard(self.controller.players[seat], entry, scores[seat], active=seat == summary["turn"],
                              junior=junior)
            self.cards.append(card)
            grid.add_widget(card)
        return grid

