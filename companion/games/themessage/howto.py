"""How to play 風聲 in two minutes, for a table that has never played.

Its paragraphs are the catalog's ``howto.themessage.<n>``, in every language; paragraph
*n* says in our own words the sections of the rules digest that ``SECTIONS[n - 1]`` names."""

from __future__ import annotations

from typing import Final

SECTIONS: Final = (
    "§1.1, §2, §8.2",
    "§1.3, §2",
    "§4",
    "§5.1, §5.2",
    "§5.2, §6.2, §6.3, §6.5, §6.7, §7",
    "§6.6, §8.1, §8.3",
    "§8.2, §10",
)
"""The digest sections of paragraphs 1, 2, … in order."""
