"""微諜影 Microfilms on every face: francs, Clean/Suspicious, hands, night, deck, discard."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from companion.core.narrow import args as _args
from companion.core.narrow import integer as _int
from companion.core.narrow import objects as _objects
from companion.core.types import JSON, CardId, JSONObject
from companion.games.microfilms.cards import CARDS, Kind, Nation
from companion.i18n import Voice
from ui.faces.base import Alert, HandCard, Mark, Pile, SeatFace, Stat, Token, held

SECRET_CHECKS = {"interrogation_seen", "blackmail_took", "bribe_offered"}
"""Public events that tell of a secret shown on someone's phone."""

NATION_TONES = {Nation.CN: "red", Nation.UK: "blue", Nation.US: "purple", Nation.SU: "orange"}
KIND_SYMBOLS = {
    Kind.AGENT: "circle",
    Kind.FREELANCER: "triangle",
    Kind.MICROFILM: "square",
    Kind.LETTER: "diamond",
    Kind.ACE: "star",
    Kind.ACTION: "ring",
}
"""The app's own art: a nation's cards share its colour, and each kind of card its shape."""


def card_token(card: JSON, voice: Voice) -> Token:
    """A card face up, drawn: its nation's colour (gold for the Ace, teal for an action,
    grey for a freelancer), its kind's shape, its name and its blood stain."""
    c = CARDS[CardId(str(card))]
    tone = NATION_TONES[c.nation] if c.nation is not None else "neutral"
    if c.kind is Kind.ACE:
        tone = "gold"
    elif c.kind is Kind.ACTION:
        tone = "teal"
    elif c.kind is Kind.FREELANCER:
        tone = "grey"
    return Token(
        "card", voice.render("card", card), tone=tone, symbol=KIND_SYMBOLS[c.kind],
        mark="blood" if c.blood else "", about=voice.read_out(str(card)) or "",
    )  # fmt: skip


class MicrofilmsFace:
    veiled: Mapping[str, tuple[str, ...]] = MappingProxyType({"interrogation": ("card",)})

    def seat(self, view: JSONObject, seat: int, voice: Voice) -> SeatFace:
        s = _objects(view["seats"])[seat]
        identity = s["identity"]
        lines = (
            voice.render("francs", s["francs"]),
            voice.text("tablet.hand", count=s["hand"], limit=s["limit"]),
        )
        hand = Token("hand", voice.text("tablet.art.hand"), _int(s["hand"]), _int(s["limit"]))
        tokens = [Token("coin", voice.text("tablet.art.francs"), value=_int(s["francs"])), hand]
        if identity:  # named by the badge: the drawing needs no caption
            tokens.append(replace(card_token(identity, voice), label=""))
        return SeatFace(
            name=voice.seat(seat),
            lines=lines,
            active=seat == view["active"] and view["over"] is None,
            out=bool(s["eliminated"]),
            highlight=voice.render("card", identity)
            if identity
            else voice.text(f"status.{s['status']}"),
            tokens=tuple(tokens),
            tone="out" if identity else "good" if s["status"] == "clean" else "warn",
        )

    def centre(self, view: JSONObject, voice: Voice) -> list[str]:
        discard = view["discard"]
        assert isinstance(discard, list)
        top = voice.render("card", discard[-1]) if discard else voice.text("demo.empty")
        return [
            voice.text("tablet.night", night=view["night"]),
            voice.text("tablet.deck", count=view["deck"]),
            voice.text("tablet.discard", count=len(discard), top=top),
            voice.text("tablet.bank", francs=voice.render("bank", view["bank"])),
        ]

    def pile(self, view: JSONObject, voice: Voice) -> Pile:
        discard = view["discard"]
        assert isinstance(discard, list)
        top = (
            card_token(discard[-1], voice)
            if discard
            else Token("back", voice.text("tablet.art.discard"), value=0)
        )
        return Pile((
            Token("chip", voice.text("tablet.art.night"), value=_int(view["night"]), tone="purple"),
            Token("stack", voice.text("tablet.art.deck"), value=_int(view["deck"])),
            top,
            Token("coin", voice.text("tablet.art.bank"), value=_int(view["bank"])),
        ))  # fmt: skip

    def alerts(self, events: list[JSONObject], view: JSONObject, voice: Voice) -> list[Alert]:
        found = []
        for e in events:
            args = _args(e)
            if e["kind"] == "new_night":
                found.append(Alert("night", voice.say("tablet.alert.night", args)))
            elif e["kind"] in SECRET_CHECKS:
                found.append(Alert("secret", voice.say(f"tablet.alert.{e['kind']}", args)))
        return found

    def standing(self, view: JSONObject, voice: Voice) -> list[Alert]:
        """A hand over its limit, for as long as it is."""
        found = []
        for p in _objects(view["pending"]):
            if p["kind"] == "discard":
                seats = p["seats"]
                assert isinstance(seats, list)
                args = {**_args(p), "seat": seats[0]}
                found.append(Alert("limit", voice.say("tablet.alert.limit", args)))
        return found

    def me(self, private: JSONObject, public: JSONObject, voice: Voice) -> list[Stat]:
        status = private["status"]
        return [
            Stat(
                "francs",
                voice.text("phone.francs_title"),
                voice.render("francs", private["francs"]),
            ),
            Stat(
                "status",
                voice.text("phone.status_title"),
                voice.text(f"status.{status}"),
                "good" if status == "clean" else "warn",
            ),
        ]

    def hand(self, private: JSONObject, voice: Voice) -> list[HandCard]:
        """Each card, and the blood stain an Interpol claim looks for (§7.5)."""
        blood = Mark("blood", voice.text("phone.blood"))
        return [
            held(c["card"], voice, card_token, (blood,) if c["blood"] else ())
            for c in _objects(private["hand"])
        ]

    def hand_limit(self, private: JSONObject) -> int | None:
        limit = private["limit"]
        return limit if isinstance(limit, int) else None

    def recalled(self, private: JSONObject, asked: Sequence[JSONObject]) -> int | None:
        return None  # an answer rests on the offer or the demand, said in the prompt

    def option_words(self, name: str, value: Any) -> tuple[str, dict[str, Any]] | None:
        return None

    def figures(self, view: JSONObject, seat: int, voice: Voice) -> tuple[Token, ...]:
        """Francs: what a bribe, a steal and a claim turn on."""
        francs = _objects(view["seats"])[seat]["francs"]
        return (Token("coin", voice.text("tablet.art.francs"), _int(francs), tone="gold"),)

    def identity(self, card: JSON, voice: Voice) -> Token:
        return card_token(card, voice)

    def plays(self, view: JSONObject, voice: Voice) -> dict[int, str]:
        return {}  # no action names a play by number

    def deal_guide(self, options: Any, seats: int) -> tuple[str, JSONObject]:
        """§2 step 3: the nation out goes back unseen, or is turned face up (an option); the
        three Agents in play and N−3 Freelancers are the identities."""
        return f"tablet.deal_guide.microfilms.{options.nation_out}", {"freelancers": seats - 3}


FACE = MicrofilmsFace()
