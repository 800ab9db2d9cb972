"""Plays for BG Stats as links and QR codes. BG Stats takes a pushed play only as a link, one play a
link, opened on the phone that has the app ("Push plays to BG Stats from other apps or websites"): the
table shows each play's link as a QR code for the phone's camera, and writes a page of the same links
and codes beside the plays file on a stick, to open on a phone or a PC. No network is needed on the
table: the phone opens the link."""

from __future__ import annotations

import html
import io
import json
import time
from dataclasses import dataclass
from typing import Any, Iterable
from urllib.parse import quote

import segno

from .bgstats import play
from .ledger import PlayedGame
from .words import listed

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
# The smallest error correction: the shortest code for a link, shown on a clean screen or page.
ERROR_CORRECTION = "l"
QUIET_ZONE = 4   # modules of white round a code, as the QR standard asks


@dataclass(frozen=True)
class PlayCode:
    """One finished game as a play for BG Stats: what it was (`caption`), its link, and its QR code."""

    caption: str
    link: str
    code: segno.QRCode

    def png(self, side_px: int) -> bytes:
        """The code as a PNG of whole pixels a module, as large as fits `side_px`."""
        modules = self.code.symbol_size(border=QUIET_ZONE)[0]
        out = io.BytesIO()
        self.code.save(out, kind="png", scale=max(1, side_px // modules), border=QUIET_ZONE)
        return out.getvalue()


def push_link(document: dict[str, Any]) -> str:
    """The link that opens BG Stats with `document` (one play) ready to save."""
    return CREATE_PLAY + quote(json.dumps(document, separators=(",", ":"), ensure_ascii=False), safe="")


def play_codes(games: Iterable[PlayedGame]) -> list[PlayCode]:
    """The finished ones of `games`, in their order, each as its play's link and code."""
    codes = []
    for game in games:
        if not game.result.finished:
            continue
        link = push_link(play(game))
        codes.append(PlayCode(caption(game), link, segno.make(link, error=ERROR_CORRECTION, micro=False)))
    return codes


def caption(game: PlayedGame) -> str:
    """`Nut, Sat 21 Nov 19:38: Ben won (Ann, Ben)`."""
    result = game.result
    winners = [result.names[seat] for seat in result.outcome.winners]
    when = time.strftime("%a %d %b %H:%M", time.localtime(result.started_at))
    won = f"{listed(winners)} won" if winners else "no winner"
    return f"{result.title}, {when}: {won} ({', '.join(result.names)})"


def plays_page(codes: list[PlayCode], title: str) -> str:
    """A page of the plays: each with its link and its code, for a family to open on the phone that
    has BG Stats (tap the link) or on a PC (scan the code with the phone)."""
    items = "\n".join(
        f'<li><p>{html.escape(code.caption)}</p>'
        f'<p><a href="{html.escape(code.link)}">Add this play to BG Stats</a></p>'
        f'{code.code.svg_inline(scale=4, border=QUIET_ZONE)}</li>' for code in codes)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(title)}</title></head>\n<body>\n<h1>{html.escape(title)}</h1>\n'
            f'<p>On the phone that has BG Stats, tap a link: BG Stats opens with the play ready to save. '
            f'On a PC, scan a code with that phone\'s camera.</p>\n<ol>\n{items}\n</ol>\n</body></html>\n')
