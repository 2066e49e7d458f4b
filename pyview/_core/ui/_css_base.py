"""CSS of the base, layout, text, action and data components (tokens only: see ``_tokens``).

Text never uses the host's tertiary or disabled text colours: hosts make them faint, below WCAG AA's 4.5:1 for
text, so small print, the ``tertiary`` and ``disabled`` tones, dividers' labels and stats' help read in the
secondary colour. Disabled controls keep the disabled colours (WCAG exempts inactive controls).
"""

from __future__ import annotations

CSS = """
:root[data-theme=dark]{color-scheme:dark}
:root[data-theme=light]{color-scheme:light}
.pv-theme{font-family:var(--pv-sans);font-size:var(--pv-t-sm);line-height:var(--pv-lh-sm);color:var(--pv-fg);
  -webkit-font-smoothing:antialiased;text-rendering:optimizeLegibility}
.pv-theme *,.pv-theme *::before,.pv-theme *::after{box-sizing:border-box}
:where([class*="pv-"]):focus-visible{outline:2px solid var(--pv-ring);outline-offset:2px}
.pv-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);
  white-space:nowrap;border:0}

.pv-stack{display:flex;flex-direction:column;gap:12px;min-width:0}
.pv-stack--row{flex-direction:row;align-items:center}
.pv-stack--wrap{flex-wrap:wrap}
.pv-grid{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(200px,1fr))}
.pv-card{background:var(--pv-bg);border:var(--pv-bw) solid var(--pv-bd2);border-radius:var(--pv-r-lg);
  padding:16px;min-width:0;box-shadow:var(--pv-shadow-hairline)}
.pv-card--raised{box-shadow:var(--pv-shadow-md)}
.pv-card--flat{background:var(--pv-bg2);border-color:var(--pv-bd3);box-shadow:none}
.pv-card__head{display:flex;align-items:flex-start;gap:12px;margin-bottom:12px}
.pv-card__titles{flex:1;min-width:0}
.pv-card__title{margin:0;font-size:var(--pv-h-sm);line-height:var(--pv-hlh-sm);font-weight:var(--pv-w-semibold)}
.pv-card__subtitle{margin:2px 0 0;color:var(--pv-fg2);font-size:var(--pv-t-sm)}
.pv-card__foot{margin-top:16px;padding-top:12px;border-top:var(--pv-bw) solid var(--pv-bd3);display:flex;gap:8px;
  justify-content:flex-end}
.pv-divider{border:0;border-top:var(--pv-bw) solid var(--pv-bd2);margin:4px 0;width:100%}
.pv-divider--v{border-top:0;border-left:var(--pv-bw) solid var(--pv-bd2);width:0;align-self:stretch;margin:0 4px}
.pv-divider--label{display:flex;align-items:center;gap:12px;color:var(--pv-fg2);font-size:var(--pv-t-xs)}
.pv-divider--label::before,.pv-divider--label::after{content:"";flex:1;border-top:var(--pv-bw) solid var(--pv-bd2)}
.pv-scroll{overflow:auto;scrollbar-width:thin;scrollbar-color:var(--pv-bd) transparent;border-radius:var(--pv-r-md)}

.pv-heading{margin:0;color:var(--pv-fg);font-weight:var(--pv-w-semibold);letter-spacing:-0.01em}
.pv-heading--xs{font-size:var(--pv-h-xs);line-height:var(--pv-hlh-xs)}
.pv-heading--sm{font-size:var(--pv-h-sm);line-height:var(--pv-hlh-sm)}
.pv-heading--md{font-size:var(--pv-h-md);line-height:var(--pv-hlh-md)}
.pv-heading--lg{font-size:var(--pv-h-lg);line-height:var(--pv-hlh-lg)}
.pv-heading--xl{font-size:var(--pv-h-xl);line-height:var(--pv-hlh-xl)}
.pv-heading--2xl{font-size:var(--pv-h-2xl);line-height:var(--pv-hlh-2xl)}
.pv-heading--3xl{font-size:var(--pv-h-3xl);line-height:var(--pv-hlh-3xl)}
.pv-text{margin:0}
.pv-text--xs{font-size:var(--pv-t-xs);line-height:var(--pv-lh-xs)}
.pv-text--sm{font-size:var(--pv-t-sm);line-height:var(--pv-lh-sm)}
.pv-text--md{font-size:var(--pv-t-md);line-height:var(--pv-lh-md)}
.pv-text--lg{font-size:var(--pv-t-lg);line-height:var(--pv-lh-lg)}
.pv-tone--primary{color:var(--pv-fg)}
.pv-tone--secondary{color:var(--pv-fg2)}
.pv-tone--tertiary{color:var(--pv-fg2)}
.pv-tone--info{color:var(--pv-fg-info)}
.pv-tone--danger{color:var(--pv-fg-danger)}
.pv-tone--success{color:var(--pv-fg-success)}
.pv-tone--warning{color:var(--pv-fg-warning)}
.pv-tone--disabled{color:var(--pv-fg2)}
.pv-weight--normal{font-weight:var(--pv-w-normal)}
.pv-weight--medium{font-weight:var(--pv-w-medium)}
.pv-weight--semibold{font-weight:var(--pv-w-semibold)}
.pv-weight--bold{font-weight:var(--pv-w-bold)}
.pv-truncate{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.pv-code{font-family:var(--pv-mono);font-size:0.9em;background:var(--pv-bg2);border:var(--pv-bw) solid var(--pv-bd3);
  border-radius:var(--pv-r-sm);padding:1px 5px}
.pv-codeblock{margin:0;font-family:var(--pv-mono);font-size:var(--pv-t-xs);line-height:1.6;background:var(--pv-bg2);
  border:var(--pv-bw) solid var(--pv-bd3);border-radius:var(--pv-r-md);padding:12px 14px;overflow:auto;
  color:var(--pv-fg)}
.pv-codeblock code{font-family:inherit}
.pv-link{color:var(--pv-fg-info);text-decoration:underline;text-decoration-color:var(--pv-bd-info);
  text-underline-offset:2px;cursor:pointer;border-radius:var(--pv-r-xs)}
.pv-link:hover{text-decoration-color:var(--pv-fg-info)}
.pv-link .pv-icon{vertical-align:-2px;margin-left:2px}

.pv-icon{display:inline-block;flex:none;vertical-align:middle;fill:none;stroke:currentColor;stroke-width:2;
  stroke-linecap:round;stroke-linejoin:round}
.pv-btn{display:inline-flex;align-items:center;justify-content:center;gap:6px;font:inherit;
  font-weight:var(--pv-w-medium);font-size:var(--pv-t-sm);line-height:20px;height:34px;padding:0 14px;
  border-radius:var(--pv-r-md);border:var(--pv-bw) solid transparent;cursor:pointer;white-space:nowrap;
  transition:background-color .12s,border-color .12s,color .12s,opacity .12s;user-select:none;
  text-decoration:none;position:relative}
.pv-btn--sm{height:28px;padding:0 10px;font-size:var(--pv-t-xs);gap:4px;border-radius:var(--pv-r-sm)}
.pv-btn--lg{height:42px;padding:0 20px;font-size:var(--pv-t-md)}
.pv-btn--primary{background:var(--pv-bg-inv);color:var(--pv-fg-inv)}
.pv-btn--primary:hover:not(:disabled){opacity:.88}
.pv-btn--secondary{background:var(--pv-bg);color:var(--pv-fg);border-color:var(--pv-bd);box-shadow:var(--pv-shadow-sm)}
.pv-btn--secondary:hover:not(:disabled){background:var(--pv-bg2)}
.pv-btn--ghost{background:transparent;color:var(--pv-fg)}
.pv-btn--ghost:hover:not(:disabled){background:var(--pv-bg2)}
.pv-btn--danger{background:var(--pv-fg-danger);color:var(--pv-bg)}
.pv-btn--danger:hover:not(:disabled){opacity:.88}
.pv-btn--danger:focus-visible{outline-color:var(--pv-ring-danger)}
.pv-btn:disabled{cursor:not-allowed;background:var(--pv-bg-disabled);color:var(--pv-fg-disabled);
  border-color:var(--pv-bd-disabled);box-shadow:none}
.pv-btn--ghost:disabled{background:transparent;border-color:transparent}
.pv-btn[aria-busy=true]{cursor:progress}
.pv-btn--block{display:flex;width:100%}
.pv-btn--icon{padding:0;width:34px}
.pv-btn--icon.pv-btn--sm{width:28px}
.pv-btn--icon.pv-btn--lg{width:42px}
.pv-btn-group{display:inline-flex;gap:8px;flex-wrap:wrap;align-items:center}
.pv-btn-group--attached{gap:0}
.pv-btn-group--attached>.pv-btn{border-radius:0}
.pv-btn-group--attached>.pv-btn:not(:first-child){margin-left:calc(-1 * var(--pv-bw))}
.pv-btn-group--attached>.pv-btn:first-child{border-top-left-radius:var(--pv-r-md);border-bottom-left-radius:var(--pv-r-md)}
.pv-btn-group--attached>.pv-btn:last-child{border-top-right-radius:var(--pv-r-md);
  border-bottom-right-radius:var(--pv-r-md)}
.pv-btn-group--attached>.pv-btn:focus-visible{z-index:1}
.pv-btn-group--attached>.pv-btn[aria-pressed=true]{background:var(--pv-bg3)}

.pv-badge{display:inline-flex;align-items:center;gap:4px;height:22px;padding:0 8px;border-radius:var(--pv-r-full);
  font-size:var(--pv-t-xs);font-weight:var(--pv-w-medium);line-height:1;white-space:nowrap;
  background:var(--pv-bg2);color:var(--pv-fg2);border:var(--pv-bw) solid var(--pv-bd2)}
.pv-badge--info{background:var(--pv-bg-info);color:var(--pv-fg-info);border-color:var(--pv-bd-info)}
.pv-badge--success{background:var(--pv-bg-success);color:var(--pv-fg-success);border-color:var(--pv-bd-success)}
.pv-badge--warning{background:var(--pv-bg-warning);color:var(--pv-fg-warning);border-color:var(--pv-bd-warning)}
.pv-badge--danger{background:var(--pv-bg-danger);color:var(--pv-fg-danger);border-color:var(--pv-bd-danger)}
.pv-badge--solid{background:var(--pv-bg-inv);color:var(--pv-fg-inv);border-color:transparent}
.pv-badge__dot{width:6px;height:6px;border-radius:50%;background:currentColor}
.pv-avatar{display:inline-flex;align-items:center;justify-content:center;flex:none;border-radius:50%;overflow:hidden;
  background:var(--pv-bg3);color:var(--pv-fg2);font-weight:var(--pv-w-semibold);width:32px;height:32px;
  font-size:12px;border:var(--pv-bw) solid var(--pv-bd2);letter-spacing:.02em}
.pv-avatar img{width:100%;height:100%;object-fit:cover}
.pv-avatar--sm{width:24px;height:24px;font-size:10px}
.pv-avatar--lg{width:44px;height:44px;font-size:16px}
.pv-stat{display:flex;flex-direction:column;gap:2px;min-width:0}
.pv-stat__label{color:var(--pv-fg2);font-size:var(--pv-t-xs);font-weight:var(--pv-w-medium)}
.pv-stat__row{display:flex;align-items:baseline;gap:8px;flex-wrap:wrap}
.pv-stat__value{font-size:var(--pv-h-xl);line-height:var(--pv-hlh-xl);font-weight:var(--pv-w-semibold);
  color:var(--pv-fg);font-variant-numeric:tabular-nums;letter-spacing:-0.02em}
.pv-stat__delta{display:inline-flex;align-items:center;gap:2px;font-size:var(--pv-t-xs);font-weight:var(--pv-w-medium)}
.pv-stat__help{color:var(--pv-fg2);font-size:var(--pv-t-xs)}
.pv-kv{display:grid;grid-template-columns:max-content 1fr;gap:8px 24px;margin:0}
.pv-kv dt{color:var(--pv-fg2);font-size:var(--pv-t-sm)}
.pv-kv dd{margin:0;color:var(--pv-fg);font-size:var(--pv-t-sm);min-width:0;overflow-wrap:anywhere}
"""
