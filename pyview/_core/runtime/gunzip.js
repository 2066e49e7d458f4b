// pyview gunzip: a small inflater (RFC 1951/1952) for engines without DecompressionStream (before Chrome 80,
// Firefox 113, Safari 16.4). boot.js uses it only when `typeof DecompressionStream !== "function"`: feature
// detection, never engine sniffing. pyviewGunzip(bytes: Uint8Array) -> Uint8Array, for one gzip member.
(() => {
  "use strict";
  const LEN_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258];
  const LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
  const DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
    3073, 4097, 6145, 8193, 12289, 16385, 24577];
  const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
  const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

  // A canonical Huffman code from its code lengths: how many codes of each length, the symbols in code order, and
  // a lookup table for codes of up to FAST bits (index: the next FAST input bits; value: symbol << 4 | length).
  const FAST = 9;
  const huffman = (lengths) => {
    const counts = new Uint16Array(16);
    const offsets = new Uint16Array(16);
    const symbols = new Uint16Array(lengths.length);
    const fast = new Uint16Array(1 << FAST);
    for (const length of lengths) counts[length]++;
    counts[0] = 0;
    for (let length = 1; length < 16; length++) offsets[length] = offsets[length - 1] + counts[length - 1];
    for (let symbol = 0; symbol < lengths.length; symbol++) {
      if (lengths[symbol]) symbols[offsets[lengths[symbol]]++] = symbol;
    }
    let code = 0;
    let index = 0;
    for (let length = 1; length <= FAST; length++) { // codes are consecutive within a length, in symbol order
      for (let i = 0; i < counts[length]; i++, code++) {
        let reversed = 0; // deflate sends Huffman codes most significant bit first
        for (let bit = 0; bit < length; bit++) reversed |= ((code >> bit) & 1) << (length - 1 - bit);
        for (let fill = reversed; fill < 1 << FAST; fill += 1 << length) fast[fill] = (symbols[index + i] << 4) | length;
      }
      index += counts[length];
      code <<= 1;
    }
    return { counts, symbols, fast };
  };
  const fixedLengths = new Uint8Array(288).fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
  const FIXED = [huffman(fixedLengths), huffman(new Uint8Array(30).fill(5))];

  const inflate = (data, start, out) => {
    let pos = start;
    let buffer = 0;
    let count = 0; // bits in buffer
    let o = 0;
    const bits = (n) => {
      while (count < n) {
        if (pos >= data.length) throw new Error("gzip data is truncated");
        buffer |= data[pos++] << count;
        count += 8;
      }
      const value = buffer & ((1 << n) - 1);
      buffer >>>= n;
      count -= n;
      return value;
    };
    const decode = ({ counts, symbols, fast }) => {
      while (count < FAST && pos < data.length) {
        buffer |= data[pos++] << count;
        count += 8;
      }
      const entry = fast[buffer & ((1 << FAST) - 1)];
      if (entry && (entry & 15) <= count) {
        buffer >>>= entry & 15;
        count -= entry & 15;
        return entry >> 4;
      }
      let code = 0;
      let first = 0;
      let index = 0;
      for (let length = 1; length < 16; length++) {
        code |= bits(1);
        const n = counts[length];
        if (code - first < n) return symbols[index + code - first];
        index += n;
        first = (first + n) << 1;
        code <<= 1;
      }
      throw new Error("gzip data has an invalid Huffman code");
    };
    let last = 0;
    while (!last) {
      last = bits(1);
      const type = bits(2);
      if (type === 0) { // stored: from the next byte boundary, a length, its complement, raw bytes
        pos -= count >> 3; // give back the whole bytes read ahead, drop the rest of the current one
        buffer = 0;
        count = 0;
        const length = data[pos] | (data[pos + 1] << 8);
        pos += 4;
        out.set(data.subarray(pos, pos + length), o);
        pos += length;
        o += length;
        continue;
      }
      let literals;
      let distances;
      if (type === 1) {
        [literals, distances] = FIXED;
      } else if (type === 2) {
        const nlit = bits(5) + 257;
        const ndist = bits(5) + 1;
        const ncode = bits(4) + 4;
        const codeLengths = new Uint8Array(19);
        for (let i = 0; i < ncode; i++) codeLengths[ORDER[i]] = bits(3);
        const code = huffman(codeLengths);
        const lengths = new Uint8Array(nlit + ndist);
        for (let i = 0; i < nlit + ndist;) {
          const symbol = decode(code);
          if (symbol < 16) {
            lengths[i++] = symbol;
            continue;
          }
          const [value, repeat] = symbol === 16 ? [lengths[i - 1], 3 + bits(2)]
            : symbol === 17 ? [0, 3 + bits(3)] : [0, 11 + bits(7)];
          lengths.fill(value, i, i + repeat);
          i += repeat;
        }
        literals = huffman(lengths.subarray(0, nlit));
        distances = huffman(lengths.subarray(nlit));
      } else {
        throw new Error("gzip data has an invalid block type");
      }
      for (;;) {
        let symbol = decode(literals);
        if (symbol < 256) {
          out[o++] = symbol;
        } else if (symbol === 256) {
          break;
        } else {
          symbol -= 257;
          const length = LEN_BASE[symbol] + bits(LEN_EXTRA[symbol]);
          const d = decode(distances);
          const distance = DIST_BASE[d] + bits(DIST_EXTRA[d]);
          for (let end = o + length; o < end; o++) out[o] = out[o - distance];
        }
      }
    }
    return o;
  };

  globalThis.pyviewGunzip = (bytes) => {
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b || bytes[2] !== 8) throw new Error("not gzip (deflate) data");
    const flags = bytes[3];
    let pos = 10;
    if (flags & 4) pos += 2 + (bytes[pos] | (bytes[pos + 1] << 8)); // FEXTRA
    if (flags & 8) while (bytes[pos++]); // FNAME
    if (flags & 16) while (bytes[pos++]); // FCOMMENT
    if (flags & 2) pos += 2; // FHCRC
    const n = bytes.length;
    const size = (bytes[n - 4] | (bytes[n - 3] << 8) | (bytes[n - 2] << 16) | (bytes[n - 1] << 24)) >>> 0;
    const out = new Uint8Array(size);
    const written = inflate(bytes, pos, out);
    if (written !== size) throw new Error(`gzip data inflated to ${written} bytes, not ${size}`);
    return out;
  };
})();
