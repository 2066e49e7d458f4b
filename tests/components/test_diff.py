"""The diff: keyed lists, nested components, preserved state, and the patch stream it sends.

Every ``render()`` screen checks after each update that the model DOM built from the patches equals the
renderer's tree, so these tests exercise the real patch stream.
"""

from __future__ import annotations

import json
import random

from pyview.components import component, h, use_state
from pyview.testing import render


@component
def Item(label: str):
    count, set_count = use_state(0)
    return h.li(f"{label}:{count}", on_click=lambda: set_count(count + 1), dataset={"label": label})


def keyed(labels):
    return h.ul([Item(label, key=label) for label in labels])


def ops_of(screen, last=1):
    return [op for patch in screen.patches[-last:] for op in json.loads(patch)]


def texts(screen):
    return [li.text for li in screen.find_all("li")]


def test_keyed_reorder_moves_nodes_and_keeps_state():
    screen = render(keyed("abcde"))
    screen.click("c:0")
    screen.click("c:1")
    nodes = {li.get("data-label"): li for li in screen.find_all("li")}
    screen.rerender(keyed("ecabd"))
    assert texts(screen) == ["e:0", "c:2", "a:0", "b:0", "d:0"]
    ops = ops_of(screen)
    assert {op[0] for op in ops} == {2}, ops  # only moves
    assert len(ops) == 2  # LIS keeps a, b, d in place: e and c move
    assert all(nodes[li.get("data-label")] is li for li in screen.find_all("li"))  # same DOM nodes


def test_swap_two_rows_is_two_moves():
    labels = [str(i) for i in range(100)]
    screen = render(keyed(labels))
    swapped = labels[:]
    swapped[1], swapped[98] = swapped[98], swapped[1]
    screen.rerender(keyed(swapped))
    ops = ops_of(screen)
    assert [op[0] for op in ops] == [2, 2]
    assert [li.get("data-label") for li in screen.find_all("li")] == swapped


def test_insert_and_remove_in_the_middle():
    screen = render(keyed("abcd"))
    screen.click("b:0")
    screen.rerender(keyed("abXYcd"))
    assert texts(screen) == ["a:0", "b:1", "X:0", "Y:0", "c:0", "d:0"]
    ops = ops_of(screen)
    assert [op[0] for op in ops] == [0] and len(ops[0][4]) == 2  # one insert op carrying both new rows
    screen.rerender(keyed("aYd"))
    assert texts(screen) == ["a:0", "Y:0", "d:0"]
    assert sorted(op[0] for op in ops_of(screen)) == [1, 1, 1]


def test_replacing_every_row_clears_then_inserts_once():
    screen = render(keyed("abc"))
    screen.rerender(keyed("xyz"))
    assert [op[0] for op in ops_of(screen)] == [5, 0]
    screen.rerender(h.ul())
    assert [op[0] for op in ops_of(screen)] == [5]
    assert screen.html == "<ul></ul>"


def test_unkeyed_children_patch_in_place():
    screen = render(h.div(h.p("a"), h.p("b")))
    first = screen.find("p")
    screen.rerender(h.div(h.p("A"), h.p("b"), h.span("new")))
    assert screen.find("p") is first
    assert screen.html == "<div><p>A</p><p>b</p><span>new</span></div>"


def test_type_change_replaces_the_node():
    screen = render(h.div(h.p("a")))
    screen.rerender(h.div(h.section("a")))
    assert screen.html == "<div><section>a</section></div>"


def test_attribute_and_event_changes_are_minimal_ops():
    calls = []
    screen = render(h.button("x", class_="a", title="t", on_click=lambda: calls.append(1)))
    screen.rerender(h.button("x", class_="b", on_click=lambda: calls.append(2)))
    ops = ops_of(screen)
    assert sorted(op[2:] for op in ops) == [["class", "b"], ["title", None]]  # handler swap is Python-only
    screen.click("x")
    assert calls == [2]
    screen.rerender(h.button("x", class_="b"))
    assert ops_of(screen) == [[3, 1, "@click", None]]
    assert screen.root.handlers == {}


@component
def Toggle(label: str):
    on, set_on = use_state(False)
    return h.div(h.button(label, on_click=lambda: set_on(not on)), Inner(label) if on else None)


@component
def Inner(label: str):
    count, set_count = use_state(0)
    return [h.span(f"{label} inner {count}"), h.button(f"{label}+", on_click=lambda: set_count(count + 1))]


def leaves(screen):
    return " ".join(e.text for e in screen.find_all() if all(type(c).__name__ == "MText" for c in e.children))


def test_nested_components_with_fragments_and_local_state():
    screen = render(h.main(Toggle("A", key="A"), Toggle("B", key="B")))
    screen.click("B")
    screen.click("B+")
    screen.click("A")
    assert leaves(screen) == "A A inner 0 A+ B B inner 1 B+"
    screen.rerender(h.main(Toggle("B", key="B"), Toggle("A", key="A")))  # a component with 2 nodes moves
    assert leaves(screen) == "B B inner 1 B+ A A inner 0 A+"
    screen.click("B")
    assert leaves(screen) == "B A A inner 0 A+"


@component
def Maybe(show: bool):
    return h.i("here") if show else None


def test_component_rendering_nothing_then_something_lands_in_place():
    @component
    def Parent():
        show, set_show = use_state(False)
        return h.div(h.b("1"), Maybe(show), h.b("2"), h.button("go", on_click=lambda: set_show(not show)))

    screen = render(Parent())
    screen.click("go")
    assert screen.find("div").inner_html == "<b>1</b><i>here</i><b>2</b><button>go</button>"


def test_self_update_of_a_middle_component_keeps_siblings_in_order():
    @component
    def Grow():
        n, set_n = use_state(1)
        return [h.em(str(i)) for i in range(n)] + [h.button("grow", on_click=lambda: set_n(n + 1))]

    screen = render(h.div(h.b("start"), Grow(), h.b("end")))
    screen.click("grow")
    screen.click("grow")
    assert screen.find("div").inner_html == (
        "<b>start</b><em>0</em><em>1</em><em>2</em><button>grow</button><b>end</b>"
    )


def test_memoised_rows_skip_rendering_when_props_are_unchanged():
    renders = []

    @component
    def Row(label: str, selected: bool):
        renders.append(label)
        return h.tr(h.td(label), class_="danger" if selected else "")

    def table(selected):
        return h.table(h.tbody([Row(str(i), i == selected, key=i) for i in range(50)]))

    screen = render(table(-1))
    renders.clear()
    screen.rerender(table(7))
    assert renders == ["7"]
    assert screen.find("tr.danger").text == "7"


def test_random_keyed_permutations_match_the_rendered_tree():
    rng = random.Random(1234)
    pool = [str(i) for i in range(40)]
    screen = render(keyed(pool[:10]))
    for _ in range(150):
        labels = rng.sample(pool, rng.randint(0, 25))
        screen.rerender(keyed(labels))  # the screen verifies DOM == tree after each update
        assert [li.get("data-label") for li in screen.find_all("li")] == labels


def test_random_unkeyed_mixed_children_match():
    rng = random.Random(99)

    def child(k):
        return [lambda: h.b(str(k)), lambda: str(k), lambda: Item(str(k)), lambda: None, lambda: [h.i(k), "t"]][k % 5]()

    screen = render(h.div())
    for _ in range(150):
        screen.rerender(h.div([child(rng.randint(0, 9)) for _ in range(rng.randint(0, 8))]))
