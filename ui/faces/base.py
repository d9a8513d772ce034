"""The shape of a game's face: what the table shows of a seat and the centre, and alerts."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.core.types import JSON, JSONObject
from companion.i18n import Voice


@dataclass(frozen=True)
class Token:
    """Something the tablet draws, to be read from a metre away: a count or a card.

    ``kind`` says how it is drawn — ``coin`` (francs: a gold coin and its figure),
    ``hand`` (a hand of ``value`` card backs, of ``of`` it may keep), ``track`` (``of``
    cards laid out, ``value`` of them face up: 暗火线's health serums), ``stack`` (a pile
    face down: the deck), ``chip`` (a figure on a disc of ``tone``: a night, the
    intelligence of one colour), ``card`` (a card face up: its ``tone``, its ``symbol``
    and its name in ``label``) or ``back`` (a card face down, its ``tone`` when known).
    The art is the app's own — a colour and a simple shape per kind of card — never
    a copy of the box's.
    """

    kind: str
    label: str
    value: int | None = None
    of: int | None = None
    tone: str = "neutral"
    """A colour of :mod:`ui.tablet.theme`'s ``TONES``: red, blue, black, gold, green…"""
    symbol: str = ""
    """The shape drawn on a card: circle, square, diamond, triangle, star, ring, cross."""
    mark: str = ""
    """A small sign in a card's corner (``blood``: Microfilms' blood stain)."""
    about: str = ""
    """What a tap on a card face up reads (:meth:`~companion.i18n.Voice.read_out`): its
    kind and what it does — never its id, which would tell one copy from another."""


