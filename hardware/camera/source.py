"""``camera:0`` (a device) and ``camera:FILE`` (a recorded video): cards seen and gone.

Two threads. The grabber reads frames through ``cv2.VideoCapture`` — MJPG asked of a
device, a buffer of one — and keeps only the newest, so a slow detection never works
on a stale picture; a file is paced to its own frame rate, as a camera would give it.
The watcher takes the newest frame, skips it when the table has not moved since the
last one it looked at (a still table costs a downscaled difference, not a detection),
finds the markers, maps them to the table by its corner markers and fuses them over
frames (:mod:`hardware.camera.fusion`).

The table starts from the view it was calibrated in (:mod:`hardware.camera.layout`), or
else from the corners the first frames show (averaged); a frame whose corners lie
elsewhere by more than :data:`MOVED_MM` says the view moved, and the table is calibrated
again from the new view — cards are not guessed at meanwhile.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Protocol

import cv2
import numpy as np

from companion.observations import CardGone, CardSeen, SourceName, SourceState, SourceStatus, Zone
from hardware.camera.detect import Detector, Found, Image
from hardware.camera.fusion import Fusion, Known
from hardware.camera.table import Table, averaged
from hardware.stream import Emit, ThreadFed
from hardware.urls import BadSourceUrl

MOVED_MM = 15.0
"""How far the corner markers may seem to shift before the view counts as moved."""
STILL = 20.0
"""The largest grey-level change (of 255) of any patch of an eighth-size frame below which
it is the last one again: a single card laid changes its patches by far more, while a
sensor's noise, averaged over each patch, stays well under."""
CALIBRATION_FRAMES = 3


@dataclass(frozen=True)
class Address:
    device: int | None
    path: str | None


def read_url(url: str, rest: str) -> Address:
    if not rest:
        raise BadSourceUrl(url, "camera.reason.no_device")
    return Address(int(rest), None) if rest.isdigit() else Address(None, rest)


class Finder(Protocol):
    """What finds the cards of a frame: the stickers' markers (:class:`Detector`), or the
    printed art (:class:`~hardware.camera.art.ArtDetector`) — each with the corners."""

    def find(self, grey: Image) -> list[Found]: ...


class CameraSource(ThreadFed):
    def __init__(
        self, name: SourceName, address: Address, table: Table, known: Known,
        view: np.ndarray | None = None, *, finder: Finder | None = None,
    ) -> None:  # fmt: skip
        self.watcher: Watcher | None = None
        """The threads at work, once the stream is iterated (their counts tell the cost)."""

        def make(emit: Emit) -> Watcher:
            self.watcher = Watcher(name, address, table, known, emit, view=view, finder=finder)
            return self.watcher

        super().__init__(name, make)


