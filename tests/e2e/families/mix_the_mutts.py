"""A family playing Mix-the-Mutts to the last tile: on each turn the active player either taps
*Drew two* or *Connected a tile* and enters the new dogs on the breed pad (head, then tail); then
whoever holds the matching cards taps *Score +N* in their column, and the active player taps *Finish
turn*. The cards are imaginary, so who scores is a coin toss among the scores the rules still allow.

Every step is decided from what is on screen now, so the family can take over a game at any point
(a resumed game, a pad left open)."""

from __future__ import annotations

import random
import re

from companion.games.mix_the_mutts.state import BREEDS
from families import common

MAX_STEPS = 400


def view_of(table):
    return table.screen.view


def play(table, seed: int, shots: str) -> None:
    rng = random.Random(seed)
    midgame_done = False
    shot = set()
    tried: set[str] = set()

    def screenshot_once(moment: str) -> None:
        if moment not in shot:
            shot.add(moment)
            table.screenshot(f"{shots}-{moment}")

    for _ in range(MAX_STEPS):
        session = table.session
        summary = session.summary()
        view = view_of(table)
        if summary["phase"] == "over":
            table.until(lambda: view_of(table).end is not None, "the final totals")
            if not table.shows(r"wins!|share the win!"):
                raise AssertionError(f"the end screen names no winner: {table.texts()}")
            screenshot_once("end")
            return
        if not midgame_done and len(session.actions) >= 1 and summary["phase"] == "choosing" \
                and view.pad is None:
            common.midgame(table)
            midgame_done = True
            continue
        if view.pad is not None:
            enter_tile(table, rng)
            screenshot_once("scoring")
        elif summary["phase"] == "choosing":
            if summary["tiles"]["on_table"] >= 4:
                screenshot_once("table")
            if summary["can_draw"] and rng.random() < 0.25:
                before = summary["card_pile"]
                table.tap("Drew two")
                after = table.session.summary()
                if after["card_pile"] != before - min(2, before) or not table.shows(rf"^{after['card_pile']}$"):
                    raise AssertionError(f"Drew two did not show the pile going from {before} to "
                                         f"{after['card_pile']}: {table.texts()}")
            else:
                table.tap("Connected a tile")
                if view_of(table).pad is None:
                    raise AssertionError(f"Connected a tile opened no breed pad: {table.texts()}")
                screenshot_once("pad")
        else:
            if view.scoring is not None and any(button.text == "Scored" for button in view.scoring.buttons.values()):
                screenshot_once("scored")   # a cell tapped beside cells still to tap
            score_and_finish(table, rng, tried)
    raise AssertionError(f"no winner after {MAX_STEPS} steps: {table.texts()}")


def enter_tile(table, rng: random.Random) -> None:
    """On the open breed pad: clear what is half entered, tap the new dogs, then Record."""
    pad = view_of(table).pad
    while not pad.remove_button.disabled:
        table.tap(pad.remove_button)
        pad = view_of(table).pad
    # A tile makes one dog per tile it touches: as many as the table allows, four at most here.
    per_tile = table.session.summary()["new_dogs_per_tile"]
    count = rng.randint(per_tile["min"], min(4, per_tile["max"]))
    dogs = [(rng.choice(BREEDS), rng.choice(BREEDS)) for _ in range(count)]
    if rng.random() < 0.3:
        dogs[0] = (dogs[0][0], dogs[0][0])  # a purebreed now and then
    for head, tail in dogs:
        for breed in (head, tail):
            table.tap(view_of(table).pad.breed_buttons[breed])
    pad = view_of(table).pad
    if pad.record_button.disabled:
        raise AssertionError(f"Record stays disabled after {len(dogs)} dogs: {table.texts()}")
    before = len(table.session.actions)
    table.tap(pad.record_button)
    session = table.session
    if len(session.actions) != before + 1 or session.summary()["new_dogs"] != [list(dog) for dog in dogs]:
        raise AssertionError(f"the tile was not recorded as {dogs}: {table.texts()}")
    if view_of(table).scoring is None:
        raise AssertionError(f"no scoring grid after a connected tile: {table.texts()}")


def score_and_finish(table, rng: random.Random, tried: set) -> None:
    """Each player who 'holds' a matching pair scores it by their own column; then Finish turn. Once
    a game, someone who is not the active player tries a second dog: refused, with the reason."""
    session = table.session
    summary = session.summary()
    if "second dog" not in tried:
        for entry in summary["players"]:
            seat = entry["seat"]
            if seat == summary["turn"] or not entry["scored_this_turn"] or entry["may_score"]:
                continue
            index = next((i for i, dog in enumerate(summary["new_dogs"]) if dog not in entry["scored_this_turn"]), None)
            if index is None:
                continue
            tried.add("second dog")
            before = session.state
            table.tap(view_of(table).scoring.buttons[(index, seat)])
            if table.session.state != before or not table.shows("already scored one dog"):
                raise AssertionError(f"a second dog for {entry['name']} was not refused with the reason: "
                                     f"{table.texts()}")
            return
    allowed = {(action.player, action["head"], action["tail"])
               for action in session.game.legal_actions(session.state, rng) if action.type == "score"}
    for index, (head, tail) in enumerate(summary["new_dogs"]):
        for entry in summary["players"]:
            seat = entry["seat"]
            if (seat, head, tail) not in allowed or rng.random() > 0.35:
                continue
            button = view_of(table).scoring.buttons[(index, seat)]
            worth = re.fullmatch(r"Score \+(\d+)", button.text)
            if worth is None:
                continue
            hand, total = entry["hand"], entry["total"]
            table.tap(button)
            after = table.session.summary()["players"][seat]
            if after["hand"] != hand - 2:
                raise AssertionError(f"seat {seat} scoring {head}/{tail} did not take two cards: {table.texts()}")
            if after["total"] != total + int(worth.group(1)):
                raise AssertionError(f"seat {seat} scoring {head}/{tail} did not add the {worth.group(1)} points "
                                     f"its cell said: {table.texts()}")
            return  # the screen was rebuilt: decide again from what it shows now
    turn = summary["turn"]
    table.tap("Finish turn")
    after = table.session.summary()
    if after["phase"] != "over" and after["turn"] == turn:
        raise AssertionError(f"Finish turn did not pass the turn: {table.texts()}")
