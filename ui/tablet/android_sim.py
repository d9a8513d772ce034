"""Android, as far as this machine can play it: what the tablet's path must do without is
made missing, and SDL draws offscreen (Kivy's Android parts ask Java for the screen's
density: only a device has it, so Kivy draws here as on a desktop).

For the simulated Android run (``tests/ui/tablet/android_game.py``) and its benchmark
(``bench/tablet.py``): :func:`install` comes before anything else is imported, so that a
module Android lacks is missing to every import that follows, as it would be there.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import sys
from types import ModuleType

MISSING = ("termios", "tty", "pty", "serial", "usb1", "nfc", "platformdirs", "ifaddr", "cv2", "PIL")
"""What the tablet's path must do without on Android: ptys and ``termios``, serial ports,
nfcpy and libusb, the desktop's folders, ``ifaddr``, the camera's OpenCV — and Pillow
(Kivy's images load through SDL there)."""


class _NotOnAndroid(importlib.abc.MetaPathFinder):
    def find_spec(
        self, name: str, path: object, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name.partition(".")[0] in MISSING:
            raise ModuleNotFoundError(f"No module named {name!r} on Android", name=name)
        return None


def install() -> None:
    """From now on, this interpreter imports as the app's does on Android."""
    loaded = sorted(m for m in MISSING if m in sys.modules)
    if loaded:
        raise RuntimeError(f"already imported, as Android could not: {loaded}")
    sys.meta_path.insert(0, _NotOnAndroid())
    os.environ["SDL_VIDEODRIVER"] = "offscreen"


def imported_missing() -> list[str]:
    """What Android lacks that was imported all the same (nothing, if the path is right)."""
    return sorted(m for m in MISSING if m in sys.modules)


class FakeTextToSpeech:
    """Android's TextToSpeech without a device (:class:`ui.tablet.android_speech.Tts`), as
    its reference says it behaves: ``speak`` fails until the engine has bound (``onInit``,
    :meth:`bind`), and a language with no voice installed answers ``LANG_MISSING_DATA``."""

    LANG_MISSING_DATA = -1
    SUCCESS, ERROR = 0, -1

    def __init__(self, voices: frozenset[str] = frozenset({"en-US", "zh-TW", "zh-CN"})) -> None:
        self.voices = voices
        self.spoken: list[tuple[str, str]] = []
        """Each line spoken, with the language tag it was spoken in."""
        self._bound: bool | None = None
        self._tag = ""

    def bind(self, ok: bool = True) -> None:
        """The engine reports to ``onInit``: bound, or not."""
        self._bound = ok

    def ready(self) -> bool | None:
        return self._bound

    def set_language(self, tag: str) -> int:
        if tag not in self.voices:
            return self.LANG_MISSING_DATA
        self._tag = tag
        return self.SUCCESS

    def speak(self, line: str) -> int:
        if not self._bound:
            return self.ERROR
        self.spoken.append((line, self._tag))
        return self.SUCCESS
