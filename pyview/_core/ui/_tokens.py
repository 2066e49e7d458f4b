"""Design tokens: every colour, font and radius the ui components use, mapped to the host's CSS variables.

Each ``--pv-*`` token is ``var(--host-variable, fallback)``; colour fallbacks are ``light-dark(light, dark)``,
so a View looks right in a host that sends no variables, in light and dark (the App sets ``color-scheme``).
The component CSS uses only these tokens, never a literal colour or font (``tests/ui/test_css.py`` checks).

Example:
    >>> "--color-ring-primary" in HOST_VARIABLES
    True
    >>> token_css().startswith(":root{")
    True
"""

from __future__ import annotations

#: (token, host variable, light fallback, dark fallback)
COLORS: tuple[tuple[str, str, str, str], ...] = (
    ("bg", "--color-background-primary", "#ffffff", "#1f1f1e"),
    ("bg2", "--color-background-secondary", "#f6f6f3", "#2a2a28"),
    ("bg3", "--color-background-tertiary", "#ebebe6", "#353532"),
    ("bg-inv", "--color-background-inverse", "#1f1f1e", "#f3f2ee"),
    ("bg-ghost", "--color-background-ghost", "rgba(0,0,0,0)", "rgba(0,0,0,0)"),
    ("bg-info", "--color-background-info", "#eaf2fd", "#1c2b40"),
    ("bg-danger", "--color-background-danger", "#fdeceb", "#3f2120"),
    ("bg-success", "--color-background-success", "#e8f6ed", "#1b3325"),
    ("bg-warning", "--color-background-warning", "#fdf4dc", "#3a2f17"),
    ("bg-disabled", "--color-background-disabled", "#efefeb", "#2a2a28"),
    ("fg", "--color-text-primary", "#1f1f1e", "#f3f2ee"),
    ("fg2", "--color-text-secondary", "#5f5e5a", "#bdbbb4"),
    ("fg3", "--color-text-tertiary", "#8a8984", "#8f8d87"),
    ("fg-inv", "--color-text-inverse", "#ffffff", "#1f1f1e"),
    ("fg-ghost", "--color-text-ghost", "#8a8984", "#8f8d87"),
    ("fg-info", "--color-text-info", "#1d62c0", "#7db1f0"),
    ("fg-danger", "--color-text-danger", "#c4302b", "#f28b82"),
    ("fg-success", "--color-text-success", "#1e7b45", "#6fcf97"),
    ("fg-warning", "--color-text-warning", "#946200", "#e3b341"),
    ("fg-disabled", "--color-text-disabled", "#a5a49f", "#6b6a66"),
    ("bd", "--color-border-primary", "#d6d5cf", "#4a4945"),
    ("bd2", "--color-border-secondary", "#e4e3de", "#3d3d3a"),
    ("bd3", "--color-border-tertiary", "#eeede9", "#31312e"),
    ("bd-inv", "--color-border-inverse", "#1f1f1e", "#f3f2ee"),
    ("bd-info", "--color-border-info", "#a9c8f0", "#2f5a8f"),
    ("bd-danger", "--color-border-danger", "#efaaa6", "#7a3533"),
    ("bd-success", "--color-border-success", "#a3d7b6", "#2e6b47"),
    ("bd-warning", "--color-border-warning", "#e6cd88", "#75602b"),
    ("bd-disabled", "--color-border-disabled", "#e4e3de", "#3d3d3a"),
    ("ring", "--color-ring-primary", "#2c84db", "#5aa6f0"),
    ("ring2", "--color-ring-secondary", "#8a8984", "#8f8d87"),
    ("ring-danger", "--color-ring-danger", "#c4302b", "#f28b82"),
    ("ring-info", "--color-ring-info", "#1d62c0", "#7db1f0"),
    ("ring-success", "--color-ring-success", "#1e7b45", "#6fcf97"),
    ("ring-warning", "--color-ring-warning", "#946200", "#e3b341"),
)

#: (token, host variable, fallback) for fonts, weights, radii, borders and shadows
OTHERS: tuple[tuple[str, str, str], ...] = (
    ("sans", "--font-sans", 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif'),
    ("mono", "--font-mono", 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace'),
    ("w-normal", "--font-weight-normal", "400"),
    ("w-medium", "--font-weight-medium", "500"),
    ("w-semibold", "--font-weight-semibold", "600"),
    ("w-bold", "--font-weight-bold", "700"),
    ("r-xs", "--border-radius-xs", "2px"),
    ("r-sm", "--border-radius-sm", "4px"),
    ("r-md", "--border-radius-md", "8px"),
    ("r-lg", "--border-radius-lg", "12px"),
    ("r-xl", "--border-radius-xl", "16px"),
    ("r-full", "--border-radius-full", "9999px"),
    ("bw", "--border-width-regular", "1px"),
    ("shadow-hairline", "--shadow-hairline", "0 0 0 1px rgba(0,0,0,0.06)"),
    ("shadow-sm", "--shadow-sm", "0 1px 2px rgba(0,0,0,0.08)"),
    ("shadow-md", "--shadow-md", "0 4px 12px rgba(0,0,0,0.12)"),
    ("shadow-lg", "--shadow-lg", "0 12px 32px rgba(0,0,0,0.18)"),
)

#: text sizes: name -> (size, line height) fallbacks of ``--font-text-NAME-size`` / ``-line-height``
TEXT_SIZES: dict[str, tuple[str, str]] = {
    "xs": ("12px", "1.4"),
    "sm": ("14px", "1.45"),
    "md": ("16px", "1.5"),
    "lg": ("18px", "1.5"),
}
#: heading sizes: name -> (size, line height) fallbacks of ``--font-heading-NAME-size`` / ``-line-height``
HEADING_SIZES: dict[str, tuple[str, str]] = {
    "xs": ("14px", "1.4"),
    "sm": ("16px", "1.4"),
    "md": ("18px", "1.35"),
    "lg": ("20px", "1.3"),
    "xl": ("24px", "1.25"),
    "2xl": ("30px", "1.2"),
    "3xl": ("36px", "1.15"),
}

#: every host variable of the MCP Apps spec (``McpUiStyleVariableKey``)
HOST_VARIABLES: frozenset[str] = frozenset(
    [c[1] for c in COLORS]
    + [o[1] for o in OTHERS]
    + ["--color-text-ghost", "--color-border-ghost", "--color-ring-inverse"]
    + [f"--font-text-{n}-{p}" for n in TEXT_SIZES for p in ("size", "line-height")]
    + [f"--font-heading-{n}-{p}" for n in HEADING_SIZES for p in ("size", "line-height")]
)


def token_css() -> str:
    """The ``:root`` block defining every ``--pv-*`` token from the host variables, with fallbacks."""
    parts = [f"--pv-{name}:var({var},light-dark({light},{dark}))" for name, var, light, dark in COLORS]
    parts += [f"--pv-{name}:var({var},{fallback})" for name, var, fallback in OTHERS]
    for name, (size, line) in TEXT_SIZES.items():
        parts.append(f"--pv-t-{name}:var(--font-text-{name}-size,{size})")
        parts.append(f"--pv-lh-{name}:var(--font-text-{name}-line-height,{line})")
    for name, (size, line) in HEADING_SIZES.items():
        parts.append(f"--pv-h-{name}:var(--font-heading-{name}-size,{size})")
        parts.append(f"--pv-hlh-{name}:var(--font-heading-{name}-line-height,{line})")
    return ":root{" + ";".join(parts) + "}"
