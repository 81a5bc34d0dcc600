/**
 * Unused-image clean-up (docs/product.md#data "Image lifecycle"). An object of the `blog-images`
 * bucket that no post refers to (not a hero image, not inside any post's content, drafts included)
 * is noted with the time it was first seen unused (`embedded.unused_objects`); once it has stayed
 * unused for the grace period, and was not uploaded again within it, it is deleted (its row and
 * its bytes). A reference that comes back before then takes the note away.
 *
 * Each run reads the posts' hero URLs and content once and finds references with one scan in
 * JavaScript (cost proportional to the text, not posts × images), then works in one transaction
 * under an advisory lock (several servers on one PostgreSQL run it one at a time). The final delete
 * checks again, in SQL, that no post names the image, so a post saved during the run keeps it.
 */
import type { Database } from "../db/database.ts";

const IMAGE_BUCKET = "blog-images";
const LOCK_KEY = 727274101;

interface CleanupLog {
  info(msg: string, extra?: object): void;
  error(msg: string, extra?: object): void;
}

interface CleanupOptions {
  graceMs: number;
  now: Date;
  log: CleanupLog;
  bucket?: string;
}

interface CleanupResult {
  /** Objects in the bucket. */
  objects: number;
  /** Objects no post refers to (including those deleted now). */
  unused: number;
  /** Names deleted by this run. */
  deleted: string[];
  /** false when another server was running it at the same moment. */
  ran: boolean;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The object names of `bucket` that this text refers to (raw, percent-encoded or HTML-escaped). */
export function referencedNames(texts: Iterable<string>, bucket = IMAGE_BUCKET): Set<string> {
  const escaped = bucket.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(`/${escaped}/([^"'\\s?#<>()]+)`, "g");
  const names = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(re)) {
      const raw = m[1]!.replace(/&amp;/g, "&");
      names.add(raw);
      names.add(decode(raw));
    }
  }
  return names;
}

export async function runImageCleanup(db: Database, opts: CleanupOptions): Promise<CleanupResult> {
  const bucket = opts.bucket ?? IMAGE_BUCKET;
  const posts = await db.query<{ hero_image_url: string | null; content: string }>("select hero_image_url, content from public.blog_posts");
  const used = referencedNames(
    posts.rows.flatMap((p) => [p.hero_image_url ?? "", p.content]),
    bucket,
  );
  const objects = await db.query<{ id: string; name: string }>("select id, name from storage.objects where bucket_id = $1", [bucket]);
  const unusedIds = objects.rows.filter((o) => !used.has(o.name)).map((o) => o.id);
  const cutoff = new Date(opts.now.getTime() - opts.graceMs);

  return db.transaction(async (tx) => {
    const lock = await tx.query<{ ok: boolean }>("select pg_try_advisory_xact_lock($1) as ok", [LOCK_KEY]);
    if (!lock.rows[0]?.ok) return { objects: objects.rows.length, unused: unusedIds.length, deleted: [], ran: false };
    // Images used again lose their note; newly unused ones get one (the first time seen unused).
    await tx.query(
      `delete from embedded.unused_objects u
        using storage.objects o
        where o.id = u.object_id and o.bucket_id = $1 and not (u.object_id = any($2::uuid[]))`,
      [bucket, unusedIds],
    );
    await tx.query(
      `insert into embedded.unused_objects (object_id, unused_since)
       select n.oid, $2::timestamptz from unnest($1::uuid[]) as n(oid)
       where exists (select 1 from storage.objects o where o.id = n.oid)
       on conflict (object_id) do nothing`,
      [unusedIds, opts.now.toISOString()],
    );
    const gone = await tx.query<{ name: string; unused_since: Date | string; updated_at: Date | string }>(
      `delete from storage.objects o
        using embedded.unused_objects u
        where u.object_id = o.id and o.bucket_id = $1
          and u.unused_since <= $2::timestamptz and o.updated_at <= $2::timestamptz
          and not exists (
            select 1 from public.blog_posts p
            where strpos(coalesce(p.hero_image_url, ''), '/' || $1 || '/' || o.name) > 0
               or strpos(p.content, '/' || $1 || '/' || o.name) > 0
          )
        returning o.name, u.unused_since, o.updated_at`,
      [bucket, cutoff.toISOString()],
    );
    for (const r of gone.rows) {
      opts.log.info("images: deleted an image no post uses", {
        bucket,
        name: r.name,
        unusedSince: new Date(r.unused_since).toISOString(),
      });
    }
    return { objects: objects.rows.length, unused: unusedIds.length, deleted: gone.rows.map((r) => r.name), ran: true };
  });
}

interface CleanupSchedule {
  intervalMs: number;
  graceMs: number;
}

/** IMAGE_CLEANUP_INTERVAL_MINUTES (60; 0 turns the job off) and IMAGE_CLEANUP_GRACE_HOURS (24). */
export function cleanupScheduleFromEnv(env: NodeJS.ProcessEnv): CleanupSchedule {
  const num = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max) throw new Error(`${name} must be a number from ${min} to ${max}`);
    return n;
  };
  return {
    intervalMs: num("IMAGE_CLEANUP_INTERVAL_MINUTES", 60, 0, 10080) * 60_000,
    graceMs: num("IMAGE_CLEANUP_GRACE_HOURS", 24, 0, 8760) * 3_600_000,
  };
}

export interface ImageCleanupJob {
  /** One run now (also what the timer calls). */
  run(): Promise<CleanupResult | null>;
  stop(): Promise<void>;
}

/** Runs the clean-up every `intervalMs` (first run one interval after start); errors are logged. */
export function startImageCleanup(
  db: Database,
  schedule: CleanupSchedule,
  log: CleanupLog,
  now: () => Date = () => new Date(),
): ImageCleanupJob {
  let running: Promise<CleanupResult | null> | null = null;
  let stopped = false;
  const run = () => {
    if (stopped) return Promise.resolve(null);
    running ??= runImageCleanup(db, { graceMs: schedule.graceMs, now: now(), log })
      .catch((e: unknown) => {
        log.error("images: clean-up failed", { error: e instanceof Error ? e.message : String(e) });
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = schedule.intervalMs > 0 ? setInterval(() => void run(), schedule.intervalMs) : null;
  timer?.unref();
  return {
    run,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
