/* pyview security policy. GENERATED from pyview/_core/components/_policy.py
 * by `python -m pyview._tooling.packager._policy_js`:
 * do not edit (a test fails when this file is out of date). Loaded before dom.js, which asks it before it creates
 * an element, sets an attribute or a property, and when it adopts pre-rendered nodes.
 *
 *   pyviewPolicy.tag(name)               null, or why an element <name> may not be created
 *   pyviewPolicy.attr(tag, name, value)  null, or why name=value may not be set on <tag>
 *   pyviewPolicy.prop(name)              whether a patch may set the DOM property `name`
 */
(function () {
  "use strict";
  // the table: pyview._core.components._policy.TABLE
  var T = {
    "animationTags": ["animate", "animatecolor", "animatemotion", "animatetransform", "set"],
    "animationTargetAttr": ["attributename"],
    "animationValueAttrs": ["by", "from", "to", "values"],
    "dataTypePrefixes": ["audio/", "video/"],
    "dataTypes": ["image/avif", "image/bmp", "image/gif", "image/jpeg", "image/jpg", "image/png", "image/vnd.microsoft.icon", "image/webp", "image/x-icon"],
    "documentMembers": ["activeElement", "addEventListener", "body", "createDocumentFragment", "createElement", "createElementNS", "createTextNode", "documentElement", "getElementById", "head", "readyState"],
    "frameTags": ["embed", "fencedframe", "frame", "iframe", "object", "portal"],
    "imageContexts": ["feimage href", "image href", "img src", "input src", "video poster"],
    "imageOnlyDataTypes": ["image/svg+xml"],
    "namedTags": ["embed", "form", "iframe", "img", "object"],
    "namingAttrs": ["id", "name"],
    "properties": ["checked", "indeterminate", "value"],
    "refusedAttrs": ["http-equiv", "srcdoc"],
    "refusedTags": ["base", "link", "meta", "plaintext", "script"],
    "safeSchemes": ["http", "https", "mailto", "tel"],
    "urlAttrs": ["action", "archive", "background", "base", "cite", "classid", "codebase", "data", "dynsrc", "formaction", "href", "icon", "longdesc", "lowsrc", "manifest", "ping", "poster", "profile", "src", "usemap"]
  };
  function set(list) {
    var out = Object.create(null);
    for (var i = 0; i < list.length; i++) out[list[i]] = 1;
    return out;
  }
  var REFUSED_TAGS = set(T.refusedTags), REFUSED_ATTRS = set(T.refusedAttrs), URL_ATTRS = set(T.urlAttrs);
  var SAFE_SCHEMES = set(T.safeSchemes), DATA_TYPES = set(T.dataTypes), PREFIXES = T.dataTypePrefixes;
  var IMAGE_ONLY = set(T.imageOnlyDataTypes), IMAGE_CONTEXTS = set(T.imageContexts), FRAMES = set(T.frameTags);
  var ANIMATIONS = set(T.animationTags), ANIMATION_VALUES = set(T.animationValueAttrs);
  var TARGET = T.animationTargetAttr[0], PROPERTIES = set(T.properties);
  var NAMED_TAGS = set(T.namedTags), NAMING = set(T.namingAttrs), MEMBERS = set(T.documentMembers);
  var NAME = /^[A-Za-z][A-Za-z0-9_.\-]*(?::[A-Za-z][A-Za-z0-9_.\-]*)?$/;
  var SCHEME = /^[a-z][a-z0-9+.\-]*$/;
  // verdicts by name, filled on first use up to a bound (names can come from data)
  var kinds = Object.create(null), tags = Object.create(null), cached = 0, CACHE_MAX = 4096;
  var ON_WHY = "inline event handlers run code (pass a Python function: on_click=handler)";

  function lower(text) {  // ASCII only, as the Python side
    return text.replace(/[A-Z]+/g, function (m) { return m.toLowerCase(); });
  }
  function squash(text) {  // every control character and space dropped, then ASCII lower case
    return lower(text.replace(/[\u0000-\u0020\u007f]+/g, ""));
  }
  function local(name) { return lower(name.slice(name.lastIndexOf(":") + 1)); }

  function tag(name) {
    name = String(name);
    var found = tags[name];
    if (found !== undefined) return found;
    found = null;
    if (!NAME.test(name)) found = "not a valid element name";
    else if (REFUSED_TAGS[local(name)] === 1) found = "the element runs code or changes how the whole document loads";
    if (cached++ < CACHE_MAX) tags[name] = found;
    return found;
  }

  function kind(name) {
    var found = kinds[name];
    if (found !== undefined) return found;
    var l = local(name);
    if (!NAME.test(name)) found = "not a valid attribute name";
    else if (l.slice(0, 2) === "on") found = ON_WHY;
    else if (REFUSED_ATTRS[l] === 1) found = "the attribute can load a document or run code";
    else if (URL_ATTRS[l] === 1 || ANIMATION_VALUES[l] === 1 || l === TARGET || NAMING[l] === 1) found = 1;
    else found = 0;
    if (cached++ < CACHE_MAX) kinds[name] = found;
    return found;
  }

  function url(element, attr, value) {
    if (value.indexOf(":") < 0) return null;
    var squashed = squash(value), colon = squashed.indexOf(":"), scheme = squashed.slice(0, colon);
    if (!SCHEME.test(scheme)) return null;  // no scheme: a relative URL
    if (SAFE_SCHEMES[scheme] === 1) return null;
    if (scheme !== "data") return "the scheme '" + scheme + ":' is not allowed";
    if (FRAMES[element] === 1) {
      return "a data: URL is not allowed in <" + element + "> (it would be a document of its own)";
    }
    var media = squashed.slice(colon + 1).split(",")[0].split(";")[0];
    if (DATA_TYPES[media] === 1) return null;
    for (var i = 0; i < PREFIXES.length; i++) if (media.slice(0, PREFIXES[i].length) === PREFIXES[i]) return null;
    if (IMAGE_ONLY[media] === 1 && IMAGE_CONTEXTS[element + " " + attr] === 1) return null;
    return "a data: URL of type '" + media + "' is not allowed in <" + element + " " + attr + ">";
  }

  function attr(tagName, name, value) {
    name = String(name);
    var k = kind(name);
    if (k === 0) return null;
    if (typeof k === "string") return k;
    var l = local(name), element = local(String(tagName));
    value = String(value);
    if (NAMING[l] === 1) {
      if (NAMED_TAGS[element] === 1 && MEMBERS[value] === 1) {
        return "the name would replace document." + value + ", which pyview's runtime calls";
      }
      return null;
    }
    if (URL_ATTRS[l] === 1) return url(element, l, value);
    if (ANIMATIONS[element] !== 1) return null;
    if (l === TARGET) {
      var target = local(squash(value));
      if (target.slice(0, 2) === "on" || REFUSED_ATTRS[target] === 1) {
        return "an animation may not write '" + target + "'";
      }
      return null;
    }
    var parts = value.split(";");  // to/from/by/values: what the animation writes, maybe into an href
    for (var j = 0; j < parts.length; j++) {
      var why = url(element, l, parts[j]);
      if (why !== null) return why;
    }
    return null;
  }

  globalThis.pyviewPolicy = Object.freeze({
    tag: tag,
    attr: attr,
    prop: function (name) { return PROPERTIES[name] === 1; },
    table: T
  });
})();
