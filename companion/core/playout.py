"""Random play of any game through its :class:`~companion.core.game.GameSpec`.

Benchmarks and property tests play thousands of games; this is the one way
they pick moves. It reads the rules' own legal-action lists, so it can only
make moves a player could, and it never looks at hidden state otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.core.actions import Action
from companion.core.game import GameSpec
from companion.core.prompts import waiting_on
from companion.core.types import Seat


def choose(
    spec: GameSpec[Any], state: Any, seat: Seat, rng: random.Random, weights: Mapping[str, float]
) -> Action:
    """First a family of actions by weight (unlisted families weigh 1), then one of it.

    A family drawn empty is set aside and the draw made again among the rest:
    each open family still comes up in proportion to its weight, and only the
    drawn families are listed — not every family, to learn which are open.
    """
    names = list(spec.kinds(state, seat))
    while names:
        if weights:
            family = rng.choices(names, [weights.get(n, 1.0) for n in names])[0]
        else:  # every family alike: the same odds, without building weights
            family = rng.choice(names)
        actions = spec.legal_actions(state, seat, family)
        if actions:
            return rng.choice(actions)
        names.remove(family)
    raise ValueError(f"seat {seat} has no legal action")


def step(
    spec: GameSpec[Any], state: Any, rng: random.Random, weights: Mapping[str, float]
) -> Action:
    """The next action of a random game: the chance due, or a weighted legal move."""
    chance = spec.roll(state, rng)
    if chance is not None:
        return chance
    seat = rng.choice(sorted(waiting_on(spec.pending(state))))
    return choose(spec, state, seat, rng, weights)
