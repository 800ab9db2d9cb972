"""Collecting: each turn a player uses one laid-out card to collect three cards (all one colour or
all different colours), else two of one colour, else puts that card in the centre. Then every dog
moves counter-clockwise for the sets, flushes and 8s its player collected."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from companion.actions import Action
from companion.errors import IllegalAction
from companion.words import listed

from . import flow, paths
from .cards import eight_bonus, find_card, name, on_table, read_card
from .counting import note_seen
from .state import COLOURS, FLUSH, WILD_DOGS, Board, Card, Phase, RuffState, Seat
from .turns import whose_action

Collection = tuple[Card, tuple[Card, ...]]   # one of the player's own cards, and the centre cards it takes


# ----- what could be collected ---------------------------------------------------------------------
def _colours_fit(cards: list[Card]) -> bool:
    """Three cards can be all one colour or all different; a Wild Dog takes whichever colour helps."""
    fixed = [card["colour"] for card in cards if not card.get("wild")]
    if len(cards) == 2:
        return len(set(fixed)) <= 1
    return len(set(fixed)) <= 1 or len(set(fixed)) == len(fixed)


def wild_dog_colours(cards: list[Card]) -> list[str]:
    """The colours the first Wild Dog not yet declared among `cards` (the collecting card, then the
    centre cards it takes; Wild Dogs declared so far carry their colour) may take, so that the cards can
    still be all one colour or all different (two cards: one colour)."""
    first = next(index for index, card in enumerate(cards) if card.get("wild") and "colour" not in card)
    declared: list[Card] = [{"colour": card["colour"]} if card.get("wild") and "colour" in card else card
                            for card in cards]
    return [colour for colour in COLOURS
            if _colours_fit([*declared[:first], {"colour": colour}, *declared[first + 1:]])]


def _known_own(state: RuffState, seat: int) -> list[Card]:
    return [slot["card"] for slot in state.seats[seat].laid_out if slot["card"] is not None]


def possible_collection(state: RuffState, seat: int, size: int) -> Collection | None:
    """One legal collection of `size` cards (own card first) among the cards the app knows, or None."""
    own = _known_own(state, seat)
    for collector in own:
        for picked in combinations(state.centre, size - 1):
            if _colours_fit([collector, *picked]):
                return collector, picked
    return None


def all_collections(state: RuffState, seat: int, size: int) -> list[Collection]:
    own = _known_own(state, seat)
    return [(collector, picked) for collector in own for picked in combinations(state.centre, size - 1)
            if _colours_fit([collector, *picked])]


def _example(found: Collection) -> str:
    collector, picked = found
    return f"{name(collector)} with {' and '.join(name(card) for card in picked)}"


# ----- collect ---------------------------------------------------------------------------------------
def collect(state: RuffState, action: Action) -> RuffState:
    seat_index, who = whose_action(state, action, Phase.COLLECTING, turn=True)
    seat = state.seats[seat_index]
    collector = read_card(action.get("collector"), what="collecting card", wild_colour=True)
    taken_docs = action.get("cards")
    if not isinstance(taken_docs, list) or len(taken_docs) not in (1, 2):
        raise IllegalAction("Collect one or two cards from the centre with one of your own laid-out cards.")
    taken = [read_card(doc, what="card from the centre", wild_colour=True) for doc in taken_docs]
    own_index = _own_card(state, seat_index, _as_lying(collector), who, "to collect with")
    centre_indexes = _find_in_centre(state, taken)
    colours = [card["colour"] for card in [collector, *taken]]
    if len(taken) == 2 and len(set(colours)) == 2:
        raise IllegalAction(f"Three cards must be all one colour or all different colours; "
                            f"{', '.join(colours)} is neither.")
    if len(taken) == 1:
        if colours[0] != colours[1]:
            raise IllegalAction(f"Two collected cards must be the same colour; {colours[0]} and {colours[1]} are not.")
        _prove(state, action, seat_index, own_index, who)
        three = possible_collection(state, seat_index, 3)
        if three:
            raise IllegalAction(f"{who} could have collected three cards, so must: for example {_example(three)}.")
    lying_own = seat.laid_out.pop(own_index)["card"]
    assert lying_own is not None, "_own_card makes the card it finds known"
    lying_taken = [state.centre[index] for index in centre_indexes]
    for index in sorted(centre_indexes, reverse=True):
        del state.centre[index]
    seat.collected.extend(_declared(lying, entered) for lying, entered in
                          zip([lying_own, *lying_taken], [collector, *taken]))
    if sum(1 for card in [lying_own, *lying_taken] if card.get("wild")) == WILD_DOGS:
        seat.wild_dogs_together = True
    state.tell(f"{who} collected {', '.join(name(card) for card in seat.collected[-len(colours):])}.")
    _next_collector(state, seat_index)
    return state


def _own_card(state: RuffState, seat_index: int, card: Card, who: str, doing: str) -> int:
    """Which of the player's laid-out cards this is. A held card the app wasn't told about (the variant
    pulling laid-out cards into the hand) becomes known as it is used."""
    slots = state.seats[seat_index].laid_out
    index = find_card(card, [slot["card"] for slot in slots])
    if index is not None:
        return index
    unknown = next((i for i, slot in enumerate(slots) if slot["card"] is None), None)
    if unknown is None:
        raise IllegalAction(f"{who} has no {name(card)} laid out {doing}.")
    slots[unknown]["card"] = known = card.copy()
    note_seen(state, known)
    return unknown


def _prove(state: RuffState, action: Action, seat: int, used: int, who: str) -> None:
    """A pair, or a card to the centre, must be the best the player could do: the app checks that
    against the rest of the hand, so cards it doesn't know yet have to be shown (`shown`)."""
    slots = state.seats[seat].laid_out
    others = [index for index in range(len(slots)) if index != used]
    shown_doc = action.get("shown")
    if shown_doc is None:
        hidden = sum(1 for index in others if slots[index]["card"] is None)
        if hidden:
            count = len(others)
            raise IllegalAction(f"{who} must show the other {'card' if count == 1 else f'{count} cards'} in the "
                                f"hand, to prove nothing more could be collected.")
        return
    if not isinstance(shown_doc, list):
        raise IllegalAction("List the cards shown, each as a number and a colour (or a Wild Dog).")
    shown = [_as_lying(read_card(doc, what="card shown")) for doc in shown_doc]
    if len(shown) != len(others):
        raise IllegalAction(f"{who} holds {len(others)} other card{'s' if len(others) != 1 else ''}; "
                            f"{len(shown)} {'was' if len(shown) == 1 else 'were'} shown.")
    left: list[Card | None] = list(shown)
    for index in others:
        known = slots[index]["card"]
        if known is None:
            continue
        found = find_card(known, left)
        if found is None:
            raise IllegalAction(f"{who}'s {name(known)} was laid out, so it must be among the cards shown.")
        left[found] = None
    fresh = iter(card for card in left if card is not None)
    for index in others:
        if slots[index]["card"] is None:
            slots[index]["card"] = card = next(fresh)
            note_seen(state, card)


