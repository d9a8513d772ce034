"""微諜影 Microfilms on every face: francs, Clean/Suspicious, hands, night, deck, discard."""

from __future__ import annotations

from typing import Any

from companion.core.narrow import args as _args
from companion.core.narrow import objects as _objects
from companion.core.types import JSONObject
from companion.i18n import Voice
from ui.faces.base import Alert, HandCard, Mark, SeatFace, Stat

SECRET_CHECKS = {"interrogation_seen", "blackmail_took", "bribe_offered"}
"""Public events that tell of a secret shown on someone's phone."""


class MicrofilmsFace:
    def seat(self, view: JSONObject, seat: int, voice: Voice) -> SeatFace:
        s = _objects(view["seats"])[seat]
        identity = s["identity"]
        lines = (
            voice.render("francs", s["francs"]),
            voice.text("tablet.hand", count=s["hand"], limit=s["limit"]),
        )
        return SeatFace(
            name=voice.seat(seat),
            lines=lines,
            active=seat == view["active"] and view["over"] is None,
            out=bool(s["eliminated"]),
            highlight=voice.render("card", identity)
            if identity
            else voice.text(f"status.{s['status']}"),
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
        blood = Mark("blood", voice.text("phone.blood"), "\N{DROP OF BLOOD}")
        return [
            HandCard(
                str(c["card"]), voice.render("card", c["card"]), (blood,) if c["blood"] else ()
            )
            for c in _objects(private["hand"])
        ]

    def hand_limit(self, private: JSONObject) -> int | None:
        limit = private["limit"]
        return limit if isinstance(limit, int) else None

    def option_choices(self, name: str, seats: int) -> list[Any] | None:
        return None


FACE = MicrofilmsFace()
