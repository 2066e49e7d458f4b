// pyview dev page: tools and their form (dev-form.js), a conversation turn that holds the View, the host's
// chrome (profile, device, theme, display mode), tool data editors, downloads and the live JSON-RPC log.
// The View itself is mounted by PyviewRelay (relay.js); this page lays its frame out (inline in the turn,
// fullscreen over the conversation column, pip pinned at its top). Everything else goes through /api/*, with the
// per-run token the server put in this page (X-Pyview-Token). Nothing the server sends is parsed as HTML: every
// text (tool names, descriptions, results, the log) goes through textContent or createElement.
"use strict";
/** The page's element with this id (its form controls are read by value and checked). @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const TOKEN = pyviewPageToken(); // relay.js
const DEVICES = { phone: 390, tablet: 768, desktop: null };
let tools = [];
let messages = [];
let profiles = {};
let sent = {}; // the layout keys last sent, so a resize sends only real changes
let allowWasm = true; // false: --strict-csp (or a "block WebAssembly" switch) drops 'wasm-unsafe-eval' for every profile

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
  $("status").title = text;
  $("status").className = level;
}

// ---- the host profile's look: chrome colours for the theme, font, conversation width ------------------------
function applyLook() {
  const profile = profiles[$("profile").value] || {};
  const chrome = profile.chrome || {};
  const dark = $("theme").value === "dark" ? 1 : 0;
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  const style = document.documentElement.style;
  for (const key of ["page", "panel", "text", "muted", "bubble"]) if (chrome[key]) style.setProperty("--" + key, chrome[key][dark]);
  if (chrome.accent) style.setProperty("--accent", chrome.accent);
  if (chrome.thread) style.setProperty("--thread", chrome.thread + "px");
  if (profile.font) style.setProperty("--font", profile.font);
  const modes = profile.displayModes || ["inline"];
  const current = $("displayMode").value;
  $("displayMode").replaceChildren(...modes.map((m) => new Option(m, m)));
  $("displayMode").value = modes.includes(current) ? current : "inline";
  const limit = profile.maxResourceBytes ? `; resources up to ${(profile.maxResourceBytes / 1e6).toFixed(1)} MB` : "";
  const wasm = profile.allowWasm !== false && allowWasm;
  $("csp").textContent = `CSP: ${!wasm ? "no 'wasm-unsafe-eval' (WebAssembly blocked)" : "'wasm-unsafe-eval'"}` +
    `, ${profile.workers ? "worker-src 'self' blob:" : "no worker-src (blob workers blocked)"}${limit}`;
}

// ---- tools and the form -------------------------------------------------------------------------------------
function showTools(list, server) {
  tools = list;
  $("server").textContent = server;
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
  document.querySelectorAll("#tools button").forEach((/** @type {HTMLElement} */ b) => b.classList.toggle("active", b.dataset.tool === tool.name));
  pyviewBuildForm($("form"), tool, values, (args) => api("call", { name: tool.name, arguments: args }));
}

// ---- host controls -> host context: each control sends only its own keys --------------------------------------
const n = (id) => Number($(id).value) || 0;
const CONTROLS = {
  theme: () => ({ theme: $("theme").value }),
  displayMode: () => ({ displayMode: $("displayMode").value }),
  locale: () => ({ locale: $("locale").value }),
  timeZone: () => ({ timeZone: $("timeZone").value }),
  platform: () => ({ platform: $("platform").value }),
  maxHeight: () => containerChange(true),
  touch: () => ({ deviceCapabilities: { touch: $("touch").checked, hover: $("hover").checked } }),
  insetTop: () => ({ safeAreaInsets: { top: n("insetTop"), right: n("insetRight"), bottom: n("insetBottom"), left: n("insetLeft") } }),
};
CONTROLS.hover = CONTROLS.touch;
CONTROLS.insetRight = CONTROLS.insetBottom = CONTROLS.insetLeft = CONTROLS.insetTop;
for (const [id, changes] of Object.entries(CONTROLS)) {
  $(id).addEventListener("change", () => {
    if (id === "theme") applyLook();
    const body = changes();
    if (body) api("context", { changes: body });
  });
}
$("exitMode").onclick = () => api("context", { changes: { displayMode: "inline" } });
$("profile").onchange = () => { applyLook(); applyDevice(); api("profile", { profile: $("profile").value }); };
$("device").onchange = () => applyDevice(true);
$("blockWasm").onchange = () => api("wasm", { allow: !$("blockWasm").checked });
$("reload").onclick = () => api("reload");
$("teardown").onclick = () => api("teardown");

