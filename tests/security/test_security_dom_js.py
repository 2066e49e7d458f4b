"""dom.js against forged patches (no browser: node and the fake DOM of tests/components/dom_harness.js): it builds,
patches and adopts nothing that could run code, and never throws mid-patch."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import security_oracle as oracle

HARNESS = Path(__file__).resolve().parents[1] / "components" / "dom_harness.js"


def run(tmp_path: Path, scenario: dict) -> tuple[dict, str]:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario))
    done = subprocess.run(["node", str(HARNESS), str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr  # nothing thrown
    return json.loads(done.stdout), done.stderr


def test_forged_trees_and_attributes_are_skipped_and_the_patch_goes_on(tmp_path):
    result, warnings = run(tmp_path, {"steps": [{"patch": json.dumps(p)} for p in oracle.forged_patches()]})
    assert oracle.problems(result["html"]) == []
    assert "applied after every refusal" in result["html"]
    assert "<pyview-refused>" in result["html"]  # refused elements are inert stand-ins, ids kept in step
    for refused in ("<svg:script>", "<SCRIPT>", "srcdoc=", "SRCDOC=", "HREF=", "xlink:href=", "onerror=", "property"):
        assert f"refused {refused}" in warnings or refused in warnings, refused
    # every id is tracked: #forged, the trees, #after and its text, #forged-html
    assert result["size"] == 1 + oracle.count(["div", {}, oracle.forged_trees()]) + 3
    assert result["html"].count("<pyview-refused>") == 6  # <meta> is refused as an element too


def test_adopting_a_tampered_first_paint_checks_every_attribute(tmp_path):
    cases = oracle.adopt_cases()
    prerendered = [pre for pre, _ in cases]
    assert oracle.problems("".join(oracle.to_markup(tree) for tree in prerendered)) != []  # it is hostile
    patch = json.dumps([[6, 0, 1, [tree for _, tree in cases]]])
    result, _ = run(tmp_path, {"prerendered": prerendered, "steps": [{"patch": patch}]})
    assert result["keptPrerendered"] == len(cases)  # adopted, not replaced
    assert oracle.problems(result["html"]) == []


def test_a_refused_element_in_a_first_paint_is_replaced_not_adopted(tmp_path):
    tree = ["script", {}, ["top.postMessage('pwned:h-script','*')"]]
    patch = json.dumps([[6, 0, 1, [tree]]])
    result, _ = run(tmp_path, {"prerendered": [tree], "steps": [{"patch": patch}]})
    assert result["keptPrerendered"] == 0
    assert result["html"].startswith("<pyview-refused>")


def test_siblings_alike_are_each_checked_and_warned_about(tmp_path):
    # dom.js clones a sibling shaped like the one before it; one with a refusal is never a model, and a value that
    # differs (a URL) makes a sibling built and checked on its own.
    rows = [["a", {"onclick": "alert(1)", "class": "r"}, [f"t{i}"]] for i in range(3)]
    rows += [["a", {"href": "https://example.com/"}, ["ok"]], ["a", {"href": " javascript:alert(1)"}, ["bad"]]]
    result, warnings = run(tmp_path, {"steps": [{"patch": json.dumps([[0, 0, None, 1, rows]])}]})
    assert warnings.count("refused onclick=") == 3
    assert warnings.count("refused href=") == 1
    assert result["clones"] == 0
    assert oracle.problems(result["html"]) == []
    assert result["html"] == '<a class="r">t0</a><a class="r">t1</a><a class="r">t2</a>' + (
        '<a href="https://example.com/">ok</a><a>bad</a>'
    )


def test_forged_siblings_unlike_their_model_are_built_not_cloned(tmp_path):
    rows = [["a", {"@click": 1}, ["x"]], ["a", None, ["y"]], ["a", {"@click": 2}, "z"], ["a", {"@click": 3}, ["w"]]]
    patches = [json.dumps([[0, 0, None, 1, rows]]), json.dumps([[4, 4, "still updated"]])]
    result, _ = run(tmp_path, {"steps": [{"patch": p} for p in patches]})
    assert result["html"] == "<a>x</a><a>still updated</a><a>z</a><a>w</a>"
    assert result["clones"] == 0
