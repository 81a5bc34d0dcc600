/**
 * One interface over the two databases the server can use: embedded PGlite (default) and any
 * PostgreSQL through `pg` (DATABASE_URL). PGlite runs one statement at a time, so every use goes
 * through a FIFO queue; `pg` uses a pool in which API requests (the "api" lane: anonymous and
 * signed-in REST/storage traffic) may hold all connections but a reserved few, so that form
 * submissions, sign-ins and the server's own work always find one.
 */
import { mkdirSync } from "node:fs";
import { cp } from "node:fs/promises";

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  /**
   * PGlite only: `query` for the server's own polling, which may wait: its wait behind another statement is
   * not reported to `onWait` (it does not put background work back at normal priority).
   */
  patientQuery?<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

interface TransactionOptions {
  /**
   * "api": a request on behalf of an API caller (anon/authenticated). On PostgreSQL such transactions
   * never take the reserved connections and give up after the acquire timeout (PoolBusyError).
   */
  lane?: "api";
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `fn` inside BEGIN … COMMIT (ROLLBACK when it throws). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, opts?: TransactionOptions): Promise<T>;
  /**
   * PGlite only: copies the cluster to `dest` (which must not exist) between two transactions,
   * after a checkpoint; every other statement waits meanwhile (tens of milliseconds for the site's size).
   */
  snapshotTo?(dest: string): Promise<void>;
  /**
   * PostgreSQL only: runs `fn` while this process holds the session-level advisory lock `key`, so that
   * servers starting at once on one database do their first-boot work one after the other
   * (server/db/first-boot.ts). PGlite has one process per data directory and needs no such lock.
   */
  withLock?<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * PGlite only: `COPY <table> (<columns>) FROM '/dev/blob'` with `text` (COPY's text format) as the data:
   * for a batch of rows, about a quarter cheaper than an insert of arrays (docs/analytics.md, "Batching").
   */
  copyFrom?(target: string, text: string): Promise<void>;
  /**
   * PGlite only: calls `listener` whenever a statement has to wait behind another (one at a time). The
   * server then puts the main thread's background work back at normal priority (server/ops/background-priority.ts),
   * so that a form never waits behind a write running at idle priority.
   */
  onWait?(listener: () => void): void;
  /** PostgreSQL only: the pool's connections now (for /metrics, server/ops/metrics.ts). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * Calls `listener` when the database reports damaged data (a damaged page or index, XX001/XX002) or
   * the connection was found unusable (PGlite: 25P02 outside any transaction). PGlite then reopens
   * itself before the next statement; PostgreSQL drops the connection that saw it. server/ops/health.ts
   * answers /readyz 503 for a while after each report (docs/serving.md, "Damaged data").
   */
  onDamage?(listener: (e: Error) => void): void;
  close(): Promise<void>;
}

/** A damaged data page (XX001) or index (XX002). */
function isDamageError(e: unknown): boolean {
  return isPgError(e) && (e.code === "XX001" || e.code === "XX002");
}

/** Every API connection is busy and none freed up within the acquire timeout (PostgREST: PGRST003). */
export class PoolBusyError extends Error {
  readonly waitedMs: number;
  constructor(waitedMs: number) {
    super(`Timed out acquiring connection from connection pool (waited ${waitedMs} ms).`);
    this.name = "PoolBusyError";
    this.waitedMs = waitedMs;
  }
}

/** A PostgreSQL error as both drivers report it. */
interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === "string" && /^[0-9A-Z]{5}$/.test((e as PgError).code!);
}

class Queue {
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;
  readonly waitListeners: (() => void)[] = [];
  run<T>(fn: () => Promise<T>, patient = false): Promise<T> {
    if (this.#pending++ > 0 && !patient) for (const listener of this.waitListeners) listener();
    const next = this.#tail.then(fn, fn);
    const done = () => void this.#pending--;
    next.then(done, done);
    this.#tail = next.catch(() => undefined);
    return next;
  }
}

export async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  // PostgreSQL's default 128 MB of shared buffers (160 MB in PGlite) lives in the WebAssembly heap, which
  // never shrinks; the files are in the OS page cache anyway. 16 MB keeps the server small (docs/serving.md).
  const sharedBuffers = /^\d+(kB|MB|GB)$/.test(process.env.PGLITE_SHARED_BUFFERS ?? "") ? process.env.PGLITE_SHARED_BUFFERS : "16MB";
  const create = () =>
    PGlite.create({
      dataDir: dir,
      postgresqlconf: [`shared_buffers=${sharedBuffers}`, "maintenance_work_mem=16MB", "wal_buffers=1MB"],
    });
  let pg = await create();
  const queue = new Queue();
  let closed = false;
  const listeners: ((e: Error) => void)[] = [];

