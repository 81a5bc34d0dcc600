import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { islands } from "./scripts/vite-plugin-islands.ts";
import { linguiMacro } from "./scripts/vite-plugin-lingui-macro.ts";
import { linguiScopes } from "./scripts/vite-plugin-lingui-scopes.ts";

export const alias = {
  "@chakra-theme": fileURLToPath(new URL("./node_modules/@chakra-ui/react/dist/esm/theme", import.meta.url)),
  "@": fileURLToPath(new URL("./src", import.meta.url)),
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [linguiMacro(), linguiScopes(), lingui(), reactRouter(), islands()],
  resolve: { alias },
  // manifest: kept in build/client/.vite (not served: a dot folder) for the page size budget (scripts/page-budget.mjs).
  build: {
    assetsInlineLimit: 0,
    sourcemap: Boolean(process.env.ANALYZE),
    manifest: true,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                // React, Emotion and Lingui: every island and every hydrated page runs all of what it uses of them, so
                // one file instead of the dozen Rolldown would cut them into by importer set.
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|@emotion|stylis|@lingui|hoist-non-react-statics|react-is|@pandacss)[\\/]/,
                  priority: 2,
                },
                // React Router on its own: public pages hydrate as islands and never load it (src/app/islands/README.md).
                { name: "router", test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
              ],
            },
          },
        },
  },
  // Bundled into the server build, tree-shaken, instead of imported whole at start (server memory, docs/serving.md):
  // simple-icons is one 5 MB module of ~3,000 icons (the site shows two), lucide-react thousands of modules.
  ssr: { noExternal: ["@chakra-ui/react", "@ark-ui/react", "@pandacss/is-valid-prop", /^@zag-js\//, "simple-icons", "lucide-react"] },
  optimizeDeps: { include: ["react", "react-dom", "react-dom/client"] },
}));
