"""A family playing That's Ruff! on the real app: every hand laid out, counted, turned up and collected
by touches on the pads, until a dog is home with every disc fetched.

The family decides as players at the table do, from what the table shows (read from the session, never
changed through it): during the first hand they play the cards they happen to hold, so the game goes
through every part of a hand; from the second hand on they are out to win, and each plays the best card
of a few they might hold. Each step is decided afresh from the game as it stands, so a family can take
over a game killed anywhere and resumed.

When the game's settings pull the laid-out cards into the hands, each player holds the cards the app was
told about and, for the rest, cards the deck can still hold: the card that collects is entered when it
is used, and the rest of the hand when the app asks for proof. With tricks on, a player now and then
spends discs on one (each trick the first time it is affordable, later only when it helps), and once a
trick the rules refuse is tried, to see the reason on screen and nothing changed."""

from __future__ import annotations

import copy
import random
import re

from companion.actions import Action
from companion.errors import IllegalAction
from families import common

COLOURS = ("blue", "red", "black")
# A suit's button says its colour and its thing, or its colour alone where the pad is narrow (the 7"
# panel with Larger text): read as either.
SUIT_WORDS = {colour: re.compile(rf"^{colour.capitalize()}( {thing})?$")
              for colour, thing in (("blue", "dish"), ("red", "hydrant"), ("black", "paw"), ("wild", "Dog"))}
HAND_SIZE = 12          # how many cards a player "might hold" when choosing the best one to count
HOUSE, SPACES = 14, 15
MAX_STEPS = 2000
MAX_TRICKS = 8
EXPLORING_HANDS = 4


