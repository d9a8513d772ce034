"""The colours the faces name for what is drawn (:class:`ui.faces.base.Token`'s ``tone``), as
hex codes: one table for every drawing — Kivy's canvas on the tablet, matplotlib for
``companion story`` — so a nation, a camp or an intelligence colour looks the same on each;
and the shape each colour that means something is also told by, for a player who cannot
tell red from green."""

from __future__ import annotations

from typing import Final

TONES: Final = {
    "red": "#dc2626",
    "blue": "#2563eb",
    "black": "#1f2937",
    "green": "#16a34a",
    "gold": "#f2c14e",
    "purple": "#7c3aed",
    "orange": "#ea580c",
    "teal": "#0d9488",
    "grey": "#6b7280",
    "neutral": "#3f5a4c",
}

SHAPES: Final = {
    "red": "diamond",
    "blue": "circle",
    "black": "square",
    "green": "triangle",
    "gold": "star",
    "purple": "ring",
    "orange": "cross",
    "teal": "hexagon",
}
"""Each colour that means something (風聲's intelligence and camps, 暗火线's roles and health,
Microfilms' nations), and the shape that tells it without its colour: the tablet draws a
chip as it and marks a card's corner with it, the phones put it beside the colour's stripe,
and the story picture ends each track with it. Grey and neutral mean nothing: no shape."""
