// Runs pyview/_core/runtime/dom.js against a tiny fake DOM: node dom_harness.js scenario.json
// scenario: {prerendered?: [tree...], steps: [{patch: json} | {fire: {id | text, type, value?}}]}
// prints {html, size, calls, prevented}
"use strict";
const fs = require("fs");
const path = require("path");

class Node {
  constructor(type) { this.nodeType = type; this.parentNode = null; this.childNodes = []; }
  get firstChild() { return this.childNodes[0] || null; }
  get nextSibling() {
    if (!this.parentNode) return null;
    const siblings = this.parentNode.childNodes;
    return siblings[siblings.indexOf(this) + 1] || null;
  }
  insertBefore(node, before) {
    if (node.nodeType === 11) {
      for (const child of [...node.childNodes]) this.insertBefore(child, before);
      return node;
    }
    if (node.parentNode) node.parentNode.removeChild(node);
    const index = before === null ? this.childNodes.length : this.childNodes.indexOf(before);
    if (index < 0) throw new Error("insertBefore: reference is not a child");
    this.childNodes.splice(index, 0, node);
    node.parentNode = this;
    return node;
  }
  appendChild(node) { return this.insertBefore(node, null); }
  removeChild(node) {
    const index = this.childNodes.indexOf(node);
    if (index < 0) throw new Error("removeChild: not a child");
    this.childNodes.splice(index, 1);
    node.parentNode = null;
    return node;
  }
  set textContent(value) {
    for (const child of this.childNodes) child.parentNode = null;
    this.childNodes = value ? [new Text(value)] : [];
  }
}
class Text extends Node {
  constructor(data) { super(3); this.data = data; }
  cloneNode() { return new Text(this.data); }
}
class Comment extends Node { constructor(data) { super(8); this.data = data; } }
class Fragment extends Node { constructor() { super(11); } }
class Element extends Node {
  constructor(tag, ns) {
    super(1);
    this.localName = tag;
    this.namespaceURI = ns || "http://www.w3.org/1999/xhtml";
    this.attrs = new Map();
    this.listeners = [];
    this._html = null;
  }
  get attributes() { return [...this.attrs].map(([name, value]) => ({ name, value })); }
  setAttribute(name, value) {
    this.attrs.set(name, String(value));
    // a real document exposes these elements by name (img and object by id too), over its own members
    const byId = name === "id" && (this.localName === "img" || this.localName === "object");
    if ((name === "name" || byId) && NAMED.has(this.localName)) document[String(value)] = this;
  }
  getAttribute(name) { return this.attrs.has(name) ? this.attrs.get(name) : null; }
  removeAttribute(name) { this.attrs.delete(name); }
  get innerHTML() { return this._html === null ? "" : this._html; }
  set innerHTML(value) { this.textContent = ""; this._html = value; }
  addEventListener(type, fn, capture) { this.listeners.push({ type, fn, capture }); }
  cloneNode(deep) {  // attributes and (deep) children, no expandos or listeners, like a real DOM's
    const copy = new Element(this.localName, this.namespaceURI);
    for (const [name, value] of this.attrs) copy.attrs.set(name, value);
    copy._html = this._html;
    if (deep) for (const child of this.childNodes) copy.appendChild(child.cloneNode(true));
    clones.count++;
    return copy;
  }
}
const clones = { count: 0 };
const NAMED = new Set(["embed", "form", "iframe", "img", "object"]);

const escapeText = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (s) => escapeText(s).replace(/"/g, "&quot;");
const VOID = new Set("area base br col embed hr img input link meta source track wbr".split(" "));
function serialize(node, out) {
  let lastText = false;
  for (const child of node.childNodes) {
    if (child.nodeType === 3) {
      if (lastText) out.push("<!-- -->");
      out.push(escapeText(child.data));
      lastText = true;
      continue;
    }
    lastText = false;
    if (child.nodeType === 8) { out.push("<!-- -->"); continue; }
    out.push("<" + child.localName);
    for (const [name, value] of [...child.attrs].sort()) out.push(value === "" ? ` ${name}` : ` ${name}="${escapeAttr(value)}"`);
    out.push(">");
    if (VOID.has(child.localName)) continue;
    if (child._html !== null) out.push(child._html); else serialize(child, out);
    out.push(`</${child.localName}>`);
  }
}

const document = {
  activeElement: null,
  createElement: (tag) => new Element(tag),
  createElementNS: (ns, tag) => new Element(tag, ns),
  createTextNode: (data) => new Text(data),
  createDocumentFragment: () => new Fragment(),
  getElementById: () => root,
};
globalThis.document = document;
const root = new Element("div");

function build(tree) {  // pre-rendered markup, as a parser would leave it (comments included)
  if (typeof tree === "string") return tree === "<!---->" ? new Comment(" ") : new Text(tree);
  const el = new Element(tree[0]);
  for (const [name, value] of Object.entries(tree[1] || {})) el.setAttribute(name, value);
  for (const child of tree[2] || []) el.appendChild(build(child));
  return el;
}

const scenario = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
for (const tree of scenario.prerendered || []) root.appendChild(build(tree));
const prerenderedNodes = [...root.childNodes];
require(path.resolve(__dirname, "../../pyview/_core/runtime/policy.js"));  // dom.js needs it first
require(path.resolve(__dirname, "../../pyview/_core/runtime/dom.js"));
const calls = [];
const prevented = [];
pyviewDom.setDispatcher((id, payload) => calls.push([id, JSON.parse(payload)]));
pyviewDom.mount(root);

// the first element whose only child is the text `data`, found in the DOM (not through dom.js's ids)
function byText(node, data) {
  for (const child of node.childNodes) {
    if (child.nodeType !== 1) continue;
    if (child.childNodes.length === 1 && child.firstChild.data === data) return child;
    const found = byText(child, data);
    if (found) return found;
  }
  return null;
}

function fire(target, type, fields) {
  let stopped = false, defaultPrevented = false;
  const ev = Object.assign({ type, target, preventDefault() { defaultPrevented = true; },
    stopPropagation() { stopped = true; } }, fields || {});
  for (const { type: t, fn } of root.listeners) if (t === type && !stopped) fn(ev);
  return defaultPrevented;
}

for (const step of scenario.steps) {
  if (step.patch !== undefined) pyviewDom.apply(step.patch);
  else if (step.fire) {
    const target = step.fire.text === undefined ? pyviewDom.node(step.fire.id) : byText(root, step.fire.text);
    if (step.fire.value !== undefined) target.value = step.fire.value;
    prevented.push(fire(target, step.fire.type, step.fire.fields));
  } else if (step.focus !== undefined) {
    const el = pyviewDom.node(step.focus);
    document.activeElement = el;
    el.selectionStart = el.selectionEnd = (el.value || "").length;
    el.setSelectionRange = (a, b) => { el.selectionStart = a; el.selectionEnd = b; };
  }
}
const out = [];
serialize(root, out);
const values = {};
for (const [id, el] of Object.entries(scenario.valuesOf || {})) values[id] = pyviewDom.node(Number(el)).value;
console.log(JSON.stringify({
  html: out.join(""), size: pyviewDom.size(), calls, prevented, values,
  keptPrerendered: prerenderedNodes.filter((n) => n.parentNode === root).length, clones: clones.count,
}));
