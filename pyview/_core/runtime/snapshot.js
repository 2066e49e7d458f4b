/* pyview memory snapshot loader: Python restored already started, with pyview and the View imported.
 * Used by boot.js when the build baked a snapshot (pyview build --snapshot); see docs/ARCHITECTURE.md.
 *
 *   pyviewSnapshot.start(loadPyodide, options, config, blobResponse)
 *       -> the Pyodide instance: restored from the snapshot when it is there, matches and restores; otherwise a
 *          plain start, after a console note saying why.
 *
 * The snapshot is a private Pyodide API, valid only for the exact build that made it: its header carries the build
 * id, checked here against the one the build pinned (config.snapshot.buildId), and by Pyodide against its own.
 */
(function () {
  "use strict";
  var MAGIC_WORDS = 4; // header: magic, json offset, json length, reserved, then the 256-bit build id

  function buildIdOf(bytes) {
    if (bytes.byteLength < (MAGIC_WORDS + 8) * 4) return "";
    var words = new Uint32Array(bytes.buffer, bytes.byteOffset, MAGIC_WORDS + 8);
    var out = "";
    for (var i = MAGIC_WORDS; i < MAGIC_WORDS + 8; i++) out += words[i].toString(16).padStart(8, "0");
    return out;
  }

  async function fetchBytes(spec, blobResponse) {
    var response;
    if (spec.url) {
      response = await fetch(spec.url);
      if (!response.ok) throw new Error("HTTP " + response.status + " for " + spec.url);
      response = new Response(response.body.pipeThrough(new DecompressionStream("gzip")));
    } else {
      response = blobResponse(spec.blob || spec.part); // a blob of the document, or a fetched runtime part
      if (!response.ok) throw new Error("the document has no " + (spec.blob || spec.part));
    }
    var bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength !== spec.bytes) {
      throw new Error("it has " + bytes.byteLength + " bytes, not the " + spec.bytes + " the build made");
    }
    var id = buildIdOf(bytes);
    if (id !== spec.buildId) {
      throw new Error("it was made for Pyodide build " + id.slice(0, 12) + "…, the View pins " +
        spec.buildId.slice(0, 12) + "…");
    }
    return bytes;
  }

  function note(why) {
    console.info("pyview: starting Python without its memory snapshot (a plain, slower start): " + why);
  }

  async function start(loadPyodide, options, config, blobResponse) {
    var spec = config.snapshot;
    if (!spec) return loadPyodide(options);
    try {
      return await restoreOrStart(loadPyodide, options, spec, blobResponse);
    } finally {
      ["pyodide.asm.wasm", "python_stdlib.zip"].forEach(function (name) { // kept for a fallback until now
        var node = document.getElementById("pyview-blob:" + name);
        if (node) globalThis.pyviewBlobNodes(node).forEach(function (part) { part.remove(); });
      });
    }
  }

  async function restoreOrStart(loadPyodide, options, spec, blobResponse) {
    var bytes;
    try {
      bytes = await fetchBytes(spec, blobResponse);
    } catch (error) {
      note("the snapshot could not be used: " + (error && error.message || error));
      return loadPyodide(options);
    }
    var restored;
    try {
      restored = await loadPyodide(Object.assign({}, options, { _loadSnapshot: bytes }));
    } catch (error) {
      note("restoring it failed: " + (error && error.message || error));
      return loadPyodide(options);
    }
    globalThis.pyviewBoot.marks.snapshot = performance.timeOrigin + performance.now();
    return restored;
  }

  globalThis.pyviewSnapshot = { start: start, buildIdOf: buildIdOf };
})();
