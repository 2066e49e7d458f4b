// The JS baseline for the benchmarks: a minimal View on the official App class.
import { App, PostMessageTransport } from "@modelcontextprotocol/ext-apps";

const stamp = () => performance.timeOrigin + performance.now();
const marks = { boot: stamp() };
globalThis.pyviewBoot = { marks }; // the same place pyview Views keep their marks, so one harness reads both
const app = new App({ name: "js-baseline", version: "1.0.0" }, {});
app.ontoolresult = (result) => {
  document.getElementById("root").textContent = JSON.stringify(result.structuredContent ?? {});
};
app.connect(new PostMessageTransport(window.parent, window.parent)).then(() => {
  marks.python = stamp(); // "runtime ready": for JS, the handshake is done
  document.getElementById("root").textContent = "Hello from JS";
  marks.render = stamp();
});
globalThis.benchApp = app;