class Family:
    def __init__(self, table, seed: int, shots: str):
        self.table = table
        self.rng = random.Random(seed)
        self.shots = shots
        self.shot_taken: set[str] = set()
        self.midgame_done = False
        self.tricks_used: list[str] = []
        self.refusal_seen = False
        self.proofs_shown = 0
        # Kinds of face-up card played from the table so far: each is played once it is laid out.
        self.face_up_played: set[str] = set()

    # ----- reading the table ------------------------------------------------------------------------
    @property
    def session(self):
        return self.table.session

    @property
    def game(self):
        return self.session.game

    @property
    def state(self):
        return self.session.state

    def summary(self) -> dict:
        return self.session.summary()

    def view(self):
        return self.table.screen.view

    def name(self, seat: int) -> str:
        return self.session.players[seat].name

    def shot(self, moment: str) -> None:
        if moment not in self.shot_taken:
            self.shot_taken.add(moment)
            self.table.screenshot(f"{self.shots}-{moment}")

    # ----- the whole game ---------------------------------------------------------------------------
    def play(self) -> None:
        for _ in range(MAX_STEPS):
            summary = self.summary()
            phase = summary["phase"]
            if phase == "won":
                self.check_winner(summary)
                return
            before = len(self.session.actions)
            {"laying_out": self.lay_out, "counting": self.count, "revealing": self.turn_up,
             "collecting": self.collect, "moving": self.choose_stay, "hand_over": self.deal}[phase](summary)
            if len(self.session.actions) != before + 1:
                raise AssertionError(f"{self.table.where()}: a {phase} step did not make exactly one move "
                                     f"({len(self.session.actions) - before}); texts: {self.table.texts()}")
            if not self.midgame_done and phase == "counting":
                self.midgame_done = True
                common.midgame(self.table)
        raise AssertionError(f"no winner after {MAX_STEPS} moves")

    def check_winner(self, summary: dict) -> None:
        if self.session.options["laid_out_face"] != "down" and not {"eight", "wild"} <= self.face_up_played:
            raise AssertionError(f"the family never played a face-up 8 and a face-up Wild Dog from the table "
                                 f"(played: {sorted(self.face_up_played)})")
        winner = summary["winner"]
        winners = re.escape(" & ".join(winner["names"]))
        if not self.table.shows(rf"{winners} wins?! {re.escape(winner['dog'])} is home"):
            raise AssertionError(f"{self.table.where()}: the winner {winner['dog']} is not on screen: "
                                 f"{self.table.texts()}")
        for name in winner["names"]:
            if not self.table.shows(re.escape(name)):
                raise AssertionError(f"{self.table.where()}: the winner's name {name} is not on screen")
        self.shot("winner")

    def expect_on_screen(self, pattern: str) -> None:
        if not self.table.shows(pattern):
            raise AssertionError(f"{self.table.where()}: expected {pattern!r} on screen; texts: {self.table.texts()}")

    def expect_tag(self, seat: int, doing: str) -> None:
        """The player's shape and name are on screen with what the table expects of them."""
        from ui.games.thats_ruff.widgets import SeatDoing

        name = self.name(seat)
        if not any(tag.badge.label.text == name and tag.detail.text == doing
                   for tag in self.table.widgets(SeatDoing)):
            raise AssertionError(f"{self.table.where()}: expected {name} shown with {doing!r}; "
                                 f"texts: {self.table.texts()}")

    # ----- entering a card on the pad ---------------------------------------------------------------
    def enter_card(self, card: dict, *, declare: bool, taken=(), held: bool = False) -> None:
        """Tap a card into the card pad: the suit, then the number; a Wild Dog is its own key (when
        counting it is a switch, then the colour and number it stands for); a blue or red 8 asks
        which dog is on it. A card from the hand (`held`) may be one whose dog has turned up already,
        so its pad asks about every dog of the colour not entered just before (`taken`)."""
        if card.get("wild"):
            self.table.tap(SUIT_WORDS["wild"])
            if not declare:
                return
        self.table.tap(SUIT_WORDS[card["colour"]])
        self.table.tap(str(card["number"]))
        if card["number"] == 8 and card["colour"] != "black" and not card.get("wild"):
            # The pad asks which dog is on the 8 only while either of that colour's dogs could be.
            dogs = ([dog for dog, shown in self.state.eights.items() if shown == card["colour"] and dog not in taken]
                    if held else self.dogs_of(card["colour"], taken))
            if len(dogs) > 1:
                self.table.tap(card["dog"])
            elif self.table.can_tap(card["dog"]):
                raise AssertionError(f"{self.table.where()}: the pad asks which dog is on a {card['colour']} 8 "
                                     f"though only {card['dog']}'s is left")

    # ----- laying out ----------------------------------------------------------------------------
    def entering_seat(self, summary: dict) -> int:
        """The player whose cards go in next: the one the pad has chosen, or now and then another
        player still waiting, chosen by a tap on their name (as a family passes the tablet round)."""
        from ui.widgets.choice import Choice

        waiting = summary["waiting_for"]
        names = [player.name for player in self.session.players]
        seats = [button for button in self.table.widgets(Choice) if button.text in names]
        chosen = [button for button in seats if button.selected]
        if len(chosen) != 1:
            raise AssertionError(f"{self.table.where()}: {len(chosen)} players are shown entering cards")
        seat = names.index(chosen[0].text)
        if seat not in waiting:
            raise AssertionError(f"{self.table.where()}: the pad asks {self.name(seat)}, the game waits for {waiting}")
        others = [other for other in waiting if other != seat]
        if others and self.rng.random() < 0.3:
            seat = self.rng.choice(others)
            button = next(button for button in seats if button.text == names[seat])
            self.table.tap(button)
            if not button.selected:
                raise AssertionError(f"{self.table.where()}: a tap on {self.name(seat)} did not choose them")
        # On the 7" panel the prompt opens with the phase ("Laying out · hand 1: Ann lays out ...").
        self.expect_on_screen(rf"(^|: ){re.escape(self.name(seat))} (lays out|turns up)")
        return seat

    def lay_out(self, summary: dict) -> None:
        seat = self.entering_seat(summary)
        wanted = summary["deal_size"] - 5
        # One card face up so it can be counted from the table later, the rest face down. In the first
        # hand the first player lays out a blue or red 8 and the next a Wild Dog, to play them from the
        # table: the 8 keeps the dog named now, the Wild Dog says what it stands for when played.
        up = self.unseen_cards(wanted)[:1]
        laid = [slot["card"] for player in summary["players"] for slot in player["laid_out"]
                if slot["face_up"] and slot["card"] is not None]
        if summary["hand"] == 1:
            eights = [{"number": 8, "colour": colour, "dog": dog} for colour in ("blue", "red")
                      for dog in self.dogs_of(colour)]
            if not laid and eights:
                up = [self.rng.choice(eights)]
            elif len(laid) == 1 and self.state.seen.get("wild", 0) < 2:
                up = [{"wild": True}]
        for card in up:
            if self.kind_of(card) == "eight" and "dog" not in card:
                card["dog"] = self.dog_on(card)
            self.enter_card(card, declare=False)
        self.shot("laying-out")
        before = len(self.session.actions)
        self.table.tap(f"Lay out: {len(up)} up, {wanted - len(up)} down")
        if len(self.session.actions) == before + 1 and self.session.actions[-1].player != seat:
            raise AssertionError(f"{self.table.where()}: {self.name(seat)}'s cards were laid out for someone else")

    # ----- counting ---------------------------------------------------------------------------------
    def count(self, summary: dict) -> None:
        seat = summary["turn"]
        self.expect_tag(seat, "to play")
        if self.trick(summary):
            return
        action = self.counting_choice(summary)
        self.shot("counting")
        if action.type == "thats_ruff":
            self.table.tap("That's Ruff!")
            self.shot("thats-ruff")
            return
        args = dict(action.args)
        from_face_up = args.pop("from", None) == "face_up"
        stay = args.pop("stay", False)
        if from_face_up:
            self.table.tap("From face-up")
            self.play_face_up(seat, args, stay)
        else:
            self.enter_card(args, declare=True)
            self.answer_stay(seat, stay)

    def answer_stay(self, seat: int, stay: bool) -> None:
        """A card that brings the dog into its dog house with spaces to spare, and discs enough to stay,
        asks whether it stays: the family answers as it chose."""
        question = self.view().counting.stay_question
        if question is None:
            if stay:
                raise AssertionError(f"{self.table.where()}: a card that can stay in the dog house did not ask")
            return
        self.shot("stay-question")
        dog = re.escape(self.summary()["players"][seat]["dog"])
        self.table.tap(re.compile(rf"^{dog} stays in the dog house" if stay else rf"^{dog} moves on"))

    def play_face_up(self, seat: int, card: dict, stay: bool) -> None:
        """Tap the card among the player's face-up cards shown in place of the pad: an 8 goes with the
        dog named when it was laid out; a Wild Dog then says its colour and number on the pad."""
        lying = {"wild": True} if card.get("wild") else card
        chips = self.view().counting.face_up.chips
        shown = [chip.card for chip in chips]
        expected = [slot["card"] for slot in self.summary()["players"][seat]["laid_out"] if slot["face_up"]]
        if shown != expected:
            raise AssertionError(f"{self.table.where()}: the face-up cards shown are {shown}, laid out {expected}")
        kind = self.kind_of(card)
        if kind == "eight":
            self.shot("face-up-cards")
        before = len(self.session.actions)
        self.table.tap(next(chip for chip in chips if chip.card == lying))
        if kind == "wild":
            self.table.tap(SUIT_WORDS[card["colour"]])
            self.table.tap(str(card["number"]))
        self.answer_stay(seat, stay)
        self.face_up_played.add(kind)
        if len(self.session.actions) != before + 1:
            raise AssertionError(f"{self.table.where()}: the face-up {card} was not played; "
                                 f"message: {self.table.screen.message.text!r}")
        played = self.session.actions[-1]
        if played.get("from") != "face_up" or any(played.get(key) != value for key, value in card.items()):
            raise AssertionError(f"{self.table.where()}: tapping the face-up {card} played {played}")

    def counting_choice(self, summary: dict) -> Action:
        state = self.state
        seat = summary["turn"]
        room = 32 - summary["count"]
        exploring = self.exploring(summary)
        trying = summary["hand"] > 1 and not exploring
        held = self.unseen_cards(HAND_SIZE if trying or exploring else 5)
        cards = [card for held_card in held for card in self.as_played(held_card, room)]
        for slot in summary["players"][seat]["laid_out"]:
            if slot["face_up"] and slot["card"] is not None:
                cards += [{**card, "from": "face_up"} for card in self.as_played(slot["card"], room)]
        actions = [Action("play", seat, card) for card in cards]
        actions += [Action("play", seat, {**card, "stay": True}) for card in cards]
        legal = [(action, after) for action in actions if (after := self.after(action)) is not None]
        if not legal:
            return Action("thats_ruff", seat)
        for kind in ("eight", "wild"):
            first = [action for action, _ in legal if kind not in self.face_up_played
                     and action.get("from") == "face_up" and self.kind_of(action.args) == kind]
            if first:
                return first[0]
        board = summary["players"][seat]["board"]
        if trying:
            # The player whose dog is nearest home goes for it; the others keep their dogs still, as a
            # family does once one dog is clearly about to win.
            runner = max(range(len(summary["boards"])), key=lambda index: self.value(state, index))
            if board == runner:
                return max(legal, key=lambda pair: self.value(pair[1], board) + self.rng.random() * 0.01)[0]
            still = summary["boards"][board]["position"]
            return min(legal, key=lambda pair: (pair[1].boards[board].position != still,
                                                -self.value(pair[1], runner), self.rng.random()))[0]
        # The first hand: whatever comes to hand, but nobody wins before the hand has been collected.
        ongoing = [action for action, after in legal if after.phase != "won"] or [legal[0][0]]
        if exploring:
            # Trying out the settings: each player fetches what discs they can, to have some to spend.
            return max(ongoing, key=lambda action: self.value(self.after(action), board) + self.rng.random() * 0.01)
        plain = [action for action in ongoing if not action.get("stay")] or ongoing
        return self.rng.choice(plain)

    @staticmethod
    def kind_of(card: dict) -> str:
        if card.get("wild"):
            return "wild"
        return "eight" if card["number"] == 8 and card["colour"] != "black" else "other"

    def exploring(self, summary: dict) -> bool:
        """With variants switched on, the family takes its time until it has tried them (a few hands
        at most): each trick used, and a hand shown as proof."""
        tricks = not summary["abilities"] or {"step_back", "retoss"} <= set(self.tricks_used)
        proof = not summary["laid_out_into_hand"] or self.proofs_shown > 0
        return summary["hand"] <= EXPLORING_HANDS and not (tricks and proof)

    def as_played(self, card: dict, room: int) -> list[dict]:
        """The ways a held card can be played: a Wild Dog as any card that fits, an 8 with its dog."""
        if card.get("wild"):
            number = self.rng.randrange(0, min(13, room) + 1)
            return [{"wild": True, "number": number, "colour": colour} for colour in COLOURS]
        if card["number"] > room:
            return []
        if card["number"] == 8 and card["colour"] != "black" and "dog" not in card:
            return [{**card, "dog": dog} for dog in self.dogs_of(card["colour"])]
        return [dict(card)]

    # ----- turning up -------------------------------------------------------------------------------
    def turn_up(self, summary: dict) -> None:
        seat = self.entering_seat(summary)
        wanted = summary["players"][seat]["cards_to_turn_up"]
        cards = self.unseen_cards(wanted)
        for card in cards:
            if not card.get("wild") and card["number"] == 8 and card["colour"] != "black":
                card["dog"] = self.dog_on(card, [other.get("dog") for other in cards])
        self.expect_on_screen(rf"turns up {wanted} face-down card")
        for index, card in enumerate(cards):
            if index == len(cards) - 1:
                self.shot("turning-up")
            self.enter_card(card, declare=False, taken=[other.get("dog") for other in cards[:index]])

    # ----- collecting -------------------------------------------------------------------------------
    def collect(self, summary: dict) -> None:
        from companion.games.thats_ruff.collecting import all_collections

        state = self.state
        seat = summary["turn"]
        self.expect_tag(seat, "collects")
        if self.trick(summary):
            return
        pad = self.view().collecting
        if summary["laid_out_into_hand"]:
            self.collect_from_hand(summary, pad)
            return
        for size in (3, 2):
            found = all_collections(state, seat, size)
            if found:
                collector, picked = max(found, key=lambda pair: self.collection_value(state, seat, pair))
                self.tap_own(pad, collector)
                for card in picked:
                    self.tap_centre(pad, card)
                self.shot("collecting")
                self.table.tap("Collect")
                self.declare_wild_dogs([collector, *picked])
                return
        own = summary["players"][seat]["laid_out"][0]["card"]
        self.tap_own(pad, own)
        self.table.tap("Move to centre")

    def collect_from_hand(self, summary: dict, pad) -> None:
        """The laid-out cards are in the hand: tap one of the hidden cards, enter the one that collects,
        the centre cards, Collect (or Move to centre), and the rest of the hand when asked for proof."""
        from companion.games.thats_ruff.collecting import all_collections

        seat = summary["turn"]
        held = self.held_hand(seat)
        hand = [slot["card"] for slot in held.seats[seat].laid_out]
        if not self.table.shows("enter which it is"):
            raise AssertionError(f"{self.table.where()}: the pad does not ask for a card from the hand: "
                                 f"{self.table.texts()}")
        for size in (3, 2):
            found = all_collections(held, seat, size)
            if found:
                collector, picked = max(found, key=lambda pair: self.collection_value(held, seat, pair))
                self.enter_held(pad, collector)
                for card in picked:
                    self.tap_centre(pad, card)
                self.shot("collecting-from-hand")
                self.table.tap("Collect")
                self.declare_wild_dogs([collector, *picked])
                if size == 2:
                    self.show_hand(summary, hand, collector)
                return
        used = hand[0]
        self.enter_held(pad, used)
        self.table.tap("Move to centre")
        self.show_hand(summary, hand, used)

    def enter_held(self, pad, card: dict) -> None:
        from ui.games.thats_ruff.pads import HandPopup

        self.table.tap(next(chip for chip in pad.own_chips if not chip.selected))
        if not isinstance(self.table.layer(), HandPopup):
            raise AssertionError(f"{self.table.where()}: a tap on a hidden card did not ask which it is")
        self.expect_on_screen(rf"^Which card from {re.escape(self.name(pad.turn))}'s hand collects\?")
        self.shot("card-from-hand")
        self.enter_card(card, declare=False, held=True)
        if isinstance(self.table.layer(), HandPopup):
            raise AssertionError(f"{self.table.where()}: the card from the hand was entered but the pad stays open")

    def show_hand(self, summary: dict, hand: list[dict], used: dict) -> None:
        """A pair or a card to the centre: the rest of the hand, entered while the app asks for it."""
        from ui.games.thats_ruff.pads import HandPopup

        rest = list(hand)
        rest.remove(used)
        wanted = summary["proof_needed"]["cards"]
        if not wanted:
            if isinstance(self.table.layer(), HandPopup):
                raise AssertionError(f"{self.table.where()}: proof asked for though the app knows the whole hand")
            return
        if not isinstance(self.table.layer(), HandPopup) or len(rest) != wanted:
            raise AssertionError(f"{self.table.where()}: expected to be asked for the other {wanted} cards "
                                 f"(holding {len(rest)}); texts: {self.table.texts()}")
        others = f"other {wanted} cards" if wanted != 1 else "other card"
        self.expect_on_screen(rf"^{re.escape(self.name(summary['turn']))} shows the {others} in the hand")
        self.shot("proof")
        for index, card in enumerate(rest):
            self.enter_card(card, declare=False, held=True,
                            taken=[other.get("dog") for other in rest[:index] if not other.get("wild")])
        self.proofs_shown += 1

    def held_hand(self, seat: int):
        """The game as this player sees it: every card in their hand known, the ones the app hasn't been
        told drawn from those the deck can still hold (each 8 with a dog whose 8 is still out)."""
        from companion.games.thats_ruff.counting import note_seen

        held = copy.deepcopy(self.state)
        for slot in held.seats[seat].laid_out:
            if slot["card"] is not None:
                continue
            for card in self.unseen_cards(30, held):
                if not card.get("wild") and card["number"] == 8 and card["colour"] != "black":
                    dogs = [dog for dog, shown in held.eights.items()
                            if shown == card["colour"] and dog not in held.eights_seen]
                    if not dogs:
                        continue
                    card["dog"] = self.rng.choice(dogs)
                try:
                    note_seen(held, card)
                except IllegalAction:
                    continue
                slot["card"] = card
                break
        return held

    # ----- tricks (spending discs on abilities) ------------------------------------------------------
    def trick(self, summary: dict) -> bool:
        """On their turn, maybe spend discs on a trick through the Tricks menu; True if one was used."""
        if not summary["abilities"]:
            return False
        seat = summary["turn"]
        board_index = summary["players"][seat]["board"]
        board = summary["boards"][board_index]
        if not self.refusal_seen and board["discs_on_path"]:
            self.refused_trick(summary, seat, board)
        if len(self.tricks_used) >= MAX_TRICKS:
            return False
        candidates = []
        if summary["phase"] == "collecting":
            candidates.append(Action("use_ability", seat, {"ability": "step_back"}))
        for source in board["discs_on_path"]:
            for target in range(HOUSE):
                candidates.append(Action("use_ability", seat, {"ability": "retoss", "from": source, "to": target}))
        legal = [(action, after) for action in candidates if (after := self.after(action)) is not None]
        if not legal:
            return False
        now = self.value(self.state, board_index)
        fresh = [pair for pair in legal if pair[0].get("ability") not in self.tricks_used]
        helpful = [pair for pair in legal if self.value(pair[1], board_index) > now + 0.6]
        if fresh:
            action, _ = self.rng.choice(fresh)
        elif helpful and self.rng.random() < 0.5:
            action, _ = max(helpful, key=lambda pair: self.value(pair[1], board_index))
        else:
            return False
        self.use_trick(summary, action)
        self.tricks_used.append(action.get("ability"))
        return True

    def open_tricks(self, summary: dict):
        from ui.games.thats_ruff.tricks import TricksPopup

        self.table.tap("Tricks")
        popup = self.table.layer()
        if not isinstance(popup, TricksPopup):
            raise AssertionError(f"{self.table.where()}: Tricks did not open the menu")
        costs = summary["abilities"]["costs"]
        retoss = f"{costs['retoss']} disc{'s' if costs['retoss'] != 1 else ''}"
        self.expect_on_screen(rf"^Move a disc \({retoss}\)")
        self.expect_on_screen(r"^Step back")
        if popup.step_back_button.disabled != (summary["phase"] != "collecting"):
            raise AssertionError(f"{self.table.where()}: Step back should be open only while collecting")
        return popup

    def use_trick(self, summary: dict, action: Action) -> None:
        popup = self.open_tricks(summary)
        self.shot("tricks")
        if action.get("ability") == "step_back":
            self.table.tap(popup.step_back_button)
            return
        self.table.tap(popup.space_buttons[action.get("from")])
        self.table.tap(popup.space_buttons[action.get("to")])

    def refused_trick(self, summary: dict, seat: int, board: dict) -> None:
        """Once: a disc moved onto the dog's own space (or a trick too dear), refused with the reason on
        the message bar, and nothing changed."""
        position = board["position"]
        if position == HOUSE:
            return
        action = Action("use_ability", seat, {"ability": "retoss", "from": board["discs_on_path"][0], "to": position})
        try:
            self.game.apply(copy.deepcopy(self.state), action)
        except IllegalAction as refusal:
            reason = str(refusal)
        else:
            raise AssertionError(f"a disc onto the dog's own space was allowed: {action}")
        before = (self.state, len(self.session.actions))
        popup = self.open_tricks(summary)
        self.table.tap(popup.space_buttons[action.get("from")])
        self.table.tap(popup.space_buttons[position])
        if (self.state, len(self.session.actions)) != before:
            raise AssertionError(f"{self.table.where()}: a refused trick changed the game")
        if self.table.screen.message.text != reason:
            raise AssertionError(f"{self.table.where()}: the refusal {reason!r} is not on the message bar "
                                 f"({self.table.screen.message.text!r})")
        self.shot("trick-refused")
        self.refusal_seen = True

    def tap_own(self, pad, card: dict) -> None:
        chip = next(chip for chip in pad.own_chips if chip.card == card and not chip.selected)
        self.table.tap(chip)

    def tap_centre(self, pad, card: dict) -> None:
        chip = next(chip for chip in pad.centre_chips if chip.card == card and not chip.selected)
        self.table.tap(chip)

    def declare_wild_dogs(self, cards: list[dict]) -> None:
        """Collect has been tapped. The app asks a Wild Dog's colour only while more than one keeps the
        collection legal: with both Wild Dogs, for the first (any colour); the other then has one."""
        colours = self.wild_colours(cards)
        question = self.view().collecting.colour_question
        if len(colours) < 2:
            if question is not None:
                raise AssertionError(f"{self.table.where()}: asked a Wild Dog's colour though only one is legal")
            return
        offered = sorted(button.suit for button in question.walk() if getattr(button, "suit", None))
        if offered != sorted(COLOURS):
            raise AssertionError(f"{self.table.where()}: with both Wild Dogs every colour is legal; offered {offered}")
        self.shot("wild-dog-colour")
        self.table.tap(SUIT_WORDS[colours[0]])

    def wild_colours(self, cards: list[dict]) -> list[str]:
        """A colour for each Wild Dog that keeps the three (or two) all one colour or all different."""
        fixed = [card["colour"] for card in cards if not card.get("wild")]
        wilds = sum(1 for card in cards if card.get("wild"))
        if not wilds:
            return []
        if len(set(fixed)) <= 1:
            return [fixed[0] if fixed else "blue"] * wilds
        return [colour for colour in COLOURS if colour not in fixed][:wilds]

    def collection_value(self, state, seat: int, pair) -> float:
        from companion.games.thats_ruff import paths
        from companion.games.thats_ruff.collecting import collection_moves, wild_pair_counts

        collector, picked = pair
        board = state.boards[state.seats[seat].board]
        after = copy.deepcopy(state.seats[seat])
        after.collected += [collector, *picked]
        after.wild_dogs_together |= sum(1 for card in (collector, *picked) if card.get("wild")) == 2
        steps, _ = collection_moves(after.collected, board, wild_pair=wild_pair_counts(state, after))
        walk = paths.plan_walk(board, steps, paths.COUNTER_CLOCKWISE)
        end = HOUSE if paths.can_stay(board, walk, True) else walk.end
        left = [disc for disc in board.path_discs if disc not in walk.fetched_spaces]
        after = {"position": end, "discs_on_path": left, "discs_on_counts": board.count_discs}
        return -steps_home(after) + self.rng.random() * 0.01

    # ----- staying in the dog house, dealing ----------------------------------------------------------
    def choose_stay(self, summary: dict) -> None:
        seat = summary["waiting_for"][0]
        dog = summary["players"][seat]["dog"]
        stay = Action("choose_stay", seat, {"stay": True})
        move = Action("choose_stay", seat, {"stay": False})
        board = summary["players"][seat]["board"]
        after_stay, after_move = self.after(stay), self.after(move)
        self.expect_tag(seat, f"{dog} chooses")
        self.shot("staying")
        if self.value(after_stay, board) >= self.value(after_move, board):
            self.table.tap(re.compile(rf"^{re.escape(dog)} stays in the dog house"))
        else:
            self.table.tap(re.compile(rf"^{re.escape(dog)} moves on"))

    def deal(self, summary: dict) -> None:
        dealer = summary["next_dealer"]
        self.expect_tag(dealer, "deals next")
        self.shot("hand-over")
        self.table.tap(f"Deal hand {summary['hand'] + 1} ({summary['deal_size']} cards each)")

    # ----- what the family knows about the game ---------------------------------------------------------
    def unseen_cards(self, count: int, state=None) -> list[dict]:
        """Cards the deck can still hold, as a player might have them in hand."""
        from companion.games.thats_ruff.cards import copies_in_deck

        state = state or self.state
        pool = [key for key, copies in copies_in_deck().items() for _ in range(copies - state.seen.get(key, 0))]
        cards = []
        for key in self.rng.sample(pool, min(count, len(pool))):
            if key == "wild":
                cards.append({"wild": True})
            else:
                colour, number = key.split()
                cards.append({"number": int(number), "colour": colour})
        return cards

    def dogs_of(self, colour: str, taken=()) -> list[str]:
        """The dogs a blue or red 8 can still show: each dog's 8 turns up once per deck."""
        state = self.state
        return [dog for dog, shown in state.eights.items()
                if shown == colour and dog not in state.eights_seen and dog not in taken]

    def dog_on(self, card: dict, taken=()) -> str:
        return self.rng.choice(self.dogs_of(card["colour"], taken))

    def after(self, action: Action):
        try:
            return self.game.apply(copy.deepcopy(self.state), action)
        except IllegalAction:
            return None

    def value(self, state, board: int) -> float:
        summary = self.game.summary(state)
        if summary["winner"] is not None:
            return 1000 if summary["winner"]["board"] == board else -1000
        shown = summary["boards"][board]
        return -steps_home(shown) + 0.5 * shown["discs_in_house"]


def steps_home(board: dict) -> int:
    """Spaces clockwise the dog still has to walk to be home with every disc fetched: once more round
    the loop if a disc lies behind it."""
    position = board["position"]
    to_house = (HOUSE - position) % SPACES
    behind = any((disc - position) % SPACES >= to_house for disc in board["discs_on_path"])
    return to_house + (SPACES if behind else 0) + 5 * sum(board["discs_on_counts"].values())


def play(table, seed: int, shots: str) -> None:
    Family(table, seed, shots).play()
