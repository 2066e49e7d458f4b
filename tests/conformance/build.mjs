// Bundles the official SDK pieces into self-contained scripts under dist/ (run by scripts/install.sh).
import { build } from "esbuild";

const common = { bundle: true, format: "iife", platform: "browser", target: "es2022", minify: true, logLevel: "warning" };
await build({ ...common, entryPoints: ["src/app-bridge-entry.js"], outfile: "dist/app-bridge.js" });
await build({ ...common, entryPoints: ["src/js-view-entry.js"], outfile: "dist/js-view.js" });
