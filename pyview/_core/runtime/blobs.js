/* pyview blobs: what only documents that carry blobs need (not runtime "server").
 *
 *   pyviewBase85(text, size) -> Uint8Array of `size` bytes: a blob's text (or its parts' texts) back to bytes
 *   pyviewBlobNodes(first) -> the elements holding a blob's parts, from the one with its id on
 *   pyviewRunModule(code) -> Promise of Pyodide's module factory: runs the inline runtime's Emscripten module (its
 *       blob inflated) as an inline module script (CSP forbids blob: and eval; 'unsafe-inline' allows this);
 *       the packager made its last line call globalThis.__pyviewModuleReady
 *
 * 5 characters -> 4 bytes, big-endian, zero-padded to a multiple of 4. The alphabet is Python's base85 with
 * `& < > backtick` swapped for `. , / :` (pyview/_tooling/packager/_document.py BASE85 must match): nothing in it needs escaping
 * in HTML or in a JSON string. Denser than base64, and a plain loop decodes it quickly.
 */
(function () {
  "use strict";
  var ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%.()*+-;,=/?@^_:{|}~";
  var DIGIT = new Uint8Array(128);
  for (var i = 0; i < 85; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

  // text: a string, or the blob's parts (each but the last a multiple of 5 characters long)
  globalThis.pyviewBase85 = function (text, size) {
    var parts = typeof text === "string" ? [text] : text;
    var length = 0;
    for (var p = 0; p < parts.length; p++) length += parts[p].length;
    var bytes = new Uint8Array(Math.ceil(length / 5) * 4);
    for (var p = 0, o = 0; p < parts.length; p++) {
      var part = parts[p];
      for (var i = 0; i < part.length; i += 5, o += 4) {
        var v = (((DIGIT[part.charCodeAt(i)] * 85 + DIGIT[part.charCodeAt(i + 1)]) * 85 +
          DIGIT[part.charCodeAt(i + 2)]) * 85 + DIGIT[part.charCodeAt(i + 3)]) * 85 + DIGIT[part.charCodeAt(i + 4)];
        bytes[o] = v / 16777216; // ToUint8 keeps the low 8 bits of the integer part
        bytes[o + 1] = v >>> 16;
        bytes[o + 2] = v >>> 8;
        bytes[o + 3] = v;
      }
    }
    return bytes.subarray(0, size);
  };

  // A blob's elements: the first (id pyview-blob:NAME, data-parts) and the parts after it (the packager splits a blob's
  // text so that WebKit's parser, which the first tool result waits for, never builds one multi-MB text token).
  globalThis.pyviewBlobNodes = function (first) {
    var nodes = [first];
    for (var count = Number(first.dataset.parts || 1); nodes.length < count;) {
      var next = nodes[nodes.length - 1].nextElementSibling;
      if (!next || next.id || next.type !== "application/octet-stream") {
        throw new Error("the document is cut short: " + first.id + " has " + nodes.length + " of its " + count + " parts");
      }
      nodes.push(next);
    }
    return nodes;
  };

  globalThis.pyviewRunModule = function (code) {
    return new Promise(function (resolve) {
      globalThis.__pyviewModuleReady = function () { resolve(globalThis.__pyviewCreatePyodideModule); };
      var script = document.createElement("script");
      script.type = "module";
      script.textContent = code;
      document.head.append(script);
    });
  };
})();
