// pyview dev page: tool list and form, host controls, tool data editors, and the live JSON-RPC log.
// The View itself is mounted by PyviewRelay (relay.js); everything else goes through /api/*, with the per-run
// token the server put in this page (X-Pyview-Token). Nothing the server sends is parsed as HTML: every text
// (tool names, descriptions, results, the log) goes through textContent or createElement.
"use strict";
const $ = (id) => document.getElementById(id);
const TOKEN = pyviewPageToken(); // relay.js
let tools = [];
let messages = [];

async function api(path, body) {
  const response = await fetch("/api/" + path, { method: "POST", body: JSON.stringify(body || {}),
    headers: { "Content-Type": "application/json", "X-Pyview-Token": TOKEN } });
  const answer = response.headers.get("content-type")?.startsWith("application/json")
    ? await response.json() : { ok: false, error: await response.text() };
  if (!answer.ok) showStatus({ level: "error", text: answer.error });
  return answer;
}

function showStatus({ level, text }) {
  $("status").textContent = text;
  $("status").className = level;
}

// ---- tools and the form generated from a tool's input schema ------------------------------------------------
function showTools(list, server) {
  tools = list;
  $("server").textContent = `Tools of ${server}`;
  $("tools").replaceChildren(...list.map((tool) => {
    const button = document.createElement("button");
    const ui = tool._meta?.ui || {};
    const tags = [ui.resourceUri ? "View" : "", ui.visibility && !ui.visibility.includes("model") ? "app only" : ""];
    const small = document.createElement("small");
    small.textContent = tags.filter(Boolean).join(", ");
    button.append(String(tool.name), " ", small);
    if (tool.description) button.title = String(tool.description);
    button.dataset.tool = tool.name;
    button.onclick = () => showForm(tool);
    return button;
  }));
}

function showForm(tool, values = {}) {
  document.querySelectorAll("#tools button").forEach((b) => b.classList.toggle("active", b.dataset.tool === tool.name));
  const form = $("form");
  form.replaceChildren();
  const schema = tool.inputSchema || {};
  for (const [name, prop] of Object.entries(schema.properties || {})) {
    const label = document.createElement("label");
    label.textContent = name + ((schema.required || []).includes(name) ? " *" : "") + " ";
    let input;
    if (prop.enum) {
      input = document.createElement("select");
      input.append(...prop.enum.map((v) => new Option(String(v), JSON.stringify(v))));
    } else if (prop.type === "boolean") {
      input = Object.assign(document.createElement("input"), { type: "checkbox", checked: !!(values[name] ?? prop.default) });
    } else if (prop.type === "object" || prop.type === "array") {
      input = document.createElement("textarea");
      input.value = JSON.stringify(values[name] ?? prop.default ?? (prop.type === "array" ? [] : {}), null, 1);
    } else {
      input = Object.assign(document.createElement("input"), { type: ["number", "integer"].includes(prop.type) ? "number" : "text" });
      input.value = values[name] ?? prop.default ?? "";
    }
    input.name = name;
    input.dataset.type = prop.enum ? "enum" : prop.type || "string";
    label.append(input);
    form.append(label);
  }
  const call = Object.assign(document.createElement("button"), { type: "submit", textContent: `Call ${tool.name}` });
  form.append(call);
  form.onsubmit = (event) => {
    event.preventDefault();
    api("call", { name: tool.name, arguments: formValues(form) });
  };
}

function formValues(form) {
  const values = {};
  for (const input of form.querySelectorAll("[name]")) {
    const type = input.dataset.type;
    if (type === "boolean") values[input.name] = input.checked;
    else if (input.value === "") continue;
    else if (type === "enum" || type === "object" || type === "array") values[input.name] = JSON.parse(input.value);
    else if (type === "number" || type === "integer") values[input.name] = Number(input.value);
    else values[input.name] = input.value;
  }
  return values;
}

