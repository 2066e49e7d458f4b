// pyview boot shim: starts Pyodide inside the View's iframe, runs the developer's Python, and never leaves the frame
// blank. The loading state is static HTML painted before any script runs; this file only replaces it (with the View,
// or with an error panel that says what happened and what the host must allow).
(() => {
  "use strict";
  const stamp = () => performance.timeOrigin + performance.now();
  const config = JSON.parse(document.getElementById("pyview-config").textContent);
  const marks = { boot: stamp() };
  let failed = false;
  // The shim's optional parts are read once, here, before any tool result's markup exists, and only as real globals
  // with the expected member: an element with that id or name is a window property too (named access).
  const optional = (name, member) => {
    const value = Object.prototype.hasOwnProperty.call(globalThis, name) ? globalThis[name] : undefined;
    return value && typeof (member ? value[member] : value) === "function" ? value : undefined;
  };
  const snapshotLoader = optional("pyviewSnapshot", "start");
  const serverRuntime = optional("pyviewServer", "start");
  const openaiAdapter = optional("pyviewOpenAI");
  const gunzipFallback = optional("pyviewGunzip");
  const partsFetcher = optional("pyviewParts"); // auto documents: their runtime parts (parts.js)

  // ---- The first result before Python: Pyodide's start (wasm compile, CPython's init) holds the frame's main thread
  // and the cores for seconds, and the handshake, the tool result and its paint each need that thread. So Pyodide
  // starts (pyviewBoot.marks.start) once the first tool result is painted, or 50 ms after the handshake answer
  // without one (a tool still running, a host that sends none), or 500 ms after the document was parsed without an
  // answer (at once without an early session). openGate is a Promise's resolve: calling it again does nothing.
  let openGate;
  const gate = new Promise((resolve) => (openGate = resolve));

  // ---- The early session: the shim does the ui/initialize handshake at once, so the host sees a live View seconds
  // before Python is up; Python's App adopts the result (pyviewHost.session()) instead of asking again.
  const EARLY_ID = "pyview-boot:initialize";
  let settleSession = null;
  const session = config.handshake ? new Promise((resolve) => { settleSession = resolve; }) : null;
  let answerEarlyHook = () => {};
  const answerEarly = (message) => {
    if (settleSession === null) return; // answered already: a repeated response is ignored
    answerEarlyHook();
    const handshake = config.handshake;
    if (message.result && message.result.protocolVersion === handshake.protocolVersion) {
      if (!openai) window.parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} }, "*");
      marks.handshake = stamp();
      // the host's look and the size of what is on screen at once, not once Python is up (host_frame.js)
      frame.applyContext(message.result.hostContext);
      frame.watch(toHost);
    } // else: Python's App reports the error or the version it cannot speak
    settleSession(JSON.stringify(message.error ? { error: message.error } : { result: message.result }));
    settleSession = null;
    setTimeout(openGate, 50);
  };

  // ---- The host message buffer: messages from the host wait here until Python (or the server client) subscribes ----
  const early = [];
  // View state on a re-mount (restore.js, in documents that run Python)
  const restore = optional("pyviewRestore", "take");
  const frame = globalThis.pyviewFrame; // host context and size reports until Python takes over (host_frame.js)
  let subscriber = null;
  let openai = null; // the window.openai adapter, when the MCP Apps bridge did not answer (openai.js)
  const deliver = (data, held) => {
    if (session && data && data.id === EARLY_ID && !("method" in data)) return answerEarly(data);
    let text;
    try {
      text = JSON.stringify(data);
    } catch {
      return; // not JSON-serialisable: cannot be a JSON-RPC message
    }
    if (restore && restore.take(data)) return;
    if (data && data.method === "ui/notifications/host-context-changed") frame.applyContext(data.params);
    if (data && data.method === "ui/notifications/tool-result") {
      if (!held && showServerTree(data)) return;
      // shown: Pyodide starts after the next frame (its rAF callback runs before that paint; a hidden frame renders
      // none, hence the bound); not shown: at once, Python renders it
      if (marks.result) requestAnimationFrame(() => setTimeout(openGate));
      setTimeout(openGate, marks.result ? 400 : 0);
    }
    if (subscriber && early.length === 0) subscriber(text);
    else early.push(text);
  };
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || openai) return; // only the host may talk to the View
    deliver(event.data);
  });
  const drain = () => {
    while (subscriber && early.length) subscriber(early.shift());
  };
  const toHost = (message) => (openai ? openai.post(message) : window.parent.postMessage(message, "*"));
  const logToHost = (params) => toHost({ jsonrpc: "2.0", method: "notifications/message", params });
  globalThis.pyviewHost = {
    post(text) {
      toHost(JSON.parse(text));
    },
    buffered() {
      return early.slice(); // what waits for the subscriber (Python preloads the tool data before its first render)
    },
    subscribe(fn) {
      subscriber = fn;
      queueMicrotask(drain); // not re-entrantly inside the caller
    },
    unsubscribe() {
      subscriber = null;
    },
    session() {
      return session || undefined; // a Promise of '{"result": ...}' or '{"error": ...}'; undefined (Python: None) without
    },
    prepend(texts) {
      early.unshift(...texts); // a hand-over: where the server runtime's session is, before what came since
    },
  };
  if (session) {
    window.parent.postMessage({ jsonrpc: "2.0", id: EARLY_ID, method: "ui/initialize", params: config.handshake }, "*");
    // No host: a document opened on its own (or in a frame nobody answers) says so instead of waiting forever.
    const noHost = setTimeout(() => {
      if (settleSession === null || failed) return;
      const note = document.createElement("p");
      note.id = "pyview-no-host";
      note.setAttribute("role", "status");
      note.textContent = window.parent === window
        ? "This is an MCP App View: open it from an MCP host (or run `pyview dev` on its server)."
        : "No MCP host answered this View's ui/initialize request yet.";
      document.body.prepend(note);
      answerEarlyHook = () => note.remove(); // a slow host answered after all
    }, 4000);
    answerEarlyHook = () => clearTimeout(noHost);
    // No MCP Apps bridge answered but the page has window.openai (ChatGPT's Apps SDK): talk to that instead.
    setTimeout(() => {
      // window.openai is the host's, so read when needed, but only as a real global (not an element named openai)
      const host = Object.prototype.hasOwnProperty.call(globalThis, "openai") ? globalThis.openai : null;
      if (settleSession === null || !host || typeof host !== "object" || host instanceof Node || !openaiAdapter) return;
      openai = openaiAdapter(host, deliver);
      marks.bridge = "openai";
      answerEarly({ jsonrpc: "2.0", id: EARLY_ID, result: openai.initializeResult(config.handshake) });
      openai.started();
    }, config.bridgeTimeoutMs ?? 1000);
  }

  // ---- Failure: a readable panel in the frame, and a log message to the host ----------------------------------
  const fail = (kind, title, detail, hint) => {
    if (failed) return;
    failed = true;
    marks.failed = stamp();
    const panel = document.createElement("section");
    panel.id = "pyview-error";
    panel.setAttribute("role", "alert");
    panel.dataset.kind = kind;
    const heading = document.createElement("h2");
    heading.textContent = title;
    panel.append(heading);
    if (hint) {
      const advice = document.createElement("p");
      advice.textContent = hint;
      panel.append(advice);
    }
    if (detail) {
      const pre = document.createElement("pre");
      pre.textContent = detail;
      panel.append(pre);
    }
    document.getElementById("pyview-boot")?.remove();
    document.body.prepend(panel);
    const log = { jsonrpc: "2.0", method: "notifications/message",
      params: { level: "error", logger: "pyview", data: { kind, title, detail: detail || "", hint: hint || "" } } };
    try {
      window.parent.postMessage(log, "*");
    } catch { /* a detached frame has no host to tell */ }
  };
  // The runtime cannot run here (CSP, files, timeout): the panel says why. An "auto" document never gets here: the
  // server runtime runs it from the start (switched), and Python only ever takes over from it.
  let switched = false;
  const giveUp = (kind, title, detail, hint) => {
    if (failed || switched) return;
    fail(kind, title, detail, hint);
  };
  const CSP_HINT = "This View runs Python compiled to WebAssembly. The host's Content-Security-Policy must allow " +
    "'wasm-unsafe-eval' in script-src for the View's frame.";
  const serverOnly = config.runtime.mode === "server";
  // auto: the server runtime runs the View from the first paint; Python comes in the background and takes over
  const auto = config.runtime.mode === "auto" && !!config.runtime.parts;
  const runtimeOrigin = config.runtime.mode === "url" ? new URL(config.runtime.url).origin : null;
  document.addEventListener("securitypolicyviolation", (event) => {
    if (event.blockedURI === "wasm-eval") {
      giveUp("csp", "WebAssembly is blocked by the host", `Blocked by the directive: ${event.violatedDirective}`, CSP_HINT);
    } else if (runtimeOrigin && event.blockedURI.startsWith(runtimeOrigin)) {
      giveUp("csp", "The host blocked the Python runtime's files",
        `Blocked: ${event.blockedURI}\nby the directive: ${event.violatedDirective}`,
        `The View loads Python from ${runtimeOrigin}. Its resource must declare that origin in _meta.ui.csp ` +
        "resourceDomains and connectDomains, and the host must apply them.");
    }
  });
  // A probe: compiling the smallest module fails under a CSP without 'wasm-unsafe-eval' on every engine. WebKit
  // fires no securitypolicyviolation for it, and Pyodide then never settles, so the probe is what tells.
  const EMPTY_WASM = Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0);
  const wasmAllowed = () => {
    try {
      new WebAssembly.Instance(new WebAssembly.Module(EMPTY_WASM));
      return true;
    } catch {
      return false;
    }
  };
  const timer = setTimeout(() => giveUp("timeout", "Python did not start in time",
    `The View was still starting after ${config.bootTimeoutMs / 1000} s (stage: ${stage}).`,
    "The frame may be too slow or out of memory, or a runtime file could not be loaded."), config.bootTimeoutMs);

  // ---- Engine fallbacks, by feature detection (never by engine name); pyviewBoot.fallbacks lists those used -----
  const fallbacks = [];
  const using = (name) => fallbacks.includes(name) || fallbacks.push(name);
  // pyview:python-only { (from here to the closing marker: not in runtime "server" documents, which load no Python)
  const gunzip = (bytes) => { // DecompressionStream: Chrome 80, Firefox 113, Safari 16.4; else gunzip.js
    if (typeof DecompressionStream === "function") {
      return new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    }
    using("gunzip");
    return gunzipFallback(bytes);
  };

  // ---- Inline runtime: the runtime's own URLs are answered from the document ----------------------------------
  const INLINE_BASE = "https://pyview.invalid/runtime/";
  const RUNTIME_BLOBS = ["pyodide.asm.wasm", "python_stdlib.zip"];
  // a memory snapshot (runtime/snapshot.js) when the build baked one, else a plain start
  const startPyodide = (options) => snapshotLoader
    ? snapshotLoader.start(loadPyodide, options, config, blobResponse)
    : loadPyodide(options);
  const partBytes = new Map(); // auto: the runtime parts fetched so far (stored bytes, checked), by name
  const blobResponse = (name) => {
    if (partBytes.has(name)) {
      const bytes = partBytes.get(name);
      const body = config.runtime.parts[name].encoding === "gzip" ? gunzip(bytes) : bytes;
      const type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
      return new Response(body, { headers: { "Content-Type": type } });
    }
    const node = document.getElementById(`pyview-blob:${name}`);
    if (!node) return new Response(null, { status: 404, statusText: `not in this document: ${name}` });
    const parts = globalThis.pyviewBlobNodes(node);
    const bytes = globalThis.pyviewBase85(parts.map((part) => part.textContent), Number(node.dataset.bytes));
    // every blob is read once: free the base85 text (with a snapshot, snapshot.js frees the runtime's once Python is
    // up: a failed restore starts again from them)
    if (!config.snapshot || !RUNTIME_BLOBS.includes(name)) parts.forEach((part) => part.remove());
    const type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    const body = node.dataset.encoding === "gzip" ? gunzip(bytes) : bytes;
    return new Response(body, { headers: { "Content-Type": type } });
  };
  const installFetchShim = () => {
    const realFetch = globalThis.fetch.bind(globalThis);
    globalThis.fetch = (input, init) => {
      const url = typeof input === "string" ? input : input instanceof Request ? input.url : String(input);
      if (url.startsWith(INLINE_BASE)) return Promise.resolve(blobResponse(url.slice(INLINE_BASE.length)));
      return realFetch(input, init);
    };
  };
  // pyview:python-only }

  // ---- Early input: what the user does to the pre-rendered View before Python is up is kept, then replayed once the
  // View is rendered and connected (pyviewBoot.live(), called by pyview's View). A kept event whose target no longer
  // looks the same (another tag or text) is dropped rather than sent to the wrong control.
  const rootNode = document.getElementById("pyview-root");
  const EARLY_TYPES = ["click", "input", "change"];
  const kept = [];
  const pathOf = (node) => {
    const path = [];
    for (; node && node !== rootNode; node = node.parentNode) {
      if (!node.parentNode) return null;
      path.unshift(Array.prototype.indexOf.call(node.parentNode.childNodes, node));
    }
    return node === rootNode ? path : null;
  };
  const looks = (node) => (node && node.nodeType === 1 ? `${node.localName}:${node.textContent.slice(0, 80)}` : "");
  /** @param {number[]} path indexes among each node's children other than comments (server_runtime.js's pathOf) */
  const nodeAt = (path) => {
    /** @type {any} */ let node = rootNode;
    for (const index of path) {
      node = node && Array.prototype.filter.call(node.childNodes, (child) => child.nodeType !== 8)[index];
    }
    return node;
  };
  const keep = (event) => {
    const path = pathOf(event.target);
    if (path === null) return;
    const { value, checked } = event.target;
    kept.push({ type: event.type, path, looks: looks(event.target), value, checked });
  };
  EARLY_TYPES.forEach((type) => rootNode.addEventListener(type, keep, true));
  const replay = () => {
    EARLY_TYPES.forEach((type) => rootNode.removeEventListener(type, keep, true));
    for (const event of kept.splice(0)) {
      /** @type {any} */ let node = rootNode; // an element or a text node, found by its path
      for (const index of event.path) node = node && node.childNodes[index];
      if (!node || looks(node) !== event.looks) continue;
      if (event.type === "click") {
        node.click();
      } else {
        if (event.value !== undefined) node.value = event.value;
        if (event.checked !== undefined) node.checked = event.checked;
        node.dispatchEvent(new Event(event.type, { bubbles: true }));
      }
    }
  };

  // ---- Server-rendered results: a tool result whose _meta carries the View rendered on the server is shown at once,
  // through dom.js's builder (never innerHTML), while Python starts; Python then adopts those nodes (HYDRATE).
  // A result of a View with View state waits for the stored values (restore.js): it is painted with them, and then
  // given to Python, which shows them from its first render on too (true: the message is held until then).
  const showServerTree = (data) => {
    const meta = data.params && data.params._meta && data.params._meta.pyview;
    if (!meta) return;
    if (meta.stateful && restore && !switched) {
      restore.ask(data.params, (tree) => {
        const shown = tree && paint(tree);
        deliver(data, 1);
        return shown;
      }, toHost);
      return true;
    }
    if (Array.isArray(meta.tree)) paint(meta.tree);
  };
  const paint = (tree) => {
    if (marks.render || switched || serverOnly) return; // the View renders itself
    try {
      globalThis.pyviewDom.apply(JSON.stringify([[6, 0, 1, tree]]));
    } catch (error) {
      const log = { level: "warning", logger: "pyview", data: { kind: "server-tree", detail: `${error}` } };
      logToHost(log);
      return;
    }
    marks.result = marks.result || stamp();
    // the result is on screen; Python's start-up goes on unseen
    document.getElementById("pyview-boot")?.remove();
    // now, with the loading state gone and before Pyodide's start holds the thread: the host sizes the frame to
    // exactly this paint (a resize observer's next frame may come only once Python is up)
    frame.report();
    return true;
  };
  // reason: why the server runtime runs the View; python: a function that says why Python cannot run in this frame,
  // if it cannot (the panel names both when the server runtime cannot start either), asked only then
  const startServer = (reason, python) => {
    marks.runtime = "server";
    finish();
    const note = { level: "info", logger: "pyview", data: { runtime: "server", reason } };
    logToHost(note);
    try {
      serverRuntime.start({ config, marks, reason, python, fail });
    } catch (error) {
      switched = false;
      fail("error", "The View could not start", `${error?.stack || error}`, "The server runtime failed to start.");
    }
  };

  // ---- Boot -----------------------------------------------------------------------------------------------------
  let stage = "loading the runtime";
  const waiting = {}; // mark name -> resolves waiting for it (pyviewBoot.mark)
  const marked = (name) => new Promise((resolve) => (name in marks ? resolve() : (waiting[name] ||= []).push(resolve)));
  const finish = () => {
    clearTimeout(timer);
    document.getElementById("pyview-boot")?.remove();
  };
  globalThis.pyviewBoot = {
    marks,
    config,
    fallbacks,
    mark(name) {
      if (!(name in marks)) marks[name] = stamp();
      if (name === "render") finish();
      (waiting[name] || []).splice(0).forEach((resolve) => resolve());
    },
    live() {
      marks.live = stamp();
      installPython(); // Python's dispatcher, held back until the View is connected: then the kept events, once
      replay();
      replayHeld();
    },
    fail,
  };

  // ---- auto: Python fetched in the background and handed the View (docs/ARCHITECTURE.md, "The hand-over") --------
  let held = []; // DOM events made during the hand-over, with their nodes: replayed to Python once it is live
  // {install, fn}: Python's own dispatcher, installed only once the View is live. Until then what the user does is
  // kept (or held, in a hand-over) and replayed: an event Python also got at once would be handled twice, and before
  // the App is connected.
  let pythonDispatcher = null;
  const holdPythonDispatcher = () => {
    const dom = globalThis.pyviewDom;
    if (!dom || pythonDispatcher !== null) return;
    pythonDispatcher = { install: dom.setDispatcher, fn: null };
    dom.setDispatcher = (fn) => { pythonDispatcher.fn = fn; };
  };
  const installPython = () => {
    if (pythonDispatcher === null) return;
    const { install, fn } = pythonDispatcher;
    pythonDispatcher = null;
    globalThis.pyviewDom.setDispatcher = install;
    if (fn !== null) install(fn);
  };
  const replayHeld = () => {
    for (const event of held.splice(0)) {
      let handler = event.handler;
      if (handler && !rootNode.contains(handler) && event.path) {
        // Python's first render differed from the painted View in its shape and replaced it: the element now at the
        // same place, if it still looks the same, is the one the user meant
        const now = nodeAt(event.path);
        handler = now && looks(now) === looks(handler) ? now : null;
      }
      const spec = handler && handler.__pvH && handler.__pvH[event.type];
      if (spec === undefined || !rootNode.contains(handler)) continue; // that element no longer listens
      const data = { ...event.data };
      const target = event.target === event.handler ? handler : event.target;
      if (target && rootNode.contains(target)) data.target = target.__pvId;
      else delete data.target;
      globalThis.pyviewDom.dispatch(typeof spec === "number" ? spec : spec[0], JSON.stringify(data));
    }
  };
  // pyview:python-only {
  // An idle period is waited for only briefly: Chromium sometimes grants a quiet frame none before the callback's
  // bound, and the hand-over then waited out the whole bound.
  const idle = () => new Promise((resolve) => (typeof requestIdleCallback === "function"
    ? requestIdleCallback(resolve, { timeout: 200 }) : setTimeout(resolve, 50)));
  // Pyodide's start holds the frame's thread for a while: it waits until the user has not touched the View for a
  // moment and no event is on its way to the server, so it never comes between a click and its answer.
  let touched = 0;
  ["pointerdown", "keydown", "input"].forEach((type) => rootNode.addEventListener(type, () => {
    touched = performance.now();
  }, true));
  const quiet = async () => {
    for (;;) {
      await idle();
      const state = serverRuntime.state();
      if (!state.inFlight && performance.now() - touched > 400) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const stayOnServer = (why) => {
    marks.stayed = stamp();
    logToHost({ level: "info", logger: "pyview", data: { runtime: "server", python: why } });
  };
  const WASM_BLOCKED = "WebAssembly is blocked here: the frame's Content-Security-Policy has no 'wasm-unsafe-eval'";
  // An auto document asks after its first paint, and without holding the thread: WebKit can keep even the smallest
  // compile waiting until the collector has freed the WebAssembly memory of a View closed just before. (The server
  // runtime's failure panel asks synchronously, if it comes to that.)
  const pythonBlockedLater = async () => {
    try {
      await WebAssembly.instantiate(EMPTY_WASM);
    } catch {
      return WASM_BLOCKED;
    }
  };
  const takeOver = async () => {
    // after the first paint of a result (or a while without one: a tool still running), when the frame is idle
    await Promise.race([marked("result"), new Promise((resolve) => setTimeout(resolve, 1500))]);
    await idle();
    if (failed) return;
    const blocked = await pythonBlockedLater();
    if (failed) return;
    if (blocked) return stayOnServer(blocked);
    marks.fetch = stamp();
    let parts;
    try {
      parts = partsFetcher(config.runtime, serverRuntime.request);
      const names = Object.keys(config.runtime.parts);
      const all = await Promise.all(names.map((name) => parts.get(name)));
      names.forEach((name, index) => partBytes.set(name, all[index]));
    } catch (error) {
      return stayOnServer(`the Python runtime could not be fetched: ${error && error.message || error}`);
    }
    marks.fetched = stamp();
    await quiet();
    if (failed) return;
    marks.start = stamp();
    let pyodide;
    try {
      const loader = document.createElement("script"); // Pyodide's classic-script loader: loadPyodide
      loader.textContent = await blobResponse("pyodide.js").text();
      document.head.append(loader);
      installFetchShim();
      pyodide = await startPyodide({
        indexURL: INLINE_BASE,
        lockFileContents: config.runtime.lock,
        createPyodideModule: await pyviewRunModule(await blobResponse("pyodide.asm.mjs").text()),
        stdLibURL: INLINE_BASE + "python_stdlib.zip",
        packageBaseUrl: INLINE_BASE,
      });
    } catch (error) {
      return stayOnServer(`Python could not start here: ${error && error.message || error}`);
    }
    try {
      await runPython(pyodide, async () => {
        partBytes.clear(); // Pyodide's file system holds what it needs now
        stage = "importing the View";
        try {
          pyodide.pyimport(config.entry); // imported before the hand-over, so the View is without events briefly
        } catch (error) {
          stayOnServer(`the View could not be imported in this frame: ${error && error.message || error}`);
          return null;
        }
        let given;
        try {
          given = await serverRuntime.handover();
        } catch (error) {
          stayOnServer(`the server kept the View: ${error && error.message || error}`);
          return null;
        }
        held = given.held;
        // Until Python is live (mounted and connected) what the user does joins the held events, and Python gets
        // them all in the order they were made: an input's newer value must not be overwritten by an older one.
        holdPythonDispatcher();
        globalThis.pyviewHost.prepend(given.messages.map((message) => JSON.stringify(message)));
        globalThis.pyviewHandover = JSON.stringify(given.handover);
        marks.handover = stamp();
        return { via: parts.via(), hostBytes: parts.read() };
      });
    } catch (error) {
      fail("error", "The View could not start", `${error?.stack || error}`,
        "This is a problem in pyview's start-up rather than in the View's Python code.");
    }
  };
  // pyview:python-only }

  const start = async () => {
    // This script runs while the document is still parsing (so the session opens at once); the runtime's scripts
    // and blobs come later in the document: all of them are in when DOMContentLoaded fires.
    if (document.readyState === "loading") {
      await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
    }
    marks.parsed = stamp(); // the document is parsed: on WebKit the host's messages wait for this (one main thread)
    const runtime = config.runtime;
    if (serverOnly) return startServer("the document has no Python runtime");
    // pyview:python-only {
    if (auto) {
      switched = true; // the server runtime shows and runs the View; what is below only prepares Python
      startServer("interactive from the first paint", () => (wasmAllowed() ? undefined : WASM_BLOCKED));
      return takeOver();
    }
    if (!wasmAllowed()) {
      giveUp("csp", "WebAssembly is blocked by the host", "The host's Content-Security-Policy refused to compile " +
        "WebAssembly (script-src has no 'wasm-unsafe-eval').", CSP_HINT);
      return;
    }
    setTimeout(openGate, session ? 500 : 0);
    await gate;
    if (failed || switched) return;
    marks.start = stamp();
    let pyodide;
    if (runtime.mode === "inline") {
      installFetchShim();
      pyodide = await startPyodide({
        indexURL: INLINE_BASE,
        lockFileContents: runtime.lock,
        createPyodideModule: await pyviewRunModule(await blobResponse("pyodide.asm.mjs").text()),
        stdLibURL: INLINE_BASE + "python_stdlib.zip",
        packageBaseUrl: INLINE_BASE,
      });
    } else {
      // its <script src> was blocked or failed before this ran
      if (typeof loadPyodide !== "function") {
        giveUp("runtime", "The Python runtime could not be loaded", `Not loaded: ${runtime.url}pyodide.js`,
          `The View loads Python from ${runtimeOrigin}. Its resource must declare that origin in _meta.ui.csp ` +
          "resourceDomains and connectDomains, the host must apply them, and the server must be reachable.");
        return;
      }
      installFetchShim(); // wheels embedded with --package are still served from the document
      pyodide = await startPyodide({ indexURL: runtime.url });
    }
    if (failed || switched) return; // the server runtime took over while Pyodide loaded: leave it be
    await runPython(pyodide);
  };
  // The sources and data files into Pyodide's file system, then the View (after a hand-over, in auto documents)
  const runPython = async (pyodide, handOver) => {
    marks.python = stamp();
    if (config.wheels.length) {
      stage = "installing packages";
      await pyodide.loadPackage(config.wheels.map((name) => INLINE_BASE + name), { messageCallback: () => {} });
    }
    stage = "importing the View";
    const sources = await blobResponse("pyview-sources.json").json();
    for (const [path, text] of Object.entries(sources)) {
      const full = `${config.mountRoot}/${path}`;
      pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
      pyodide.FS.writeFile(full, text);
    }
    if (config.data && config.data.length) { // a package's data files: their bytes back to back, [path, size] each
      const bytes = new Uint8Array(await blobResponse("pyview-data.bin").arrayBuffer());
      let at = 0;
      for (const [path, size] of config.data) {
        const full = `${config.mountRoot}/${path}`;
        pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
        pyodide.FS.writeFile(full, bytes.subarray(at, at + size));
        at += size;
      }
    }
    if (switched && !handOver) return;
    pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(config.mountRoot)})`);
    const detail = handOver ? await handOver(pyodide) : {};
    if (detail === null) return; // the View stays on the server runtime
    marks.runtime = "python";
    const note = { level: "info", logger: "pyview", data: { runtime: "python", ...detail } };
    logToHost(note);
    globalThis.pyviewPyodide = pyodide;
    holdPythonDispatcher(); // (a hand-over holds it already)
    const dom = globalThis.pyviewDom;
    if (dom) { // a component View never returns from start(): its first patch is its first render
      const apply = dom.apply;
      dom.apply = (json) => {
        const result = apply(json);
        dom.apply = apply;
        globalThis.pyviewBoot.mark("render");
        return result;
      };
    }
    const boot = pyodide.pyimport("pyview._boot");
    await boot.run(JSON.stringify(config));
    boot.destroy();
    if (!failed) { // a program without a View object is live once it has run
      globalThis.pyviewBoot.mark("render");
      globalThis.pyviewBoot.live();
    }
    // pyview:python-only }
  };
  start().catch((error) => {
    if (switched) return;
    if (!marks.python) { // the runtime itself failed to load
      giveUp("runtime", "The Python runtime could not be loaded", `${error?.stack || error}`,
        "A runtime file could not be loaded or compiled in this frame.");
      return;
    }
    fail("error", "The View could not start", `${error?.stack || error}`,
      "This is a problem in pyview's start-up rather than in the View's Python code.");
  });
})();
