/**
 * One interface over the two databases the server can use: embedded PGlite (default) and any
 * PostgreSQL through `pg` (DATABASE_URL). PGlite runs one statement at a time, so every use goes
 * through a FIFO queue; `pg` uses a pool.
 */
import { mkdirSync } from "node:fs";

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `fn` inside BEGIN … COMMIT (ROLLBACK when it throws). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A PostgreSQL error as both drivers report it. */
export interface PgError extends Error {
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
  run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#tail.then(fn, fn);
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
  const pg = await PGlite.create({
    dataDir: dir,
    postgresqlconf: [`shared_buffers=${sharedBuffers}`, "maintenance_work_mem=16MB", "wal_buffers=1MB"],
  });
  const queue = new Queue();
  let closed = false;

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
  const direct = wrap(pg as never);

  return {
    kind: "pglite",
    query: (sql, params) => queue.run(() => direct.query(sql, params)),
    exec: (sql) => queue.run(() => direct.exec(sql)),
    transaction: (fn) =>
      queue.run(async () => {
        if (closed) throw new Error("database is closed");
        return pg.transaction(async (tx) => fn(wrap(tx as never)));
      }),
    async close() {
      if (closed) return;
      closed = true;
      await queue.run(async () => {
        await pg.close();
      });
    },
  };
}

export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Database> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
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

  return {
    kind: "postgres",
    ...wrap(pool as never),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const out = await fn(wrap(client as never));
        await client.query("commit");
        return out;
      } catch (e) {
        await client.query("rollback").catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
