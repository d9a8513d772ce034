"""風聲 The Message on every face: intelligence received by colour, the card in transit,
the open window and who still has to answer, the stack; deaths and probes as alerts."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from companion.core.narrow import args as _args
from companion.core.narrow import integer as _int
from companion.core.narrow import integers as _ints
from companion.core.narrow import objects as _objects
from companion.core.narrow import strings as _strings
from companion.core.types import JSON, CardId, JSONObject
from companion.games.themessage.cards import CAMP_OF, CARDS, Function
from companion.games.themessage.checks import DEATH
from companion.i18n import Voice
from ui.faces.base import Alert, HandCard, Pile, SeatFace, Stat, Token, face_up, held

COLOURS = ("red", "blue", "black")
SECRET_CHECKS = {"played_probe": "probe", "decoded": "decode"}
"""Public events that tell of a secret shown on someone's phone, and the alert that says whose."""

FUNCTION_SYMBOLS = {
    Function.LOCK: "square",
    Function.LURE: "triangle",
    Function.INTERCEPT: "diamond",
    Function.RETURN: "ring",
    Function.DECODE: "circle",
    Function.BURN: "star",
    Function.COUNTER: "cross",
    Function.PROBE: "triangle",
    Function.DISTRIBUTE: "diamond",
}
"""The app's own art: a card's colour is its intelligence colour, its shape its function."""


def card_token(card: JSON, voice: Voice) -> Token:
    """A card face up, drawn; an identity card in its camp's colour, with a star."""
    name, about = voice.render("card", card), voice.read_out(str(card)) or ""
    card_id = CardId(str(card))
    if card_id in CAMP_OF:
        return Token("card", name, tone=CAMP_OF[card_id].value, symbol="star", about=about)
    c = CARDS[card_id]
    symbol = FUNCTION_SYMBOLS[c.function]
    return Token("card", name, tone=c.colour.value, symbol=symbol, about=about)


