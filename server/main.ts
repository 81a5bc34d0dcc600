/**
 * Production entry: serves build/ (run `npm run build` first; `npm start` does both).
 *
 * With PostgreSQL (DATABASE_URL) it runs one web process per core (WEB_CONCURRENCY, default: the
 * available parallelism) with node:cluster: they share the port, each keeps its own page cache and
 * LISTENs for content changes, so they stay coherent. The first worker starts alone (migrations, first
 * administrator) and the others follow; a worker that dies is replaced. With the embedded PGlite the
 * data directory has exactly one owner, so it is one process, whose page threads answer stored pages on
 * the other cores (server/site/page-threads.ts, docs/serving.md; PAGE_THREADS, default one per other core).
 */
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { announce, log } from "./ops/log.ts";
import { serveClusterMetrics } from "./ops/metrics.ts";
import { shutdownTimingFromEnv } from "./ops/shutdown.ts";

// React picks its development or production build when first imported: decide before that.
process.env.NODE_ENV ??= "production";

const root = path.resolve(import.meta.dirname, "..");
const serverBuild = path.join(root, "build/server/index.js");
const siteOff = process.env.SITE === "off";

if (!siteOff && !existsSync(serverBuild)) {
  log.error("No build found. Run `npm run build` first (or `npm start`, which builds when needed).");
  process.exit(1);
}

const requested = Number(process.env.WEB_CONCURRENCY);
const workers = process.env.DATABASE_URL ? (Number.isInteger(requested) && requested > 0 ? requested : availableParallelism()) : 1;

if (workers > 1 && cluster.isPrimary) {
  await runPrimary(workers);
} else {
  await runServer();
}

async function runServer() {
  const { startServer } = await import("./app.ts");
  const started = Date.now();
  const build = siteOff ? undefined : ((await import(pathToFileURL(serverBuild).href)) as ServerBuild);
  // PGlite: one process owns the data directory; page threads answer stored pages on the other cores
  // (docs/serving.md, "Both cores"). Default: one per other core, at most 3; PAGE_THREADS=0 turns them off.
  const threadsWanted = process.env.PAGE_THREADS ? Number(process.env.PAGE_THREADS) : Math.min(3, availableParallelism() - 1);
  const pageThreads =
    workers > 1 || process.env.DATABASE_URL || !Number.isInteger(threadsWanted) ? 0 : Math.min(8, Math.max(0, threadsWanted));
  const running = await startServer({ build, clientDir: path.join(root, "build/client"), pageThreads });
  if (cluster.isWorker) process.send?.({ type: "listening", url: running.url });
  else announce(`listening on ${running.url} (ready in ${Date.now() - started} ms)`);

  let closing = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      if (!cluster.isWorker) log.info(`${signal}: shutting down (finishing requests in flight)`);
      // Not ready, stop accepting, let requests finish, hand back mail claims (server/ops/shutdown.ts).
      running.shutdown().then(
        () => process.exit(0),
        (e) => {
          log.error("shutdown failed", { error: String(e) });
          process.exit(1);
        },
      );
    });
  }
}

async function runPrimary(count: number) {
  const started = Date.now();
  let stopping = false;
  // /metrics on any worker adds up every worker's counters, collected here (server/ops/metrics.ts).
  if (process.env.METRICS_TOKEN) serveClusterMetrics();
  const fork = () =>
    new Promise<string>((resolve, reject) => {
      const worker = cluster.fork();
      worker.on("message", (m: { type?: string; url?: string }) => {
        if (m?.type === "listening") resolve(m.url ?? "");
      });
      worker.once("exit", (code, signal) => {
        reject(new Error(`worker exited during start-up (${signal ?? code})`));
        if (stopping) return;
        log.error(`web worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
        setTimeout(() => void fork().catch((e) => log.error("could not restart a web worker", { error: String(e) })), 500);
      });
    });
  let url = "";
  try {
    url = await fork(); // alone first: it migrates and creates the first administrator
    await Promise.all(Array.from({ length: count - 1 }, fork));
  } catch (error) {
    log.error("start-up failed", { error: String(error) });
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill();
    process.exit(1);
  }
  announce(`listening on ${url} with ${count} web workers (ready in ${Date.now() - started} ms)`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info(`${signal}: shutting down ${count} web workers`);
      const all = Object.values(cluster.workers ?? {});
      let left = all.length;
      if (!left) process.exit(0);
      for (const w of all) {
        w?.once("exit", () => --left === 0 && process.exit(0));
        w?.process.kill(signal);
      }
      // The workers' own bound (server/ops/shutdown.ts) plus time to stop the mail worker and the database.
      const { delayMs, graceMs } = shutdownTimingFromEnv(process.env);
      setTimeout(() => process.exit(1), delayMs + graceMs + 15_000).unref();
    });
  }
}
