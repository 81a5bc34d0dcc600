import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/lib/chromium";
import { E2E_DATA_DIR, E2E_ENV, E2E_PORT } from "./tests/e2e/env";

/**
 * End-to-end tests against the production build served by the real server (`npm run build` first;
 * `npm test` does it). The server gets a fresh data directory for every run.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A waited-for state (a dialog after a reload, the lazily loaded post editor) is an explicit signal,
  // not a time budget: on a machine shared with other jobs (load average 15-27 measured) it came after
  // more than 10 s. 20 s keeps a real hang failing while a slow machine passes.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    // A click on a control that never becomes actionable (hidden, disabled) fails after 30 s with what it
    // waited for, instead of using up the test's whole time and saying only "timeout".
    actionTimeout: 30_000,
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Locally every test records its trace and keeps it when it fails; in CI only a retry records one
    // (the first try of a flaky or failing test is re-run with tracing on), so that the passing majority
    // does not pay for screenshots and DOM snapshots on a 2-core machine.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  webServer: {
    // Playwright starts the server before any global setup runs, so the fresh data directory is
    // made here, by the command itself.
    command: `rm -rf "${E2E_DATA_DIR}" && node scripts/node.mjs --liftoff-only server/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/robots.txt`,
    env: E2E_ENV,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
