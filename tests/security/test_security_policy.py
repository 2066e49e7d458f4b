"""One policy, two languages: policy.js is generated from the Python table and decides exactly as Python does."""

from __future__ import annotations

import itertools
import json
import re
import subprocess
from pathlib import Path

from hostile_view.payloads import (
    ANIMATION_BAD_TARGETS,
    ANIMATION_TAGS,
    ANIMATION_VALUE_NAMES,
    BAD_NAMES,
    BAD_TAGS,
    BAD_URLS,
    OK_URLS,
    URL_NAMES,
    URL_TAGS,
)

from pyview._core.components._policy import TABLE, attr_problem, prop_allowed, tag_problem
from pyview._tooling.packager._policy_js import POLICY_JS, main, policy_js

REPO = Path(__file__).resolve().parents[2]

JUDGE = """
require(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const p = globalThis.pyviewPolicy;
console.log(JSON.stringify({
  tags: cases.tags.map((t) => p.tag(t)),
  attrs: cases.attrs.map(([t, n, v]) => p.attr(t, n, v)),
  props: cases.props.map((n) => p.prop(n)),
}));
"""


def test_policy_js_is_generated_from_the_table():
    assert POLICY_JS.read_text("utf-8") == policy_js(), "run: python -m pyview._tooling.packager._policy_js"
    assert main(["--check"]) == 0
    for values in TABLE.values():
        for value in values:
            assert json.dumps(value) in policy_js()


NAMING_TAGS = ["form", "img", "IMG", "iframe", "embed", "object", "div", "input", "a"]
MEMBER_VALUES = ["createElement", "getElementById", "body", "activeElement", "createelement", "title", "x", ""]


def cases() -> dict[str, list]:
    names = [*URL_NAMES, *BAD_NAMES, *ANIMATION_VALUE_NAMES, "attributeName", "title", "class", "style", "data-x"]
    values = [*BAD_URLS, *OK_URLS, *ANIMATION_BAD_TARGETS, "", "x", "#a;javascript:x", " data:image/png,x"]
    tags = [*URL_TAGS, *ANIMATION_TAGS, "div", "feImage", "svg:a", "INPUT"]
    return {
        "tags": [*BAD_TAGS, *tags, "my-widget", "foreignObject"],
        "attrs": [
            *(list(case) for case in itertools.product(tags, names, values)),
            *(list(case) for case in itertools.product(NAMING_TAGS, ["name", "id", "ID", "svg:name"], MEMBER_VALUES)),
        ],
        "props": ["value", "checked", "indeterminate", "innerHTML", "outerHTML", "srcdoc", "Value", "__proto__"],
    }


def test_python_and_javascript_give_the_same_verdicts():
    corpus = cases()
    done = subprocess.run(
        ["node", "-e", JUDGE, str(POLICY_JS)], input=json.dumps(corpus), capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    js = json.loads(done.stdout)
    assert js["tags"] == [tag_problem(tag) for tag in corpus["tags"]]
    assert js["props"] == [prop_allowed(name) for name in corpus["props"]]
    python = [attr_problem(*case) for case in corpus["attrs"]]
    differ = [(case, p, j) for case, p, j in zip(corpus["attrs"], python, js["attrs"], strict=True) if p != j]
    assert differ == []
    assert len(python) > 10_000 and sum(p is not None for p in python) > 3_000  # the corpus is really exercised


def test_the_cli_reports_an_outdated_file(tmp_path, monkeypatch, capsys):
    import pyview._tooling.packager._policy_js as module

    stale = tmp_path / "policy.js"
    stale.write_text("// old")
    monkeypatch.setattr(module, "POLICY_JS", stale)
    assert module.main(["--check"]) == 1
    assert "out of date" in capsys.readouterr().err
    assert module.main([]) == 0
    assert stale.read_text() == policy_js()


def test_names_that_would_replace_a_document_member_the_runtime_reads_are_refused():
    assert attr_problem("form", "name", "getElementById") == (
        "the name would replace document.getElementById, which pyview's runtime calls"
    )
    assert attr_problem("img", "id", "createElement") is not None
    assert attr_problem("IFRAME", "NAME", "activeElement") is not None
    # not exposed on document, another member, or another spelling: allowed
    assert attr_problem("div", "id", "createElement") is None
    assert attr_problem("input", "name", "body") is None
    assert attr_problem("form", "name", "createelement") is None
    assert attr_problem("form", "name", "checkout") is None


def test_every_document_member_the_runtime_reads_is_in_the_table():
    """A new ``document.X`` in the shim or the browser core must be protected from a name that would replace it."""
    sources = [*(REPO / "pyview/_core/runtime").glob("*.js"), REPO / "pyview/_boot.py"]
    sources += (REPO / "pyview/_core").rglob("*.py")
    used = {m for path in sources for m in re.findall(r"\bdocument\.([A-Za-z]+)", path.read_text("utf-8"))}
    assert "createElement" in used and "getElementById" in used  # the scan sees the runtime
    assert used <= set(TABLE["documentMembers"]), sorted(used - set(TABLE["documentMembers"]))


def test_elements_that_change_how_the_document_loads_are_refused():
    """``<meta name=referrer>``/``<meta http-equiv>`` change the whole document; ``<link rel=prefetch|preconnect|
    dns-prefetch>`` reach the network outside most CSP directives."""
    for tag in ("meta", "link", "LINK", "svg:meta"):
        assert tag_problem(tag) == "the element runs code or changes how the whole document loads"
