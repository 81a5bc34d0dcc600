/**
 * The public-page cache, the in-process data path and the response headers, against the real server
 * (server/app.ts) with the production build: what is stored, what never is, when it is dropped.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { Agent, get as httpGet, request as httpRequest } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createClient } from "@supabase/supabase-js";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningApp, startServer } from "../../server/app.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, quietLog, templateDataDir } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";
// @ts-expect-error plain ESM helper without types
import { ensureBuild, root } from "../../scripts/lib/setup.mjs";

let build: ServerBuild;
beforeAll(async () => {
  (ensureBuild as () => void)();
  build = (await import(pathToFileURL(join(root as string, "build/server/index.js")).href)) as ServerBuild;
});

/** 2026-03-10 23:59:50 in Dubai (UTC+4). */
const BEFORE_MIDNIGHT = Date.UTC(2026, 2, 10, 19, 59, 50);

interface Started {
  app: RunningApp;
  clock: { now: number };
  dataDir: string;
}

async function start(
  env: Record<string, string> = {},
  databaseUrl?: string,
  pageThreads = 0,
  beforeThreads?: (url: string) => Promise<void>,
): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), "page-cache-"));
  if (!databaseUrl) cpSync(await templateDataDir(), dataDir, { recursive: true });
  const clock = { now: Date.now() };
  const app = await startServer({
    build,
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      // The layout these tests describe: every visitor connection reaches a page thread.
      PAGE_THREADS_MAIN_LISTENS: "off",
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      AUTH_SIGNIN_RATE_LIMIT: "1000/60",
      AUTH_SIGNIN_IP_RATE_LIMIT: "1000/60",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    log: quietLog as never,
    beforeThreads,
    // The page threads read the system clock; the tests that move the clock run without them.
    ...(pageThreads ? { pageThreads } : { now: () => clock.now }),
  });
  return { app, clock, dataDir };
}

async function stop(s: Started | undefined) {
  if (!s) return;
  await s.app.close();
  rmSync(s.dataDir, { recursive: true, force: true });
}

async function get(s: Started, path: string, headers: Record<string, string> = {}) {
  const r = await fetch(`${s.app.url}${path}`, { headers });
  const body = await r.text();
  return { status: r.status, headers: r.headers, body, cache: r.headers.get("x-cache") };
}

/** Polls until `test` holds (a change made elsewhere reaches the cache within a second). */
async function eventually(test: () => Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await test()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return test();
}

function anonKeyOf(html: string): string {
  const key = /eyJ[\w-]+\.[\w-]+\.[\w-]+/.exec(html)?.[0];
  if (!key) throw new Error("no anon key in the page");
  return key;
}

const newPost = (slug: string, title: string) => ({
  slug,
  title,
  excerpt: "An excerpt for the cache test.",
  content: "<p>Body of the cache test post.</p>",
  category: "Sales",
  country: "UAE",
  read_time: "3 min read",
  language: "en" as const,
  published: true,
});

