/**
 * First-party analytics (docs/analytics.md), against the embedded API on PGlite and PostgreSQL: the beacon
 * endpoint's checks (4xx, nothing kept), robots and Do Not Track / Global Privacy Control ignored, events held
 * in memory and written in one batch, no cookie, no address or user agent stored, daily roll-ups read by the
 * admin's functions with each role's rights, and the weekly report queued once.
 */
import { getPriority } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_NICE, mayRestoreNice, policyOf, threadId } from "../../server/ops/background-priority.ts";
import type { SupabaseClient } from "@supabase/supabase-js";
import { ensureUser } from "../../server/api/users.ts";
import { queueWeeklyReport } from "../../server/analytics/jobs.ts";
import type { Database } from "../../src/lib/database.types";
import { ADMIN_EMAIL, ADMIN_PASSWORD, USER_EMAIL, USER_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";

const UA = {
  phone: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  desktop: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  bot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};
const touch = { source: "newsletter", medium: "email", campaign: "nov-digest", landingPage: "/en/contact", at: "2026-11-27T08:00:00.000Z" };

describe.each(backends)("analytics on $name", (backend) => {
  let srv: TestServer;
  let teardown: () => Promise<void>;
  const c = {} as Record<"anon" | "user" | "owner" | "editor" | "sales", SupabaseClient<Database>>;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({
      databaseUrl: b.databaseUrl,
      env: {
        ...b.env,
        ANALYTICS_FLUSH_MS: "60000",
        ANALYTICS_FLUSH_EVENTS: "10000",
        ANALYTICS_ROLLUP_MS: "3600000",
        ANALYTICS_RATE_LIMIT: "200/60",
        ANALYTICS_WEEKLY_REPORT: "off",
      },
    });
    for (const [email, role] of [
      ["analytics-editor@example.com", "editor"],
      ["analytics-sales@example.com", "sales"],
    ] as const) {
      await srv.api.db.transaction(async (tx) => {
        const u = await ensureUser(tx, email, "analytics member password 1", { admin: false });
        await tx.query("insert into public.administrators (user_id, role, accepted_at) values ($1, $2, now())", [u.id, role]);
      });
    }
    c.anon = srv.client() as never;
    c.user = (await signedIn(srv, USER_EMAIL, USER_PASSWORD)).client as never;
    c.owner = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client as never;
    c.editor = (await signedIn(srv, "analytics-editor@example.com", "analytics member password 1")).client as never;
    c.sales = (await signedIn(srv, "analytics-sales@example.com", "analytics member password 1")).client as never;
  });

  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${srv.url}/api/event`, {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": UA.phone, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const count = async () =>
    Number((await srv.api.db.query<{ n: number }>("select count(*)::int as n from public.analytics_events")).rows[0]!.n);
  const today = new Date().toISOString().slice(0, 10);

  it("refuses bad input with a 4xx and keeps nothing", async () => {
    const cases: [number, Promise<Response>][] = [
      [415, post({ k: "view", p: "/", l: "ar" }, { "Content-Type": "application/x-www-form-urlencoded" })],
      [413, post(JSON.stringify({ k: "view", p: "/", l: "ar", pad: "x".repeat(5000) }))],
      [400, post("{not json")],
      [400, post({ k: "view", p: "/?email=someone@example.com", l: "ar" })],
      [400, post({ k: "form_start", p: "/", l: "ar" })],
      [400, post({ k: "view", p: "/", l: "ar", visitor: "mine" })],
    ];
    for (const [status, res] of cases) {
      const r = await res;
      expect(r.status).toBe(status);
      expect(((await r.json()) as { error: string }).error).toBe("invalid_input");
    }
    await srv.api.analytics.collector.flush();
    expect(await count()).toBe(0);
  });

  it("ignores robots and visitors who ask not to be tracked (same 204)", async () => {
    for (const headers of [{ "User-Agent": UA.bot }, { DNT: "1" }, { "Sec-GPC": "1" }, { "User-Agent": "" }] as Record<string, string>[]) {
      expect((await post({ k: "view", p: "/", l: "ar" }, headers)).status).toBe(204);
    }
    await srv.api.analytics.collector.flush();
    expect(await count()).toBe(0);
  });

  it("answers 204 with no cookie, keeps events in memory and writes them in one batch", async () => {
    const { stats } = srv.api.analytics.collector;
    const flushes = stats.flushes;
    const sent: Promise<Response>[] = [];
    // Two phone visitors on the Arabic contact page (one from the newsletter), one desktop visitor in English.
    for (let i = 0; i < 3; i++) sent.push(post({ k: "view", p: "/contact", l: "ar", f: ["sales_lead"] }));
    sent.push(post({ k: "view", p: "/contact", l: "ar", f: ["sales_lead"], t: touch }, { "User-Agent": `${UA.phone} Variant/2` }));
    sent.push(
      post(
        [
          { k: "view", p: "/en/blog", l: "en" },
          { k: "view", p: "/en/contact", l: "en", f: ["sales_lead", "newsletter"] },
        ],
        { "User-Agent": UA.desktop },
      ),
    );
    sent.push(
      post([
        { k: "form_start", p: "/contact", l: "ar", f: "sales_lead", t: touch },
        { k: "form_submit", p: "/contact", l: "ar", f: "sales_lead", t: touch },
        { k: "form_error", p: "/contact", l: "ar", f: "sales_lead", t: touch },
        { k: "form_submit", p: "/contact", l: "ar", f: "sales_lead", t: touch },
        { k: "form_stored", p: "/contact", l: "ar", f: "sales_lead", t: touch },
      ]),
    );
    for (const r of await Promise.all(sent)) {
      expect(r.status).toBe(204);
      expect(r.headers.get("set-cookie")).toBeNull();
    }
    expect(await count()).toBe(0);
    await srv.api.analytics.collector.flush();
    expect(stats.flushes).toBe(flushes + 1);
    expect(await count()).toBe(11);
    // Nothing that identifies the visitor is stored: not the address, not the user agent.
    const rows = (await srv.api.db.query<Record<string, unknown>>("select * from public.analytics_events")).rows;
    const text = JSON.stringify(rows);
    expect(text).not.toContain("127.0.0.1");
    expect(text).not.toContain("Android");
    expect(text).not.toContain("Firefox");
    // (tx: the database transaction that wrote the row, for the incremental roll-up.)
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ["at", "campaign", "channel", "day", "device", "form", "forms", "id", "kind", "locale", "path", "source", "tx", "visitor"].sort(),
    );
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(3);
  });

  it("stores every value exactly as kept, whatever characters it holds (PGlite writes with COPY)", async () => {
    // Through the wire: a path may hold backslashes, braces and quotes (no spaces, no query).
    const path = String.raw`/en/blog/\N{x},"y"\t\\z`;
    expect((await post({ k: "view", p: path, l: "en", f: ["newsletter", "sales_lead"] })).status).toBe(204);
    // Straight into the buffer (what a page thread hands over): values the wire would refuse, to show the
    // write itself keeps them whole: a tab, a newline, a carriage return, a backslash, "\N", Arabic text.
    const odd = ["tab\there", "line\nbreak", "cr\rhere", String.raw`back\slash \N`, "حملة دبي"];
    // Half of them as a thread hands over rows it could hash, half waiting for the main thread's salt.
    const { rowParts, visitorHash } = await import("../../server/analytics/beacon.ts");
    const salt = (await srv.api.db.query<{ salt: string }>("select salt from public.analytics_salts where day = $1", [today])).rows[0]!
      .salt;
    const batch = { rows: "", count: 0, waiting: [] as { day: string; head: string; tail: string; address: string; ua: string }[] };
    for (const [i, value] of odd.entries()) {
      const { head, tail } = rowParts({
        at: new Date().toISOString(),
        day: today,
        kind: "form_start",
        path: `/en/odd-${i}`,
        locale: "en",
        channel: "referral",
        source: value,
        campaign: i % 2 ? null : value,
        device: "desktop",
        form: "newsletter",
        forms: null,
      });
      if (i % 2) batch.waiting.push({ day: today, head, tail, address: "192.0.2.50", ua: UA.desktop });
      else {
        batch.rows += head + visitorHash(salt, srv.api.analytics.collector.share.site, "192.0.2.50", UA.desktop) + tail;
        batch.count++;
      }
    }
    srv.api.analytics.collector.take({ ...batch, ignored: 0, dropped: 0 });
    await srv.api.analytics.collector.flush();
    const viewed = await srv.api.db.query<{ path: string; forms: string[] }>(
      "select path, forms from public.analytics_events where path = $1",
      [path],
    );
    expect(viewed.rows).toEqual([{ path, forms: ["newsletter", "sales_lead"] }]);
    const kept = await srv.api.db.query<{ path: string; source: string; campaign: string | null }>(
      "select path, source, campaign from public.analytics_events where path like '/en/odd-%' order by path",
    );
    expect(kept.rows).toEqual(odd.map((value, i) => ({ path: `/en/odd-${i}`, source: value, campaign: i % 2 ? null : value })));
    // The rows hashed by the thread and those the main thread completed have the same visitor.
    const visitors = await srv.api.db.query("select distinct visitor from public.analytics_events where path like '/en/odd-%'");
    expect(visitors.rows).toHaveLength(1);
    // Not part of the day the next test rolls up.
    await srv.api.db.query("delete from public.analytics_events where path = $1 or path like '/en/odd-%'", [path]);
  });

  it("rolls the day up; owners and editors read traffic, sales reads conversion only", async () => {
    const { rolledDays } = await srv.api.analytics.jobs.run();
    expect(rolledDays).toEqual([today]);
    const traffic = await c.owner.rpc("analytics_traffic", { p_from: today, p_to: today });
    expect(traffic.error).toBeNull();
    const t = traffic.data as {
      views: number;
      visitors: number;
      breakdowns: Record<string, { key: string; views: number; visitors: number }[]>;
    };
    expect(t.views).toBe(6);
    expect(t.visitors).toBe(3);
    expect(t.breakdowns.page).toEqual([
      { key: "/contact", views: 4, visitors: 2 },
      { key: "/en/blog", views: 1, visitors: 1 },
      { key: "/en/contact", views: 1, visitors: 1 },
    ]);
    expect(t.breakdowns.device).toEqual([
      { key: "mobile", views: 4, visitors: 2 },
      { key: "desktop", views: 2, visitors: 1 },
    ]);
    expect(t.breakdowns.channel).toEqual([
      { key: "direct", views: 5, visitors: 2 },
      { key: "email", views: 1, visitors: 1 },
    ]);
    expect(t.breakdowns.campaign).toContainEqual({ key: "nov-digest", views: 1, visitors: 1 });
    expect((await c.editor.rpc("analytics_traffic", { p_from: today, p_to: today })).data).toEqual(traffic.data);

    const conv = await c.sales.rpc("analytics_conversion", { p_from: today, p_to: today });
    expect(conv.error).toBeNull();
    const f = conv.data as { funnels: unknown[]; breakdowns: Record<string, unknown[]> };
    expect(f.funnels).toEqual([
      { form: "newsletter", views: 1, started: 0, submitted: 0, stored: 0, errors: 0 },
      { form: "sales_lead", views: 5, started: 1, submitted: 2, stored: 1, errors: 1 },
    ]);
    expect(f.breakdowns.campaign).toContainEqual({ form: "sales_lead", key: "nov-digest", views: 1, stored: 1 });
    expect(f.breakdowns.locale).toContainEqual({ form: "sales_lead", key: "ar", views: 4, stored: 1 });

    const refusedSales = await c.sales.rpc("analytics_traffic", { p_from: today, p_to: today });
    expect(refusedSales.error?.code).toBe("42501");
    for (const who of ["user", "anon"] as const) {
      expect((await c[who].rpc("analytics_conversion", { p_from: today, p_to: today })).error?.code, who).toBe("42501");
      expect((await c[who].rpc("analytics_traffic", { p_from: today, p_to: today })).error?.code, who).toBe("42501");
    }
    // Straight reads follow the same rules (RLS).
    expect((await c.sales.from("analytics_daily").select("*")).data).toEqual([]);
    expect((await c.sales.from("analytics_form_daily").select("*")).data!.length).toBeGreaterThan(0);
    expect((await c.owner.from("analytics_events").select("*")).error?.code).toBe("42501");
    expect((await c.owner.from("analytics_salts").select("*")).error?.code).toBe("42501");
    // A period the function refuses.
    expect((await c.owner.rpc("analytics_traffic", { p_from: today, p_to: "2020-01-01" })).error?.code).toBe("22023");
  });

  it("rate-limits a client address with 429", async () => {
    let last = 0;
    for (let i = 0; i < 220 && last !== 429; i++) last = (await post({ k: "view", p: "/", l: "ar" })).status;
    expect(last).toBe(429);
  });

  it("queues last week's report once for each owner, whichever server asks", async () => {
    const monday = new Date("2026-11-30T07:00:00Z");
    const week = await queueWeeklyReport(srv.api.db, monday);
    expect(week).toBe("2026-11-23");
    expect(await queueWeeklyReport(srv.api.db, new Date("2026-12-02T10:00:00Z"))).toBeNull();
    // Before 06:00 UTC on Monday, nothing is due yet.
    expect(await queueWeeklyReport(srv.api.db, new Date("2026-12-07T05:00:00Z"))).toBeNull();
    const rows = (
      await srv.api.db.query<{ recipient: string; locale: string; data: { from: string; to: string; views: number } }>(
        "select recipient, locale, data from public.mail_outbox where kind = 'analytics_report'",
      )
    ).rows;
    expect(rows.map((r) => r.recipient)).toEqual([ADMIN_EMAIL]);
    expect(rows[0]!.data).toMatchObject({ from: "2026-11-23", to: "2026-11-29" });
    // An owner who never chose a language gets it in Arabic, as their other team mail.
    expect(rows[0]!.locale).toBe("ar");
  });

  // server/ops/background-priority.ts: with PGlite the write and the roll-up run on this thread at SCHED_IDLE
  // (ANALYTICS_BACKGROUND_PRIORITY), and the thread is back at the normal policy and its start nice value after;
  // PostgreSQL does that work in its own processes. Putting it back needs CAP_SYS_NICE or RLIMIT_NICE (CI runs
  // as root).
  it.runIf(process.platform === "linux" && mayRestoreNice())(
    "writes and rolls up at SCHED_IDLE with PGlite, and is back at the normal policy after",
    async () => {
      const db = srv.api.db;
      const now = () => `${getPriority(0)} ${policyOf(threadId())}`;
      const seen: { copy: string[]; rollUp: string[] } = { copy: [], rollUp: [] };
      const copyFrom = db.copyFrom;
      const transaction = db.transaction;
      if (copyFrom) db.copyFrom = (target, text) => (seen.copy.push(now()), copyFrom.call(db, target, text));
      db.transaction = ((fn, opts) => (seen.rollUp.push(now()), transaction.call(db, fn, opts))) as typeof db.transaction;
      try {
        // Straight into the buffer (the rate-limit test above has used up this address's allowance).
        const { rowParts } = await import("../../server/analytics/beacon.ts");
        const { head, tail } = rowParts({
          at: new Date().toISOString(),
          day: today,
          kind: "view",
          path: "/en/background-priority",
          locale: "en",
          channel: "direct",
          source: null,
          campaign: null,
          device: "desktop",
          form: null,
          forms: null,
        });
        srv.api.analytics.collector.take({
          rows: "",
          count: 0,
          waiting: [{ day: today, head, tail, address: "192.0.2.51", ua: UA.desktop }],
          ignored: 0,
          dropped: 0,
        });
        await srv.api.analytics.collector.flush();
        await db.query("delete from public.analytics_events where path = '/en/background-priority'");
        await srv.api.analytics.jobs.run();
      } finally {
        db.copyFrom = copyFrom;
        db.transaction = transaction;
      }
      const expected = backend.name === "PGlite" ? `${BASE_NICE} idle` : `${BASE_NICE} other`;
      if (backend.name === "PGlite") expect(seen.copy).toEqual([expected]);
      expect(seen.rollUp.length).toBeGreaterThan(0);
      expect(seen.rollUp.every((n) => n === expected)).toBe(true);
      expect(now()).toBe(`${BASE_NICE} other`);
    },
  );

  // A statement that waits behind a background write (a form, the admin) puts the write back at the normal
  // policy; the page cache's version poll (patientQuery) waits without doing so.
  it.runIf(process.platform === "linux" && mayRestoreNice())(
    "puts a background write back at the normal policy when a statement waits behind it, not for the poll",
    async () => {
      const db = srv.api.db;
      const { background } = srv.api.analytics;
      if (backend.name !== "PGlite") {
        expect(background.mode).toBe("off");
        return;
      }
      expect(background.mode).toBe("idle");
      const state = () => policyOf(threadId());
      const until = async (want: string) => {
        for (let i = 0; i < 200 && state() !== want; i++) await new Promise((r) => setTimeout(r, 10));
        return state();
      };
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const held = background.run(() =>
        db.transaction(async () => {
          entered();
          await gate;
        }),
      );
      await inside;
      expect(state()).toBe("idle");
      const poll = db.patientQuery!("select 1 as n");
      await new Promise((r) => setTimeout(r, 100));
      expect(state()).toBe("idle");
      const form = db.query("select 2 as n");
      expect(await until("other")).toBe("other");
      release();
      await held;
      expect((await poll).rows).toEqual([{ n: 1 }]);
      expect((await form).rows).toEqual([{ n: 2 }]);
      expect(state()).toBe("other");
    },
  );
});
