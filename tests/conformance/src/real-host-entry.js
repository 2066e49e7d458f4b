// What a browser-side host is built from (as the ext-apps example host is): the official MCP client with its
// Streamable HTTP transport, and the official AppBridge. Exposed to tests/realhost/host.js as globalThis.RealHost.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

globalThis.RealHost = { Client, StreamableHTTPClientTransport, AppBridge, PostMessageTransport };
