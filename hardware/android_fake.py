"""Android's NFC without a device: the fake the tests lay cards on, as Android behaves.

What it copies from Android's reference (developer.android.com/reference/android/nfc/):

- ``NfcAdapter.enableReaderMode`` may be called only while the activity is resumed: on
  a paused one it fails (``IllegalStateException``), and reader mode ends when the
  activity pauses, whether or not the app disables it. Here :meth:`FakeAndroid.pause`
  ends it, and :meth:`FakeAndroid.listen` refuses while paused.
- ``ReaderCallback.onTagDiscovered`` is called on a binder thread, once for each tag that
  comes into the field, and again after the tag left and came back: here on a thread of
  its own, per card laid.
- A tag out of the field answers nothing: ``transceive`` and an NDEF read throw
  ``TagLostException`` (here :class:`~hardware.android_nfc.TagLost`, or ``present``
  false). :meth:`FakeAndroid.lay` can lift the card in the middle of its NDEF read.
- ``isEnabled()`` is false while NFC is off in the settings, and no tag is discovered
  then; a device without NFC has no adapter (``getDefaultAdapter`` is ``null``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.observations import NdefRecord
from hardware.android_nfc import Adapter, AndroidTag, TagLost


class IllegalState(RuntimeError):
    """Android's ``IllegalStateException``: reader mode asked for by a paused activity."""


@dataclass
class FakeTag:
    """A sticker in the fake's field."""

    uid: bytes
    message: tuple[NdefRecord, ...] = ()
    here: bool = True
    lost_mid_read: bool = False

    def records(self) -> tuple[NdefRecord, ...]:
        if not self.here or self.lost_mid_read:
            self.here = False
            raise TagLost()
        return self.message

    def present(self) -> bool:
        return self.here


@dataclass
class FakeAndroid:
    """The device's NFC: ``adapter_state`` as the settings have it, an activity resumed or
    paused, and the card lying on the antenna, if any."""

    adapter_state: Adapter = Adapter.ON
    resumed: bool = True
    _found: Callable[[AndroidTag], None] | None = None
    _card: FakeTag | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    # --- what the source asks -------------------------------------------------------

    def adapter(self) -> Adapter:
        return self.adapter_state

    def listen(self, found: Callable[[AndroidTag], None]) -> None:
        if not self.resumed:
            raise IllegalState("enableReaderMode called while the activity is paused")
        with self._lock:
            self._found = found
            card = self._card
        if card is not None and card.here:
            self._tell(card)  # a card lying there all along is discovered again

    def deafen(self) -> None:
        with self._lock:
            self._found = None

    # --- what the test does -----------------------------------------------------------

    def lay(self, uid: bytes, message: tuple[NdefRecord, ...] = (), *,
            lost_mid_read: bool = False) -> None:  # fmt: skip
        """A card laid on the antenna; ``lost_mid_read``: lifted while its message is read."""
        card = FakeTag(uid, message, lost_mid_read=lost_mid_read)
        with self._lock:
            if self._card is not None:
                self._card.here = False
            self._card = card
        self._tell(card)

    def lift(self) -> None:
        with self._lock:
            if self._card is not None:
                self._card.here = False
            self._card = None

    def pause(self) -> None:
        """The activity paused (screen off, another app): reader mode ends with it."""
        self.resumed = False
        self.deafen()

    def resume(self) -> None:
        self.resumed = True

    def switch(self, on: bool) -> None:
        """NFC switched on or off in the system settings."""
        self.adapter_state = Adapter.ON if on else Adapter.OFF
        if not on:
            self.deafen()

    def _tell(self, card: FakeTag) -> None:
        with self._lock:
            found = self._found if self.adapter_state is Adapter.ON and self.resumed else None
        if found is not None:  # told later, on a binder thread: enableReaderMode returns at once
            threading.Thread(target=found, args=(card,), name="binder", daemon=True).start()
