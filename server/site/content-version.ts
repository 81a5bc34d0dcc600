/**
 * Knows, within a quarter of a second, whether what the public pages show has changed.
 *
 * The source of truth is `public.content_version` (bumped by a trigger on every blog_posts change, however
 * it is made: see supabase/migrations/20261123001000_content_version.sql). Every web process reads it
 * every `intervalMs`; on PostgreSQL it also LISTENs on `wasla_content` so a change made by any process, or
 * by hand in psql, arrives at once; and a write through this process's own API asks for a check as soon as
 * it is answered (`check()`), which page requests wait for (`settled()`), so whoever publishes and then
 * opens the page sees it.
 *
 * The same read returns the next scheduled publish time (the earliest `published_at` still in the future of a
 * published post): a stored page must not outlive it, since from that instant Row Level Security shows visitors
 * a post the page does not have (docs/serving.md, "Scheduled posts").
 */
import type { Queryable } from "../db/database.ts";
import type { Log } from "../ops/log.ts";

const CONTENT_CHANNEL = "wasla_content";

/** The content version and the next scheduled publish time (epoch ms, or null), in one read. */
const NEXT_AND_VERSION_SQL = `
  select v.version::text as v,
         (select floor(extract(epoch from min(p.published_at)) * 1000)::text
            from public.blog_posts p
           where p.published and p.published_at > now()) as next
    from public.content_version v where v.id = 1`;

export interface ContentVersion {
  /** The last version seen ("unknown" until the first read, or when the table is missing). */
  current(): string;
  /**
   * When the next scheduled post goes live (epoch ms), as of the last read; null when none is scheduled.
   * Read together with the version, so a page rendered at a version knows until when it stays true.
   */
  nextChange(): number | null;
  /** Reads the version now (coalesced with a read already under way); `afterWrite` makes pages wait for it. */
  check(afterWrite?: boolean): Promise<string>;
  /** While a read asked for by a write is under way, a promise for it; otherwise null (nothing to wait for). */
  settled(): Promise<unknown> | null;
  /** False when there is nothing to watch (hosted Supabase, API off): pages then live `fallbackTtlMs`. */
  readonly watching: boolean;
  close(): Promise<void>;
}

interface WatchOptions {
  db: Queryable | null;
  /** PostgreSQL URL to LISTEN on (not used for PGlite). */
  databaseUrl?: string;
  intervalMs?: number;
  log?: Log;
  /** Called whenever the version read differs from the last one (the page threads drop their copies). */
  onChange?: () => void;
}

export async function watchContentVersion(opts: WatchOptions): Promise<ContentVersion> {
  const { db, log } = opts;
  const intervalMs = opts.intervalMs ?? 250;
  let version = "unknown";
  let next: number | null = null;
  let inflight: Promise<string> | null = null;
  let afterWriteRead: Promise<string> | null = null;
  let warned = false;
  let closed = false;
  const setVersion = (v: string) => {
    if (v === version) return;
    version = v;
    opts.onChange?.();
  };

  /** `patient`: the periodic poll, which may wait behind a background write without hurrying it. */
  const read = async (patient = false): Promise<string> => {
    if (!db) return version;
    try {
      const r = await (patient && db.patientQuery ? db.patientQuery.bind(db) : db.query.bind(db))<{ v: string; next: string | null }>(
        NEXT_AND_VERSION_SQL,
      );
      setVersion(r.rows[0]?.v ?? "missing");
      next = r.rows[0]?.next == null ? null : Number(r.rows[0].next);
      warned = false;
    } catch (error) {
      // The database is busy restarting or the migration has not run: keep nothing cached meanwhile.
      setVersion(`error-${Date.now()}`);
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
    inflight ??= read(true).finally(() => {
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
        if (n.channel === CONTENT_CHANNEL && n.payload) setVersion(n.payload);
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
    nextChange: () => next,
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
