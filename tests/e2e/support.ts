/** Helpers for end-to-end tests: axe, a service-role Supabase client to check stored rows. */
import { createHmac } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type Locator, type Page, expect } from "@playwright/test";
import { type SupabaseClient, createClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { E2E_ADMIN, E2E_JWT_SECRET, E2E_PORT } from "./env";

export const baseURL = `http://127.0.0.1:${E2E_PORT}`;

const b64url = (s: string | Buffer) => Buffer.from(s).toString("base64url");

/** An HS256 JWT with the given role, as Supabase's anon / service_role keys are. */
export function keyFor(role: "anon" | "service_role"): string {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = b64url(JSON.stringify({ role, iss: "supabase", iat: now, exp: now + 3600 }));
  const sig = createHmac("sha256", E2E_JWT_SECRET).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${sig}`;
}

function client(key: string): SupabaseClient {
  return createClient(baseURL, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

/** Reads anything, bypassing RLS: for checking what the site stored. */
export const serviceClient = () => client(keyFor("service_role"));
export const anonClient = () => client(keyFor("anon"));

/** A client signed in as the e2e administrator. */
export async function adminClient(): Promise<SupabaseClient> {
  const c = client(keyFor("anon"));
  const { error } = await c.auth.signInWithPassword(E2E_ADMIN);
  if (error) throw error;
  return c;
}

/** Fails the test on any axe violation on the current page. */
export async function expectNoAxeViolations(page: Page) {
  // Opening dialogs and toasts fade in, and a list that is loading says so (aria-busy): judge colours once
  // the animations have settled and nothing is loading.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== "running") && !document.querySelector('[aria-busy="true"]'),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  // label-content-name-mismatch (WCAG 2.5.3, visible text inside the accessible name) is one of axe's
  // experimental rules, off unless asked for.
  const results = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Collects console errors and hydration warnings during a test. */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on("console", (msg) => {
    const text = msg.text();
    if (msg.type() === "error" || /hydrat/i.test(text)) problems.push(`${msg.type()}: ${text}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

/**
 * A slow phone: the page's scripts are held until `release()` is called, so the painted page can be
 * used before anything hydrates. The page's `load` event may not come while they are held: go to the
 * page with `waitUntil: "domcontentloaded"`, never wait for an event this blocks.
 */
export async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/**
 * The page's script is running: `<html data-hydrated>`. A public page (islands mode) sets it when its
 * islands loader has started (islands then hydrate when needed: wait for what a test uses, e.g. a form's
 * `data-ready`); a page that hydrates as a whole (the blog list, the admin) sets it once React has.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), undefined, { timeout: 20_000 });
}

/** The island `name` of the page has hydrated (its root has rendered on the client). */
export async function waitForIsland(page: Page, name: string) {
  await page.waitForFunction((n) => document.querySelector(`[data-island="${n}"]`)?.hasAttribute("data-hydrated"), name, {
    timeout: 20_000,
  });
}

/**
 * The first bookable day of `market` (the default market when absent) that still has a free time, as the
 * booking-slots function answers (other tests book the near slots: "today" may be full by the time a test
 * runs). YYYY-MM-DD on the market's clock. `skipDays`: look from that many days after the first bookable one
 * (a test that must not take the slots other tests count).
 */
export async function firstDayWithFreeTime(market?: string, { skipDays = 0 }: { skipDays?: number } = {}): Promise<string> {
  const q = market ? `market=${market}&` : "";
  const { data: settings, error } = await anonClient().functions.invoke(`booking-slots${market ? `?market=${market}` : ""}`, {
    method: "GET",
  });
  if (error) throw error;
  let day = new Date(Date.parse(`${settings.firstDay as string}T00:00:00Z`) + skipDays * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 60; i++) {
    const { data, error: e } = await anonClient().functions.invoke(`booking-slots?${q}date=${day}`, { method: "GET" });
    if (e) throw e;
    if ((data.slots as { free: boolean }[]).some((s) => s.free)) return day;
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  throw new Error("no free time in the next 60 days");
}

/** Chooses a free time in a booking form's time select: the first by default, `from: "end"` for the last. */
export async function selectFreeTime(select: Locator, from: "start" | "end" = "start"): Promise<string> {
  await select.locator('option:not([disabled]):not([value=""])').first().waitFor({ state: "attached" });
  const free = await select
    .locator("option:not([disabled])")
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const value = from === "start" ? free[0] : free.at(-1);
  if (!value) throw new Error("no free time on the chosen day");
  await select.selectOption(value);
  return value;
}

/** Opens a booking form's calendar (its button named `calendar`) and picks `date` (YYYY-MM-DD), paging months. */
export async function pickCalendarDay(page: Page, scope: Locator, calendar: string | RegExp, date: string) {
  await scope.getByRole("button", { name: calendar }).click();
  const cell = page
    .locator(`[data-scope="date-picker"][data-part="table-cell-trigger"][data-value="${date}"]:not([data-outside-range])`)
    .first();
  for (let i = 0; i < 3 && !(await cell.isVisible()); i++)
    await page.locator('[data-scope="date-picker"][data-part="next-trigger"]').first().click();
  await cell.click();
}

/** Half a second of 8 kHz, 16-bit mono silence as a real WAV file (the demo's upload). */
export function silentWav(): Buffer {
  const data = Buffer.alloc(8000);
  const h = Buffer.alloc(44);
  h.write("RIFF", 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write("WAVE", 8);
  h.write("fmt ", 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(16000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write("data", 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/**
 * Publishes an English article and its Arabic translation (same translation group; the Arabic one with a
 * hero image and its alt text). Returns the English post's id.
 */
export async function publishArticlePair(en: Record<string, unknown>, ar: Record<string, unknown>): Promise<string> {
  const admin = await adminClient();
  const common = { category: "Real Estate", country: "UAE", published: true };
  const { data, error } = await admin
    .from("blog_posts")
    .insert({
      ...common,
      content: '<h2>Heading</h2><p>Body with <strong>bold</strong> and <a href="https://example.org">a link</a>.</p><ul><li>One</li></ul>',
      read_time: "4 min read",
      language: "en",
      ...en,
    })
    .select("id,translation_group")
    .single();
  if (error) throw error;
  const translation = await admin.from("blog_posts").insert({
    ...common,
    content: '<h2>عنوان</h2><p>نص فيه <strong>خط عريض</strong> و<a href="https://example.org">رابط</a>.</p>',
    read_time: "4 دقائق قراءة",
    language: "ar",
    translation_group: data.translation_group as string,
    hero_image_url: "/images/blog/uae-market-2025.png",
    hero_image_alt: "رسم لأفق مدينة دبي",
    ...ar,
  });
  if (translation.error) throw translation.error;
  return data.id as string;
}

/** Presses the demo's Start button until its options step shows (the button works once the page has hydrated). */
export async function startDemo(page: Page, t: { start: string; options: string }) {
  const options = page.getByRole("heading", { level: 1, name: t.options, exact: true });
  const start = page.getByRole("button", { name: t.start, exact: true });
  // A tap before the island hydrates is held and replayed once it has (src/app/held-tap.ts), which on a
  // loaded machine can take longer than one try: look for the next screen first, tap again only while
  // the hero is still there, and never fail a try on a button the replayed tap has already taken away.
  await expect(async () => {
    if (!(await options.isVisible()) && (await start.isVisible())) await start.click({ timeout: 1000 }).catch(() => undefined);
    await expect(options).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}
