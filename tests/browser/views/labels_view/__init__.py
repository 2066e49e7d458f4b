"""A package View that reads its own data files: a JSON file (by path) and a binary file (by importlib.resources)."""

from __future__ import annotations

import hashlib
import json
import sys
from importlib import resources
from pathlib import Path

from labels_view.text import line
from pyview import View, component, h

LABELS = json.loads((Path(__file__).parent / "labels.json").read_text("utf-8"))
BLOB = resources.files(__package__).joinpath("data", "blob.bin").read_bytes()


@component
def Labels():
    return h.p(line(LABELS["greeting"], hashlib.sha256(BLOB).hexdigest()[:12], len(BLOB), sys.platform), id="labels")


view = View(Labels)
