"""The That's Ruff! table view: the count big beside every dog's loop, and under them the pad for
what happens now (laying out, counting, turning up, staying, dealing). Collecting has its own table
of cards to tap (thats_ruff_collect); the pads are in thats_ruff_pads, the drawings in thats_ruff_parts."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.actions import Action
from ui import theme
from ui.games.thats_ruff_collect import CollectPad
from ui.games.thats_ruff_pads import CountingPad, EntryPad
from ui.games.thats_ruff_parts import BoardWidget, CardChip, ShadedCounts
from ui.screenshots import scene
from ui.widgets.basics import BigButton, Panel, PlayerBadge, Text

PHASE_WORDS = {"laying_out": "Laying out", "counting": "Counting", "revealing": "Turning up",
               "collecting": "Collecting", "moving": "Moving back", "hand_over": "Hand over", "won": "Game over"}


class CountPanel(Panel):
    """The count, read from across the table, the shaded counts, and the card the next one matches."""

    def __init__(self, **kwargs):
        super().__init__(orientation="vertical", padding=dp(6), spacing=dp(4), **kwargs)
        self.phase_label = Label(font_size=theme.FONT_SMALL, color=theme.TEXT_DIM, size_hint_y=None,
                                 height=theme.FONT_SMALL * 1.3)
        self.add_widget(self.phase_label)
        self.count_label = Label(text="0", font_size=theme.FONT_HUGE, bold=True, color=theme.TEXT)
        self.count_label.bind(size=self._scale)
        self.add_widget(self.count_label)
        self.shaded = ShadedCounts()
        self.add_widget(self.shaded)
        self.last_row = BoxLayout(size_hint_y=None, height=dp(46), spacing=dp(6))
        self.add_widget(self.last_row)

    def _scale(self, label, size):
        # Spare room at 1280x720 makes the count bigger; a short or narrow panel never clips it.
        width, height = size
        label.font_size = max(theme.FONT_NUMBER * 0.7, min(theme.FONT_HUGE * 2.6, height * 0.9, width * 0.6))

    def show(self, summary: dict) -> None:
        self.phase_label.text = f"{PHASE_WORDS.get(summary['phase'], '')} · hand {summary['hand']}"
        self.count_label.text = str(summary["count"])
        self.shaded.count = summary["count"]
        self.last_row.clear_widgets()
        card = summary["last_card"]
        if card is None:
            self.last_row.add_widget(Label(text="nothing to match", font_size=theme.FONT_SMALL, color=theme.TEXT_DIM))
            return
        self.last_row.add_widget(CardChip(card, size=(dp(40), dp(46)), pos_hint={"center_y": 0.5}))
        text = Label(text=f"match: {summary['last_card_name']}", font_size=theme.FONT_SMALL * 0.9, halign="left",
                     valign="middle")
        text.bind(size=lambda lab, size: setattr(lab, "text_size", size))
        self.last_row.add_widget(text)


class ThatsRuffView(BoxLayout):
    def __init__(self, controller, **kwargs):
        super().__init__(orientation="vertical", spacing=theme.GAP, **kwargs)
        self.controller = controller
        identities = [player.identity for player in controller.players]
        self.table = BoxLayout(spacing=theme.GAP)
        self.count_panel = CountPanel(size_hint_x=None)
        self.table.bind(width=lambda _, width: setattr(self.count_panel, "width", max(dp(200), width * 0.26)))
        self.table.add_widget(self.count_panel)
        right = BoxLayout(orientation="vertical", spacing=dp(4))
        self.last_move = Text(text="", font_size=theme.FONT_SMALL, color=theme.TEXT)
        right.add_widget(self.last_move)
        self.boards_row = BoxLayout(spacing=dp(4))
        self.boards = []
        for _ in controller.session.summary()["boards"]:
            board = BoardWidget(identities)
            self.boards.append(board)
            self.boards_row.add_widget(board)
        right.add_widget(self.boards_row)
        self.table.add_widget(right)
        self.counting = CountingPad(controller)
        self.entry = EntryPad(controller)
        self.collecting: CollectPad | None = None
        self.banner: BoxLayout | None = None
        self.shown = None
        self.phase = None

    def _show(self, *widgets) -> None:
        if self.shown == widgets:
            return
        self.clear_widgets()
        for widget in widgets:
            self.add_widget(widget)
        self.shown = widgets

    def refresh(self) -> None:
        summary = self.controller.session.summary()
        self.phase = phase = summary["phase"]
        if phase == "collecting":
            self.collecting = self.collecting or CollectPad(self.controller)
            self._show(self.collecting)
            self.collecting.refresh(summary)
            return
        self.count_panel.show(summary)
        self.last_move.text = summary["last_move"]
        for widget, board in zip(self.boards, summary["boards"]):
            widget.show(board)
        if phase == "counting":
            self._show(self.table, self.counting)
            self.counting.refresh(summary)
        elif phase in ("laying_out", "revealing"):
            self._show(self.table, self.entry)
            self.entry.refresh(summary)
        else:
            self.banner = self._banner(summary)
            self._show(self.table, self.banner)

    def _banner(self, summary: dict) -> BoxLayout:
        row = BoxLayout(spacing=theme.GAP, size_hint_y=None, height=theme.TOUCH_BIG)
        if summary["phase"] == "won":
            winner = summary["winner"]
            board = summary["boards"][winner["board"]]
            panel = Panel(fill=theme.OK, padding=dp(6))
            for seat in winner["seats"]:
                panel.add_widget(PlayerBadge(self.controller.players[seat], size_hint_x=0.3, height=theme.TOUCH,
                                             highlighted=True))
            panel.add_widget(Label(
                text=f"{winner['dog']} wins! Home in the dog house, every disc fetched "
                     f"({board['discs_in_house']} kept in the house).",
                font_size=theme.FONT_TITLE, bold=True, color=theme.readable_text_on(theme.OK),
                halign="left", valign="middle", size_hint_x=0.7, text_size=(None, None)))
            panel.children[0].bind(size=lambda lab, size: setattr(lab, "text_size", size))
            self.winner_text = panel.children[0].text
            row.add_widget(panel)
        elif summary["phase"] == "moving":
            seat = summary["waiting_for"][0]
            dog = summary["players"][seat]["dog"]
            row.add_widget(PlayerBadge(self.controller.players[seat], size_hint_x=0.3, height=theme.TOUCH_BIG))
            for stay, text in ((True, f"{dog} stays in the dog house"), (False, f"{dog} moves on")):
                button = BigButton(text=text, kind="primary" if stay else "normal", height=theme.TOUCH_BIG)
                button.bind(on_release=lambda _, s=stay: self.controller.perform(
                    Action("choose_stay", seat, {"stay": s})))
                row.add_widget(button)
        else:
            dealer = summary["next_dealer"]
            row.add_widget(PlayerBadge(self.controller.players[dealer], size_hint_x=0.35, height=theme.TOUCH_BIG))
            button = BigButton(text=f"Deal hand {summary['hand'] + 1} ({summary['deal_size']} cards each)",
                               kind="primary", height=theme.TOUCH_BIG)
            button.bind(on_release=lambda *_: self.controller.perform(Action("deal", dealer)))
            row.add_widget(button)
        return row


VIEW = ThatsRuffView


# ----- screenshot scenes ------------------------------------------------------------------------
def _example(services, upto: int | None):
    import json
    from pathlib import Path

    from ui.scenes import FAMILY

    doc = json.loads((Path(__file__).resolve().parents[2] / "docs" / "examples" / "thats_ruff.json").read_text())
    session = services.store.new_session("thats_ruff", FAMILY[:2], doc["options"])
    for entry in doc["actions"][:upto]:
        session.perform(Action.from_json(entry))
    return session


def _open(services, navigator, session):
    from ui.screens.game import open_game_screen

    screen = open_game_screen(services, navigator, session)
    navigator.transition.stop()
    return screen


@scene("ruff-counting", "That's Ruff!: four boards mid-count, the card pad")
def ruff_counting(services, navigator):
    from ui.scenes import FAMILY

    session = services.store.new_session("thats_ruff", FAMILY[:4], {"dealer": 3})
    for seat in range(4):
        session.perform(Action("lay_out", seat, {"face_up": [{"number": 2 + seat, "colour": "red"}], "face_down": 3}))
    for seat, card in ((0, {"number": 1, "colour": "blue"}), (1, {"number": 1, "colour": "red"}),
                       (2, {"number": 6, "colour": "red"}), (3, {"number": 8, "colour": "red", "dog": "Lady"}),
                       (0, {"number": 11, "colour": "red"})):
        session.perform(Action("play", seat, card))
    _open(services, navigator, session)


@scene("ruff-toss", "That's Ruff!: just after a toss: the new disc on the path, count back at 0")
def ruff_toss(services, navigator):
    _open(services, navigator, _example(services, 11))


@scene("ruff-collecting", "That's Ruff!: collecting with the centre cards and laid-out cards to tap")
def ruff_collecting(services, navigator):
    screen = _open(services, navigator, _example(services, 16))
    pad = screen.view.collecting
    pad.tap_own(0)
    pad.tap_centre(1)


@scene("ruff-win", "That's Ruff!: the winner's banner, dog home with its discs")
def ruff_win(services, navigator):
    _open(services, navigator, _example(services, None))
