"""The tablet app on Android: the device's storage, its language, its own NFC, its life cycle.

python-for-android starts ``main.py`` at the top of this repository, which calls
:func:`main`; the desktop's way in is ``companion play``. What differs from the desktop
is said here and nowhere else:

- the journal, the deck's tag map, the named boxes, the log and the crash reports live in
  the app's own storage (python-for-android's ``android.storage.app_storage_path()``),
  never in a desktop's user folders;
- the language is the device's (its ``java.util.Locale``);
- the table's reader is the tablet's own NFC chip (``android:nfc``, :mod:`hardware.
  android_nfc`), watching the centre, once a deck has been registered on it — on the
  start screen, there being no terminal for ``companion register`` (:mod:`ui.tablet.
  decks`); a tablet without NFC, or without a deck, plays without readers;
- the table's voice, when a game turns it on, is Android's own TextToSpeech
  (:mod:`ui.tablet.android_speech`), not espeak-ng;
- the CJK font is the one packaged with the app, else the system's (:func:`ui.cjk.find`);
- the phones join over the tablet's Wi-Fi or the hotspot it runs, on the port the journal
  keeps, and find their way back by themselves after the app slept
  (:meth:`~ui.tablet.app.TabletApp.on_resume`); a game the system killed in the
  background is offered again at the next start, exactly where it was.

Nothing on this path imports what Android lacks: ptys, ``termios``, serial ports by path,
``platformdirs`` (``tests/ui/tablet/test_android.py`` plays a whole game with those
missing).
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.i18n import pick_lang
from companion.journal import Journal
from companion.tagmap import TagMap
from hardware.android_nfc import Adapter, AndroidNfc
from hardware.sources import Context, Watch
from ui import faults
from ui.phones import DEFAULT_PORT
from ui.tablet import launch
from ui.tablet.android_speech import AndroidSpeaker, Tts
from ui.tablet.decks import OnTablet

if TYPE_CHECKING:
    from ui.tablet.app import TabletApp

READER = "centre=android:nfc"
"""Where the tablet's own NFC watches: the middle of the table, where a card is played."""


@dataclass(frozen=True)
class Device:
    """What the app is given by the device it runs on."""

    storage: Path
    """The app's own folder."""
    nfc: AndroidNfc | None
    """Its NFC chip, if it has one."""
    lang: str
    tts: Tts | None = None
    """Its TextToSpeech, the table's voice (:mod:`ui.tablet.android_speech`)."""


def device() -> Device:
    """The Android device the app runs on, as python-for-android and pyjnius show it."""
    from android.storage import app_storage_path  # noqa: PLC0415 -- python-for-android's
    from jnius import autoclass  # noqa: PLC0415 -- Java, on Android only

    from hardware.android_jnius import JniusNfc  # noqa: PLC0415 -- as above
    from ui.tablet.android_tts import JniusTts  # noqa: PLC0415 -- as above

    nfc = JniusNfc()
    locale = str(autoclass("java.util.Locale").getDefault().toLanguageTag())
    found = nfc if nfc.adapter() is not Adapter.MISSING else None
    return Device(Path(app_storage_path()), found, pick_lang(locale), JniusTts())


def main(on: Device | None = None) -> None:
    """The app until Android closes it."""
    here = on or device()
    start(here)
    asyncio.run(app(here).run_all())


def start(on: Device, *, fullscreen: bool = True) -> None:
    """What comes before Kivy: the app's log in its own storage, then Kivy's settings."""
    faults.keep_logs(on.storage / "logs")
    launch.prepare(on.storage / "kivy", fullscreen=fullscreen)


def app(
    on: Device,
    *,
    host: str | None = None,
    port: int = DEFAULT_PORT,
    rng: random.Random | None = None,
) -> TabletApp:
    """The tablet app on ``on``'s storage, with its NFC as the centre's reader (Kivy must be
    prepared first: :func:`ui.tablet.launch.prepare`)."""
    from ui.tablet.app import TabletApp  # noqa: PLC0415 -- Kivy is configured by now

    on.storage.mkdir(parents=True, exist_ok=True)
    decks = None
    if on.nfc is not None:
        tags = TagMap(on.storage / "tags.sqlite3")
        decks = OnTablet(tags, Watch.parse(READER), Context(android=on.nfc))
    speaker = None if on.tts is None else AndroidSpeaker(on.tts)
    return TabletApp(
        Journal(on.storage / "journal.sqlite3"), on.lang, host=host, port=port, rng=rng,
        decks=decks, logs=on.storage / "logs", speaker=speaker,
    )  # fmt: skip
