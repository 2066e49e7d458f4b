"""The View's stylesheet, rendered as one ``<style>`` element.

Every colour, font and radius reads the host's CSS custom properties (MCP Apps ``styles.variables``, which the
App puts on ``:root``) with a fallback, so the View looks native in a host that sends them and still good in one
that does not. Fallbacks use ``light-dark()``: the App sets ``color-scheme`` from the host's theme, so light and
dark both work without a second stylesheet.
"""

CSS = """
:root {
  color-scheme: light dark;
  --o-bg: var(--color-background-primary, light-dark(#ffffff, #1c1c1f));
  --o-bg-2: var(--color-background-secondary, light-dark(#f6f6f4, #26262a));
  --o-bg-3: var(--color-background-tertiary, light-dark(#efeeea, #2f2f34));
  --o-text: var(--color-text-primary, light-dark(#1d1d1f, #f2f2f0));
  --o-text-2: var(--color-text-secondary, light-dark(#5f5e5a, #b4b3ad));
  /* tertiary is for marks, never for text: hosts' tertiary text colours are too faint for small text (WCAG AA) */
  --o-text-3: var(--color-text-tertiary, light-dark(#8a8983, #8d8c86));
  --o-border: var(--color-border-primary, light-dark(#e3e2dc, #3a3a40));
  --o-border-2: var(--color-border-secondary, light-dark(#eeede8, #303035));
  --o-ring: var(--color-ring-primary, light-dark(#2c6ecb, #6ea8ff));
  --o-accent: var(--color-ring-primary, light-dark(#2c6ecb, #6ea8ff));
  --o-danger: var(--color-text-danger, light-dark(#b42318, #ff8a80));
  --o-danger-bg: var(--color-background-danger, light-dark(#fdecea, #3a1f1d));
  --o-success: var(--color-text-success, light-dark(#1c7a43, #7fd4a0));
  --o-success-bg: var(--color-background-success, light-dark(#e8f5ec, #1b3326));
  --o-radius: var(--border-radius-md, 8px);
  --o-radius-sm: var(--border-radius-sm, 6px);
  --o-radius-lg: var(--border-radius-lg, 12px);
  --o-line: var(--border-width-regular, 1px);
  --o-font: var(--font-sans, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  --o-mono: var(--font-mono, ui-monospace, "SF Mono", Menlo, Consolas, monospace);
  --o-text-sm: var(--font-text-sm-size, 13px);
  --o-text-xs: var(--font-text-xs-size, 12px);
  --o-shadow: var(--shadow-lg, 0 12px 32px rgba(0, 0, 0, 0.18), 0 2px 6px rgba(0, 0, 0, 0.08));
}
html, body { background: var(--o-bg); }
* { box-sizing: border-box; }
.orders {
  font-family: var(--o-font); color: var(--o-text); font-size: var(--font-text-md-size, 14px);
  line-height: 1.45; padding: 16px; min-height: 420px; position: relative;
  font-variant-numeric: tabular-nums;
}
button, input, textarea, select { font: inherit; color: inherit; }
button { cursor: pointer; }
button:disabled { cursor: default; opacity: 0.55; }
:focus-visible { outline: 2px solid var(--o-ring); outline-offset: 2px; }

/* header */
.o-head { display: flex; align-items: center; justify-content: space-between; gap: 12px; margin-bottom: 12px; }
.o-head h1 { margin: 0; font-size: var(--font-heading-sm-size, 18px); font-weight: var(--font-weight-semibold, 600); }
.o-head p { margin: 2px 0 0; color: var(--o-text-2); font-size: var(--o-text-sm); }
.o-actions { display: flex; gap: 8px; }

.o-button {
  display: inline-flex; align-items: center; gap: 6px; padding: 6px 12px; border-radius: var(--o-radius-sm);
  border: var(--o-line) solid var(--o-border); background: var(--o-bg); font-size: var(--o-text-sm);
  font-weight: var(--font-weight-medium, 500); white-space: nowrap;
}
.o-button:hover:not(:disabled) { background: var(--o-bg-2); }
.o-button--primary { background: var(--o-text); color: var(--o-bg); border-color: var(--o-text); }
.o-button--primary:hover:not(:disabled) { background: var(--o-text); opacity: 0.88; }
/* the page background on the danger colour: light text on a dark red in light themes, and the reverse in dark ones */
.o-button--danger { background: var(--o-danger); color: var(--o-bg); border-color: var(--o-danger); }
.o-button--danger:hover:not(:disabled) { background: var(--o-danger); opacity: 0.9; }
.o-button--ghost { border-color: transparent; background: transparent; }
.o-icon { width: 14px; height: 14px; flex: none; }

/* toolbar: status chips and the customer search */
.o-toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-bottom: 12px; }
.o-chips { display: flex; flex-wrap: wrap; gap: 4px; padding: 3px; border-radius: var(--o-radius);
  background: var(--o-bg-2); }
.o-chip {
  border: 0; background: transparent; padding: 4px 10px; border-radius: var(--o-radius-sm);
  font-size: var(--o-text-sm); color: var(--o-text-2); display: inline-flex; gap: 6px; align-items: baseline;
}
.o-chip:hover:not(:disabled) { color: var(--o-text); }
.o-chip[aria-pressed="true"] { background: var(--o-bg); color: var(--o-text); box-shadow: 0 1px 2px rgba(0,0,0,.12);
  font-weight: var(--font-weight-medium, 500); }
.o-chip small { font-size: var(--o-text-xs); color: var(--o-text-2); }
.o-search { flex: 1 1 180px; position: relative; }
.o-search input {
  width: 100%; padding: 6px 10px 6px 30px; border-radius: var(--o-radius-sm); background: var(--o-bg);
  border: var(--o-line) solid var(--o-border); font-size: var(--o-text-sm);
}
.o-search svg { position: absolute; left: 9px; top: 50%; transform: translateY(-50%); color: var(--o-text-3); }

/* banners and toasts */
.o-banner {
  display: flex; align-items: flex-start; gap: 10px; padding: 9px 12px; margin-bottom: 12px;
  border-radius: var(--o-radius-sm); font-size: var(--o-text-sm);
}
.o-banner p { margin: 0; flex: 1; }
.o-banner--error { background: var(--o-danger-bg); color: var(--o-danger); }
.o-banner--success { background: var(--o-success-bg); color: var(--o-success); }
.o-banner button { border: 0; background: transparent; color: inherit; text-decoration: underline; padding: 0; }

/* the layout: table alone inline; table and detail side by side in fullscreen */
.o-body { display: grid; grid-template-columns: minmax(0, 1fr); gap: 16px; align-items: start; }
.o-body--split { grid-template-columns: minmax(0, 1.5fr) minmax(300px, 1fr); }

/* the table */
.o-table-wrap {
  border: var(--o-line) solid var(--o-border); border-radius: var(--o-radius); overflow-x: auto; overflow-y: hidden;
  background: var(--o-bg);
}
/* loading: a bar along the top, not faded rows (faded text would fall below AA contrast while it is read) */
.o-table-wrap[aria-busy="true"] { box-shadow: inset 0 2px 0 var(--o-accent); cursor: progress; }
.o-table { width: 100%; border-collapse: collapse; font-size: var(--o-text-sm); }
.o-table th {
  text-align: left; font-weight: var(--font-weight-medium, 500); color: var(--o-text-2); background: var(--o-bg-2);
  border-bottom: var(--o-line) solid var(--o-border); padding: 0; white-space: nowrap;
}
.o-table th.o-num, .o-table td.o-num { text-align: right; }
.o-sort {
  width: 100%; border: 0; background: transparent; padding: 8px 12px; text-align: inherit;
  display: inline-flex; gap: 4px; align-items: center; color: inherit; font-weight: inherit;
}
.o-num .o-sort { justify-content: flex-end; }
.o-sort:hover { color: var(--o-text); }
.o-sort .o-arrow { opacity: 0; font-size: 10px; }
.o-sort:hover .o-arrow, th[aria-sort] .o-arrow { opacity: 1; }
.o-table td { padding: 9px 12px; border-bottom: var(--o-line) solid var(--o-border-2); white-space: nowrap; }
.o-table tbody tr:last-child td { border-bottom: 0; }
.o-row { cursor: pointer; }
.o-row:hover td { background: var(--o-bg-2); }
.o-row[aria-selected="true"] td { background: color-mix(in srgb, var(--o-accent) 10%, var(--o-bg)); }
.o-id { font-family: var(--o-mono); font-size: var(--o-text-xs); color: var(--o-text-2); }
.o-customer { max-width: 220px; overflow: hidden; text-overflow: ellipsis; }
.o-customer small { display: block; color: var(--o-text-2); font-size: var(--o-text-xs); }
.o-muted { color: var(--o-text-2); }
.o-empty { padding: 40px 16px; text-align: center; color: var(--o-text-2); }
.o-empty strong { display: block; color: var(--o-text); margin-bottom: 4px; }

/* status pills */
.o-status {
  display: inline-flex; align-items: center; gap: 6px; padding: 2px 8px 2px 7px; border-radius: 999px;
  font-size: var(--o-text-xs); font-weight: var(--font-weight-medium, 500); line-height: 18px;
}
.o-status::before { content: ""; width: 6px; height: 6px; border-radius: 50%; background: currentColor; }
.o-status--pending { color: light-dark(#9a5b00, #f5c26b); background: light-dark(#fff4e0, #3a2e17); }
.o-status--paid { color: light-dark(#1f5fbf, #8cb8ff); background: light-dark(#e8f0fd, #1d2a40); }
.o-status--shipped { color: light-dark(#6a3fc2, #c1a6ff); background: light-dark(#f1ebfd, #2c2340); }
.o-status--delivered { color: light-dark(#1c7a43, #7fd4a0); background: light-dark(#e7f5ec, #1b3326); }
.o-status--cancelled { color: light-dark(#6b6a66, #a3a29c); background: light-dark(#efeeeb, #2e2e31); }
.o-status--cancelled::before { background: transparent; border: 1.5px solid currentColor; width: 5px; height: 5px; }

/* skeleton rows (the first paint, before the tool result) */
.o-skel { display: block; height: 10px; border-radius: 4px; background: var(--o-bg-3);
  background-image: linear-gradient(90deg, transparent, color-mix(in srgb, var(--o-bg) 60%, transparent), transparent);
  background-size: 200% 100%; animation: o-shimmer 1.4s ease-in-out infinite; }
@keyframes o-shimmer { from { background-position: 150% 0; } to { background-position: -50% 0; } }
@media (prefers-reduced-motion: reduce) { .o-skel { animation: none; } }

/* pagination */
.o-pager { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 10px 2px 0;
  color: var(--o-text-2); font-size: var(--o-text-sm); }
.o-pager nav { display: flex; align-items: center; gap: 8px; }

/* the detail panel */
.o-detail {
  border: var(--o-line) solid var(--o-border); border-radius: var(--o-radius); background: var(--o-bg);
  padding: 16px; display: flex; flex-direction: column; gap: 16px;
}
.o-detail-head { display: flex; align-items: flex-start; justify-content: space-between; gap: 8px; }
.o-detail-head h2 { margin: 0; font-size: var(--font-heading-xs-size, 16px); display: flex; gap: 8px;
  align-items: center; flex-wrap: wrap; }
.o-detail-head p { margin: 2px 0 0; color: var(--o-text-2); font-size: var(--o-text-sm); }
.o-detail h3 { margin: 0 0 6px; font-size: var(--o-text-xs); text-transform: uppercase; letter-spacing: 0.04em;
  color: var(--o-text-2); font-weight: var(--font-weight-semibold, 600); }
.o-items { width: 100%; border-collapse: collapse; font-size: var(--o-text-sm); }
.o-items td { padding: 5px 0; border-bottom: var(--o-line) solid var(--o-border-2); vertical-align: top; }
.o-items td:last-child { text-align: right; white-space: nowrap; padding-left: 12px; }
.o-items small { display: block; color: var(--o-text-2); font-family: var(--o-mono); font-size: 11px; }
.o-sums { display: grid; grid-template-columns: 1fr auto; gap: 3px 12px; font-size: var(--o-text-sm);
  color: var(--o-text-2); margin-top: 8px; }
.o-sums dd { margin: 0; text-align: right; }
.o-sums .o-grand { color: var(--o-text); font-weight: var(--font-weight-semibold, 600); }
.o-meta { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; font-size: var(--o-text-sm); }
.o-meta address { font-style: normal; color: var(--o-text-2); }
.o-timeline { list-style: none; margin: 0; padding: 0; font-size: var(--o-text-sm); }
.o-timeline li { position: relative; padding: 0 0 10px 18px; }
.o-timeline li::before { content: ""; position: absolute; left: 3px; top: 6px; width: 7px; height: 7px;
  border-radius: 50%; background: var(--o-text-3); }
.o-timeline li:not(:last-child)::after { content: ""; position: absolute; left: 6px; top: 15px; bottom: 0;
  width: 1px; background: var(--o-border); }
.o-timeline li:last-child::before { background: var(--o-accent); }
.o-timeline time { display: block; color: var(--o-text-2); font-size: var(--o-text-xs); }
.o-timeline em { color: var(--o-text-2); font-style: normal; }
.o-detail-foot { display: flex; justify-content: space-between; align-items: center; gap: 8px;
  border-top: var(--o-line) solid var(--o-border-2); padding-top: 12px; font-size: var(--o-text-sm);
  color: var(--o-text-2); }

/* the confirmation dialog */
.o-overlay { position: fixed; inset: 0; background: rgba(0, 0, 0, 0.35); display: flex; align-items: center;
  justify-content: center; padding: 16px; z-index: 10; }
.o-dialog { width: min(420px, 100%); background: var(--o-bg); color: var(--o-text); border-radius: var(--o-radius-lg);
  box-shadow: var(--o-shadow); padding: 20px; display: flex; flex-direction: column; gap: 12px;
  border: var(--o-line) solid var(--o-border); }
.o-dialog h2 { margin: 0; font-size: var(--font-heading-xs-size, 16px); }
.o-dialog p { margin: 0; color: var(--o-text-2); font-size: var(--o-text-sm); }
.o-dialog label { font-size: var(--o-text-sm); font-weight: var(--font-weight-medium, 500); display: grid; gap: 4px; }
.o-dialog select, .o-dialog input {
  padding: 7px 10px; border-radius: var(--o-radius-sm); border: var(--o-line) solid var(--o-border);
  background: var(--o-bg); font-weight: normal;
}
.o-dialog footer { display: flex; justify-content: flex-end; gap: 8px; margin-top: 4px; }

/* the CSV panel, for hosts that cannot download files */
.o-export { margin-bottom: 12px; border: var(--o-line) solid var(--o-border); border-radius: var(--o-radius);
  padding: 12px; background: var(--o-bg-2); display: grid; gap: 8px; font-size: var(--o-text-sm); }
.o-export header { display: flex; justify-content: space-between; align-items: center; gap: 8px; }
.o-export p { margin: 0; color: var(--o-text-2); }
.o-export textarea { width: 100%; min-height: 140px; resize: vertical; font-family: var(--o-mono);
  font-size: var(--o-text-xs); padding: 8px; border-radius: var(--o-radius-sm);
  border: var(--o-line) solid var(--o-border); background: var(--o-bg); white-space: pre; }

.o-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 560px) {
  .o-hide-sm { display: none; }
  .o-body--split { grid-template-columns: minmax(0, 1fr); }
  .o-meta { grid-template-columns: 1fr; }
}
/* phones: tighter cells so the table fits; where it still does not, .o-table-wrap scrolls sideways (never clips) */
@media (max-width: 480px) {
  .o-head { flex-wrap: wrap; }
  .o-table td { padding: 8px 6px; }
  .o-sort { padding: 8px 6px; }
  .o-customer { max-width: 96px; }
  .o-customer small { overflow: hidden; text-overflow: ellipsis; }
}
"""