function applyDevice(send) {
  const device = $("device").value;
  $("center").dataset.device = device;
  document.documentElement.style.setProperty("--device", DEVICES[device] ? DEVICES[device] + "px" : "100%");
  const mobile = device !== "desktop";
  $("platform").value = mobile ? "mobile" : (profiles[$("profile").value]?.platform || "web");
  $("touch").checked = mobile;
  $("hover").checked = !mobile;
  if (send) api("context", { changes: { platform: $("platform").value, deviceCapabilities: { touch: mobile, hover: !mobile } } });
}

// the device's screen inside the conversation column (its left edge and width, CSS px)
function screenBox() {
  const center = $("center").getBoundingClientRect();
  const screen = $("screen").getBoundingClientRect();
  return { left: Math.round(screen.left - center.left), width: Math.round(screen.width) };
}

// the View's box as the host gives it: the turn's width inline, the device's screen in fullscreen
function containerChange(force) {
  const mode = $("stage").dataset.mode;
  const box = mode === "fullscreen"
    ? { width: screenBox().width, height: Math.floor($("center").clientHeight - 48) }
    : { width: Math.floor($("stage").clientWidth || $("thread").clientWidth - 32), maxHeight: n("maxHeight") };
  const key = JSON.stringify(box);
  if (!force && sent.box === key) return null;
  sent.box = key;
  return { containerDimensions: box };
}
function sendContainer() {
  const changes = containerChange(false);
  if (changes) api("context", { changes });
}
const resizes = new ResizeObserver(() => { // the layout sends the new box itself
  if (window.relay?.frame) relay.layout();
  else sendContainer();
});
resizes.observe($("center"));
resizes.observe($("thread"));

// ---- laying out the View's frame (relay.js calls this instead of its own layout) ------------------------------
function layoutFrame(frame, { context, size }) {
  const mode = context.displayMode || "inline";
  if ($("displayMode").value !== mode) $("displayMode").value = mode; // mirror a mode the View asked for
  $("center").dataset.mode = mode;
  $("stage").dataset.mode = mode;
  $("hostbarTitle").textContent = $("toolLine").textContent;
  const center = $("center");
  const s = frame.style;
  s.cssText = "";
  frame.dataset.mode = mode;
  const screen = screenBox();
  Object.assign($("hostbar").style, { left: "", right: "", width: "" });
  if (mode === "fullscreen") Object.assign($("hostbar").style, { left: screen.left + "px", width: screen.width + "px" });
  if (mode === "fullscreen") { // the device's whole screen (on desktop: the conversation column), under the host's bar
    Object.assign(s, { position: "absolute", left: screen.left + "px", top: "48px", width: screen.width + "px",
      height: "calc(100% - 48px)", zIndex: "5", background: "var(--panel)" });
  } else if (mode === "pip") {
    const width = Math.min($("thread").clientWidth - 32, screen.width - 24);
    const height = Math.min(size.height ?? 300, Math.floor(center.clientHeight * 0.45));
    const left = Math.round(screen.left + (screen.width - width) / 2); // pinned at the top of the screen, centred
    Object.assign(s, { position: "absolute", top: "46px", left: left + "px", width: width + "px",
      height: height + "px", zIndex: "5", borderRadius: "14px", boxShadow: "0 8px 30px rgba(0,0,0,.25)", background: "var(--panel)" });
    Object.assign($("hostbar").style, { left: left + "px", right: "auto" }); // the host's close pill, above it
  } else {
    let height = size.height ?? context.containerDimensions?.height ?? 300;
    const max = context.containerDimensions?.maxHeight;
    if (max !== undefined) height = Math.min(height, max);
    Object.assign(s, { width: "100%", height: height + "px", border: frame.dataset.border === "1" ? "1px solid var(--line)" : "0",
      borderRadius: "12px" });
  }
  sendContainer(); // fullscreen and inline give the View different boxes
}

// ---- the conversation turn and tool data ---------------------------------------------------------------------
function showToolData({ tool, arguments: args, result }) {
  $("empty").hidden = true;
  $("userTurn").hidden = $("assistantTurn").hidden = false;
  $("userText").textContent = `${tool.name}(${JSON.stringify(args)})`;
  $("toolLine").textContent = `${$("server").textContent} · ${tool.title || tool.name}`;
  $("toolInput").value = JSON.stringify(args, null, 2);
  $("toolResult").value = JSON.stringify(result, null, 2);
  $("resultText").textContent = (result.content || []).map((c) => c.text ?? JSON.stringify(c)).join("\n");
  $("stageNote").hidden = true;
  const known = tools.find((t) => t.name === tool.name);
  if (known) showForm(known, args);
}
const sendJson = (kind, id) => { try { api("send", { kind, data: JSON.parse($(id).value) }); }
  catch (error) { showStatus({ level: "error", text: `${id}: ${error.message}` }); } };
