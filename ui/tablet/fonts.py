"""A font that has Chinese in it, found on this machine, made Kivy's default and opened at
every size the tablet draws.

Kivy's bundled Roboto has no CJK glyphs: without this, 繁體/简体 text shows as
boxes. The first font found among the usual places on Debian, Android, macOS
and Windows wins; ``docs/tablet.md`` says what to install when none is there.
"""

from __future__ import annotations

from pathlib import Path

from kivy.core.text import DEFAULT_FONT, LabelBase
from kivy.core.text import Label as CoreLabel

from ui.cjk import find
from ui.tablet import theme


def use_cjk() -> Path | None:
    """Make the first CJK font found the default for every label; ``None`` if there is none."""
    font = find()
    if font is not None:
        LabelBase.register(DEFAULT_FONT, str(font))
    return font


def open_every_size() -> None:
    """Open the font at every size the tablet draws text at (:data:`~ui.tablet.theme.SIZES`),
    plain and bold, before the first game.

    Kivy opens the font file once for each size it draws (and keeps it open, up to 64).
    Opened as each screen first needs them, the tablet's open files grew over the first
    games of an evening, and the frame that first drew a size waited for the file; opened
    here, every game starts with the same files open."""
    for size in theme.SIZES:
        for bold in (False, True):
            CoreLabel(font_size=size, bold=bold).get_extents("字")
