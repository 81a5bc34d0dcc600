#!/usr/bin/env node
/**
 * Page speed benchmark (numbers for the closing notes; never a pass/fail test: times vary with the
 * machine, which is why the byte budget lives in scripts/page-budget.mjs instead).
 *
 * For every public page in both languages (landing, blog list, an article, contact, privacy, demo, the
 * not-found page) it prints Lighthouse mobile (simulated throttling, median of BENCH_RUNS runs, default
 * 3): score, LCP, TBT, CLS, then what the browser downloaded (JS and font bytes as transferred, request
 * count, requests started before the page's main thread was last busy) and the inline CSS in the HTML.
 * Beside each page, in the same run, the reference: the exact HTML the server sent with every script
 * and module preload removed, served by nginx (a minimal Node server where nginx is absent), every
 * other URL proxied to the same server. The reference is the floor: the same page without JavaScript.
 * (Lighthouse audits no error page, so the not-found page is measured as its exact bytes served with 200
 * by that same server.)
 * It also prints the build's initial JS and CSS per page (brotli, from the manifests).
 *
 * It starts the production server (building first when sources changed) on a throwaway data directory.
 *
 *   npm run bench                          all public pages, both languages, with reference
 *   npm run bench -- /en /en/contact       only these paths
 *   BENCH_RUNS=1 npm run bench             one Lighthouse run per page (quick look)
 *   BENCH_ONLY=article,not-found           only these kinds of page (home, blog, article, contact, privacy, demo, not-found)
 *   BENCH_NO_REFERENCE=1 npm run bench     skip the reference pages
 *   BENCH_DESKTOP=1 npm run bench          desktop preset instead of mobile
 *   BENCH_PORT=5450                        first of the two loopback ports used (server, reference)
 *   BENCH_JSON=out.json                    also write the rows as JSON
 *   BENCH_CSS_VARIANTS=1                   compare how Chakra's global styles are delivered, per page, runs
 *                                          interleaved: "linked" (the page as served: the shared stylesheet
 *                                          linked) and "inlined" (the same HTML with that stylesheet inlined),
 *                                          both served by the reference server (so server time is equal);
 *                                          BENCH_CSS_BEFORE=<dir> adds "before": <dir>/<page id>.html (ar:home.html,
 *                                          or for paths given as arguments the path with "_" for "/":
 *                                          _en_blog.html), the page saved from an earlier build whose
 *                                          build/client/assets files are still served
 *
 * Lighthouse is fetched by npx (version pinned below) the first time; Chromium from CHROMIUM_PATH.
 */
import { spawn, spawnSync } from "node:child_process";
import { createServer as createHttpServer, request as httpRequest } from "node:http";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { pageWeights } from "./lib/page-weight.mjs";
import { spawnServer } from "./lib/server-command.mjs";
import { chromiumPath, ensureBuild, ensureDependencies, root } from "./lib/setup.mjs";

const LIGHTHOUSE = "lighthouse@13.5.0";
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const cssVariants = Boolean(process.env.BENCH_CSS_VARIANTS);
const cssBefore = process.env.BENCH_CSS_BEFORE;
const withReference = cssVariants || !process.env.BENCH_NO_REFERENCE;
const desktop = Boolean(process.env.BENCH_DESKTOP);
const args = process.argv.slice(2);
const onlyPaths = args.filter((a) => a.startsWith("/"));

await ensureDependencies();
ensureBuild();

async function freePort(preferred) {
  for (let p = preferred; p < preferred + 50; p++) {
    const ok = await new Promise((resolve) => {
      const s = createServer()
        .once("error", () => resolve(false))
        .listen(p, "127.0.0.1", () => s.close(() => resolve(true)));
    });
    if (ok) return p;
  }
  throw new Error(`no free port from ${preferred}`);
}