def _as_lying(card: Card) -> Card:
    return {"wild": True} if card.get("wild") else card


def _declared(lying: Card, entered: Card) -> Card:
    return {"wild": True, "colour": entered["colour"]} if lying.get("wild") else lying.copy()


def _find_in_centre(state: RuffState, taken: list[Card]) -> list[int]:
    available: list[Card | None] = list(state.centre)
    indexes = []
    for card in taken:
        index = find_card(_as_lying(card), available)
        if index is None:
            raise IllegalAction(f"There is no {name(_as_lying(card))} left in the centre to collect.")
        indexes.append(index)
        available[index] = None
    return indexes


def to_centre(state: RuffState, action: Action) -> RuffState:
    seat_index, who = whose_action(state, action, Phase.COLLECTING, turn=True)
    seat = state.seats[seat_index]
    card = read_card(action.get("card"), what="card to put in the centre")
    index = _own_card(state, seat_index, card, who, "to put in the centre")
    _prove(state, action, seat_index, index, who)
    for size, amount in ((3, "three"), (2, "two")):
        found = possible_collection(state, seat_index, size)
        if found:
            raise IllegalAction(f"{who} can still collect {amount} cards, so must: for example {_example(found)}.")
    moved = seat.laid_out.pop(index)["card"]
    assert moved is not None, "_own_card makes the card it finds known"
    state.centre.append(on_table(moved))
    state.tell(f"{who} could not collect and put the {name(moved)} in the centre.")
    _next_collector(state, seat_index)
    return state


