"""The table's voice on Android: spoken once the engine is bound, in the table's language;
a language with no voice, or an engine that would not bind, said once, then silence."""

from __future__ import annotations

from ui.tablet.android_sim import FakeTextToSpeech
from ui.tablet.android_speech import AndroidSpeaker


def test_android_speaks_once_its_engine_is_bound_and_says_once_a_language_has_no_voice() -> None:
    tts = FakeTextToSpeech(voices=frozenset({"en-US"}))
    voice = AndroidSpeaker(tts)
    assert voice.say("Night 2 begins.", "en") is None  # not bound yet: not said
    tts.bind()
    assert voice.say("Ann's turn.", "en") is None
    assert voice.say("輪到 Ann。", "zh-Hant") == "voice.no_voice"
    assert voice.say("輪到 Ben。", "zh-Hant") is None  # said once; silent in it after
    assert voice.say("Ben's turn.", "en") is None
    assert tts.spoken == [("Ann's turn.", "en-US"), ("Ben's turn.", "en-US")]


def test_an_android_engine_that_would_not_bind_is_said_once() -> None:
    tts = FakeTextToSpeech()
    voice = AndroidSpeaker(tts)
    tts.bind(ok=False)
    assert voice.say("Ann's turn.", "en") == "voice.no_tts"
    assert voice.say("Ben's turn.", "zh-Hans") is None
    assert tts.spoken == []
