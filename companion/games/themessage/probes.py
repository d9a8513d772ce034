"""What a probe obliges its target to do or say (digest §1.3, §6.8).

The app knows every identity, so it tells the target privately what theirs
obliges — and holds them to it: any other public answer is refused.
"""

from __future__ import annotations

from companion.core.types import CardId
from companion.games.themessage.actions import Answer
from companion.games.themessage.cards import CAMP_OF, CARDS, Sign
from companion.games.themessage.options import Options


def obligation(identity: CardId, probe: CardId, options: Options) -> tuple[Answer, int]:
    """The one answer ``identity`` owes ``probe``, and how many cards it draws or discards.

    | sign | target is the named identity | otherwise |
    | + | draw 1 (or 2, an option) | say 「其實我是臥底」 |
    | − | discard 1 hand card | say 「我是一個好人」 |
    """
    card = CARDS[probe]
    named = CAMP_OF[identity] is card.names
    if card.sign is Sign.PLUS:
        return (Answer.DRAW, options.probe_plus_draws) if named else (Answer.SAY_UNDERCOVER, 0)
    return (Answer.DISCARD, 1) if named else (Answer.SAY_GOOD, 0)
