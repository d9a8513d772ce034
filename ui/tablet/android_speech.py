"""The table's voice on Android: the device's own TextToSpeech, offline.

Java is reached through a :class:`Tts` bridge: :mod:`ui.tablet.android_tts` (pyjnius) on a
tablet, :class:`ui.tablet.android_sim.FakeTextToSpeech` in the tests, which copies what
Android's reference (developer.android.com/reference/android/speech/tts/TextToSpeech)
says the engine does:

- the engine binds after the constructor returns and reports it to ``onInit``; until then
  ``speak`` fails (``ERROR``), so a line due before it is ready is simply not said;
- ``setLanguage`` answers ``LANG_MISSING_DATA`` or ``LANG_NOT_SUPPORTED`` (below zero) for
  a language the device has no voice for;
- ``QUEUE_ADD`` speaks a line after those already queued: the loop never waits.
"""

from __future__ import annotations

from typing import Protocol

LOCALES = {"en": "en-US", "zh-Hant": "zh-TW", "zh-Hans": "zh-CN"}
"""The language tag Android is asked for, for each language of the table."""


class Tts(Protocol):
    """Android's ``TextToSpeech``, as far as the table's voice uses it."""

    def ready(self) -> bool | None:
        """``onInit``'s word: ``None`` until it came, then whether the engine bound."""
        ...

    def set_language(self, tag: str) -> int:
        """``setLanguage(Locale.forLanguageTag(tag))``: below zero, no voice for it."""
        ...

    def speak(self, line: str) -> int:
        """``speak(line, QUEUE_ADD, null, id)``."""
        ...


class AndroidSpeaker:
    """The table's voice through the device's TextToSpeech (a :class:`~ui.tablet.speech.
    Speaker`): a language it has no voice for, or an engine that would not bind, is said
    once and then kept silent."""

    def __init__(self, tts: Tts) -> None:
        self.tts = tts
        self._lang: str | None = None
        self._silent: set[str] = set()

    def say(self, line: str, lang: str) -> str | None:
        ready = self.tts.ready()
        if lang in self._silent or ready is None:
            return None
        if not ready:
            self._silent.update(LOCALES)
            return "voice.no_tts"
        if lang != self._lang:
            if self.tts.set_language(LOCALES[lang]) < 0:
                self._silent.add(lang)
                return "voice.no_voice"
            self._lang = lang
        self.tts.speak(line)
        return None
