/**
 * The analytics reads over weeks and four-week blocks (docs/analytics.md, section 2): random events over 100
 * days (partial weeks at both ends, across a month and a year boundary) are rolled up by the server's own job,
 * and public.analytics_traffic / public.analytics_conversion must return exactly what grouping the period's
 * daily roll-ups returns (the functions' former query, run here over the daily tables), for periods of every
 * shape; a day rolled up again later must update its week and its block.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "../../src/lib/database.types";
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";

/** The former analytics_traffic, verbatim: every daily row of the period grouped. */
const EXPECTED_TRAFFIC = `
  with rows as (
    select dim, key, day, views, visitors from public.analytics_daily where day between $1::date and $2::date
  ),
  ranked as (
    select dim, key, sum(views)::bigint as views, sum(visitors)::bigint as visitors,
           row_number() over (partition by dim order by sum(views) desc, key) as n
      from rows where dim <> 'total' group by dim, key
  )
  select jsonb_build_object(
    'views', coalesce((select sum(views) from rows where dim = 'total'), 0),
    'visitors', coalesce((select sum(visitors) from rows where dim = 'total'), 0),
    'daily', coalesce((select jsonb_agg(jsonb_build_object('day', day, 'views', views, 'visitors', visitors) order by day)
                         from rows where dim = 'total'), '[]'::jsonb),
    'breakdowns', coalesce((select jsonb_object_agg(dim, items) from (
                    select dim, jsonb_agg(jsonb_build_object('key', key, 'views', views, 'visitors', visitors) order by n) as items
                      from ranked where n <= greatest(1, least($3::int, 50)) group by dim) b), '{}'::jsonb)
  ) as result`;

/** The former analytics_conversion, verbatim. */
const EXPECTED_CONVERSION = `
  with sums as (
    select form, dim, key, sum(views)::bigint as views, sum(started)::bigint as started, sum(submitted)::bigint as submitted,
           sum(stored)::bigint as stored, sum(errors)::bigint as errors
      from public.analytics_form_daily where day between $1::date and $2::date
     group by form, dim, key
  ),
  ranked as (
    select *, row_number() over (partition by form, dim order by stored desc, views desc, key) as n from sums where dim <> 'total'
  )
  select jsonb_build_object(
    'funnels', coalesce((select jsonb_agg(jsonb_build_object('form', form, 'views', views, 'started', started,
                           'submitted', submitted, 'stored', stored, 'errors', errors) order by form)
                         from sums where dim = 'total'), '[]'::jsonb),
    'breakdowns', coalesce((select jsonb_object_agg(dim, items) from (
                    select dim, jsonb_agg(jsonb_build_object('form', form, 'key', key, 'views', views, 'stored', stored)
                                          order by form, n) as items
                      from ranked where n <= greatest(1, least($3::int, 50)) group by dim) b), '{}'::jsonb)
  ) as result`;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// 100 days from a Thursday to a Friday: partial weeks at both ends, November → December → January.
const FIRST = "2025-10-09";
const LAST = addDays(FIRST, 99); // 2026-01-16
const FORMS = ["sales_lead", "demo_booking", "article_booking", "newsletter"];
const CHANNELS = ["paid_search", "organic_search", "social", "email", "whatsapp", "referral", "other_campaign", "direct"];

interface Event {
  day: string;
  kind: string;
  path: string;
  locale: string;
  visitor: string;
  channel: string;
  source: string | null;
  campaign: string | null;
  device: string;
  form: string | null;
  forms: string[] | null;
}

function events(rand: () => number, day: string, n: number, extraPage?: string): Event[] {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const out: Event[] = [];
  for (let i = 0; i < n; i++) {
    const en = rand() < 0.4;
    // A few pages much more often than the rest, so that the top 10 is a cut and ties happen.
    const page = extraPage ?? (rand() < 0.5 ? `/p/${Math.floor(rand() * 4)}` : `/p/${Math.floor(rand() * 30)}`);
    const forms = FORMS.filter(() => rand() < 0.5);
    const view = forms.length === 0 || rand() < 0.6;
    out.push({
      day,
      kind: view ? "view" : pick(["form_start", "form_submit", "form_stored", "form_error"]),
      path: (en ? "/en" : "") + page,
      locale: en ? "en" : "ar",
      visitor: `visitor-${day}-${Math.floor(rand() * 12)}`.padEnd(16, "x"),
      channel: pick(CHANNELS),
      source: pick([null, "google", "facebook", "newsletter"]),
      campaign: pick([null, null, "winter", "launch", "year-end"]),
      device: pick(["mobile", "tablet", "desktop"]),
      form: view ? null : pick(forms),
      forms: view ? (forms.length ? forms : null) : null,
    });
  }
  return out;
}

