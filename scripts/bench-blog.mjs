#!/usr/bin/env node
/**
 * Server response time and HTML size of the blog list with N published posts (a number for the
 * closing notes, never a pass/fail test): `--posts 12` and `--posts 10000` show that a page of the
 * list costs the same whatever the number of posts (12 cards per page, counted by the database). Starts the production build (`npm run build` first) on a free loopback
 * port with a throwaway data directory, tops the published posts up to 50 through the REST API with
 * a service-role key, then times full server-rendered responses (sequential, after a warm-up).
 *
 *   node scripts/bench-blog.mjs [--posts 50] [--runs 40]     (exactly that many published posts when the database starts with fewer)
 *   BASE_URL=http://127.0.0.1:3000 SERVICE_ROLE_KEY=… node scripts/bench-blog.mjs   (an already running server)
 */
import { createHmac, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnServer } from "./lib/server-command.mjs";

const root = path.resolve(import.meta.dirname, "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const POSTS = arg("posts", 50);
const RUNS = arg("runs", 40);

const b64url = (s) => Buffer.from(s).toString("base64url");
function jwt(role, secret) {
  const now = Math.floor(Date.now() / 1000);
  const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = b64url(JSON.stringify({ role, iss: "supabase", iat: now, exp: now + 3600 }));
  return `${head}.${body}.${createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url")}`;
}

let base = process.env.BASE_URL;
let serviceKey = process.env.SERVICE_ROLE_KEY;
let server;
let dataDir;
if (!base) {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    console.error("No build found: run `npm run build` first.");
    process.exit(1);
  }
  const port = await new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const secret = `bench-${randomUUID()}-${randomUUID()}`;
  serviceKey = jwt("service_role", secret);
  dataDir = mkdtempSync(path.join(tmpdir(), "bench-blog-"));
  server = spawnServer({ cwd: root, port, dataDir, env: { JWT_SECRET: secret, LOG_LEVEL: "warn" } });
  base = `http://127.0.0.1:${port}`;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("server did not start in 180 s")), 180_000);
    server.on("exit", (code) => reject(new Error(`server exited (${code})`)));
    server.stdout.on("data", (d) => {
      if (String(d).includes("listening on")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}
const cleanup = () => {
  server?.kill("SIGTERM");
  if (dataDir) setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
};

try {
  const rest = `${base}/rest/v1/blog_posts`;
  const headers = { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, "Content-Type": "application/json" };
  // A head count: a list would stop at the API's 1000-row cap.
  const count = async () => {
    const res = await fetch(`${rest}?select=id&published=eq.true`, { method: "HEAD", headers: { ...headers, Prefer: "count=exact" } });
    if (!res.ok) throw new Error(`count failed: ${res.status}`);
    return Number(res.headers.get("content-range")?.split("/")[1] ?? 0);
  };
  const existing = await count();
  const missing = Math.max(0, POSTS - existing);
  const categories = ["Technology", "Real Estate", "AI & Automation", "Sales", "Market Analysis"];
  const countries = ["UAE", "Canada", "Global"];
  const run = Date.now().toString(36);
  const rows = Array.from({ length: missing }, (_, i) => ({
    slug: `bench-${run}-${i}`,
    title: i % 2 ? `Benchmark post ${i}: answering Dubai Marina leads in seconds` : `مقال قياس ${i}: الرد على عملاء دبي خلال ثوانٍ`,
    excerpt: "A realistic excerpt of about two lines, the length an editor writes for a card on the list page.",
    content: `<h2>Heading</h2><p>${"Paragraph text. ".repeat(80)}</p><ul><li>One</li><li>Two</li></ul>`,
    category: categories[i % categories.length],
    country: countries[i % countries.length],
    read_time: "5 min read",
    is_popular: i % 4 === 0,
    published: true,
    hero_image_url: i % 3 === 0 ? null : "/favicon.svg",
    // A hero image needs its alt text (blog_posts_hero_image_alt_required).
    hero_image_alt: i % 3 === 0 ? null : "The Wasla mark",
  }));
  // In batches: a request body is limited to 1 MiB.
  for (let i = 0; i < rows.length; i += 200) {
    const ins = await fetch(rest, {
      method: "POST",
      headers: { ...headers, Prefer: "return=minimal" },
      body: JSON.stringify(rows.slice(i, i + 200)),
    });
    if (!ins.ok) throw new Error(`insert failed: ${ins.status} ${await ins.text()}`);
  }
  const published = await count();
  const lastPage = Math.max(1, Math.ceil(published / 12));

  async function time(pathname) {
    const t = performance.now();
    const res = await fetch(`${base}${pathname}`);
    const body = await res.text();
    const ms = performance.now() - t;
    if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
    return { ms, bytes: Buffer.byteLength(body) };
  }
  const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
  const results = [];
  const paths = ["/blog", "/en/blog", "/en/blog?q=dubai&filter=popular", "/en/blog?country=UAE"];
  if (lastPage > 1) paths.push(`/en/blog?page=${lastPage}`);
  for (const pathname of paths) {
    for (let i = 0; i < 5; i++) await time(pathname); // warm-up
    const ms = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await time(pathname);
      ms.push(r.ms);
      bytes = r.bytes;
    }
    ms.sort((a, b) => a - b);
    const cards = (await (await fetch(`${base}${pathname}`)).text()).match(/<article/g)?.length ?? 0;
    results.push({
      path: pathname,
      cards,
      "p50 ms": +pct(ms, 50).toFixed(1),
      "p95 ms": +pct(ms, 95).toFixed(1),
      "mean ms": +(ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(1),
      "HTML KiB": +(bytes / 1024).toFixed(1),
    });
  }
  console.log(`Blog list, ${published} published posts, ${RUNS} sequential requests each (full SSR HTML), ${new Date().toISOString()}`);
  console.table(results);
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  cleanup();
}
