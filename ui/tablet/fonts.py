"""A font that has Chinese in it, found on this machine, made Kivy's default.

Kivy's bundled Roboto has no CJK glyphs: without this, 繁體/简体 text shows as
boxes. The first font found among the usual places on Debian, Android, macOS
and Windows wins; ``docs/tablet.md`` says what to install when none is there.
"""

from __future__ import annotations

from pathlib import Path

from kivy.core.text import DEFAULT_FONT, LabelBase

from ui.cjk import find


def use_cjk() -> Path | None:
    """Make the first CJK font found the default for every label; ``None`` if there is none."""
    font = find()
    if font is not None:
        LabelBase.register(DEFAULT_FONT, str(font))
    return font
