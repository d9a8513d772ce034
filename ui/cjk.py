"""Where a font with Chinese in it lies on this machine: the one the app carries (the
Android build packs one in ``fonts/``, as ``scripts/android`` does), else the usual places
on Debian, Android, macOS and Windows, the first found winning. The tablet draws with it
and the sticker sheets embed it (a PDF that named a font without it would print boxes)."""

from __future__ import annotations

from pathlib import Path

CANDIDATES = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/system/fonts/NotoSansCJK-Regular.ttc",
    "/system/fonts/DroidSansFallback.ttf",
    "/System/Library/Fonts/PingFang.ttc",
    "C:/Windows/Fonts/msjh.ttc",
    "C:/Windows/Fonts/msyh.ttc",
)


CARRIED = Path(__file__).resolve().parents[1] / "fonts"


def find() -> Path | None:
    carried = sorted(CARRIED.glob("*.tt[cf]")) if CARRIED.is_dir() else []
    return next(iter(carried), None) or next(
        (Path(p) for p in CANDIDATES if Path(p).exists()), None
    )
