import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { linguiMacro } from "./scripts/vite-plugin-lingui-macro.ts";

export const alias = {
  "@chakra-theme": fileURLToPath(new URL("./node_modules/@chakra-ui/react/dist/esm/theme", import.meta.url)),
  "@": fileURLToPath(new URL("./src", import.meta.url)),
};

export default defineConfig(() => ({
  plugins: [linguiMacro(), lingui(), reactRouter()],
  resolve: { alias },
  // manifest: kept in build/client/.vite (not served: a dot folder) for the page size budget (scripts/page-budget.mjs).
  build: {
    assetsInlineLimit: 0,
    sourcemap: Boolean(process.env.ANALYZE),
    manifest: true,
  },
  ssr: { noExternal: ["@chakra-ui/react", "@ark-ui/react", "@pandacss/is-valid-prop", /^@zag-js\//] },
  optimizeDeps: { include: ["react", "react-dom", "react-dom/client"] },
}));
