"""風聲 The Message (original 千騏動漫 edition), 3 to 9 players, per ``rules/themessage.md``.

The base game without character cards: identities, the 81 function and
intelligence cards, three ways of sending, the timing windows and the stack.
"""

from __future__ import annotations

from companion.core.game import GameSpec
from companion.core.rules import over
from companion.core.taps import Sensing
from companion.games.themessage import cards, dealing, taps
from companion.games.themessage.actions import CODEC
from companion.games.themessage.bot import Bot
from companion.games.themessage.events import EVENTS
from companion.games.themessage.explained import EXPLAINED
from companion.games.themessage.legal import MOVES, PHONE_ONLY, audit_faces, masks
from companion.games.themessage.options import DEFAULT_MIXES
from companion.games.themessage.rules import aimed, apply, pending, roll
from companion.games.themessage.secrecy import SECRECY
from companion.games.themessage.setup import DOMAIN, MAX_SEATS, MIN_SEATS, setup
from companion.games.themessage.state import Ending, State
from companion.games.themessage.views import private_view, public_view, revealed_view
from companion.games.themessage.words import WORDS

GAME: GameSpec[State] = GameSpec(
    key="themessage",
    sizes=tuple(range(MIN_SEATS, MAX_SEATS + 1)),  # §2: three to nine
    demo_sizes=tuple(sorted(DEFAULT_MIXES)),  # the first-game tables, with no green
    codec=CODEC, options=DOMAIN, setup=setup, rules=apply, roll=roll,
    pending=pending, over=over, endings=Ending, moves=MOVES, masks=masks, phone_only=PHONE_ONLY,
    record_faces=audit_faces, copies=lambda state: cards.ALIKE[state.options.deck],
    public_view=public_view, record_view=private_view,
    revealed_view=revealed_view, bot=Bot, words=WORDS, secrecy=SECRECY, events=EVENTS,
    aimed=aimed, explained=EXPLAINED,
    sensing=Sensing(
        boxes={preset.value: ids for preset, ids in cards.DECKS.items()},
        cards=lambda options: cards.DECKS[options.deck],
        decide=taps.decide, deal=dealing.TAPS, laid=taps.laid,
    ),
)  # fmt: skip