$("sendInput").onclick = () => sendJson("input", "toolInput");
$("sendPartial").onclick = () => sendJson("partial", "toolInput");
$("sendResult").onclick = () => sendJson("result", "toolResult");
$("sendCancel").onclick = () => api("send", { kind: "cancel", data: "cancelled from the dev page" });

function showUnmounted(reason) {
  $("center").dataset.mode = $("stage").dataset.mode = "inline";
  $("stageNote").textContent = reason || "The View was unmounted.";
  $("stageNote").hidden = false;
}

// ---- downloads: a file card per saved file; the bytes come back through the guarded API as a blob -----------
function showDownload(item) {
  const card = Object.assign(document.createElement("div"), { className: "file" });
  card.dataset.n = String(item.n);
  const name = Object.assign(document.createElement("span"), { className: "name", textContent: String(item.name) });
  const size = Object.assign(document.createElement("span"), { className: "size",
    textContent: `${Number(item.size).toLocaleString("en-US")} bytes · ${String(item.mimeType)}` });
  const open = Object.assign(document.createElement("button"), { className: "small", textContent: "Open" });
  const save = Object.assign(document.createElement("button"), { className: "small", textContent: "Save" });
  open.onclick = async () => window.open(URL.createObjectURL(await downloadBlob(item)), "_blank", "noopener");
  save.onclick = async () => {
    const link = Object.assign(document.createElement("a"), { href: URL.createObjectURL(await downloadBlob(item)), download: String(item.name) });
    link.click();
  };
  card.append(name, size, open, save);
  $("downloads").append(card);
}
async function downloadBlob(item) {
  const response = await fetch(`/api/downloads/${Number(item.n)}`, { headers: { "X-Pyview-Token": TOKEN } });
  // the server sends only harmless types as themselves (text, JSON, images, PDF); others as octet-stream
  return new Blob([await response.arrayBuffer()], { type: response.headers.get("content-type") || "application/octet-stream" });
}

// ---- the live log, model context and messages -----------------------------------------------------------------
function logTraffic({ direction, message }) {
  const line = document.createElement("div");
  line.className = direction;
  line.textContent = JSON.stringify(message);
  $("log").append(line);
  if ($("log").children.length > 500) $("log").firstChild.remove();
  const runtime = direction === "in" && message.method === "notifications/message" && message.params?.data?.runtime;
  if (runtime) { // the boot shim says which runtime the View runs on (and why it switched)
    const reason = message.params.data.reason;
    $("runtime").textContent = `runtime: ${runtime === "server" ? "server (pyview_event)" : "Python in the browser"}` +
      (reason && runtime === "server" ? ` — ${reason}` : "");
  } else if (direction === "in" && message.method === "ui/update-model-context") {
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
  else if (event.type === "download") showDownload(event);
  else if (event.type === "unmount") showUnmounted(event.reason);
  else if (event.type === "mounted") $("stageNote").hidden = true;
  else if (event.type === "dropped") showStatus({ level: "error", text: `dropped a ${event.event} event: ${event.reason}` });
}

function showContext(context) {
  for (const key of ["theme", "displayMode", "locale", "timeZone", "platform"]) if (context[key]) $(key).value = context[key];
  const box = context.containerDimensions || {};
  if (box.maxHeight) $("maxHeight").value = box.maxHeight;
}

(async () => {
  const response = await fetch("/api/state", { headers: { "X-Pyview-Token": TOKEN } });
  if (!response.ok) return showStatus({ level: "error", text: await response.text() });
  const state = await response.json();
  showStatus(state.status);
  profiles = Object.fromEntries(state.profiles.map((p) => [p.name, p]));
  allowWasm = state.allowWasm !== false;
  $("profile").replaceChildren(...state.profiles.map((p) => new Option(p.label, p.name)));
  $("profile").value = state.profile;
  if (state.tools.length) showTools(state.tools, state.server);
  applyLook();
  showContext(state.context || {});
  applyLook();
  for (const item of state.downloads) showDownload(item);
  $("blockWasm").checked = state.allowWasm === false;
  window.relay = new PyviewRelay(state.relay, $("stage"), onEvent, TOKEN, { layout: layoutFrame });
  relay.start(state.cursor);
  sendContainer();
  if (state.current) {
    showToolData(state.current);
    api("remount");
  }
})();
