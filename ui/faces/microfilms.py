"""微諜影 Microfilms on the tablet: francs, Clean/Suspicious, hands, night, deck, discard."""

from __future__ import annotations

from typing import Any

from companion.core.narrow import args as _args
from companion.core.narrow import objects as _objects
from companion.core.types import JSONObject
from companion.i18n import describe, render, seat_name, text
from ui.faces.base import Alert, SeatFace, Stat

SECRET_CHECKS = {"interrogation_seen", "blackmail_took", "bribe_offered"}
"""Public events that tell of a secret shown on someone's phone."""


class MicrofilmsFace:
    def seat(self, view: JSONObject, seat: int, lang: str, names: list[str]) -> SeatFace:
        s = _objects(view["seats"])[seat]
        identity = s["identity"]
        lines = (
            render(lang, "francs", s["francs"], names),
            text(lang, "tablet.hand", count=s["hand"], limit=s["limit"]),
        )
        return SeatFace(
            name=seat_name(lang, seat, names),
            lines=lines,
            active=seat == view["active"] and view["over"] is None,
            out=bool(s["eliminated"]),
            highlight=render(lang, "card", identity, names)
            if identity
            else text(lang, f"status.{s['status']}"),
        )

    def centre(self, view: JSONObject, lang: str, names: list[str]) -> list[str]:
        discard = view["discard"]
        assert isinstance(discard, list)
        top = render(lang, "card", discard[-1], names) if discard else text(lang, "demo.empty")
        return [
            text(lang, "tablet.night", night=view["night"]),
            text(lang, "tablet.deck", count=view["deck"]),
            text(lang, "tablet.discard", count=len(discard), top=top),
            text(lang, "tablet.bank", francs=render(lang, "bank", view["bank"], names)),
        ]

    def alerts(
        self, events: list[JSONObject], view: JSONObject, lang: str, names: list[str]
    ) -> list[Alert]:
        found = []
        for e in events:
            args = _args(e)
            if e["kind"] == "new_night":
                found.append(Alert("night", describe(lang, "tablet.alert.night", args, names)))
            elif e["kind"] in SECRET_CHECKS:
                found.append(
                    Alert("secret", describe(lang, f"tablet.alert.{e['kind']}", args, names))
                )
        return found

    def standing(self, view: JSONObject, lang: str, names: list[str]) -> list[Alert]:
        """A hand over its limit, for as long as it is."""
        found = []
        for p in _objects(view["pending"]):
            if p["kind"] == "discard":
                seats = p["seats"]
                assert isinstance(seats, list)
                args = {**_args(p), "seat": seats[0]}
                found.append(Alert("limit", describe(lang, "tablet.alert.limit", args, names)))
        return found

    def me(
        self, private: JSONObject, public: JSONObject, lang: str, names: list[str]
    ) -> list[Stat]:
        status = private["status"]
        return [
            Stat(
                "francs",
                text(lang, "phone.francs_title"),
                render(lang, "francs", private["francs"], names),
            ),
            Stat(
                "status",
                text(lang, "phone.status_title"),
                text(lang, f"status.{status}"),
                "good" if status == "clean" else "warn",
            ),
        ]

    def hand_limit(self, private: JSONObject) -> int | None:
        limit = private["limit"]
        return limit if isinstance(limit, int) else None

    def option_choices(self, name: str, seats: int) -> list[Any] | None:
        return None


FACE = MicrofilmsFace()
