#!/usr/bin/env node
/**
 * Performance benchmark (numbers for the closing notes; never a pass/fail test):
 *   - initial JavaScript of public pages, gzipped, as the browser downloads it (entry + modulepreloads,
 *     which production pages request only after their first paint)
 *   - Lighthouse mobile performance of the same pages (with --lighthouse; needs Chromium)
 * It starts the production server on a free loopback port with a throwaway data directory.
 *
 *   node scripts/bench.mjs [--lighthouse] [path ...]
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromiumPath, ensureBuild, ensureDependencies, root } from "./lib/setup.mjs";
import { SERVER_ARGS } from "./lib/server-command.mjs";

const args = process.argv.slice(2);
const lighthouse = args.includes("--lighthouse");
const pages = args.filter((a) => a.startsWith("/"));
if (!pages.length) pages.push("/", "/en", "/blog", "/en/blog", "/contact", "/demo", "/en/demo", "/privacy-policy");

ensureDependencies();
ensureBuild();

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-"));
const server = spawn(process.execPath, SERVER_ARGS, {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ADMIN_EMAIL: "bench@example.com", ADMIN_PASSWORD: "Bench-password-123!" },
  stdio: ["ignore", "pipe", "inherit"],
});
const base = `http://127.0.0.1:${port}`;
await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error("server did not start")), 120_000);
  server.stdout.on("data", (d) => {
    if (String(d).includes("listening on")) {
      clearTimeout(timer);
      resolve();
    }
  });
});

// Pick one published article for the list.
try {
  const res = await fetch(`${base}/sitemap.xml`);
  const article = (await res.text()).match(/<loc>[^<]*?(\/blog\/[^<]+)<\/loc>/)?.[1];
  if (article && !args.some((a) => a.startsWith("/"))) pages.push(decodeURI(article));
} catch {
  // no article
}

const clientDir = path.join(root, "build/client");
function initialJs(html) {
  const files = new Set();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) files.add(m[1]);
  // Production pages hold their preloads in the boot script, which adds them after the first paint.
  const boot = html.match(/<script id="boot-after-paint">([\s\S]*?)<\/script>/)?.[1] ?? "";
  for (const m of boot.matchAll(/"(\/assets\/[^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/import\(?["']([^"']+\.js)["']/g)) files.add(m[1]);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    if (!f.startsWith("/assets/")) continue;
    const buf = readFileSync(path.join(clientDir, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 6 }).length;
  }
  return { files: files.size, raw, gz };
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const rows = [];
for (const p of pages) {
  const t = performance.now();
  // A fresh connection per page: a keep-alive socket can be closed by the server while Lighthouse runs.
  const res = await fetch(base + encodeURI(p), { headers: { connection: "close" } });
  const html = await res.text();
  const ms = performance.now() - t;
  const js = initialJs(html);
  const row = { page: p, status: res.status, ttfb: `${ms.toFixed(0)} ms`, html: kib(gzipSync(html).length), js: kib(js.gz), jsFiles: js.files };
  if (lighthouse) {
    const out = path.join(dataDir, "lh.json");
    const r = spawnSync("npx", ["-y", "lighthouse@12.8.2", base + encodeURI(p), "--only-categories=performance", "--form-factor=mobile", `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run`, "--output=json", `--output-path=${out}`, "--quiet"], { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ["ignore", "ignore", "inherit"] });
    if (r.status === 0) {
      const lh = JSON.parse(readFileSync(out, "utf8"));
      row.lighthouse = Math.round(lh.categories.performance.score * 100);
      row.lcp = lh.audits["largest-contentful-paint"].displayValue;
      row.tbt = lh.audits["total-blocking-time"].displayValue;
      row.cls = lh.audits["cumulative-layout-shift"].displayValue;
    }
  }
  rows.push(row);
}
console.table(rows);
server.kill("SIGTERM");
await new Promise((r) => server.on("exit", r));
rmSync(dataDir, { recursive: true, force: true });
