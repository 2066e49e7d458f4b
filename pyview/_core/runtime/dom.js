/* pyview DOM patch applier: applies the patch lists the Python renderer emits, and delegates DOM events
 * to one Python dispatcher. No dependencies, no eval, no inline handlers. Format: docs/components.md.
 * Every element, attribute and property it creates, sets or adopts is checked by pyviewPolicy (policy.js,
 * generated from pyview/_core/components/_policy.py, loaded first); what the policy refuses is skipped with a
 * console warning, never thrown mid-patch.
 *
 *   pyviewDom.mount(element)       the container (node id 0); defaults to #pyview-root on first apply
 *   pyviewDom.apply(jsonString)    apply one update: [[op, ...args], ...]
 *   pyviewDom.setDispatcher(fn)    fn(handlerId, eventJsonString) for every handled event
 *   pyviewDom.node(id), .size()    a node by id; how many nodes are tracked (memory checks)
 *   pyviewDom.dispatch(hid, json)  hand an event to the dispatcher (events held during a hand-over)
 *
 * Removed subtrees are detached at once but their ids are forgotten after the next frame (a timer if no frame
 * comes): an id whose entry is a newer node is left alone, and clearing 1,000 rows costs what
 * `textContent = ""` costs, not a walk over 10,000 nodes before the paint. node() and size() forget first.
 * A cloned row (see build) registers its ids only when one of them is first asked for, by a patch or an event;
 * a row removed before that is forgotten with no walk at all.
 *
 * Focus (keyboard users): a patch that removes the focused element moves focus to the first control left in the
 * nearest part of the page that is still there, not to <body>; a control disabled while focused gets focus back
 * once enabled; an element inserted with `autofocus`, or given it by a patch, gets focus, and so does the node a
 * focus op names (a component moving focus: the tab the arrow keys chose; a node that takes no focus itself, such
 * as a radio group, passes it to its first control in the tab order);
 * an `aria-modal="true"` element (a dialog) takes focus when it appears, keeps Tab inside it, and gives focus back
 * to the element that had it before (or the nearest control) when it goes.
 */
