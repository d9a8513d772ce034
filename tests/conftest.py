"""Every test keeps the app's log and crash reports in a folder of its own run, never in
the user's (``ui.faults``): set before anything asks the platform where logs go."""

from __future__ import annotations

import os
import tempfile

os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="companion-state-")
