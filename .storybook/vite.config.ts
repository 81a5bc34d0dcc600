import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { linguiMacro } from "../scripts/vite-plugin-lingui-macro.ts";
import { linguiScopes } from "../scripts/vite-plugin-lingui-scopes.ts";

/** Storybook's build: the app's plugins minus React Router's framework plugin. */
export default defineConfig({
  plugins: [linguiMacro(), linguiScopes(), lingui(), react()],
  resolve: {
    alias: {
      "@chakra-theme": fileURLToPath(new URL("../node_modules/@chakra-ui/react/dist/esm/theme", import.meta.url)),
      "@": fileURLToPath(new URL("../src", import.meta.url)),
    },
  },
  optimizeDeps: { include: ["react", "react-dom", "react-dom/client"] },
});
