/**
 * Rate limits counted once per cluster (docs/backend.md, "Rate limits"). Every limit of the API (form
 * submissions, sign-in guesses, refreshes, recovery requests, invitations, demo recordings) goes
 * through a `Limiter`:
 *
 * - with PostgreSQL (DATABASE_URL: possibly several servers), the counters live in one UNLOGGED table,
 *   embedded.rate_limits, one row per limit and key, updated by one atomic upsert per check (a fixed
 *   window, like the in-memory limiter), so a client gets the documented number of tries whichever
 *   server answers; rows whose window ended are deleted every few minutes;
 * - with PGlite (one process per data directory), the in-memory limiter (rate-limit.ts) does the same
 *   without a database round trip.
 *
 * Windows follow the API's clock (`now`, which tests move), not the database's.
 */
import type { Database, Queryable } from "../db/database.ts";
import { RateLimiter, type RateLimitRule } from "./rate-limit.ts";

type Verdict = { ok: true } | { ok: false; retryAfter: number };
type Slot = { ok: true; release(): void } | { ok: false; retryAfter: number };

export interface Limiter {
  readonly rule: RateLimitRule;
  /** Counts one hit; refused once the key is over its limit in the current window. */
  hit(key: string): Promise<Verdict>;
  /** Reserves one unit before the work it guards; refused without counting at the limit (rate-limit.ts). */
  take(key: string): Promise<Slot>;
  /** Forgets the key's count (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
}

/** Makes the limiter `name` (a namespace for its keys) with `rule`; `now` is the API's clock in ms. */
export type LimiterFactory = (name: string, rule: RateLimitRule, now?: () => number) => Limiter;

export const memoryLimiters: LimiterFactory = (_name, rule, now) => {
  const l = new RateLimiter(rule, now);
  return {
    rule,
    hit: async (key) => l.hit(key),
    take: async (key) => l.take(key),
    reset: async (key) => l.reset(key),
  };
};

/** Creates the counters' table (idempotent; call it under the first-boot lock). */
export async function prepareLimitTable(db: Queryable): Promise<void> {
  await db.exec(`
    create schema if not exists embedded;
    create unlogged table if not exists embedded.rate_limits (
      key text primary key,
      count integer not null,
      reset_at timestamptz not null,
      allowed boolean not null
    );
    revoke all on embedded.rate_limits from public;
  `);
}

const retryAfter = (resetAt: Date | string, now: number) => Math.max(1, Math.ceil((new Date(resetAt).getTime() - now) / 1000));

/**
 * The limiters over embedded.rate_limits. One statement per check: the row is inserted, or counted in
 * its window, or restarted when its window ended, under the row lock the upsert takes, so parallel
 * requests on any number of servers cannot all pass a check made before any of them counted. `allowed`
 * records whether this very statement counted (for `take`, which does not count at the limit).
 */
function databaseLimiters(db: Database, opts: { cleanEveryMs?: number; onError?: (e: unknown) => void } = {}) {
  const upsert = (take: boolean) => `
    insert into embedded.rate_limits as r (key, count, reset_at, allowed)
    values ($1, 1, $2::timestamptz + make_interval(secs => $3), true)
    on conflict (key) do update set
      allowed = r.reset_at <= $2 or ${take ? "r.count < $4" : "r.count + 1 <= $4"},
      count = case when r.reset_at <= $2 then 1 ${take ? "when r.count < $4 then r.count + 1 else r.count" : "else r.count + 1"} end,
      reset_at = case when r.reset_at <= $2 then excluded.reset_at else r.reset_at end
    returning count, reset_at, allowed`;
  const HIT = upsert(false);
  const TAKE = upsert(true);

  const factory: LimiterFactory = (name, rule, now = Date.now) => {
    const k = (key: string) => `${name}:${key}`;
    const run = async (sql: string, key: string) => {
      const at = now();
      const r = await db.query<{ count: number; reset_at: Date | string; allowed: boolean }>(sql, [
        k(key),
        new Date(at).toISOString(),
        rule.windowSeconds,
        rule.limit,
      ]);
      return { row: r.rows[0]!, at };
    };
    return {
      rule,
      async hit(key) {
        const { row, at } = await run(HIT, key);
        return row.allowed ? { ok: true } : { ok: false, retryAfter: retryAfter(row.reset_at, at) };
      },
      async take(key) {
        const { row, at } = await run(TAKE, key);
        if (!row.allowed) return { ok: false, retryAfter: retryAfter(row.reset_at, at) };
        let released = false;
        return {
          ok: true,
          release() {
            if (released) return;
            released = true;
            // Within the same window only (the row's reset_at is still the one this slot was counted in).
            void db
              .query("update embedded.rate_limits set count = greatest(count - 1, 0) where key = $1 and reset_at = $2", [
                k(key),
                row.reset_at,
              ])
              .catch((e) => opts.onError?.(e));
          },
        };
      },
      async reset(key) {
        await db.query("delete from embedded.rate_limits where key = $1", [k(key)]);
      },
    };
  };

  // Rows whose window ended a while ago are of no use; every server deletes them now and then.
  const clean = setInterval(
    () => {
      void db.query("delete from embedded.rate_limits where reset_at < now() - interval '1 minute'").catch(() => undefined);
    },
    opts.cleanEveryMs ?? 5 * 60_000,
  );
  clean.unref();
  return { factory, stop: () => clearInterval(clean) };
}

/** Where this server counts its limits: in the database with PostgreSQL (once per cluster), in this process with PGlite. */
export function limitersFor(db: Database, onError: (e: unknown) => void): { factory: LimiterFactory; stop(): void } {
  return db.kind === "postgres" ? databaseLimiters(db, { onError }) : { factory: memoryLimiters, stop: () => undefined };
}
