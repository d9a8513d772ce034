"""風聲 The Message on every face: intelligence received by colour, the card in transit,
the open window and who still has to answer, the stack; deaths and probes as alerts."""

from __future__ import annotations

from typing import Any

from companion.core.narrow import args as _args
from companion.core.narrow import integer as _int
from companion.core.narrow import integers as _ints
from companion.core.narrow import objects as _objects
from companion.core.narrow import strings as _strings
from companion.core.types import JSON, JSONObject
from companion.games.themessage.options import DEFAULT_MIXES, PRINTED_MIXES, TWO_CAMP_MIXES
from companion.i18n import Voice
from ui.faces.base import Alert, HandCard, SeatFace, Stat

COLOURS = ("red", "blue", "black")
SECRET_CHECKS = {"played_probe": "probe", "decoded": "decode"}
"""Public events that tell of a secret shown on someone's phone, and the alert that says whose."""


class TheMessageFace:
    def seat(self, view: JSONObject, seat: int, voice: Voice) -> SeatFace:
        s = _objects(view["seats"])[seat]
        identity = s["identity"]
        marks = [voice.text(f"face.themessage.{m}") for m in ("locked", "lured") if s[m]]
        if s["status"] != "alive":
            badge = voice.text(f"face.themessage.status.{s['status']}")
            badge += " · " + voice.render("card", identity) if identity else ""
        else:
            badge = " · ".join(marks)
        return SeatFace(
            name=voice.seat(seat),
            lines=(_intel(voice, s), voice.text("face.themessage.hand", count=s["hand"])),
            active=seat == view["active"] and view["over"] is None,
            out=s["status"] != "alive",
            highlight=badge or None,
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
        return lines

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
        stats = [
            Stat(
                "status",
                voice.text("phone.status_title"),
                voice.text(f"face.themessage.status.{private['status']}"),
                "good" if private["status"] == "alive" else "warn",
            )
        ]
        seats = public.get("seats")
        if isinstance(seats, list):
            mine = _objects(seats)[_int(private["seat"])]
            stats.append(
                Stat("intel", voice.text("face.themessage.intel_title"), _intel(voice, mine))
            )
        return stats

    def hand(self, private: JSONObject, voice: Voice) -> list[HandCard]:
        return [HandCard(c, voice.render("card", c)) for c in _strings(private["hand"])]

    def hand_limit(self, private: JSONObject) -> int | None:
        return None

    def option_choices(self, name: str, seats: int) -> list[Any] | None:
        """The identity mixes for this table: the green-free default first, the other
        two-camp mix of an odd table, then the box's printed ones."""
        if name == "identities":
            printed: list[Any] = [*TWO_CAMP_MIXES.get(seats, ()), *PRINTED_MIXES.get(seats, ())]
            return [None, *printed] if seats in DEFAULT_MIXES else printed
        return {"probe_plus_draws": [1, 2], "hand_limit": [0, 3, 5, 7]}.get(name)


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
