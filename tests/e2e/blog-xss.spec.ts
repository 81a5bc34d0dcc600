/**
 * The server half of the sanitiser proof: every vector of tests/xss/vectors.json is stored as a real
 * post (through supabase-js, as an administrator would) and opened as a server-rendered, hydrated
 * article in Chromium. Nothing may execute (alert/confirm/prompt/print, window.__xssHit, dialogs,
 * script or frame requests to the attacker's host, navigation away), and the article's DOM may hold
 * nothing unsafe. Every tenth vector is also put in the post's title, which lands in <title>, meta
 * tags and JSON-LD. (All vectors also run through the browser sanitiser in tests/xss, vitest.)
 */
import { type Page, expect, test } from "@playwright/test";
import { findUnsafe } from "../xss/find-unsafe";
import { XSS_VECTORS } from "../xss/vectors";
import { adminClient } from "./support";

const run = Date.now().toString(36);
const slugOf = (i: number) => `xss-${run}-${i}`;

test.describe.configure({ mode: "serial" });

let page: Page;
const events: string[] = [];

test.beforeAll(async ({ browser }) => {
  const admin = await adminClient();
  const rows = XSS_VECTORS.map((v, i) => ({
    slug: slugOf(i),
    title: i % 10 === 0 ? `XSS ${i} ${v}`.slice(0, 200) : `XSS vector ${i}`,
    excerpt: i % 10 === 0 ? `Excerpt ${v}`.slice(0, 500) : `Vector ${i}`,
    content: `<p>Before vector ${i}</p>${v}`,
    category: "Technology",
    country: "Global",
    read_time: "1 min read",
    language: "en",
    published: true,
  }));
  const { error } = await admin.from("blog_posts").insert(rows);
  if (error) throw error;

  const context = await browser.newContext();
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const hits: string[] = [];
    w.__xssHits = hits;
    w.__xssHit = (what: unknown) => hits.push(`__xssHit(${String(what)})`);
    w.alert = (m: unknown) => void hits.push(`alert(${String(m)})`);
    w.confirm = (m: unknown) => (hits.push(`confirm(${String(m)})`), false);
    w.prompt = (m: unknown) => (hits.push(`prompt(${String(m)})`), null);
    w.print = () => void hits.push("print()");
  });
  // Nothing leaves the machine: other hosts fail at once (and are recorded if they are not images).
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort("blockedbyclient"));
  page = await context.newPage();
  page.on("dialog", (d) => {
    events.push(`dialog ${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  page.on("request", (r) => {
    if (r.url().includes("xss.example") && r.resourceType() !== "image") events.push(`request ${r.resourceType()} ${r.url()}`);
  });
  page.on("popup", (p) => events.push(`popup ${p.url()}`));
});

test.afterAll(async () => {
  await page?.context().close();
  const admin = await adminClient();
  await admin.from("blog_posts").delete().like("slug", `xss-${run}-%`);
});

test(`uses at least 100 vectors (${XSS_VECTORS.length})`, () => {
  expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
});

/** What ran or was left behind on the current page (empty when the vector was neutralised). */
async function whatRan(): Promise<string[]> {
  await page.waitForTimeout(100); // let load/error/focus/animation handlers and timers fire if any survived
  const found = [...events];
  found.push(...(await page.evaluate(() => (window as unknown as { __xssHits?: string[] }).__xssHits ?? [])));
  found.push(...(await page.locator(".article-content").evaluate(findUnsafe)));
  // Nothing injected into the head (meta refresh, base, stylesheet) or elsewhere in the body.
  const injected = await page
    .locator("head meta[http-equiv], head base, body base, body meta, body link[rel=import], body iframe, body object, body embed")
    .count();
  if (injected) found.push(`${injected} injected head/frame elements`);
  return found;
}

const CHUNK = 50;

/**
 * Every vector, as the server sends it: the article's HTML response is parsed and run by Chromium
 * (page.setContent, scripts enabled). This is what a visitor's browser sees before hydration.
 */
for (let start = 0; start < XSS_VECTORS.length; start += CHUNK) {
  const end = Math.min(start + CHUNK, XSS_VECTORS.length);
  test(`vectors ${start}-${end - 1}: server-rendered article HTML runs nothing`, async ({ request }) => {
    test.setTimeout(240_000);
    for (let i = start; i < end; i++) {
      events.length = 0;
      const res = await request.get(`/en/blog/${slugOf(i)}`);
      expect(res.status(), `vector ${i}`).toBe(200);
      await page.goto("about:blank");
      await page.setContent(await res.text(), { waitUntil: "load" });
      await expect(page.locator(".article-content"), `vector ${i}`).toContainText(`Before vector ${i}`);
      expect.soft(page.url(), `vector ${i} navigated away`).toBe("about:blank");
      expect.soft(await whatRan(), `vector ${i}: ${XSS_VECTORS[i]}`).toEqual([]);
    }
  });
}

/**
 * The whole page, loaded and hydrated from the real server (browser-side DOMPurify included), for
 * every tenth vector (those also carry the vector in the title, <title>, meta tags and JSON-LD).
 */
test("every tenth vector: the hydrated page from the server runs nothing", async () => {
  test.setTimeout(240_000);
  for (let i = 0; i < XSS_VECTORS.length; i += 10) {
    events.length = 0;
    const path = `/en/blog/${slugOf(i)}`;
    const res = await page.goto(path, { waitUntil: "load" });
    expect(res?.status(), `vector ${i}`).toBe(200);
    await expect(page.locator(".article-content"), `vector ${i}`).toContainText(`Before vector ${i}`);
    expect.soft(new URL(page.url()).pathname, `vector ${i} navigated away`).toBe(path);
    expect.soft(await whatRan(), `vector ${i}: ${XSS_VECTORS[i]}`).toEqual([]);
  }
});
