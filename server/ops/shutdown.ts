/**
 * Graceful shutdown of the HTTP server (docs/serving.md, "Health and shutdown"). On SIGTERM a node:
 *
 * 1. reports not ready (/readyz 503) and, for SHUTDOWN_DELAY_SECONDS (default 0), keeps serving, so
 *    that a load balancer polling /readyz stops sending it traffic before it stops listening;
 * 2. stops accepting connections; idle keep-alive connections are closed, and every response from now
 *    on carries `Connection: close`;
 * 3. lets the requests in flight finish (a form whose body is still arriving is read, stored and
 *    answered), for at most SHUTDOWN_GRACE_SECONDS (default 25), then closes what is left.
 *
 * The caller then stops the background work (mail worker: it hands back the messages it had claimed)
 * and closes the database.
 */
import type { Server } from "node:http";

export interface ShutdownTiming {
  /** How long to keep serving while reporting not ready, in ms. */
  delayMs: number;
  /** How long requests in flight may take to finish, in ms. */
  graceMs: number;
}

const seconds = (raw: string | undefined, fallback: number, name: string) => {
  if (raw === undefined || raw.trim() === "") return fallback * 1000;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 3600) throw new Error(`${name} must be a number of seconds between 0 and 3600`);
  return Math.round(n * 1000);
};

export function shutdownTimingFromEnv(env: Record<string, string | undefined>): ShutdownTiming {
  return {
    delayMs: seconds(env.SHUTDOWN_DELAY_SECONDS, 0, "SHUTDOWN_DELAY_SECONDS"),
    graceMs: seconds(env.SHUTDOWN_GRACE_SECONDS, 25, "SHUTDOWN_GRACE_SECONDS"),
  };
}

/**
 * Stops `server` accepting connections and resolves once every connection has closed, or after
 * `graceMs` (the rest are then closed). Returns how many connections had to be cut.
 */
export async function drainHttpServer(server: Server, graceMs: number): Promise<{ cut: number }> {
  let open = 0;
  const count = () => new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n ?? 0)));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A keep-alive connection becomes idle after its response (sent with Connection: close, see
  // `markClosing`); this also catches any that were between requests.
  const sweep = setInterval(() => server.closeIdleConnections(), 200);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), graceMs);
  });
  try {
    if ((await Promise.race([closed, late])) === "late") {
      open = await count();
      server.closeAllConnections();
      await closed;
    }
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
  return { cut: open };
}

/** Called for every request while draining: the connection closes after this response. */
export function markClosing(res: { shouldKeepAlive: boolean; headersSent: boolean }) {
  if (!res.headersSent) res.shouldKeepAlive = false;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
