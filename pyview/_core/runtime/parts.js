/* pyview runtime parts: the Python of an "auto" document, fetched in the background after the first paint.
 * config.runtime.parts names each part: its SHA-256, its stored size and encoding, and the ui:// URIs of its chunks.
 * A part comes from the runtime URL when the frame's CSP lets it (found by trying: after one failed fetch every later
 * part goes through the host), else through the host: resources/read of each chunk (at most 1 MiB of base64 each),
 * one chunk at a time.
 * Every part is checked against its SHA-256 before anything uses it.
 *
 *   pyviewParts(runtime, request) -> {get(name), via(), read()}
 *       get(name)  a Promise of the part's stored bytes (Uint8Array), fetched once, checked
 *       via()      "url", "host" or "url+host": where the parts came from (for the host log and the bench)
 *       read()     how many bytes came through the host's resources/read
 *   request(method, params) sends a JSON-RPC request to the host and resolves with its result.
 */
(function () {
  "use strict";

  function fromBase64(text) {
    if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(text);
    var binary = atob(text);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  // SHA-256 where crypto.subtle is missing (it exists only in secure contexts); FIPS 180-4, one pass over the bytes.
  var K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
    0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
    0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
    0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2,
  ]);
  function sha256Plain(bytes) {
    var total = bytes.length, padded = new Uint8Array(((total + 9 + 63) >> 6) << 6);
    padded.set(bytes);
    padded[total] = 0x80;
    var view = new DataView(padded.buffer);
    view.setUint32(padded.length - 8, Math.floor(total / 0x20000000));
    view.setUint32(padded.length - 4, (total << 3) >>> 0);
    var h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
      0x5be0cd19]);
    var w = new Uint32Array(64);
    for (var block = 0; block < padded.length; block += 64) {
      for (var t = 0; t < 16; t++) w[t] = view.getUint32(block + t * 4);
      for (t = 16; t < 64; t++) {
        var a15 = w[t - 15], a2 = w[t - 2];
        var s0 = ((a15 >>> 7) | (a15 << 25)) ^ ((a15 >>> 18) | (a15 << 14)) ^ (a15 >>> 3);
        var s1 = ((a2 >>> 17) | (a2 << 15)) ^ ((a2 >>> 19) | (a2 << 13)) ^ (a2 >>> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
      for (t = 0; t < 64; t++) {
        var S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
        var t1 = (k + S1 + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0;
        var S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
        var t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        k = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += k;
    }
    var out = "";
    for (var i = 0; i < 8; i++) out += h[i].toString(16).padStart(8, "0");
    return out;
  }

  async function sha256(bytes) {
    var subtle = globalThis.crypto && globalThis.crypto.subtle;
    if (subtle && typeof subtle.digest === "function") {
      var digest = new Uint8Array(await subtle.digest("SHA-256", bytes));
      var out = "";
      for (var i = 0; i < digest.length; i++) out += digest[i].toString(16).padStart(2, "0");
      return out;
    }
    return sha256Plain(bytes);
  }

  function pyviewParts(runtime, request) {
    var parts = runtime.parts || {};
    var useUrl = typeof runtime.url === "string" && runtime.url !== "";
    var used = {};
    var hostBytes = 0;
    var fetched = new Map();

    // One resources/read at a time: a host passes the View's messages to the server in order, so a DOM event's
    // tools/call made meanwhile waits behind at most one chunk, not behind the whole runtime.
    var reading = Promise.resolve();
    function hostRead(uri) {
      var read = reading.then(function () { return request("resources/read", { uri: uri }); });
      reading = read.catch(function () {});
      return read;
    }

    async function fromUrl(part) {
      var response = await fetch(runtime.url + "parts/" + part.sha256);
      if (!response.ok) throw new Error("HTTP " + response.status);
      return new Uint8Array(await response.arrayBuffer());
    }

    async function fromHost(name, part) {
      var chunks = part.chunks || [];
      if (!chunks.length) throw new Error("the part " + name + " has no ui:// chunks to read through the host");
      var pieces = await Promise.all(chunks.map(async function (uri) {
        var result = await hostRead(uri);
        var item = result && result.contents && result.contents[0];
        if (!item || typeof item.blob !== "string") throw new Error("resources/read of " + uri + " gave no blob");
        return fromBase64(item.blob);
      }));
      var bytes = new Uint8Array(part.bytes);
      var at = 0;
      for (var i = 0; i < pieces.length; i++) {
        if (at + pieces[i].length > bytes.length) throw new Error("the chunks of " + name + " are longer than it is");
        bytes.set(pieces[i], at);
        at += pieces[i].length;
      }
      hostBytes += at;
      return bytes.subarray(0, at);
    }

    async function load(name) {
      var part = parts[name];
      if (!part) throw new Error("this document names no runtime part " + name);
      var bytes = null, urlError = null;
      if (useUrl) {
        try {
          bytes = await fromUrl(part);
          used.url = 1;
        } catch (error) { // blocked by the frame's CSP, or unreachable: the host it is, from now on
          urlError = error;
          useUrl = false;
        }
      }
      if (bytes === null) {
        try {
          bytes = await fromHost(name, part);
        } catch (error) {
          var why = error && error.message || String(error);
          throw new Error(urlError ? "from the runtime URL: " + (urlError.message || urlError) + "; through the host: " +
            why : why);
        }
        used.host = 1;
      }
      if (bytes.length !== part.bytes || (await sha256(bytes)) !== part.sha256) {
        throw new Error("the runtime part " + name + " arrived damaged (its size or SHA-256 differs)");
      }
      return bytes;
    }

    return {
      get: function (name) {
        if (!fetched.has(name)) fetched.set(name, load(name));
        return fetched.get(name);
      },
      via: function () {
        return used.url && used.host ? "url+host" : used.url ? "url" : used.host ? "host" : null;
      },
      read: function () { return hostBytes; },
    };
  }

  pyviewParts.sha256 = sha256; // for tests: the check itself
  pyviewParts.sha256Plain = sha256Plain;
  globalThis.pyviewParts = pyviewParts;
})();
