"""The game-independent core every game is written against.

Pure standard library: no clocks, no threads, no I/O. A game is a set of
functions over immutable state (:class:`~companion.core.game.GameSpec`);
actions come in as frozen values, outcomes and views go out as values.
"""
