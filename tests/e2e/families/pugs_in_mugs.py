"""A family playing Pugs in Mugs until someone holds a Mug of every colour: two actions a turn
(mostly drawing, swapping three Pugs for a Mug whenever the counts allow it, now and then a steal or a
Mischief card), then *End turn*, naming the discards on the pad when over the hand limit.

The hands are imaginary, so the family claims only what the table's counts allow (the session is
read to know that, as players know their own cards). Every step is decided from what is on screen
now, so the family can take over a game at any point (a resumed game, a picker left open)."""

from __future__ import annotations

import random
import re

from companion.games.pugs_in_mugs.state import KINDS, PATTERNS, label
from families import common

MAX_STEPS = 900


def view_of(table):
    return table.screen.view


def choice_text(kind: str) -> str:
    """What a card-kind button in a picker says: a colour with its pattern, else the card's name."""
    return f"{kind} {PATTERNS[kind]}" if kind in PATTERNS else kind.capitalize()


def play(table, seed: int, shots: str) -> None:
    rng = random.Random(seed)
    midgame_done = False
    shot = set()
    plays = {"steal": 0, "surprise": 0, "gimme": 0, "dig": 0, "discard": 0, "refused": 0}

    def screenshot_once(moment: str) -> None:
        if moment not in shot:
            shot.add(moment)
            table.screenshot(f"{shots}-{moment}")

    for _ in range(MAX_STEPS):
        session = table.session
        summary = session.summary()
        view = view_of(table)
        if summary["over"]:
            table.until(lambda: view_of(table).headline is not None, "the winner")
            winner = summary["winner_name"]
            if not table.shows(rf"^{re.escape(winner)} has a Mug of every colour and wins!$"):
                raise AssertionError(f"the winner screen does not name {winner}: {table.texts()}")
            screenshot_once("end")
            return
        if view.flow is not None:
            if view.flow["kind"] == "discard":
                discard_down(table, rng, plays, screenshot_once)
            else:
                table.tap("Back")  # a picker left open: start the choice again
            continue
        if not midgame_done and len(session.actions) >= 2:
            common.midgame(table)
            midgame_done = True
            continue
        if sum(entry["mug_count"] for entry in summary["players"]) >= 4:
            screenshot_once("table")
        if summary["can_end_turn"]:
            end_turn(table, rng, plays, screenshot_once)
            continue
        take_an_action(table, rng, plays, screenshot_once)
    raise AssertionError(f"no winner after {MAX_STEPS} steps: {table.texts()}")


def take_an_action(table, rng: random.Random, plays: dict, screenshot_once) -> None:
    """One of the turn's actions. Every picker is used at least once when the counts allow it (a
    steal, each Mischief card, a discard over the hand limit); otherwise a Mug whenever three Pugs
    allow it, else a draw."""
    session = table.session
    summary = session.summary()
    me = summary["turn"]
    hand = summary["players"][me]["hand"]
    legal = session.game.legal_actions(session.state, rng)
    exchanges = [action for action in legal if action.type == "exchange"]
    steals = [action for action in legal if action.type == "steal"]
    mischief = [action for action in legal if action.type in ("surprise", "gimme", "dig") and not plays[action.type]]
    before = len(session.actions)
    if steals and not plays["steal"]:
        steal = rng.choice(steals)
        target = session.players[steal["target"]].name
        table.tap("Steal")
        table.tap(target)
        screenshot_once("steal")
        table.tap(choice_text(steal["colour"]))
        expect(table, before, "steal", lambda s: steal["colour"] in s["players"][me]["mugs"])
        plays["steal"] += 1
        return
    if mischief and rng.random() < 0.5:
        play_mischief(table, rng.choice(mischief), before, screenshot_once)
        plays[table.session.actions[-1].type] += 1
        return
    # Everyone draws until someone holds more than five and ends a turn on the discard pad.
    wants_discard = not plays["discard"]
    if exchanges and not wants_discard and rng.random() < 0.85:
        colour = rng.choice(exchanges)["colour"]
        table.tap("Exchange")
        table.tap(choice_text(colour))
        expect(table, before, "exchange", lambda s: colour in s["players"][me]["mugs"])
        return
    lacking = [colour for colour, left in summary["mug_supply"].items()
               if left and colour not in summary["players"][me]["mugs"]]
    if not plays["refused"] and hand < 3 and lacking:
        # Three Pugs from a hand of fewer than three: Exchange is greyed, and tapping it anyway
        # says why, opens no picker and changes nothing.
        plays["refused"] += 1
        state = session.state
        table.tap("Exchange")
        said = r"^A Mug takes three Pugs of one colour, and .+ holds (only \d+ cards?|no cards)\.$"
        if table.session.state != state or not table.shows(said):
            raise AssertionError(f"a greyed exchange from {hand} cards did not say why: {table.texts()}")
        if view_of(table).flow is not None:
            raise AssertionError(f"a greyed Exchange opened its picker: {table.texts()}")
        screenshot_once("refused")
        return
    deck = summary["deck"]
    table.tap("Draw")
    expect(table, before, "draw", lambda s: s["players"][me]["hand"] == hand + 1
           and (s["deck"] == deck - 1 or s["reshuffles"] > summary["reshuffles"]))
    if not table.shows(rf"^{hand + 1}$"):
        raise AssertionError(f"the hand of {hand + 1} is not on screen: {table.texts()}")


