"""The reader board in simulation: the flashed firmware's ELF on simavr, MFRC522 models on
its SPI bus, its UART on a pseudo-terminal that a host opens as it would the board's USB
serial port (``firmware_bridge/firmware/sim/harness.c``).

:func:`build` makes the firmware and the harness (``make -C firmware_bridge/firmware``);
a :class:`Simulator` runs them, lays and lifts tags on its readers, loses a frame on the
line, and pulls the cable out and plugs it back in. Simulated time runs faster than the
wall clock (nothing may be timed by it) unless the simulator is asked to keep ``realtime``,
as the benchmark does.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from types import TracebackType

FIRMWARE = Path(__file__).parent / "firmware"


class SimulatorError(RuntimeError):
    """The firmware or its harness could not be built or run; the message says why."""


def build(folder: Path, readers: int) -> tuple[Path, Path]:
    """The firmware's ELF for ``readers`` readers and the harness, built in ``folder``."""
    made = subprocess.run(
        ["make", "-s", "-C", str(FIRMWARE), "sim", f"BUILD={folder}", f"READERS={readers}"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if made.returncode != 0:
        raise SimulatorError(made.stdout + made.stderr)
    return folder / "board.elf", folder / "harness"


class Simulator:
    """One simulated board: ``path`` is its serial port, and ``link`` (if given) a symlink
    kept pointing at it, as udev keeps ``/dev/serial/by-id/…`` pointing at a board."""

    def __init__(
        self, elf: Path, harness: Path, readers: int, *, link: Path | None = None,
        realtime: bool = False,
    ) -> None:  # fmt: skip
        self.link = link
        self._run = subprocess.Popen(
            [str(harness), str(elf), str(readers), *(["realtime"] if realtime else [])],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        self.path = ""
        assert self._run.stdout is not None
        for line in iter(self._run.stdout.readline, ""):  # simavr says what it loaded first
            if line.startswith("pty "):
                self.path = line.split(maxsplit=1)[1].strip()
                break
        if not self.path:
            raise SimulatorError("the harness gave no serial port")
        self._relink()

    def _relink(self) -> None:
        if self.link is not None:
            self.link.unlink(missing_ok=True)
            self.link.symlink_to(self.path)

    def _say(self, command: str) -> list[str]:
        """Send a command; what its "ok" said after it."""
        assert self._run.stdin is not None and self._run.stdout is not None
        self._run.stdin.write(command + "\n")
        self._run.stdin.flush()
        answer = self._run.stdout.readline().split()
        if answer[:1] != ["ok"]:
            raise SimulatorError(f"{command}: {' '.join(answer) or 'the harness stopped'}")
        return answer[1:]

    def place(self, reader: int, uid: bytes) -> None:
        self._say(f"place {reader} {uid.hex().upper()}")

    def remove(self, reader: int) -> None:
        self._say(f"remove {reader}")

    def reset(self) -> None:
        """The board reboots: its RAM is lost; the tags lie where they lay."""
        self._say("reset")

    def lose(self) -> None:
        """The next frame the board sends never reaches the host."""
        self._say("lose")

    def unplug(self) -> None:
        """The USB cable pulled out: the host's port hangs up, and the board has no power."""
        self._say("unplug")
        if self.link is not None:
            self.link.unlink(missing_ok=True)

    def plug(self) -> None:
        """Plugged back in: a new serial port (and the link re-pointed), the board booting."""
        (self.path,) = self._say("plug")
        self._relink()

    def cycle_us(self) -> tuple[int, int]:
        """The firmware's scheduler cycle over every reader, mean and longest, in
        microseconds of simulated time."""
        mean, longest = self._say("cycle")
        return int(mean), int(longest)

    def close(self) -> None:
        if self._run.poll() is None:
            assert self._run.stdin is not None
            self._run.stdin.write("quit\n")
            self._run.stdin.close()
            try:
                self._run.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._run.kill()
                self._run.wait()
        if self._run.stdout is not None:
            self._run.stdout.close()
        if self.link is not None:
            self.link.unlink(missing_ok=True)

    def __enter__(self) -> Simulator:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:  # fmt: skip
        self.close()