describe("page cache (PGlite)", () => {
  let s: Started;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => stop(s));

  it("renders a public page once, then serves the stored bytes with a strong ETag and 304 on a match", async () => {
    const renders = s.app.pageStats!.renders;
    const first = await get(s, "/en/privacy-policy", { "accept-encoding": "br" });
    expect(first.status).toBe(200);
    expect(first.cache).toBe("MISS");
    const second = await get(s, "/en/privacy-policy", { "accept-encoding": "br" });
    expect(second.cache).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect(s.app.pageStats!.renders).toBe(renders + 1);
    expect(second.headers.get("content-encoding")).toBe("br");
    const etag = second.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    expect(second.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(second.headers.get("vary")).toMatch(/Accept-Encoding/i);

    const gzip = await get(s, "/en/privacy-policy", { "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.body).toBe(first.body);

    const revalidated = await fetch(`${s.app.url}/en/privacy-policy`, { headers: { "if-none-match": etag, "accept-encoding": "br" } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    const other = await fetch(`${s.app.url}/en/privacy-policy`, { headers: { "if-none-match": '"something-else"' } });
    expect(other.status).toBe(200);
    await other.arrayBuffer();

    const head = await fetch(`${s.app.url}/en/privacy-policy`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-cache")).toBe("HIT");
  });

  it("ignores tracking parameters, keeps the blog's own, and caches the not-found page as a 404", async () => {
    const a = await get(s, "/en/contact?utm_source=zqxcampaign&fbclid=abc");
    const b = await get(s, "/en/contact?utm_campaign=launch");
    expect([a.cache, b.cache]).toEqual(["MISS", "HIT"]);
    expect(a.body).not.toContain("zqxcampaign");

    const search = await get(s, "/en/blog?q=zzzz-no-such-post");
    const plain = await get(s, "/en/blog");
    expect(search.body).not.toBe(plain.body);

    const missing = await get(s, "/en/no-such-page-here");
    const again = await get(s, "/en/no-such-page-here");
    expect([missing.status, again.status]).toEqual([404, 404]);
    expect([missing.cache, again.cache]).toEqual(["MISS", "HIT"]);
  });

  it("never stores the admin area or a request that carries credentials", async () => {
    for (const path of ["/admin/login", "/en/admin", "/admin/posts"]) {
      await get(s, path);
      const r = await get(s, path);
      expect(r.cache).toBe("BYPASS");
      expect(r.headers.get("cache-control") ?? "").not.toMatch(/public/);
    }
    const withToken = await get(s, "/en", { authorization: "Bearer something" });
    expect(withToken.cache).toBe("BYPASS");
    const withCookie = await get(s, "/en", { cookie: "sb-localhost-auth-token=abc" });
    expect(withCookie.cache).toBe("BYPASS");
    expect((await get(s, "/robots.txt")).cache).toBe("BYPASS");
  });

  it("loaders reach the embedded API in-process, not over the network", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    try {
      const before = spy.mock.calls.length;
      const page = await get(s, "/en/blog?q=in-process");
      expect(page.status).toBe(200);
      const calls = spy.mock.calls.slice(before + 1); // the first call is the test's own request
      expect(calls.map((c) => String(c[0]))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it("drops pages at once when a post is created, updated, unpublished, published or deleted through the API", async () => {
    const home = await get(s, "/en");
    const client = createClient(s.app.url, anonKeyOf(home.body), { auth: { persistSession: false, autoRefreshToken: false } });
    const { error: signInError } = await client.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(signInError).toBeNull();

    await get(s, "/en/blog");
    expect((await get(s, "/en/blog")).cache).toBe("HIT");

    const { data: created, error } = await client
      .from("blog_posts")
      .insert(newPost("cache-api-post", "Cache API first title"))
      .select("id")
      .single();
    expect(error).toBeNull();
    const afterInsert = await get(s, "/en/blog");
    expect(afterInsert.cache).toBe("MISS");
    expect(afterInsert.body).toContain("Cache API first title");
    expect((await get(s, "/en/blog/cache-api-post")).status).toBe(200);

    await client.from("blog_posts").update({ title: "Cache API second title" }).eq("id", created!.id);
    expect((await get(s, "/en/blog")).body).toContain("Cache API second title");
    expect((await get(s, "/en/blog/cache-api-post")).body).toContain("Cache API second title");

    await client.from("blog_posts").update({ published: false }).eq("id", created!.id);
    expect((await get(s, "/en/blog")).body).not.toContain("Cache API second title");
    expect((await get(s, "/en/blog/cache-api-post")).status).toBe(404);

    await client.from("blog_posts").update({ published: true }).eq("id", created!.id);
    expect((await get(s, "/en/blog")).body).toContain("Cache API second title");
    expect((await get(s, "/en/blog/cache-api-post")).status).toBe(200);

    await client.from("blog_posts").delete().eq("id", created!.id);
    expect((await get(s, "/en/blog")).body).not.toContain("Cache API second title");
    expect((await get(s, "/en/blog/cache-api-post")).status).toBe(404);
  });

  it("drops pages when posts change in plain SQL on the embedded database", async () => {
    const db = s.app.api!.db;
    await get(s, "/en");
    expect((await get(s, "/en")).cache).toBe("HIT");
    await db.query(
      `insert into public.blog_posts (slug, title, excerpt, content, category, country, read_time, published, language)
       values ('cache-sql-post', 'Cache SQL title', 'Excerpt.', '<p>Body.</p>', 'Sales', 'UAE', '2 min read', true, 'en')`,
    );
    expect(await eventually(async () => (await get(s, "/en/blog")).body.includes("Cache SQL title"), 1000)).toBe(true);
    await db.query("update public.blog_posts set title = 'Cache SQL renamed' where slug = 'cache-sql-post'");
    expect(await eventually(async () => (await get(s, "/en/blog/cache-sql-post")).body.includes("Cache SQL renamed"), 1000)).toBe(true);
    await db.query("delete from public.blog_posts where slug = 'cache-sql-post'");
    expect(await eventually(async () => (await get(s, "/en/blog/cache-sql-post")).status === 404, 1000)).toBe(true);
    // Once the writes stop, pages are stored again (a delete also touches the slug history, so its
    // notifications may arrive one after the other: wait for the last before the next test).
    expect(await eventually(async () => (await get(s, "/en")).cache === "HIT", 2000)).toBe(true);
  });

  it("never serves a page rendered on another business day (Asia/Dubai midnight)", async () => {
    s.clock.now = BEFORE_MIDNIGHT;
    // A late change notification from the previous test (a delete touches two tables) may still drop
    // the page once: what matters is that the page is stored for the day, then not served past midnight.
    expect((await get(s, "/en/demo")).cache).toBe("MISS");
    expect(await eventually(async () => (await get(s, "/en/demo")).cache === "HIT", 2000)).toBe(true);
    const second = await get(s, "/en/demo");
    // A CDN may not keep it past midnight either.
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(second.headers.get("cache-control")!)![1]);
    expect(sMaxAge).toBeLessThanOrEqual(10);
    expect(second.headers.get("cache-control")).not.toMatch(/stale-while-revalidate=(1\d|[2-9]\d|\d{3,})/);
    s.clock.now = BEFORE_MIDNIGHT + 15_000; // 00:00:05 the next day in Dubai
    const next = await get(s, "/en/demo");
    expect(next.cache).toBe("MISS");
    expect(await eventually(async () => (await get(s, "/en/demo")).cache === "HIT", 2000)).toBe(true);
    s.clock.now = Date.now();
  });
});

/** A GET on a connection of its own: the kernel spreads new connections over the main thread and the page threads. */
function getFresh(s: Started, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; cache: string | undefined; etag: string | undefined }>((resolve, reject) => {
    const req = httpGet(`${s.app.url}${path}`, { agent: false, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, body, cache: res.headers["x-cache"] as string | undefined, etag: res.headers.etag }),
      );
    });
    req.on("error", reject);
  });
}

describe("page threads (PGlite): stored pages on the other cores", () => {
  let s: Started;
  beforeAll(async () => {
    s = await start({}, undefined, 1);
  });
  afterAll(() => stop(s));

  it("answers stored pages from a thread, byte for byte, and hands everything else to the main thread", async () => {
    const first = await get(s, "/en/privacy-policy");
    expect(first.cache).toBe("MISS");
    const answers = await Promise.all(Array.from({ length: 40 }, () => getFresh(s, "/en/privacy-policy")));
    expect(answers.every((a) => a.status === 200 && a.cache === "HIT" && a.body === first.body)).toBe(true);
    // The main thread no longer listens on the port when threads do: every visitor connection reaches a
    // thread, which answers the stored page itself.
    expect(s.app.threadHits()).toBeGreaterThanOrEqual(40);
    expect(s.app.pageStats!.hits).toBe(0);
    // 304 on a match, whichever thread answers.
    const etag = answers[0]!.etag!;
    const revalidated = await Promise.all(Array.from({ length: 20 }, () => getFresh(s, "/en/privacy-policy", { "if-none-match": etag })));
    expect(revalidated.map((r) => r.status)).toEqual(Array(20).fill(304));
    // Not stored and personal requests reach the main thread from any connection.
    const bypass = await Promise.all(Array.from({ length: 20 }, () => getFresh(s, "/en", { authorization: "Bearer something" })));
    expect(bypass.every((r) => r.status === 200 && r.cache === "BYPASS")).toBe(true);
    const robots = await Promise.all(Array.from({ length: 10 }, () => getFresh(s, "/robots.txt")));
    expect(robots.every((r) => r.status === 200 && r.cache === "BYPASS")).toBe(true);
  });

  it("a page stored while the threads were starting is answered by them once they are up", async () => {
    // The port opens before the threads have started; a page rendered then (a readiness probe often asks
    // for "/" at that moment) used to stay on the main thread until it expired: every request for it was
    // forwarded there, and waited behind whatever that thread did (an insert, a roll-up).
    let early: { status: number; cache: string | null } | null = null;
    const late = await start({}, undefined, 1, async (url) => {
      const r = await fetch(`${url}/en/privacy-policy`);
      await r.text();
      early = { status: r.status, cache: r.headers.get("x-cache") };
    });
    try {
      expect(early).toEqual({ status: 200, cache: "MISS" });
      const hitsBefore = late.app.threadHits();
      const answers = await Promise.all(Array.from({ length: 20 }, () => getFresh(late, "/en/privacy-policy")));
      expect(answers.every((a) => a.status === 200 && a.cache === "HIT")).toBe(true);
      expect(late.app.threadHits() - hitsBefore).toBe(20);
      expect(late.app.pageStats!.hits).toBe(0);
    } finally {
      await stop(late);
    }
  }, 60_000);

  it("a keep-alive connection the main thread took before the threads started is served to its end", async () => {
    // Once the threads listen the main thread leaves the port; a connection it already had must not be cut
    // under a client that is about to send its next request on it.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const getOn = (url: string) =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = httpGet(url, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode!, socket: req.socket }));
        });
        req.on("error", reject);
      });
    let first: { status: number; socket: unknown } | null = null;
    let url = "";
    const s2 = await start({}, undefined, 1, async (u) => {
      url = u;
      first = await getOn(`${u}/en/privacy-policy`);
    });
    try {
      expect(first!.status).toBe(200);
      const again = await getOn(`${url}/en/privacy-policy`);
      expect(again.status).toBe(200);
      expect(again.socket).toBe(first!.socket);
    } finally {
      agent.destroy();
      await stop(s2);
    }
  }, 60_000);

  it("a write through the API is seen on every connection as soon as it is answered", async () => {
    const home = await get(s, "/en");
    const client = createClient(s.app.url, anonKeyOf(home.body), { auth: { persistSession: false, autoRefreshToken: false } });
    const { error: signInError } = await client.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(signInError).toBeNull();
    await get(s, "/en/blog");
    const hitsBefore = s.app.threadHits();
    await Promise.all(Array.from({ length: 20 }, () => getFresh(s, "/en/blog")));
    expect(s.app.threadHits()).toBeGreaterThan(hitsBefore);

    const { data: created, error } = await client
      .from("blog_posts")
      .insert(newPost("thread-cache-post", "Thread cache first title"))
      .select("id")
      .single();
    expect(error).toBeNull();
    const afterInsert = await Promise.all(Array.from({ length: 20 }, () => getFresh(s, "/en/blog")));
    expect(afterInsert.every((r) => r.body.includes("Thread cache first title"))).toBe(true);

    await client.from("blog_posts").update({ title: "Thread cache second title" }).eq("id", created!.id);
    const afterUpdate = await Promise.all(Array.from({ length: 20 }, () => getFresh(s, "/en/blog")));
    expect(afterUpdate.every((r) => r.body.includes("Thread cache second title"))).toBe(true);

    await client.from("blog_posts").delete().eq("id", created!.id);
    const afterDelete = await Promise.all(Array.from({ length: 20 }, () => getFresh(s, "/en/blog/thread-cache-post")));
    expect(afterDelete.map((r) => r.status)).toEqual(Array(20).fill(404));
    // Stored again once the writes are over, and answered by the threads again.
    expect(await eventually(async () => (await getFresh(s, "/en/blog")).cache === "HIT", 2000)).toBe(true);
  });

  it("requests a thread hands over keep the visitor's own address (a forged X-Forwarded-For is not believed)", async () => {
    const anon = anonKeyOf((await get(s, "/en")).body);
    const email = "thread-peer@example.com";
    const signIns = Array.from(
      { length: 10 },
      () =>
        new Promise<number>((resolve, reject) => {
          const body = JSON.stringify({ email, password: "not the password" });
          const req = httpRequest(
            `${s.app.url}/auth/v1/token?grant_type=password`,
            {
              method: "POST",
              agent: false,
              headers: { apikey: anon, "content-type": "application/json", "x-forwarded-for": "203.0.113.9", "user-agent": "thread-peer" },
            },
            (res) => {
              res.resume();
              res.on("end", () => resolve(res.statusCode!));
            },
          );
          req.on("error", reject);
          req.end(body);
        }),
    );
    expect(await Promise.all(signIns)).toEqual(Array(10).fill(400));
    const rows = await s.app.api!.db.query<{ client_ip: string | null }>(
      "select host(client_ip) as client_ip from public.audit_events where actor_email = $1",
      [email],
    );
    expect(rows.rows.length).toBe(10);
    expect(new Set(rows.rows.map((r) => r.client_ip))).toEqual(new Set(["127.0.0.1"]));
  });

  it("drops the threads' copies when posts change in plain SQL", async () => {
    await get(s, "/en/blog");
    await s.app.api!.db.query(
      `insert into public.blog_posts (slug, title, excerpt, content, category, country, read_time, published, language)
       values ('thread-sql-post', 'Thread SQL title', 'Excerpt.', '<p>Body.</p>', 'Sales', 'UAE', '2 min read', true, 'en')`,
    );
    expect(
      await eventually(
        async () =>
          (await Promise.all(Array.from({ length: 10 }, () => getFresh(s, "/en/blog")))).every((r) => r.body.includes("Thread SQL title")),
        2000,
      ),
    ).toBe(true);
  });
});

