/**
 * One rendering mode: `npm run dev` (server/dev-server.ts, Vite in middleware mode) serves public pages in
 * islands mode exactly as the production build does (src/app/islands/README.md): the islands loader,
 * from Vite's dev server, started by the boot script, each island's HTML inside its element, and no
 * React Router in the browser. The admin area is hydrated by React Router, as in production.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningApp } from "../../server/app.ts";
import { startDevServer } from "../../server/dev-server.ts";
import { DEV_ENTRY_URL } from "../../scripts/vite-plugin-islands.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, quietLog, templateDataDir } from "../support/api-server.ts";

let dev: RunningApp;
let dataDir: string;

// Vite transforms the whole server-rendering module graph on the first request: on a loaded machine (CI runs
// Node 22's server layer beside other layers) that took more than a minute once. Starting slowly is not
// what this file tests, so the first render happens here, with time to spare, and the tests get more too.
const SLOW_START = 300_000;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "dev-server-"));
  cpSync(await templateDataDir(), dataDir, { recursive: true });
  dev = await startDevServer({
    env: { HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD },
    log: quietLog as never,
    // No hot-update socket: this test only reads what the server sends.
    hmr: false,
  });
  await fetch(`${dev.url}/`).then((r) => r.text());
}, SLOW_START);

afterAll(async () => {
  await dev?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function page(path: string) {
  const res = await fetch(`${dev.url}${path}`);
  return { status: res.status, html: await res.text() };
}

/** What the page's inline boot script starts: [module, preloads, waitForPaint] (src/app/deferred-boot.ts). */
function bootArgs(html: string): unknown[] {
  const text = /<script id="boot-after-paint">([^<]*)<\/script>/.exec(html)?.[1];
  if (!text) throw new Error("no boot script in the page");
  return JSON.parse(`[${/\}\)\((.*)\)$/.exec(text)?.[1] ?? ""}]`) as unknown[];
}

/** React Router's scripts: its context, the route-module manifest, its client entry. */
const ROUTER_SCRIPTS = /__reactRouterContext|__reactRouterRouteModules|__reactRouterManifest|entry\.client/;

describe("the development server renders as production does", { timeout: SLOW_START / 2 }, () => {
  for (const path of ["/", "/en/contact"]) {
    it(`${path}: islands mode, the loader from Vite's dev server, no router`, async () => {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).toContain('<script type="application/json" id="island-config">');
      expect(bootArgs(html)).toEqual([DEV_ENTRY_URL, [], true]);
      expect(html).not.toMatch(ROUTER_SCRIPTS);
      expect(html).not.toMatch(/<script type="module"/);
      // Each island's own render is inside its element (no placeholder left to fill in).
      const islands = [...html.matchAll(/<div data-island="([\w-]+)"[^>]*>(.{0,40})/g)];
      expect(islands.length).toBeGreaterThan(0);
      expect(html).not.toContain("<!--island:");
      const lead = islands.find((m) => m[1] === (path === "/" ? "faq" : "sales-lead-form"));
      expect(lead?.[2]).toMatch(/^</);
    });
  }

  it("the loader is Vite's: the client for hot updates, Fast Refresh, and src/app/islands/entry.ts", async () => {
    const res = await fetch(`${dev.url}${DEV_ENTRY_URL}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    const code = await res.text();
    expect(code).toContain("/@vite/client");
    expect(code).toContain("inject-hmr-runtime");
    expect(code).toContain("/src/app/islands/entry.ts");
    const entry = await fetch(`${dev.url}/src/app/islands/entry.ts`);
    expect(entry.status).toBe(200);
    expect(await entry.text()).toContain("hydrateIsland");
  });

  it("an admin page is hydrated by React Router, its scripts not held", async () => {
    const { status, html } = await page("/en/admin/login");
    expect(status).toBe(200);
    expect(html).toMatch(/__reactRouterRouteModules/);
    expect(html).toContain("inject-hmr-runtime");
    expect(html).not.toContain('id="island-config"');
    expect(bootArgs(html)).toEqual([null, [], false]);
  });
});
