"""Every way a game's cards are dealt, in one place.

- :mod:`.deal` — the app's deal of one identity and a hand to each seat (風聲, 暗火线): the
  deal's action and its check.
- :mod:`.by_hand` — a real deal of the same number of game cards to each seat, laid on
  the seats' readers or named on the phones.
- :mod:`.told` — a deal the players make with the real cards and tell, each on their own
  phone, made whole from their words (and a centre reader, or the app's guess).
"""
