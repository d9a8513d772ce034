"""暗火线 on every face: health against its maximum, what lies in front of each player, the
smoke and flashbangs with whose turn ends them, the rescue round and who still has to
answer; deaths and search warrants as alerts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from companion.core.narrow import args as _args
from companion.core.narrow import integer as _int
from companion.core.narrow import integers as _ints
from companion.core.narrow import items as _items
from companion.core.narrow import objects as _objects
from companion.core.narrow import strings as _strings
from companion.core.types import JSON, CardId, JSONObject
from companion.games.darkfireline.cards import ROLE_OF, Kind, Role, kind_of
from companion.games.darkfireline.setup import HAND, deck_serums
from companion.games.darkfireline.state import HEALTH
from companion.i18n import Voice
from ui.faces.base import (
    Alert,
    HandCard,
    Pile,
    SeatFace,
    Stat,
    Token,
    face_up,
    held,
)

KIND_ART = {
    Kind.SINGLE: ("red", "circle"),
    Kind.DOUBLE: ("red", "diamond"),
    Kind.SERUM: ("green", "cross"),
    Kind.SMOKE: ("black", "ring"),
    Kind.FLASH: ("gold", "star"),
    Kind.DISARM: ("blue", "triangle"),
    Kind.FIRST_AID: ("green", "square"),
    Kind.GRENADE: ("red", "star"),
    Kind.SUPERMARKET: ("gold", "square"),
    Kind.RESTAURANT: ("green", "ring"),
    Kind.CONTROL_ROOM: ("blue", "square"),
    Kind.STORAGE_ROOM: ("black", "square"),
    Kind.ARMOUR: ("blue", "diamond"),
    Kind.WARRANT: ("gold", "triangle"),
}
"""The app's own art: a colour per use (bullets red, healing green, places and armour blue
or black) and a shape per kind."""
ROLE_TONE = {Role.SWAT: "blue", Role.CITIZEN: "green", Role.TERRORIST: "red"}


def card_token(card: JSON, voice: Voice) -> Token:
    """A card face up, drawn; an identity card in its side's colour, with a star."""
    name, card_id = voice.render("card", card), CardId(str(card))
    about = voice.read_out(card_id) or ""
    if card_id in ROLE_OF:
        return Token("card", name, tone=ROLE_TONE[ROLE_OF[card_id]], symbol="star", about=about)
    tone, symbol = KIND_ART[kind_of(card_id)]
    return Token("card", name, tone=tone, symbol=symbol, about=about)


