"""微諜影 Microfilms, 3 to 6 players, per ``rules/microfilms.md`` §1–§9."""

from __future__ import annotations

from companion.core.game import GameSpec
from companion.core.rules import over
from companion.core.taps import Sensing
from companion.games.microfilms import cards, claims, dealing, letter, taps
from companion.games.microfilms.actions import CLAIMS, CODEC
from companion.games.microfilms.bot import Bot
from companion.games.microfilms.events import EVENTS
from companion.games.microfilms.explained import EXPLAINED
from companion.games.microfilms.legal import MOVES, PHONE_ONLY, audit_faces, masks
from companion.games.microfilms.rules import apply, pending, roll
from companion.games.microfilms.secrecy import SECRECY
from companion.games.microfilms.setup import DOMAIN, MAX_SEATS, MIN_SEATS, setup
from companion.games.microfilms.state import Ending, State
from companion.games.microfilms.views import private_view, public_view, revealed_view
from companion.games.microfilms.words import WORDS

BOX = "standard"
"""The one box there is: the 25 cards of §1.3, identities included (each is one of a kind,
and lies face down in front of its owner only until a claim shows it)."""

ALL_IDS = tuple(c.id for c in cards.ALL)

SIZES = tuple(range(MIN_SEATS, MAX_SEATS + 1))
"""§2: every table from three to six; the demo plays them all."""
SENSING = Sensing(
    boxes={BOX: ALL_IDS}, cards=lambda options: ALL_IDS,
    decide=taps.decide, deal=dealing.TAPS, laid=taps.laid,
)  # fmt: skip

GAME: GameSpec[State] = GameSpec(
    key="microfilms", sizes=SIZES, demo_sizes=SIZES, codec=CODEC, options=DOMAIN,
    setup=setup, rules=apply, roll=roll, pending=pending, over=over, endings=Ending,
    moves=MOVES, masks=masks, phone_only=PHONE_ONLY, record_faces=audit_faces,
    copies=lambda state: cards.ALIKE, public_view=public_view, record_view=private_view,
    revealed_view=revealed_view, sensing=SENSING, bot=Bot, words=WORDS, secrecy=SECRECY,
    events=EVENTS, explained=EXPLAINED, amend=letter.follow,
    headings=dict.fromkeys((claim.act for claim in CLAIMS), "claim"),
    open_headings=claims.heading,
)  # fmt: skip