/** Writes raw events as the collector would (one statement, so one transaction). */
async function insertEvents(srv: TestServer, rows: Event[]) {
  const cols = ["day", "kind", "path", "locale", "visitor", "channel", "source", "campaign", "device", "form"] as const;
  await srv.api.db.query(
    `insert into public.analytics_events (at, day, kind, path, locale, visitor, channel, source, campaign, device, form, forms)
     select e.day::timestamptz + interval '12 hours', e.day::date, e.kind, e.path, e.locale, e.visitor, e.channel, e.source,
            e.campaign, e.device, e.form, (select array_agg(x) from jsonb_array_elements_text(e.forms) x)
       from jsonb_to_recordset($1::jsonb) as e (day text, kind text, path text, locale text, visitor text, channel text,
            source text, campaign text, device text, form text, forms jsonb)`,
    [JSON.stringify(rows.map((r) => ({ ...Object.fromEntries(cols.map((c) => [c, r[c]])), forms: r.forms })))],
  );
}

describe.each(backends)("analytics blocks on $name", (backend) => {
  let srv: TestServer;
  let teardown: () => Promise<void>;
  let owner: SupabaseClient<Database>;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({
      databaseUrl: b.databaseUrl,
      env: {
        ...b.env,
        ANALYTICS_FLUSH_MS: "60000",
        ANALYTICS_ROLLUP_MS: "3600000",
        ANALYTICS_RAW_DAYS: "3650",
        ANALYTICS_WEEKLY_REPORT: "off",
      },
    });
    owner = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client as never;
  });

  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  const insert = (rows: Event[]) => insertEvents(srv, rows);

  const expected = async (sql: string, from: string, to: string, top: number) =>
    (await srv.api.db.query<{ result: unknown }>(sql, [from, to, top])).rows[0]!.result;

  const check = async (from: string, to: string, top = 10) => {
    const args = top === 10 ? { p_from: from, p_to: to } : { p_from: from, p_to: to, p_top: top };
    const traffic = await owner.rpc("analytics_traffic", args);
    expect(traffic.error, `${from}..${to}`).toBeNull();
    expect(traffic.data, `traffic ${from}..${to} top ${top}`).toEqual(await expected(EXPECTED_TRAFFIC, from, to, top));
    const conversion = await owner.rpc("analytics_conversion", args);
    expect(conversion.error, `${from}..${to}`).toBeNull();
    expect(conversion.data, `conversion ${from}..${to} top ${top}`).toEqual(await expected(EXPECTED_CONVERSION, from, to, top));
    return { traffic: traffic.data as { views: number; daily: unknown[] }, conversion: conversion.data as { funnels: unknown[] } };
  };

  /** Every week and four-week block equals the sum of its days (traffic and forms). */
  const blocksMatchDays = async () => {
    const mismatches = await srv.api.db.query(
      `with days as (
         select 7 as days, day - (extract(isodow from day)::int - 1) as start, dim, key, views, visitors from public.analytics_daily
         union all
         select 28, day - (((day - date '2000-01-03') % 28) + 28) % 28, dim, key, views, visitors from public.analytics_daily
       ),
       sums as (select days, start as day, dim, key, sum(views)::bigint as views, sum(visitors)::bigint as visitors
                  from days group by 1, 2, 3, 4)
       (select * from sums except select * from public.analytics_blocks)
       union all
       (select * from public.analytics_blocks except select * from sums)`,
    );
    expect(mismatches.rows).toEqual([]);
    const formMismatches = await srv.api.db.query(
      `with days as (
         select 7 as days, day - (extract(isodow from day)::int - 1) as start, form, dim, key, views, started, submitted, stored, errors
           from public.analytics_form_daily
         union all
         select 28, day - (((day - date '2000-01-03') % 28) + 28) % 28, form, dim, key, views, started, submitted, stored, errors
           from public.analytics_form_daily
       ),
       sums as (select days, start as day, form, dim, key, sum(views)::bigint as views, sum(started)::bigint as started,
                       sum(submitted)::bigint as submitted, sum(stored)::bigint as stored, sum(errors)::bigint as errors
                  from days group by 1, 2, 3, 4, 5)
       (select * from sums except select * from public.analytics_form_blocks)
       union all
       (select * from public.analytics_form_blocks except select * from sums)`,
    );
    expect(formMismatches.rows).toEqual([]);
  };

  it("reads weeks, four-week blocks and edge days with exactly the sums of the daily roll-ups", async () => {
    const rand = random(20261127);
    const all: Event[] = [];
    for (let d = 0; d < 100; d++) all.push(...events(rand, addDays(FIRST, d), 10 + Math.floor(rand() * 40)));
    await insert(all);
    const { rolledDays } = await srv.api.analytics.jobs.run();
    expect(rolledDays.length).toBe(100);
    await blocksMatchDays();
    const blocks = await srv.api.db.query<{ days: number; n: number }>(
      "select days, count(distinct day)::int as n from public.analytics_blocks group by days order by days",
    );
    // 2025-10-09 (Thursday) .. 2026-01-16 (Friday): 15 weeks, touched by 4 four-week blocks.
    expect(blocks.rows).toEqual([
      { days: 7, n: 15 },
      { days: 28, n: 4 },
    ]);

    const periods: [string, string][] = [
      ["2025-11-19", "2025-11-19"], // one day (a Wednesday)
      ["2025-11-17", "2025-11-23"], // one ISO week
      ["2025-11-20", "2025-11-26"], // 7 days from a Thursday
      ["2025-11-23", "2025-11-24"], // a Sunday and the Monday after it
      ["2025-12-30", "2026-01-11"], // from a Tuesday to a Sunday: days at the start, one week, none at the end
      ["2025-12-15", "2026-01-13"], // 30 days across the year
      [addDays(LAST, -89), LAST], // the last 90 days, as the page asks
      [addDays(LAST, -179), addDays(LAST, -90)], // the 90 before: mostly before the first event
      ["2025-10-15", "2026-01-12"], // 90 days from a Wednesday
      [FIRST, LAST], // every day
      ["2025-10-01", "2026-01-31"], // beyond both ends
      ["2025-12-29", "2026-01-25"], // exactly one four-week block (2000-01-03 + 28·n)
      ["2025-12-28", "2026-01-26"], // that block and a day on each side
      ["2024-01-01", "2024-03-31"], // no data at all
    ];
    for (const [from, to] of periods) await check(from, to);
    // A short top: ranked on the period's sums, not on a week's.
    await check(addDays(LAST, -89), LAST, 3);
    await check("2025-10-15", "2026-01-12", 1);
    const whole = await check(FIRST, LAST);
    expect(whole.traffic.daily.length).toBe(100);
    expect(whole.traffic.views).toBeGreaterThan(1000);
    expect(whole.conversion.funnels.length).toBe(4);
  });

  it("a day rolled up again later updates its week and its block", async () => {
    const day = "2025-12-03"; // a Wednesday inside the block 2025-12-01 .. 2025-12-28
    const week = "2025-12-01";
    const before = await srv.api.db.query<{ views: string }>(
      "select views::text from public.analytics_blocks where days = 7 and day = $1 and dim = 'total'",
      [week],
    );
    // Late events of that day, among them a page seen on no other day, heavy enough to lead the 90 days.
    const rand = random(42);
    await insert([...events(rand, day, 30), ...events(rand, day, 1000, "/late-page")]);
    const { rolledDays } = await srv.api.analytics.jobs.run();
    expect(rolledDays).toEqual([day]);
    await blocksMatchDays();
    const after = await srv.api.db.query<{ views: string }>(
      "select views::text from public.analytics_blocks where days = 7 and day = $1 and dim = 'total'",
      [week],
    );
    expect(Number(after.rows[0]!.views)).toBeGreaterThan(Number(before.rows[0]!.views));
    const late = await srv.api.db.query<{ days: number }>(
      "select days from public.analytics_blocks where dim = 'page' and key like '%/late-page' group by days order by days",
    );
    expect(late.rows.map((r) => r.days)).toEqual([7, 28]);
    const { traffic } = await check(addDays(LAST, -89), LAST);
    const pages = (traffic as unknown as { breakdowns: { page: { key: string }[] } }).breakdowns.page;
    expect(pages[0]!.key).toMatch(/\/late-page$/);
    await check("2025-11-26", "2025-12-31");
    await check(FIRST, LAST, 5);
  });
});

