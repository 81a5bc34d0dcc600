/**
 * Liveness and readiness, for load balancers, orchestrators and `docker HEALTHCHECK` (docs/serving.md,
 * "Health and shutdown"):
 *
 * - `GET /healthz`: the process answers (200). Nothing else is checked: a load balancer that restarts
 *   a node because its database is down would only make things worse.
 * - `GET /readyz`: 200 when this node should get traffic: the database answers within READY_TIMEOUT_MS
 *   (default 1000), every migration this code knows is applied, and the node is not shutting down;
 *   otherwise 503. The body says which check failed. After the database reported damaged data
 *   (XX001/XX002, or a PGlite connection found unusable; server/db/database.ts) it is 503 with
 *   `database: "damaged"` for READY_DAMAGE_HOLD_MS (default 15 s): the balancer moves traffic away while
 *   the node reconnects, and the operator sees it.
 *
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { RequestHandler } from "express";
import type { Database } from "../db/database.ts";
import { REPO_ROOT } from "../db/migrate.ts";

interface Readiness {
  ready: boolean;
  database: "ok" | "unreachable" | "timeout" | "damaged";
  migrations: "current" | "behind" | "unknown";
  draining: boolean;
}

export interface Health {
  /** Marks the node as shutting down: /readyz answers 503 from now on. */
  drain(): void;
  readonly draining: boolean;
  check(): Promise<Readiness>;
}

/** The versions of supabase/migrations this code expects to be applied. */
function knownMigrations(): string[] {
  return readdirSync(join(REPO_ROOT, "supabase/migrations"))
    .filter((f) => /^\d{14}_[\w-]+\.sql$/.test(f))
    .map((f) => f.slice(0, 14));
}

export function createHealth(opts: { db: Database | null; timeoutMs?: number; damageHoldMs?: number }): Health {
  const timeoutMs = opts.timeoutMs ?? 1000;
  const damageHoldMs = opts.damageHoldMs ?? 15_000;
  let damagedAt = -Infinity;
  opts.db?.onDamage?.(() => {
    damagedAt = Date.now();
  });
  const expected = opts.db ? knownMigrations() : [];
  let draining = false;
  // At most one database query at a time: a probe that times out leaves its query running, and the
  // next probes wait on that same query (with their own timeout) instead of starting more.
  // One that never answers is given up after a while (10 timeouts), so a later probe can see the database back.
  let pending: Promise<number> | null = null;
  let pendingSince = 0;

  const probe = async (db: Database): Promise<Pick<Readiness, "database" | "migrations">> => {
    if (pending && Date.now() - pendingSince > timeoutMs * 10) pending = null;
    if (!pending) pendingSince = Date.now();
    pending ??= db
      .query<{ n: number }>("select count(*)::int as n from supabase_migrations.schema_migrations where version = any($1::text[])", [
        expected,
      ])
      .then((r) => r.rows[0]?.n ?? 0)
      .finally(() => {
        if (pending === query) pending = null;
      });
    const query: Promise<number> = pending;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    try {
      const n = await Promise.race([query, timeout]);
      if (n === "timeout") return { database: "timeout", migrations: "unknown" };
      return { database: "ok", migrations: n >= expected.length ? "current" : "behind" };
    } catch {
      return { database: "unreachable", migrations: "unknown" };
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async check() {
      const db = opts.db;
      if (Date.now() - damagedAt < damageHoldMs) return { database: "damaged", migrations: "unknown", draining, ready: false };
      const state = db ? await probe(db) : ({ database: "ok", migrations: "current" } as const);
      return { ...state, draining, ready: !draining && state.database === "ok" && state.migrations === "current" };
    },
  };
}

/** GET /healthz and GET /readyz (HEAD too); never cached. */
export function healthRoutes(health: Health): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || (req.path !== "/healthz" && req.path !== "/readyz")) return next();
    res.setHeader("Cache-Control", "no-store");
    if (req.path === "/healthz") return void res.status(200).json({ status: "ok" });
    health.check().then((r) => void res.status(r.ready ? 200 : 503).json({ status: r.ready ? "ready" : "not ready", ...r }), next);
  };
}
