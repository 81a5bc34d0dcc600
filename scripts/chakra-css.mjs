#!/usr/bin/env node
/**
 * Writes src/components/theme/chakra-global.css: Chakra's global styles (reset, tokens, globalCss) as
 * one stylesheet every page links and the browser caches (src/components/theme/global-css.ts). Run it
 * after changing the theme (src/components/theme/) or updating Chakra or Emotion;
 * src/components/theme/global-css.test.ts fails while the file is out of date.
 *
 *   node scripts/chakra-css.mjs
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { runnerImport } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const { module } = await runnerImport("/src/components/theme/global-css.ts", {
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
const file = path.join(root, "src/components/theme/chakra-global.css");
const css = module.renderGlobalCss();
writeFileSync(file, css);
console.log(`✔ ${path.relative(root, file)}: ${(Buffer.byteLength(css) / 1024).toFixed(1)} KiB`);
