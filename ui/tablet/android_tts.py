"""Android's TextToSpeech through pyjnius: the bridge :mod:`ui.tablet.android_speech` uses
on a tablet.

Imported only on Android (python-for-android provides ``jnius`` and the activity). Never
run here — there is no Java virtual machine on a desktop — so
:class:`ui.tablet.android_sim.FakeTextToSpeech` stands in for it in the tests.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import ClassVar

from jnius import PythonJavaClass, autoclass, java_method

TextToSpeech = autoclass("android.speech.tts.TextToSpeech")
Locale = autoclass("java.util.Locale")
PythonActivity = autoclass("org.kivy.android.PythonActivity")


class _OnInit(PythonJavaClass):
    __javainterfaces__: ClassVar[list[str]] = ["android/speech/tts/TextToSpeech$OnInitListener"]
    __javacontext__ = "app"

    def __init__(self, done: Callable[[bool], None]) -> None:
        super().__init__()
        self.done = done

    @java_method("(I)V")  # type: ignore[untyped-decorator]
    def onInit(self, status: int) -> None:  # noqa: N802 -- Java's name
        self.done(status == TextToSpeech.SUCCESS)


class JniusTts:
    """The device's TextToSpeech engine, bound to the app's activity."""

    def __init__(self) -> None:
        self._ready: bool | None = None
        self._listener = _OnInit(self._bound)  # kept: Java holds only a weak reference
        self._tts = TextToSpeech(PythonActivity.mActivity, self._listener)
        self._ids = itertools.count()

    def _bound(self, ok: bool) -> None:
        self._ready = ok

    def ready(self) -> bool | None:
        return self._ready

    def set_language(self, tag: str) -> int:
        return int(self._tts.setLanguage(Locale.forLanguageTag(tag)))

    def speak(self, line: str) -> int:
        said = f"table-{next(self._ids)}"
        return int(self._tts.speak(line, TextToSpeech.QUEUE_ADD, None, said))
