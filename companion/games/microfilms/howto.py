"""How to play Microfilms in two minutes, for a table that has never played.

Its paragraphs are the catalog's ``howto.microfilms.<n>``, in every language; paragraph
*n* says in our own words the sections of the rules digest that ``SECTIONS[n - 1]`` names."""

from __future__ import annotations

from typing import Final

SECTIONS: Final = (
    "§1.3, §2, §7",
    "§1.2, §2, §5.1",
    "§4, §5.4",
    "§6.1, §6.4, §6.5, §7",
    "§7",
    "§8",
    "§7, §9",
)
"""The digest sections of paragraphs 1, 2, … in order."""
