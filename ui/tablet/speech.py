"""The table's voice: its news read aloud in the table's language, so that nobody has to
read the tablet from across the room — optional, off unless the new game turns it on.

What is read out is chosen from the tablet's public feed, line for line as the feed words
it, and nothing else: only the kinds of event the game declares spoken (``GameSpec.spoken``: a
turn, a night, an ending), so a voice can never say what the screen may not show. It
speaks offline: espeak-ng on a desktop (:class:`Espeak`), Android's own TextToSpeech on a
tablet (:mod:`ui.tablet.android_speech`). A voice that cannot speak says so once, in
words, on the screen, and the game goes on in silence.
"""

from __future__ import annotations

import asyncio
import shutil
from collections import deque
from typing import Protocol

from ui.faces.base import Alert
from ui.tablet.session import Session


class Speaker(Protocol):
    def say(self, line: str, lang: str) -> str | None:
        """Speak ``line`` after what is being spoken, never waiting for it. The first time
        it finds it cannot speak, the catalog key of why; after that it stays silent."""
        ...


class Recording:
    """A speaker that keeps what it was asked to say (for tests, and anywhere a voice is
    wanted on paper)."""

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []

    def say(self, line: str, lang: str) -> str | None:
        self.said.append((line, lang))
        return None


ESPEAK_VOICES = {"en": "en", "zh-Hant": "cmn", "zh-Hans": "cmn"}
"""espeak-ng's voice for each language of the table: Mandarin reads both scripts."""


class Espeak:
    """espeak-ng, a line at a time, each in a process the asyncio loop waits on — the
    table never waits for the voice. Missing, it is said once and never looked for again."""

    def __init__(self, program: str = "espeak-ng") -> None:
        self.program = shutil.which(program)
        self._lines: deque[tuple[str, str]] = deque()
        self._speaking: asyncio.Task[None] | None = None
        self._told = False

    def say(self, line: str, lang: str) -> str | None:
        if self.program is None:
            told, self._told = self._told, True
            return None if told else "voice.no_espeak"
        self._lines.append((line, lang))
        if self._speaking is None or self._speaking.done():
            self._speaking = asyncio.ensure_future(self._speak(self.program))
        return None

    async def _speak(self, program: str) -> None:
        while self._lines:
            line, lang = self._lines.popleft()
            spoken = await asyncio.create_subprocess_exec(
                program, "-v", ESPEAK_VOICES[lang], "--stdin",
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
            )  # fmt: skip
            await spoken.communicate(line.encode())


class Crier:
    """Reads a session's news aloud as it comes: the feed's lines of the kinds its face
    names, each once, in the tablet's language of the moment."""

    def __init__(self, session: Session, speaker: Speaker, *, opening: bool = False) -> None:
        """``opening``: a new game, whose first lines (who starts) came before its voice did
        and are read out now; a resumed game's past stays unsaid."""
        self.session = session
        self.speaker = speaker
        self._heard = 0 if opening else session.heard
        session.subscribe(self._changed)
        if opening:
            self._changed()

    def _changed(self) -> None:
        session = self.session
        new, self._heard = session.heard - self._heard, session.heard
        for kind, line in session.news(new):
            if kind in session.service.spec.spoken:
                trouble = self.speaker.say(line, session.lang)
                if trouble is not None:
                    session.tell(Alert("voice", session.voice.text(trouble)))
