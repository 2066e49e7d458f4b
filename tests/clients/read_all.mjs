// Connect the official MCP TypeScript client (stdio, default options) to one MCP server, read every View resource
// (and, for an auto View, every chunk of every runtime part its manifest names), and call the tools it is given.
//
//   node read_all.mjs '{"command": "python", "args": ["examples/hello/server.py"], "calls": {"greet": {...}}}'
//
// Prints one JSON report on stdout: {"views": [...], "calls": {...}, "tools": [...], "error": null | "..."}. The
// transport keeps its default maxBufferSize (10 MiB): a larger message closes the connection, which is what this
// checks a pyview server never sends.
import { createHash } from "node:crypto";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const job = JSON.parse(process.argv[2]);
const report = { views: [], calls: {}, tools: [], error: null, closed: false };
const CONFIG = /<script type="application\/json" id="pyview-config">([\s\S]*?)<\/script>/;

const transport = new StdioClientTransport({ command: job.command, args: job.args, env: process.env, stderr: "pipe" });
let stderr = "";
transport.stderr?.on("data", (chunk) => { stderr += chunk; });
const client = new Client({ name: "pyview-ts-client-check", version: "1.0.0" });
client.onclose = () => { report.closed = true; };  // before our own close(): the server or transport ended it

try {
  await client.connect(transport);
  const resources = (await client.listResources()).resources;
  for (const resource of resources.filter((item) => item.mimeType === "text/html;profile=mcp-app")) {
    const text = (await client.readResource({ uri: resource.uri })).contents[0].text;
    const view = { uri: resource.uri, bytes: Buffer.byteLength(text), mode: null, parts: {} };
    report.views.push(view);
    const runtime = JSON.parse(CONFIG.exec(text)[1]).runtime;
    view.mode = runtime.mode;
    for (const [name, part] of Object.entries(runtime.parts || {})) {
      const chunks = [];
      for (const uri of part.chunks) {
        const content = (await client.readResource({ uri })).contents[0];
        chunks.push(Buffer.from(content.blob, "base64"));
      }
      const stored = Buffer.concat(chunks);
      const sha256 = createHash("sha256").update(stored).digest("hex");
      view.parts[name] = { chunks: part.chunks.length, bytes: stored.length, ok: sha256 === part.sha256 && stored.length === part.bytes };
    }
  }
  for (const tool of (await client.listTools()).tools) {
    const visibility = tool._meta?.ui?.visibility;
    if (visibility && !visibility.includes("model")) continue;  // app-only: the model never calls it
    report.tools.push(tool.name);
    if (!(tool.name in job.calls)) continue;
    const result = await client.callTool({ name: tool.name, arguments: job.calls[tool.name] });
    report.calls[tool.name] = { isError: Boolean(result.isError), text: result.content?.[0]?.text ?? "" };
  }
} catch (error) {
  report.error = String(error && error.message ? error.message : error);
}
report.stderr = stderr.slice(-2000);
const line = JSON.stringify(report) + "\n";
try { await client.close(); } catch { /* already closed */ }
process.stdout.write(line);
process.exit(report.error ? 1 : 0);