class Watcher:
    """The grabber and the watcher threads of one camera."""

    def __init__(
        self, name: SourceName, address: Address, table: Table, known: Known, emit: Emit, *,
        view: np.ndarray | None = None, finder: Finder | None = None,
    ) -> None:  # fmt: skip
        self.name, self.address, self.table, self.emit = name, address, table, emit
        self.view = view
        """Image → table as calibrated, if it was: the first frames are read on it."""
        self.fusion = Fusion(name, known)
        self.detector = finder or Detector()
        self._stop = threading.Event()
        self._fresh = threading.Condition()
        self._newest: tuple[float, Image] | None = None
        self._ended = False
        self._threads = [threading.Thread(target=self._grab, daemon=True),
                         threading.Thread(target=self._watch, daemon=True)]  # fmt: skip
        self._held: list[tuple[int, Zone]] = []
        """The hits of the last frame looked at: what a still frame holds too."""
        self.looked = self.skipped = 0
        """Frames detected, and frames a still table spared."""

    def start(self) -> None:
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        self._stop.set()
        with self._fresh:
            self._fresh.notify_all()
        for thread in self._threads:
            if thread.is_alive() and thread is not threading.current_thread():
                thread.join(timeout=5)

    def _status(self, state: SourceState, reason: str = "", detail: str = "") -> None:
        self.emit(SourceStatus(self.name, state, reason, detail=detail, kind="camera",
                               at=time.monotonic()))  # fmt: skip

    # --- the grabber --------------------------------------------------------------------

    def _grab(self) -> None:
        capture = opened(self.address)
        if not capture.isOpened():
            self._status(SourceState.FAILED, "camera.reason.no_camera", str(self.address))
            self._end()
            return
        self._status(SourceState.CONNECTED)
        from_file = self.address.path is not None
        step = 1 / (capture.get(cv2.CAP_PROP_FPS) or 30.0)
        began = time.monotonic()
        shown = 0
        while not self._stop.is_set():
            ok, frame = capture.read()
            if not ok:
                break
            at = shown * step if from_file else time.monotonic() - began
            if from_file:  # paced as the camera that made it gave it
                time.sleep(max(0.0, began + at - time.monotonic()))
            with self._fresh:
                self._newest = (at, grey_of(frame))
                self._fresh.notify_all()
            shown += 1
        capture.release()
        if not self._stop.is_set() and not from_file:
            self._status(SourceState.RECONNECTING, "camera.reason.lost")
        self._end()

    def _end(self) -> None:
        with self._fresh:
            self._ended = True
            self._fresh.notify_all()

    # --- the watcher --------------------------------------------------------------------

    def _watch(self) -> None:
        last: Image | None = None
        h = self.view
        calibrating: list[np.ndarray] = []
        while True:
            with self._fresh:
                while self._newest is None and not self._ended and not self._stop.is_set():
                    self._fresh.wait()
                if self._newest is None:
                    break
                at, grey = self._newest
                self._newest = None
            small: Image = np.asarray(
                cv2.resize(
                    grey, (grey.shape[1] // 8, grey.shape[0] // 8), interpolation=cv2.INTER_AREA
                )
            )
            if last is not None and h is not None and _change(small, last) < STILL:
                self.skipped += 1
                self._say(self.fusion.frame(at, self._held))
                continue
            last = small
            self.looked += 1
            found = self.detector.find(grey)
            seen = self.table.homography(found)
            if h is None:
                if seen is not None:
                    calibrating.append(seen)
                if len(calibrating) < CALIBRATION_FRAMES:
                    continue
                h = averaged(calibrating)  # and this frame is read on it
            if seen is not None and _moved(self.table, h, seen):
                self._status(SourceState.RECONNECTING, "camera.reason.moved")
                h, calibrating = None, [seen]
                continue
            self._held = self.table.placed(h, found)
            self._say(self.fusion.frame(at, self._held))
        self._status(SourceState.CLOSED)

    def _say(self, said: list[CardSeen | CardGone]) -> None:
        for obs in said:
            self.emit(obs)


def opened(address: Address) -> cv2.VideoCapture:
    """The capture ``address`` names: a device asked for MJPG and a buffer of one frame."""
    if address.device is not None:
        capture = cv2.VideoCapture(address.device)
        capture.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter.fourcc(*"MJPG"))
        capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)
        return capture
    assert address.path is not None
    return cv2.VideoCapture(address.path)


def grabbed(address: Address, count: int) -> list[Image]:
    """Up to ``count`` frames, one after another (the calibration's): none when there is no
    camera there."""
    capture, frames = opened(address), list[Image]()
    try:
        while capture.isOpened() and len(frames) < count:
            ok, frame = capture.read()
            if not ok:
                break
            frames.append(grey_of(frame))
    finally:
        capture.release()
    return frames


def grey_of(frame: np.ndarray) -> Image:
    """A frame as captured (colour, or grey already from a grey recording), in grey."""
    grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    return np.asarray(grey, dtype=np.uint8)


def _change(a: Image, b: Image) -> float:
    return float(cv2.absdiff(a, b).max())


def _moved(table: Table, h: np.ndarray, seen: np.ndarray) -> bool:
    """Whether the corners of a new view lie elsewhere on the calibrated table."""
    corners = np.array(table.corners_mm(), dtype=np.float64).reshape(-1, 1, 2)
    back = cv2.perspectiveTransform(corners, np.linalg.inv(seen))
    again = cv2.perspectiveTransform(back, h).reshape(-1, 2)
    return bool(np.abs(again - corners.reshape(-1, 2)).max() > MOVED_MM)
