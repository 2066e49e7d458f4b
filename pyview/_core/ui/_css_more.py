"""CSS of the table, charts, feedback and navigation components (tokens only: see ``_tokens``)."""

from __future__ import annotations

CSS = """
.pv-table-wrap{border:var(--pv-bw) solid var(--pv-bd2);border-radius:var(--pv-r-lg);overflow:hidden;
  background:var(--pv-bg)}
.pv-table-scroll{overflow-x:auto}
.pv-table{width:100%;border-collapse:collapse;font-size:var(--pv-t-sm);font-variant-numeric:tabular-nums}
.pv-table caption{caption-side:top;text-align:left;padding:12px 14px 4px;font-weight:var(--pv-w-semibold);
  color:var(--pv-fg)}
.pv-table th,.pv-table td{padding:9px 14px;text-align:left;border-bottom:var(--pv-bw) solid var(--pv-bd3);
  white-space:nowrap}
.pv-table--dense th,.pv-table--dense td{padding:5px 10px}
.pv-table th{font-weight:var(--pv-w-medium);color:var(--pv-fg2);font-size:var(--pv-t-xs);background:var(--pv-bg2);
  border-bottom-color:var(--pv-bd2)}
.pv-table tbody tr:last-child td{border-bottom:0}
.pv-table tbody tr:hover td{background:var(--pv-bg2)}
.pv-table tr[aria-selected=true] td{background:var(--pv-bg-info)}
.pv-table .pv-num{text-align:right}
.pv-table .pv-center{text-align:center}
.pv-table__check{width:1%}
.pv-table__sort{all:unset;display:inline-flex;align-items:center;gap:4px;cursor:pointer;border-radius:var(--pv-r-xs)}
.pv-table__sort:focus-visible{outline:2px solid var(--pv-ring);outline-offset:2px}
.pv-table__sort:hover{color:var(--pv-fg)}
.pv-table__sort .pv-icon{opacity:.35}
.pv-table th[aria-sort=ascending] .pv-icon,.pv-table th[aria-sort=descending] .pv-icon{opacity:1}
.pv-table th[aria-sort] {color:var(--pv-fg)}
.pv-table__empty td{padding:0}
.pv-table__foot{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:8px 14px;
  border-top:var(--pv-bw) solid var(--pv-bd2);color:var(--pv-fg2);font-size:var(--pv-t-xs);flex-wrap:wrap}

.pv-chart{display:block;width:100%;height:auto;overflow:visible;font-family:var(--pv-sans)}
.pv-chart__grid{stroke:var(--pv-bd3);stroke-width:1}
.pv-chart__axis{stroke:var(--pv-bd);stroke-width:1}
.pv-chart__tick{fill:var(--pv-fg2);font-size:11px}
.pv-chart__line{fill:none;stroke-width:2;stroke-linejoin:round;stroke-linecap:round}
.pv-chart__area{stroke:none;opacity:.16}
.pv-chart__dot{stroke:var(--pv-bg);stroke-width:2;opacity:0;transition:opacity .1s}
.pv-chart__hit{fill:transparent;stroke:none}
.pv-chart__guide,.pv-chart__dot{pointer-events:none}
.pv-chart__guide{stroke:var(--pv-bd);stroke-width:1;stroke-dasharray:3 3;opacity:0}
.pv-chart__tip{opacity:0;pointer-events:none;transition:opacity .1s}
.pv-chart__tipbox{fill:var(--pv-bg);stroke:var(--pv-bd2);stroke-width:1}
.pv-chart__tiptext{fill:var(--pv-fg);font-size:11px}
.pv-chart__tiplabel{fill:var(--pv-fg2);font-size:11px;font-weight:var(--pv-w-semibold)}
.pv-chart__col:hover .pv-chart__guide,.pv-chart__col:hover .pv-chart__tip,.pv-chart__col:hover .pv-chart__dot,
.pv-chart__col:focus .pv-chart__guide,.pv-chart__col:focus .pv-chart__tip,.pv-chart__col:focus .pv-chart__dot{opacity:1}
.pv-chart__col:focus{outline:none}
.pv-chart__col:hover .pv-chart__bar{opacity:.8}
.pv-chart__bar{transition:opacity .1s}
.pv-chart__legend{display:flex;gap:16px;flex-wrap:wrap;font-size:var(--pv-t-xs);color:var(--pv-fg2);margin-top:8px}
.pv-chart__key{display:inline-flex;align-items:center;gap:6px}
.pv-chart__swatch{width:10px;height:10px;border-radius:3px;background:currentColor}
.pv-s0{color:var(--pv-ring);stroke:var(--pv-ring);fill:var(--pv-ring)}
.pv-s1{color:var(--pv-fg-success);stroke:var(--pv-fg-success);fill:var(--pv-fg-success)}
.pv-s2{color:var(--pv-fg-warning);stroke:var(--pv-fg-warning);fill:var(--pv-fg-warning)}
.pv-s3{color:var(--pv-fg-danger);stroke:var(--pv-fg-danger);fill:var(--pv-fg-danger)}
.pv-s4{color:var(--pv-fg2);stroke:var(--pv-fg2);fill:var(--pv-fg2)}
.pv-s5{color:var(--pv-fg-info);stroke:var(--pv-fg-info);fill:var(--pv-fg-info)}
.pv-chart .pv-chart__line,.pv-sparkline .pv-chart__line{fill:none}
.pv-sparkline .pv-chart__line{stroke-width:1.5}
.pv-sparkline{display:inline-block;vertical-align:middle;overflow:visible}

.pv-alert{display:flex;gap:10px;align-items:flex-start;padding:12px 14px;border-radius:var(--pv-r-md);
  border:var(--pv-bw) solid var(--pv-bd2);background:var(--pv-bg2);color:var(--pv-fg);font-size:var(--pv-t-sm)}
.pv-alert>.pv-icon{margin-top:2px}
.pv-alert__body{flex:1;min-width:0;display:flex;flex-direction:column;gap:2px}
.pv-alert__title{font-weight:var(--pv-w-semibold)}
.pv-alert__close{margin:-4px -6px -4px 0}
.pv-alert--info{background:var(--pv-bg-info);border-color:var(--pv-bd-info)}
.pv-alert--info>.pv-icon{color:var(--pv-fg-info)}
.pv-alert--success{background:var(--pv-bg-success);border-color:var(--pv-bd-success)}
.pv-alert--success>.pv-icon{color:var(--pv-fg-success)}
.pv-alert--warning{background:var(--pv-bg-warning);border-color:var(--pv-bd-warning)}
.pv-alert--warning>.pv-icon{color:var(--pv-fg-warning)}
.pv-alert--danger{background:var(--pv-bg-danger);border-color:var(--pv-bd-danger)}
.pv-alert--danger>.pv-icon,.pv-alert--danger .pv-alert__title{color:var(--pv-fg-danger)}
.pv-alert details{margin-top:6px}
.pv-alert pre{margin:6px 0 0;font-family:var(--pv-mono);font-size:var(--pv-t-xs);white-space:pre-wrap;
  max-height:200px;overflow:auto;color:var(--pv-fg2)}
.pv-toasts{position:fixed;top:12px;right:12px;display:flex;flex-direction:column;gap:8px;z-index:1000;
  width:min(360px,calc(100vw - 24px));pointer-events:none}
.pv-toast{pointer-events:auto;display:flex;gap:10px;align-items:flex-start;padding:12px 14px;background:var(--pv-bg);
  color:var(--pv-fg);border:var(--pv-bw) solid var(--pv-bd2);border-radius:var(--pv-r-lg);
  box-shadow:var(--pv-shadow-lg);
  font-size:var(--pv-t-sm);animation:pv-in .18s ease-out}
.pv-toast>.pv-icon{margin-top:2px}
.pv-toast--success>.pv-icon{color:var(--pv-fg-success)}
.pv-toast--danger>.pv-icon{color:var(--pv-fg-danger)}
.pv-toast--warning>.pv-icon{color:var(--pv-fg-warning)}
.pv-toast--info>.pv-icon{color:var(--pv-fg-info)}
@keyframes pv-in{from{opacity:0;transform:translateY(-6px)}}
.pv-spinner{display:inline-flex;align-items:center;gap:8px;color:var(--pv-fg2);font-size:var(--pv-t-sm)}
.pv-spinner svg{animation:pv-spin .8s linear infinite;flex:none}
.pv-spinner__track{stroke:var(--pv-bd2)}
.pv-spinner__arc{stroke:currentColor}
.pv-btn .pv-spinner{color:inherit}
@keyframes pv-spin{to{transform:rotate(360deg)}}
.pv-skeleton{display:block;background:var(--pv-bg3);border-radius:var(--pv-r-sm);height:12px;
  animation:pv-pulse 1.4s ease-in-out infinite}
.pv-skeleton--circle{border-radius:50%}
.pv-skeleton-lines{display:flex;flex-direction:column;gap:8px}
@keyframes pv-pulse{50%{opacity:.45}}
@media (prefers-reduced-motion:reduce){.pv-skeleton,.pv-spinner svg,.pv-toast{animation:none}}
.pv-empty{display:flex;flex-direction:column;align-items:center;text-align:center;gap:6px;padding:32px 16px;
  color:var(--pv-fg2)}
.pv-empty__icon{display:inline-flex;padding:10px;border-radius:50%;background:var(--pv-bg2);color:var(--pv-fg3);
  margin-bottom:4px}
.pv-empty__title{font-weight:var(--pv-w-semibold);color:var(--pv-fg);font-size:var(--pv-t-md)}
.pv-empty__desc{max-width:360px;font-size:var(--pv-t-sm)}
.pv-empty__action{margin-top:8px}

.pv-tabs{display:flex;flex-direction:column;gap:12px;min-width:0}
.pv-tabs__list{display:flex;gap:4px;border-bottom:var(--pv-bw) solid var(--pv-bd2);overflow-x:auto}
.pv-tab{font:inherit;font-size:var(--pv-t-sm);font-weight:var(--pv-w-medium);color:var(--pv-fg2);background:none;
  border:0;border-bottom:2px solid transparent;padding:8px 10px;margin-bottom:calc(-1 * var(--pv-bw));cursor:pointer;
  white-space:nowrap;border-radius:var(--pv-r-sm) var(--pv-r-sm) 0 0;display:inline-flex;gap:6px;align-items:center}
.pv-tab:hover:not(:disabled){color:var(--pv-fg)}
.pv-tab[aria-selected=true]{color:var(--pv-fg);border-bottom-color:var(--pv-fg)}
.pv-tab:disabled{color:var(--pv-fg-disabled);cursor:not-allowed}
.pv-tab:focus-visible{outline-offset:-2px}
.pv-tabs--pills .pv-tabs__list{border:0;background:var(--pv-bg2);padding:3px;border-radius:var(--pv-r-md);
  display:inline-flex;align-self:flex-start}
.pv-tabs--pills .pv-tab{border:0;margin:0;border-radius:var(--pv-r-sm);padding:5px 12px}
.pv-tabs--pills .pv-tab[aria-selected=true]{background:var(--pv-bg);box-shadow:var(--pv-shadow-sm)}
.pv-accordion{border:var(--pv-bw) solid var(--pv-bd2);border-radius:var(--pv-r-lg);overflow:hidden;
  background:var(--pv-bg)}
.pv-accordion__item+.pv-accordion__item{border-top:var(--pv-bw) solid var(--pv-bd2)}
.pv-accordion__head{margin:0;font-size:inherit}
.pv-accordion__trigger{all:unset;box-sizing:border-box;display:flex;width:100%;align-items:center;gap:8px;
  padding:12px 14px;cursor:pointer;font-weight:var(--pv-w-medium);color:var(--pv-fg)}
.pv-accordion__trigger:hover{background:var(--pv-bg2)}
.pv-accordion__trigger:focus-visible{outline:2px solid var(--pv-ring);outline-offset:-2px}
.pv-accordion__trigger>span{flex:1}
.pv-accordion__trigger .pv-icon{transition:transform .15s;color:var(--pv-fg2)}
.pv-accordion__trigger[aria-expanded=true] .pv-icon{transform:rotate(180deg)}
.pv-accordion__panel{padding:0 14px 14px;color:var(--pv-fg2)}
.pv-breadcrumbs ol{display:flex;flex-wrap:wrap;align-items:center;gap:6px;list-style:none;margin:0;padding:0;
  font-size:var(--pv-t-sm);color:var(--pv-fg2)}
.pv-breadcrumbs li{display:inline-flex;align-items:center;gap:6px}
.pv-breadcrumbs .pv-icon{color:var(--pv-fg3)}
.pv-breadcrumbs a,.pv-breadcrumbs button{all:unset;cursor:pointer;color:var(--pv-fg2);border-radius:var(--pv-r-xs)}
.pv-breadcrumbs a:hover,.pv-breadcrumbs button:hover{color:var(--pv-fg);text-decoration:underline}
.pv-breadcrumbs a:focus-visible,.pv-breadcrumbs button:focus-visible{outline:2px solid var(--pv-ring);
  outline-offset:2px}
.pv-breadcrumbs [aria-current=page]{color:var(--pv-fg);font-weight:var(--pv-w-medium)}
.pv-pagination{display:flex;align-items:center;gap:4px;flex-wrap:wrap}
.pv-page{font:inherit;font-size:var(--pv-t-sm);min-width:32px;height:32px;padding:0 8px;border-radius:var(--pv-r-md);
  border:var(--pv-bw) solid transparent;background:transparent;color:var(--pv-fg);cursor:pointer;
  display:inline-flex;align-items:center;justify-content:center;font-variant-numeric:tabular-nums}
.pv-page:hover:not(:disabled){background:var(--pv-bg2)}
.pv-page[aria-current=page]{border-color:var(--pv-bd);background:var(--pv-bg);font-weight:var(--pv-w-semibold);
  box-shadow:var(--pv-shadow-sm)}
.pv-page:disabled{color:var(--pv-fg-disabled);cursor:not-allowed}
.pv-page--gap{cursor:default;color:var(--pv-fg2)}
.pv-error-boundary .pyview-error{all:unset}
"""
