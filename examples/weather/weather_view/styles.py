"""The View's stylesheet, rendered as a ``<style>`` element so the pre-rendered first paint is already styled.

Every colour, font, radius and shadow reads the host's style variables first (``--color-background-primary``,
``--font-sans``, ``--border-radius-lg``... from the MCP Apps host context, applied to ``:root`` by the App) and
falls back to our own palette. Fallbacks use ``light-dark()``, which follows ``color-scheme``: the App sets it from
the host's theme, and before that the system's preference applies.
"""

CSS = """
:root { color-scheme: light dark; }
body { background: transparent; }
/* Fullscreen: the View owns the frame and paints it (the App sets data-display-mode on the root). */
:root[data-display-mode="fullscreen"] { background: var(--color-background-primary, light-dark(#ffffff, #16181d)); }
.wx {
  --wx-bg: var(--color-background-primary, light-dark(#ffffff, #16181d));
  --wx-bg-2: var(--color-background-secondary, light-dark(#f3f5f8, #1f2229));
  --wx-text: var(--color-text-primary, light-dark(#111827, #f3f4f6));
  --wx-text-2: var(--color-text-secondary, light-dark(#5b6473, #a1a8b5));
  --wx-text-3: var(--color-text-tertiary, light-dark(#8a93a3, #7a8291));
  --wx-border: var(--color-border-primary, light-dark(#e4e7ec, #2c3039));
  --wx-accent: var(--color-ring-primary, light-dark(#2563eb, #60a5fa));
  --wx-danger: var(--color-text-danger, light-dark(#b42318, #f97066));
  --wx-danger-bg: var(--color-background-danger, light-dark(#fef3f2, #3b1716));
  --wx-warm: light-dark(#f97316, #fb923c);
  --wx-cool: light-dark(#3b82f6, #60a5fa);
  --wx-rain: light-dark(#1d4ed8, #60a5fa); /* text: AA contrast on the card in both themes */
  --wx-sun: light-dark(#f59e0b, #fbbf24);
  --wx-cloud: light-dark(#c3ccd8, #8c97a8);
  --wx-cloud-dark: light-dark(#96a3b5, #667184);
  --wx-radius: var(--border-radius-xl, 18px);
  --wx-radius-sm: var(--border-radius-md, 10px);
  --wx-sky: light-dark(#cfe3ff, #1c2f52);
  font-family: var(--font-sans, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  font-size: var(--font-text-md-size, 15px);
  line-height: var(--font-text-md-line-height, 1.45);
  color: var(--wx-text);
  -webkit-font-smoothing: antialiased;
}
.wx *, .wx *::before, .wx *::after { box-sizing: border-box; }
.wx-card {
  position: relative;
  margin: 0;
  padding: 20px 22px 16px;
  background: linear-gradient(160deg, color-mix(in srgb, var(--wx-sky) 55%, var(--wx-bg)) 0%, var(--wx-bg) 62%);
  border: var(--border-width-regular, 1px) solid var(--wx-border);
  border-radius: var(--wx-radius);
  box-shadow: var(--shadow-sm, 0 1px 2px rgb(16 24 40 / 6%), 0 1px 3px rgb(16 24 40 / 8%));
  transition: opacity 160ms ease;
}
.wx-card[data-sky="night"] { --wx-sky: light-dark(#d9d6f7, #211c47); }
.wx-card[data-sky="wet"] { --wx-sky: light-dark(#dbe3ec, #243040); }
.wx-card[data-sky="storm"] { --wx-sky: light-dark(#d3d6e0, #2a2740); }
.wx-card[data-sky="snow"] { --wx-sky: light-dark(#e8f1fb, #263544); }
.wx-card[aria-busy="true"] .wx-now, .wx-card[aria-busy="true"] .wx-stats { opacity: 0.55; }
.wx-top { display: flex; align-items: flex-start; justify-content: space-between; gap: 12px; }
.wx-place { min-width: 0; }
.wx-sr { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0);
  white-space: nowrap; }
.wx-city {
  margin: 0; font-size: var(--font-heading-md-size, 20px); line-height: 1.2;
  font-weight: var(--font-weight-semibold, 600); letter-spacing: -0.01em;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
}
.wx-sub { margin: 2px 0 0; color: var(--wx-text-2); font-size: var(--font-text-sm-size, 13px); }
.wx-tools { display: flex; align-items: center; gap: 6px; flex-shrink: 0; }
.wx-seg {
  display: inline-flex; padding: 2px; border-radius: var(--border-radius-full, 999px);
  background: color-mix(in srgb, var(--wx-text) 7%, transparent);
}
.wx-seg button {
  min-width: 38px; padding: 4px 10px; border: 0; border-radius: var(--border-radius-full, 999px);
  background: transparent; color: var(--wx-text-2); font: inherit; font-size: var(--font-text-sm-size, 13px);
  font-weight: var(--font-weight-medium, 500); cursor: pointer;
}
.wx-seg button[aria-pressed="true"] {
  background: var(--wx-bg); color: var(--wx-text);
  box-shadow: 0 1px 2px rgb(0 0 0 / 12%), 0 0 0 0.5px rgb(0 0 0 / 4%);
}
.wx-icon-btn {
  display: inline-grid; place-items: center; width: 32px; height: 32px; padding: 0;
  border: 0; border-radius: var(--border-radius-full, 999px); background: transparent;
  color: var(--wx-text-2); cursor: pointer;
}
.wx-icon-btn:hover, .wx-seg button:hover:not([aria-pressed="true"]) {
  color: var(--wx-text); background: color-mix(in srgb, var(--wx-text) 8%, transparent);
}
.wx button:focus-visible { outline: 2px solid var(--wx-accent); outline-offset: 2px; }
.wx button:disabled { cursor: default; opacity: 0.6; }
.wx-icon-btn svg { width: 18px; height: 18px; fill: none; stroke: currentColor; stroke-width: 1.8;
  stroke-linecap: round; stroke-linejoin: round; }
.wx-spin svg { animation: wx-spin 0.9s linear infinite; }
.wx-now { display: flex; align-items: center; gap: 14px; margin: 14px 0 4px; transition: opacity 160ms ease; }
.wx-now .wx-icon { width: 76px; height: 76px; flex-shrink: 0; filter: drop-shadow(0 2px 6px rgb(0 0 0 / 8%)); }
.wx-temp {
  font-size: 60px; line-height: 1; font-weight: var(--font-weight-light, 300); letter-spacing: -0.04em;
  font-variant-numeric: tabular-nums;
}
.wx-temp small { font-size: 0.4em; vertical-align: top; letter-spacing: 0; color: var(--wx-text-2); margin-left: 2px; }
.wx-cond { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.wx-cond strong { font-size: var(--font-text-lg-size, 17px); font-weight: var(--font-weight-medium, 500); }
.wx-cond span { color: var(--wx-text-2); font-size: var(--font-text-sm-size, 13px); }
.wx-stats {
  display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px; margin: 14px 0 0; padding: 0;
  transition: opacity 160ms ease;
}
.wx-stat {
  padding: 9px 11px; border-radius: var(--wx-radius-sm);
  background: color-mix(in srgb, var(--wx-bg) 72%, transparent);
  border: var(--border-width-regular, 1px) solid color-mix(in srgb, var(--wx-border) 70%, transparent);
}
.wx-stat dt { color: var(--wx-text-2); font-size: var(--font-text-xs-size, 12px); }
.wx-stat dd { margin: 1px 0 0; font-weight: var(--font-weight-semibold, 600); font-variant-numeric: tabular-nums; }
.wx-stat dd small {
  margin-left: 4px; color: var(--wx-text-2); font-size: var(--font-text-xs-size, 12px);
  font-weight: var(--font-weight-normal, 400);
}
.wx-foot {
  display: flex; align-items: center; justify-content: space-between; gap: 10px; flex-wrap: wrap;
  margin-top: 14px; color: var(--wx-text-3); font-size: var(--font-text-xs-size, 12px);
}
.wx-ask {
  display: inline-flex; align-items: center; gap: 6px; padding: 6px 12px;
  border: var(--border-width-regular, 1px) solid var(--wx-border); border-radius: var(--border-radius-full, 999px);
  background: var(--wx-bg); color: var(--wx-text); font: inherit; font-size: var(--font-text-sm-size, 13px);
  font-weight: var(--font-weight-medium, 500); cursor: pointer;
}
.wx-ask:hover { border-color: var(--wx-accent); color: var(--wx-accent); }
.wx-ask svg { width: 15px; height: 15px; fill: none; stroke: currentColor; stroke-width: 1.8;
  stroke-linecap: round; stroke-linejoin: round; }
.wx-note { margin: 10px 0 0; font-size: var(--font-text-sm-size, 13px); color: var(--wx-text-2); }
.wx-note[role="alert"] { color: var(--wx-danger); }
.wx-section {
  margin-top: 16px; padding: 16px 18px 12px; background: var(--wx-bg);
  border: var(--border-width-regular, 1px) solid var(--wx-border); border-radius: var(--wx-radius);
}
.wx-section h2 {
  margin: 0 0 8px; font-size: var(--font-text-xs-size, 12px); font-weight: var(--font-weight-semibold, 600);
  letter-spacing: 0.06em; text-transform: uppercase; color: var(--wx-text-2);
}
.wx-chart { display: block; width: 100%; height: auto; overflow: visible; }
.wx-chart text { font-family: inherit; font-variant-numeric: tabular-nums; text-anchor: middle; }
.wx-c-line { fill: none; stroke: var(--wx-warm); stroke-width: 2.5; stroke-linecap: round; }
.wx-c-area { fill: url(#wx-area); }
.wx-c-stop-top { stop-color: var(--wx-warm); stop-opacity: 0.28; }
.wx-c-stop-bottom { stop-color: var(--wx-warm); stop-opacity: 0; }
.wx-c-now { fill: var(--wx-bg); stroke: var(--wx-warm); stroke-width: 2.5; }
.wx-c-temp { font-size: 13px; font-weight: 600; fill: var(--wx-text); }
.wx-c-hour { font-size: 12px; fill: var(--wx-text-2); }
.wx-c-day { font-size: 11px; font-weight: 600; fill: var(--wx-text-2); text-anchor: start !important; }
.wx-c-chance { font-size: 10.5px; font-weight: 600; fill: var(--wx-cool); }
.wx-c-bar { fill: var(--wx-cool); opacity: 0.55; }
.wx-c-axis { stroke: var(--wx-border); stroke-width: 1; }
.wx-c-midnight { stroke: var(--wx-border); stroke-width: 1; stroke-dasharray: 3 4; }
.wx-table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
.wx-table td {
  padding: 7px 4px; vertical-align: middle; border-top: var(--border-width-regular, 1px) solid var(--wx-border);
}
.wx-table tr:first-child td { border-top: 0; }
.wx-d-day { width: 56px; font-weight: var(--font-weight-medium, 500); }
.wx-d-icon { width: 36px; }
.wx-d-icon .wx-icon { display: block; }
.wx-d-desc { color: var(--wx-text-2); font-size: var(--font-text-sm-size, 13px); }
.wx-d-rain { width: 52px; text-align: right; color: var(--wx-rain); font-size: var(--font-text-sm-size, 13px);
  font-weight: var(--font-weight-medium, 500); }
.wx-d-lo, .wx-d-hi { width: 40px; text-align: right; }
.wx-d-lo { color: var(--wx-text-2); }
.wx-d-hi { text-align: left; font-weight: var(--font-weight-semibold, 600); }
.wx-d-range { width: 32%; padding-left: 10px !important; padding-right: 10px !important; }
.wx-range {
  position: relative; height: 5px; border-radius: 999px; background: color-mix(in srgb, var(--wx-text) 9%, transparent);
}
.wx-range span { position: absolute; top: 0; bottom: 0; border-radius: 999px;
  background: linear-gradient(90deg, var(--wx-cool), var(--wx-warm)); }
.wx-message { display: flex; gap: 14px; align-items: flex-start; }
.wx-message .wx-icon { flex-shrink: 0; }
.wx-message h1 {
  margin: 2px 0 4px; font-size: var(--font-heading-sm-size, 17px); font-weight: var(--font-weight-semibold, 600);
}
.wx-message p { margin: 0; color: var(--wx-text-2); white-space: pre-line; }
.wx-card--error { background: var(--wx-danger-bg); }
.wx-card--error h1 { color: var(--wx-danger); }
.wx-suggest { display: flex; gap: 8px; flex-wrap: wrap; margin-top: 12px; }
.wx-sk { display: block; border-radius: 8px; background: color-mix(in srgb, var(--wx-text) 8%, transparent);
  animation: wx-pulse 1.4s ease-in-out infinite; }
.wx-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.wx-i-sun { fill: var(--wx-sun); }
.wx-i-rays { stroke: var(--wx-sun); stroke-width: 2; stroke-linecap: round; }
.wx-i-moon { fill: light-dark(#a5a1e8, #c9c6ff); }
.wx-i-cloud { fill: var(--wx-cloud); }
.wx-i-cloud--dark { fill: var(--wx-cloud-dark); }
.wx-i-rain { stroke: var(--wx-cool); stroke-width: 2; stroke-linecap: round; }
.wx-i-drop { fill: var(--wx-cool); }
.wx-i-snow { fill: light-dark(#7cb3f0, #dbeafe); }
.wx-i-bolt { fill: light-dark(#f5b301, #fcd34d); }
.wx-i-fog { stroke: var(--wx-cloud-dark); stroke-width: 2.4; stroke-linecap: round; }
.wx-i-off { fill: none; stroke: var(--wx-text-3); stroke-width: 2; stroke-linecap: round; }
.wx--fullscreen { padding: 4px; max-width: 860px; margin: 0 auto; }
@keyframes wx-pulse { 50% { opacity: 0.45; } }
@keyframes wx-spin { to { transform: rotate(360deg); } }
@media (max-width: 460px) {
  .wx-stats { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .wx-temp { font-size: 50px; }
  .wx-d-desc { display: none; }
}
@media (prefers-reduced-motion: reduce) {
  .wx-sk, .wx-spin svg { animation: none; }
}
"""
