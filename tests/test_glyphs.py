"""Names hold only what the screens can draw: the core's list of drawn characters is the app font's own,
and a game log whose player name the screens could not draw is refused with the character named."""

import json
import struct
from pathlib import Path

import pytest

from companion.errors import BadDocument
from companion.exports import import_file
from companion.glyphs import DRAWN, drawn, undrawable
from companion.store import Store


def font_characters(path: Path) -> set[int]:
    """The code points a TrueType font maps to a glyph, read from its cmap table (formats 4 and 12)."""
    data = path.read_bytes()
    tables = {data[12 + 16 * i: 16 + 16 * i]: struct.unpack(">I", data[20 + 16 * i: 24 + 16 * i])[0]
              for i in range(struct.unpack(">H", data[4:6])[0])}
    cmap = tables[b"cmap"]
    found: set[int] = set()
    for index in range(struct.unpack(">H", data[cmap + 2: cmap + 4])[0]):
        offset = cmap + struct.unpack(">I", data[cmap + 8 + 8 * index: cmap + 12 + 8 * index])[0]
        form = struct.unpack(">H", data[offset: offset + 2])[0]
        if form == 12:
            for group in range(struct.unpack(">I", data[offset + 12: offset + 16])[0]):
                first, last, _ = struct.unpack(">III", data[offset + 16 + 12 * group: offset + 28 + 12 * group])
                found.update(range(first, last + 1))
        elif form == 4:
            count = struct.unpack(">H", data[offset + 6: offset + 8])[0] // 2
            field = [offset + 14 + 2 * count * part + (2 if part else 0) for part in range(4)]
            ends, starts = (struct.unpack(f">{count}H", data[at: at + 2 * count]) for at in field[:2])
            deltas = struct.unpack(f">{count}h", data[field[2]: field[2] + 2 * count])
            ranges = struct.unpack(f">{count}H", data[field[3]: field[3] + 2 * count])
            for segment in range(count):
                for code in range(starts[segment], ends[segment] + 1):
                    glyph = code
                    if ranges[segment]:
                        at = field[3] + 2 * segment + ranges[segment] + 2 * (code - starts[segment])
                        glyph = struct.unpack(">H", data[at: at + 2])[0]
                    if glyph and (glyph + deltas[segment]) & 0xFFFF and code != 0xFFFF:
                        found.add(code)
    return found


def test_the_drawn_characters_are_exactly_the_printable_ones_of_both_faces_of_the_app_font():
    kivy = pytest.importorskip("kivy")
    fonts = Path(kivy.__file__).parent / "data" / "fonts"
    both = font_characters(fonts / "Roboto-Regular.ttf") & font_characters(fonts / "Roboto-Bold.ttf")
    listed = {code for first, last in DRAWN for code in range(first, last + 1)}
    assert listed == {code for code in both if chr(code).isprintable()}


def test_accented_names_are_drawn_and_emoji_and_scripts_the_font_lacks_are_not():
    for name in ("Zoë", "José", "Müller", "Muñoz", "Łukasz", "Dvořák", "Søren", "Ștefan", "Nguyễn", "Αλέξανδρος",
                 "Дмитрий", "Jean-Baptiste O'Neil"):
        assert undrawable(name) == [], name
    assert undrawable("Zoë 😀😀 李") == ["😀", "李"]
    assert not drawn("\u0000") and not drawn("\u00a0")


def test_an_imported_game_whose_player_name_cannot_be_drawn_is_refused_and_nothing_is_saved(tmp_path):
    store = Store.open(tmp_path / "data")
    log = tmp_path / "game.json"
    log.write_text(json.dumps({"game": "nut", "players": ["Zoë", "Sam 😀"], "actions": []}), encoding="utf-8")
    with pytest.raises(BadDocument) as refusal:
        import_file(store, log)
    message = str(refusal.value)
    assert "players[1]" in message and "'Sam ?'" in message and "grinning face" in message
    assert "nothing was imported" in message and "😀" not in message
    assert store.sessions() == []
    log.write_text(json.dumps({"game": "nut", "players": ["Zoë", "Sam"], "actions": []}), encoding="utf-8")
    import_file(store, log)
    assert [player.name for player in store.sessions()[0].players] == ["Zoë", "Sam"]
