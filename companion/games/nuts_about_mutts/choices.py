"""What the pads may offer now, as the rules would take it: whom a Dog House may send in, whom a Fire
Hydrant may swap hands with, and how far each count a player says out loud may go (cards drawn in the
dog house, breed cards put down, action cards flipped past). The summary carries these beside the
claims (claims.py), so a pad asks rather than works them out."""

from __future__ import annotations

from typing import TypedDict

from .pedigree import step_seat
from .piles import cards_to_draw
from .state import MuttsState, Phase


class Choices(TypedDict):
    dog_house_targets: list[int]   # whom a Dog House may send in: anyone not in already, its player too
    swap_targets: list[int]        # whom the player to act may swap hands with: anyone else
    most_drawn: int                # dog-house turn: the most cards drawn and kept before the card played
    pile_runs_out_at: int          # dog-house turn: the cards drawn that empty the draw pile, so the
                                   # turn may end with none played (the home pile is then reshuffled)
    most_put_down: int             # pedigree step: the most breed cards the player may put down
    most_flipped_past: int         # flipped first card: the most action cards flipped past before a dog
    last_card: bool                # the player whose turn it is holds one card: whatever they play ends
                                   # the hand, so a wild asks for no colour or player


def choices_now(state: MuttsState) -> Choices:
    return {
        "dog_house_targets": [seat for seat in range(state.players) if seat not in state.dog_house],
        "swap_targets": [seat for seat in range(state.players) if seat != state.turn],
        "most_drawn": most_drawn(state),
        "pile_runs_out_at": state.draw_pile,
        "most_put_down": state.hands[step_seat(state.pedigree)] if state.phase == Phase.PEDIGREE
        and state.pedigree is not None else 0,
        "most_flipped_past": max(0, state.draw_pile - 1),
        "last_card": state.phase == Phase.PLAY and state.hands[state.turn] == 1,
    }


def most_drawn(state: MuttsState) -> int:
    """Every card a draw could reach (the draw pile, then the home pile but its top card, reshuffled),
    less the one played; or the draw pile itself where that is more (nothing to reshuffle: the turn
    ends when the pile runs out)."""
    return max(0, cards_to_draw(state) - 1, state.draw_pile)
