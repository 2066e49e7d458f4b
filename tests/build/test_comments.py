"""The browser core travels without comments (smaller documents), and nothing else changes: strings that hold a
``#`` stay whole and every line keeps its number."""

from __future__ import annotations

from pyview._tooling.packager._sources import without_docstrings

SOURCE = '''x = 1  # a trailing note
# a whole-line comment
CSS = """
#pyview-root { color: red; }  /* not a comment for Python */
"""
url = "https://example.com/#frag"  # another


def f():
    """Doc."""
    # inside
    return "#not-a-comment"
'''


def test_comments_are_cut_strings_and_line_numbers_kept() -> None:
    out = without_docstrings(SOURCE)
    assert out.count("\n") == SOURCE.count("\n")
    assert "note" not in out and "whole-line" not in out and "inside" not in out and "another" not in out
    assert "#pyview-root { color: red; }" in out and '"https://example.com/#frag"' in out and '"#not-a-comment"' in out
    namespace: dict[str, object] = {}
    exec(compile(out, "m.py", "exec"), namespace)
    assert namespace["CSS"] == "\n#pyview-root { color: red; }  /* not a comment for Python */\n"