/**
 * The incremental roll-up (supabase/migrations/20261128100000_analytics_incremental_rollup.sql, in its form of
 * 20261128200000_analytics_rollup_grouped.sql): each run adds the events of the transactions that ended since
 * the last one to today's and yesterday's counts. Its result must be exactly what recomputing the days whole
 * gives, visitors included (a visitor seen in an earlier run is not counted again), and on PostgreSQL an event
 * whose transaction commits after a later one's must be counted once, in the run after its commit.
 */
describe.each(backends)("the incremental roll-up on $name", (backend) => {
  let srv: TestServer;
  let teardown: () => Promise<void>;
  let databaseUrl: string | undefined;
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = addDays(today, -1);

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    databaseUrl = b.databaseUrl;
    srv = await startServer({
      databaseUrl,
      env: { ...b.env, ANALYTICS_FLUSH_MS: "60000", ANALYTICS_ROLLUP_MS: "3600000", ANALYTICS_WEEKLY_REPORT: "off" },
    });
  });
  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  const snapshot = async () =>
    (
      await srv.api.db.query<{ t: string; row: string }>(
        `select 'daily' as t, concat_ws('|', day, dim, key, views, visitors) as row from public.analytics_daily where day >= $1::date
         union all
         select 'form', concat_ws('|', day, form, dim, key, views, started, submitted, stored, errors) from public.analytics_form_daily where day >= $1::date
         union all
         select 'block', concat_ws('|', days, day, dim, key, views, visitors) from public.analytics_blocks where day >= $1::date - 28
         order by 1, 2`,
        [yesterday],
      )
    ).rows;

  it("adds each run's events to the open days: exactly what recomputing them whole gives", async () => {
    const rand = random(7);
    for (let run = 0; run < 5; run++) {
      // The same 12 visitors a day come back in every batch, on pages, forms and campaigns seen before.
      await insertEvents(srv, [...events(rand, today, 120), ...events(rand, yesterday, 40)]);
      const { rolledDays } = await srv.api.analytics.jobs.run();
      expect(rolledDays).toEqual([yesterday, today]);
    }
    expect((await srv.api.analytics.jobs.run()).rolledDays).toEqual([]);
    const incremental = await snapshot();
    const visitors = await srv.api.db.query<{ n: number }>(
      "select count(distinct visitor)::int as n from public.analytics_events where day = $1::date and kind = 'view'",
      [today],
    );
    const total = incremental.find((r) => r.t === "daily" && r.row.startsWith(`${today}|total||`))!;
    expect(Number(total.row.split("|")[4])).toBe(visitors.rows[0]!.n);

    for (const day of [yesterday, today]) await srv.api.db.query("select public.analytics_rollup_day($1::date)", [day]);
    expect(await snapshot()).toEqual(incremental);
  });

  it.runIf(backend.name !== "PGlite")("counts an event whose transaction commits after a later one's, once", async () => {
    const pg = (await import("pg")).default;
    const early = new pg.Client({ connectionString: databaseUrl });
    await early.connect();
    const viewOf = (path: string) => ({ ...events(random(1), today, 1)[0]!, kind: "view", path, form: null, forms: null });
    const views = async (path: string) =>
      (
        await srv.api.db.query<{ views: number }>(
          "select views::int from public.analytics_daily where day = $1::date and dim = 'page' and key = $2",
          [today, path],
        )
      ).rows[0]?.views ?? 0;
    try {
      // The first event's transaction begins (and gets its id) before the second's, and ends after it.
      await early.query("begin");
      await early.query(
        `insert into public.analytics_events (at, day, kind, path, locale, visitor, channel, device)
         values (now(), $1::date, 'view', '/en/race-first', 'en', 'race-visitor-000001', 'direct', 'mobile')`,
        [today],
      );
      await insertEvents(srv, [viewOf("/en/race-second")]);
      await srv.api.analytics.jobs.run();
      // Neither is rolled up while the first transaction is open: the second's is newer than it.
      expect([await views("/en/race-first"), await views("/en/race-second")]).toEqual([0, 0]);
      await early.query("commit");
      await srv.api.analytics.jobs.run();
      expect([await views("/en/race-first"), await views("/en/race-second")]).toEqual([1, 1]);
      await srv.api.analytics.jobs.run();
      expect([await views("/en/race-first"), await views("/en/race-second")]).toEqual([1, 1]);
    } finally {
      await early.end();
    }
  });
});
