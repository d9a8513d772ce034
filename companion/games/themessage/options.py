"""Every rule the 風聲 digest marks INFERRED or UNKNOWN, or where its sources disagree.

Each is a named option whose default is the digest's recommendation;
``docs/games/themessage.md`` says what each choice means at the table. A
game stores all of its options in its journal header, so a later change of
default never changes an old game.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from companion.games.themessage.cards import Preset


@dataclass(frozen=True, kw_only=True)
class Mix:
    """How many identity cards of each camp are dealt (§2 step 2); one per player."""

    red: int
    blue: int
    green: int = 0


DEFAULT_MIXES: dict[int, Mix] = {
    3: Mix(red=2, blue=1),
    4: Mix(red=2, blue=2),
    5: Mix(red=3, blue=2),
    6: Mix(red=3, blue=3),
}
"""§2: the table's alternatives without 打醬油的, as the seed advises for a first game.

Green wins only through a character's secret mission, and characters are not
in this game yet; so no default deals green. At 3 and 5 players the box prints
only mixes with green: the default is then two camps, red one player larger
(INFERRED; :data:`TWO_CAMP_MIXES` has blue larger). Seven or more need green
(three copies a camp), set up by the group (``Options.identities``).
"""

TWO_CAMP_MIXES: dict[int, tuple[Mix, ...]] = {
    3: (Mix(red=1, blue=2),),
    5: (Mix(red=2, blue=3),),
}
"""The other red/blue-only mix at an odd table, for a face to offer beside the default."""

PRINTED_MIXES: dict[int, tuple[Mix, ...]] = {
    3: (Mix(red=1, blue=1, green=1),),
    4: (Mix(red=1, blue=1, green=2), Mix(red=2, blue=2)),
    5: (Mix(red=2, blue=2, green=1),),
    6: (Mix(red=2, blue=2, green=2), Mix(red=3, blue=3)),
    7: (Mix(red=3, blue=3, green=1), Mix(red=2, blue=2, green=3)),
    8: (Mix(red=3, blue=3, green=2),),
    9: (Mix(red=3, blue=3, green=3),),
}
"""§2: the identity table and its alternatives, for a face to offer as choices."""


class LuredDirectTarget(enum.StrEnum):
    """§6.2, §11: what 調虎離山 does to the player a 直達 card is addressed to."""

    TO_SENDER = "to_sender"
    """The card goes back to the sender, who must receive it (INFERRED)."""
    NOT_ALLOWED = "not_allowed"
    """The addressee of a 直達 card cannot be lured away."""


class BurnTiming(enum.StrEnum):
    """§6.6: when 燒燬 may be played."""

    ANY_WINDOW = "any_window"
    """At any open moment: the active player at turn start and in play phases, and every
    player in each response and transmission round (outside a round only the active
    player acts)."""
    PLAY_PHASE = "play_phase"
    """Only by the active player in their play phases (FOOP's newer text)."""


class DistributeChecks(enum.StrEnum):
    """§6.9, §8.4: when death and victory are checked during 真偽莫辨."""

    EACH = "each"
    """After each placement, in distribution order (INFERRED)."""
    AFTER_ALL = "after_all"
    """Once all cards are placed, each receiver in distribution order."""


class RoundOrder(enum.StrEnum):
    """§7: how plays declared in one round resolve when 鎖定 and last-in-first-out cards
    (截獲, 識破, …) are declared together — the seed gives each order alone (l.205–209)."""

    LOCKS_FIRST = "locks_first"
    """Every 鎖定 first, in seat order, then the last-in-first-out cards, the last in seat
    order first (INFERRED: each card keeps its own order, 鎖定 being used at once)."""
    SEAT_ORDER = "seat_order"
    """Every play of such a round resolves in seat order, the first first. A round of
    last-in-first-out cards alone resolves the last in seat order first all the same: the
    seed says so of them outright (後發先至順位原則：如【截獲】、【識破】, l.205–209)."""


@dataclass(frozen=True, kw_only=True)
class Options:
    deck: Preset = Preset.FOOP
    """§1.3 — which manifest of 81 cards the box holds."""

    identities: Mix | None = None
    """§2 — the identity cards dealt; ``None`` takes the green-free mix for 4 or 6 players.

    Any mix of at most three of each camp, one per player, with at least one red
    and one blue, may be set. A mix with green deals players an identity that
    cannot win without characters (§1.1).
    """

    probe_plus_draws: int = 1
    """§1.3 — cards a matching target draws for a "+" probe: 1 (LEO) or 2 (FOOP)."""

    probe_while_sending: bool = False
    """§6.8 — the active player may also probe in their own transmit window (LEO)."""

    countered_probe_removed: bool = True
    """§4 — a countered probe leaves the game, unseen (INFERRED); else it is discarded."""

    lure_locked: bool = False
    """§6.1, §11 — a locked player may be chosen for 調虎離山 (LEO); the lock still holds."""

    lured_direct_target: LuredDirectTarget = LuredDirectTarget.TO_SENDER
    """§6.2, §11 — 調虎離山 on the addressee of a 直達 card."""

    counter_own: bool = False
    """§6.7, §11 — a player may counter a card of their own (UNKNOWN)."""

    burn_timing: BurnTiming = BurnTiming.ANY_WINDOW
    """§6.6 — when 燒燬 may be played."""

    distribute_checks: DistributeChecks = DistributeChecks.EACH
    """§6.9, §8.4 — when 真偽莫辨's placements are checked for death and victory."""

    round_order: RoundOrder = RoundOrder.LOCKS_FIRST
    """§7 — the order of plays declared together, 鎖定 and last-in-first-out cards mixed."""

    send_sets_order: bool = True
    """§7 — the seat order of plays declared together starts to the sender's right once the
    intelligence is sent (INFERRED); off, to the right of whoever last played a card, as
    the seed's words go (上一個使用技能或卡牌玩家, l.205): a card sent as intelligence has no
    function (l.81), so sending it is no use of a card."""

    hand_limit: int = 0
    """§4, §11 — 0: no hand limit, as none is stated for this edition (INFERRED); a number
    sets one, held at the end of the active player's turn."""

    discard_face_up: bool = False
    """§3, §11 — discards from hand are face up for all to see; the seed advises face down."""

    dead_share_win: bool = True
    """§8.2 — dead members of the winning camp win too (INFERRED)."""

    hopeless_end: bool = True
    """§8.2, §11 — the game ends without a winner once no living player can win (UNKNOWN)."""
