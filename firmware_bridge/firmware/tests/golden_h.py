"""Write the golden frames (firmware_bridge/golden_frames.json) as a C header for the
native tests: the board's frames with their fields and bytes, the host's with their bytes.

Run by the Makefile: ``python3 golden_h.py GOLDEN.json > golden.h``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

KINDS = {"hello": 1, "placed": 2, "removed": 3, "heartbeat": 4, "snapshot": 5, "error": 6,
         "pong": 7, "ask_hello": 0x81, "ask_state": 0x82, "ping": 0x83}  # fmt: skip


def c_bytes(hexes: str) -> tuple[str, int]:
    data = bytes.fromhex(hexes)
    return "{" + ", ".join(f"0x{b:02X}" for b in data) + "}", len(data)


def c_list(values: list[int]) -> str:
    return "{" + ", ".join(str(v) for v in values) + "}"


def row(f: dict[str, Any]) -> str:
    """One golden frame as a ``struct golden`` initialiser (its fields in order)."""
    fr = f["frame"]
    wire, n = c_bytes(f["wire"])
    uids = fr.get("uids") or ([fr["uid"]] if "uid" in fr else [])
    uid_rows = ", ".join(f"{{{len(u) // 2}, {c_bytes(u)[0] if u else '{0}'}}}" for u in uids)
    health = fr.get("health", [0])
    fields = [
        json.dumps(f["name"]), f"0x{KINDS[fr['kind']]:02X}", fr["seq"],
        fr.get("readers", len(uids) or len(health)), fr.get("reader", 0), fr.get("code", 0),
        fr.get("detail", 0), fr.get("token", 0), fr.get("uptime_ms", 0),
        int(f["from"] == "host"), len(uids), c_list(fr.get("firmware", [0, 0, 0])),
        c_list(health), len(health), "{" + (uid_rows or "{0, {0}}") + "}", n, wire,
    ]  # fmt: skip
    return "{" + ", ".join(str(x) for x in fields) + "}"


def main() -> None:
    golden = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    bad = [c_bytes(b["wire"]) for b in golden["bad"]]
    print("/* Written by golden_h.py from golden_frames.json: do not edit. */")
    print("static const struct golden GOLDEN[] = {")
    print(",\n".join("    " + row(f) for f in golden["frames"]))
    print("};")
    print("static const struct bad BAD[] = {")
    print(",\n".join(f"    {{{n}, {w}}}" for w, n in bad))
    print("};")


if __name__ == "__main__":
    main()