describe("origin and headers", () => {
  let s: Started;
  beforeAll(async () => {
    s = await start({ PUBLIC_URL: "https://wasla.example" });
  });
  afterAll(() => stop(s));

  it("links only to PUBLIC_URL, whatever Host or X-Forwarded-Host a request claims", async () => {
    const spoof = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    for (const path of ["/en/blog", "/", "/sitemap.xml", "/rss.xml", "/robots.txt", "/en/no-such-page"]) {
      const r = await get(s, path, spoof);
      expect(r.body, path).not.toContain("evil.example");
    }
    const home = await get(s, "/en", spoof);
    expect(home.body).toContain("https://wasla.example");
    // A raw request with a forged Host header (fetch does not let us set Host).
    const { request } = await import("node:http");
    const body = await new Promise<string>((resolve, reject) => {
      const u = new URL(`${s.app.url}/en/contact?fresh=1`);
      const req = request({ host: u.hostname, port: u.port, path: "/en/privacy-policy", headers: { host: "evil.example" } }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve(text));
      });
      req.on("error", reject);
      req.end();
    });
    expect(body).not.toContain("evil.example");
    expect(body).toContain("https://wasla.example");
  });

  it("sends a strict CSP whose hashes cover every inline script, and the other security headers", async () => {
    for (const path of ["/en", "/", "/en/blog", "/en/demo"]) {
      const r = await get(s, path);
      const csp = r.headers.get("content-security-policy")!;
      expect(csp, path).toBeTruthy();
      const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!;
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/object-src 'none'/);
      const { createHash } = await import("node:crypto");
      const inline = [...r.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attrs, text]) => !/\bsrc=/.test(attrs!) && text,
      );
      expect(inline.length).toBeGreaterThan(0);
      for (const [, , text] of inline) {
        expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(text!).digest("base64")}'`);
      }
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(r.headers.get("x-frame-options")).toBe("DENY");
    }
    const api = await fetch(`${s.app.url}/rest/v1/`);
    expect(api.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    await api.arrayBuffer();
  });

  it("sends HSTS only for requests that arrived over HTTPS", async () => {
    const plain = await get(s, "/en");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    // Without TRUST_PROXY nobody's X-Forwarded-Proto is believed.
    const claimed = await get(s, "/en", { "x-forwarded-proto": "https" });
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
    // Behind a trusted loopback proxy that says it terminated TLS.
    const proxied = await start({ PUBLIC_URL: "https://wasla.example", TRUST_PROXY: "loopback" });
    try {
      const secure = await get(proxied, "/en", { "x-forwarded-proto": "https" });
      expect(secure.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    } finally {
      await stop(proxied);
    }
  });
});

