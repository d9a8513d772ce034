"""QR codes for the seats' addresses, as text for a terminal."""

from __future__ import annotations

import io

import segno


def terminal_qr(url: str) -> str:
    """``url`` as a QR code in half-block characters (two rows of modules per line)."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")
