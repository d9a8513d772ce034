"""暗火线 (Dark Fire Line), 4 to 10 players, per ``rules/darkfireline.md``.

SWAT and citizens against terrorists, each identity secret: bullets, serums,
smoke and flashbangs, environments and armour, dying and rescue. The box's card
counts, the identity mixes and the serums in the deck are not known from any
source; they are options a group sets to the box in front of it.
"""
