#!/usr/bin/env node
/**
 * Writes src/app/shared.css, the stylesheet every page links and the browser caches: Chakra's global
 * styles (reset, tokens, globalCss), the component styles of the public pages' frame and of the sales
 * lead form, and the fallback font faces (src/app/shared-css.ts). Run it after changing the theme
 * (src/components/theme/), the frame (src/app/site-chrome.tsx, src/components/layout/), the lead form
 * or the form components, src/app/fonts.ts, or updating Chakra or Emotion;
 * src/app/shared-css.test.ts fails while the file is out of date.
 *
 *   node scripts/chakra-css.mjs
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { lingui } from "@lingui/vite-plugin";
import { createServer } from "vite";
import { linguiMacro } from "./vite-plugin-lingui-macro.ts";
import { linguiScopes } from "./vite-plugin-lingui-scopes.ts";

const root = path.resolve(import.meta.dirname, "..");
// A Vite server (not `runnerImport`, which closes its module runner once the module is loaded): rendering
// imports the catalogs and the newsletter form's island on demand.
const vite = await createServer({
  root,
  configFile: false,
  logLevel: "error",
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: "custom",
  // The site frame's components (rendered for their CSS) use Lingui's macros and catalogs.
  plugins: [linguiMacro(), linguiScopes(), lingui()],
  resolve: {
    alias: {
      "@chakra-theme": path.join(root, "node_modules/@chakra-ui/react/dist/esm/theme"),
      "@": path.join(root, "src"),
    },
  },
});
let css;
try {
  const module = await vite.ssrLoadModule("/src/app/shared-css.ts");
  css = await module.renderSharedCss();
} finally {
  await vite.close();
}
const file = path.join(root, "src/app/shared.css");
writeFileSync(file, css);
console.log(`✔ ${path.relative(root, file)}: ${(Buffer.byteLength(css) / 1024).toFixed(1)} KiB`);