(function () {
  "use strict";
  var SVG_NS = "http://www.w3.org/2000/svg";
  var policy = globalThis.pyviewPolicy;
  if (!policy) throw new Error("pyviewDom: policy.js must be loaded before dom.js");
  // Events that do not bubble: listened for in the capture phase at the container.
  var CAPTURE = { focus: 1, blur: 1, mouseenter: 1, mouseleave: 1, pointerenter: 1, pointerleave: 1,
    load: 1, error: 1, scroll: 1, toggle: 1 };
  // Events that belong to their target only: no walk up to ancestors' handlers.
  var OWN = { mouseenter: 1, mouseleave: 1, pointerenter: 1, pointerleave: 1, load: 1, error: 1,
    scroll: 1, toggle: 1 };
  var EVENT_FIELDS = ["key", "code", "altKey", "ctrlKey", "shiftKey", "metaKey", "repeat", "button",
    "buttons", "clientX", "clientY", "offsetX", "offsetY", "pageX", "pageY", "deltaX", "deltaY",
    "deltaMode", "inputType", "data", "isComposing", "detail", "pointerType"];

  var nodes = new Map();
  var container = null;
  var dispatcher = null;
  var listening = {};
  // removed subtrees (roots) whose ids are still to be forgotten; a flush is pending while it is non-empty
  var dropped = [];
  // clones whose ids are not registered yet, by first id: {start, end, node}; node is null once registered or gone
  var lazy = [];
  // the highest id given out since mount: only a clone numbered above it may wait (no stale entry can shadow it)
  var highest = -1;

  function mount(element) {
    if (container === element) return;
    container = element;
    listening = {};
    dropped = [];
    lazy = [];
    highest = -1;
    nodes.clear();
    nodes.set(0, element);
    element.__pvId = 0;
  }

  function get(id) {
    var node = nodes.get(id);
    if (node === undefined && lazy.length > 0) node = claim(id);
    if (node === undefined) throw new Error("pyviewDom: no node " + id);
    return node;
  }

  // The waiting clone that holds `id` registers all its ids; undefined if none does.
  function claim(id) {
    var low = 0, high = lazy.length - 1;
    while (low <= high) {  // the last clone starting at or before `id`
      var middle = (low + high) >> 1;
      if (lazy[middle].start <= id) low = middle + 1;
      else high = middle - 1;
    }
    if (high < 0 || id >= lazy[high].end || lazy[high].node === null) return undefined;
    register(lazy[high]);
    return nodes.get(id);
  }

  function register(entry) {
    var node = entry.node;
    entry.node = node.__pvLazy = null;
    number(node, { id: entry.start });
  }

  // ids in the order create() gives them: depth first, parents before children
  function number(node, counter) {
    var id = counter.id++;
    node.__pvId = id;
    nodes.set(id, node);
    for (var child = node.firstChild; child !== null; child = child.nextSibling) number(child, counter);
  }

  // the id of an event's target, registering the clone it is in if it waits
  function idOf(target) {
    for (var node = target; target.__pvId === undefined && node && node !== container; node = node.parentNode) {
      if (node.__pvLazy) register(node.__pvLazy);
    }
    return target.__pvId;
  }

  function inSvg(parent) {
    return parent.namespaceURI === SVG_NS && parent.localName !== "foreignObject";
  }

  // -- building ------------------------------------------------------------------------------------------
  function create(tree, svg, counter) {
    var id = counter.id++;
    if (typeof tree === "string") {
      var text = document.createTextNode(tree);
      text.__pvId = id;
      nodes.set(id, text);
      return text;
    }
    var tag = tree[0];
    var svgHere = svg || tag === "svg";
    var attrs = tree.length > 1 ? tree[1] : null;
    var el, why = policy.tag(tag);
    if (why === null) {
      el = svgHere ? document.createElementNS(SVG_NS, tag) : document.createElement(tag);
    } else {  // an inert stand-in keeps the ids of the subtree in step with Python's
      refused("<" + tag + ">", why);
      el = document.createElement("pyview-refused");
      attrs = null;
    }
    el.__pvId = id;
    nodes.set(id, el);
    var props = null;
    var name;
    if (attrs) {
      for (name in attrs) {
        if (name.charCodeAt(0) === 46) (props || (props = [])).push(name);
        else if (name === "autofocus") lateAutofocus.push(el); // once in the page (see apply)
        else setAttr(el, name, attrs[name]);
      }
    }
    if (tree.length > 2) build(el, tree[2], svgHere && tag !== "foreignObject", counter);
    if (props) {  // after the children, so a <select>'s options exist when its value is set
      for (var j = 0; j < props.length; j++) setAttr(el, props[j], attrs[props[j]]);
    }
    return el;
  }

  // Appends the nodes of `trees` to `parent`. A tree shaped like the one before it (the rows of a list: the same
  // tags, attributes and children, only texts and handler ids differ) is a clone of that one's node, one DOM call
  // instead of one per node and attribute. The clone holds only what the policy already let through for the node it
  // copies; a node that had anything refused is not copied, so each tree like it is checked and warned about again.
  function build(parent, trees, svg, counter) {
    /** @type {Node | null} */ var model = null;
    var modelTree = null;
    for (var i = 0; i < trees.length; i++) {
      var tree = trees[i], node, copyable = model !== null && alike(modelTree, tree);
      if (copyable) {
        node = model.cloneNode(true);
        var start = counter.id;
        bind(node, tree, modelTree, counter);
        if (counter.wait) lazy.push(node.__pvLazy = { start: start, end: counter.id, node: node });
      } else {
        var warned = refusals;
        node = create(tree, svg, counter);
        copyable = typeof tree !== "string" && refusals === warned;
      }
      parent.appendChild(node);
      model = copyable ? node : null;
      modelTree = tree;
    }
  }

  // Whether `tree` may be built as a clone of the node built from `model` (see build): no properties, no raw HTML.
  function alike(model, tree) {
    if (typeof model === "string") return typeof tree === "string";
    if (typeof tree === "string" || model[0] !== tree[0] || model.length !== tree.length) return false;
    if (model.length < 2) return true;
    var a = model[1], b = tree[1], count = 0, name;
    if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
    for (name in a) {
      var first = name.charCodeAt(0);
      if (first === 46 || first === 33) return false;
      if (first === 64 ? !(name in b) : a[name] !== b[name]) return false;
      count++;
    }
    for (name in b) count--;
    if (count !== 0) return false;
    if (model.length < 3) return true;
    var kids = model[2], others = tree[2];
    if (!Array.isArray(kids) || !Array.isArray(others) || kids.length !== others.length) return false;
    for (var i = 0; i < kids.length; i++) if (!alike(kids[i], others[i])) return false;
    return true;
  }

  // Gives the nodes of a clone their texts and handlers from `tree` (`model` is what the clone shows now), and their
  // ids unless the clone waits (counter.wait).
  function bind(node, tree, model, counter) {
    var id = counter.id++;
    if (!counter.wait) {
      node.__pvId = id;
      nodes.set(id, node);
    }
    if (typeof tree === "string") {
      if (tree !== model) node.data = tree;
      return;
    }
    if (tree.length < 2) return;
    var attrs = tree[1];
    for (var name in attrs) if (name.charCodeAt(0) === 64) setAttr(node, name, attrs[name]);
    if (tree.length < 3) return;
    var kids = tree[2], models = model[2], child = node.firstChild;
    for (var i = 0; i < kids.length; i++, child = child.nextSibling) bind(child, kids[i], models[i], counter);
  }

  function insert(parent, before, firstId, trees) {
    var svg = inSvg(parent);
    var counter = { id: firstId, wait: firstId > highest };
    if (trees.length === 1) {
      parent.insertBefore(create(trees[0], svg, counter), before);
    } else {
      var fragment = document.createDocumentFragment();
      build(fragment, trees, svg, counter);
      parent.insertBefore(fragment, before);
    }
    if (counter.id > highest) highest = counter.id - 1;
  }

  // Only the entry that still points at this node goes: a renderer that starts over (a server-runtime session
  // rebuilt from its snapshot numbers from 1 again) may already have given the id to a new node.
  function forget(node) {
    if (node.__pvLazy) {  // a clone still waiting: none of its ids was registered
      node.__pvLazy.node = null;
      return;
    }
    var id = node.__pvId;
    if (id !== undefined && nodes.get(id) === node) nodes.delete(id);
    for (var child = node.firstChild; child !== null; child = child.nextSibling) forget(child);
  }

  // `node` has left the tree (or is about to): its ids go after the paint, see the header.
  function drop(node) {
    if (dropped.push(node) === 1) {
      if (typeof requestAnimationFrame === "function") {
        requestAnimationFrame(function () { setTimeout(flush, 0); });
      }
      setTimeout(flush, 250);  // hidden frames get no animation frames
    }
  }

  // drops every child of `parent` (then the caller empties it in one operation)
  function dropChildren(parent) {
    for (var child = parent.firstChild; child !== null; child = child.nextSibling) drop(child);
  }

  function flush() {
    var list = dropped;
    dropped = [];
    for (var i = 0; i < list.length; i++) forget(list[i]);
    lazy = lazy.filter(function (entry) { return entry.node !== null; });
  }

  // -- attributes, properties, handlers --------------------------------------------------------------------
  // how many things were refused so far: build() copies no node that had a refusal
  var refusals = 0;

  function refused(what, why) {
    refusals++;
    if (typeof console !== "undefined") console.warn("pyviewDom: refused " + what + ": " + why);
  }

  // Raw HTML is parsed into an inert document (no script runs, nothing loads) and copied node by node through the
  // same policy as everything else: the HTML a View opts into is still never handed to innerHTML.
  function setHtml(el, html) {
    while (el.firstChild !== null) el.removeChild(el.firstChild);
    if (!html) return;
    if (typeof DOMParser === "undefined") return refused("raw HTML", "this engine has no DOMParser");
    var svg = inSvg(el);
    var parsed = new DOMParser().parseFromString(svg ? "<svg>" + html + "</svg>" : html, "text/html").body;
    copyChildren(svg ? parsed.firstChild : parsed, el);
  }

  function copyChildren(from, to) {
    for (var node = from ? from.firstChild : null; node !== null; node = node.nextSibling) {
      if (node.nodeType === 3) {
        to.appendChild(document.createTextNode(node.data));
      } else if (node.nodeType === 1) {
        var why = policy.tag(node.localName);
        if (why !== null) {
          refused("<" + node.localName + "> in raw HTML", why);
          continue;
        }
        var copy = node.namespaceURI === SVG_NS ? document.createElementNS(SVG_NS, node.localName)
          : document.createElement(node.localName);
        for (var i = 0; i < node.attributes.length; i++) {
          var attr = node.attributes[i];
          var no = policy.attr(copy.localName, attr.name, attr.value);
          if (no === null) copy.setAttribute(attr.name, attr.value);
          else refused(attr.name + " on <" + copy.localName + "> in raw HTML", no);
        }
        copyChildren(node.localName === "template" ? node.content : node, copy);
        to.appendChild(copy);
      }
    }
  }

  function setAttr(el, name, value) {
    var first = name.charCodeAt(0);
    if (first === 64) {  // "@type": handlerId, or [handlerId, flags]; kept as sent (no array per plain handler)
      var type = name.slice(1);
      var handlers = el.__pvH || (el.__pvH = {});
      if (value === null) delete handlers[type];
      else {
        handlers[type] = value;
        listen(type);
      }
    } else if (first === 46) {  // ".value", ".checked": properties
      if (policy.prop(name.slice(1))) setProp(el, name.slice(1), value);
      else refused("property " + name, "only value, checked and indeterminate are set");
    } else if (first === 33) {  // "!html": dangerously_set_inner_html, through the policy (never innerHTML)
      dropChildren(el);
      setHtml(el, value === null ? "" : String(value));
    } else if (value === null) {
      el.removeAttribute(name);
    } else {
      var why = policy.attr(el.localName, name, value);
      if (why === null) {
        el.setAttribute(name, value);
        if (name === "autofocus" && el.isConnected) autofocused = el; // set by a patch on a node already there
      } else {  // skipped, and an older value it replaces is gone too
        refused(name + "=" + JSON.stringify(String(value)) + " on <" + el.localName + ">", why);
        el.removeAttribute(name);
      }
    }
  }

  function setProp(el, prop, value) {
    if (prop !== "value") {
      if (el[prop] !== value) el[prop] = value;
      return;
    }
    var old = el.value;
    if (old === value) return;  // the usual case while typing: nothing to do, the caret stays
    if (el === document.activeElement && typeof el.selectionStart === "number") {
      var start = el.selectionStart, end = el.selectionEnd;
      var atEnd = end === old.length;
      el.value = value;
      try {  // keep the caret: at the end if it was there, else at the same offset
        if (atEnd) el.setSelectionRange(value.length, value.length);
        else el.setSelectionRange(Math.min(start, value.length), Math.min(end, value.length));
      } catch (e) { /* input types without selection */ }
    } else {
      el.value = value;
    }
  }

  // -- hydration -------------------------------------------------------------------------------------------
  function significant(parent) {
    var out = [];
    for (var child = parent.firstChild; child !== null; child = child.nextSibling) {
      if (child.nodeType !== 8) out.push(child);  // comments separate adjacent texts, then are skipped
    }
    return out;
  }

  function matches(children, trees) {
    if (children.length !== trees.length) return false;
    for (var i = 0; i < trees.length; i++) {
      var tree = trees[i], child = children[i];
      if (typeof tree === "string") {
        if (child.nodeType !== 3) return false;
      } else {
        if (child.nodeType !== 1 || child.localName !== tree[0] || policy.tag(tree[0]) !== null) return false;
        var attrs = tree.length > 1 ? tree[1] : null;
        if (!(attrs && "!html" in attrs) && !matches(significant(child), tree.length > 2 ? tree[2] : [])) {
          return false;
        }
      }
    }
    return true;
  }

  function adopt(node, tree, counter) {
    var id = counter.id++;
    node.__pvId = id;
    nodes.set(id, node);
    // handlers come from the tree alone: one the server runtime set on this node must not outlive a hand-over
    if (node.__pvH) node.__pvH = undefined;
    // a clone the shim's first paint built, adopted by Python: its ids are registered here, it waits no more
    if (node.__pvLazy) node.__pvLazy = node.__pvLazy.node = null;
    if (typeof tree === "string") {
      if (node.data !== tree) node.data = tree;
      return;
    }
    var attrs = tree.length > 1 ? tree[1] : {};
    // the pre-rendered attributes are checked like any others: what the tree lacks or the policy refuses goes
    var present = Array.prototype.slice.call(node.attributes);
    for (var i = 0; i < present.length; i++) {
      var old = present[i];
      if (!(old.name in attrs) || policy.attr(node.localName, old.name, old.value) !== null) {
        node.removeAttribute(old.name);
      }
    }
    var name;
    for (name in attrs) {
      var first = name.charCodeAt(0);
      if (first === 46) continue;  // properties after the children
      // an attribute still present passed the policy just above; anything else goes through setAttr's check
      if (first !== 33 && first !== 64 && node.getAttribute(name) === attrs[name]) continue;
      setAttr(node, name, attrs[name]);
    }
    if (tree.length > 2) {
      var children = significant(node), kids = tree[2];
      for (var j = 0; j < kids.length; j++) adopt(children[j], kids[j], counter);
    }
    for (name in attrs) if (name.charCodeAt(0) === 46) setAttr(node, name, attrs[name]);
  }

  function hydrate(parent, firstId, trees) {
    var children = significant(parent);
    if (children.length > 0 && matches(children, trees)) {
      var counter = { id: firstId };
      for (var i = 0; i < trees.length; i++) adopt(children[i], trees[i], counter);
      if (counter.id > highest) highest = counter.id - 1;
      return;
    }
    // Different from the pre-rendered HTML: replace it within this task, so no frame shows it empty.
    dropChildren(parent);
    parent.textContent = "";
    insert(parent, null, firstId, trees);
  }

  // -- applying a patch ------------------------------------------------------------------------------------
  function apply(json) {
    if (container === null) mount(document.getElementById("pyview-root"));
    if (focusLater === null) {  // the first patch of this task: where focus is before any of them
      var before = trail(document.activeElement);
      focusLater = setTimeout(function () { focusLater = null; keepFocus(before); }, 0);
    }
    var ops = JSON.parse(json);
    for (var i = 0; i < ops.length; i++) {
      var op = ops[i];
      switch (op[0]) {
        case 0: insert(get(op[1]), op[2] === null ? null : get(op[2]), op[3], op[4]); break;
        case 1: { var node = get(op[1]); drop(node); node.parentNode.removeChild(node); break; }
        case 2: get(op[1]).insertBefore(get(op[2]), op[3] === null ? null : get(op[3])); break;
        case 3: setAttr(get(op[1]), op[2], op[3]); break;
        case 4: get(op[1]).data = op[2]; break;
        case 5: {
          var parent = get(op[1]);
          dropChildren(parent);
          parent.textContent = "";
          break;
        }
        case 6: hydrate(get(op[1]), op[2], op[3]); break;
        case 7: { var wanted = get(op[1]); if (wanted.nodeType === 1) autofocused = wanted; break; } // after the task
        default: throw new Error("pyviewDom: unknown op " + JSON.stringify(op));
      }
    }
    // `autofocus` is set only once its element is in the page: inserted with it, the browser's own autofocus would
    // run (and Chromium logs an error for it in a cross-origin frame); setAttr marks it for keepFocus instead.
    for (var k = 0; k < lateAutofocus.length; k++) setAttr(lateAutofocus[k], "autofocus", "");
    lateAutofocus.length = 0;
  }

  // -- focus (see the header) --------------------------------------------------------------------------------
  var FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), " +
    "select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";
  // Focus moves after the task that patched: a key's own default action (Enter's click comes after its keydown)
  // must not land on the control focus moves to.
  // A control disabled while focused (a button busy with its action) loses focus to <body>: it is `parked`, and
  // gets focus back when it is enabled again.
  var autofocused = null, dialog = null, opener = null, focusLater = null, parked = null, lateAutofocus = [];

  function focusables(root) {
    return Array.prototype.filter.call(root.querySelectorAll(FOCUSABLE), function (el) {
      return el.getClientRects().length > 0;
    });
  }

  // `el`, or when it takes no focus itself (a radio group's box), its first control in the tab order
  function focusIn(el) {
    if (!el.matches(FOCUSABLE) && el.tabIndex < 0) {
      var inside = focusables(el).filter(function (item) { return item.tabIndex >= 0; })[0];
      if (inside) return inside.focus();
    }
    el.focus();
  }

  // `el` and its ancestors up to the container, or null (nothing of the View is focused): a removed subtree loses
  // its parentNode, so where focus was is remembered before a patch
  function trail(el) {
    if (!el || !container.contains || !container.contains(el) || el === container) return null;
    var out = [];
    for (var node = el; node && node !== container; node = node.parentNode) out.push(node);
    out.push(container);
    return out;
  }

  // focus the trail's element if still there, else the first control in its nearest ancestor still in the page
  function focusNear(path) {
    for (var i = 0; path && i < path.length; i++) {
      var node = path[i];
      if (!node.isConnected) continue;
      if (i === 0 && node.focus) return node.focus();
      var first = focusables(node)[0];
      if (first) return first.focus();
    }
  }

  function keepFocus(focused) {
    var wanted = autofocused;
    autofocused = null;
    if (typeof container.querySelector !== "function") return;  // a DOM without selectors (a test's fake DOM)
    var modal = container.querySelector("[aria-modal='true']");
    if (modal !== dialog) {
      if (dialog === null) opener = focused;
      dialog = modal;
      if (modal === null) return focusNear(opener);
      if (!modal.contains(wanted)) wanted = focusables(modal)[0] || null;
    }
    if (wanted && wanted.isConnected) return focusIn(wanted);
    var active = document.activeElement;
    // a disabled element may stay document.activeElement until the browser's next focus fix-up
    if (active !== null && active !== document.body && /** @type {any} */ (active).disabled !== true) return (parked = null);
    if (focused && focused[0].isConnected && focused[0].disabled) return (parked = focused);
    if (focused && !focused[0].isConnected) return focusNear(focused);
    if (parked && (!parked[0].isConnected || !parked[0].disabled)) {
      var back = parked;
      parked = null;
      focusNear(back);
    }
  }

  // Tab and Shift+Tab cycle through the open dialog's controls
  if (typeof document.addEventListener === "function") document.addEventListener("keydown", function (ev) {
    if (ev.key !== "Tab" || dialog === null || !dialog.isConnected) return;
    var items = focusables(dialog);
    if (items.length === 0) return;
    var first = items[0], last = items[items.length - 1], active = document.activeElement;
    if (!dialog.contains(active) || (ev.shiftKey ? active === first : active === last)) {
      ev.preventDefault();
      (ev.shiftKey ? last : first).focus();
    }
  }, true);

  // -- events ----------------------------------------------------------------------------------------------
  function listen(type) {
    if (listening[type] === 1) return;
    listening[type] = 1;
    container.addEventListener(type, onEvent, CAPTURE[type] === 1);
    if (type === "submit") {
      container.addEventListener("click", onImplicitSubmit);
      container.addEventListener("keydown", onImplicitSubmit);
    }
  }

  // Hosts sandbox Views without "allow-forms", so the browser never fires "submit". A form with a submit handler
  // therefore submits here: on its submit button's click, or Enter in one of its text fields. The native
  // submission is always prevented, so a host that does allow forms sees the same single submit.
  function onImplicitSubmit(ev) {
    var target = ev.target, form = null, submitter = null;
    if (ev.type === "click") {
      submitter = target.closest && target.closest("button, input[type=submit], input[type=image]");
      if (!submitter || submitter.type !== "submit" && submitter.type !== "image") return;
      form = submitter.form;
    } else {
      if (ev.key !== "Enter" || ev.isComposing || target.localName !== "input") return;
      if (/^(button|submit|reset|checkbox|radio|file|image|color|range)$/.test(target.type)) return;
      form = target.form;
      submitter = form && form.querySelector("button:not([type]), button[type=submit], input[type=submit]");
    }
    if (!form || !form.__pvH || form.__pvH.submit === undefined) return;
    ev.preventDefault();
    if (submitter && submitter.disabled) return;
    onEvent({ type: "submit", target: form, submitter: submitter, preventDefault: function () {},
      stopPropagation: function () {} });
  }

  function formData(form, submitter) {
    var out = {}, data;
    try { data = new FormData(form, submitter || undefined); } catch (e) { data = new FormData(form); }
    data.forEach(function (value, name) {
      var v = typeof value === "string" ? value : value.name;
      if (!(name in out)) out[name] = v;
      else if (Array.isArray(out[name])) out[name].push(v);
      else out[name] = [out[name], v];
    });
    return out;
  }

  function serialize(ev) {
    var target = ev.target, out = { type: ev.type };
    if (target && idOf(target) !== undefined) out.target = target.__pvId;
    if (target && target.nodeType === 1) {
      var tag = target.localName;
      if (tag === "input" || tag === "textarea" || tag === "select") out.value = target.value;
      if (target.type === "checkbox" || target.type === "radio") out.checked = target.checked;
      if (tag === "select" && target.multiple) {
        out.values = [];
        for (var o = 0; o < target.options.length; o++) {
          if (target.options[o].selected) out.values.push(target.options[o].value);
        }
      }
      if (target.files) {
        out.files = [];
        for (var f = 0; f < target.files.length; f++) out.files.push(target.files[f].name);
      }
      if (ev.type === "scroll") { out.scrollTop = target.scrollTop; out.scrollLeft = target.scrollLeft; }
      if (ev.type === "submit" && tag === "form") out.form = formData(target, ev.submitter);
    }
    for (var i = 0; i < EVENT_FIELDS.length; i++) {
      var v = ev[EVENT_FIELDS[i]];
      if (v !== undefined && v !== null && typeof v !== "object" && typeof v !== "function") {
        out[EVENT_FIELDS[i]] = v;
      }
    }
    return JSON.stringify(out);
  }

  function onEvent(ev) {
    var type = ev.type, payload = null, own = OWN[type] === 1;
    for (var node = ev.target; node !== null && node !== undefined; node = node.parentNode) {
      var handlers = node.__pvH, spec = handlers && handlers[type];
      if (spec !== undefined && spec !== null) {
        var plain = typeof spec === "number", flags = plain ? 0 : spec[1];
        if (flags & 1) ev.preventDefault();
        if (payload === null) payload = serialize(ev);
        if (dispatcher !== null) dispatcher(plain ? spec : spec[0], payload);
        if (flags & 2) { ev.stopPropagation(); break; }
      }
      if (own || node === container) break;
    }
  }

  globalThis.pyviewDom = {
    mount: mount,
    apply: apply,
    setDispatcher: function (fn) { dispatcher = fn; },
    dispatch: function (hid, payload) { if (dispatcher !== null) dispatcher(hid, payload); },
    node: function (id) { flush(); return nodes.get(id) || claim(id); },
    size: function () {
      flush();
      for (var i = 0; i < lazy.length; i++) if (lazy[i].node !== null) register(lazy[i]);
      return nodes.size;
    }
  };
})();
