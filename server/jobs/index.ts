/**
 * The start-up step that starts the background jobs (README.md lists each one, its interval and how it
 * stays correct with several servers on one PostgreSQL). Each job runs on a timer that never keeps the
 * process alive; `stop` ends them in the order that loses nothing: analytics events still in memory are
 * written, mail being sent is finished or handed back, then the clean-ups stop.
 */
import type { Database } from "../db/database.ts";
import { type Collector, startCollector } from "../analytics/collector.ts";
import { type AnalyticsJobs, startAnalyticsJobs } from "../analytics/jobs.ts";
import type { Mail } from "../mail/index.ts";
import {
  type BackgroundPriority,
  analyticsBackgroundIdle,
  analyticsBackgroundNice,
  backgroundPriority,
  mayRestoreNice,
} from "../ops/background-priority.ts";
import type { Logger } from "../ops/log.ts";
import { type ImageCleanupJob, cleanupScheduleFromEnv, startImageCleanup } from "./image-cleanup.ts";
import {
  type RecordingRetentionJob,
  importRecordingFiles,
  recordingRetentionDays,
  startRecordingRetention,
} from "./recording-retention.ts";

export interface Jobs {
  /** The mail outbox worker (booking reminders and overdue-lead mail included) and its newsletter links. */
  mail: Mail;
  /** The unused-image clean-up (image-cleanup.ts). */
  imageCleanup: ImageCleanupJob;
  /** Deletes demo recordings after AUDIO_RETENTION_DAYS (recording-retention.ts). */
  recordingRetention: RecordingRetentionJob;
  /** The analytics beacon's write buffer, and its roll-up / retention / report job (server/analytics). */
  analytics: { collector: Collector; jobs: AnalyticsJobs; background: BackgroundPriority };
  stop(): Promise<void>;
}

export async function startJobs(opts: {
  db: Database;
  env: NodeJS.ProcessEnv;
  log: Logger;
  dataDir: string;
  /** The site's origin (mail links, the analytics visitor hash). */
  siteUrl: string;
  /** The JWT secret, which also signs the mail's one-click links. */
  secret: string;
  /** The jobs' clock (tests move it). */
  now?: () => Date;
}): Promise<Jobs> {
  const { db, env, log, now } = opts;
  const cleanupSchedule = cleanupScheduleFromEnv(env);
  const imageCleanup = startImageCleanup(db, cleanupSchedule, log, now);
  // Recordings an older version wrote to this node's disk move into the database, then the retention
  // job runs once now and with the clean-up jobs after that.
  await importRecordingFiles(db, opts.dataDir, log);
  const recordingRetention = startRecordingRetention(db, {
    days: recordingRetentionDays(env),
    intervalMs: cleanupSchedule.intervalMs,
    log,
    now,
  });
  void recordingRetention.run();
  // With PGlite the database runs on this thread: writing the analytics events and rolling them up is this
  // thread's CPU, done at SCHED_IDLE (ANALYTICS_BACKGROUND_PRIORITY; or at ANALYTICS_BACKGROUND_NICE, 10) so
  // that cached pages go first.
  const background = backgroundPriority(
    db.kind === "pglite" ? analyticsBackgroundNice(env) : 0,
    mayRestoreNice,
    analyticsBackgroundIdle(env) ? { onWarning: (message) => log.warn(`analytics: ${message}`) } : null,
  );
  if (background.warning) log.info(`analytics: ${background.warning}`);
  // A statement waiting behind a write at background priority (a form, the admin): the write goes on at the
  // normal priority, so that nobody waits for the pages' spare time.
  db.onWait?.(() => background.boost());
  const collector = startCollector({ db, site: opts.siteUrl, env, log, now, background });
  // Loaded when the API starts, not when a command line tool imports a server module.
  const { startMail } = await import("../mail/index.ts");
  const mail = startMail({ db, env, log, siteUrl: opts.siteUrl, secret: opts.secret, now });
  const analyticsJobs = startAnalyticsJobs({ db, collector, env, log, now, onMailQueued: () => mail.worker.wake(), background });
  return {
    mail,
    imageCleanup,
    recordingRetention,
    analytics: { collector, jobs: analyticsJobs, background },
    async stop() {
      // Events still in memory are written before the database closes.
      await analyticsJobs.stop();
      await collector.stop();
      background.close();
      await mail.stop();
      await imageCleanup.stop();
      await recordingRetention.stop();
    },
  };
}
