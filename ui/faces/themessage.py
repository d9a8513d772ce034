"""風聲 The Message on every face: intelligence received by colour, the card in transit,
the open window and who still has to answer, the stack; deaths and probes as alerts."""

from __future__ import annotations

from typing import Any

from companion.core.narrow import args as _args
from companion.core.narrow import integer as _int
from companion.core.narrow import integers as _ints
from companion.core.narrow import objects as _objects
from companion.core.types import JSONObject
from companion.games.themessage.options import DEFAULT_MIXES, PRINTED_MIXES
from companion.i18n import describe, render, seat_name, text
from ui.faces.base import Alert, SeatFace, Stat

COLOURS = ("red", "blue", "black")
SECRET_CHECKS = {"played_probe": "probe", "decoded": "decode"}
"""Public events that tell of a secret shown on someone's phone, and the alert that says whose."""


class TheMessageFace:
    def seat(self, view: JSONObject, seat: int, lang: str, names: list[str]) -> SeatFace:
        s = _objects(view["seats"])[seat]
        identity = s["identity"]
        marks = [text(lang, f"face.themessage.{m}") for m in ("locked", "lured") if s[m]]
        if s["status"] != "alive":
            badge = text(lang, f"face.themessage.status.{s['status']}")
            badge += " · " + render(lang, "card", identity, names) if identity else ""
        else:
            badge = " · ".join(marks)
        return SeatFace(
            name=seat_name(lang, seat, names),
            lines=(_intel(lang, s), text(lang, "face.themessage.hand", count=s["hand"])),
            active=seat == view["active"] and view["over"] is None,
            out=s["status"] != "alive",
            highlight=badge or None,
        )

    def centre(self, view: JSONObject, lang: str, names: list[str]) -> list[str]:
        lines = [
            text(lang, f"face.themessage.moment.{view['moment']}"),
            text(lang, "tablet.deck", count=view["deck"]),
            text(lang, "face.themessage.discards", count=view["discards"]),
        ]
        transit = view["transit"]
        if isinstance(transit, dict):
            key = "face.themessage.transit" + ("_open" if transit["card"] else "")
            lines.append(describe(lang, key, _transit_args(transit), names))
        for play in _objects(view["stack"])[-3:]:
            lines.append(describe(lang, "face.themessage.stack", play, names))
        round_ = view["round"]
        if isinstance(round_, dict):
            answered = set(_ints(round_["answered"]))
            waiting = [s for s in _ints(round_["seats"]) if s not in answered]
            lines.append(describe(lang, "face.themessage.waiting", {"seats": list(waiting)}, names))
        return lines

    def alerts(
        self, events: list[JSONObject], view: JSONObject, lang: str, names: list[str]
    ) -> list[Alert]:
        found = []
        for e in events:
            args = _args(e)
            if e["kind"] in SECRET_CHECKS:
                key = f"face.themessage.alert.{SECRET_CHECKS[str(e['kind'])]}"
                found.append(Alert("secret", describe(lang, key, args, names)))
            elif e["kind"] in ("died", "lost"):
                key = f"face.themessage.alert.{e['kind']}"
                found.append(Alert("night", describe(lang, key, args, names)))
        return found

    def standing(self, view: JSONObject, lang: str, names: list[str]) -> list[Alert]:
        """Nothing holds in 風聲 the way a hand over its limit does in Microfilms."""
        return []

    def me(
        self, private: JSONObject, public: JSONObject, lang: str, names: list[str]
    ) -> list[Stat]:
        stats = [
            Stat(
                "status",
                text(lang, "phone.status_title"),
                text(lang, f"face.themessage.status.{private['status']}"),
                "good" if private["status"] == "alive" else "warn",
            )
        ]
        seats = public.get("seats")
        if isinstance(seats, list):
            mine = _objects(seats)[_int(private["seat"])]
            stats.append(
                Stat("intel", text(lang, "face.themessage.intel_title"), _intel(lang, mine))
            )
        return stats

    def hand_limit(self, private: JSONObject) -> int | None:
        return None

    def option_choices(self, name: str, seats: int) -> list[Any] | None:
        """The identity mixes of the box for this table, the green-free default first."""
        if name == "identities":
            printed: list[Any] = list(PRINTED_MIXES.get(seats, ()))
            return [None, *printed] if seats in DEFAULT_MIXES else printed
        return {"probe_plus_draws": [1, 2], "hand_limit": [0, 3, 5, 7]}.get(name)


def _intel(lang: str, seat: JSONObject) -> str:
    return text(lang, "face.themessage.intel", **{c: seat[c] for c in COLOURS})


def _transit_args(transit: JSONObject) -> JSONObject:
    return {
        "sender": transit["sender"],
        "method": transit["method"],
        "holder": transit["at"],
        "card": transit["card"],
    }


FACE = TheMessageFace()
