/**
 * For the unit tests beside the handlers: a request injected into an Express app (no socket), a
 * database that answers from a script, and a clock the test moves.
 */
import express, { type Router } from "express";
import inject from "light-my-request";
import type { Database, QueryResult, Queryable } from "../db/database.ts";
import { isolateExpressPrototypes } from "../site/in-process-fetch.ts";

interface Injected {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: unknown;
}

/** An app with `router` mounted at `prefix`, and a way to send it one request. */
export function harness(prefix: string, router: Router | express.RequestHandler, before: express.RequestHandler[] = []) {
  const app = express();
  isolateExpressPrototypes(app);
  app.use(prefix, ...before, router);
  return async (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    opts: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<Injected> => {
    const payload =
      opts.body === undefined
        ? undefined
        : typeof opts.body === "string" || Buffer.isBuffer(opts.body)
          ? opts.body
          : JSON.stringify(opts.body);
    const res = await inject(app, {
      method,
      url,
      headers: { "content-type": "application/json", ...opts.headers },
      payload,
      remoteAddress: "203.0.113.7",
    });
    let body: unknown = res.payload;
    try {
      body = res.payload ? JSON.parse(res.payload) : null;
    } catch {
      // not JSON: the text
    }
    return { status: res.statusCode, headers: res.headers, body };
  };
}

/** What a scripted database was asked. */
export interface Asked {
  sql: string;
  params: unknown[];
}

/**
 * A database whose every query is answered by `answer` (rows, or a thrown error); transactions run
 * on the same script. `asked` records each statement.
 */
export function scriptedDb(answer: (sql: string, params: unknown[]) => unknown[] = () => []) {
  const asked: Asked[] = [];
  const q: Queryable = {
    async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
      asked.push({ sql, params });
      const rows = answer(sql, params);
      return { rows: rows.map((r) => r as R), rowCount: rows.length };
    },
    async exec() {},
  };
  const db: Database = { ...q, kind: "pglite", transaction: (fn) => fn(q), close: async () => {} };
  return { db, asked };
}

/** A clock that stands still until moved. */
export function manualClock(start = Date.UTC(2026, 0, 15, 12)) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}
