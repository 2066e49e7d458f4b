"""The READMEs and docs point only at files that exist: every relative link in README.md, examples/*/README.md and
docs/*.md, and every file an example's README names in backticks (``server.py``, ``weather_view/chart.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted(ROOT.glob("examples/*/README.md")), *sorted(ROOT.glob("docs/*.md"))]
INLINE = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")  # [text](target "title")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.MULTILINE)  # [label]: target
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
NAMED_FILE = re.compile(r"`([\w./-]+\.(?:py|md|json|png|txt|toml|sh|js|css|html))`")


def links(text: str) -> list[str]:
    """The relative link targets of a Markdown text (code blocks skipped), without their #fragment.

    Example:
        >>> links("[a](docs/app.md#hooks) ![b](img.png) [c](https://x.org) [d](#top)\\n```\\n[e](no.md)\\n```")
        ['docs/app.md', 'img.png']
    """
    prose = FENCE.sub("", text)
    found = [m.group(1) for m in INLINE.finditer(prose)] + [m.group(1) for m in REFERENCE.finditer(prose)]
    targets = [target.split("#")[0] for target in found if not re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:|#", target)]
    return [target for target in targets if target]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_relative_links_point_at_existing_files(document: Path) -> None:
    targets = links(document.read_text(encoding="utf-8"))
    missing = [target for target in targets if not (document.parent / target).exists()]
    assert missing == [], f"{document.relative_to(ROOT)} links to missing files: {missing}"


@pytest.mark.parametrize(
    "readme", sorted(ROOT.glob("examples/*/README.md")), ids=lambda path: str(path.parent.relative_to(ROOT))
)
def test_example_readmes_name_only_files_that_exist(readme: Path) -> None:
    """A file named in backticks is the example's own (or the repository's): host config files are not checked."""
    host_files = {"claude_desktop_config.json", "mcp.json", "config.yaml"}
    named = set(NAMED_FILE.findall(FENCE.sub("", readme.read_text(encoding="utf-8"))))
    ours = [name for name in named if Path(name).name not in host_files and "*" not in name]
    missing = sorted(name for name in ours if not (readme.parent / name).exists() and not (ROOT / name).exists())
    assert missing == [], f"{readme.relative_to(ROOT)} names files that do not exist: {missing}"


def test_the_checks_see_the_documents() -> None:
    assert (ROOT / "examples" / "weather" / "README.md") in DOCUMENTS and len(DOCUMENTS) >= 5
    assert "server.py" in NAMED_FILE.findall((ROOT / "examples" / "weather" / "README.md").read_text(encoding="utf-8"))
