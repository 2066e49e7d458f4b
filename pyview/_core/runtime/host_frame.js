/* pyview host frame (boot.js, server_runtime.js): the host context applied and the size reported before Python;
 * Python's App (_core/app/_dom.py) does the same and takes over with handOver() (docs/ARCHITECTURE.md).
 *   measure() {width, height} | watch(post) | report() | applyContext(delta) | handOver() -> "[w,h]" or null
 */
globalThis.pyviewFrame = (() => {
  "use strict";
  const THEMES = ["light", "dark"];
  let post = null;
  let owned = true; // false once Python's App took over
  let last = null; // [width, height] last sent
  let scheduled = false;
  let observer = null;
  let variables = []; // the CSS variables the shim set, so a later "styles" drops the ones it no longer has

  // at max-content: a first/last child's collapsed margins count, the frame's own height does not
  const measure = () => {
    const html = document.documentElement;
    const saved = html.style.height;
    html.style.height = "max-content";
    const height = html.getBoundingClientRect().height;
    html.style.height = saved;
    return { width: Math.ceil(window.innerWidth), height: Math.ceil(height) };
  };
  const report = () => {
    scheduled = false;
    if (!owned || !post) return;
    const { width, height } = measure();
    if (last && last[0] === width && last[1] === height) return;
    last = [width, height];
    post({ jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { width, height } });
  };
  const later = () => {
    if (!scheduled) { scheduled = true; requestAnimationFrame(report); }
  };
  // Now, and once more at the next frame: a tree replaced and then patched within one task can measure smaller in
  // between and be back at its old size by the next frame, which a resize observer never reports (no change).
  const reportNow = () => {
    if (!owned || !post) return;
    report();
    later();
  };
  const watch = (send) => {
    if (!owned || post) return;
    post = send;
    report();
    observer = new ResizeObserver(later);
    observer.observe(document.documentElement);
    observer.observe(document.body);
  };

  // Python's StyleApplier's rules: "light"/"dark" only, "--" variables only, no fonts removes them
  const applyContext = (delta) => {
    if (!owned || !delta || typeof delta !== "object") return;
    const html = document.documentElement;
    if ("theme" in delta) {
      const theme = THEMES.includes(delta.theme) ? delta.theme : null;
      if (theme) { html.setAttribute("data-theme", theme); html.style.setProperty("color-scheme", theme); }
      else { html.removeAttribute("data-theme"); html.style.removeProperty("color-scheme"); }
    }
    if ("displayMode" in delta) {
      if (delta.displayMode) html.setAttribute("data-display-mode", delta.displayMode);
      else html.removeAttribute("data-display-mode");
    }
    if (!("styles" in delta)) return;
    const styles = delta.styles || {};
    const given = styles.variables || {};
    const names = Object.keys(given).filter((name) => name.startsWith("--") && typeof given[name] === "string");
    variables.filter((name) => !names.includes(name)).forEach((name) => html.style.removeProperty(name));
    names.forEach((name) => html.style.setProperty(name, given[name]));
    variables = names;
    const fonts = styles.css && typeof styles.css.fonts === "string" ? styles.css.fonts : "";
    let style = document.getElementById("pyview-host-fonts");
    if (!fonts) return style?.remove();
    if (!style) {
      style = document.createElement("style");
      style.id = "pyview-host-fonts";
      document.head.append(style);
    }
    style.textContent = fonts;
  };

  const handOver = () => {
    owned = false;
    observer?.disconnect();
    return last ? JSON.stringify(last) : null;
  };
  return { measure, watch, report: reportNow, applyContext, handOver };
})();
