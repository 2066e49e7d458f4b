// The sandbox proxy (second origin): an inner frame the host fills with the View's HTML by document.write, and a
// relay of JSON-RPC messages between the host page and the View. Its CSP arrives as an HTTP header.
"use strict";

(() => {
  const hostOrigin = new URLSearchParams(location.search).get("host");
  const inner = document.createElement("iframe");
  inner.setAttribute("sandbox", "allow-scripts allow-same-origin allow-forms");
  document.body.append(inner);

  window.addEventListener("message", (event) => {
    if (event.source === window.parent && event.origin === hostOrigin) {
      const message = event.data;
      if (message && message.method === "ui/notifications/sandbox-resource-ready") {
        const { html, sandbox } = message.params;
        if (typeof sandbox === "string") inner.setAttribute("sandbox", sandbox);
        const doc = inner.contentDocument;
        doc.open();
        doc.write(html);
        doc.close();
      } else {
        inner.contentWindow.postMessage(message, "*");
      }
    } else if (event.source === inner.contentWindow) {
      window.parent.postMessage(event.data, hostOrigin);
    }
  });
  window.parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} }, hostOrigin);
})();