// ---- host controls -> host context (the host sends the View only what changed) -----------------------------
function controlsContext() {
  const n = (id) => Number($(id).value) || 0;
  return {
    theme: $("theme").value, displayMode: $("displayMode").value, locale: $("locale").value,
    timeZone: $("timeZone").value, platform: $("platform").value,
    containerDimensions: { width: n("width"), maxHeight: n("maxHeight") },
    deviceCapabilities: { touch: $("touch").checked, hover: $("hover").checked },
    safeAreaInsets: { top: n("insetTop"), right: n("insetRight"), bottom: n("insetBottom"), left: n("insetLeft") },
  };
}

function showContext(context) {
  for (const key of ["theme", "displayMode", "locale", "timeZone", "platform"]) if (context[key]) $(key).value = context[key];
  const box = context.containerDimensions || {};
  if (box.width) $("width").value = box.width;
  if (box.maxHeight) $("maxHeight").value = box.maxHeight;
}

for (const id of ["theme", "displayMode", "locale", "timeZone", "platform", "width", "maxHeight", "touch", "hover",
  "insetTop", "insetRight", "insetBottom", "insetLeft"]) {
  $(id).addEventListener("change", () => api("context", { changes: controlsContext() }));
}
$("profile").onchange = () => api("profile", { profile: $("profile").value });
$("reload").onclick = () => api("reload");
$("teardown").onclick = () => api("teardown");

// ---- tool data editors ------------------------------------------------------------------------------------------
function showToolData({ tool, arguments: args, result }) {
  $("toolInput").value = JSON.stringify(args, null, 2);
  $("toolResult").value = JSON.stringify(result, null, 2);
  $("resultText").textContent = (result.content || []).map((c) => c.text ?? JSON.stringify(c)).join("\n");
  const known = tools.find((t) => t.name === tool.name);
  if (known) showForm(known, args);
}
const sendJson = (kind, id) => { try { api("send", { kind, data: JSON.parse($(id).value) }); }
  catch (error) { showStatus({ level: "error", text: `${id}: ${error.message}` }); } };
$("sendInput").onclick = () => sendJson("input", "toolInput");
$("sendPartial").onclick = () => sendJson("partial", "toolInput");
$("sendResult").onclick = () => sendJson("result", "toolResult");
$("sendCancel").onclick = () => api("send", { kind: "cancel", data: "cancelled from the dev page" });

// ---- the live log, model context and messages -----------------------------------------------------------------
function logTraffic({ direction, message }) {
  const line = document.createElement("div");
  line.className = direction;
  line.textContent = JSON.stringify(message);
  $("log").append(line);
  if ($("log").children.length > 500) $("log").firstChild.remove();
  if (direction === "in" && message.method === "ui/update-model-context") {
    $("modelContext").textContent = JSON.stringify(message.params, null, 2);
  } else if (direction === "in" && message.method === "ui/message") {
    messages.push(message.params);
    $("messages").textContent = messages.map((m) => JSON.stringify(m.content)).join("\n");
  }
}
$("clearLog").onclick = () => $("log").replaceChildren();

function onEvent(event) {
  if (event.type === "status") showStatus(event);
  else if (event.type === "tools") showTools(event.tools, event.server);
  else if (event.type === "tool-data") showToolData(event);
  else if (event.type === "traffic") logTraffic(event);
  else if (event.type === "dropped") showStatus({ level: "error", text: `dropped a ${event.event} event: ${event.reason}` });
}

(async () => {
  const response = await fetch("/api/state", { headers: { "X-Pyview-Token": TOKEN } });
  if (!response.ok) return showStatus({ level: "error", text: await response.text() });
  const state = await response.json();
  showStatus(state.status);
  if (state.tools.length) showTools(state.tools, state.server);
  showContext(state.context || {});
  $("profile").value = state.profile;
  window.relay = new PyviewRelay(state.relay, $("stage"), onEvent);
  relay.start(state.cursor);
  if (state.current) {
    showToolData(state.current);
    api("remount");
  }
})();