def play_mischief(table, action, before: int, screenshot_once) -> None:
    """Mischief, then the card, then what the picker asks next (target, card named, handed over)."""
    players = table.session.players
    table.tap("Mischief")
    screenshot_once("mischief")
    table.tap(action.type.capitalize())
    if action.type == "dig":
        table.tap(choice_text(action["card"]))
    elif action.type == "surprise":
        table.tap(players[action["target"]].name)
        table.tap(choice_text(action["card"]))
    else:
        table.tap(players[action["target"]].name)
        table.tap(choice_text(action["named"]))
        table.tap("Yes, handed over" if action["handed_over"] else "No, had none")
    expect(table, before, action.type, lambda s: True)
    if table.session.actions[-1] != action:
        raise AssertionError(f"recorded {table.session.actions[-1]} instead of {action}")


def end_turn(table, rng: random.Random, plays: dict, screenshot_once) -> None:
    summary = table.session.summary()
    me = summary["turn"]
    table.tap("End turn")
    if summary["players"][me]["must_discard"]:
        discard_down(table, rng, plays, screenshot_once)
    after = table.session.summary()
    if not after["over"] and after["turn"] == me:
        raise AssertionError(f"End turn did not pass the turn: {table.texts()}")


def discard_down(table, rng: random.Random, plays: dict, screenshot_once) -> None:
    """On the discard pad: take back what is half entered, tap each discard, then Done."""
    session = table.session
    state = session.state
    me = session.summary()["turn"]
    needed = session.summary()["players"][me]["must_discard"]
    while view_of(table).flow["discards"]:
        table.tap("Remove")
    chosen: list[str] = []
    for _ in range(needed):
        kinds = [kind for kind in KINDS if state.outside_discard(kind) > chosen.count(kind)]
        kind = rng.choice(kinds)
        chosen.append(kind)
        table.tap(choice_text(kind))
    screenshot_once("discard")
    plays["discard"] += 1
    before = len(session.actions)
    table.tap("Done")
    expect(table, before, "end_turn", lambda s: s["players"][me]["hand"] == 5)
    if table.session.actions[-1]["discards"] != chosen:
        raise AssertionError(f"discarded {table.session.actions[-1]['discards']} instead of {chosen}"
                             f" ({', '.join(label(kind) for kind in chosen)})")


def expect(table, before: int, kind: str, check) -> None:
    session = table.session
    if len(session.actions) != before + 1 or session.actions[-1].type != kind or not check(session.summary()):
        raise AssertionError(f"{table.where()}: the {kind} was not recorded as tapped; texts: {table.texts()}")
