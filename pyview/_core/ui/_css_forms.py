"""CSS of the input components and forms (tokens only: see ``_tokens``)."""

from __future__ import annotations

CSS = """
.pv-field{display:flex;flex-direction:column;gap:6px;min-width:0}
.pv-label{font-size:var(--pv-t-sm);font-weight:var(--pv-w-medium);color:var(--pv-fg)}
.pv-label__req{color:var(--pv-fg-danger);margin-left:2px}
.pv-help{font-size:var(--pv-t-xs);color:var(--pv-fg2);margin:0}
.pv-error-text{font-size:var(--pv-t-xs);color:var(--pv-fg-danger);margin:0;display:flex;gap:4px;align-items:center}
.pv-input,.pv-select,.pv-textarea{font:inherit;font-size:var(--pv-t-sm);color:var(--pv-fg);background:var(--pv-bg);
  border:var(--pv-bw) solid var(--pv-bd);border-radius:var(--pv-r-md);height:36px;padding:0 10px;width:100%;
  min-width:0;transition:border-color .12s,box-shadow .12s;box-shadow:var(--pv-shadow-sm)}
.pv-textarea{height:auto;min-height:80px;padding:8px 10px;resize:vertical;line-height:var(--pv-lh-sm)}
.pv-input::placeholder,.pv-textarea::placeholder{color:var(--pv-fg2)}
.pv-input:hover,.pv-select:hover,.pv-textarea:hover{border-color:var(--pv-ring2)}
.pv-input:focus,.pv-select:focus,.pv-textarea:focus{outline:none;border-color:var(--pv-ring);
  box-shadow:0 0 0 3px color-mix(in srgb,var(--pv-ring) 25%,transparent)}
.pv-input[aria-invalid=true],.pv-select[aria-invalid=true],.pv-textarea[aria-invalid=true]{
  border-color:var(--pv-ring-danger)}
.pv-input[aria-invalid=true]:focus,.pv-textarea[aria-invalid=true]:focus,.pv-select[aria-invalid=true]:focus{
  box-shadow:0 0 0 3px color-mix(in srgb,var(--pv-ring-danger) 25%,transparent)}
.pv-input:disabled,.pv-select:disabled,.pv-textarea:disabled{background:var(--pv-bg-disabled);
  color:var(--pv-fg-disabled);border-color:var(--pv-bd-disabled);cursor:not-allowed;box-shadow:none}
.pv-select{appearance:none;padding-right:32px;cursor:pointer;background-repeat:no-repeat}
.pv-select-wrap{position:relative;display:flex}
.pv-select-wrap>.pv-icon{position:absolute;right:10px;top:50%;margin-top:-7px;pointer-events:none;color:var(--pv-fg2)}
.pv-input[type=date]{font-variant-numeric:tabular-nums}
.pv-input[type=date]::-webkit-calendar-picker-indicator{cursor:pointer;opacity:.7}
.pv-check{display:inline-flex;align-items:flex-start;gap:8px;cursor:pointer;font-size:var(--pv-t-sm);color:var(--pv-fg)}
.pv-check__box{appearance:none;margin:2px 0 0;width:16px;height:16px;flex:none;border:var(--pv-bw) solid var(--pv-bd);
  border-radius:var(--pv-r-sm);background:var(--pv-bg);display:inline-grid;place-content:center;cursor:pointer;
  transition:background-color .12s,border-color .12s}
.pv-check__box::before{content:"";width:9px;height:5px;border-left:2px solid var(--pv-fg-inv);
  border-bottom:2px solid var(--pv-fg-inv);transform:translateY(-1px) rotate(-45deg) scale(0);transition:transform .1s}
.pv-check__box:checked,.pv-check__box:indeterminate{background:var(--pv-bg-inv);border-color:var(--pv-bg-inv)}
.pv-check__box:checked::before{transform:translateY(-1px) rotate(-45deg) scale(1)}
.pv-check__box:indeterminate::before{width:8px;height:0;border-left:0;transform:none}
.pv-check__box:disabled{background:var(--pv-bg-disabled);border-color:var(--pv-bd-disabled);cursor:not-allowed}
.pv-check__text{display:flex;flex-direction:column;gap:1px}
.pv-check__desc{color:var(--pv-fg2);font-size:var(--pv-t-xs)}
.pv-check--disabled{color:var(--pv-fg-disabled);cursor:not-allowed}
.pv-switch__box{appearance:none;margin:0;flex:none;width:34px;height:20px;border-radius:var(--pv-r-full);
  background:var(--pv-bg3);border:var(--pv-bw) solid var(--pv-bd);position:relative;cursor:pointer;
  transition:background-color .15s,border-color .15s}
.pv-switch__box::before{content:"";position:absolute;top:2px;left:2px;width:14px;height:14px;border-radius:50%;
  background:var(--pv-bg);box-shadow:var(--pv-shadow-sm);transition:transform .15s}
.pv-switch__box:checked{background:var(--pv-bg-inv);border-color:var(--pv-bg-inv)}
.pv-switch__box:checked::before{transform:translateX(14px)}
.pv-switch__box:disabled{opacity:.5;cursor:not-allowed}
.pv-radios{display:flex;flex-direction:column;gap:8px;border:0;margin:0;padding:0;min-width:0}
.pv-radios--row{flex-direction:row;flex-wrap:wrap;gap:16px}
.pv-radio{display:inline-flex;align-items:center;gap:8px;background:none;border:0;padding:2px 0;font:inherit;
  font-size:var(--pv-t-sm);color:var(--pv-fg);cursor:pointer;text-align:left;border-radius:var(--pv-r-sm)}
.pv-radio__dot{width:16px;height:16px;flex:none;border-radius:50%;border:var(--pv-bw) solid var(--pv-bd);
  background:var(--pv-bg);display:inline-grid;place-content:center;transition:border-color .12s}
.pv-radio__dot::before{content:"";width:8px;height:8px;border-radius:50%;background:var(--pv-bg-inv);transform:scale(0);
  transition:transform .1s}
.pv-radio[aria-checked=true] .pv-radio__dot{border-color:var(--pv-bg-inv)}
.pv-radio[aria-checked=true] .pv-radio__dot::before{transform:scale(1)}
.pv-radio:disabled{color:var(--pv-fg-disabled);cursor:not-allowed}
.pv-slider{display:flex;align-items:center;gap:12px}
.pv-slider__input{flex:1;accent-color:var(--pv-bg-inv);height:20px;margin:0;cursor:pointer;min-width:0}
.pv-slider__value{min-width:3ch;text-align:right;font-variant-numeric:tabular-nums;color:var(--pv-fg2);
  font-size:var(--pv-t-sm)}
.pv-form{display:flex;flex-direction:column;gap:16px}
.pv-form__actions{display:flex;gap:8px;justify-content:flex-end}
.pv-form__summary{margin:0}
"""
