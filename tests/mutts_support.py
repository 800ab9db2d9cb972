"""Playing out a Nuts about Mutts hand quickly, for the tests that need finished hands."""

from companion.actions import Action
from companion.session import Session


def play_out_hand(session: Session, winner: int, extra_draws: int = 0) -> dict:
    """Everyone plays unchecked dogs; the others keep a card (and draw `extra_draws` times first).
    Returns the summary after the hand."""

    def do(type_: str, seat: int) -> None:
        session.perform(Action(type_, seat))

    for _ in range(extra_draws):
        seat = session.summary()["turn"]
        if seat == winner:
            do("play", seat)
        do("draw", session.summary()["turn"])
    while session.summary()["phase"] == "play":
        seat = session.summary()["turn"]
        if seat == winner or session.summary()["hand_sizes"][seat] > 1:
            do("play", seat)
        else:
            do("draw", seat)  # everyone but the winner keeps a card
    return session.summary()