const firstPort = Number(process.env.BENCH_PORT ?? 0);
const port = firstPort ? await freePort(firstPort) : await freePort(40000 + Math.floor(Math.random() * 20000));
const refPort = await freePort(port + 1);
const work = mkdtempSync(path.join(tmpdir(), "bench-"));
const dataDir = path.join(work, "data");
const children = new Set();
function stopAll() {
  for (const c of children) c.kill("SIGTERM");
}
process.on("exit", stopAll);
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

const server = spawnServer({
  cwd: root,
  port,
  dataDir,
  env: { LOG_LEVEL: "warn", ADMIN_EMAIL: "bench@example.com", ADMIN_PASSWORD: "Bench-password-123!" },
});
children.add(server);
const base = `http://127.0.0.1:${port}`;
await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error("server did not start")), 180_000);
  server.stdout.on("data", (d) => {
    if (String(d).includes("listening on")) {
      clearTimeout(timer);
      resolve();
    }
  });
});

// One published article per language, from the sitemap.
async function articles() {
  const found = {};
  try {
    const xml = await (await fetch(`${base}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const sub = locs.filter((l) => l.endsWith(".xml"));
    for (const s of sub) {
      const more = await (await fetch(base + s)).text();
      locs.push(...[...more.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname));
    }
    found.ar = locs.find((l) => l.startsWith("/blog/"));
    found.en = locs.find((l) => l.startsWith("/en/blog/"));
  } catch {
    // no article
  }
  return found;
}

const article = await articles();
const onlyKinds = process.env.BENCH_ONLY?.split(",");
const pages = onlyPaths.length
  ? onlyPaths.map((p) => ({ path: p, id: p }))
  : ["ar", "en"].flatMap((l) => {
      const pre = l === "ar" ? "" : "/en";
      return [
        { path: pre || "/", id: `${l}:home` },
        { path: `${pre}/blog`, id: `${l}:blog` },
        ...(article[l] ? [{ path: article[l], id: `${l}:article` }] : []),
        { path: `${pre}/contact`, id: `${l}:contact` },
        { path: `${pre}/privacy-policy`, id: `${l}:privacy` },
        { path: `${pre}/demo`, id: `${l}:demo` },
        { path: `${pre}/no-such-page`, id: `${l}:not-found` },
      ].filter((p) => !onlyKinds || onlyKinds.includes(p.id.split(":")[1]));
    });

// The reference pages: the server's HTML, scripts and module preloads removed.
const www = path.join(work, "www");
mkdirSync(www, { recursive: true });
const htmlOf = new Map();
for (const [i, page] of pages.entries()) {
  page.url = new URL(page.path, base).href; // sitemap paths are already percent-encoded; URL leaves them be
  const res = await fetch(page.url, { headers: { connection: "close" } });
  const html = await res.text();
  page.status = res.status;
  page.inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]), 0);
  page.htmlGz = gzipSync(html).length;
  htmlOf.set(page.id, html);
  const stripped = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/g, "");
  page.refFile = `ref-${i}.html`;
  // Lighthouse audits no error page: a non-200 page (the not-found page) is measured as the same bytes
  // served with 200 by the reference server, assets still from the real server.
  page.pageFile = `page-${i}.html`;
  writeFileSync(path.join(www, page.pageFile), html);
  writeFileSync(path.join(www, `${page.pageFile}.gz`), gzipSync(html, { level: 9 }));
  writeFileSync(path.join(www, page.refFile), stripped);
  writeFileSync(path.join(www, `${page.refFile}.gz`), gzipSync(stripped, { level: 9 }));
  if (cssVariants) {
    const link = html.match(/<link rel="stylesheet" href="([^"]+)" data-ssr-global=""\/?>/);
    const shared = link ? await (await fetch(new URL(link[1], base))).text() : "";
    const variants = { linked: html, inlined: link ? html.replace(link[0], () => `<style data-ssr-global="">${shared}</style>`) : html };
    const before = cssBefore && path.join(cssBefore, `${page.id.replace(/[^\w:-]/g, "_")}.html`);
    if (before && existsSync(before)) variants.before = readFileSync(before, "utf8");
    page.variants = {};
    for (const [name, text] of Object.entries(variants)) {
      const file = `${name}-${i}.html`;
      writeFileSync(path.join(www, file), text);
      writeFileSync(path.join(www, `${file}.gz`), gzipSync(text, { level: 9 }));
      const inline = [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]), 0);
      page.variants[name] = { file, inline };
    }
  }
}
chmodSync(work, 0o755);
chmodSync(www, 0o755);

let refLabel = "nginx";
if (withReference) {
  if (existsSync("/usr/sbin/nginx")) {
    const prefix = path.join(work, "nginx");
    mkdirSync(path.join(prefix, "logs"), { recursive: true });
    const conf = `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  gzip_static on;
  client_body_temp_path ${prefix}/tmp-body;
  proxy_temp_path ${prefix}/tmp-proxy;
  fastcgi_temp_path ${prefix}/tmp-fastcgi;
  uwsgi_temp_path ${prefix}/tmp-uwsgi;
  scgi_temp_path ${prefix}/tmp-scgi;
  server {
    listen 127.0.0.1:${refPort};
    location /__reference/ { alias ${www}/; default_type "text/html; charset=utf-8"; }
    location / { proxy_pass ${base}; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
`;
    writeFileSync(path.join(prefix, "nginx.conf"), conf);
    const nginx = spawn("/usr/sbin/nginx", ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], {
      stdio: "inherit",
    });
    children.add(nginx);
  } else {
    refLabel = "Node static server (nginx absent)";
    const http = createHttpServer((req, res) => {
      const url = new URL(req.url, base);
      if (url.pathname.startsWith("/__reference/")) {
        const file = path.join(www, path.basename(url.pathname));
        if (!existsSync(file)) return void res.writeHead(404).end();
        const gz = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
        const body = readFileSync(gz ? `${file}.gz` : file);
        return void res
          .writeHead(200, { "content-type": "text/html; charset=utf-8", ...(gz ? { "content-encoding": "gzip" } : {}) })
          .end(body);
      }
      const up = httpRequest(base + req.url, { method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      req.pipe(up);
    }).listen(refPort, "127.0.0.1");
    children.add({ kill: () => http.close() });
  }
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${refPort}/__reference/${pages[0].refFile}`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : Number.NaN;
};

function lighthouseOnce(url) {
  const out = path.join(work, "lh.json");
  rmSync(out, { force: true });
  const r = spawnSync(
    "npx",
    [
      "-y",
      LIGHTHOUSE,
      url,
      "--only-categories=performance",
      ...(desktop ? ["--preset=desktop"] : ["--form-factor=mobile"]),
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run`,
      "--output=json",
      `--output-path=${out}`,
      "--quiet",
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ["ignore", "ignore", "inherit"], timeout: 180_000 },
  );
  if (r.status !== 0 || !existsSync(out)) return null;
  const lh = JSON.parse(readFileSync(out, "utf8"));
  const audit = (id) => lh.audits[id]?.numericValue ?? Number.NaN;
  const requests = lh.audits["network-requests"]?.details?.items ?? [];
  const bytes = (type) => requests.filter((q) => q.resourceType === type).reduce((n, q) => n + (q.transferSize ?? 0), 0);
  // "Before interactive": requests that started before the end of the last long main-thread task
  // (Lighthouse 13 has no TTI audit), or before the load event when there is none.
  const tasks = lh.audits["main-thread-tasks"]?.details?.items ?? [];
  const longEnd = Math.max(0, ...tasks.filter((t) => t.duration >= 50).map((t) => t.startTime + t.duration));
  const load = lh.audits.metrics?.details?.items?.[0]?.observedLoad ?? Number.POSITIVE_INFINITY;
  const until = longEnd || load;
  return {
    score: (lh.categories.performance.score ?? Number.NaN) * 100,
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    js: bytes("Script"),
    font: bytes("Font"),
    css: bytes("Stylesheet"),
    requests: requests.length,
    early: requests.filter((q) => (q.networkRequestTime ?? q.startTime ?? 0) <= until).length,
  };
}

function lighthouse(url) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const r = lighthouseOnce(url);
    if (r) results.push(r);
  }
  if (!results.length) return null;
  return Object.fromEntries(Object.keys(results[0]).map((k) => [k, median(results.map((r) => r[k]))]));
}

if (cssVariants) {
  // Every variant of a page once per round, the order rotating from round to round, so that the machine's
  // load changes hit all variants alike.
  const rows = [];
  for (const page of pages) {
    const names = Object.keys(page.variants);
    const results = Object.fromEntries(names.map((n) => [n, []]));
    for (let r = 0; r < runs; r++) {
      for (let k = 0; k < names.length; k++) {
        const name = names[(k + r) % names.length];
        const lh = lighthouseOnce(`http://127.0.0.1:${refPort}/__reference/${page.variants[name].file}`);
        if (lh) results[name].push(lh);
      }
    }
    for (const name of names) {
      const med = (k) => median(results[name].map((x) => x[k]));
      const row = {
        page: page.path.length > 24 ? `${page.path.slice(0, 22)}…` : page.path,
        variant: name,
        runs: results[name].length,
        score: Math.round(med("score")),
        "FCP ms": Math.round(med("fcp")),
        "LCP ms": Math.round(med("lcp")),
        "TBT ms": Math.round(med("tbt")),
        CLS: med("cls").toFixed(3),
        "CSS file KiB": (med("css") / 1024).toFixed(1),
        "inline CSS KiB": (page.variants[name].inline / 1024).toFixed(1),
        req: med("requests"),
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
  console.log(`\nLighthouse ${LIGHTHOUSE.split("@")[1]}, ${desktop ? "desktop" : "mobile"}, median of ${runs}, variants interleaved.`);
  console.table(rows);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows, null, 2));
  stopAll();
  await new Promise((r) => (server.exitCode === null ? server.on("exit", r) : r()));
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}

const weights = new Map(pageWeights(path.join(root, "build/client"), htmlOf, root).map((w) => [w.id, w]));
const kib = (n) => (Number.isFinite(n) ? (n / 1024).toFixed(1) : "–");
const ms = (n) => (Number.isFinite(n) ? String(Math.round(n)) : "–");
const rows = [];
for (const page of pages) {
  const lh = lighthouse(page.status === 200 || !withReference ? page.url : `http://127.0.0.1:${refPort}/__reference/${page.pageFile}`);
  const ref = withReference ? lighthouse(`http://127.0.0.1:${refPort}/__reference/${page.refFile}`) : null;
  const w = weights.get(page.id);
  const row = {
    page: page.path.length > 24 ? `${page.path.slice(0, 22)}…` : page.path,
    status: page.status,
    score: lh ? Math.round(lh.score) : "–",
    "LCP ms": ms(lh?.lcp),
    "TBT ms": ms(lh?.tbt),
    CLS: lh ? lh.cls.toFixed(3) : "–",
    "JS KiB": kib(lh?.js),
    "font KiB": kib(lh?.font),
    req: lh?.requests ?? "–",
    "req<TTI": lh?.early ?? "–",
    "inline CSS KiB": kib(page.inlineCss),
    "HTML gz KiB": kib(page.htmlGz),
    "build JS br KiB": w ? kib(w.jsBytes) : "–",
    "islands JS br KiB": w?.mode === "islands" ? kib(w.islandJsBytes) : "–",
    "ref score": ref ? Math.round(ref.score) : "–",
    "ref LCP ms": ms(ref?.lcp),
    "ref font KiB": kib(ref?.font),
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}
console.log(
  `\nLighthouse ${LIGHTHOUSE.split("@")[1]}, ${desktop ? "desktop" : "mobile"}, median of ${runs}; reference = same HTML without scripts, served by ${refLabel}.`,
);
console.table(rows);
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows, null, 2));
stopAll();
await new Promise((r) => (server.exitCode === null ? server.on("exit", r) : r()));
rmSync(work, { recursive: true, force: true });
