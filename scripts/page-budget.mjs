#!/usr/bin/env node
/**
 * The size budget of every public page (part of `npm test`, static layer): the initial JavaScript and
 * CSS files a first visit downloads before the page is interactive, in brotli bytes, read from the
 * production build's manifests (scripts/lib/page-weight.mjs), and the CSS inlined in the page's HTML
 * (raw bytes; issue 17's target is 30 KiB), read from the pages the production server renders (started
 * here on a throwaway data directory, seeded with the sample posts). Bytes are stable from run to run,
 * unlike times, so this is what a test can hold; `npm run bench` measures the times.
 *
 * Budgets live in scripts/page-budget.json (bytes, per route id, "*:<page>" for both languages). A page
 * over its budget fails the check: make it smaller, or raise its budget in the same commit and say why.
 *
 *   node scripts/page-budget.mjs            check (exit 1 when a page is over)
 *   node scripts/page-budget.mjs --print    print the table only
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { inlineCssBytes, overBudget, pageWeights, renderedPages } from "./lib/page-weight.mjs";
import { spawnServer } from "./lib/server-command.mjs";
import { ensureBuild, root } from "./lib/setup.mjs";

/** Starts the production server on a free loopback port, fetches every public page, stops it. */
async function fetchPages() {
  const port = await new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port: p } = s.address();
      s.close(() => resolve(p));
    });
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), "page-budget-"));
  const server = spawnServer({
    cwd: root,
    port,
    dataDir,
    // A throwaway administrator, so the server does not print a generated password.
    env: { LOG_LEVEL: "error", ADMIN_EMAIL: "budget@example.com", ADMIN_PASSWORD: `Budget-${randomUUID()}` },
  });
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the server did not start within 180 s")), 180_000);
      server.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
      server.stdout.on("data", (d) => {
        if (String(d).includes("listening on")) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    return await renderedPages(`http://127.0.0.1:${port}`);
  } finally {
    server.removeAllListeners("exit");
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode === null ? server.on("exit", r) : r()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureBuild();
const pages = await fetchPages();
const rows = pageWeights(path.join(root, "build/client"), pages, root).map((r) => {
  const html = pages.get(r.id);
  return { ...r, inlineCss: html === undefined ? undefined : inlineCssBytes(html) };
});
const { budgets } = JSON.parse(readFileSync(path.join(root, "scripts/page-budget.json"), "utf8"));
const kib = (n) => (n / 1024).toFixed(1);
console.table(
  rows.map((r) => {
    const b = budgets[r.id] ?? budgets[`*:${r.id.split(":")[1]}`] ?? budgets["*"];
    return {
      page: r.id,
      mode: r.mode,
      "JS files": r.jsFiles,
      "JS KiB br": kib(r.jsBytes),
      "JS budget": b ? kib(b.js) : "–",
      "islands files": r.islandJsFiles,
      "islands KiB br": kib(r.islandJsBytes),
      "islands budget": b?.islandJs ? kib(b.islandJs) : "–",
      "CSS files": r.cssFiles,
      "CSS KiB br": kib(r.cssBytes),
      "CSS budget": b ? kib(b.css) : "–",
      "inline CSS KiB": r.inlineCss === undefined ? "–" : kib(r.inlineCss),
      "inline budget": b?.inlineCss ? kib(b.inlineCss) : "–",
    };
  }),
);
if (process.argv.includes("--print")) process.exit(0);
const problems = overBudget(rows, budgets);
if (problems.length) {
  console.error(`✖ page size budget (scripts/page-budget.json):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("✔ every public page is within its size budget");
