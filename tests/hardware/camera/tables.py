"""The table the camera tests look at: 1,200 × 800 mm, its near and far halves as zones."""

from __future__ import annotations

from hardware.camera.table import Table

TABLE_MM = (1200.0, 800.0)
HALVES = Table(TABLE_MM, {"near": [(0, 0), (1200, 0), (1200, 400), (0, 400)],
                          "far": [(0, 400), (1200, 400), (1200, 800), (0, 800)]})  # fmt: skip
"""A card's zone is the half of the table it lies on."""
