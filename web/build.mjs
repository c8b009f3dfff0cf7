// Bundles src/main.ts to dist/app.js (esbuild) beside index.html and app.css:
// static files with nothing loaded from the internet, served by the gateway at /.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("dist", { recursive: true, force: true });
mkdirSync("dist");
await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: true,
  outfile: "dist/app.js",
});
copyFileSync("index.html", "dist/index.html");
copyFileSync("src/app.css", "dist/app.css");
