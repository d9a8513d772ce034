"""Android's NFC through pyjnius: the bridge :mod:`hardware.android_nfc` uses on a tablet.

Imported only on Android (python-for-android provides ``jnius`` and the activity): the
calls are those the source's docstring cites. Never run here — there is no Java virtual
machine on a desktop — so :mod:`hardware.android_fake` stands in for it in the tests,
copying what Android does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from android.runnable import run_on_ui_thread
from jnius import PythonJavaClass, autoclass, cast, java_method

from companion.observations import NdefRecord
from hardware.android_nfc import Adapter, AndroidTag, TagLost

NfcAdapter = autoclass("android.nfc.NfcAdapter")
NfcA = autoclass("android.nfc.tech.NfcA")
Ndef = autoclass("android.nfc.tech.Ndef")
Bundle = autoclass("android.os.Bundle")
PythonActivity = autoclass("org.kivy.android.PythonActivity")

READ_PAGE_0 = bytes([0x30, 0x00])
"""NTAG's READ of page 0: any tag in the field answers it, none out of it."""
FLAGS = NfcAdapter.FLAG_READER_NFC_A | NfcAdapter.FLAG_READER_NO_PLATFORM_SOUNDS


class JniusTag:
    """A ``android.nfc.Tag`` found in reader mode."""

    def __init__(self, tag: Any) -> None:
        self._tag = tag
        self.uid = bytes(b & 0xFF for b in tag.getId())
        self._nfca = NfcA.get(tag)

    def records(self) -> tuple[NdefRecord, ...]:
        ndef = Ndef.get(self._tag)
        if ndef is None:
            return ()
        try:
            ndef.connect()
            message = ndef.getNdefMessage()
            ndef.close()
        except Exception as err:  # TagLostException, IOException: left mid-read
            raise TagLost() from err
        if message is None:
            return ()
        return tuple(
            NdefRecord(bytes(r.getType()).decode("latin-1"), bytes(r.getId()).decode("latin-1"),
                       bytes(b & 0xFF for b in r.getPayload()))
            for r in message.getRecords()
        )  # fmt: skip

    def present(self) -> bool:
        try:
            if not self._nfca.isConnected():
                self._nfca.connect()
            self._nfca.transceive(READ_PAGE_0)
        except Exception:  # TagLostException: lifted
            return False
        return True


class _Callback(PythonJavaClass):  # type: ignore[misc]
    """``NfcAdapter.ReaderCallback``, called on a binder thread."""

    __javainterfaces__: ClassVar[list[str]] = ["android/nfc/NfcAdapter$ReaderCallback"]
    __javacontext__ = "app"

    def __init__(self, found: Callable[[AndroidTag], None]) -> None:
        super().__init__()
        self.found = found

    @java_method("(Landroid/nfc/Tag;)V")  # type: ignore[untyped-decorator]
    def onTagDiscovered(self, tag: Any) -> None:  # noqa: N802 -- Java's name
        self.found(JniusTag(tag))


class JniusNfc:
    """The activity's ``NfcAdapter``; reader mode for NFC-A tags."""

    def __init__(self) -> None:
        self._activity = cast("android.app.Activity", PythonActivity.mActivity)
        self._adapter = NfcAdapter.getDefaultAdapter(self._activity)
        self._callback: _Callback | None = None

    def adapter(self) -> Adapter:
        if self._adapter is None:
            return Adapter.MISSING
        return Adapter.ON if self._adapter.isEnabled() else Adapter.OFF

    def listen(self, found: Callable[[AndroidTag], None]) -> None:
        self._callback = _Callback(found)  # kept: Java holds only a weak reference
        self._enable(self._callback)

    @run_on_ui_thread  # type: ignore[untyped-decorator]
    def _enable(self, callback: _Callback) -> None:
        """Reader mode is the activity's: asked for on its main thread."""
        self._adapter.enableReaderMode(self._activity, callback, FLAGS, Bundle())

    @run_on_ui_thread  # type: ignore[untyped-decorator]
    def deafen(self) -> None:
        if self._adapter is not None:
            self._adapter.disableReaderMode(self._activity)
        self._callback = None
