// What pyview's scripts share besides the DOM: globals one classic script defines and another uses, and Pyodide's.

/** pyodide.js's entry point (url and auto documents load it; inline ones run its module from the document). */
declare function loadPyodide(options: object): Promise<any>;
/** blobs.js: runs the inline runtime's Emscripten module, resolves to Pyodide's module factory. */
declare function pyviewRunModule(code: string): Promise<unknown>;

interface Node {
  /** dom.js's id of the node it built (patches address nodes by it). */
  __pvId?: number;
  /** dom.js: a cloned subtree whose node ids are registered when first needed. */
  __pvLazy?: { start: number; end: number; node: Node | null } | null;
}

interface Uint8ArrayConstructor {
  /** Newer engines only: parts.js falls back to atob when it is missing. */
  fromBase64?(text: string): Uint8Array;
}

/** The dev page's relay (dev.js). */
declare var relay: any;

interface Window {
  /** relay.js's class. */
  PyviewRelay: any;
  /** When relay.js inserted the View's frame (benches read it). */
  pyviewInserted: number;
  /** tests/realhost's host page: its AppBridge and what the tests drive it through. */
  bridge: any;
  realHost: any;
}
