"""Suite-wide defaults.

Served Views carry a memory snapshot by default where Node can make one (``Views(snapshot="auto")``); making one
takes seconds per View version, so the suite serves Views without one unless a test asks
(tests/server/test_served_snapshot.py does, and tests/browser/test_snapshot_boot.py builds them directly).
"""

from __future__ import annotations

import os

os.environ.setdefault("PYVIEW_SNAPSHOT", "off")
