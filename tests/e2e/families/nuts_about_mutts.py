"""A family playing Nuts about Mutts on the real app: the evening the set-up started (the basic game,
every hand to the top dog), then a second evening of the advanced game chosen in the set-up Settings,
where a player slams their big button to claim a Match! or a Run!.

Every step is decided from what the screen shows and what the session says (read only), so the family
can pick up a game from any state: after a kill and Resume, mid-way through a hand, on the scores.
The things worth showing happen at the first chance in each game: the bone race on the big buttons,
turns recorded by a player's own button (tap = played, hold = drew), each wild card once, a claim race
with Undo and Redo around it."""

from __future__ import annotations

import random
import re

from table import DriveError

from families import common

TITLE = "Nuts about Mutts"
MAX_STEPS = 2000
HOLD_FOR_DRAW_S = 0.9
WILD_TOUR = ("flea", "fire_hydrant", "dog_house", "pedigree")


class Family:
    def __init__(self, table, seed: int, shots: str):
        self.table = table
        self.rng = random.Random(seed)
        self.shots = shots
        self.done: set[str] = set()
        self.shot_taken: set[str] = set()

    # ----- reading the table -------------------------------------------------------------------
    @property
    def session(self):
        return self.table.session

    @property
    def view(self):
        return getattr(self.table.screen, "view", None)

    @property
    def pad(self):
        return self.view.pad

    def summary(self) -> dict:
        return self.session.summary()

    def advanced(self) -> bool:
        return bool(self.session.options.get("advanced"))

    def button_of(self, seat: int) -> int | None:
        return self.session.players[seat].button

    def recorded(self, kind: str, **fields) -> bool:
        """Whether this game's log already holds such an action (so a resumed family does not repeat it)."""
        return any(action.type == kind and all((key in action.args) == wanted for key, wanted in fields.items())
                   for action in self.session.actions)

    def shot(self, moment: str, *, once: bool = True) -> None:
        if once and moment in self.shot_taken:
            return
        self.shot_taken.add(moment)
        self.table.screenshot(f"{self.shots}-{moment}")

    # ----- acting ------------------------------------------------------------------------------
    def tap_key(self, key: str) -> None:
        """Tap one of the action pad's buttons (found by its role, tapped where it is drawn)."""
        button = self.pad.buttons.get(key)
        if button is None:
            raise DriveError(f"{self.table.where()}: the pad shows no {key!r} button; "
                             f"it has {sorted(self.pad.buttons)}; texts: {self.table.texts()}")
        self.table.tap(button)

    def expect_recorded(self, before: int, what: str) -> None:
        if len(self.session.actions) <= before:
            raise DriveError(f"{self.table.where()}: {what} was not recorded; texts: {self.table.texts()}")

    def recording(self, what: str, act) -> None:
        before = len(self.session.actions)
        act()
        self.table.until(lambda: len(self.session.actions) > before, what)
        self.expect_recorded(before, what)

    # ----- the whole evening -------------------------------------------------------------------
    def play(self) -> None:
        from kivy.uix.modalview import ModalView

        from ui.screens.game import GameScreen
        from ui.screens.home import HomeScreen
        from ui.screens.race import RacePopup
        from ui.screens.setup import SetupScreen

        for _ in range(MAX_STEPS):
            table = self.table
            layer = table.layer()
            if isinstance(layer, RacePopup):
                self.race_popup(layer)
                continue
            if isinstance(layer, ModalView):
                table.tap(re.compile(r"^(Close|Cancel|Done)$"))
                continue
            screen = table.screen
            if isinstance(screen, HomeScreen):
                table.tap("Resume") if table.can_tap("Resume") else self.open_game()
                continue
            if isinstance(screen, SetupScreen):
                self.set_up_advanced()
                continue
            if not isinstance(screen, GameScreen):
                raise DriveError(f"{table.where()}: the family does not know this screen; texts: {table.texts()}")
            summary = self.summary()
            if summary["evening_over"]:
                if self.advanced():
                    self.shot("winner")
                    return
                self.shot("evening-over")
                self.next_evening_advanced()
                continue
            if self.view.scores is not None:
                self.shot("scores")
                table.tap(self.view.scores.deal_button)
                continue
            self.turn(summary)
        raise DriveError(f"{self.table.where()}: no winner after {MAX_STEPS} steps")

    # ----- one step of a hand ------------------------------------------------------------------
    def turn(self, summary: dict) -> None:
        from ui.games.nuts_about_mutts.pads import Step

        pad = self.pad
        to_act = summary["to_act"]
        kind = to_act["kind"]
        if pad.step is Step.CLAIM_WHAT:
            self.claimed_as()
            return
        if pad.mid_entry:
            self.tap_key("back")  # an entry left half-way starts again
            return
        if "midgame" not in self.done and len(self.session.actions) >= 3 and kind == "turn":
            self.done.add("midgame")
            common.midgame(self.table)
            return
        if summary["reshuffle_needed"]:
            self.recording("the reshuffle", lambda: self.tap_key("reshuffle"))
            return
        if kind == "bone_race":
            self.bone_race(summary)
        elif kind == "pedigree_step":
            self.pedigree_step(summary)
        elif kind == "dog_house_turn":
            self.dog_house_turn(summary)
        elif kind == "first_card":
            self.recording("the first card", lambda: self.tap_key("dog"))
        elif kind == "turn":
            self.normal_turn(summary)
        else:
            raise DriveError(f"{self.table.where()}: the family cannot handle {kind!r}; texts: {self.table.texts()}")

    def normal_turn(self, summary: dict) -> None:
        seat = summary["to_act"]["seat"]
        advanced = self.advanced()
        played = len(self.session.actions)
        if len(self.session.actions) >= 8:
            self.shot("advanced-table" if advanced else "table")  # mid-hand, when the counts differ
        if advanced:
            if summary.get("top_card_unknown") and not self.recorded("name_top_card"):
                self.name_top_card(summary)
                return
            if self.pad.claims_open() and not self.recorded("match", race=True) and not self.recorded("run", race=True):
                self.claim_race(summary)
                return
            if summary["to_act"].get("may_pass"):
                self.recording("the pass after a claim", lambda: self.tap_key("pass"))
                return
            self.dog_with_details(summary) if self.rng.random() < 0.5 else self.recording(
                "a dog card", lambda: self.tap_key("dog"))
            return
        if played >= 4 and not self.recorded("bone_race", race=True):
            self.wild("mutt", summary)
            return
        if "button_tap" not in self.done and self.button_of(seat):
            self.done.add("button_tap")
            self.recording("a dog card by the player's own button", lambda: self.table.press(self.button_of(seat)))
            return
        if "button_hold" not in self.done and self.button_of(seat):
            self.done.add("button_hold")
            self.recording("a draw by holding the player's own button",
                           lambda: self.table.press(self.button_of(seat), hold_s=HOLD_FOR_DRAW_S))
            return
        for kind in WILD_TOUR:
            if kind not in self.done:
                self.done.add(kind)
                self.wild(kind, summary)
                return
        if "details" not in self.done:
            self.done.add("details")
            self.dog_with_details(summary)
            return
        roll = self.rng.random()
        if roll < 0.12:
            self.recording("a draw", lambda: self.tap_key("drew"))
        elif roll < 0.2:
            self.table.tap(self.pad.buttons["drew_played"])
            self.recording("a draw then a dog card", lambda: self.tap_key("dog"))
        elif roll < 0.35 and self.button_of(seat):
            self.recording("a dog card by the player's own button", lambda: self.table.press(self.button_of(seat)))
        else:
            self.recording("a dog card", lambda: self.tap_key("dog"))

    def dog_with_details(self, summary: dict) -> None:
        """Colour and number told, so the app can check the play (and, in the advanced game, claims open)."""
        state = self.session.state
        top = summary["top_card"] or {}
        colour = summary["colour_to_follow"] or top.get("colour") or self.rng.choice(state.colours)
        number = self.rng.randint(1, state.numbers)
        self.tap_key("details")
        self.shot("dog-details")
        self.tap_key(f"colour:{colour}")
        self.tap_key(f"number:{number}")
        self.recording(f"a {colour} {number}", lambda: self.tap_key("record"))

    def name_top_card(self, summary: dict) -> None:
        """A dog went down without its details: the family says what it is, so claims can be checked."""
        state = self.session.state
        colour, number = self.rng.choice(state.colours), self.rng.randint(2, state.numbers - 1)
        self.tap_key("name_top")
        self.shot("name-top-card")
        self.tap_key(f"colour:{colour}")
        self.tap_key(f"number:{number}")
        self.recording("the top card's name", lambda: self.tap_key("record"))

    def wild(self, kind: str, summary: dict) -> None:
        seat = summary["to_act"]["seat"]
        players = summary["players"]
        self.tap_key(kind)
        if kind == "dog_house":
            self.shot("dog-house-target")
            target = next(s for s in ((seat + step) % players for step in range(1, players + 1))
                          if s not in summary["dog_house"])
            self.tap_key(f"seat:{target}")
        elif kind == "fire_hydrant":
            self.shot("fire-hydrant-swap")
            self.tap_key(f"seat:{(seat + 1) % players}")
        self.shot("wild-colour")
        colour = self.rng.choice(self.session.state.colours)
        self.recording(f"a {kind}", lambda: self.tap_key(f"colour:{colour}"))
        if kind == "dog_house":
            self.marks_on_the_seats()
            self.shot("dog-house")

    def marks_on_the_seats(self) -> None:
        """Whoever is in the dog house and whoever deals, the seat says so in words on screen, and the
        seat whose turn it is has its ring: at every player count, however long the names."""
        summary = self.summary()
        tiles = self.view.strip.tiles
        for seat, tile in tiles.items():
            for word, applies in (("DOG HOUSE", seat in summary["dog_house"]), ("DEALS", seat == summary["dealer"])):
                if applies and not self.seat_shows(tile, word):
                    raise DriveError(f"{self.table.where()}: {summary['names'][seat]}'s seat does not show "
                                     f"{word}; texts: {self.table.texts()}")
            if tile.ring_shown != (seat == summary["to_act"]["seat"]):
                raise DriveError(f"{self.table.where()}: the turn ring is on the wrong seat ({summary['names'][seat]})")

    def seat_shows(self, tile, word: str) -> bool:
        from kivy.uix.label import Label

        inside = set(tile.walk(restrict=True))
        return any(label.text == word and label in inside for label in self.table.widgets(Label))

    def dog_house_turn(self, summary: dict) -> None:
        self.shot("dog-house-turn")
        if summary["draw_pile"] > 0:
            self.table.tap(self.pad.stepper.plus)
        self.recording("the dog house turn", lambda: self.tap_key("dog"))

    def pedigree_step(self, summary: dict) -> None:
        self.shot("pedigree-round")
        seat = summary["pending"]["seat"]
        if summary["hand_sizes"][seat] > 1 and self.rng.random() < 0.5:
            self.recording("a pedigree step", lambda: self.tap_key("played_n"))
        else:
            self.recording("a pedigree step", lambda: self.tap_key("drew_one"))

    # ----- races -------------------------------------------------------------------------------
    def bone_race(self, summary: dict) -> None:
        self.shot("bone-race")
        if "race" in self.pad.buttons and all(self.button_of(s) for s in range(summary["players"])):
            self.tap_key("race")  # the popup takes it from here (race_popup)
            return
        self.recording("the bone race loser", lambda: self.tap_key("loser:0"))

    def race_popup(self, popup) -> None:
        """Whatever the race popup shows: the wait for GO (then everyone presses), a race being
        decided, a tie to race again, or the photo finish to accept."""
        table = self.table
        if popup.decision is None or not popup.decision.final:
            if popup.decision is None and getattr(popup, "big", None) is not None and "GO" in popup.big.text:
                self.run_cued_race(popup)
            table.until(lambda: popup.decision is not None and popup.decision.final, "the race result")
            return
        if popup.decision.rerace:
            table.tap("Race again")
            return
        self.shot("race-photo-finish" if popup.kind == "bones" else "claim-photo-finish")
        photo_finish = photo_finish_lines(popup)
        before = len(self.session.actions)
        table.tap("Accept result")
        if popup.kind == "bones":
            self.expect_recorded(before, "the bone race result")
            self.undo_redo_around_race()
            self.race_in_history(photo_finish)

    def race_in_history(self, photo_finish: list[list[str]]) -> None:
        """Once, after a bone race: the game's History has a Races tab whose newest race is the photo
        finish the race screen showed, every line the same (place, name, margin and prize)."""
        from ui.screens.history import HistoryPopup

        if "history_races" in self.done:
            return
        self.done.add("history_races")
        table = self.table
        table.tap("History")
        history = table.layer()
        assert isinstance(history, HistoryPopup), f"History opened {table.where()}"
        table.tap(re.compile(r"^Races \(\d+\)$"))
        table.check_layout()
        newest = photo_finish_lines(history)[:len(photo_finish)]
        assert newest == photo_finish, f"the history shows the race as {newest}, the race screen showed {photo_finish}"
        self.shot("history-races")
        table.tap("Close")

    def run_cued_race(self, popup) -> None:
        table = self.table
        self.shot("race-wait")
        table.until(lambda: popup.decision is not None or popup.big.text == "GO!", "the GO cue", timeout_s=10)
        if popup.decision is None:
            # Everyone grabs within a few milliseconds of each other: a real photo finish.
            seats = list(popup.seats)
            self.rng.shuffle(seats)
            self.slam([self.button_of(seat) for seat in seats])

    def slam(self, buttons: list[int]) -> None:
        """Big buttons pressed a few milliseconds apart, held a moment, let go."""
        table = self.table
        for button in buttons:
            table.button_down(button)
            table.wait(0.002 + self.rng.random() * 0.008)
        table.wait(0.05)
        for button in buttons:
            table.button_up(button)

    def claim_race(self, summary: dict) -> None:
        """Two players see a twin of the top dog at once and slam their buttons: the first edge starts
        the claim race and wins it; the popup, then the winner's Match or Run, are taken from there."""
        from ui.screens.race import RacePopup

        table = self.table
        turn = summary["to_act"]["seat"]
        seats = [s for s in self.pad.claims_open() if self.button_of(s)]
        others = [s for s in seats if s != turn] or seats
        first = self.rng.choice(others)
        second = next((s for s in seats if s != first), None)
        self.slam([self.button_of(first)] + ([self.button_of(second)] if second is not None else []))
        table.until(lambda: isinstance(table.layer(), RacePopup), "the claim race popup")

    def claimed_as(self) -> None:
        """The claim race's winner says what they played: a Match (a run would ask for the card)."""
        self.shot("claim-match-or-run")
        self.recording("the claimed Match!", lambda: self.tap_key("match"))
        self.undo_redo_around_race()

    def undo_redo_around_race(self) -> None:
        """The family takes the race back and puts it again: the same result, nothing raced twice."""
        if "race_undo" in self.done:
            return
        self.done.add("race_undo")
        common.undo_and_redo(self.table)

    # ----- a second evening, the advanced game -------------------------------------------------
    def next_evening_advanced(self) -> None:
        self.names = [player.name for player in self.session.players]
        self.table.tap("Home")
        self.open_game()

    def open_game(self) -> None:
        from ui.screens.home import GameCard

        card = next((card for card in self.table.widgets(GameCard) if card.entry.title == TITLE), None)
        if card is None:
            raise DriveError(f"{self.table.where()}: Home shows no card for {TITLE}")
        self.table.tap(card)

    def set_up_advanced(self) -> None:
        """The same family again (a remembered name is one tap in the typing box), then Settings: the
        advanced game, and one hand of it."""
        from ui.widgets.keyboard import TextField

        table = self.table
        names = getattr(self, "names", None)
        if names is None:
            raise DriveError(f"{table.where()}: the family does not know who is playing")
        while len(table.all_widgets(TextField)) < len(names):
            table.tap("+ Add player")
        for index in range(len(names)):
            field = table.all_widgets(TextField)[index]
            seated = {other.text for other in table.all_widgets(TextField)}
            if field.text in names:
                continue
            waiting = next(name for name in names if name not in seated)
            table.tap(field)
            if table.can_tap(waiting):
                table.tap(waiting)  # the remembered name, offered above the keys
            else:
                table.type_keys(waiting)
                table.tap("Done")
        table.tap("Settings")
        self.setting(r"^(Advanced|Match! and Run!)$", "Off")
        self.setting(r"^Hands", "-")
        self.setting(r"^Hands", "-")  # 3 -> 1: one hand of the advanced game is enough to show it
        self.shot("settings-advanced")
        table.tap("Done")
        table.tap("Start game")

    def setting(self, label: str, button: str) -> None:
        """Tap `button` beside the setting whose name matches `label` (the nearest one around it)."""
        from kivy.uix.label import Label

        table = self.table
        name = next((widget for widget in table.widgets(Label) if re.search(label, widget.text)), None)
        if name is None:
            raise DriveError(f"{table.where()}: no setting {label!r}; texts: {table.texts()}")
        node = name.parent
        while node is not None and node is not table.layer():
            found = table.find(button, within=node)
            if found:
                table.tap(found[0])
                return
            node = node.parent
        raise DriveError(f"{table.where()}: no {button!r} beside the setting {label!r}; texts: {table.texts()}")


def play(table, seed: int, shots: str) -> None:
    Family(table, seed, shots).play()


def photo_finish_lines(layer) -> list[list[str]]:
    """Each photo-finish line in `layer`, top to bottom, as the words on it."""
    import layout
    from kivy.uix.label import Label

    from ui.screens.race import PhotoFinishRow

    rows = [row for row in layer.walk(restrict=True) if isinstance(row, PhotoFinishRow) and layout.is_shown(row)]
    return [[label.text for label in row.walk(restrict=True) if isinstance(label, Label)] for row in rows]
