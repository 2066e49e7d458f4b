/* pyview host frame: what the View's document does for the host before Python (or for the server runtime client):
 * applies the host context (theme, CSS variables, fonts, display mode) and reports the size the document needs.
 * boot.js and server_runtime.js both use it; Python's App does the same in pyview/_core/app/_dom.py and takes over
 * once it is connected (handOver), so one reporter at a time talks to the host.
 *
 *   pyviewFrame.measure()          {width, height}: the viewport's width and the document element's own height
 *   pyviewFrame.watch(post)        report now and on every change (post(message) sends to the host)
 *   pyviewFrame.report()           measure now (after a paint) and send the size if it changed
 *   pyviewFrame.applyContext(ctx)  apply a host context or a host-context-changed delta (while the shim owns it)
 *   pyviewFrame.handOver()         stop both; the last size sent as "[w,h]" (or null), so it is not sent again
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

  // The document element measured at its content's height: margins of a first or last child that collapse through
  // <body> are inside it, and the frame's own height is not (so the host sizing the frame does not feed back).
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
  const watch = (send) => {
    if (!owned || post) return;
    post = send;
    report();
    observer = new ResizeObserver(() => {
      if (!scheduled) { scheduled = true; requestAnimationFrame(report); }
    });
    observer.observe(document.documentElement);
    observer.observe(document.body);
  };

  // The same rules as Python's StyleApplier: only "light"/"dark" themes, only "--" variables, "" fonts removes them.
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
  return { measure, watch, report: () => owned && post && report(), applyContext, handOver };
})();
