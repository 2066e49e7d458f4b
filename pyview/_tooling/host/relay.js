// pyview relay: mounts a View's sandboxed frame and carries its postMessage traffic to the Python host.
// Host -> page: Server-Sent Events from BASE/events ({type: "mount" | "rpc" | "layout" | ...}).
// Page -> host: POST BASE/in with a JSON array of messages, each as JSON text (so the host can drop one it
// cannot decode and keep the others), one request at a time so the order is kept.
// Every request carries the server's per-run token (X-Pyview-Token; EventSource: ?token=), which the server
// embeds in the page as <meta name="pyview-token">.
"use strict";

function pyviewPageToken() {
  return document.querySelector('meta[name="pyview-token"]')?.getAttribute("content") || "";
}

class PyviewRelay {
  // options.layout(frame, {context, size}): lays the frame out instead of the built-in layout (the dev page)
  /** @param {(event: object) => void} [onEvent] */
  constructor(base, stage, onEvent = () => {}, token = pyviewPageToken(), options = {}) {
    this.base = base;
    this.customLayout = options.layout || null;
    this.token = token;
    this.stage = stage;
    this.onEvent = onEvent; // events the relay does not handle itself (the dev page's log, status...)
    this.frame = null;
    this.frameUrl = null; // the blob: URL of the frame's document
    this.frameNo = 0;
    this.layoutState = { context: {}, size: {} };
    this.outbox = [];
    this.sending = false;
    this.mounting = Promise.resolve();
    this.wanted = 0; // the newest frame the host mounted
    window.addEventListener("message", (event) => {
      if (this.frame && event.source === this.frame.contentWindow) {
        this.post({ type: "rpc", frame: this.frameNo, message: event.data });
      }
    });
  }

  start(from = 0) {
    // from: the first event to receive (a reloaded dev page skips the frames of its previous life)
    const query = "?token=" + encodeURIComponent(this.token) + (from ? "&from=" + from : "");
    this.source = new EventSource(this.base + "/events" + query);
    this.source.onmessage = (event) => this.handle(JSON.parse(event.data));
  }

  handle(event) {
    if (event.type === "mount") {
      // One mount at a time, in order: a slow document must not land over a newer frame. A mount that a newer
      // one overtook is skipped (the server no longer serves its document).
      this.wanted = event.frame;
      this.mounting = this.mounting.then(() => this.mount(event)).catch((error) => {
        console.error(`pyview relay: could not mount frame ${event.frame}: ${error}`);
      });
    } else if (event.type === "rpc") {
      // the host never speaks first, so the frame exists; wait for a pending mount anyway
      this.mounting.then(() => {
        if (this.frame && event.frame === this.frameNo) this.frame.contentWindow.postMessage(event.message, "*");
      });
    } else if (event.type === "layout") {
      Object.assign(this.layoutState, event.context ? { context: event.context } : { size: event.size });
      this.layout();
    } else if (event.type === "unmount") {
      this.mounting.then(() => {
        this.removeFrame();
        this.onEvent(event);
      });
    } else {
      this.onEvent(event);
    }
  }

  async mount(event) {
    if (event.frame !== this.wanted) return;
    const response = await fetch(event.url, { cache: "no-store", headers: { "X-Pyview-Token": this.token } });
    if (response.status === 204 || event.frame !== this.wanted) return; // overtaken while it loaded
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    const html = await response.text();
    if (event.frame !== this.wanted) return;
    this.removeFrame();
    const frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-scripts"); // opaque origin, as real hosts do
    frame.title = "MCP App View";
    frame.dataset.frame = String(event.frame);
    frame.style.border = event.border ? "1px solid #8884" : "0";
    frame.dataset.border = event.border ? "1" : "0";
    // A blob: URL rather than srcdoc: the View's document, origin (opaque) and CSP are the same, but the iframe
    // element stays small. A browser's devtools and Playwright read every attribute of it: with a multi-MB srcdoc,
    // every click in an inline View was slow to drive.
    this.frameUrl = URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" }));
    frame.src = this.frameUrl;
    this.frame = frame;
    this.frameNo = event.frame;
    this.layoutState.size = {};
    this.layout();
    window.pyviewInserted = performance.timeOrigin + performance.now();
    this.stage.append(frame);
    this.onEvent({ type: "mounted", frame: event.frame });
  }

  removeFrame() {
    this.frame?.remove();
    this.frame = null;
    if (this.frameUrl) URL.revokeObjectURL(this.frameUrl);
    this.frameUrl = null;
  }

  layout() {
    const frame = this.frame;
    if (!frame) return;
    if (this.customLayout) return this.customLayout(frame, this.layoutState);
    const { context, size } = this.layoutState;
    const mode = context.displayMode || "inline";
    const box = context.containerDimensions || {};
    const style = frame.style;
    style.position = mode === "inline" ? "static" : "fixed";
    if (mode === "fullscreen") {
      Object.assign(style, { inset: "0", width: "100vw", height: "100vh", zIndex: "10" });
    } else if (mode === "pip") {
      Object.assign(style, { inset: "auto 16px 16px auto", width: "320px", height: "240px", zIndex: "10" });
    } else {
      const width = box.width ?? box.maxWidth;
      let height = size.height ?? box.height ?? 300;
      if (box.maxHeight !== undefined) height = Math.min(height, box.maxHeight);
      Object.assign(style, { inset: "auto", width: width ? width + "px" : "100%", height: height + "px", zIndex: "" });
    }
    frame.dataset.mode = mode;
  }

  post(item) {
    this.outbox.push(item);
    if (!this.sending) this.flush();
  }

  async flush() {
    this.sending = true;
    while (this.outbox.length) {
      const batch = [];
      for (const item of this.outbox.splice(0)) {
        try {
          batch.push(JSON.stringify(item));
        } catch (error) {
          console.warn("pyview relay: dropped a message the View sent that is not JSON", error);
        }
      }
      try {
        const response = await fetch(this.base + "/in", { method: "POST", body: JSON.stringify(batch),
          headers: { "Content-Type": "application/json", "X-Pyview-Token": this.token } });
        if (!response.ok) console.warn("pyview relay: the host refused a message:", await response.text());
      } catch (error) {
        console.warn("pyview relay: the host is unreachable", error);
      }
    }
    this.sending = false;
  }
}
window.PyviewRelay = PyviewRelay;
