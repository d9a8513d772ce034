"""暗火线 (Dark Fire Line), 4 to 10 players, per ``rules/darkfireline.md``.

SWAT and citizens against terrorists, each identity secret: bullets, serums,
smoke and flashbangs, environments and armour, dying and rescue. The box's card
counts, the identity mixes and the serums in the deck are not known from any
source; they are options a group sets to the box in front of it.
"""

from __future__ import annotations

from companion.core.game import GameSpec
from companion.core.rules import over
from companion.core.taps import Sensing
from companion.games.darkfireline import setup as tables
from companion.games.darkfireline import taps
from companion.games.darkfireline.actions import CODEC
from companion.games.darkfireline.bot import Bot
from companion.games.darkfireline.copies import alike
from companion.games.darkfireline.events import EVENTS
from companion.games.darkfireline.explained import EXPLAINED
from companion.games.darkfireline.legal import MOVES, PHONE_ONLY, audit_faces, masks
from companion.games.darkfireline.options import Options
from companion.games.darkfireline.rules import aimed, apply, pending, roll
from companion.games.darkfireline.secrecy import SECRECY
from companion.games.darkfireline.state import Ending, State
from companion.games.darkfireline.views import private_view, public_view, revealed_view
from companion.games.darkfireline.words import WORDS

DIGEST_BOX = "digest"
"""The box the defaults guess (the digest's counts, serums for the largest table): the
cards a reader is registered for unless the group registers its own named box."""

GAME: GameSpec[State] = GameSpec(
    key="darkfireline",
    sizes=tuple(range(tables.MIN_SEATS, tables.MAX_SEATS + 1)),  # §2: four to ten
    demo_sizes=(4, 6),  # the default mixes nearest the seed's one sourced table
    codec=CODEC, options=tables.DOMAIN, setup=tables.setup, rules=apply, roll=roll,
    pending=pending, over=over, endings=Ending, moves=MOVES, masks=masks, phone_only=PHONE_ONLY,
    record_faces=audit_faces, copies=alike,
    public_view=public_view, record_view=private_view,
    revealed_view=revealed_view, bot=Bot, words=WORDS, secrecy=SECRECY, events=EVENTS,
    aimed=aimed, explained=EXPLAINED, rematch=tables.rematch,
    sensing=Sensing(
        boxes={DIGEST_BOX: tables.seen(Options())},
        cards=tables.seen,
        decide=taps.decide, deal=tables.DEAL, laid=taps.laid,
    ),
)  # fmt: skip