@dataclass(frozen=True)
class Pile:
    """The middle of the table on the tablet: what is drawn, and the words beside it
    (the moment of the turn, the plays waiting to resolve) that no drawing says."""

    tokens: tuple[Token, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class SeatFace:
    name: str
    lines: tuple[str, ...]
    """The seat's figures in words (the phones' list of seats, the terminal)."""
    active: bool = False
    out: bool = False
    highlight: str | None = None
    """A short badge (a revealed identity, "Clean"), shown in the accent colour."""
    tokens: tuple[Token, ...] = ()
    """The same figures as the tablet draws them."""
    tone: str = "neutral"
    """The badge's colour: ``good`` (Clean, alive), ``warn`` (Suspicious, locked), ``out``."""
    laid: tuple[FaceUp, ...] = ()
    """What lies face up before the seat, each card by name and colour (風聲's intelligence
    received, 暗火线's environment and armour): what a player aims at or counts on."""
    warning: str | None = None
    """What a player would want to be warned of about this seat (a second black: one more
    and it dies)."""


@dataclass(frozen=True)
class Stat:
    """One figure of a seat's own, on its phone: francs, status, intelligence received."""

    key: str
    label: str
    value: str
    tone: str | None = None
    """``good`` or ``warn`` colours the figure (Clean, Suspicious); ``None`` leaves it plain."""


@dataclass(frozen=True)
class Mark:
    """Something printed on a card that its holder's phone shows beside its name."""

    key: str
    """Its kind: the page draws each kind's own shape (``.mark-<key>``), with no font's help
    (a blood drop emoji was an empty box on a phone without an emoji font)."""
    label: str


@dataclass(frozen=True)
class HandCard:
    """One card of a seat's hand, as its phone shows it."""

    card: str
    name: str
    marks: tuple[Mark, ...] = ()
    tone: str | None = None
    """The card's colour as the tablet draws it face up (an intelligence's colour, a
    nation's), named as in :data:`ui.tones.TONES`."""


def held(
    card: JSON, voice: Voice, drawn: Callable[[JSON, Voice], Token], marks: tuple[Mark, ...] = ()
) -> HandCard:
    """A card of a seat's hand: its name, and its colour as the tablet draws it face up
    (``drawn``: the game's own drawing of a card)."""
    return HandCard(str(card), voice.render("card", card), marks, drawn(card, voice).tone)


@dataclass(frozen=True)
class FaceUp:
    """A card lying face up before a seat, as a phone names it: its name, its colour as the
    tablet draws it, and what it does — never its id, which no player can tell from another
    copy's."""

    name: str
    tone: str | None
    help: str | None


def face_up(card: JSON, voice: Voice, drawn: Callable[[JSON, Voice], Token]) -> FaceUp:
    """A card face up before a seat (``drawn``: the game's own drawing of a card)."""
    return FaceUp(voice.render("card", card), drawn(card, voice).tone, voice.explain(str(card)))


@dataclass(frozen=True)
class Alert:
    """Something nobody at the table may miss: a big banner until tapped away."""

    kind: str
    """``violation``, ``journal`` (it could not be saved), ``fault`` (an error the app did not
    foresee), ``night``, ``limit``, ``secret``, ``reader``, ``phone`` or ``voice`` (the
    tablet cannot speak) — it picks the colour."""
    text: str


class Face(Protocol):
    veiled: Mapping[str, tuple[str, ...]]
    """For each kind of secret, the words in it that a glance at the phone must not read:
    what follows from the seat's own identity (what a Probe obliges it to answer), and
    what it saw of another's hand or identity (an interrogation, a search warrant). Like
    the identity itself, they are said only while held."""

    def seat(self, view: JSONObject, seat: int, voice: Voice) -> SeatFace: ...

    def centre(self, view: JSONObject, voice: Voice) -> list[str]: ...

    def pile(self, view: JSONObject, voice: Voice) -> Pile:
        """The middle of the table as the tablet draws it: the deck, the discard pile…"""
        ...

    def alerts(self, events: list[JSONObject], view: JSONObject, voice: Voice) -> list[Alert]:
        """What these events bring that nobody may miss (a new night, a secret check)."""
        ...

    def standing(self, view: JSONObject, voice: Voice) -> list[Alert]:
        """What holds until it is dealt with (a hand over its limit)."""
        ...

    def me(self, private: JSONObject, public: JSONObject, voice: Voice) -> list[Stat]:
        """A seat's own figures, from its private view (and the public one), for its phone."""
        ...

    def hand(self, private: JSONObject, voice: Voice) -> list[HandCard]:
        """A seat's own cards, from its private view, for its phone."""
        ...

    def hand_limit(self, private: JSONObject) -> int | None:
        """How many cards the seat may keep, if the game has a limit now."""
        ...

    def recalled(self, private: JSONObject, asked: Sequence[JSONObject]) -> int | None:
        """Which of the seat's secrets (its index in ``private["secrets"]``) the question it
        is ``asked`` rests on, said again under the question on its phone — not a screen
        below among the rest; ``None`` for none. ``private`` names each card by its face:
        which copy of a face a seat saw is not the seat's to know."""
        ...

    def option_words(self, name: str, value: Any) -> tuple[str, dict[str, Any]] | None:
        """The catalog key and arguments of an option's value where the game words it its
        own way (``None``: as :func:`ui.faces.options.option_words` does for any game)."""
        ...

    def figures(self, view: JSONObject, seat: int, voice: Voice) -> tuple[Token, ...]:
        """A seat's figures in the game's own terms (francs, health, intelligence by colour),
        from the public view: what the game's story follows turn by turn."""
        ...

    def identity(self, card: JSON, voice: Voice) -> Token:
        """An identity revealed, drawn: its name and its side's colour."""
        ...

    def plays(self, view: JSONObject, voice: Voice) -> dict[int, str]:
        """The plays on the table that an action names by number (風聲's stack, which a
        識破 cancels one of), each as the tablet says it."""
        ...

    def deal_guide(self, options: Any, seats: int) -> tuple[str, JSONObject]:
        """The steps of the real deal a table of ``seats`` makes by hand, for these options:
        their catalog keys ``<key>.1``, ``<key>.2``… until one is missing, and what they
        count (``{seat}``, the one who deals, is the tablet's)."""
        ...
