/**
 * Demo recordings are kept for AUDIO_RETENTION_DAYS (default 30; the privacy policy and the demo's upload
 * step state the same figure, from the site configuration) and then deleted, row and bytes.
 *
 * - `runRecordingRetention`: one statement deletes the `demo-recordings` objects received before the
 *   cut-off, under a transaction-level advisory lock so that several servers on one PostgreSQL take
 *   turns (a run that finds the lock taken does nothing: the other server is doing the same work).
 * - `startRecordingRetention`: runs it at start and then on the clean-up jobs' interval
 *   (IMAGE_CLEANUP_INTERVAL_MINUTES, image-cleanup.ts).
 * - `importRecordingFiles`: recordings that older versions wrote to DATA_DIR/audio are moved into the
 *   bucket at start (idempotent: a name already stored is skipped, a file is removed once stored).
 */
import { readFile, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import type { Database } from "../db/database.ts";
import { RECORDINGS_BUCKET, storeRecording } from "../audio/upload.ts";

const LOCK_KEY = 727274102;
const DAY_MS = 86_400_000;

interface RetentionLog {
  info(msg: string, extra?: object): void;
  warn(msg: string, extra?: object): void;
  error(msg: string, extra?: object): void;
}

/** AUDIO_RETENTION_DAYS: whole days from 1 to 3650 (default 30). */
export function recordingRetentionDays(env: Record<string, string | undefined>): number {
  const raw = env.AUDIO_RETENTION_DAYS;
  if (raw === undefined || raw === "") return 30;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 3650) throw new Error("AUDIO_RETENTION_DAYS must be a whole number of days from 1 to 3650");
  return n;
}

/** Deletes the recordings received more than `days` before `now`; their names (null: another server holds the lock). */
export async function runRecordingRetention(db: Database, opts: { days: number; now: Date; log: RetentionLog }): Promise<string[] | null> {
  const cutoff = new Date(opts.now.getTime() - opts.days * DAY_MS);
  return db.transaction(async (tx) => {
    const lock = await tx.query<{ ok: boolean }>("select pg_try_advisory_xact_lock($1) as ok", [LOCK_KEY]);
    if (!lock.rows[0]?.ok) return null;
    const gone = await tx.query<{ name: string }>(
      "delete from storage.objects where bucket_id = $1 and created_at < $2::timestamptz returning name",
      [RECORDINGS_BUCKET, cutoff.toISOString()],
    );
    if (gone.rows.length) {
      opts.log.info(`recordings: deleted ${gone.rows.length} demo recording(s) older than ${opts.days} days`, {
        bucket: RECORDINGS_BUCKET,
        names: gone.rows.map((r) => r.name).slice(0, 50),
      });
    }
    return gone.rows.map((r) => r.name);
  });
}

export interface RecordingRetentionJob {
  days: number;
  /** One run now (also what the timer calls); null when it failed or another server ran it. */
  run(): Promise<string[] | null>;
  stop(): Promise<void>;
}

export function startRecordingRetention(
  db: Database,
  opts: { days: number; intervalMs: number; log: RetentionLog; now?: () => Date },
): RecordingRetentionJob {
  const now = opts.now ?? (() => new Date());
  let running: Promise<string[] | null> | null = null;
  let stopped = false;
  const run = () => {
    if (stopped) return Promise.resolve(null);
    running ??= runRecordingRetention(db, { days: opts.days, now: now(), log: opts.log })
      .catch((e: unknown) => {
        opts.log.error("recordings: retention run failed", { error: e instanceof Error ? e.message : String(e) });
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = opts.intervalMs > 0 ? setInterval(() => void run(), opts.intervalMs) : null;
  timer?.unref();
  return {
    days: opts.days,
    run,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

interface Sidecar {
  file?: unknown;
  originalName?: unknown;
  timestamp?: unknown;
  sourcePage?: unknown;
  receivedAt?: unknown;
}

/**
 * Moves the recordings an older version kept in `<dataDir>/audio` (`<id>.<ext>` with a `<id>.json`
 * sidecar) into the bucket, named `<received date>/<file>`, with their original receipt time (so the
 * retention period counts from then). A file is removed once its object is stored (or already was);
 * partial uploads (`.*.part`) are removed. Returns how many were stored now.
 */
export async function importRecordingFiles(db: Database, dataDir: string, log: RetentionLog): Promise<number> {
  const dir = path.join(dataDir, "audio");
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return 0;
  }
  let stored = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry);
    if (entry.startsWith(".") && entry.endsWith(".part")) {
      await rm(full, { force: true });
      continue;
    }
    if (entry.endsWith(".json") || entry.startsWith(".")) continue;
    try {
      const data = await readFile(full);
      const sidecarPath = full.replace(/\.[^.]+$/, ".json");
      let meta: Sidecar = {};
      try {
        meta = JSON.parse(await readFile(sidecarPath, "utf8")) as Sidecar;
      } catch {
        /* no sidecar: the file's own time */
      }
      const given = typeof meta.receivedAt === "string" ? new Date(meta.receivedAt) : null;
      const receivedAt = given && !Number.isNaN(given.getTime()) ? given : (await stat(full)).mtime;
      const type = await fileTypeFromBuffer(data.subarray(0, 4100));
      const str = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : null);
      const added = await storeRecording(db, {
        name: `${receivedAt.toISOString().slice(0, 10)}/${entry}`,
        data,
        mime: type?.mime ?? "application/octet-stream",
        receivedAt,
        details: { originalName: str(meta.originalName, 255), timestamp: str(meta.timestamp, 64), sourcePage: str(meta.sourcePage, 512) },
      });
      if (added) stored++;
      await rm(sidecarPath, { force: true });
      await rm(full, { force: true });
    } catch (e) {
      log.warn("recordings: could not move a recording from the data directory into the database; it stays on disk", {
        file: entry,
        error: e instanceof Error ? e.message : String(e),
      });
    }
  }
  if (stored) log.info(`recordings: moved ${stored} demo recording(s) from ${dir} into the database`);
  return stored;
}
