"""Spending fetched discs on tricks (the abilities variant): a menu for the player whose turn it is,
with each trick's price. Stepping back is one tap; moving a disc takes the disc's space and then the
space it flies to, tapped on a copy of the dog's path. The rules decide whether it is allowed: a refusal
(too few discs, a space that already has a disc, the dog's own space) is explained in the message bar
and changes nothing. The menu is made once and shown again for each turn it is opened on."""

from __future__ import annotations

from typing import Any, Callable

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.actions import Action
from companion.games.thats_ruff.state import HOUSE, ActionType, Phase
from companion.games.thats_ruff.summary import BoardSummary, RuffSummary
from companion.words import counted
from ui import theme
from ui.controller import GameController
from ui.games.thats_ruff.widgets import SeatDoing, SpaceButton, compact, fit_popup, name_font, row_height
from ui.widgets.basics import BigButton, Panel, Text


def discs(count: int) -> str:
    return counted(count, "disc")


def tricks_button(on_release: Callable[[], object], **kwargs: Any) -> BigButton:
    """The way into the menu, on the Counting and the Collecting pads while tricks are on."""
    kwargs.setdefault("font_size", theme.FONT_SMALL if compact() else theme.FONT_BODY)
    kwargs.setdefault("height", row_height())
    button = BigButton(text="Tricks", **kwargs)
    button.bind(on_release=lambda *_: on_release())
    return button


class TricksPopup(ModalView):
    # Worked by the one player paying for a trick, up close; what it changes shows on the table after.
    fine_print = True

    def __init__(self, controller: GameController, **kwargs: Any) -> None:
        super().__init__(size_hint=(0.97, None), auto_dismiss=True, **kwargs)
        self.controller = controller
        self.seat = 0
        self.source: int | None = None
        self.costs: dict[str, int] = {}
        self.board: BoardSummary | None = None
        panel = Panel(orientation="vertical", padding=dp(10), spacing=dp(8))
        head = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=row_height())
        self.who = SeatDoing(font_size=name_font(), beside=False)
        head.add_widget(self.who)
        self.close_button = BigButton(text="Close", size_hint_x=None, width=dp(110), height=row_height(),
                                      font_size=name_font())
        self.close_button.bind(on_release=lambda *_: self.dismiss())
        head.add_widget(self.close_button)
        panel.add_widget(head)
        self.step_back_button = BigButton(height=row_height(), font_size=name_font())
        self.step_back_button.bind(on_release=lambda *_: self.step_back())
        panel.add_widget(self.step_back_button)
        self.retoss_hint = Text(text="", font_size=name_font())
        panel.add_widget(self.retoss_hint)
        spaces = BoxLayout(spacing=dp(4), size_hint_y=None, height=row_height())
        self.space_buttons: list[SpaceButton] = []
        for space in range(HOUSE):
            button = SpaceButton(space=space, font_size=name_font())
            button.bind(on_release=lambda _, s=space: self.tap_space(s))
            self.space_buttons.append(button)
            spaces.add_widget(button)
        panel.add_widget(spaces)
        self.stay_note = Text(text="", font_size=theme.FONT_SMALL, color=theme.TEXT_DIM)
        panel.add_widget(self.stay_note)
        self.add_widget(panel)
        fit_popup(self, panel)

    def show(self, summary: RuffSummary) -> None:
        """The menu for the player whose turn it is now, nothing picked yet."""
        seat = summary["turn"]
        assert seat is not None and summary["abilities"] is not None, "tricks are for a turn, with tricks on"
        self.seat, self.source = seat, None
        self.costs = costs = summary["abilities"]["costs"]
        self.board = board = summary["boards"][summary["players"][seat]["board"]]
        self.who.player = self.controller.players[seat]
        self.who.doing = f"{board['dog']} has {discs(board['discs_in_house'])} in the dog house"
        step = costs["step_back"]
        collecting = summary["phase"] == Phase.COLLECTING
        self.step_back_button.text = (f"Step back one space: {discs(step)}" if collecting
                                      else f"Step back ({discs(step)}): only while collecting")
        self.step_back_button.disabled = not collecting
        owner = self.controller.players[board["seats"][0]]
        for button in self.space_buttons:
            button.disc = button.space in board["discs_on_path"]
            button.dog = (owner.identity, board["dog"][:1]) if button.space == board["position"] else None
        self.stay_note.text = f"Staying in the dog house costs {discs(costs['stay'])} per space."
        self._hint()

    def _hint(self, text: str | None = None) -> None:
        assert self.board is not None
        price = discs(self.costs["retoss"])
        dog = self.board["dog"]
        if text is None:
            if self.source is None:
                text = (f"Move a disc ({price}): tap a disc on {dog}'s path, then the space it flies to."
                        if self.board["discs_on_path"] else f"Move a disc ({price}): no disc lies on {dog}'s path now.")
            else:
                text = f"Move a disc ({price}): now tap the space the disc on {self.source} flies to."
        self.retoss_hint.text = text
        for button in self.space_buttons:
            button.selected = button.space == self.source

    def step_back(self) -> bool:
        self.dismiss()
        return self.controller.perform(Action(ActionType.USE_ABILITY, self.seat, {"ability": "step_back"}))

    def tap_space(self, space: int) -> bool:
        assert self.board is not None
        if self.source is None:
            if space not in self.board["discs_on_path"]:
                self._hint(f"Space {space} has no disc to move: tap a space with a disc (yellow) first.")
                return False
            self.source = space
            self._hint()
            return False
        if space == self.source:
            self.source = None
            self._hint()
            return False
        self.dismiss()
        return self.controller.perform(Action(ActionType.USE_ABILITY, self.seat,
                                              {"ability": "retoss", "from": self.source, "to": space}))


class OpensTricks:
    """A pad with the Tricks button: the popup is made once, on the first tap, and shows the summary the
    pad was last shown."""

    controller: GameController
    summary: RuffSummary | None
    tricks: TricksPopup | None

    def open_tricks(self) -> TricksPopup:
        if self.tricks is None:
            self.tricks = TricksPopup(self.controller)
        assert self.summary is not None
        self.tricks.show(self.summary)
        self.tricks.open()
        return self.tricks