def _next_collector(state: RuffState, seat: int) -> None:
    for offset in range(1, state.players + 1):
        candidate = (seat + offset) % state.players
        if state.seats[candidate].laid_out:
            state.turn = candidate
            return
    end_of_collecting(state)


# ----- moving home -----------------------------------------------------------------------------------
def wild_pair_counts(state: RuffState, seat: Seat) -> bool:
    """Whether the player's Wild Dogs count as a set: the sheet's "if a collection contains both Wild
    Dogs" read as one turn's collecting (the default), or, by the family's choice, all the cards the
    player collected this hand."""
    if state.wild_pair_in_one_collection:
        return seat.wild_dogs_together
    return sum(1 for card in seat.collected if card.get("wild")) == WILD_DOGS


def collection_moves(collected: list[Card], board: Board, *, wild_pair: bool) -> tuple[int, list[str]]:
    """Spaces back (counter-clockwise) for one player's collected cards, and what earned them ("a pair
    of 5s", "a flush of 6 red"); `wild_pair` says whether their Wild Dogs count as a set (see
    `wild_pair_counts`)."""
    steps = 0
    reasons: list[str] = []
    numbers = Counter(card["number"] for card in collected if not card.get("wild"))
    pairs = [f"{number}s" for number, count in sorted(numbers.items()) if count == 2]
    if pairs:
        steps += 2 * len(pairs)
        reasons.append(f"{'a pair' if len(pairs) == 1 else 'pairs'} of {listed(pairs)}")
    for number, count in sorted(numbers.items()):
        if count > 2:
            steps += count
            reasons.append(f"{SET_WORDS.get(count, count)} {number}s")
    if wild_pair:
        steps += WILD_DOGS
        reasons.append("both Wild Dogs")
    colours = Counter(card["colour"] for card in collected if not card.get("wild"))
    for colour in COLOURS:
        if colours[colour] >= FLUSH:
            steps += colours[colour]
            reasons.append(f"a flush of {colours[colour]} {colour}")
    eights = Counter(bonus for card in collected if (bonus := eight_bonus(card, board.dog, board.eight_colour)))
    for bonus, count in eights.items():
        steps += count
        reasons.append(bonus if count == 1 else f"{bonus} {TIMES.get(count, f'{count} times')}")
    return steps, reasons


SET_WORDS = {3: "three", 4: "four", 5: "five"}
TIMES = {2: "twice"}


