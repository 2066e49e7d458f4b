// Bundles the official SDK pieces into self-contained scripts under dist/ (run by scripts/install.sh):
// app-bridge.js (AppBridge alone), js-view.js (a View on the official App), real-host.js (client + AppBridge).
import { build } from "esbuild";

const common = { bundle: true, format: "iife", platform: "browser", target: "es2022", minify: true, logLevel: "warning" };
await build({ ...common, entryPoints: ["src/app-bridge-entry.js"], outfile: "dist/app-bridge.js" });
await build({ ...common, entryPoints: ["src/js-view-entry.js"], outfile: "dist/js-view.js" });
await build({ ...common, entryPoints: ["src/real-host-entry.js"], outfile: "dist/real-host.js" });
