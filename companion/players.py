"""Players at the table and the colour-and-symbol identities that tell them apart without relying on colour."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from .errors import BadDocument
from .glyphs import in_words, why_nothing_shows


@dataclass(frozen=True)
class Identity:
    """A player colour that always travels with a shape, so colour-blind players never depend on hue."""

    key: str
    label: str
    rgb: tuple[float, float, float]
    symbol: str  # a shape name the UI draws as vector graphics: circle, triangle, square, diamond, star, cross


# Chosen so that every pair stays apart (CIEDE2000 above 14) in normal vision and when simulated for
# protanopia, deuteranopia and tritanopia (tests/test_palette.py); each also carries its own shape.
# The keys are stored with every saved game, so they never change.
IDENTITIES: tuple[Identity, ...] = (
    Identity("orange", "Orange", (0.996, 0.380, 0.0), "circle"),
    Identity("sky", "Sky blue", (0.400, 0.800, 0.933), "triangle"),
    Identity("green", "Green", (0.0, 0.620, 0.451), "square"),
    Identity("yellow", "Yellow", (0.941, 0.894, 0.259), "star"),
    Identity("blue", "Violet", (0.471, 0.369, 0.941), "diamond"),
    Identity("red", "Dark red", (0.647, 0.0, 0.149), "cross"),
    Identity("pink", "Pink", (0.667, 0.200, 0.467), "heart"),
)
IDENTITY_BY_KEY = {identity.key: identity for identity in IDENTITIES}


def identity_of(colour: str) -> Identity:
    """The colour and shape of `colour`, or the first one's where it is none of them (a name in the
    records that never sat at this table's seats)."""
    return IDENTITY_BY_KEY.get(colour, IDENTITIES[0])


MAX_BUTTONS = 6
# Twice what the on-screen keyboard lets a family type, so any name typed or imported by hand fits.
MAX_NAME_LENGTH = 40


@dataclass(frozen=True)
class Player:
    """One seat at the table. `button` is the physical big button (1..6) or None for touch only."""

    name: str
    colour: str = "orange"
    button: int | None = None

    def __post_init__(self) -> None:
        # However the name was typed, imported or saved, a player holds it in the one form (see same_form).
        object.__setattr__(self, "name", same_form(self.name))

    @property
    def identity(self) -> Identity:
        return IDENTITY_BY_KEY[self.colour]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "colour": self.colour, "button": self.button}

    @classmethod
    def from_json(cls, doc: Any, *, seat: int) -> "Player":
        where = f"players[{seat}]"
        default_colour = IDENTITIES[seat % len(IDENTITIES)].key
        if isinstance(doc, str):
            return cls(checked_name(doc, where), default_colour, None)
        if not isinstance(doc, dict) or not isinstance(doc.get("name"), str):
            raise BadDocument(f"{where}: a player is a name, or an object with a \"name\"")
        unknown = sorted(set(doc) - {"name", "colour", "button"})
        if unknown:
            raise BadDocument(f"{where}: a player has no field {unknown[0]!r}; the fields are name, colour, button")
        colour = doc.get("colour", default_colour)
        if not isinstance(colour, str) or colour not in IDENTITY_BY_KEY:
            raise BadDocument(f"{where}: unknown colour {colour!r}; choose one of {', '.join(IDENTITY_BY_KEY)}")
        button = doc.get("button")
        if button is not None and (isinstance(button, bool) or not isinstance(button, int)
                                   or not 1 <= button <= MAX_BUTTONS):
            raise BadDocument(f"{where}: button must be 1 to {MAX_BUTTONS} or null, got {button!r}")
        return cls(checked_name(doc["name"], where), colour, button)


def same_form(text: str) -> str:
    """A name in the one form it is compared and saved in (Unicode's composed form, NFC): "José" typed
    with the one letter é and typed as e followed by a combining accent are one name."""
    return unicodedata.normalize("NFC", text)


def name_key(text: str) -> str:
    """What two names are compared by: the one form, without the spaces around it, whatever its capitals."""
    return same_form(text.strip()).casefold()


def checked_name(text: str, where: str) -> str:
    """A name the table can show and the store can save: some letters, printable, not too long."""
    name = same_form(text.strip())
    if not name:
        if not text:
            raise BadDocument(f"{where}: a player is a name, or an object with a \"name\"")
        raise BadDocument(f"{where}: the name would show nothing at the table: {why_nothing_shows(text)}; "
                          "write the name with letters and digits")
    if len(name) > MAX_NAME_LENGTH:
        raise BadDocument(f"{where}: a name is at most {MAX_NAME_LENGTH} characters; {name[:20]!r}... is {len(name)}")
    hidden = [character for character in name
              if not character.isprintable() or 0xD800 <= ord(character) <= 0xDFFF]
    if hidden:
        raise BadDocument(f"{where}: the name {name.encode('utf-8', 'backslashreplace').decode()[:40]!r} has "
                          f"characters that cannot be shown ({in_words(hidden)}); "
                          "write the name with letters and digits")
    return name


def check_table(players: tuple[Player, ...]) -> None:
    """Refuse a seating the app could not tell apart: repeated names, colours or buttons."""
    for attribute, what in (("name", "name"), ("colour", "colour"), ("button", "button")):
        seen: dict[object, int] = {}
        for seat, player in enumerate(players):
            value = getattr(player, attribute)
            if value is None:
                continue
            if attribute == "name":
                value = value.casefold()
            if value in seen:
                raise BadDocument(
                    f"{players[seen[value]].name} and {player.name} have the same {what}; give each player their own")
            seen[value] = seat
