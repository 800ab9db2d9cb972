"""The Mix-the-Mutts table view: the tiles and the card pile, whose turn, every hand and scoring
stack; one tap for "drew two", a breed pad for a connected tile's new dogs, then a scoring grid
(player by new dog) and the final totals. Pieces live in mix_the_mutts_parts."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.actions import Action
from ui import theme
from ui.games.mix_the_mutts_parts import BreedPad, EndView, Figure, PlayerCard, ScoringGrid, SeatName
from ui.screenshots import scene
from ui.widgets.basics import BigButton, Panel


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
        return self.controller.perform(Action("draw", summary["turn"]))

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
        if self.controller.perform(Action("connect", summary["turn"], {"combinations": combinations})):
            self.close_pad()
            return True
        return False

    def finish_turn(self) -> bool:
        summary = self.controller.session.summary()
        return self.controller.perform(Action("finish_turn", summary["turn"]))

    # ----- drawing ---------------------------------------------------------------------------
    def refresh(self) -> None:
        summary = self.controller.session.summary()
        self.clear_widgets()
        self.pad = self.scoring = self.end = None
        self.cards = []
        # A move taken back or put again under an open pad (Undo, Redo) may change whose tile it is.
        if summary["phase"] != "choosing" or len(self.controller.session.actions) != self.pad_moves:
            self.entering = False
        if summary["phase"] == "over":
            self.end = EndView(self.controller, summary)
            self.add_widget(self.end)
            return
        if self.entering:
            name = self.controller.players[summary["turn"]].name
            self.pad = BreedPad(self, summary)
            self.pad.update(name, self.dogs, self.head, summary["new_dogs_per_tile"])
            self.add_widget(self.pad)
            return
        if summary["phase"] == "scoring":
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
        self.pile = Figure("cards in the pile", summary["card_pile"])
        panel.add_widget(self.pile)
        tiles = summary["tiles"]
        # The face-up tile is the one being connected: the stack and the table are what change.
        row = BoxLayout(size_hint_y=None, height=dp(74), spacing=dp(4))
        self.tile_counts = {}
        for key, caption in (("on_table", "on table"), ("face_down", "in stack")):
            count = Figure(caption, tiles[key], key=False, under=True, font_size=theme.FONT_TITLE)
            self.tile_counts[key] = count.number
            row.add_widget(count)
        panel.add_widget(row)
        # Connecting is how the game moves on; drawing two is the fallback (and goes once the pile is empty).
        self.connect_button = BigButton(text="Connected a tile", kind="primary", height=theme.TOUCH_PRIMARY)
        self.connect_button.bind(on_release=lambda *_: self.open_pad())
        panel.add_widget(self.connect_button)
        self.draw_button = BigButton(text="Drew two" if summary["can_draw"] else "Pile empty: no drawing",
                                     disabled=not summary["can_draw"])
        self.draw_button.bind(on_release=lambda *_: self.drew_two())
        panel.add_widget(self.draw_button)
        return panel

    def _players(self, summary: dict) -> GridLayout:
        entries = summary["players"]
        grid = GridLayout(cols=2, spacing=theme.GAP)
        junior = summary["scoring"].startswith("junior")
        for entry in entries:
            card = PlayerCard(self.controller.players[entry["seat"]], entry, active=entry["seat"] == summary["turn"],
                              junior=junior)
            self.cards.append(card)
            grid.add_widget(card)
        return grid


VIEW = MixTheMuttsView


# ----- screenshot scenes ------------------------------------------------------------------------
def _family_session(services, count: int, options=None):
    from ui.scenes import FAMILY

    return services.store.new_session("mix_the_mutts", FAMILY[:count], options or {})


def _play(session, script):
    for kind, player, args in script:
        session.perform(Action(kind, player, args))


def _dogs(*pairs):
    return {"combinations": [{"head": head, "tail": tail} for head, tail in pairs]}


OPENING = [
    ("connect", 0, _dogs(("poodle", "schnauzer"), ("beagle", "beagle"))),
    ("score", 0, {"head": "poodle", "tail": "schnauzer"}),
    ("score", 2, {"head": "beagle", "tail": "beagle"}),
    ("finish_turn", 0, {}),
    ("draw", 1, {}),
    ("connect", 2, _dogs(("chihuahua", "pug"), ("pomeranian", "pomeranian"))),
    ("score", 2, {"head": "chihuahua", "tail": "pug"}),
    ("score", 3, {"head": "pomeranian", "tail": "pomeranian"}),
    ("finish_turn", 2, {}),
]


def _open(services, navigator, session):
    from ui.screens.game import open_game_screen

    screen = open_game_screen(services, navigator, session)
    navigator.transition.stop()
    return screen


@scene("mix-table", "Mix-the-Mutts: tiles, card pile, whose turn, hands and scoring stacks")
def mix_table(services, navigator):
    session = _family_session(services, 4)
    _play(session, OPENING)
    _open(services, navigator, session)


@scene("mix-pad", "Mix-the-Mutts: entering a connected tile's new dogs on the breed pad")
def mix_pad(services, navigator):
    session = _family_session(services, 4)
    _play(session, OPENING)
    view = _open(services, navigator, session).view
    view.open_pad()
    for breed in ("dachshund", "poodle", "beagle", "beagle", "pug"):
        view.tap_breed(breed)


@scene("mix-scoring", "Mix-the-Mutts: after a tile is connected, who scored which new dog")
def mix_scoring(services, navigator):
    session = _family_session(services, 4)
    _play(session, OPENING + [
        ("connect", 3, _dogs(("dachshund", "poodle"), ("beagle", "beagle"), ("pug", "schnauzer"))),
        ("score", 3, {"head": "dachshund", "tail": "poodle"}),
        ("score", 0, {"head": "beagle", "tail": "beagle"}),
    ])
    _open(services, navigator, session)


@scene("mix-end", "Mix-the-Mutts: final totals and the winner")
def mix_end(services, navigator):
    import json
    from pathlib import Path

    doc = json.loads((Path(__file__).resolve().parents[2] / "docs" / "examples" / "mix_the_mutts.json").read_text())
    session = _family_session(services, 2, doc["options"])
    for entry in doc["actions"]:
        session.perform(Action.from_json(entry))
    _open(services, navigator, session)