class TheMessageFace:
    veiled: Mapping[str, tuple[str, ...]] = MappingProxyType(
        {"probed": ("card", "answer", "draws"), "decoded": ("card",)}
    )
    """What a Probe obliges the seat to answer follows from its identity (§1.3); the Probe
    it was, beside the answer the whole table hears, would say that identity too. A card
    decoded is another's, face down (§6.5)."""

    def seat(self, view: JSONObject, seat: int, voice: Voice) -> SeatFace:
        s = _objects(view["seats"])[seat]
        identity = s["identity"]
        marks = [voice.text(f"face.themessage.{m}") for m in ("locked", "lured") if s[m]]
        if s["status"] != "alive":
            badge = voice.text(f"face.themessage.status.{s['status']}")
            badge += " · " + voice.render("card", identity) if identity else ""
        else:
            badge = " · ".join(marks)
        tokens = [
            Token("chip", voice.text(f"colour.{c}"), value=_int(s[c]), tone=c) for c in COLOURS
        ]
        tokens.append(Token("hand", voice.text("tablet.art.hand"), value=_int(s["hand"])))
        if identity:  # named by the badge: the drawing needs no caption
            tokens.append(replace(card_token(identity, voice), label=""))
        alive = s["status"] == "alive"
        near = alive and _int(s["black"]) == DEATH - 1
        return SeatFace(
            name=voice.seat(seat),
            lines=(_intel(voice, s), voice.text("face.themessage.hand", count=s["hand"])),
            laid=tuple(face_up(c, voice, card_token) for c in _strings(s["intel"])),
            warning=voice.text("face.themessage.one_black_more", seat=voice.seat(seat))
            if near
            else None,
            active=seat == view["active"] and view["over"] is None,
            out=s["status"] != "alive",
            highlight=badge or None,
            tokens=tuple(tokens),
            tone="out" if s["status"] != "alive" else "warn" if marks else "good",
        )

    def centre(self, view: JSONObject, voice: Voice) -> list[str]:
        lines = [
            voice.text(f"face.themessage.moment.{view['moment']}"),
            voice.text("tablet.deck", count=view["deck"]),
            voice.text("face.themessage.discards", count=view["discards"]),
        ]
        transit = view["transit"]
        if isinstance(transit, dict):
            key = "face.themessage.transit" + ("_open" if transit["card"] else "")
            lines.append(voice.say(key, _transit_args(transit)))
        for play in _objects(view["stack"])[-3:]:
            lines.append(voice.say("face.themessage.stack", play))
        round_ = view["round"]
        if isinstance(round_, dict):
            answered = set(_ints(round_["answered"]))
            waiting: list[JSON] = [s for s in _ints(round_["seats"]) if s not in answered]
            lines.append(voice.say("face.themessage.waiting", {"seats": waiting}))
        mix = view["mix"]
        if isinstance(mix, dict):  # the camps dealt, for every guess at who is whose
            lines.append(voice.text("face.themessage.mix" + ("_green" if mix["green"] else ""),
                                    **mix))  # fmt: skip
        return lines

    def pile(self, view: JSONObject, voice: Voice) -> Pile:
        """The deck, the discard pile and the intelligence on its way: face down, or face up
        when it was sent as a 文本 (§5.1); beside them the moment, the plays waiting to
        resolve and who still has to answer."""
        tokens = [
            Token("stack", voice.text("tablet.art.deck"), value=_int(view["deck"])),
            Token("back", voice.text("tablet.art.discard"), value=_int(view["discards"])),
        ]
        transit = view["transit"]
        if isinstance(transit, dict):
            card = transit["card"]
            on_way = voice.text("face.themessage.art.transit")
            tokens.append(card_token(card, voice) if card else Token("back", on_way, tone="gold"))
        lines = self.centre(view, voice)  # the deck and the discards are drawn
        return Pile(tuple(tokens), (lines[0], *lines[3:]))

    def alerts(self, events: list[JSONObject], view: JSONObject, voice: Voice) -> list[Alert]:
        found = []
        for e in events:
            args = _args(e)
            if e["kind"] in SECRET_CHECKS:
                key = f"face.themessage.alert.{SECRET_CHECKS[str(e['kind'])]}"
                found.append(Alert("secret", voice.say(key, args)))
            elif e["kind"] in ("died", "lost"):
                found.append(Alert("night", voice.say(f"face.themessage.alert.{e['kind']}", args)))
        return found

    def standing(self, view: JSONObject, voice: Voice) -> list[Alert]:
        """Nothing holds in 風聲 the way a hand over its limit does in Microfilms."""
        return []

    def me(self, private: JSONObject, public: JSONObject, voice: Voice) -> list[Stat]:
        """The seat's status, and the intelligence it received (which lies face up)."""
        mine = _objects(public["seats"])[_int(private["seat"])]
        alive = private["status"] == "alive"
        return [
            Stat("status", voice.text("phone.status_title"),
                 voice.text(f"face.themessage.status.{private['status']}"),
                 "good" if alive else "warn"),
            Stat("intel", voice.text("face.themessage.intel_title"), _intel(voice, mine)),
        ]  # fmt: skip

    def hand(self, private: JSONObject, voice: Voice) -> list[HandCard]:
        return [held(c, voice, card_token) for c in _strings(private["hand"])]

    def hand_limit(self, private: JSONObject) -> int | None:
        return None

    def recalled(self, private: JSONObject, asked: Sequence[JSONObject]) -> int | None:
        """The card this seat decoded (§6.5), while it decides whether to take it (§5.2
        step 3): what it saw is what it decides on. The very card from the very sender —
        not one it decoded long ago, come round again."""
        card = private["transit_card"]
        senders = [_args(p).get("sender") for p in asked if p["kind"] == "decide"]
        if card is None or not senders:
            return None
        secrets = _objects(private["secrets"])
        return next(
            (
                i
                for i in reversed(range(len(secrets)))
                if secrets[i]["kind"] == "decoded"
                and _args(secrets[i]) == {"card": card, "sender": senders[0]}
            ),
            None,
        )

    def option_words(self, name: str, value: Any) -> tuple[str, dict[str, Any]] | None:
        """A mix with green says so: green cannot win without character cards."""
        if name == "identities" and value is not None:
            return ("green" if value.green else "mix"), dataclasses.asdict(value)
        return None

    def figures(self, view: JSONObject, seat: int, voice: Voice) -> tuple[Token, ...]:
        """The intelligence received, by colour: three of one's own colour wins, three black
        kills."""
        s = _objects(view["seats"])[seat]
        return tuple(
            Token("chip", voice.text(f"colour.{c}"), value=_int(s[c]), tone=c) for c in COLOURS
        )

    def identity(self, card: JSON, voice: Voice) -> Token:
        return card_token(card, voice)

    def plays(self, view: JSONObject, voice: Voice) -> dict[int, str]:
        stack = _objects(view["stack"])
        return {_int(p["n"]): voice.say("face.themessage.stack", p) for p in stack}

    def deal_guide(self, options: Any, seats: int) -> tuple[str, JSONObject]:
        return "tablet.deal_guide.themessage", {}


def _intel(voice: Voice, seat: JSONObject) -> str:
    return voice.text("face.themessage.intel", **{c: seat[c] for c in COLOURS})


def _transit_args(transit: JSONObject) -> JSONObject:
    return {
        "sender": transit["sender"],
        "method": transit["method"],
        "holder": transit["at"],
        "card": transit["card"],
    }


FACE = TheMessageFace()
