"""Race decisions in the family's words and seat numbers. Kivy-free so it is tested on its own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from companion.races.model import RaceDecision

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def decision_in_seats(decision: RaceDecision, seat_of: Mapping[int, int],
                      log_lines: list[dict[str, Any]]) -> dict[str, Any]:
    """The arbiter speaks in button numbers; the game speaks in seats."""
    def seats(players: tuple[int, ...]) -> list[int]:
        return [seat_of[p] for p in players]

    return {
        "kind": decision.kind,
        "winners": seats(decision.winners),
        "losers": seats(decision.losers),
        "ties": [seats(group) for group in decision.ties],
        "false_starts": seats(decision.false_starts),
        "stuck": seats(decision.stuck),
        "timed_out": decision.timed_out,
        "margins_ms": {str(seat_of[p]): round(ms, 3) for p, ms in decision.margins_ms.items()},
        "tie_draw": decision.tie_draw.to_json() if decision.tie_draw else None,
        "log": log_lines,
    }


def headline(decision: RaceDecision, name: Callable[[int], str]) -> str:
    if decision.rerace:
        return f"Tie! {', '.join(name(p) for p in decision.rerace)}: race again"
    if decision.kind == "claim":
        if decision.winner is None:
            return "Nobody pressed in time"
        return f"{name(decision.winner)} claims the play!"
    losers = [name(p) for p in decision.losers]
    if not losers:
        return "Everyone got a bone"
    return f"No bone for {' and '.join(losers)}: draw a card"


@dataclass(frozen=True)
class ResultRow:
    place: str
    player: int
    detail: str
    margin_ms: float | None  # None for players who did not take part in the timing


def result_rows(decision: RaceDecision, name: Callable[[int], str] = str) -> list[ResultRow]:
    """The photo finish, fastest first, then everyone who lost and why. Players tied share the place
    of the first of them, and say what the tie did: they race again, or lots were drawn (the winner
    of the draw listed first)."""
    rows: list[ResultRow] = []
    drawn = decision.tie_draw.order if decision.tie_draw else ()
    margins = decision.margins_ms
    # A tie settled by lot is listed in the draw's order, where the fastest of the tie stands.
    drawn_at = min((margins[player] for player in drawn if player in margins), default=0.0)
    ranked = sorted(margins.items(), key=lambda item: (drawn_at, drawn.index(item[0])) if item[0] in drawn
                    else (item[1], 0))
    group_of = {player: group for group in decision.ties for player in group}
    place_of: dict[int, int] = {}
    for place, (player, margin) in enumerate(ranked):
        group = group_of.get(player, (player,))
        shared = min((place_of[other] for other in group if other in place_of), default=place)
        place_of[player] = shared
        if player in decision.rerace:
            prize = "races again"
        elif decision.kind == "bones":
            prize = "bone" if player in decision.winners else "no bone"
        else:
            prize = "wins" if player == decision.winner else ""
        gap = "first" if margin == 0 else f"+{margin:.1f} ms"
        tie = ("  TIE, by lot" if player in drawn else "  TIE") if player in group_of else ""
        rows.append(ResultRow(ORDINALS[shared] if shared < len(ORDINALS) else f"{shared + 1}th", player,
                              f"{gap}  {prize}{tie}".strip(), margin))
    for player in decision.false_starts:
        rows.append(ResultRow("-", player, "pressed before GO (false start)", None))
    for player in decision.stuck:
        rows.append(ResultRow("-", player, "button was already down (stuck?)", None))
    pressed = set(decision.margins_ms) | set(decision.false_starts) | set(decision.stuck)
    for player in decision.players:
        if player not in pressed:
            rows.append(ResultRow("-", player, _not_timed(decision, player, name), None))
    return rows


def _not_timed(decision: RaceDecision, player: int, name: Callable[[int], str]) -> str:
    """Why someone has no time: a press that came too late, or none at all (as far as the buttons told)."""
    late_ns = decision.too_late_ns.get(player)
    first = min(decision.press_ns, key=lambda pressed: decision.press_ns[pressed]) if decision.press_ns else None
    if late_ns is not None:
        if first is not None:
            return f"pressed too late, {(late_ns - decision.press_ns[first]) / 1e9:.2f} s after {name(first)}"
        return "pressed too late, after the time was up"
    if decision.timed_out:
        return "did not press"
    # A bone race closes once the bones are gone, so a press after that was never seen.
    return "no press before the bones were gone" if decision.kind == "bones" else "did not press"
