/**
 * The analytics background work (docs/analytics.md), every ANALYTICS_ROLLUP_MS (60 s) on every server,
 * each step under an advisory lock so that several servers on one PostgreSQL do it once:
 *
 * - roll-up: the events written since the last run are added to today's and yesterday's counts (an older
 *   day is recomputed whole), and each day's week and four-week block follow (public.analytics_rollup_new),
 *   so the admin page reads a few rows per key and piece of the period, never raw events;
 * - retention: raw events older than ANALYTICS_RAW_DAYS (30) days are deleted; roll-ups stay;
 * - salts: every salt of a day before today is deleted (yesterday's visitors can no longer be recomputed);
 * - weekly report: from Monday 06:00 UTC, the previous week's figures are queued once in the mail outbox
 *   for every owner, in their language (public.analytics_reports records the week, so it is queued once).
 */
import type { Database, Queryable } from "../db/database.ts";
import { type BackgroundPriority, backgroundPriority } from "../ops/background-priority.ts";
import type { AnalyticsLog, Collector } from "./collector.ts";
import { utcDay } from "./collector.ts";

const ROLLUP_LOCK = 727274201;
/** A roll-up this long is logged (with its days), so that an operator sees it grow with a day's events. */
const SLOW_ROLLUP_MS = 1000;
const REPORT_LOCK = 727274202;

export interface AnalyticsJobs {
  /** One run of every step now (tests); resolves when done. */
  run(): Promise<{ rolledDays: string[]; deleted: number; reportQueued: string | null }>;
  stop(): Promise<void>;
}

const int = (raw: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/** The Monday (UTC) of the week that contains `d`. */
export function mondayOf(d: Date): string {
  const day = utcDay(d);
  const weekday = (d.getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

async function locked(tx: Queryable, key: number) {
  const r = await tx.query<{ ok: boolean }>("select pg_try_advisory_xact_lock($1) as ok", [key]);
  return Boolean(r.rows[0]?.ok);
}

async function rollUp(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (!(await locked(tx, ROLLUP_LOCK))) return [];
    // The events of the transactions that ended since the last run, added to today's and yesterday's counts
    // (public.analytics_rollup_new, supabase/migrations/20261128200000_analytics_rollup_grouped.sql).
    const days = await tx.query<{ day: string }>("select d::text as day from public.analytics_rollup_new() as d");
    return days.rows.map((d) => d.day);
  });
}

/** The figures of a week for its report (read from the roll-ups). */
async function weekFigures(db: Queryable, monday: string) {
  const sunday = addDays(monday, 6);
  const prevMonday = addDays(monday, -7);
  const totals = await db.query<{ current: boolean; views: string; visitors: string }>(
    `select day >= $1::date as current, coalesce(sum(views), 0)::text as views, coalesce(sum(visitors), 0)::text as visitors
       from public.analytics_daily where dim = 'total' and day between $2::date and $3::date group by 1`,
    [monday, prevMonday, sunday],
  );
  const forms = await db.query<{ current: boolean; views: string; stored: string }>(
    `select day >= $1::date as current, coalesce(sum(views), 0)::text as views, coalesce(sum(stored), 0)::text as stored
       from public.analytics_form_daily where dim = 'total' and day between $2::date and $3::date group by 1`,
    [monday, prevMonday, sunday],
  );
  const pages = await db.query<{ key: string; views: string }>(
    `select key, sum(views)::text as views from public.analytics_daily
      where dim = 'page' and day between $1::date and $2::date group by key order by sum(views) desc, key limit 5`,
    [monday, sunday],
  );
  const pick = <T extends { current: boolean }>(rows: T[], current: boolean) => rows.find((r) => r.current === current);
  const n = (s: string | undefined) => Number(s ?? 0);
  return {
    from: monday,
    to: sunday,
    views: n(pick(totals.rows, true)?.views),
    visitors: n(pick(totals.rows, true)?.visitors),
    stored: n(pick(forms.rows, true)?.stored),
    previous: {
      views: n(pick(totals.rows, false)?.views),
      visitors: n(pick(totals.rows, false)?.visitors),
      stored: n(pick(forms.rows, false)?.stored),
    },
    topPages: pages.rows.map((p) => ({ path: p.key, views: n(p.views) })),
  };
}

/** Queues last week's report for every owner, once per week across servers; the week, or null. */
export async function queueWeeklyReport(db: Database, now: Date): Promise<string | null> {
  const thisMonday = mondayOf(now);
  if (now.getTime() < Date.parse(`${thisMonday}T06:00:00Z`)) return null;
  const week = addDays(thisMonday, -7);
  return db.transaction(async (tx) => {
    if (!(await locked(tx, REPORT_LOCK))) return null;
    const fresh = await tx.query("insert into public.analytics_reports (week) values ($1) on conflict (week) do nothing returning week", [
      week,
    ]);
    if (fresh.rows.length === 0) return null;
    const figures = await weekFigures(tx, week);
    // In each owner's language; one who never chose gets Arabic, like the rest of their team mail.
    await tx.query(
      `insert into public.mail_outbox (kind, recipient, locale, data)
       select 'analytics_report', u.email, coalesce(a.locale, 'ar'), $1::jsonb
         from public.administrators a join auth.users u on u.id = a.user_id
        where a.role = 'owner' and a.accepted_at is not null and u.email is not null`,
      [JSON.stringify(figures)],
    );
    return week;
  });
}

export function startAnalyticsJobs({
  db,
  collector,
  env = {},
  log,
  now = () => new Date(),
  onMailQueued,
  background = backgroundPriority(0),
}: {
  db: Database;
  collector: Collector;
  env?: Record<string, string | undefined>;
  log: AnalyticsLog;
  now?: () => Date;
  onMailQueued?: () => void;
  /** Runs the roll-up (PGlite: on this thread) at background priority (server/ops/background-priority.ts). */
  background?: BackgroundPriority;
}): AnalyticsJobs {
  const intervalMs = int(env.ANALYTICS_ROLLUP_MS, 60_000, 100, 3_600_000);
  const rawDays = int(env.ANALYTICS_RAW_DAYS, 30, 1, 3650);
  const reports = env.ANALYTICS_WEEKLY_REPORT !== "off";
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function once() {
    await collector.flush();
    const started = performance.now();
    const rolledDays = await background.run(() => rollUp(db));
    const rollupMs = Math.round(performance.now() - started);
    // With PGlite the roll-up runs on the main thread, which answers nothing else meanwhile (docs/analytics.md,
    // "What a roll-up costs"): its time follows the events of the minute (and of a day recomputed whole).
    if (rollupMs >= SLOW_ROLLUP_MS) log.warn("analytics: slow roll-up", { ms: rollupMs, days: rolledDays });
    const today = utcDay(now());
    const deleted = await db.query("delete from public.analytics_events where day < $1::date", [addDays(today, -rawDays)]);
    await db.query("delete from public.analytics_salts where day < $1::date", [today]);
    const reportQueued = reports ? await queueWeeklyReport(db, now()) : null;
    if (reportQueued) {
      log.info("analytics: weekly report queued", { week: reportQueued });
      onMailQueued?.();
    }
    return { rolledDays, deleted: deleted.rowCount, reportQueued };
  }

  function run() {
    const next = running.then(once, once);
    running = next.catch(() => undefined);
    return next;
  }

  const timer = setInterval(() => {
    if (stopped) return;
    run().catch((e) => log.error("analytics: job failed", { error: String(e) }));
  }, intervalMs);
  timer.unref();

  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