  const wrap = (q: {
    query: (s: string, p?: unknown[]) => Promise<{ rows: unknown[]; affectedRows?: number }>;
    exec: (s: string) => Promise<unknown>;
  }): Queryable => ({
    async query<R>(sql: string, params?: unknown[]) {
      const r = await q.query(sql, params ?? []);
      return { rows: r.rows as R[], rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });

  /**
   * After a statement failed (still holding the queue): the one shared connection is never left inside a
   * transaction (a failed one would answer 25P02 to everything after it), and a report of damaged data or
   * a connection found unusable reopens the database, so that nothing cached from before is reused.
   */
  const afterError = async (e: unknown, topLevel: boolean) => {
    try {
      if (pg.isInTransaction()) await pg.exec("rollback");
    } catch {
      /* reopened below if it stays unusable */
    }
    const poisoned = topLevel && isPgError(e) && e.code === "25P02";
    if (!isDamageError(e) && !poisoned) return;
    for (const l of listeners) l(e as Error);
    try {
      await pg.close();
    } catch {
      /* the old instance may be unusable: replaced anyway */
    }
    reopen = true;
    try {
      pg = await create();
      reopen = false;
    } catch {
      /* tried again before the next statement */
    }
  };
  let reopen = false;
  const guarded = <T>(fn: () => Promise<T>, topLevel: boolean, patient = false) =>
    queue.run(async () => {
      if (closed) throw new Error("database is closed");
      if (reopen) {
        pg = await create();
        reopen = false;
      }
      try {
        return await fn();
      } catch (e) {
        await afterError(e, topLevel);
        throw e;
      }
    }, patient);

  return {
    kind: "pglite",
    query: (sql, params) => guarded(() => wrap(pg).query(sql, params), true),
    patientQuery: (sql, params) => guarded(() => wrap(pg).query(sql, params), true, true),
    exec: (sql) => guarded(() => wrap(pg).exec(sql), true),
    copyFrom: (target, text) =>
      guarded(async () => {
        await pg.query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob([text]) });
      }, true),
    transaction: (fn) => guarded(() => pg.transaction(async (tx) => fn(wrap(tx))), false),
    snapshotTo: (dest) =>
      queue.run(async () => {
        if (closed) throw new Error("database is closed");
        // No statement runs while the queue is held and PGlite has no background writer: after a
        // checkpoint the files are a quiescent cluster, and a file copy of them is a consistent one.
        await pg.exec("checkpoint");
        await cp(dir, dest, { recursive: true, errorOnExist: true, force: false });
      }),
    onDamage(listener) {
      listeners.push(listener);
    },
    onWait(listener) {
      queue.waitListeners.push(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      await queue.run(async () => {
        await pg.close();
      });
    },
  };
}

interface PostgresOptions {
  /** Connections in the pool (default 10, env DATABASE_POOL_SIZE). */
  max?: number;
  /** Connections API requests can never take (default 2): kept for form submissions, sign-ins, the server. */
  reserved?: number;
  /** How long an API request waits for a connection before PoolBusyError (default 5000 ms). */
  acquireTimeoutMs?: number;
}

/** A counting semaphore with a FIFO of waiters and a per-wait timeout. */
class Slots {
  #free: number;
  #waiters: { grant: () => void }[] = [];
  constructor(n: number) {
    this.#free = n;
  }
  acquire(timeoutMs: number): Promise<() => void> {
    const release = () => {
      const next = this.#waiters.shift();
      if (next) next.grant();
      else this.#free++;
    };
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve(once(release));
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(once(release));
        },
      };
      const timer = setTimeout(() => {
        const i = this.#waiters.indexOf(waiter);
        if (i >= 0) this.#waiters.splice(i, 1);
        reject(new PoolBusyError(timeoutMs));
      }, timeoutMs);
      this.#waiters.push(waiter);
    });
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Database> {
  const { default: pg } = await import("pg");
  const max = Math.max(2, opts.max ?? 10);
  const reserved = Math.min(Math.max(1, opts.reserved ?? 2), max - 1);
  const acquireTimeoutMs = opts.acquireTimeoutMs ?? 5000;
  const apiSlots = new Slots(max - reserved);
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", () => {
    /* idle client errors are reported on the next query */
  });
  // Fail fast with a clear message when the URL is wrong.
  const probe = await pool.connect();
  probe.release();

  const wrap = (c: { query: (s: string, p?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }> }): Queryable => ({
    async query<R>(sql: string, params?: unknown[]) {
      const r = await c.query(sql, params);
      return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });

  const listeners: ((e: Error) => void)[] = [];
  const damaged = (e: unknown) => {
    if (!isDamageError(e)) return false;
    for (const l of listeners) l(e as Error);
    return true;
  };
  const direct = wrap(pool);

  return {
    kind: "postgres",
    async query<R>(sql: string, params?: unknown[]) {
      try {
        return await direct.query<R>(sql, params);
      } catch (e) {
        damaged(e);
        throw e;
      }
    },
    async exec(sql: string) {
      try {
        await direct.exec(sql);
      } catch (e) {
        damaged(e);
        throw e;
      }
    },
    onDamage(listener) {
      listeners.push(listener);
    },
    async transaction(fn, topts) {
      const releaseSlot = topts?.lane === "api" ? await apiSlots.acquire(acquireTimeoutMs) : null;
      let client;
      try {
        client = await pool.connect();
      } catch (e) {
        releaseSlot?.();
        throw e;
      }
      let drop = false;
      try {
        await client.query("begin");
        const out = await fn(wrap(client));
        await client.query("commit");
        return out;
      } catch (e) {
        await client.query("rollback").catch(() => undefined);
        // A connection that saw damaged data is not reused.
        drop = damaged(e);
        throw e;
      } finally {
        client.release(drop);
        releaseSlot?.();
      }
    },
    async withLock(key, fn) {
      // One connection holds the lock for the whole of `fn`; `fn` itself uses the pool.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [key]);
        try {
          return await fn();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [key]).catch(() => undefined);
        }
      } finally {
        client.release();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    async close() {
      await pool.end();
    },
  };
}
