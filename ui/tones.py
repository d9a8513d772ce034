"""The colours the faces name for what is drawn (:class:`ui.faces.base.Token`'s ``tone``), as
hex codes: one table for every drawing — Kivy's canvas on the tablet, matplotlib for
``companion story`` — so a nation, a camp or an intelligence colour looks the same on each."""

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