def end_of_collecting(state: RuffState) -> None:
    """Every dog moves back for what its players collected: one sentence a dog, saying why and where it
    went (or that it waits in its dog house for its player to choose whether to stay), or that it did
    not move."""
    state.cards_discarded, state.centre = len(state.centre), []
    state.turn = None
    moves: dict[int, tuple[list[int], int, list[str]]] = {}   # board -> seats, spaces back, reasons
    for seat_index in state.order_from_dealers_left():
        seat = state.seats[seat_index]
        steps, reasons = collection_moves(seat.collected, state.boards[seat.board],
                                          wild_pair=wild_pair_counts(state, seat))
        seats, total, why = moves.get(seat.board, ([], 0, []))
        moves[seat.board] = ([*seats, seat_index], total + steps, why + reasons)
    state.pending_moves = {}
    result = [""] * len(state.boards)
    moved = []
    for board_index, (seats, steps, reasons) in moves.items():
        board = state.boards[board_index]
        who = f"{' & '.join(state.names[seat] for seat in seats)} ({board.dog})"
        if not steps:
            result[board_index] = f"{who}: nothing back."
            continue
        walk = paths.plan_walk(board, steps, paths.COUNTER_CLOCKWISE)
        where = _move_to_next_choice(state, board_index, walk, after=-1)
        result[board_index] = f"{who}: {steps} back for {listed(reasons)}, {where}."
        moved.append(result[board_index])
    state.hand_result = result
    state.tell(" ".join(moved) or "No dog moves back.")
    if state.pending_moves:
        state.phase = Phase.MOVING
    else:
        flow.finish_hand(state)


def _discs(count: int) -> str:
    return f"{count} disc{'s' if count != 1 else ''}"


def _move_to_next_choice(state: RuffState, board_index: int, walk: paths.Walk, *, after: int) -> str:
    """Move the dog on to the next time on this walk that it is in its dog house and its player could
    pay to stay, and wait there for the choice; with no such time left, walk it to the end. Says where
    the dog went ("to space 4, fetching 1 disc")."""
    board = state.boards[board_index]
    choice = paths.first_affordable(board, walk, state.keep_discs, state.stay_price, after=after)
    if choice is None:
        return _move_home(state, board, walk)
    stop = walk.stops[choice]
    state.pending_moves[str(board_index)] = stop.steps_left
    to_go = f"{stop.steps_left} space{'s' if stop.steps_left != 1 else ''} to go"
    if not stop.steps_taken:
        return f"in its dog house with {to_go}"
    # The dog waits in its house while its player chooses, so the board shows what the choice is about.
    fetched = paths.go_to_stop(board, walk, stop, state.keep_discs)
    how = "round and into its dog house again" if choice > 0 else "into its dog house"
    return how + (f", fetching {_discs(fetched)}," if fetched else "") + f" with {to_go}"


def _move_home(state: RuffState, board: Board, walk: paths.Walk, *, stay: bool = False) -> str:
    fetched, spent = paths.take_walk(board, walk, stay=stay, keep_discs=state.keep_discs, price=state.stay_price)
    state.supply += spent
    where = f"stays in the dog house for {_discs(spent)}" if stay else f"to {paths.space_name(board.position)}"
    return where + (f", fetching {_discs(fetched)}" if fetched else "")


def choose_stay(state: RuffState, action: Action) -> RuffState:
    seat, who = whose_action(state, action, Phase.MOVING)
    board_index = state.seats[seat].board
    steps = state.pending_moves.get(str(board_index))
    if steps is None:
        raise IllegalAction(f"{who}'s dog has no choice to make; "
                            f"waiting for {', '.join(state.boards[int(b)].dog for b in state.pending_moves)}.")
    stay = action.get("stay")
    if not isinstance(stay, bool):
        raise IllegalAction("Say stay: true to keep the dog in its dog house, or stay: false to move on.")
    board = state.boards[board_index]
    walk = paths.plan_walk(board, steps, paths.COUNTER_CLOCKWISE)
    del state.pending_moves[str(board_index)]
    # Moving on may bring the dog round to its house again: the sheet's "whenever" offers it again.
    where = (_move_home(state, board, walk, stay=True) if stay
             else f"moves on {_move_to_next_choice(state, board_index, walk, after=0)}")
    state.tell(f"{board.dog} {where}.")
    # The dog's line in the hand's result goes on to say what its player chose.
    state.hand_result[board_index] = f"{state.hand_result[board_index].rstrip('.')}; {state.last_move}"
    if not state.pending_moves:
        flow.finish_hand(state)
    return state
