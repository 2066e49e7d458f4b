// The official host side of MCP Apps, exposed to a plain test page as globalThis.McpApps.
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

globalThis.McpApps = { AppBridge, PostMessageTransport };
