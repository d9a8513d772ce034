"""How to play 暗火线 in two minutes, for a table that has never played.

Its paragraphs are the catalog's ``howto.darkfireline.<n>``, in every language; paragraph
*n* says in our own words the sections of the rules digest that ``SECTIONS[n - 1]`` names."""

from __future__ import annotations

from typing import Final

SECTIONS: Final = (
    "§1.1, §3, §8",
    "§1.2, §2",
    "§4",
    "§1.2, §5.1, §5.2, §5.13",
    "§6.1, §6.2, §6.4",
    "§6.3",
    "§8, §9",
)
"""The digest sections of paragraphs 1, 2, … in order."""
