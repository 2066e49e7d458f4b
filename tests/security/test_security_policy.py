"""One policy, two languages: policy.js is generated from the Python table and decides exactly as Python does."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
from pathlib import Path

import pytest
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
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")

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


def cases() -> dict[str, list]:
    names = [*URL_NAMES, *BAD_NAMES, *ANIMATION_VALUE_NAMES, "attributeName", "title", "class", "style", "data-x"]
    values = [*BAD_URLS, *OK_URLS, *ANIMATION_BAD_TARGETS, "", "x", "#a;javascript:x", " data:image/png,x"]
    tags = [*URL_TAGS, *ANIMATION_TAGS, "div", "feImage", "svg:a", "INPUT"]
    return {
        "tags": [*BAD_TAGS, *tags, "my-widget", "foreignObject"],
        "attrs": [list(case) for case in itertools.product(tags, names, values)],
        "props": ["value", "checked", "indeterminate", "innerHTML", "outerHTML", "srcdoc", "Value", "__proto__"],
    }


@needs_node
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
