#!/usr/bin/env node
/**
 * Writes src/app/shared.css, the stylesheet every page links and the browser caches: Chakra's global
 * styles (reset, tokens, globalCss) and the fallback font faces (src/app/shared-css.ts). Run it after
 * changing the theme (src/components/theme/), src/app/fonts.ts, or updating Chakra or Emotion;
 * src/app/shared-css.test.ts fails while the file is out of date.
 *
 *   node scripts/chakra-css.mjs
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { runnerImport } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const { module } = await runnerImport("/src/app/shared-css.ts", {
  root,
  configFile: false,
  logLevel: "error",
  resolve: {
    alias: {
      "@chakra-theme": path.join(root, "node_modules/@chakra-ui/react/dist/esm/theme"),
      "@": path.join(root, "src"),
    },
  },
});
const file = path.join(root, "src/app/shared.css");
const css = module.renderSharedCss();
writeFileSync(file, css);
console.log(`✔ ${path.relative(root, file)}: ${(Buffer.byteLength(css) / 1024).toFixed(1)} KiB`);
