// A host page built the way browser-side MCP Apps hosts are (after the ext-apps example host): it connects to the
// MCP server from the browser over Streamable HTTP (official client), puts the View into a sandbox proxy on a second
// origin, and wires both with the official AppBridge. Tests drive it through window.realHost.
"use strict";

(() => {
  const { Client, StreamableHTTPClientTransport, AppBridge, PostMessageTransport } = globalThis.RealHost;
  const APPS = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };
  // what the ext-apps example host declares: no message, downloadFile or logging
  const BASIC_HOST = { openLinks: {}, serverTools: {}, serverResources: {}, updateModelContext: { text: {} } };
  const seen = { initialized: false, calls: [], sizes: [], links: [], messages: [], contexts: [], downloads: [],
                 logs: [], modes: [], errors: [] };

  async function connect(url) {
    const client = new Client({ name: "realhost", version: "1.0.0" }, { capabilities: { extensions: APPS } });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    return client;
  }

  function sandboxUrl(origin, csp, options) {
    const query = new URLSearchParams({ host: location.origin, csp: JSON.stringify(csp || {}) });
    query.set("wasm", options.wasm === false ? "0" : "1");
    query.set("workers", options.workers === false ? "0" : "1");
    return `${origin}/sandbox.html?${query}`;
  }

  // open(serverUrl, tool, args, {sandbox, wasm, workers, capabilities}): call the tool, show its View
  async function open(serverUrl, tool, args, options) {
    const client = await connect(serverUrl);
    const { tools } = await client.listTools();
    const uri = tools.find((entry) => entry.name === tool)?._meta?.ui?.resourceUri;
    if (!uri) throw new Error(`tool ${tool} has no View`);
    const resultPromise = client.callTool({ name: tool, arguments: args });
    const { contents } = await client.readResource({ uri });
    const html = contents[0].text;
    const csp = contents[0]._meta?.ui?.csp;

    const context = { theme: "light", platform: "web", locale: "en-US", timeZone: "UTC", displayMode: "inline",
                      availableDisplayModes: ["inline", "fullscreen"],
                      containerDimensions: { width: 760, maxHeight: 6000 } };
    const bridge = new AppBridge(client, { name: "realhost", version: "1.0.0" },
                                 options.capabilities || BASIC_HOST, { hostContext: context });
    const frame = document.createElement("iframe");
    frame.id = "view";
    frame.setAttribute("sandbox", "allow-scripts allow-same-origin allow-forms");
    frame.src = sandboxUrl(options.sandbox, csp, options);

    bridge.addEventListener("sandboxready", () => bridge.sendSandboxResourceReady({ html, csp }));
    bridge.addEventListener("initialized", async () => {
      seen.initialized = true;
      await bridge.sendToolInput({ arguments: args });
      await bridge.sendToolResult(await resultPromise);
    });
    bridge.addEventListener("sizechange", ({ width, height }) => {
      seen.sizes.push({ width, height });
      if (height !== undefined && context.displayMode === "inline") frame.style.height = `${height}px`;
      if (width !== undefined) frame.style.minWidth = `min(${width}px, 100%)`;
    });
    bridge.addEventListener("loggingmessage", (params) => seen.logs.push(params));
    bridge.onopenlink = async ({ url }) => { seen.links.push(url); return {}; };
    bridge.onmessage = async (params) => { seen.messages.push(params); return {}; };
    bridge.onupdatemodelcontext = async (params) => { seen.contexts.push(params); return {}; };
    bridge.ondownloadfile = async (params) => { seen.downloads.push(params); return {}; };
    bridge.onrequestdisplaymode = async ({ mode }) => {
      const next = context.availableDisplayModes.includes(mode) ? mode : context.displayMode;
      seen.modes.push(next);
      context.displayMode = next;
      frame.classList.toggle("fullscreen", next === "fullscreen");
      bridge.setHostContext({ ...context });
      return { mode: next };
    };

    document.body.append(frame);
    await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
    const forward = bridge.oncalltool; // set by connect(): tools/call goes to the server through the client
    bridge.oncalltool = (params, extra) => { seen.calls.push(params.name); return forward(params, extra); };
    window.bridge = bridge;
  }

  window.addEventListener("error", (event) => seen.errors.push(String(event.message)));
  window.addEventListener("unhandledrejection", (event) => seen.errors.push(String(event.reason)));
  window.realHost = { open, seen };
})();
