/* pyview's window.openai adapter: when the MCP Apps bridge does not answer ui/initialize but the page has ChatGPT's
 * Apps SDK object (window.openai), boot.js talks to that instead. The View (Python App or the server runtime client)
 * still speaks MCP Apps JSON-RPC; this file answers it from window.openai and turns its globals into notifications.
 *
 *   pyviewOpenAI(openai, deliver) -> {initializeResult(handshake), started(), post(message)}
 *   deliver(message): hands a JSON-RPC message to the View as if the host had posted it
 */
(function () {
  "use strict";
  var NOT_FOUND = -32601;

  globalThis.pyviewOpenAI = function (openai, deliver) {
    var sentResult = false;
    var lastGlobals = {};

    function context() {
      var out = {};
      if (openai.theme) out.theme = openai.theme;
      if (openai.displayMode) out.displayMode = openai.displayMode;
      if (openai.locale) out.locale = openai.locale;
      if (openai.userAgent && typeof openai.userAgent === "string") out.userAgent = openai.userAgent;
      if (typeof openai.maxHeight === "number") out.containerDimensions = { maxHeight: openai.maxHeight };
      if (openai.safeArea && openai.safeArea.insets) out.safeAreaInsets = openai.safeArea.insets;
      out.availableDisplayModes = ["inline", "fullscreen", "pip"];
      return out;
    }

    function notify(method, params) { deliver({ jsonrpc: "2.0", method: method, params: params }); }

    function sendResult() {
      if (sentResult || openai.toolOutput === undefined || openai.toolOutput === null) return;
      sentResult = true;
      var result = { content: [], structuredContent: openai.toolOutput };
      if (openai.toolResponseMetadata) result._meta = openai.toolResponseMetadata;
      notify("ui/notifications/tool-result", result);
    }

    function text(blocks) {
      return (blocks || []).filter(function (b) { return b && b.type === "text"; })
        .map(function (b) { return b.text; }).join("\n");
    }

    var methods = {
      "tools/call": function (p) {
        return Promise.resolve(openai.callTool(p.name, p.arguments || {})).then(function (r) {
          r = r || {};
          var out = { content: r.content || [], structuredContent: r.structuredContent };
          if (r._meta) out._meta = r._meta;
          if (r.isError) out.isError = true;
          return out;
        });
      },
      "ui/message": function (p) {
        return Promise.resolve(openai.sendFollowUpMessage({ prompt: text(p.content) })).then(function () { return {}; });
      },
      "ui/request-display-mode": function (p) {
        return Promise.resolve(openai.requestDisplayMode({ mode: p.mode })).then(function (r) {
          return { mode: (r && r.mode) || p.mode };
        });
      },
      "ui/update-model-context": function (p) {
        // ChatGPT shows the model the widget state: the closest thing to MCP Apps' model context
        var state = Object.assign({}, openai.widgetState || {}, { modelContext: p.structuredContent ?? text(p.content) });
        return Promise.resolve(openai.setWidgetState(state)).then(function () { return {}; });
      },
      "ui/open-link": function (p) {
        if (typeof openai.openExternal !== "function") return Promise.reject({ code: NOT_FOUND, message: "no openExternal" });
        return Promise.resolve(openai.openExternal({ href: p.url })).then(function () { return {}; });
      },
      ping: function () { return Promise.resolve({}); },
    };

    window.addEventListener("openai:set_globals", function (/** @type {CustomEvent} */ event) {
      var globals = (event.detail && event.detail.globals) || {};
      if ("toolOutput" in globals) sendResult();
      var changed = {};
      ["theme", "displayMode", "locale"].forEach(function (key) {
        if (key in globals && globals[key] !== lastGlobals[key]) changed[key] = lastGlobals[key] = globals[key];
      });
      if (Object.keys(changed).length) notify("ui/notifications/host-context-changed", changed);
    });

    return {
      initializeResult: function (handshake) {
        var ctx = context();
        lastGlobals = { theme: ctx.theme, displayMode: ctx.displayMode, locale: ctx.locale };
        return {
          protocolVersion: handshake.protocolVersion,
          hostInfo: { name: "openai-apps-sdk", version: "1" },
          hostCapabilities: { serverTools: {}, message: { text: {} }, updateModelContext: {},
            openLinks: typeof openai.openExternal === "function" ? {} : undefined },
          hostContext: ctx,
        };
      },
      started: function () {
        notify("ui/notifications/tool-input", { arguments: openai.toolInput || {} });
        sendResult();
      },
      post: function (message) {
        // answers to host requests: window.openai sends none
        if (!message || !("method" in message)) return;
        if (!("id" in message)) {
          if (message.method === "ui/notifications/size-changed" && typeof openai.notifyIntrinsicHeight === "function") {
            openai.notifyIntrinsicHeight(message.params.height);
          }
          return; // other notifications have no window.openai counterpart
        }
        var handler = methods[message.method];
        var answer = handler ? handler(message.params || {})
          : Promise.reject({ code: NOT_FOUND, message: "Not available through window.openai: " + message.method });
        answer.then(function (result) {
          deliver({ jsonrpc: "2.0", id: message.id, result: result });
        }, function (error) {
          deliver({ jsonrpc: "2.0", id: message.id,
            error: { code: (error && error.code) || -32603, message: (error && error.message) || String(error) } });
        });
      },
    };
  };
})();
