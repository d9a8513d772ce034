"""The golden frames (``firmware_bridge/golden_frames.json``) as the host codec's values."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from firmware_bridge import protocol as p

GOLDEN: dict[str, Any] = json.loads(
    (Path(p.__file__).parent / "golden_frames.json").read_text(encoding="utf-8")
)


def value(fields: dict[str, Any]) -> p.Frame:
    """A golden frame's fields as the codec's frame."""
    f, seq = dict(fields), fields["seq"]
    match f.pop("kind"):
        case "hello":
            return p.Hello(seq, f["protocol"], tuple(f["firmware"]), f["readers"])  # type: ignore[arg-type]
        case "placed":
            return p.Placed(seq, f["reader"], bytes.fromhex(f["uid"]))
        case "removed":
            return p.Removed(seq, f["reader"], bytes.fromhex(f["uid"]))
        case "heartbeat":
            return p.Heartbeat(seq, f["uptime_ms"], tuple(p.Health(h) for h in f["health"]))
        case "snapshot":
            return p.Snapshot(seq, tuple(bytes.fromhex(u) for u in f["uids"]))
        case "error":
            return p.Error(seq, p.ErrorCode(f["code"]), f["reader"], f["detail"])
        case "pong":
            return p.Pong(seq, f["token"])
        case "ask_hello":
            return p.AskHello(seq)
        case "ask_state":
            return p.AskState(seq)
        case "ping":
            return p.Ping(seq, f["token"])
    raise ValueError(fields)
