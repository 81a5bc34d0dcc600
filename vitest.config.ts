import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import react from "@vitejs/plugin-react";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { chromiumArgs, chromiumPath } from "./scripts/lib/chromium.ts";
import { linguiMacro } from "./scripts/vite-plugin-lingui-macro.ts";
import { linguiScopes } from "./scripts/vite-plugin-lingui-scopes.ts";

const alias = {
  "@chakra-theme": fileURLToPath(new URL("./node_modules/@chakra-ui/react/dist/esm/theme", import.meta.url)),
  "@": fileURLToPath(new URL("./src", import.meta.url)),
};

/** Headless Debian Chromium for every browser-mode project (instance names must differ per project). */
const browser = (name: string) => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: {
      executablePath: chromiumPath,
      args: [...chromiumArgs, "--font-render-hinting=none"],
    },
  }),
  instances: [{ browser: "chromium" as const, name }],
  viewport: { width: 1024, height: 768 },
  // On a busy machine (CI shared with other jobs, load average 20+) Chromium plus the dependency
  // pre-bundling of three browser projects took longer than Vitest's default 60 s to connect, and
  // the whole layer ran no test. Starting slowly is not a failure; a test's own time limit still is.
  connectTimeout: 300_000,
});

export default defineConfig({
  plugins: [linguiMacro(), linguiScopes(), lingui(), react()],
  resolve: { alias },
  optimizeDeps: {
    include: [
      "react",
      "react-dom",
      "react-dom/client",
      "libphonenumber-js",
      // The phone rule's metadata entry points: discovered mid-run they make Vite reload the story tests.
      "libphonenumber-js/max",
      "libphonenumber-js/min",
      "react-hook-form",
      "valibot",
      "@hookform/resolvers/valibot",
      "@supabase/supabase-js",
    ],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.browser.test.*", "**/node_modules/**"],
          environment: "happy-dom",
          setupFiles: ["./tests/setup/unit.ts"],
          // Generous limits so a busy machine (CI shared with other jobs) slows tests down without failing them.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/conformance/**/*.test.ts", "tests/db/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // As Playwright's e2e layer: in CI, where these run beside the e2e layer on a shared machine, a test
          // that fails gets one more try (a real failure fails twice; the report lists the retry).
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["src/**/*.browser.test.{ts,tsx}", "tests/visual/**/*.test.{ts,tsx}", "tests/xss/**/*.test.{ts,tsx}"],
          setupFiles: ["./tests/setup/browser.ts"],
          testTimeout: 30_000,
          browser: browser("browser (chromium)"),
        },
      },
      // Every story runs twice: in Arabic (right to left, the site's default) and in English (left to
      // right). The language is the `locale` global's initial value (.storybook/preview.tsx reads
      // STORYBOOK_LOCALE); a story that pins `globals.locale` keeps its own language in both runs.
      ...(["ar", "en"] as const).map((locale) => ({
        extends: true as const,
        plugins: [storybookTest({ configDir: fileURLToPath(new URL("./.storybook", import.meta.url)) })],
        test: {
          name: locale === "ar" ? "storybook" : `storybook-${locale}`,
          env: { STORYBOOK_LOCALE: locale },
          testTimeout: 30_000,
          browser: browser(`storybook ${locale} (chromium)`),
        },
      })),
    ],
  },
});