describe("page cache on PostgreSQL", () => {
  const postgres = backends.find((b) => b.name === "PostgreSQL");
  it.skipIf(!postgres)("drops pages when another connection changes posts in SQL (LISTEN/NOTIFY)", async () => {
    const backend = await postgres!.setup();
    let s: Started | undefined;
    const other = new pg.Client({ connectionString: backend.databaseUrl });
    try {
      s = await start({ ...backend.env, PAGE_CACHE_POLL_MS: "60000" }, backend.databaseUrl);
      await other.connect();
      await get(s, "/en/blog");
      expect((await get(s, "/en/blog")).cache).toBe("HIT");
      await other.query(
        `insert into public.blog_posts (slug, title, excerpt, content, category, country, read_time, published, language)
         values ('cache-pg-post', 'Cache PostgreSQL title', 'Excerpt.', '<p>Body.</p>', 'Sales', 'UAE', '2 min read', true, 'en')`,
      );
      // Polling is off (60 s): only the notification can make this true within a second.
      expect(await eventually(async () => (await get(s!, "/en/blog")).body.includes("Cache PostgreSQL title"), 1000)).toBe(true);
      await other.query("update public.blog_posts set published = false where slug = 'cache-pg-post'");
      expect(await eventually(async () => (await get(s!, "/en/blog/cache-pg-post")).status === 404, 1000)).toBe(true);
    } finally {
      await other.end().catch(() => undefined);
      await stop(s);
      await backend.teardown();
    }
  });
});