class DarkFireLineFace:
    veiled: Mapping[str, tuple[str, ...]] = MappingProxyType({"identity_seen": ("identity",)})

    def seat(self, view: JSONObject, seat: int, voice: Voice) -> SeatFace:
        s = _objects(view["seats"])[seat]
        marks = [voice.text(f"face.darkfireline.{m}") for m in ("smoked", "flashed") if s[m]]
        status, identity = str(s["status"]), s["identity"]
        badge = " · ".join(marks)
        if status != "alive":
            badge = voice.text(f"face.darkfireline.status.{status}")
            badge += " · " + voice.render("identity", identity) if identity else ""
        health = voice.text("face.darkfireline.health", health=s["health"], most=s["most"])
        tone = "red" if status == "dying" else "green"
        tokens = [
            Token(
                "track",
                voice.text("face.darkfireline.art.health"),
                _int(s["health"]),
                of=_int(s["most"]),
                tone=tone,
                symbol="cross",
            ),  # the serums laid out (§1.2)
            Token("hand", voice.text("tablet.art.hand"), _int(s["hand"]), of=_int(s["limit"])),
        ]
        tokens += [card_token(c, voice) for c in (s["environment"], s["armour"]) if c is not None]
        laid = [c for c in (s["environment"], s["armour"]) if c is not None]
        near = status == "alive" and _int(s["health"]) == 1
        return SeatFace(
            name=voice.seat(seat),
            lines=(health, voice.text("face.darkfireline.hand", count=s["hand"], limit=s["limit"])),
            laid=tuple(face_up(c, voice, card_token) for c in laid),
            warning=voice.text("face.darkfireline.one_damage_more", seat=voice.seat(seat))
            if near
            else None,
            active=seat == view["active"] and view["over"] is None,
            out=status == "dead",
            highlight=badge or None,
            tokens=tuple(tokens),
            tone="out" if status == "dead" else "warn" if marks or status == "dying" else "good",
        )

    def centre(self, view: JSONObject, voice: Voice) -> list[str]:
        lines = [
            voice.text("tablet.deck", count=view["deck"]),
            voice.text("face.darkfireline.discards", count=len(_items(view["discard"]))),
        ]
        for smoke in _objects(view["smokes"]):
            lines.append(voice.say("face.darkfireline.smoke", smoke))
        for flash in _objects(view["flashes"]):
            lines.append(voice.say("face.darkfireline.flash", flash))
        rescue = view["rescue"]
        if isinstance(rescue, dict):
            answered = set(_ints(rescue["answered"]))
            waiting: list[JSON] = [s for s in _ints(rescue["seats"]) if s not in answered]
            lines.append(voice.say("face.darkfireline.rescue",
                                   {"dying": rescue["dying"], "seats": waiting}))  # fmt: skip
        return lines

    def pile(self, view: JSONObject, voice: Voice) -> Pile:
        """The deck, and the discard pile with its top card face up; beside them the markers
        on the table and the rescue round, which no drawing says."""
        discard = _items(view["discard"])
        tokens = [Token("stack", voice.text("tablet.art.deck"), value=_int(view["deck"]))]
        if discard and discard[-1] is None:  # a card a Disarm laid face down (an option)
            tokens.append(Token("back", voice.text("tablet.art.discard")))
        elif discard:
            tokens.append(card_token(discard[-1], voice))
        return Pile(tuple(tokens), tuple(self.centre(view, voice)[2:]))

    def alerts(self, events: list[JSONObject], view: JSONObject, voice: Voice) -> list[Alert]:
        found = []
        for e in events:
            if e["kind"] == "warrant":
                found.append(Alert("secret", voice.say("face.darkfireline.alert.warrant",
                                                       _args(e))))  # fmt: skip
            elif e["kind"] == "died":
                found.append(Alert("night", voice.say("face.darkfireline.alert.died", _args(e))))
        return found

    def standing(self, view: JSONObject, voice: Voice) -> list[Alert]:
        """A rescue round waits for the table: who is dying, and who may still save them."""
        rescue = view["rescue"]
        if not isinstance(rescue, dict):
            return []
        return [
            Alert("rescue", voice.say("face.darkfireline.alert.dying", {"seat": rescue["dying"]}))
        ]

    def me(self, private: JSONObject, public: JSONObject, voice: Voice) -> list[Stat]:
        mine = _objects(public["seats"])[_int(private["seat"])]
        health = voice.text("unit.health.of", health=mine["health"], most=mine["most"])
        status = str(private["status"])
        near = _int(mine["health"]) <= 1  # one damage more and the seat is dying (§6)
        return [
            Stat("health", voice.text("face.darkfireline.art.health"), health,
                 "good" if status == "alive" and not near else "warn"),
            Stat("status", voice.text("phone.status_title"),
                 voice.text(f"face.darkfireline.status.{status}")),
        ]  # fmt: skip

    def hand(self, private: JSONObject, voice: Voice) -> list[HandCard]:
        return [held(c, voice, card_token) for c in _strings(private["hand"])]

    def hand_limit(self, private: JSONObject) -> int | None:
        return None  # the limit is the table's figure for each seat (3, or 4 with a Supermarket)

    def recalled(self, private: JSONObject, asked: Sequence[JSONObject]) -> int | None:
        return None  # no question rests on a secret

    def option_words(self, name: str, value: Any) -> tuple[str, dict[str, Any]] | None:
        if name in ("deck_serums", "box_serums") and value is not None:
            return "n", {"n": value}  # any count, none included
        if name == "starter" and value is not None:
            return "seat", {"n": value + 1}  # a seat, counted from 1 as the table counts
        return None

    def figures(self, view: JSONObject, seat: int, voice: Voice) -> tuple[Token, ...]:
        """Health: the serums laid out, against the most a player may have (§1.2)."""
        s = _objects(view["seats"])[seat]
        label = voice.text("face.darkfireline.art.health")
        return (Token("track", label, _int(s["health"]), of=_int(s["most"]), tone="green"),)

    def identity(self, card: JSON, voice: Voice) -> Token:
        return card_token(card, voice)

    def plays(self, view: JSONObject, voice: Voice) -> dict[int, str]:
        return {}  # no action names a play by number

    def deal_guide(self, options: Any, seats: int) -> tuple[str, JSONObject]:
        """§2: the serums of each player's health and of the deck, counted for this table."""
        return "tablet.deal_guide.darkfireline", {
            "health": HEALTH,
            "serums": deck_serums(options, seats),
            "hand": HAND,
        }


FACE = DarkFireLineFace()
