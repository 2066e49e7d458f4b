"""The Content-Security-Policy a host gives a View's frame, built from the resource's ``_meta.ui.csp``.

The MCP Apps default (no ``csp`` declared) is strict: no network, inline scripts and styles only. Declared
domains are added to the matching directives. ``'wasm-unsafe-eval'`` is not in the spec's default; hosts that
run WebAssembly Views add it, and pyview's dev host and test harness do too unless told to behave like a
strict host.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

# directive -> the _meta.ui.csp keys whose domains it receives
_DIRECTIVES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("default-src", ()),
    ("script-src", ("resourceDomains",)),
    ("style-src", ("resourceDomains",)),
    ("img-src", ("resourceDomains",)),
    ("font-src", ("resourceDomains",)),
    ("media-src", ("resourceDomains",)),
    ("connect-src", ("connectDomains",)),
    ("frame-src", ("frameDomains",)),
    ("base-uri", ("baseUriDomains",)),
)
_BASE: dict[str, list[str]] = {
    "default-src": ["'none'"],
    "script-src": ["'self'", "'unsafe-inline'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": [],
    "media-src": ["'self'", "data:"],
    "connect-src": ["'none'"],
    "frame-src": [],
    "base-uri": [],
}


def build_csp(
    ui_csp: Mapping[str, Sequence[str]] | None = None, *, allow_wasm: bool = True, workers: bool = False
) -> str:
    """The policy for a View's frame.

    Args:
        ui_csp: the resource's ``_meta.ui.csp`` (``resourceDomains``, ``connectDomains``, ``frameDomains``,
            ``baseUriDomains``), or ``None`` for the spec's default.
        allow_wasm: add ``'wasm-unsafe-eval'`` to ``script-src`` (Python Views need it).
        workers: add ``worker-src 'self' blob:`` (some hosts do; without it a worker falls back to
            ``script-src``, so blob workers are blocked, as in VS Code).

    Example:
        >>> build_csp(allow_wasm=False).split("; ")[:2]
        ["default-src 'none'", "script-src 'self' 'unsafe-inline'"]
        >>> build_csp({"connectDomains": ["https://api.example"]}).split("; ")[-1]
        'connect-src https://api.example'
        >>> build_csp(workers=True).split("; ")[-1]
        "worker-src 'self' blob:"
    """
    declared = ui_csp or {}
    policy: list[str] = []
    for directive, keys in _DIRECTIVES:
        sources = list(_BASE[directive])
        for key in keys:
            for domain in declared.get(key, ()):
                _check_domain(domain)
                if "'none'" in sources:
                    sources.remove("'none'")
                if domain not in sources:
                    sources.append(domain)
        if directive == "script-src" and allow_wasm:
            sources.append("'wasm-unsafe-eval'")
        if sources:
            policy.append(" ".join([directive, *sources]))
    if workers:
        policy.append("worker-src 'self' blob:")
    return "; ".join(policy)


def _check_domain(domain: str) -> None:
    if not domain or any(ch in domain for ch in " ;,'\"\n"):
        raise ValueError(f"not a CSP source: {domain!r}")
