"""dom.js, run by node against a small fake DOM, applies the same patch streams as the Python model DOM."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

from pyview.components import component, h, prevent_default, stop_propagation, use_state
from pyview.testing import render

HARNESS = Path(__file__).with_name("dom_harness.js")


def run_node(tmp_path, scenario):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario))
    done = subprocess.run(["node", str(HARNESS), str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@component
def Row(label: str, selected: bool):
    return h.tr(h.td(label, class_="col-md-1"), h.td(h.a(label)), class_="danger" if selected else None)


def table(labels, selected=None):
    return h.table(h.tbody([Row(lab, lab == selected, key=lab) for lab in labels]))


def test_random_keyed_updates_give_the_same_html_in_js(tmp_path):
    rng = random.Random(7)
    pool = [f"r{i}" for i in range(60)]
    screen = render(table(pool[:20]))
    for _ in range(60):
        labels = rng.sample(pool, rng.randint(0, 40))
        screen.rerender(table(labels, rng.choice(pool)))
    screen.rerender(
        h.div(h.svg(h.circle(r=3), view_box="0 0 4 4"), "a", h.p("b", dangerously_set_inner_html=None), "c")
    )
    result = run_node(tmp_path, {"steps": [{"patch": p} for p in screen.patches]})
    assert result["html"] == screen.html
    assert result["size"] == len(screen.dom.nodes)  # removed nodes are forgotten


def test_events_flags_and_serialisation_in_js(tmp_path):
    screen = render(
        h.div(
            h.a("a", href="#", on_click=prevent_default(lambda: None)),
            h.button("b", on_click=stop_propagation(lambda: None)),
            h.input(value="x", on_input=lambda e: None),
            on_click=lambda: None,
        )
    )
    ids = {node.text or node.tag: node.id for node in screen.find_all()}
    handlers = {node.text or node.tag: node.handlers for node in screen.find_all()}
    steps = [{"patch": p} for p in screen.patches] + [
        {"fire": {"id": ids["a"], "type": "click"}},
        {"fire": {"id": ids["b"], "type": "click"}},
        {"fire": {"id": ids["input"], "type": "input", "value": "xy", "fields": {"inputType": "insertText"}}},
    ]
    result = run_node(tmp_path, {"steps": steps})
    outer = handlers["ab"]["click"][0] if "ab" in handlers else handlers["div"]["click"][0]
    assert [call[0] for call in result["calls"]] == [
        handlers["a"]["click"][0],
        outer,
        handlers["b"]["click"][0],
        handlers["input"]["input"][0],
    ]
    assert result["prevented"] == [True, False, False]
    assert result["calls"][-1][1] == {"type": "input", "target": ids["input"], "value": "xy", "inputType": "insertText"}


def test_caret_is_kept_and_value_set_only_when_different(tmp_path):
    @component
    def Box():
        text, set_text = use_state("ab")
        return h.div(h.input(value=text), h.button("go", on_click=lambda: set_text("abc")))

    screen = render(Box())
    box = screen.find("input")
    screen.click("go")
    steps = [{"patch": screen.patches[0]}, {"focus": box.id}, {"patch": screen.patches[1]}]
    result = run_node(tmp_path, {"steps": steps, "valuesOf": {"v": box.id}})
    assert result["values"] == {"v": "abc"}


def test_hydration_adopts_matching_markup_and_replaces_other_markup(tmp_path):
    @component
    def Hello(name: str):
        return h.p("Hi ", Name(name), class_="x")

    @component
    def Name(name: str):
        return name

    screen = render(Hello("Ada"), prerendered="<p class='x'>Hi <!-- -->Ada</p>")
    assert screen.dom.adopted
    matching = [["p", {"class": "x"}, ["Hi ", "<!---->", "Ada"]]]
    result = run_node(tmp_path, {"prerendered": matching, "steps": [{"patch": screen.patches[0]}]})
    assert result["keptPrerendered"] == 1
    assert result["html"] == '<p class="x">Hi <!-- -->Ada</p>'
    result = run_node(tmp_path, {"prerendered": [["div", {}, ["old"]]], "steps": [{"patch": screen.patches[0]}]})
    assert result["keptPrerendered"] == 0
    assert result["html"] == '<p class="x">Hi <!-- -->Ada</p>'


def test_dom_js_skips_code_in_attributes_and_keeps_applying(tmp_path):
    patches = [
        json.dumps([[0, 0, None, 1, [["a", {"HREF": " javascript:alert(1)", "title": "t"}, ["x"]]]]]),
        json.dumps([[3, 1, "srcDoc", "<script>1</script>"], [4, 2, "still updated"]]),  # the View goes on
    ]
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps({"steps": [{"patch": p} for p in patches]}))
    done = subprocess.run(["node", str(HARNESS), str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["html"] == '<a title="t">still updated</a>'
    assert "refused HREF=" in done.stderr and "refused srcDoc=" in done.stderr  # console.warn


def test_a_tree_that_starts_over_keeps_its_reused_ids(tmp_path):
    # The server runtime replaces the whole tree when a session is rebuilt: the new tree numbers from 1 again while
    # the old nodes' ids are still to be forgotten. Forgetting them must not take the new nodes with them.
    first = render(table([f"r{i}" for i in range(5)]))
    again = render(h.section(h.p("rebuilt", on_click=lambda: None), h.p("tree")))
    replace = json.dumps([[5, 0], *json.loads(again.patches[0])])
    result = run_node(tmp_path, {"steps": [{"patch": first.patches[0]}, {"patch": replace}]})
    assert result["html"] == again.html
    assert result["size"] == len(again.dom.nodes)  # every node of the new tree can still be patched


def test_rows_shaped_alike_are_cloned_and_behave_like_built_ones(tmp_path):
    @component
    def Item(n: int, picked: int, pick):
        label = h.a(f"row {n}", class_="lbl", on_click=lambda: pick(n))
        return h.tr(h.td(str(n), class_="id"), h.td(label), h.td(), class_="danger" if n == picked else None)

    @component
    def List():
        count, set_count = use_state(30)
        picked, set_picked = use_state(-1)
        rows = [Item(n, picked, set_picked, key=n) for n in range(count)]
        return h.div(h.button("more", on_click=lambda: set_count(count + 5)), h.table(h.tbody(rows)))

    screen = render(List())
    screen.click("row 3")
    screen.click("more")
    steps = [{"patch": p} for p in screen.patches]
    label = next(node for node in screen.find_all() if node.tag == "a" and node.text == "row 31")
    # found in the DOM, not by id: the event registers the ids of the row it is in (a clone's wait until asked for)
    steps.append({"fire": {"text": "row 31", "type": "click"}})
    result = run_node(tmp_path, {"steps": steps})
    assert result["html"] == screen.html
    assert result["size"] == len(screen.dom.nodes)
    assert result["clones"] >= 29 + 4  # every row after the first of an insert is a copy
    assert [call[0] for call in result["calls"]] == [label.handlers["click"][0]]
    assert result["calls"][0][1]["target"] == label.id


def test_rows_the_first_paint_cloned_are_adopted_then_patched_and_forgotten(tmp_path):
    # The shim paints the server's tree (rows cloned, their ids waiting); Python then adopts the same nodes.
    labels = [f"r{i}" for i in range(8)]
    screen = render(table(labels))
    trees = json.loads(screen.patches[0])[0][4]
    screen.rerender(table([*labels[2:6], "new"], "r3"))
    steps = [{"patch": json.dumps([[6, 0, 1, trees]])}] * 2 + [{"patch": p} for p in screen.patches[1:]]
    result = run_node(tmp_path, {"steps": steps})
    assert result["clones"] >= 7
    assert result["html"] == screen.html
    assert result["size"] == len(screen.dom.nodes)  # the removed rows' adopted ids are gone too


def test_patches_reach_deep_nodes_of_waiting_clones(tmp_path):
    # texts two levels down (op 4), a row's attribute (op 3), moves (op 2) and removals (op 1) in cloned rows
    def rows(labels, selected=None):
        return h.table(h.tbody([Row(label, i == selected, key=i) for i, label in enumerate(labels)]))

    labels = [f"r{i}" for i in range(12)]
    screen = render(rows(labels))
    screen.rerender(rows([f"{lab} !" if i % 3 == 0 else lab for i, lab in enumerate(labels)], selected=5))
    screen.rerender(table(["a", "b", "c", "d"]))
    screen.rerender(table(["d", "b", "c", "a"], "c"))
    screen.rerender(table(["d", "a"]))
    result = run_node(tmp_path, {"steps": [{"patch": p} for p in screen.patches]})
    assert result["clones"] >= 11 + 3
    assert result["html"] == screen.html
    assert result["size"] == len(screen.dom.nodes)


def test_names_that_would_shadow_document_methods_are_refused_and_later_patches_apply(tmp_path):
    """``<form name="createElement">`` would replace ``document.createElement`` (the harness's document exposes named
    elements over its members, as a browser's does) and every later patch would throw: dom.js refuses the name."""
    shadowing = [
        ["form", {"name": "createElement"}, []],
        ["img", {"name": "getElementById", "alt": ""}],
        ["img", {"id": "createTextNode", "name": "x", "alt": ""}],
        ["iframe", {"name": "activeElement"}, []],
        ["div", {"id": "createElement"}, []],  # a div is not exposed on document: its id stays
    ]
    steps = [
        {"patch": json.dumps([[0, 0, None, 1, shadowing]])},
        {"patch": json.dumps([[0, 0, None, 20, [["p", {}, ["after"]]]]])},
    ]
    result = run_node(tmp_path, {"steps": steps})
    assert result["html"] == (
        '<form></form><img alt><img alt name="x"><iframe></iframe><div id="createElement"></div><p>after</p>'
    )
