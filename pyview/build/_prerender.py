"""The first paint: a View that defines ``view.render_html()`` is rendered in CPython at build time."""

from __future__ import annotations

import importlib.util
import sys
import warnings

from pyview.build._sources import ViewSources


def prerender(sources: ViewSources) -> str:
    """Import the View in CPython and return ``view.render_html()``, or ``""`` when it has none.

    A View whose module cannot run outside the browser (it imports ``js`` at the top, say) simply gets no pre-render:
    the loading state shows until Python is up. Other failures are reported as a warning, since the same error would
    show in the browser too.
    """
    origin = sources.origin.resolve()
    folder = origin.parent
    location = origin / "__init__.py" if origin.is_dir() else origin
    name = f"_pyview_prerender_{sources.entry}"
    spec = importlib.util.spec_from_file_location(
        name, location, submodule_search_locations=[str(origin)] if origin.is_dir() else None
    )
    if spec is None or spec.loader is None:
        return ""
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(folder))
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
        view = getattr(module, "view", None)
        render = getattr(view, "render_html", None)
        return str(render()) if callable(render) else ""
    except ImportError as exc:
        if exc.name in ("js", "pyodide") or (exc.name or "").startswith("pyodide."):
            return ""
        warnings.warn(f"pyview: {sources.entry} was not pre-rendered: {exc!r}", stacklevel=2)
        return ""
    except Exception as exc:
        warnings.warn(f"pyview: {sources.entry} was not pre-rendered: {exc!r}", stacklevel=2)
        return ""
    finally:
        sys.modules.pop(name, None)
        if sys.path and sys.path[0] == str(folder):
            del sys.path[0]
