/**
 * Knows, within a quarter of a second, whether what the public pages show has changed.
 *
 * The source of truth is `public.content_version` (bumped by a trigger on every blog_posts change, however
 * it is made: see supabase/migrations/20261123001000_content_version.sql). Every web process reads it
 * every `intervalMs`; on PostgreSQL it also LISTENs on `wasla_content` so a change made by any process, or
 * by hand in psql, arrives at once; and a write through this process's own API asks for a check as soon as
 * it is answered (`check()`), which page requests wait for (`settled()`), so whoever publishes and then
 * opens the page sees it.
 */
import type { Queryable } from "./db/database.ts";
import type { Log } from "./log.ts";

export const CONTENT_CHANNEL = "wasla_content";

export interface ContentVersion {
  /** The last version seen ("unknown" until the first read, or when the table is missing). */
  current(): string;
  /** Reads the version now (coalesced with a read already under way); `afterWrite` makes pages wait for it. */
  check(afterWrite?: boolean): Promise<string>;
  /** While a read asked for by a write is under way, a promise for it; otherwise null (nothing to wait for). */
  settled(): Promise<unknown> | null;
  /** False when there is nothing to watch (hosted Supabase, API off): pages then live `fallbackTtlMs`. */
  readonly watching: boolean;
  close(): Promise<void>;
}

export interface WatchOptions {
  db: Queryable | null;
  /** PostgreSQL URL to LISTEN on (not used for PGlite). */
  databaseUrl?: string;
  intervalMs?: number;
  log?: Log;
}

export async function watchContentVersion(opts: WatchOptions): Promise<ContentVersion> {
  const { db, log } = opts;
  const intervalMs = opts.intervalMs ?? 250;
  let version = "unknown";
  let inflight: Promise<string> | null = null;
  let afterWriteRead: Promise<string> | null = null;
  let warned = false;
  let closed = false;

  const read = async (): Promise<string> => {
    if (!db) return version;
    try {
      const r = await db.query<{ v: string }>("select version::text as v from public.content_version where id = 1");
      version = r.rows[0]?.v ?? "missing";
      warned = false;
    } catch (error) {
      // The database is busy restarting or the migration has not run: keep nothing cached meanwhile.
      version = `error-${Date.now()}`;
      if (!warned) log?.warn("page cache: cannot read the content version", { error: String(error) });
      warned = true;
    }
    return version;
  };
  const check = (afterWrite = false): Promise<string> => {
    if (closed) return Promise.resolve(version);
    // A read started before the write committed may miss it: a write gets a read of its own.
    if (afterWrite) {
      const mine: Promise<string> = (inflight ?? Promise.resolve(""))
        .then(() => read())
        .finally(() => {
          if (afterWriteRead === mine) afterWriteRead = null;
        });
      afterWriteRead = mine;
      return mine;
    }
    inflight ??= read().finally(() => {
      inflight = null;
    });
    return inflight;
  };

  if (db) await check();
  const timer = db ? setInterval(() => void check(), intervalMs) : null;
  timer?.unref();

  let listener: { end(): Promise<void> } | null = null;
  if (db && opts.databaseUrl) {
    try {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: opts.databaseUrl });
      client.on("error", (error) => log?.warn("page cache: LISTEN connection lost (polling continues)", { error: String(error) }));
      client.on("notification", (n) => {
        if (n.channel === CONTENT_CHANNEL && n.payload) version = n.payload;
        void check();
      });
      await client.connect();
      await client.query(`listen ${CONTENT_CHANNEL}`);
      listener = client;
    } catch (error) {
      log?.warn("page cache: LISTEN unavailable, polling only", { error: String(error) });
    }
  }

  return {
    current: () => version,
    check,
    // Periodic reads are not waited for: a busy database must never hold up a stored page.
    settled: () => afterWriteRead,
    watching: db !== null,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await listener?.end().catch(() => undefined);
    },
  };
}
