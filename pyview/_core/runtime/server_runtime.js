/* pyview server runtime client: the View's components run in the MCP server; this frame shows their tree and sends
 * DOM events back through the host's tools/call (the app-only tool "pyview_event"). No WebAssembly, no eval: it runs
 * under the MCP Apps default CSP. Wire contract: docs/ARCHITECTURE.md, "The server runtime".
 *
 *   pyviewServer.start({config, marks, reason, python, fail})   called by boot.js (runtime "server" or "auto";
 *       python: a function that says why Python cannot run in the frame, if it cannot)
 *   pyviewServer.state()                                 {session, sent, inFlight} for tests and the dev host
 *   pyviewServer.request(method, params)                 a JSON-RPC request to the host (runtime parts)
 *   pyviewServer.handover()                              auto: the frame's Python takes the View over (below)
 */
(function () {
  "use strict";
  var TOOL = "pyview_event";
  var root = document.getElementById("pyview-root");
  var boot = null; // {config, marks, reason, fail}
  var token = null; // the signed session token of this View instance
  var dataToken = null; // its tool data, signed: sent with a result's first call, else only when asked (need: "data")
  var shown = false; // a server tree (with ids) is on screen
  var toolInput = null;
  var startWith = null; // {input, result}: the host dropped _meta, the server mounts a new session
  var queue = [];
  var notes = []; // host notifications about the tool call (a cancellation, an input before any result) to pass on
  var cancelled = null; // the tool-cancelled params, for Python's App at a hand-over
  var answers = [];
  var contextDelta = null;
  var capabilities = {}; // the host's, from ui/initialize, so server-side app.supports() knows them
  var fresh = false; // a new session: send it the whole host context and the capabilities (and get what it queued)
  var inFlight = false;
  var generation = 0; // bumped by every tool result: answers about an older session are dropped
  var sent = 0;
  var nextId = 1;
  var pending = new Map();
  var hostContext = {};
  var held = 0;
  var lastResult = null; // the current session's tool result (params), for Python's App at a hand-over
  var handing = null; // {resolve, reject, held} while the frame's Python takes the View over
  var stopped = false; // handed over: this client sends nothing more
  var performing = 0; // View requests of server-side components still waiting for the host's answer
  var wakeTimer = 0; // the server's next timer (an answer's `wake`): then a call with no events, a tick
  var ticking = false; // that timer came: the next call goes even with nothing else to send

  function same(a, b) { // JSON values: deep equality
    if (a === b) return true;
    if (!a || !b || typeof a !== "object" || typeof b !== "object") return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    var keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (var i = 0; i < keys.length; i++) if (!Object.hasOwn(b, keys[i]) || !same(a[keys[i]], b[keys[i]])) return false;
    return true;
  }
  function stamp() { return performance.timeOrigin + performance.now(); }
  function post(message) { globalThis.pyviewHost.post(JSON.stringify(message)); }

  function request(method, params) {
    var id = "pyview-server:" + nextId++;
    return new Promise(function (resolve, reject) {
      pending.set(id, { resolve: resolve, reject: reject });
      post({ jsonrpc: "2.0", id: id, method: method, params: params });
    });
  }

  function log(level, data) {
    post({ jsonrpc: "2.0", method: "notifications/message", params: { level: level, logger: "pyview", data: data } });
  }

  // -- errors: shown above the View (which stays usable) and sent to the host's log ---------------------------------
  function showError(message) {
    var box = document.getElementById("pyview-server-error");
    if (!box) {
      box = document.createElement("div");
      box.id = "pyview-server-error";
      box.setAttribute("role", "alert");
      var text = document.createElement("span");
      var close = document.createElement("button");
      close.type = "button";
      close.textContent = "Dismiss";
      close.addEventListener("click", function () { box.remove(); });
      box.append(text, close);
      document.body.prepend(box);
    }
    box.firstChild.textContent = message;
    log("error", { kind: "server", message: message });
  }

  // -- the tree and its patches ---------------------------------------------------------------------------------------
  function showTree(tree) {
    // The first tree adopts what is on screen (the same nodes when boot.js showed it); later ones replace it.
    var ops = shown ? [[5, 0], [0, 0, null, 1, tree]] : [[6, 0, 1, tree]];
    globalThis.pyviewDom.apply(JSON.stringify(ops));
    shown = true;
    globalThis.pyviewFrame.report();
    globalThis.pyviewBoot.mark("result"); // (once) auto documents start fetching Python after this paint
  }

  function applyPatch(patch) {
    var active = document.activeElement;
    if (queue.length && active && active.__pvId !== undefined) {
      // Typing goes on while this answer travelled: a value from the server must not overwrite newer keystrokes.
      var ops = JSON.parse(patch).filter(function (op) {
        return !(op[0] === 3 && op[1] === active.__pvId && op[2] === ".value");
      });
      patch = JSON.stringify(ops);
    }
    globalThis.pyviewDom.apply(patch);
  }

  // -- events ---------------------------------------------------------------------------------------------------------
  function pathOf(node) {
    var path = [];
    for (; node && node !== root; node = node.parentNode) {
      var parent = node.parentNode;
      if (!parent) return null;
      var index = 0;
      for (var sib = parent.firstChild; sib !== node; sib = sib.nextSibling) if (sib.nodeType !== 8) index++;
      path.unshift(index);
    }
    return node === root ? path : null;
  }

  function handlerNode(hid, type, target) {
    for (var node = target; node; node = node.parentNode) {
      var spec = node.__pvH && node.__pvH[type];
      if (spec !== undefined && (typeof spec === "number" ? spec : spec[0]) === hid) return node;
      if (node === root) break;
    }
    return target;
  }

  function onDomEvent(hid, payload) {
    var data = JSON.parse(payload);
    var target = data.target === undefined ? null : globalThis.pyviewDom.node(data.target);
    var path = pathOf(handlerNode(hid, data.type, target));
    queue.push({ hid: hid, path: path || [], type: data.type, data: data });
    flush();
  }

  // -- the pyview_event round trip ------------------------------------------------------------------------------------
  function flush() {
    if (stopped || inFlight || (token === null && startWith === null)) return;
    var idle = !queue.length && !answers.length && !notes.length && contextDelta === null && startWith === null &&
      !fresh;
    var nothing = idle && !ticking, tickOnly = idle && ticking;
    if (nothing && (handing === null || performing > 0)) return;
    var args = { events: queue.splice(0), answers: answers.splice(0) };
    if (notes.length) args.notifications = notes.splice(0);
    if (nothing) args.handover = true; // all sent and answered: the session goes to the frame's Python
    ticking = false; // any call brings what the server's timers changed so far
    if (token !== null) args.session = token;
    // A result's session is live on no server yet (a result only renders it): its first call restores it, so the
    // data token goes with it at once instead of after a need: "data" round trip.
    if (fresh && token !== null && dataToken !== null) args.data = dataToken;
    if (fresh) {
      args.context = hostContext;
      args.capabilities = capabilities;
      contextDelta = null;
      fresh = false;
    } else if (contextDelta !== null) {
      args.context = contextDelta;
      contextDelta = null;
    }
    if (startWith !== null) { args.start = startWith; startWith = null; }
    inFlight = true;
    sent++;
    var gen = generation;
    request("tools/call", { name: TOOL, arguments: args }).then(function (result) {
      var meta = result && result._meta && result._meta.pyview;
      if (!meta || meta.need !== "data" || args.data || dataToken === null || gen !== generation) return result;
      args.data = dataToken; // this worker does not hold the session: the same call again, with what restores it
      sent++;
      return request("tools/call", { name: TOOL, arguments: args });
    }).then(function (result) {
      if (gen === generation) onAnswer(result, tickOnly);
      if (args.handover) handedOver(gen === generation ? result : null);
    }, function (error) {
      var message = error && error.message ? error.message : error;
      if (gen === generation && !args.handover) showError("The server did not handle the event: " + message);
      if (args.handover) refuse("the server did not answer: " + message);
    }).then(function () {
      inFlight = false;
      flush();
    });
  }

  function onAnswer(result, tickOnly) {
    var meta = result && result._meta && result._meta.pyview;
    if (!meta) {
      var text = result && result.content && result.content[0] && result.content[0].text;
      showError(result && result.isError ? "The server refused the event: " + (text || "error")
        : "The server's answer carries no pyview data (is pyview_event a pyview server's tool?)");
      return;
    }
    if (typeof meta.session === "string") token = meta.session;
    if (typeof meta.data === "string") dataToken = meta.data;
    // A task on the server waits on a timer (a toast's): the answer came without waiting for it, so call again when
    // it is due, with no events, and apply what it changed. Each answer says when the next one is due.
    clearTimeout(wakeTimer);
    if (typeof meta.wake === "number" && meta.wake >= 0) {
      wakeTimer = setTimeout(tick, Math.min(meta.wake, 0x7fffffff));
    }
    if (meta.need && !meta.error) meta.error = { message: "the server needs this View's data token to go on" };
    if (Array.isArray(meta.reset)) {
      clearTimeout(held);
      showTree(meta.reset);
    }
    var patches = meta.patches || [];
    for (var i = 0; i < patches.length; i++) applyPatch(patches[i]);
    if (meta.error) showError(meta.error.message || String(meta.error));
    else if (result.isError) showError("The server refused the event");
    else if (!tickOnly) document.getElementById("pyview-server-error")?.remove(); // a tick is not the user's doing
    (meta.requests || []).forEach(perform);
    if (patches.length || meta.reset) boot.marks.patched = stamp();
  }

  function tick() {
    ticking = true;
    flush();
  }

  function perform(req) {
    // a notification (send_log, size...)
    if (!("id" in req) || req.id === null || req.id === undefined) {
      post({ jsonrpc: "2.0", method: req.method, params: req.params || {} });
      return;
    }
    var asked = generation;
    performing++;
    request(req.method, req.params || {}).then(function (value) {
      if (asked === generation) answers.push({ id: req.id, result: value });
    }, function (error) {
      if (asked !== generation) return; // the session that asked was replaced by a new tool result
      answers.push({ id: req.id, error: { code: error.code || -32603, message: error.message || String(error) } });
    }).then(function () {
      performing--;
      flush();
    });
  }

  // -- the host's messages --------------------------------------------------------------------------------------------
  function onResult(params) {
    lastResult = params;
    var meta = params && params._meta && params._meta.pyview;
    if (meta && meta.error) showError("The server could not render this result: " + (meta.error.message || ""));
    // Every tool result is a new View session: the server's (it rendered this result), or one it mounts for us.
    token = meta && typeof meta.session === "string" ? meta.session : null;
    dataToken = meta && typeof meta.data === "string" ? meta.data : null;
    generation++;
    clearTimeout(wakeTimer); // the previous session's timers
    ticking = false;
    queue.length = 0; // events and answers for the previous session's nodes and requests
    answers.length = 0;
    notes.length = 0;
    cancelled = null;
    clearTimeout(held);
    // A View with View state may be a re-mount: its tree has the defaults, the first answer's reset the stored values.
    // That is painted; the result's own tree only if the answer takes longer than stateWaitMs (or brings no reset).
    if (meta && meta.stateful && token) held = setTimeout(showTree, boot.config.stateWaitMs || 800, meta.tree);
    else if (meta && Array.isArray(meta.tree)) showTree(meta.tree);
    if (token === null && !(meta && meta.error)) startWith = { input: toolInput || {}, result: params || {} };
    fresh = true;
    flush();
  }

  function onMessage(text) {
    var message;
    try { message = JSON.parse(text); } catch (e) { return; }
    if (!message || typeof message !== "object") return;
    if (!("method" in message)) {
      var waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.error) {
        var error = /** @type {Error & {code?: number}} */ (new Error(message.error.message));
        error.code = message.error.code;
        waiting.reject(error);
      } else {
        waiting.resolve(message.result);
      }
      return;
    }
    var params = message.params || {};
    // a request from the host
    if ("id" in message) {
      if (message.method === "ping" || message.method === "ui/resource-teardown") {
        post({ jsonrpc: "2.0", id: message.id, result: {} });
      } else {
        post({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found: " + message.method } });
      }
      return;
    }
    switch (message.method) {
      case "ui/notifications/tool-input":
        toolInput = params.arguments || {};
        if (lastResult === null) tell(message.method, params); // the View shows what was asked before the answer
        break;
      case "ui/notifications/tool-cancelled":
        cancelled = params;
        tell(message.method, params);
        break;
      case "ui/notifications/tool-result": onResult(params); break;
      case "ui/notifications/host-context-changed": {
        // Only what differs from the context the session has: hosts repeat unchanged fields (ext-apps basic-host
        // sends containerDimensions on every frame of an animation), and each call is a round trip with the token.
        var changed = null;
        for (var key in params) {
          if (same(hostContext[key], params[key])) continue;
          hostContext[key] = params[key];
          (changed = changed || {})[key] = params[key];
        }
        if (changed === null) break;
        contextDelta = Object.assign(contextDelta || {}, changed);
        flush();
        break;
      }
      default: break;
    }
  }

  // The server-side App hears of the tool call's input and cancellation as a frame's App does. Before any result
  // there is no session yet: one is started from the input (a result later starts its own, as every result does).
  function tell(method, params) {
    if (token === null && startWith === null) {
      if (lastResult !== null) return; // the server could not render the result: no session to tell
      // only a host that names the tool (hostContext.toolInfo) lets a server with several Views know which View
      // this is; without it the input waits for the result, as it did before
      var info = hostContext.toolInfo;
      if (!(info && info.tool && typeof info.tool.name === "string")) return;
      startWith = { input: toolInput || {}, result: null };
      fresh = true;
      if (method === "ui/notifications/tool-input") { flush(); return; } // the start carries it
    }
    notes.push({ method: method, params: params });
    flush();
  }

  // -- host context and size: host_frame.js (boot.js applies each host-context-changed as it arrives) ---------------
  function watchSize() {
    globalThis.pyviewFrame.watch(post);
  }

  function within(promise, ms, what) {
    return Promise.race([promise, new Promise(function (_, reject) {
      setTimeout(function () { reject(new Error("the host did not answer " + what + " within " + ms / 1000 + " s")); }, ms);
    })]);
  }

  async function connect() {
    var early = globalThis.pyviewHost.session();
    var answer;
    var limit = boot.config.bootTimeoutMs || 60000;
    // auto, fallen back: the boot timeout timed Python's start (and may be short, to fall back soon); waiting for the
    // host's answer is a hang guard, so it gets at least the default boot timeout
    if (boot.config.runtime.mode !== "server") limit = Math.max(limit, 60000);
    if (early) {
      answer = JSON.parse(await within(early, limit, "ui/initialize"));
    } else { // the document has no handshake of its own: make a minimal one
      var params = { protocolVersion: "2026-01-26", appInfo: { name: boot.config.entry || "pyview", version: "0" },
        appCapabilities: {} };
      answer = { result: await within(request("ui/initialize", params), limit, "ui/initialize") };
      post({ jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} });
    }
    if (answer.error) throw new Error("ui/initialize failed: " + answer.error.message);
    hostContext = Object.assign({}, answer.result.hostContext || {});
    capabilities = answer.result.hostCapabilities || {};
    if (!capabilities.serverTools) {
      throw new Error("The host does not let Views call server tools (no serverTools capability), and the server " +
        "runtime sends the View's events through tools/call.");
    }
    globalThis.pyviewFrame.applyContext(hostContext);
    watchSize();
  }

  // pyview:python-only { (runtime "server" documents never hand over: flush() never sets args.handover there)
  // -- the hand-over (auto documents): the frame's Python takes the View over once it is up ------------------------
  // Events the server has not answered yet are sent and answered first; then one last call (handover: true) brings
  // the session's hook state and View state, and the server drops the session. DOM events made meanwhile are held
  // with their nodes, and replayed to Python once it has adopted those nodes (boot.js). A refusal (state the codec
  // cannot save, an older server) leaves the View on the server, as if nothing happened.
  function handover() {
    if (handing !== null || stopped) return Promise.reject(new Error("a hand-over is under way already"));
    return new Promise(function (resolve, reject) {
      holding = [];
      handing = { resolve: resolve, reject: reject, held: holding };
      globalThis.pyviewDom.setDispatcher(hold);
      flush();
    });
  }

  // Held until Python has set its own dispatcher: also after the server has handed over (handing is null then), while
  // Python mounts; boot.js replays this same array once Python is live.
  var holding = [];
  function hold(hid, payload) {
    var data = JSON.parse(payload);
    var target = data.target === undefined ? null : globalThis.pyviewDom.node(data.target);
    var handler = handlerNode(hid, data.type, target);
    // its place too: Python's first render replaces nodes that differ from the painted ones (boot.js finds it there)
    holding.push({ type: data.type, data: data, handler: handler, target: target, path: pathOf(handler) });
  }

  function refuse(why) {
    var waiting = handing;
    handing = null;
    globalThis.pyviewDom.setDispatcher(onDomEvent);
    waiting.held.forEach(function (event) { // what the user did meanwhile goes to the server after all
      var spec = event.handler && event.handler.__pvH && event.handler.__pvH[event.type];
      if (spec === undefined) return;
      var hid = typeof spec === "number" ? spec : spec[0];
      queue.push({ hid: hid, path: pathOf(event.handler) || [], type: event.type, data: event.data });
    });
    waiting.reject(new Error(why));
    flush();
  }

  function handedOver(result) {
    var meta = result && result._meta && result._meta.pyview;
    var handed = meta && meta.handover;
    if (!handed || !handed.state) {
      refuse(handed && handed.refused ? handed.refused : "the server's answer carries no hand-over");
      return;
    }
    stopped = true;
    clearTimeout(wakeTimer); // the frame's Python runs the View's timers from now on
    globalThis.pyviewHost.unsubscribe();
    // What Python's App needs to be where this session is: the whole host context, the tool input, the result.
    var messages = [
      { jsonrpc: "2.0", method: "ui/notifications/host-context-changed", params: hostContext },
      { jsonrpc: "2.0", method: "ui/notifications/tool-input", params: { arguments: toolInput || {} } },
    ];
    if (lastResult) messages.push({ jsonrpc: "2.0", method: "ui/notifications/tool-result", params: lastResult });
    if (cancelled) messages.push({ jsonrpc: "2.0", method: "ui/notifications/tool-cancelled", params: cancelled });
    var waiting = handing;
    handing = null;
    waiting.resolve({ handover: handed, messages: messages, held: waiting.held });
  }
  // pyview:python-only }

  globalThis.pyviewServer = {
    start: function (options) {
      boot = options;
      boot.marks.render = boot.marks.render || stamp();
      globalThis.pyviewDom.setDispatcher(onDomEvent);
      if (root.firstChild && globalThis.pyviewDom.node(1) !== undefined) shown = true; // boot.js showed a tree
      connect().then(function () {
        globalThis.pyviewHost.subscribe(onMessage);
        globalThis.pyviewBoot.live(); // replays clicks and typing made while the runtime was starting
      }, function (error) {
        var detail = String(error && error.message || error);
        // auto: Python failed first
        var python = boot.python && boot.python(); // auto: why Python cannot run either, if it cannot
        var both = !!python;
        if (both) detail = "Python could not run here: " + python + "\nThe server runtime: " + detail;
        boot.fail("server", both ? "The View can run neither in this frame nor on the server"
          : "The View could not start its server runtime", detail,
          "The server runtime needs a host that answers ui/initialize and lets Views call server tools; Python in " +
          "the frame needs 'wasm-unsafe-eval' in the frame's Content-Security-Policy.");
      });
    },
    state: function () { return { session: token, sent: sent, inFlight: inFlight, handedOver: stopped }; },
    // pyview:python-only {
    request: request,
    handover: handover,
    // pyview:python-only }
  };
})();
