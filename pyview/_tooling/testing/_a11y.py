"""An accessibility check of a View: axe-core (from npm) run inside the View's frame.

axe-core is injected with Playwright's ``frame.evaluate``: that goes through the browser's debugging protocol, which
the frame's Content-Security-Policy does not bind, so the View's document and CSP stay exactly what a host shows.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Frame

WCAG_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
"""The rule tags a View must pass: WCAG 2.0 and 2.1, levels A and AA."""
AXE_TAGS = (*WCAG_TAGS, "best-practice")
AXE_VERSION = "4.14"
"""The axe-core release line pyview's own tests pin (``tests/a11y/package.json``)."""
INSTALL_HINT = "npm install --save-dev axe-core@4.14.1 (or set PYVIEW_AXE_CORE to its axe.min.js)"

_RUN_AXE = """async ([tags, context]) => {
  const results = await axe.run(context || document, {runOnly: {type: "tag", values: tags},
                                                       resultTypes: ["violations"]});
  return {version: axe.version, violations: results.violations.map((v) => ({
    rule: v.id, impact: v.impact, tags: v.tags, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.map(String).join(" "), summary: n.failureSummary || ""}))}))};
}"""


class AxeNotFound(RuntimeError):
    """axe-core is not installed where the check looks for it."""


def find_axe(start: str | os.PathLike[str] | None = None) -> Path:
    """The ``axe.min.js`` to inject: ``$PYVIEW_AXE_CORE``, else ``node_modules/axe-core/axe.min.js`` in ``start``
    (default: the current folder) or the nearest folder above it that has one.

    Example:
        >>> find_axe("/nonexistent")  # doctest: +SKIP
        Traceback (most recent call last):
        AxeNotFound: axe-core not found from /nonexistent: npm install --save-dev axe-core@4.14.1 (...)
    """
    named = os.environ.get("PYVIEW_AXE_CORE")
    if named:
        if not Path(named).is_file():
            raise AxeNotFound(f"PYVIEW_AXE_CORE={named} is not a file")
        return Path(named)
    here = Path(start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / "node_modules" / "axe-core" / "axe.min.js"
        if candidate.is_file():
            return candidate
    raise AxeNotFound(f"axe-core not found from {here}: {INSTALL_HINT}")


@dataclass(frozen=True)
class Finding:
    """One axe rule a View breaks: the rule, its impact and tags, and the elements (CSS selectors) that break it."""

    rule: str
    impact: str
    tags: tuple[str, ...]
    help: str
    targets: tuple[str, ...]
    summaries: tuple[str, ...] = ()

    @property
    def wcag(self) -> bool:
        """Whether the rule is a WCAG 2.0/2.1 A or AA success criterion (else it is a best practice)."""
        return any(tag in WCAG_TAGS for tag in self.tags)

    def describe(self) -> str:
        """The finding in a few lines, for a test's failure message."""
        lines = [f"{self.rule} ({self.impact}): {self.help}"]
        for target, summary in zip(self.targets, self.summaries or ("",) * len(self.targets), strict=False):
            lines.append(f"  {target}" + (f": {' '.join(summary.split())[:240]}" if summary else ""))
        return "\n".join(lines)


@dataclass
class AxeReport:
    """What axe-core found in a View (see :func:`check_accessibility`).

    Example:
        >>> report = AxeReport([Finding("region", "moderate", ("best-practice",), "...", ("div",))])
        >>> report.wcag, [f.rule for f in report.best_practice]
        ([], ['region'])
        >>> report.assert_accessible(allow={"region": "the View is one region of the host's page"})
    """

    findings: list[Finding]
    version: str = ""
    label: str = ""

    @property
    def wcag(self) -> list[Finding]:
        """Violations of WCAG 2.0/2.1 A and AA rules."""
        return [finding for finding in self.findings if finding.wcag]

    @property
    def best_practice(self) -> list[Finding]:
        """Findings of best-practice rules only."""
        return [finding for finding in self.findings if not finding.wcag]

    def assert_accessible(self, allow: Mapping[str, str] | None = None) -> None:
        """Fail unless there is no WCAG violation and every best-practice finding's rule is in ``allow``
        (``{rule: why it is kept}``; a WCAG rule can never be allowed)."""
        allowed = allow or {}
        failing = [finding for finding in self.findings if finding.wcag or finding.rule not in allowed]
        if failing:
            where = f" in {self.label}" if self.label else ""
            text = "\n".join(finding.describe() for finding in failing)
            raise AssertionError(f"axe-core {self.version} found {len(failing)} problem(s){where}:\n{text}")


def check_accessibility(
    frame: Frame,
    *,
    tags: Sequence[str] = AXE_TAGS,
    include: str | None = None,
    axe: str | os.PathLike[str] | None = None,
    label: str = "",
) -> AxeReport:
    """Run axe-core over the View in ``frame`` (Playwright) and return its :class:`AxeReport`.

    ``include`` limits it to the elements matching a CSS selector; ``axe`` is the ``axe.min.js`` to inject (default:
    :func:`find_axe`). axe is injected once per document.

    Example:
        >>> report = check_accessibility(view.frame, label="list, dark")  # doctest: +SKIP
        >>> report.assert_accessible(allow={"region": "the host's page gives the landmarks"})  # doctest: +SKIP
    """
    if not frame.evaluate("() => typeof globalThis.axe === 'object'"):
        source = Path(axe) if axe is not None else find_axe()
        frame.evaluate(source.read_text(encoding="utf-8"))
    raw: dict[str, Any] = frame.evaluate(_RUN_AXE, [list(tags), include])
    return AxeReport(_findings(raw["violations"]), version=str(raw["version"]), label=label)


def _findings(violations: Iterable[Mapping[str, Any]]) -> list[Finding]:
    return [
        Finding(
            rule=str(v["rule"]),
            impact=str(v.get("impact") or ""),
            tags=tuple(v.get("tags", ())),
            help=str(v.get("help", "")),
            targets=tuple(node["target"] for node in v.get("nodes", ())),
            summaries=tuple(node.get("summary", "") for node in v.get("nodes", ())),
        )
        for v in violations
    ]