describe.each(backends)("page cache and scheduled posts on $name", (backend) => {
  it("a stored page lasts until the next publish time: served the millisecond before, rendered again at it", async () => {
    const b = await backend.setup();
    let s: Started | undefined;
    try {
      // Polling every minute: only the stored pages' own expiry can bring the post in on time.
      s = await start({ ...b.env, PAGE_CACHE_POLL_MS: "60000" }, b.databaseUrl);
      const home = await get(s, "/en");
      const client = createClient(s.app.url, anonKeyOf(home.body), { auth: { persistSession: false, autoRefreshToken: false } });
      expect((await client.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).error).toBeNull();

      // The database's clock is this machine's: schedule the post 1.5 s ahead of it.
      const at = Date.now() + 1500;
      const post = { ...newPost("cache-scheduled-post", "Cache scheduled title"), published_at: new Date(at).toISOString() };
      expect((await client.from("blog_posts").insert(post)).error).toBeNull();
      s.clock.now = Date.now();
      await s.app.contentVersion!.settled(); // the read the write asked for
      expect(s.app.contentVersion!.nextChange()).toBe(at);

      const first = await get(s, "/en/blog");
      expect(first.cache).toBe("MISS");
      expect(first.body).not.toContain("Cache scheduled title");
      expect((await get(s, "/en/blog/cache-scheduled-post")).status).toBe(404);
      const stored = await get(s, "/en/blog");
      expect(stored.cache).toBe("HIT");
      // A CDN may not keep it, fresh or stale, past the publish time either.
      const left = Math.floor((at - s.clock.now) / 1000);
      const sMaxAge = Number(/s-maxage=(\d+)/.exec(stored.headers.get("cache-control")!)![1]);
      const swr = Number(/stale-while-revalidate=(\d+)/.exec(stored.headers.get("cache-control")!)?.[1] ?? 0);
      expect(sMaxAge + swr).toBeLessThanOrEqual(left);

      // The millisecond before: still the stored page, without the post.
      s.clock.now = at - 1;
      const before = await get(s, "/en/blog");
      expect(before.cache).toBe("HIT");
      expect(before.body).not.toContain("Cache scheduled title");
      expect(before.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=0");
      const notYet = await get(s, "/en/blog/cache-scheduled-post");
      expect([notYet.status, notYet.cache]).toEqual([404, "HIT"]);

      // At the publish time (on the database's clock too): rendered again, with the post.
      while (Date.now() < at) await new Promise((r) => setTimeout(r, 20));
      s.clock.now = at;
      const live = await get(s, "/en/blog");
      expect(live.cache).toBe("MISS");
      expect(live.body).toContain("Cache scheduled title");
      const article = await get(s, "/en/blog/cache-scheduled-post");
      expect(article.status).toBe(200);
      expect(article.body).toContain("Cache scheduled title");
      // The new page is stored again, until the next scheduled post (the seed's, a week ahead).
      expect(await eventually(async () => (await get(s!, "/en/blog")).cache === "HIT", 2000)).toBe(true);
      expect(s.app.contentVersion!.nextChange()).toBeGreaterThan(at + 86_400_000);
    } finally {
      await stop(s);
      await b.teardown();
    }
  });
});
